import Testing
import Timeline

/// The README's quick start, as written, with its comments checked.
@Suite("README quick start")
struct ReadmeTests {
    struct Card: Sendable {
        var scale = 1.0
        var alpha = 0.0
    }

    @Test func quickStartRunsAsWritten() throws {
        let scale = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0.3),
            Keyframe(time: 0.5, value: 1.0),
            Keyframe(time: 1.5, value: 1.2, .cubic),
            Keyframe(time: 2.0, value: 0.0, .hold),
        ])
        #expect(abs(scale.value(at: 0.25) - 0.65) < 1e-12)

        let fadeIn = Clip(try Track<Double>(startingAt: 0, segments: [TrackSegment(to: 1, duration: 0.35)]), \Card.alpha)
        let grow = Clip(scale, \Card.scale)
        let clip = Clip.sequence([grow, fadeIn])
        let card = clip.value(at: 2.1, from: Card())
        #expect(card.scale == 0)
        #expect(abs(card.alpha - 0.1 / 0.35) < 1e-12)

        let clock = ManualClock(frameRate: .fps60)
        let animator = try Animator(duration: 0.5, initialValue: Card(), clock: clock)
        try animator.addAnimation(\.alpha, to: 1)
        let completions = Inbox<Completion>()
        animator.addCompletion { completion in completions.append(completion) }
        try animator.start()
        clock.advanceFrames(30)
        #expect(completions.all.map(\.description) == ["finished at end"])
        #expect(animator.state.value.alpha == 1)
    }
}
