import Testing
import Timeline
import TimelinePlugins
import CadenceTestSupport

/// The examples of `Docs/Benchmarks.md` ("The fast path"), compiled and checked.
@Suite("Benchmarks guide examples")
struct BenchmarksGuideTests {
    @Test("the fast path example plays, seeks and splits across cores with the same bits")
    func fastPathExample() throws {
        var random = SeededGenerator(seed: 21)
        let tracks = try (0..<2_000).map { _ in
            try Track<Double>(keyframes: [
                Keyframe(time: Double.random(in: 0...2, using: &random), value: Double.random(in: -1...1, using: &random)),
                Keyframe(time: 3, value: Double.random(in: -1...1, using: &random), .timing(.easeInOut)),
                Keyframe(time: 5, value: Double.random(in: -1...1, using: &random), .spring(try Spring(response: 0.4, dampingRatio: 0.7))),
            ])
        }

        let bank = try ScalarTrackBank(tracks)
        var playhead = bank.makePlayhead()
        var values = [Double](repeating: 0, count: bank.trackCount)
        for frame in 0...600 {
            playhead.evaluate(frame: frame, rate: .fps60, into: &values)
        }
        #expect(values == tracks.map { $0.finalValue })  // frame 600 is after every track's end
        bank.evaluate(at: 2.5, into: &values)
        var everyCore: [Double] = []
        bank.evaluate(at: 2.5, into: &everyCore, concurrently: true)
        #expect(values.elementsEqual(everyCore) { $0.bitPattern == $1.bitPattern })
        for (index, track) in tracks.enumerated() {
            #expect(abs(values[index] - track.value(at: 2.5)) <= 2e-9)
        }
        #expect(bank.curveTables.count == 1)
        #expect(bank.transitionTableCount == 1)
    }
}
