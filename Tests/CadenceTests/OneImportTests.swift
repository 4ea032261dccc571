import Cadence
import Testing

// App code imports one module. This file imports `Cadence` alone and uses a piece of each part:
// if the umbrella stopped re-exporting one, it would not compile.

private struct Card: Sendable {
    var scale = 1.0
    var alpha = 0.0
}

@Suite("One import")
struct OneImportTests {
    @Test func timelinePluginsAndHostThroughOneImport() throws {
        let clock = ManualClock(frameRate: .fps60)
        let animator = try Animator(duration: 1, timing: .easeInOut, initialValue: Card(), clock: clock)   // Plugins' curve
        try animator.addAnimation(\.alpha, to: 1)
        try animator.start()
        clock.advanceFrames(30)
        // CSS ease-in-out at 0.5 is 0.5 by symmetry.
        #expect(abs(animator.state.value.alpha - 0.5) < 1e-9)
        let document = try TimelineDocument(parsing: #"{"cadence": 1, "tracks": [{"name": "a", "keyframes": [{"time": 0, "value": 0}, {"time": 1, "value": 2}]}]}"#)
        #expect(document.frameRate == .fps60)   // Host's document
    }
}
