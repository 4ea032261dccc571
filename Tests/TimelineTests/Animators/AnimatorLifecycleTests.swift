import Dispatch
import Testing
@testable import Timeline

/// A card whose `doubled` is a computed property: an animation of it cannot be stored at a byte
/// offset, so it runs through a closure, unlike one of `scale`.
private struct Gauge: Sendable, Equatable {
    var scale = 1.0
    var alpha = 0.0

    var doubled: Double {
        get { scale * 2 }
        set { scale = newValue / 2 }
    }
}

/// How an animator is made, added to, started and let go: what the lean paths of issue 23 changed
/// (numbers added before the start wait as entries, not closures; events of a command are not an
/// array; a state's emitter is made when first asked for).
@Suite("Animator lifecycle")
struct AnimatorLifecycleTests {
    @Test("animations added before the start keep their order: of a number and a closure on one property, the later wins")
    func numbersAndClosuresAddedBeforeTheStartKeepTheirOrder() throws {
        // Number first: at half-way the number writes 1 → 3 at 0.5 = 2, then the closure writes
        // doubled 2 → 10 at 0.5 = 6, that is scale 3.
        let clock = ManualClock()
        let numberFirst = try Animator(duration: 1, initialValue: Gauge(), clock: clock)
        try numberFirst.addAnimation(\.scale, to: 3)
        try numberFirst.addAnimation(\.doubled, to: 10)
        // Closure first: the closure writes scale 3, then the number 2.
        let closureFirst = try Animator(duration: 1, initialValue: Gauge(), clock: clock)
        try closureFirst.addAnimation(\.doubled, to: 10)
        try closureFirst.addAnimation(\.scale, to: 3)
        try numberFirst.start()
        try closureFirst.start()
        clock.advance(by: .milliseconds(500))
        #expect(close(numberFirst.state.value.scale, 3))
        #expect(close(closureFirst.state.value.scale, 2))
        clock.advance(by: .milliseconds(500))
        #expect(numberFirst.state.value.scale == 5)
        #expect(closureFirst.state.value.scale == 3)
    }

    @Test("a number added before the start begins from the value at the start, with its delay factor")
    func pendingNumbersReadTheirStartAtTheStart() throws {
        let clock = ManualClock()
        let animator = try Animator(duration: 2, initialValue: Gauge(), clock: clock)
        try animator.addAnimation(\.alpha, to: 1, delayFactor: 0.5)
        animator.state.update { $0.alpha = 0.6 }
        try animator.start()
        clock.advance(by: .milliseconds(1000))
        #expect(animator.state.value.alpha == 0.6)                 // not begun: its delay is 1 s
        clock.advance(by: .milliseconds(500))
        #expect(close(animator.state.value.alpha, 0.8))            // 0.6 → 1, half of its 1 s
    }

    @Test("finishing or cancelling an animator that never ran writes nothing and completes once")
    func finishingBeforeTheStartWritesNothing() throws {
        let clock = ManualClock()
        for finish in [true, false] {
            let animator = try Animator(duration: 1, initialValue: Gauge(scale: 4), clock: clock)
            try animator.addAnimation(\.scale, to: 9)
            try animator.addAnimation(\.doubled, to: 30)
            let completions = Inbox<Completion>()
            animator.addCompletion { completions.append($0) }
            if finish { animator.finish() } else { animator.cancel() }
            #expect(animator.state.value == Gauge(scale: 4))
            #expect(completions.all.count == 1)
            #expect(completions.all.first?.finished == finish)
            #expect(throws: AnimatorError.alreadyCompleted) { try animator.start() }
        }
    }

    @Test("a command's events arrive in order: reversed, then resumed, then completed")
    func eventsOfOneCommandArriveInOrder() throws {
        let clock = ManualClock()
        let animator = try Animator(duration: 1, initialValue: Gauge(), clock: clock)
        try animator.addAnimation(\.scale, to: 2)
        let events = Inbox<AnimatorEvent>()
        animator.addEventHandler { events.append($0) }
        try animator.start()
        clock.advance(by: .milliseconds(400))
        animator.pause()
        try animator.continueAnimation(reversed: true, speed: 2)
        clock.advance(by: .milliseconds(200))
        #expect(events.all == [
            .started, .paused, .reversed(true), .resumed,
            .completed(Completion(finished: true, position: .start, fractionComplete: 0)),
        ])
        #expect(animator.state.value.scale == 1)
    }

    @Test("a state's emitter is one object, made when first asked for, and replays the value then")
    func theEmitterIsMadeOnceWhenAskedFor() throws {
        let state = AnimatedState(Gauge())
        state.update { $0.scale = 7 }                              // no one observes: nothing to send
        let emitter = state.values
        #expect(emitter === state.values)
        let seen = Inbox<Double>()
        let observation = emitter.observe { seen.append($0.scale) }
        state.update { $0.scale = 8 }
        #expect(seen.all == [7, 8])
        observation.cancel()
    }

    @Test("curves equal in value share one table, whichever copy or construction looks it up")
    func equalCurvesShareOneTable() throws {
        struct Smooth: TimingFunction, Hashable {
            var power: Double
            func value(at x: Double) -> Double { x * x * (3 - 2 * x) * power + x * (1 - power) }
            func derivative(at x: Double) -> Double { 6 * x * (1 - x) * power + (1 - power) }
            var description: String { "smooth(\(power))" }
        }
        let first = TimingCurve(Smooth(power: 0.75))
        let second = TimingCurve(Smooth(power: 0.75))
        let other = TimingCurve(Smooth(power: 0.5))
        let table = try #require(first.sharedTable)
        #expect(second.sharedTable === table)
        #expect(first.sharedTable === table)                        // read from the curve now
        #expect(other.sharedTable !== table)
        // The table follows the curve: the smoothstep blend at 0.3 is 0.75 × 0.216 + 0.25 × 0.3.
        #expect(abs(TimingCurveTable.lookup(0.3, base: 0, pieces: table.pieces) { first } - 0.237) < 1e-9)
    }

    @Test("a start from rest writes its first frame wherever that frame differs from the state, and only there")
    func aStartFromRestWritesItsFirstFrameWhereItChangesTheState() throws {
        let clock = ManualClock(frameRate: .fps60)
        // A curve already a quarter of the way at 0 (as CSS steps(4, jump-start) is): the start
        // shows 1 + (3 - 1) × 0.25 at once, before any tick.
        let lifted = try Animator(duration: 1, timing: TimingCurve(LiftedTiming()), initialValue: Gauge(), clock: clock)
        try lifted.addAnimation(\.scale, to: 3)
        try lifted.start()
        #expect(lifted.state.value.scale == 1.5)
        // A curve at 0 at 0: the first frame is the state itself, and half-way is 1 + 2 × 0.5.
        let plain = try Animator(duration: 1, initialValue: Gauge(scale: -0.0, alpha: 0.25), clock: clock)
        try plain.addAnimation(\.scale, to: 2)
        try plain.addAnimation(\.alpha, to: 1, delayFactor: 0.5)
        try plain.start()
        #expect(plain.state.value == Gauge(scale: 0, alpha: 0.25))
        // Scrubbed before the start, an animator starts where the scrub left it: 40 % of the way.
        let scrubbed = try Animator(duration: 1, initialValue: Gauge(), clock: clock)
        try scrubbed.addAnimation(\.scale, to: 6)
        try scrubbed.scrub(toFraction: 0.4)
        try scrubbed.start()
        #expect(close(scrubbed.state.value.scale, 3))
        // Observed, a state hears of the start (its replay, then the start's frame).
        let watched = try Animator(duration: 1, initialValue: Gauge(), clock: clock)
        try watched.addAnimation(\.scale, to: 5)
        let seen = Locked<[Double]>([])
        let observation = watched.state.values.observe { gauge in seen.withLock { $0.append(gauge.scale) } }
        try watched.start()
        #expect(seen.withLock { $0 } == [1, 1])
        observation.cancel()
        clock.advance(by: .milliseconds(500))
        #expect(close(lifted.state.value.scale, 1 + 2 * (0.25 + 0.75 * 0.5)))
        #expect(plain.state.value == Gauge(scale: 1, alpha: 0.25))
        #expect(close(scrubbed.state.value.scale, 1 + 5 * 0.9))
    }

    @Test("an animator is freed once nothing keeps it: its clock while it runs, then whoever holds it")
    func animatorsAreFreedOnceNothingKeepsThem() throws {
        let clock = ManualClock()
        weak var finishes: Animator<Gauge>?
        weak var stops: Animator<Gauge>?
        weak var cancels: Animator<Gauge>?
        do {
            let running = try Animator(duration: 1, initialValue: Gauge(), clock: clock)
            try running.addAnimation(\.scale, to: 3)
            try running.start()
            finishes = running
            let stopped = try Animator(duration: 1, initialValue: Gauge(), clock: clock)
            try stopped.start()
            stopped.stop()
            stops = stopped
            let cancelled = try Animator(duration: 1, initialValue: Gauge(), clock: clock)
            try cancelled.start()
            cancels = cancelled
        }
        // Running, owned by no one: the clock keeps them; stopped, nothing does.
        #expect(finishes != nil && cancels != nil)
        #expect(stops == nil)
        clock.advance(to: .milliseconds(500))
        cancels?.cancel()
        #expect(cancels == nil)
        #expect(finishes != nil)
        clock.advance(to: .seconds(1))
        #expect(finishes == nil)

        // Held by the app: still there after it finishes, freed when the app lets go.
        var held: Animator<Gauge>? = try Animator(duration: 0.5, initialValue: Gauge(), clock: clock)
        weak let heldWeakly = held
        try held?.addAnimation(\.scale, to: 2)
        try held?.start()
        clock.advance(to: .seconds(2))
        #expect(heldWeakly?.state.value.scale == 2)
        held = nil
        #expect(heldWeakly == nil)

        // Running when its clock goes: completed where it was, and freed with the clock.
        weak var orphaned: Animator<Gauge>?
        let completions = Locked<[Bool]>([])
        do {
            let other = ManualClock()
            let running = try Animator(duration: 1, initialValue: Gauge(), clock: other)
            running.addCompletion { completion in completions.withLock { $0.append(completion.finished) } }
            try running.start()
            orphaned = running
        }
        #expect(orphaned == nil)
        #expect(completions.withLock { $0 } == [false])
    }

    @Test("an animator's own state is one object, and keeps the value, and what it holds, for as long as someone holds it")
    func anOwnStateOutlivesItsAnimatorWhileHeld() throws {
        let clock = ManualClock()
        weak var weakState: AnimatedState<Gauge>?
        var kept: AnimatedState<Gauge>?
        do {
            let animator = try Animator(duration: 1, initialValue: Gauge(scale: 1), clock: clock)
            try animator.addAnimation(\.scale, to: 3)
            try animator.start()
            clock.advance(by: .milliseconds(500))
            let state = animator.state
            #expect(animator.state === state)
            // Linear: 1 + 0.5 × 2.
            #expect(state.value.scale == 2)
            #expect(state.cell.isGroupOwned)
            clock.advance(by: .seconds(1))
            weakState = state
            kept = state
        }
        // The animator is gone; the state still holds the value.
        #expect(kept?.value.scale == 3)
        kept?.update { $0.alpha = 0.5 }
        #expect(kept?.value == Gauge(scale: 3, alpha: 0.5))
        kept = nil
        #expect(weakState == nil)

        // Read whole as words, a wide value is all there.
        struct Wide: Sendable, Equatable { var a = 1.0, b = 2.0, c = 3.0, d = 4.0, e = 5.0, f = 6.0, g = 7.0, h = 8.0 }
        let wide = try Animator(duration: 1, initialValue: Wide(), clock: clock)
        try wide.addAnimation(\.h, to: 16)
        try wide.start()
        clock.advance(by: .milliseconds(500))
        let read = wide.state.withUnsafeValuePointer { $0.load(as: Wide.self) }
        // Linear: 8 + 0.5 × 8.
        #expect(read == Wide(h: 12))
        #expect(wide.state.cell.wordCount == 8)

        // A value that holds references is freed with the last animator, and what it holds.
        final class Payload: Sendable {}
        struct Holder: Sendable { var amount = 0.0; var payload: Payload }
        weak var payload: Payload?
        do {
            let made = Payload()
            payload = made
            let animator = try Animator(duration: 1, initialValue: Holder(payload: made), clock: clock)
            try animator.addAnimation(\.amount, to: 4)
            try animator.start()
            clock.advance(by: .milliseconds(250))
        }
        #expect(payload != nil)  // the animator still runs: its clock keeps it
        clock.advance(by: .seconds(1))
        #expect(payload == nil)  // finished and freed, the value with it

        // A state given to an animator stays its maker's: freeing the animator frees nothing.
        let given = AnimatedState(Gauge(scale: 7))
        do {
            let animator = try Animator(duration: 1, state: given, clock: clock)
            #expect(animator.state === given)
        }
        #expect(given.value.scale == 7)
    }

    @Test("the byte offsets a clock's animators remember, by key path, always name the property animated")
    func rememberedOffsetsNameTheirProperty() throws {
        struct Ten: Sendable, Equatable {
            var values: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var a: Double { get { values.0 } set { values.0 = newValue } }
            static func == (lhs: Ten, rhs: Ten) -> Bool {
                withUnsafeBytes(of: lhs.values) { l in withUnsafeBytes(of: rhs.values) { r in l.elementsEqual(r) } }
            }
        }
        // Ten stored properties (more than the group remembers), a computed one, and a state of
        // another type whose first property is at the same offset: every animation must land on
        // its own property, in every round, whichever the group remembered.
        let stored: [any WritableKeyPath<Ten, Double> & Sendable] = [
            \.values.0, \.values.1, \.values.2, \.values.3, \.values.4, \.values.5, \.values.6, \.values.7, \.values.8, \.values.9,
        ]
        let clock = ManualClock()
        for round in 0..<3 {
            var animators: [Animator<Ten>] = []
            for (index, property) in stored.enumerated() {
                let animator = try Animator(duration: 1, initialValue: Ten(), clock: clock)
                try animator.addAnimation(property, to: Double(10 * (round + 1) + index))
                animators.append(animator)
            }
            let computed = try Animator(duration: 1, initialValue: Ten(), clock: clock)
            try computed.addAnimation(\.a, to: 8)
            let other = try Animator(duration: 1, initialValue: Gauge(scale: 1), clock: clock)
            try other.addAnimation(\.scale, to: 3)
            for animator in animators + [computed] { try animator.start() }
            try other.start()
            clock.advance(by: .milliseconds(500))
            for (index, animator) in animators.enumerated() {
                // Linear, halfway: only the property animated moved, to half its target.
                var expected = Ten()
                expected[keyPath: stored[index]] = Double(10 * (round + 1) + index) / 2
                #expect(animator.state.value == expected, "round \(round), property \(index)")
            }
            #expect(computed.state.value.a == 4)
            #expect(other.state.value.scale == 2)
            clock.advance(by: .seconds(1))
        }
    }

    @Test("one animator of ten numbers, six added before the start with delays and four while it runs, writes each")
    func oneAnimatorOfManyNumbersWritesEach() throws {
        struct Ten: Sendable {
            var values: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        }
        let properties: [any WritableKeyPath<Ten, Double> & Sendable] = [
            \.values.0, \.values.1, \.values.2, \.values.3, \.values.4, \.values.5, \.values.6, \.values.7, \.values.8, \.values.9,
        ]
        let clock = ManualClock()
        let animator = try Animator(duration: 1, initialValue: Ten(), clock: clock)
        for index in 0..<6 {
            try animator.addAnimation(properties[index], to: Double(10 * (index + 1)), delayFactor: 0.1 * Double(index))
        }
        try animator.start()
        clock.advance(to: .milliseconds(500))
        // Added halfway: over the remaining half, from 0.
        for index in 6..<10 { try animator.addAnimation(properties[index], to: Double(100 + index)) }
        clock.advance(to: .milliseconds(750))
        let value = animator.state.value
        for index in 0..<6 {
            // Linear: from 0 to 10 (i + 1) over [0.1 i, 1], at 0.75.
            let start = 0.1 * Double(index)
            let expected = Double(10 * (index + 1)) * (0.75 - start) / (1 - start)
            #expect(abs(value[keyPath: properties[index]] - expected) < 1e-9, "number \(index)")
        }
        for index in 6..<10 {
            #expect(abs(value[keyPath: properties[index]] - Double(100 + index) / 2) < 1e-9, "number \(index)")
        }
        clock.advance(to: .seconds(1))
        let last = animator.state.value
        for index in 0..<10 {
            #expect(last[keyPath: properties[index]] == Double(index < 6 ? 10 * (index + 1) : 100 + index), "number \(index)")
        }
    }

    @Test("a built-in clock keeps its animators' group itself, one for all, and lets it go with it")
    func builtInClocksKeepTheirGroup() throws {
        weak var released: AnimatorGroup?
        do {
            let clock = ManualClock()
            let first = try Animator(duration: 1, initialValue: Gauge(), clock: clock)
            let second = try Animator(duration: 1, initialValue: Gauge(), clock: clock)
            #expect(first.group === second.group)
            #expect(AnimatorGroup.existingGroup(for: clock) === first.group)
            #expect(!AnimatorGroupRegistry.isRegistered(clockIdentity: ObjectIdentifier(clock)))
            try first.addAnimation(\.scale, to: 3)
            try first.start()
            clock.advance(by: .milliseconds(500))
            #expect(close(first.state.value.scale, 2))
            released = first.group
            let wall = WallClock()
            let onWall = try Animator(duration: 1, initialValue: Gauge(), clock: wall)
            #expect(AnimatorGroup.existingGroup(for: wall) === onWall.group)
            #expect(onWall.group !== first.group)
        }
        // The clock, its animators and their group are gone together.
        #expect(released == nil)
    }

    @Test("each clip reports its own markers, among numbers and clips without any, added before or during the run")
    func eachClipReportsItsOwnMarkers() throws {
        struct Trio: Sendable { var a = 0.0, b = 0.0, c = 0.0 }
        let clock = ManualClock()
        let animator = try Animator(duration: 2, initialValue: Trio(), clock: clock)
        // Closure 0: a clip with no markers; then a number; then closure 1, whose label is at
        // half its 2 s: half the animator's 2 s.
        try animator.addAnimations(Clip(try Track<Double>(startingAt: 0, segments: [TrackSegment(to: 1, duration: 4)]), \Trio.a))
        try animator.addAnimation(\.b, to: 10)
        var second = Choreography<Trio>()
        try second.add(Clip(try Track<Double>(startingAt: 0, segments: [TrackSegment(to: 1, duration: 2)]), \Trio.b))
        try second.addLabel("second", at: .time(1))
        try animator.addAnimations(second.clip)
        let events = Inbox<AnimatorEvent>()
        animator.addEventHandler { events.append($0) }
        try animator.start()
        clock.advance(to: .milliseconds(900))
        #expect(events.all == [.started])
        clock.advance(to: .seconds(1))
        #expect(events.all == [.started, .marker("second")])
        // Added at 1 s: a 4 s clip over the remaining 1 s, its label at 3 s: at 1.75 s.
        var third = Choreography<Trio>()
        try third.add(Clip(try Track<Double>(startingAt: 0, segments: [TrackSegment(to: 1, duration: 4)]), \Trio.c))
        try third.addLabel("third", at: .time(3))
        try animator.addAnimations(third.clip)
        clock.advance(to: .milliseconds(1500))
        // Halfway through its window: clip time 2 of 4, so c = 0.5. The first clip, 4 s over the
        // animator's 2 s, is at clip time 3: a = 0.75.
        #expect(close(animator.state.value.c, 0.5))
        #expect(close(animator.state.value.a, 0.75))
        clock.advance(to: .milliseconds(1700))
        #expect(events.all == [.started, .marker("second")])
        clock.advance(to: .milliseconds(1800))
        #expect(events.all == [.started, .marker("second"), .marker("third")])
        clock.advance(to: .seconds(2))
        #expect(events.all == [
            .started, .marker("second"), .marker("third"),
            .completed(Completion(finished: true, position: .end, fractionComplete: 1)),
        ])
    }

    @Test("animators that finish in a tick are let go after it, once, tick after tick; one still held stays whole")
    func finishedAnimatorsAreLetGoOnceEachTick() throws {
        let clock = ManualClock()
        let completions = Locked<[Double]>([])
        var freed: [() -> Bool] = []
        let held = try Animator(duration: 0.25, initialValue: Gauge(), clock: clock)
        try held.addAnimation(\.scale, to: 5)
        try held.start()
        for duration in [0.5, 0.5, 1, 1.5] {
            let animator = try Animator(duration: duration, initialValue: Gauge(), clock: clock)
            try animator.addAnimation(\.scale, to: 2)
            animator.addCompletion { _ in completions.withLock { $0.append(duration) } }
            try animator.start()
            weak let weakly = animator
            freed.append { weakly == nil }
        }
        clock.advance(to: .milliseconds(250))
        #expect(held.completion?.finished == true)
        #expect(freed.map { $0() } == [false, false, false, false])
        clock.advance(to: .milliseconds(500))
        #expect(freed.map { $0() } == [true, true, false, false])
        clock.advance(to: .seconds(1))
        #expect(freed.map { $0() } == [true, true, true, false])
        clock.advance(to: .seconds(2))
        #expect(freed.map { $0() } == [true, true, true, true])
        #expect(completions.withLock { $0 } == [0.5, 0.5, 1, 1.5])
        // Released once when it finished, in the first tick: still the app's, with its value.
        #expect(held.state.value.scale == 5)
        #expect(held.completion == Completion(finished: true, position: .end, fractionComplete: 1))
    }
}

/// A timing curve that starts a quarter of the way: `0.25 + 0.75 x`.
private struct LiftedTiming: TimingFunction {
    func value(at x: Double) -> Double { 0.25 + 0.75 * x }
    func derivative(at x: Double) -> Double { 0.75 }
    var description: String { "lifted" }
}
