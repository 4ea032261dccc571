import Timeline
import TimelinePlugins

/// Scenario 7: scenario 1's forward playback at the largest N on one core and on every core, with
/// the outputs compared bit for bit.
enum MultiCoreScenario {
    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] {
        let count = configuration.largestTrackCount
        let frames = configuration.frames
        let serialName = "multicore/one-core/\(count)"
        return [
            playback(serialName, count: count, frames: frames, concurrently: false, target: nil),
            playback(
                "multicore/all-cores/\(count)", count: count, frames: frames, concurrently: true,
                target: .speedUp(atLeast: 1.7, over: serialName)),
        ]
    }

    static func playback(
        _ name: String, count: Int, frames: Int, concurrently: Bool, target: BenchmarkCase.Target?
    ) -> BenchmarkCase {
        BenchmarkCase(
            scenario: 7, name: name, valuesPerRepetition: count * frames, framesPerRepetition: frames,
            target: target
        ) {
            let bank = try ScalarTrackBank(TrackFactory.scalarTracks(count, seed: 1) { _ in .timing(.easeInOut) })
            var playhead = bank.makePlayhead()
            let output = TrackFactory.output(for: bank)
            return Repetition(
                run: {
                    for frame in 0..<frames {
                        try playhead.evaluate(frame: frame, rate: .fps60, into: output, concurrently: concurrently)
                        blackHole(output)
                    }
                },
                check: { concurrently ? compare(bank, frames: frames) : nil })
        }
    }

    /// Plays every frame on one core and on all cores and compares every value's bits.
    static func compare(_ bank: ScalarTrackBank, frames: Int) -> String {
        var serial = bank.makePlayhead()
        var concurrent = bank.makePlayhead()
        var one: [Double] = []
        var all: [Double] = []
        for frame in stride(from: 0, to: frames, by: 1) {
            serial.evaluate(frame: frame, rate: .fps60, into: &one)
            concurrent.evaluate(frame: frame, rate: .fps60, into: &all, concurrently: true)
            if !one.elementsEqual(all, by: { $0.bitPattern == $1.bitPattern }) {
                return "OUTPUT DIFFERS at frame \(frame)"
            }
        }
        return "output identical to one core at all \(frames) frames"
    }
}
