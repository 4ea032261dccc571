@testable import CadenceCommandLine
import CadenceCommandHarness
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceHostCore

/// `cadence soak`: a short run delivers every completion exactly once, and bad options are errors.
@Suite("The soak command")
struct SoakCommandTests {
    @Test func aShortSoakCompletesEveryAnimatorOnce() throws {
        // 36 simulated seconds at 120 fps: 4,320 frames, an animator every 30 frames: 144.
        let result = cadence("soak", "--hours", "0.01")
        #expect(result.status == 0 && result.err.isEmpty)
        let lines = result.out.split(separator: "\n")
        #expect(lines.first?.hasPrefix("soak: 0.01 h at 120 fps: 4320 frames in ") == true)
        #expect(lines.contains { $0.hasPrefix("animators: 144 started, 144 completions (") && $0.hasSuffix("0 repeated, 0 not exactly once") })
    }

    @Test func theSourceCountsEachCompletionOnce() throws {
        var source = SoakSource(duration: 10, frameRate: .fps60, warmUpFrame: 0)
        var sink = NullSink()
        try HostLoop.renderOffline(&source, frameRate: .fps60, frames: 0...599, to: &sink)
        source.windDown()
        // Frames 0, 30, …, 570: 20 animators, each completed exactly once, some cancelled early.
        #expect(source.created == 20)
        #expect(source.completions == 20 && source.duplicateCompletions == 0 && source.animatorsNotCompletedOnce == 0)
        #expect(source.finishedCompletions < 20)
    }

    @Test func badOptionsAreUsageErrors() {
        #expect(cadence("soak", "--hours", "0").status == 2)
        #expect(cadence("soak", "--hours", "1000").err.contains("'--hours' needs a number greater than 0 and at most 168, got 1000"))
        #expect(cadence("soak", "extra").status == 2)
    }
}
