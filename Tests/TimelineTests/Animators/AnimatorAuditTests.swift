import Testing
import Timeline

private struct Point2: Sendable, Equatable {
    var x = 0.0
    var v = SIMD2<Double>(0, 0)
}

/// Regressions from the reliability audit of 2026-11-26 (issue 28, items 3 to 5).
@Suite("Animator lifecycle (audit)")
struct AnimatorAuditTests {
    @Test func anInteractiveTransitionSendsStartedOnceWhicheverPathStartsIt() throws {
        // Scrubbed, then finished; scrubbed, then cancelled; cancelled with no scrub; started.
        let starts: [(Transition) throws -> Void] = [
            { try $0.scrub(toFraction: 0.3); try $0.scrub(toFraction: 0.4); try $0.finishInteractive() },
            { try $0.scrub(toFraction: 0.3); try $0.cancelInteractive(speed: 2) },
            { try $0.cancelInteractive() },
            { try $0.finishInteractive(speed: 3) },
            { try $0.start(); try $0.scrub(toFraction: 0.5) },
        ]
        for (number, begin) in starts.enumerated() {
            let clock = ManualClock(frameRate: .fps60)
            let animator = try Animator(duration: 0.5, initialValue: Point2(), clock: clock)
            try animator.addAnimation(\.x, to: 10)
            let transition = Transition()
            transition.add(animator)
            let events = Inbox<AnimatorEvent>()
            let observation = transition.events.observe { events.append($0) }
            try begin(transition)
            clock.advanceFrames(120)
            withExtendedLifetime(observation) {}
            let started = events.all.filter { if case .started = $0 { true } else { false } }
            #expect(started.count == 1, "path \(number): \(events.all)")
            if case .started = events.all.first {} else { Issue.record("path \(number): started first, got \(events.all)") }
            if case .completed = events.all.last {} else { Issue.record("path \(number): completed last, got \(events.all)") }
        }
    }

    @Test func nonFiniteTargetsAreRefused() throws {
        let clock = ManualClock()
        let animator = try Animator(duration: 1, initialValue: Point2(), clock: clock)
        #expect(throws: AnimatorError.nonFiniteTarget("nan")) { try animator.addAnimation(\.x, to: .nan) }
        #expect(throws: AnimatorError.nonFiniteTarget("inf")) { try animator.addAnimation(\.x, to: .infinity) }
        #expect(throws: AnimatorError.self) { try animator.addAnimation(\.v, to: SIMD2(1, -.infinity)) }
        #expect(AnimatorError.nonFiniteTarget("nan").description.contains("finite"))
        // Finite targets, however large, are fine.
        try animator.addAnimation(\.x, to: 1e308)
        try animator.start()
        clock.advance(by: .seconds(2))
        #expect(animator.state.value.x == 1e308)
    }

    @Test func releasingTheClockCompletesTheAnimatorsTheAppHolds() throws {
        var clock: ManualClock? = ManualClock(frameRate: .fps60)
        let animator = try Animator(duration: 1, initialValue: Point2(), clock: clock!)
        try animator.addAnimation(\.x, to: 10)
        let delayed = try Animator(duration: 1, initialValue: Point2(), clock: clock!)
        try delayed.addAnimation(\.x, to: 10)
        let completions = Inbox<Completion>()
        animator.addCompletion { completions.append($0) }
        delayed.addCompletion { completions.append($0) }
        try animator.start()
        try delayed.start(afterDelay: 5)
        clock!.advanceFrames(30)
        let before = animator.state.value.x
        #expect(before > 4 && before < 6)
        clock = nil
        #expect(animator.isRunning == false)
        #expect(delayed.isRunning == false)
        #expect(completions.all.count == 2)
        #expect(animator.completion?.finished == false)
        #expect(animator.completion?.position == .current)
        #expect(abs((animator.completion?.fractionComplete ?? 0) - 0.5) < 1e-9)
        #expect(animator.state.value.x == before, "values stay where they were")
        // Exactly once: releasing the animator later calls nothing more.
        #expect(completions.all.count == 2)
    }
}

/// Out-of-range arguments saturate instead of trapping or hanging (issue 28, item 11).
@Suite("Out-of-range arguments (audit)")
struct OutOfRangeArgumentTests {
    @Test func aManualClockSaturatesAtItsLargestTime() {
        let clock = ManualClock()
        clock.advance(by: .seconds(1e20))
        clock.advance(by: .seconds(1e20))
        #expect(clock.now == ManualClock.maximumTime)
        clock.advance(to: .seconds(Int64.max) + .seconds(Int64.max))
        #expect(clock.now == ManualClock.maximumTime)
    }

    @Test func advanceFrameAfterAHugeAdvanceReturns() {
        let clock = ManualClock(frameRate: .fps60)
        clock.advance(by: .seconds(Int64.max))
        clock.advanceFrame()
        clock.advanceFrame()
        #expect(clock.now == ManualClock.maximumTime)
        // A day ahead still counts frames exactly: the first frame after it.
        let day = ManualClock(frameRate: .fps60)
        day.advance(by: .seconds(86_400))
        day.advanceFrame()
        #expect(day.now == .seconds(86_400) + FrameRate.fps60.time(ofFrame: 1))
    }

    @Test func frameTimesNeverTrap() throws {
        let rate = try #require(FrameRate(1, per: Int.max))
        #expect(rate.time(ofFrame: Int.max) == ManualClock.maximumTime)
        #expect(rate.time(ofFrame: -Int.max) == ManualClock.maximumTime * -1)
        // A product past one word, still representable: (2^62 × 3) / 2 = 3 × 2^61 s, exactly.
        let wide = try #require(FrameRate(2, per: 3))
        #expect(wide.time(ofFrame: 1 << 62) == .seconds(3 << 61))
        // Negative indices: truncated towards zero, -1 × 1 / 3 s.
        let third = try #require(FrameRate(3, per: 1))
        #expect(third.time(ofFrame: -1) == .zero - Duration(secondsComponent: 0, attosecondsComponent: 333_333_333_333_333_333))
    }

    @Test func valueArrivingAtAKeyframeWithoutASegmentIsClamped() throws {
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 2), Keyframe(time: 1, value: 5), Keyframe(time: 2, value: 7, .hold),
        ])
        #expect(track.valueArriving(atKeyframe: 0) == 2)
        #expect(track.valueArriving(atKeyframe: -3) == 2)
        #expect(track.valueArriving(atKeyframe: 1) == 5)
        #expect(track.valueArriving(atKeyframe: 2) == 5, "a hold arrives at the previous value")
        #expect(track.valueArriving(atKeyframe: 99) == 5)
    }
}
