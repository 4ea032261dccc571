import Cadence
import Synchronization
import Testing

// The four programs of Docs/Apps.md, compiled and checked against numbers worked out by hand.
// Each drives a ManualClock where the app would tick a WallClock from its display link: the same
// animators, one frame per `advanceFrame()`.

private struct Overlay: Sendable {
    var alpha = 0.0
    var scale = 0.3
}

private struct Sheet: Sendable {
    var offset = 0.0
}

/// What a main-actor view model would hold.
@MainActor private final class OverlayModel {
    var alpha = 0.0
    var scale = 0.3
    var values: [Overlay] = []
    var isDone = false
    var completions: [Completion] = []
}

@Suite("App guide (Docs/Apps.md)")
struct AppGuideTests {
    /// (a) An overlay present: a fade over d/2 and a spring pop over d on one state, observed
    /// through the state's stream, one value per frame with both properties written.
    @Test func overlayPresentObservedThroughTheStream() throws {
        let clock = ManualClock(frameRate: .fps60)
        let state = AnimatedState(Overlay())
        let d = 0.4
        let fade = try Animator(duration: d / 2, timing: .easeInOut, state: state, clock: clock)
        try fade.addAnimation(\.alpha, to: 1)
        let spring = try SpringTiming(dampingRatio: 0.55, duration: d, relativeVelocity: 1 / 0.55)
        let pop = try Animator(duration: d, timing: .spring(spring), state: state, clock: clock)
        try pop.addAnimation(\.scale, to: 1)
        let transition = Transition()
        transition.add(fade)
        transition.add(pop)

        let seen = Mutex<[Overlay]>([])
        let observation = state.values.observe { overlay in seen.withLock { $0.append(overlay) } }
        try transition.start()
        clock.advanceFrames(6)
        // 6 frames = 0.1 s = half the fade: CSS ease-in-out is 0.5 there by symmetry.
        #expect(abs(state.value.alpha - 0.5) < 1e-9)
        clock.advanceFrames(24)   // 30 frames = 0.5 s: past d = 0.4 (24 frames)
        #expect(state.value.alpha == 1)
        #expect(state.value.scale == 1)
        #expect(transition.isSettled)
        let values = seen.withLock { $0 }
        // The current value on observing first. Starting may publish the unchanged state before
        // the first frame; after that, one value per frame while something moves (frames 1…24),
        // each with both animators' values: never a half-written frame.
        #expect(values.first?.alpha == 0 && values.first?.scale == 0.3)
        let frames = Array(values.drop { $0.alpha == 0 && $0.scale == 0.3 })
        #expect(frames.count == 24)
        #expect(abs(frames[5].alpha - 0.5) < 1e-9)      // frame 6
        #expect(frames[10].alpha < 1 && frames[11].alpha == 1)   // the fade ends at frame 12
        #expect(frames[22].scale != 1 && frames[23].scale == 1)  // the spring at frame 24
        #expect(frames.allSatisfy { $0.scale != 0.3 })  // both properties written in every frame
        observation.cancel()
    }

    /// (a), as an app receives it: values and the completion on the main actor.
    @Test @MainActor func overlayPresentOnTheMainActor() async throws {
        let clock = ManualClock(frameRate: .fps60)
        let state = AnimatedState(Overlay())
        let fade = try Animator(duration: 0.2, timing: .easeInOut, state: state, clock: clock)
        try fade.addAnimation(\.alpha, to: 1)
        let pop = try Animator(duration: 0.4, timing: .spring(try SpringTiming(dampingRatio: 0.55, duration: 0.4)), state: state, clock: clock)
        try pop.addAnimation(\.scale, to: 1)
        let transition = Transition()
        transition.add(fade)
        transition.add(pop)
        let model = OverlayModel()

        var observation: SignalObservation?
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            observation = state.values.observeOnMainActor(buffering: .unbounded) { overlay in
                model.alpha = overlay.alpha
                model.scale = overlay.scale
                model.values.append(overlay)
                if overlay.scale == 1, !model.isDone {
                    model.isDone = true
                    done.resume()
                }
            }
            transition.addCompletion(onMainActor: { completion in model.completions.append(completion) })
            try? transition.start()
            clock.advanceFrames(30)
        }
        #expect(model.alpha == 1)
        #expect(model.scale == 1)
        // The current value, (perhaps the unchanged state on starting,) then frames 1…24.
        #expect(model.values.drop { $0.alpha == 0 && $0.scale == 0.3 }.count == 24)
        while model.completions.isEmpty { await Task.yield() }
        #expect(model.completions == [Completion(finished: true, position: .end, fractionComplete: 1)])
        observation?.cancel()
    }

    /// (b) An interactive transition scrubbed to 40 % and finished with the gesture's velocity.
    @Test func interactiveScrubbedThenFinishedWithVelocity() throws {
        let clock = ManualClock(frameRate: .fps60)
        let slide = try Animator(duration: 0.5, initialValue: Sheet(), clock: clock)
        try slide.addAnimation(\.offset, to: 400)
        let transition = Transition()
        transition.add(slide)

        try transition.scrub(toFraction: 0.4)
        #expect(transition.fractionComplete == 0.4)
        #expect(abs(slide.state.value.offset - 160) < 1e-9)
        #expect(!transition.isRunning)

        // Released moving at 2 fractions per second (800 points per second over 400 points).
        let spring = try Spring(response: 0.3, dampingRatio: 1)
        let release = try SpringAnimation(spring: spring, from: transition.fractionComplete, to: 1.0, initialVelocity: 2.0)
        try transition.finishInteractive(following: release)
        #expect(transition.isRunning)
        // Critically damped, ω = 2π / 0.3: x(t) = (x0 + (v0 + ω·x0)·t)·e^(−ω·t) with x0 = −0.6,
        // v0 = 2, and the fraction is 1 + x(t).
        clock.advanceFrame()
        #expect(abs(slide.state.value.offset - 181.0304334882366) < 1e-6)
        clock.advanceFrame()
        #expect(abs(slide.state.value.offset - 210.50443169949577) < 1e-6)
        clock.advanceFrames(4)
        #expect(abs(slide.state.value.offset - 318.3975630885599) < 1e-6)

        // The guide's program: one frame, then 60 more, and the spring has settled.
        #expect(release.settlingDuration < 61.0 / 60)
        clock.advanceFrames(55)   // 61 frames since the release
        #expect(transition.isSettled)
        #expect(slide.state.value.offset == 400)
        #expect(transition.completion == Completion(finished: true, position: .end, fractionComplete: 1))
    }

    /// (c) `for await` over frames: a document rendered as an AsyncSequence.
    @Test func forAwaitOverFrames() async throws {
        let document = try TimelineDocument(parsing: #"""
            {"cadence": 1, "tracks": [{"name": "x", "keyframes": [{"time": 0, "value": 0}, {"time": 1, "value": 2}]}]}
            """#)
        var xs: [Double] = []
        for try await frame in try HostLoop.frames(of: document.makeSource(), frameRate: .fps25) {
            xs.append(frame.scalar("x") ?? .nan)
        }
        // Frames 0…25 of one second at 25 fps; x = 2·i/25.
        #expect(xs.count == 26)
        #expect(xs[0] == 0)
        #expect(abs(xs[10] - 0.8) < 1e-12)
        #expect(xs[25] == 2)
    }

    /// (c) `for await` over an animator's values; the loop body ticks the clock, as a display
    /// link would between two frames.
    @Test func forAwaitOverValues() async throws {
        let clock = ManualClock(frameRate: .fps60)
        let animator = try Animator(duration: 0.5, initialValue: Overlay(), clock: clock)
        try animator.addAnimation(\.alpha, to: 1)
        try animator.start()
        var alphas: [Double] = []
        for await overlay in animator.values {
            alphas.append(overlay.alpha)
            if overlay.alpha == 1 { break }
            clock.advanceFrame()
        }
        // The value before the first frame, then frame n at n/30 (0.5 s = 30 frames, linear).
        #expect(alphas.count == 31)
        #expect(alphas[0] == 0)
        #expect(abs(alphas[15] - 0.5) < 1e-12)
        #expect(alphas[30] == 1)
    }

    /// (d) Two animators in a transition: each animator completes once, the transition once.
    @Test func twoAnimatorsOneGroupCompletion() throws {
        let clock = ManualClock(frameRate: .fps60)
        let state = AnimatedState(Overlay())
        let fade = try Animator(duration: 0.25, state: state, clock: clock)
        try fade.addAnimation(\.alpha, to: 1)
        let grow = try Animator(duration: 0.5, state: state, clock: clock)
        try grow.addAnimation(\.scale, to: 1)
        let transition = Transition()
        transition.add(fade)
        transition.add(grow)
        #expect(transition.duration == 0.5)

        let log = Mutex<[String]>([])
        fade.addCompletion { _ in log.withLock { $0.append("fade") } }
        grow.addCompletion { _ in log.withLock { $0.append("grow") } }
        transition.addCompletion { completion in log.withLock { $0.append("transition \(completion.finished)") } }
        try transition.start()
        clock.advanceFrames(15)   // 0.25 s: the fade ends, the transition goes on
        #expect(log.withLock { $0 } == ["fade"])
        #expect(abs(transition.fractionComplete - 0.5) < 1e-9)
        clock.advanceFrames(15)   // 0.5 s
        clock.advanceFrames(60)   // and a second more: nothing fires twice
        // Each once. (The transition's own handler on `grow` was added first, by `add`, so the
        // transition may complete before `grow`'s later handlers run.)
        let fired = log.withLock { $0 }
        #expect(fired.first == "fade")
        #expect(fired.sorted() == ["fade", "grow", "transition true"])
        #expect(state.value.alpha == 1 && state.value.scale == 1)
    }
}
