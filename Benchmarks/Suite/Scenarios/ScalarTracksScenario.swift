import Timeline
import TimelinePlugins

/// Scenario 1: N scalar tracks of 3 keyframes eased with `ease-in-out`, 600 frames of forward
/// playback, the same with random-access seeks, and the same with 2-D point and RGBA colour values.
enum ScalarTracksScenario {
    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] {
        var cases: [BenchmarkCase] = []
        let frames = configuration.frames
        for count in configuration.trackCounts {
            let atTarget = SuiteConfiguration.hasTargets(trackCount: count)
            let bank = { try ScalarTrackBank(TrackFactory.scalarTracks(count, seed: 1) { _ in .timing(.easeInOut) }) }
            cases.append(forward(
                "scalar/forward/\(count)", bank, frames: frames, lanes: count, target: atTarget ? 4 : nil,
                reportSize: count == configuration.largestTrackCount))
            cases.append(seeks("scalar/seek/\(count)", bank, frames: frames, lanes: count, target: atTarget ? 8 : nil))
            cases.append(randomAccess("scalar/random-access/\(count)", bank, frames: frames, lanes: count, target: atTarget ? 8 : nil))
            let points = { try ScalarTrackBank(componentsOf: TrackFactory.pointTracks(count, seed: 2, curve: .easeInOut)) }
            cases.append(forward("scalar/point-forward/\(count)", points, frames: frames, lanes: 2 * count, target: nil))
            cases.append(seeks("scalar/point-seek/\(count)", points, frames: frames, lanes: 2 * count, target: nil))
            let colours = { try ScalarTrackBank(componentsOf: TrackFactory.colourTracks(count, seed: 3, curve: .easeInOut)) }
            cases.append(forward("scalar/colour-forward/\(count)", colours, frames: frames, lanes: 4 * count, target: nil))
            cases.append(seeks("scalar/colour-seek/\(count)", colours, frames: frames, lanes: 4 * count, target: nil))
        }
        return cases
    }

    /// Frames `0 ..< frames` in order through a playhead (each repetition starts with one seek to 0).
    static func forward(
        _ name: String, _ makeBank: @escaping () throws -> ScalarTrackBank, frames: Int, lanes: Int,
        target: Double?, reportSize: Bool = false, scenario: Int = 1
    ) -> BenchmarkCase {
        BenchmarkCase(
            scenario: scenario, name: name, valuesPerRepetition: lanes * frames, framesPerRepetition: frames,
            target: target.map { .nanosecondsPerValue($0) }
        ) {
            let bank = try makeBank()
            var playhead = bank.makePlayhead()
            let output = TrackFactory.output(for: bank)
            return Repetition(
                run: {
                    for frame in 0..<frames {
                        try playhead.evaluate(frame: frame, rate: .fps60, into: output)
                        blackHole(output)
                    }
                },
                check: { reportSize ? sizeNote(bank) : nil })
        }
    }

    /// Frames `0 ..< frames` in a random order through a playhead: every frame is a seek.
    static func seeks(
        _ name: String, _ makeBank: @escaping () throws -> ScalarTrackBank, frames: Int, lanes: Int,
        target: Double?, scenario: Int = 1
    ) -> BenchmarkCase {
        BenchmarkCase(
            scenario: scenario, name: name, valuesPerRepetition: lanes * frames, framesPerRepetition: frames,
            target: target.map { .nanosecondsPerValue($0) }
        ) {
            let bank = try makeBank()
            var playhead = bank.makePlayhead()
            let output = TrackFactory.output(for: bank)
            let order = TrackFactory.shuffledFrames(frames, seed: 9)
            return Repetition(run: {
                for frame in order {
                    try playhead.evaluate(frame: frame, rate: .fps60, into: output)
                    blackHole(output)
                }
            })
        }
    }

    /// Random times through the bank itself (no playhead state): pure random access.
    static func randomAccess(
        _ name: String, _ makeBank: @escaping () throws -> ScalarTrackBank, frames: Int, lanes: Int,
        target: Double?, scenario: Int = 1
    ) -> BenchmarkCase {
        BenchmarkCase(
            scenario: scenario, name: name, valuesPerRepetition: lanes * frames, framesPerRepetition: frames,
            target: target.map { .nanosecondsPerValue($0) }
        ) {
            let bank = try makeBank()
            let output = TrackFactory.output(for: bank)
            let times = TrackFactory.shuffledFrames(frames, seed: 10).map { Double($0) / 60 }
            return Repetition(run: {
                for time in times {
                    try bank.evaluate(at: time, into: output)
                    blackHole(output)
                }
            })
        }
    }

    /// The compiled size per keyframe against the issue's 48-byte limit.
    static func sizeNote(_ bank: ScalarTrackBank) -> String {
        let perKeyframe = Double(bank.compiledByteCount) / Double(max(bank.keyframeCount, 1))
        return "compiled \(ReportWriter.fixed(perKeyframe, 1)) B/keyframe (<= 48: \(perKeyframe <= 48 ? "met" : "MISSED"))"
    }
}
