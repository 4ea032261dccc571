import Synchronization
import Testing
import Timeline

struct Card: Sendable, Equatable {
    var scale = 1.0
    var alpha = 0.0
}

private func makeAnimator(
    duration: Double = 1, timing: TimingCurve = .linear
) throws -> (ManualClock, AnimatedState<Card>, Animator<Card>) {
    let clock = ManualClock()
    let state = AnimatedState(Card())
    let animator = try Animator(duration: duration, timing: timing, state: state, clock: clock)
    return (clock, state, animator)
}

@Suite("Animator")
struct AnimatorTests {
    @Test func playsFromTheCurrentValueToTheTarget() throws {
        let (clock, state, animator) = try makeAnimator()
        try animator.addAnimation(\.scale, to: 3)
        let completions = Inbox<Completion>()
        animator.addCompletion { completions.append($0) }
        try animator.start()
        clock.advance(by: .milliseconds(250))
        #expect(close(state.value.scale, 1.5))
        clock.advance(to: .seconds(1))
        #expect(state.value.scale == 3)
        clock.advance(to: .seconds(2))
        #expect(completions.all == [Completion(finished: true, position: .end, fractionComplete: 1)])
    }

    @Test func delayFactorAndAnimationsAddedWhileRunning() throws {
        let (clock, state, animator) = try makeAnimator()
        try animator.addAnimation(\.alpha, to: 1, delayFactor: 0.5)
        try animator.start()
        clock.advance(to: .milliseconds(750))
        #expect(close(state.value.alpha, 0.5))

        let (clock2, state2, animator2) = try makeAnimator()
        try animator2.start()
        clock2.advance(to: .milliseconds(500))
        try animator2.addAnimation(\.scale, to: 2)   // from 1, over the remaining 0.5 s
        clock2.advance(to: .milliseconds(750))
        #expect(close(state2.value.scale, 1.5))
        clock2.advance(to: .seconds(1))
        #expect(state2.value.scale == 2)
    }

    @Test func startDelayPauseResumeAndScrub() throws {
        let (clock, state, animator) = try makeAnimator()
        try animator.addAnimation(\.scale, to: 3)
        try animator.start(afterDelay: 0.5)
        clock.advance(to: .milliseconds(250))
        #expect(state.value.scale == 1)
        clock.advance(to: .milliseconds(750))
        #expect(close(animator.fractionComplete, 0.25))
        animator.pause()
        clock.advance(to: .seconds(2))
        #expect(close(animator.fractionComplete, 0.25))
        try animator.start()
        clock.advance(to: .milliseconds(2250))
        #expect(close(animator.fractionComplete, 0.5))
        animator.pause()
        try animator.scrub(toFraction: 0.8)
        #expect(close(state.value.scale, 2.6))
        #expect(throws: AnimatorError.self) { try animator.scrub(toFraction: .nan) }
    }

    @Test func reverseInFlightReturnsToTheStart() throws {
        let (clock, state, animator) = try makeAnimator()
        try animator.addAnimation(\.scale, to: 3)
        let completions = Inbox<Completion>()
        animator.addCompletion { completions.append($0) }
        try animator.start()
        clock.advance(to: .milliseconds(500))
        animator.reverse()
        clock.advance(to: .milliseconds(750))
        #expect(close(animator.fractionComplete, 0.25))
        #expect(close(state.value.scale, 1.5))
        clock.advance(to: .seconds(1))
        #expect(state.value.scale == 1)
        #expect(completions.all == [Completion(finished: true, position: .start, fractionComplete: 0)])
    }

    /// The position of a running animator is its last frame's until a command moves it: a command
    /// between frames (here after a seek, which moves the clock without a tick) starts from where
    /// the clock is, and the next frame from the command's new line. Hand values, scale 1 → 3 over
    /// 1 s, linear.
    @Test func aCommandBetweenFramesStartsFromTheClocksTimeAndFramesFromItsLine() throws {
        let (clock, state, animator) = try makeAnimator()
        try animator.addAnimation(\.scale, to: 3)
        try animator.start()
        #expect(animator.fractionComplete == 0)
        clock.advance(to: .milliseconds(250))
        // The last frame, at 0.25 s.
        #expect(close(animator.fractionComplete, 0.25))
        #expect(close(state.value.scale, 1.5))
        clock.seek(to: .milliseconds(400))
        // Reversed at 0.4 s, where the line reached 0.4: no frame since, so 0.4 (not the new
        // line's value at the last frame's time, 0.55).
        animator.reverse()
        #expect(close(animator.fractionComplete, 0.4))
        #expect(close(state.value.scale, 1.5))
        // Back 0.1 s on the reversed line (`advance(to:)` would name a source time: the seek
        // moved clock time, not the source's).
        clock.advance(by: .milliseconds(100))
        #expect(close(animator.fractionComplete, 0.3))
        #expect(close(state.value.scale, 1.6))
        // Seeking back before the line's anchor and pausing: the line's position at 0.3 s,
        // 0.4 + 0.1 (behind the anchor, a reversed line is further from the start).
        clock.seek(to: .milliseconds(300))
        animator.pause()
        #expect(close(animator.fractionComplete, 0.5))
        #expect(close(state.value.scale, 1.6))
    }

    @Test(arguments: [
        (AnimatorPosition.start, 1.0, false), (.current, 2.0, false), (.end, 3.0, true),
    ])
    func cancelStopAndFinish(position: AnimatorPosition, scale: Double, finished: Bool) throws {
        let (clock, state, animator) = try makeAnimator()
        try animator.addAnimation(\.scale, to: 3)
        let completions = Inbox<Completion>()
        animator.addCompletion { completions.append($0) }
        try animator.start()
        clock.advance(to: .milliseconds(500))
        switch position {
        case .start: animator.cancel()
        case .current: animator.stop()
        case .end: animator.finish(at: .end)
        }
        animator.cancel()
        clock.advance(to: .seconds(3))
        #expect(close(state.value.scale, scale))
        #expect(completions.all.count == 1)
        #expect(completions.all.first?.finished == finished)
        #expect(completions.all.first?.position == position)
        #expect(throws: AnimatorError.alreadyCompleted) { try animator.start() }
        #expect(throws: AnimatorError.alreadyCompleted) { try animator.addAnimation(\.alpha, to: 1) }
    }

    @Test func timingCurveShapesProgress() throws {
        let (clock, state, animator) = try makeAnimator(timing: TimingCurve(QuadraticTiming()))
        try animator.addAnimation(\.scale, to: 3)
        try animator.start()
        clock.advance(to: .milliseconds(500))
        #expect(close(state.value.scale, 1.5))
    }

    @Test func releasedEarlyStillCompletesOnce() throws {
        let completions = Inbox<Completion>()
        do {
            let (_, _, animator) = try makeAnimator()
            animator.addCompletion { completions.append($0) }
        }
        #expect(completions.all.map(\.finished) == [false])
    }

    @Test func aRunningAnimatorLivesUntilItCompletesAPausedOneWithItsOwner() throws {
        let clock = ManualClock()
        let state = AnimatedState(Card())
        let completions = Inbox<Completion>()
        do {
            let running = try Animator(duration: 1, state: state, clock: clock)
            try running.addAnimation(\.scale, to: 3)
            running.addCompletion { completions.append($0) }
            try running.start()
        }
        clock.advance(to: .milliseconds(500))
        #expect(close(state.value.scale, 2))                 // still running, owned by no one
        clock.advance(to: .seconds(1))
        #expect(completions.all.map(\.finished) == [true])
        do {
            let paused = try Animator(duration: 1, state: state, clock: clock)
            paused.addCompletion { completions.append($0) }
            try paused.start()
            clock.advance(to: .milliseconds(1200))
            paused.pause()
        }
        // Released while paused: its completion fires, cancelled, where it was.
        #expect(completions.all.map(\.finished) == [true, false])
        #expect(completions.all.last?.position == .current)
    }

    @Test func completionCanStartTheNextAnimatorWithoutAFrameOfLag() throws {
        let clock = ManualClock()
        let state = AnimatedState(Card())
        let first = try Animator(duration: 0.5, state: state, clock: clock)
        let second = try Animator(duration: 1, state: state, clock: clock)
        try first.addAnimation(\.scale, to: 2)
        try second.addAnimation(\.alpha, to: 1)
        first.addCompletion { _ in try? second.start() }
        try first.start()
        clock.advance(to: .milliseconds(500))
        clock.advance(to: .milliseconds(750))
        #expect(close(second.fractionComplete, 0.25))
        #expect(close(state.value.alpha, 0.25))
    }

    @Test func clipsPlayOverTheDurationAndReportMarkers() throws {
        let (clock, state, animator) = try makeAnimator(duration: 2)
        var choreography = Choreography<Card>()
        try choreography.add(Clip(try Track<Double>(startingAt: 0, segments: [TrackSegment(to: 1, duration: 4)]), \Card.alpha))
        try choreography.addLabel("half", at: .time(2))
        try animator.addAnimations(choreography.clip)
        let events = Inbox<AnimatorEvent>()
        animator.addEventHandler { events.append($0) }
        try animator.start()
        clock.advance(to: .milliseconds(500))
        #expect(close(state.value.alpha, 0.25))
        clock.advance(to: .milliseconds(1500))
        animator.pause()
        try animator.start()
        clock.advance(to: .seconds(3))
        #expect(events.all == [
            .started, .marker("half"), .paused, .resumed,
            .completed(Completion(finished: true, position: .end, fractionComplete: 1)),
        ])
    }

    @Test("events reach observers that subscribe while the animator runs; unobserved ones complete alike")
    func eventsMadeOnFirstUse() throws {
        let (clock, state, observed) = try makeAnimator(duration: 1)
        let unobserved = try Animator(duration: 1, state: state, clock: clock)
        try unobserved.addAnimation(\.scale, to: 3)
        let completions = Inbox<Completion>()
        unobserved.addCompletion { completions.append($0) }
        try observed.start()
        try unobserved.start()
        clock.advance(to: .milliseconds(500))
        // Asked for halfway: it delivers from now on (an emitter's observers see what follows).
        let events = Inbox<AnimatorEvent>()
        let observation = observed.events.observe { events.append($0) }
        #expect(observed.events === observed.events)
        observed.pause()
        try observed.start()
        clock.advance(to: .seconds(2))
        #expect(events.all == [.paused, .resumed, .completed(Completion(finished: true, position: .end, fractionComplete: 1))])
        #expect(completions.all == [Completion(finished: true, position: .end, fractionComplete: 1)])
        #expect(state.value.scale == 3)
        withExtendedLifetime(observation) {}
    }

    @Test("a released clock's animator group leaves the registry with it (clocks of the app's own)")
    func releasedClocksLeaveTheRegistry() throws {
        var identities: [ObjectIdentifier] = []
        for _ in 0..<200 {
            let clock = ForwardingClock()
            let animator = try Animator(duration: 1, initialValue: Card(), clock: clock)
            try animator.addAnimation(\.alpha, to: 1)
            try animator.start()
            clock.advance(to: .milliseconds(100))
            identities.append(ObjectIdentifier(clock))
            #expect(AnimatorGroupRegistry.isRegistered(clockIdentity: ObjectIdentifier(clock)))
        }
        // Another test's new clock may reuse a released one's address: a few entries may remain.
        let remaining = identities.filter { AnimatorGroupRegistry.isRegistered(clockIdentity: $0) }.count
        #expect(remaining <= 5, "\(remaining) of 200 released clocks still registered")
    }

    /// Fraction complete moving linearly from `from` to `to` over `duration` seconds.
    struct Ramp: Motion {
        var from: Double, to: Double, duration: Double
        func value(at time: Double) -> Double { from + (to - from) * time / duration }
    }

    @Test func continueAnimationFollowsAMotionFromWhereItIs() throws {
        let (clock, state, animator) = try makeAnimator()
        try animator.addAnimation(\.scale, to: 3)
        let completions = Inbox<Completion>()
        animator.addCompletion { completions.append($0) }
        try animator.scrub(toFraction: 0.6)
        #expect(close(state.value.scale, 2.2))
        try animator.continueAnimation(following: Ramp(from: 0.6, to: 0, duration: 0.3), towards: .start)
        clock.advance(by: .milliseconds(150))
        #expect(close(animator.fractionComplete, 0.3))
        #expect(close(state.value.scale, 1.6))
        #expect(completions.all.isEmpty)
        clock.advance(by: .milliseconds(150))
        #expect(completions.all == [Completion(finished: true, position: .start, fractionComplete: 0)])
        #expect(state.value.scale == 1)
    }

    @Test func animationsAddedBeforeTheStartBeginFromTheValueAtActivation() throws {
        let (clock, state, animator) = try makeAnimator()
        try animator.addAnimation(\.scale, to: 3)
        state.update { $0.scale = 2 }                       // changed after adding, before running
        try animator.continueAnimation(reversed: false, speed: 2)
        clock.advance(by: .milliseconds(250))
        #expect(close(state.value.scale, 2.5))              // from 2, half-way at double speed
    }

    @Test func invalidArgumentsAreErrors() throws {
        let clock = ManualClock()
        #expect(throws: AnimatorError.invalidDuration(-1)) {
            try Animator(duration: -1, initialValue: Card(), clock: clock)
        }
        #expect(throws: AnimatorError.self) { try Animator(duration: .nan, initialValue: Card(), clock: clock) }
        let animator = try Animator(duration: 1, initialValue: Card(), clock: clock)
        #expect(throws: AnimatorError.invalidDelayFactor(1.5)) { try animator.addAnimation(\.scale, to: 2, delayFactor: 1.5) }
        #expect(throws: AnimatorError.invalidDelay(-1)) { try animator.start(afterDelay: -1) }
        #expect(throws: AnimatorError.invalidSpeed(0)) { try animator.continueAnimation(reversed: false, speed: 0) }
    }

    /// Three numbers, two starting together and one at half way: each is written as
    /// `from × (1 − p) + to × p` of its own linear progress, whichever step writes the frame (the
    /// batch's loop while running, the program's step when scrubbed, finished or of zero length).
    @Test func staggeredNumbersAreWrittenAlikeByEveryStep() throws {
        struct Three: Sendable { var a = 0.0, b = 0.0, c = 0.0 }
        func make(duration: Double) throws -> (ManualClock, AnimatedState<Three>, Animator<Three>) {
            let clock = ManualClock()
            let state = AnimatedState(Three())
            let animator = try Animator(duration: duration, timing: .linear, state: state, clock: clock)
            try animator.addAnimation(\.a, to: 10)
            try animator.addAnimation(\.b, to: 20)
            try animator.addAnimation(\.c, to: 4, delayFactor: 0.5)
            return (clock, state, animator)
        }
        func values(_ state: AnimatedState<Three>) -> [Double] { [state.value.a, state.value.b, state.value.c] }
        let (clock, state, animator) = try make(duration: 1)
        try animator.start()
        clock.advance(to: .milliseconds(250))
        #expect(values(state) == [2.5, 5, 0])
        clock.advance(to: .milliseconds(750))
        #expect(values(state) == [7.5, 15, 2])
        animator.pause()
        try animator.scrub(toFraction: 0.6)
        #expect(values(state).map { ($0 * 1e9).rounded() / 1e9 } == [6, 12, 0.8])
        animator.finish()
        #expect(values(state) == [10, 20, 4])
        let (_, instant, zero) = try make(duration: 0)
        try zero.start()
        #expect(values(instant) == [10, 20, 4])
        #expect(zero.completion?.finished == true)
    }

    @Test func zeroDurationCompletesAtOnce() throws {
        let (_, state, animator) = try makeAnimator(duration: 0)
        try animator.addAnimation(\.scale, to: 5)
        try animator.start()
        #expect(state.value.scale == 5)
        #expect(animator.completion?.finished == true)
    }
}

/// A clock of the app's own (not a built-in one), forwarding to a manual clock: its animators'
/// group is found through the registry.
final class ForwardingClock: FrameClock {
    private let inner = ManualClock()

    var now: Duration { inner.now }
    var lastTick: Tick? { inner.lastTick }
    var isPaused: Bool { inner.isPaused }
    var rate: Double { inner.rate }
    var ticks: Emitter<Tick, Never> { inner.ticks }
    func pause() { inner.pause() }
    func resume() { inner.resume() }
    func setRate(_ rate: Double) throws(ClockError) { try inner.setRate(rate) }
    func seek(to time: Duration) { inner.seek(to: time) }
    func addTickHandler(_ handler: @escaping @Sendable (Tick) -> Void) -> ClockRegistration {
        inner.addTickHandler(handler)
    }
    @discardableResult
    func advance(to time: Duration) -> Tick { inner.advance(to: time) }
}
