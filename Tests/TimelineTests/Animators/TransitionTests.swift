import Testing
import Timeline

@Suite("Transition")
struct TransitionTests {
    @Test func completesWhenTheLongestAnimatorDoes() throws {
        let clock = ManualClock()
        let state = AnimatedState(Card())
        let long = try Animator(duration: 1, state: state, clock: clock)
        let short = try Animator(duration: 0.5, state: state, clock: clock)
        try long.addAnimation(\.scale, to: 2)
        try short.addAnimation(\.alpha, to: 1)
        let transition = Transition()
        transition.add(short)
        transition.add(long)
        #expect(transition.duration == 1)
        let completions = Inbox<(Double, Completion)>()
        transition.addCompletion { completions.append((clock.now.inSeconds, $0)) }
        try transition.start()
        clock.advance(to: .milliseconds(500))
        #expect(completions.all.isEmpty)
        clock.advance(to: .seconds(1))
        clock.advance(to: .seconds(2))
        #expect(completions.all.count == 1)
        #expect(completions.all.first?.0 == 1)
        #expect(completions.all.first?.1.finished == true)
        #expect(state.value == Card(scale: 2, alpha: 1))
    }

    @Test(arguments: [Transition.InFlightPolicy.runToEnd, .finishAtEnd, .stopWhereTheyAre])
    func inFlightAnimatorsFollowThePolicy(_ policy: Transition.InFlightPolicy) throws {
        // Overlay dismiss: the fade completes the transition at d = 1; the scale runs until 2d.
        let clock = ManualClock()
        let state = AnimatedState(Card(scale: 1, alpha: 1))
        let fade = try Animator(duration: 1, state: state, clock: clock)
        try fade.addAnimation(\.alpha, to: 0, delayFactor: 0.25)
        let scale = try Animator(duration: 2, state: state, clock: clock)
        try scale.addAnimation(\.scale, to: 0.3)
        let transition = Transition(inFlightPolicy: policy)
        transition.add(fade, completesTransition: true)
        transition.add(scale)
        let completedAt = Inbox<Double>()
        transition.addCompletion { _ in completedAt.append(clock.now.inSeconds) }
        try transition.start()
        clock.advance(to: .milliseconds(625))
        #expect(close(state.value.alpha, 0.5))       // (0.625 − 0.25) / 0.75 = 0.5
        clock.advance(to: .seconds(1))
        #expect(completedAt.all == [1])
        switch policy {
        case .runToEnd:
            #expect(close(state.value.scale, 1 - 0.7 * 0.5))
            #expect(scale.isRunning)
            clock.advance(to: .seconds(2))
            #expect(scale.completion?.finished == true)
        case .finishAtEnd:
            #expect(state.value.scale == 0.3)
            #expect(scale.completion?.finished == true)
        case .stopWhereTheyAre:
            #expect(close(state.value.scale, 1 - 0.7 * 0.5))
            #expect(scale.completion?.finished == false)
        }
    }

    /// A transition-wide scrub publishes a state its two animators write once, with both values
    /// (the batch queues the first animator of each state, and the transition keeps one per
    /// state); a tick publishes it once too.
    @Test
    func aStateTwoAnimatorsWriteIsPublishedOncePerScrubAndPerTick() throws {
        let clock = ManualClock()
        let state = AnimatedState(Card())
        let other = AnimatedState(Card())
        let a = try Animator(duration: 1, state: state, clock: clock)
        let b = try Animator(duration: 0.5, state: state, clock: clock)
        let c = try Animator(duration: 1, state: other, clock: clock)
        try a.addAnimation(\.scale, to: 3)
        try b.addAnimation(\.alpha, to: 1)
        try c.addAnimation(\.alpha, to: 1)
        let transition = Transition()
        transition.add(a)
        transition.add(b)
        transition.add(c)
        let seen = Inbox<Card>(), seenOther = Inbox<Card>()
        let observation = state.values.observe { seen.append($0) }
        let otherObservation = other.values.observe { seenOther.append($0) }
        defer { observation.cancel(); otherObservation.cancel() }
        try transition.scrub(toFraction: 0.4)
        // The replayed first value, then one publication with scale 1 + 2 × 0.4 and alpha 0.4 / 0.5.
        #expect(seen.all.count == 2)
        #expect(close(seen.all[1].scale, 1.8) && close(seen.all[1].alpha, 0.8))
        #expect(seenOther.all.count == 2)
        #expect(close(seenOther.all[1].alpha, 0.4))
        try transition.start()
        clock.advance(by: .milliseconds(100))
        #expect(seen.all.count == 4, "the start's publication, then the tick's")
        #expect(seenOther.all.count == 4)
    }

    @Test(arguments: [true, false])
    func interactiveScrubThenFinishOrCancel(cancel: Bool) throws {
        let clock = ManualClock()
        let state = AnimatedState(Card())
        let a = try Animator(duration: 1, state: state, clock: clock)
        let b = try Animator(duration: 0.5, state: state, clock: clock)
        try a.addAnimation(\.scale, to: 3)
        try b.addAnimation(\.alpha, to: 1)
        let transition = Transition()
        transition.add(a)
        transition.add(b)
        let completions = Inbox<Completion>()
        transition.addCompletion { completions.append($0) }
        try transition.scrub(toFraction: 0.4)
        #expect(close(state.value.scale, 1.8))
        #expect(close(state.value.alpha, 0.8))
        try transition.scrub(toFraction: 0.6)
        #expect(close(state.value.alpha, 1))
        if cancel {
            try transition.cancelInteractive(speed: 2)
            clock.advance(by: .milliseconds(150))      // a: 0.6 − 0.3 = 0.3
            #expect(close(state.value.scale, 1.6))
            clock.advance(by: .seconds(1))
            #expect(state.value == Card())
        } else {
            try transition.finishInteractive()
            clock.advance(by: .seconds(1))
            #expect(state.value == Card(scale: 3, alpha: 1))
        }
        #expect(completions.all.map(\.finished) == [!cancel])
    }

    @Test func chainedAnimatorsStartWhenTheirPredecessorEnds() throws {
        // Expanding view: expand 0.35 s, then fade 0.1 s; the transition lasts 0.45 s.
        let clock = ManualClock()
        let state = AnimatedState(Card())
        let expand = try Animator(duration: 0.35, state: state, clock: clock)
        let fade = try Animator(duration: 0.1, state: state, clock: clock)
        try expand.addAnimation(\.scale, to: 8)
        try fade.addAnimation(\.alpha, to: 1)
        let transition = Transition()
        transition.add(expand)
        try transition.add(fade, startingAfter: expand)
        #expect(abs(transition.duration - 0.45) < 1e-12)
        let completedAt = Inbox<Double>()
        transition.addCompletion { _ in completedAt.append(clock.now.inSeconds) }
        try transition.start()
        clock.advance(to: .milliseconds(300))
        #expect(state.value.alpha == 0)
        clock.advance(to: .milliseconds(350))
        #expect(state.value.scale == 8)
        clock.advance(to: .milliseconds(400))
        #expect(close(state.value.alpha, 0.5))
        #expect(completedAt.all.isEmpty)
        clock.advance(to: .milliseconds(450))
        #expect(completedAt.all == [0.45])

        let other = try Animator(duration: 1, initialValue: Card(), clock: clock)
        #expect(throws: AnimatorError.notInTransition) { try Transition().add(fade, startingAfter: other) }
    }

    @Test func cancellingAPredecessorCancelsTheChain() throws {
        let clock = ManualClock()
        let state = AnimatedState(Card())
        let first = try Animator(duration: 1, state: state, clock: clock)
        let second = try Animator(duration: 1, state: state, clock: clock)
        let transition = Transition()
        transition.add(first)
        try transition.add(second, startingAfter: first)
        let completions = Inbox<Completion>()
        transition.addCompletion { completions.append($0) }
        try transition.start()
        clock.advance(to: .milliseconds(500))
        first.cancel()
        #expect(completions.all.map(\.finished) == [false])
        #expect(second.completion?.finished == false)
    }
}
