import Timeline
import TimelinePlugins

/// Scenario 2: scenario 1 with spring segments (four springs shared by the tracks in turn), and
/// with the Penner `ease-out-back` curve.
///
/// In frame playback each spring value is its segment's state at the segment's first frame
/// (computed once per rate, in closed form) carried by the exact transition over the frames since:
/// one row of a per-spring table, played or sought alike. "closed-form" plays by time, so every
/// value is the closed form at that time (a transition table and a polynomial).
enum SpringTracksScenario {
    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] {
        var cases: [BenchmarkCase] = []
        let frames = configuration.frames
        let springs = TrackFactory.springs
        for count in configuration.trackCounts {
            let atTarget = SuiteConfiguration.hasTargets(trackCount: count)
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
            // Decay segments (a flick coasting, Docs/Gestures.md): the same path as springs, a
            // transition table per rate; reported beside the springs (target: at most twice their
            // cost per value).
            let decays = [try! DecaySegment(rate: Decay.normal), try! DecaySegment(rate: Decay.fast)]
            let decayBank = {
                try ScalarTrackBank(TrackFactory.scalarTracks(count, seed: 6) { .custom(decays[$0 % decays.count], startVelocity: Double($0 % 7) * 300 - 900) })
            }
            cases.append(ScalarTracksScenario.forward(
                "springs/decay-forward/\(count)", decayBank, frames: frames, lanes: count, target: nil, scenario: 2))
            cases.append(ScalarTracksScenario.seeks(
                "springs/decay-seek/\(count)", decayBank, frames: frames, lanes: count, target: nil, scenario: 2))
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
