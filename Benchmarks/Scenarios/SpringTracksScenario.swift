import Timeline
import TimelinePlugins

/// Scenario 2: scenario 1 with spring segments (four springs shared by the tracks in turn), and
/// with the Penner `ease-out-back` curve.
///
/// Springs play frame to frame by their exact one-frame transition, recomputed in closed form at
/// every eighth frame; a seek computes the closed form at the anchor frame before it and steps.
/// "closed-form" evaluates every frame in closed form (time playback, no stepping).
enum SpringTracksScenario {
    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] {
        var cases: [BenchmarkCase] = []
        let frames = configuration.frames
        let springs = TrackFactory.springs
        for count in configuration.trackCounts {
            let atTarget = count == configuration.largestTrackCount
            let springBank = {
                try ScalarTrackBank(TrackFactory.scalarTracks(count, seed: 4) { .spring(springs[$0 % springs.count]) })
            }
            cases.append(ScalarTracksScenario.forward(
                "springs/forward/\(count)", springBank, frames: frames, lanes: count,
                target: atTarget ? 4 : nil, scenario: 2))
            cases.append(ScalarTracksScenario.seeks(
                "springs/seek/\(count)", springBank, frames: frames, lanes: count,
                target: atTarget ? 10 : nil, scenario: 2))
            cases.append(closedForm(
                "springs/closed-form/\(count)", springBank, frames: frames, lanes: count,
                target: atTarget ? 10 : nil))
            let backBank = { try ScalarTrackBank(TrackFactory.scalarTracks(count, seed: 5) { _ in .timing(.easeOutBack) }) }
            cases.append(ScalarTracksScenario.forward(
                "springs/back-forward/\(count)", backBank, frames: frames, lanes: count,
                target: atTarget ? 4 : nil, scenario: 2))
            cases.append(ScalarTracksScenario.seeks(
                "springs/back-seek/\(count)", backBank, frames: frames, lanes: count,
                target: atTarget ? 8 : nil, scenario: 2))
        }
        return cases
    }

    /// Forward playback by time: every spring value in closed form (table and polynomial).
    static func closedForm(
        _ name: String, _ makeBank: @escaping () throws -> ScalarTrackBank, frames: Int, lanes: Int,
        target: Double?
    ) -> BenchmarkCase {
        BenchmarkCase(
            scenario: 2, name: name, valuesPerRepetition: lanes * frames, framesPerRepetition: frames,
            target: target.map { .nanosecondsPerValue($0) }
        ) {
            let bank = try makeBank()
            var playhead = bank.makePlayhead()
            let output = TrackFactory.output(for: bank)
            return Repetition(run: {
                for frame in 0..<frames {
                    try playhead.evaluate(at: FrameRate.fps60.seconds(ofFrame: frame), into: output)
                    blackHole(output)
                }
            })
        }
    }
}
