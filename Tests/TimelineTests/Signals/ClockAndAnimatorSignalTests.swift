import Testing
import Timeline

/// The clock, animators, transitions and playbacks publish through Cadence's signals.
@Suite("Signals of clocks, animators and playbacks")
struct ClockAndAnimatorSignalTests {
    @Test func ticksArriveAfterTheHandlersOfTheirTick() {
        let clock = ManualClock()
        let handled = Locked(0)
        let seen = Inbox<String>()
        let registration = clock.addTickHandler { _ in handled.withLock { $0 += 1 } }
        let observation = clock.ticks.observe { tick in seen.append("\(tick.index):\(handled.withLock { $0 })") }
        clock.tick()
        clock.advanceFrames(2)
        #expect(seen.all == ["0:1", "1:2", "2:3"])
        withExtendedLifetime((registration, observation)) {}
    }

    @Test func animatorEventsInOrderWithMarkersAndRepeats() throws {
        let clock = ManualClock()
        let animator = try Animator(duration: 3, initialValue: Card(), clock: clock)
        let ramp = try Track<Double>(startingAt: 0, segments: [TrackSegment(to: 1, duration: 1)])
        var choreography = Choreography<Card>()
        try choreography.add(try Clip(ramp, \Card.alpha, name: "fade").repeated(3))
        try choreography.addLabel("middle", at: .time(1.5))
        try animator.addAnimations(choreography.clip)
        let events = Inbox<AnimatorEvent>()
        let observation = animator.events.observe { events.append($0) }
        try animator.start()
        for step in 1...6 { clock.advance(to: .milliseconds(500 * step)) }
        #expect(events.all == [
            .started, .repeated("fade"), .marker("middle"), .repeated("fade"),
            .completed(Completion(finished: true, position: .end, fractionComplete: 1)),
        ])
        withExtendedLifetime(observation) {}
    }

    @Test func theAsyncBridgeDeliversAnimatorEventsUntilCompletion() async throws {
        let clock = ManualClock()
        let animator = try Animator(duration: 0.5, initialValue: Card(), clock: clock)
        let listener = Task {
            var seen: [AnimatorEvent] = []
            for await event in animator.events.values(buffering: .unbounded) {
                seen.append(event)
                if case .completed = event { break }
            }
            return seen
        }
        while animator.events.observerCount == 0 { await Task.yield() }
        try animator.start()
        animator.pause()
        try animator.start()
        clock.advance(to: .seconds(1))
        let seen = await listener.value
        #expect(seen == [.started, .paused, .resumed, .completed(Completion(finished: true, position: .end, fractionComplete: 1))])
        // Leaving the loop cancelled the subscription.
        for _ in 0..<100 where animator.events.observerCount > 0 { await Task.yield() }
        #expect(animator.events.observerCount == 0)
    }

    @Test func stateSampledOncePerTickSeesEveryAnimatorOfTheTick() throws {
        let clock = ManualClock()
        let state = AnimatedState(Card())
        let a = try Animator(duration: 1, state: state, clock: clock)
        let b = try Animator(duration: 1, state: state, clock: clock)
        try a.addAnimation(\.scale, to: 3)
        try b.addAnimation(\.alpha, to: 1)
        let frames = Inbox<Card>()
        let observation = state.values.sample(on: clock.ticks).observe { frames.append($0) }
        try a.start()
        try b.start()
        clock.advance(to: .milliseconds(500))
        clock.advance(to: .seconds(1))
        #expect(frames.all == [Card(scale: 2, alpha: 0.5), Card(scale: 3, alpha: 1)])
        withExtendedLifetime(observation) {}
    }

    /// A state's values may outlive the state (an app keeps the emitter): they keep the storage,
    /// and a later observer is replayed the last value written. A state whose values were never
    /// asked for frees its storage itself. (The sanitizers' runs check that nothing is freed
    /// twice or leaked.)
    @Test func stateValuesOutliveTheirState() throws {
        final class Box: Sendable { let number: Double; init(_ number: Double) { self.number = number } }
        struct Held: Sendable { var box = Box(1); var x = 0.0 }
        let clock = ManualClock()
        var plain: AnimatedState<Card>? = AnimatedState(Card())
        var held: AnimatedState<Held>? = AnimatedState(Held())
        let plainValues = plain!.values, heldValues = held!.values
        plain!.update { $0.alpha = 0.25 }
        held!.update { $0 = Held(box: Box(2), x: 3) }
        weak let weakPlain = plain, weakHeld = held
        plain = nil
        held = nil
        #expect(weakPlain == nil && weakHeld == nil)
        let alphas = Inbox<Double>(), boxes = Inbox<String>()
        let a = plainValues.observe { alphas.append($0.alpha) }
        let b = heldValues.observe { boxes.append("\($0.box.number) \($0.x)") }
        #expect(alphas.all == [0.25])
        #expect(boxes.all == ["2.0 3.0"])
        // Never observed: freed with the state, running or not.
        for _ in 0..<3 {
            let animator = try Animator(duration: 1, initialValue: Held(), clock: clock)
            try animator.addAnimation(\.x, to: 1)
            try animator.start()
            clock.advance(by: .milliseconds(500))
            #expect(animator.state.value.x == 0.5)
            animator.stop()
        }
        withExtendedLifetime((a, b)) {}
    }

    @Test func playbackPublishesValuesVelocitiesOnRequestAndItsEnd() throws {
        let clock = ManualClock(frameRate: FrameRate(4)!)
        let track = try Track<Double>(startingAt: 0, segments: [TrackSegment(to: 2, duration: 1)])
        let playback = Playback(track: track, clock: clock)
        let values = Inbox<Double>(), velocities = Inbox<Double>(), events = Inbox<AnimatorEvent>()
        let v = playback.values.observe { values.append($0) }
        let e = playback.events.observe { events.append($0) }
        clock.advanceFrame()
        let w = playback.velocities.observe { velocities.append($0) }
        clock.advanceFrames(4)
        #expect(values.all == [0, 0.5, 1, 1.5, 2])
        #expect(velocities.all == [2, 2, 0])              // only while observed; 0 at the end
        #expect(events.all == [.completed(Completion(finished: true, position: .end, fractionComplete: 1))])
        withExtendedLifetime((v, e, w)) {}
    }

    @Test("a playback steps in its clock's batch, after the animators: its observers see this tick's states")
    func playbackStepsAfterTheAnimatorsOfItsTick() throws {
        let clock = ManualClock()
        let track = try Track<Double>(startingAt: 0, segments: [TrackSegment(to: 1, duration: 1)])
        // Made before the animator starts: on a tick handler of its own it would run first.
        let playback = Playback(track: track, clock: clock)
        let animator = try Animator(duration: 1, initialValue: Card(), clock: clock)
        try animator.addAnimation(\.alpha, to: 10)
        try animator.start()
        let seen = Inbox<String>()
        let observation = playback.values.observe { value in seen.append("\(value) \(animator.state.value.alpha)") }
        clock.advance(by: .milliseconds(500))
        clock.advance(by: .milliseconds(250))
        #expect(seen.all == ["0.0 0.0", "0.5 5.0", "0.75 7.5"])
        // Released, the playback completes and the clock drops it.
        let events = Inbox<AnimatorEvent>()
        var released: Playback<Double>? = Playback(track: track, clock: clock)
        let ended = released!.events.observe { events.append($0) }
        released = nil
        clock.advance(by: .milliseconds(100))
        #expect(events.all == [.completed(Completion(finished: false, position: .current, fractionComplete: 0))])
        withExtendedLifetime((observation, ended, released)) {}
    }

    @Test func transitionsPublishTheirLifecycle() throws {
        let clock = ManualClock()
        let animator = try Animator(duration: 0.5, initialValue: Card(), clock: clock)
        let transition = Transition()
        transition.add(animator)
        let events = Inbox<AnimatorEvent>()
        let observation = transition.events.observe { events.append($0) }
        try transition.start()
        clock.advance(to: .seconds(1))
        #expect(events.all == [.started, .completed(Completion(finished: true, position: .end, fractionComplete: 1))])
        withExtendedLifetime(observation) {}
    }
}
