import Foundation
import Synchronization
import Testing
import Timeline
import TimelinePlugins

// The animators of a clock run as one batch. These tests compare the batch with the definition of
// an animator, computed here by hand: position from start, pauses, reversals and speed; progress
// eased by the exact cubic Bézier (bisection in double-double, `EasingReference.swift`); value
// `from × (1 − p) + to × p`.

private struct Sprite: Sendable, Equatable {
    var x = 0.0
    var y = 0.0
}

/// A state that holds a reference, so the batch writes it through the whole-state path.
private struct Labelled: Sendable {
    var x = 0.0
    var name = "sprite"
}

private final class Counter: Sendable {
    private let values = Locked<[Sprite]>([])
    func append(_ sprite: Sprite) { values.withLock { $0.append(sprite) } }
    var all: [Sprite] { values.withLock { $0 } }
}

private final class Completions: Sendable {
    private let list = Locked<[Int: [Completion]]>([:])
    func record(_ index: Int, _ completion: Completion) { list.withLock { $0[index, default: []].append(completion) } }
    var all: [Int: [Completion]] { list.withLock { $0 } }
}

/// The hand model of one animator: where it is, which way it runs, whether it is paused.
private struct Model {
    let duration: Double
    let delayFactor: Double
    let from: Double
    let to: Double
    var position = 0.0
    var direction = 1.0
    var speed = 1.0
    var paused = false
    var done = false

    mutating func advance(by seconds: Double) {
        guard !paused, !done else { return }
        position = min(max(position + seconds * direction * speed, 0), duration)
        if (direction > 0 && position >= duration - 1e-9) || (direction < 0 && position <= 1e-9) {
            position = direction > 0 ? duration : 0
            done = true
        }
    }

    func value(easing: ReferenceBezier) -> Double {
        let fraction = position / duration
        let local = fraction <= delayFactor ? 0 : min((fraction - delayFactor) / (1 - delayFactor), 1)
        let progress = easing.value(at: local)
        return from * (1 - progress) + to * progress
    }
}

@Suite("Animators as one batch")
struct AnimatorBatchTests {
    /// CSS `ease-in-out`: cubic-bezier(0.42, 0, 0.58, 1).
    let easeInOut = ReferenceBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    @Test func everyAnimatorFollowsItsDefinitionThroughPausesReversalsAndSpeedChanges() throws {
        let clock = ManualClock(frameRate: .fps60)
        let completions = Completions()
        var models: [Model] = []
        var animators: [Animator<Sprite>] = []
        for index in 0..<300 {
            let duration = 0.5 + Double(index % 7) * 0.25
            let delayFactor = Double(index % 5) * 0.1
            let from = Double(index)
            let animator = try Animator(
                duration: duration, timing: .easeInOut, initialValue: Sprite(x: from, y: -from), clock: clock)
            try animator.addAnimation(\.x, to: from + 100, delayFactor: delayFactor)
            animator.addCompletion { completions.record(index, $0) }
            try animator.start()
            animators.append(animator)
            models.append(Model(duration: duration, delayFactor: delayFactor, from: from, to: from + 100))
        }
        for frame in 1...150 {
            clock.advanceFrame()
            for index in models.indices { models[index].advance(by: 1.0 / 60) }
            // Commands between frames, on a third of the animators each.
            switch frame {
            case 24:
                for index in stride(from: 0, to: animators.count, by: 3) {
                    animators[index].reverse()
                    models[index].direction = -1
                }
            case 36:
                for index in stride(from: 1, to: animators.count, by: 3) where !models[index].done {
                    animators[index].pause()
                    models[index].paused = true
                }
            case 54:
                for index in stride(from: 1, to: animators.count, by: 3) where !models[index].done {
                    try animators[index].start()
                    models[index].paused = false
                }
            case 60:
                for index in stride(from: 2, to: animators.count, by: 3) where !models[index].done {
                    try animators[index].continueAnimation(reversed: false, speed: 2)
                    models[index].speed = 2
                }
            default: break
            }
            for index in animators.indices {
                let expected = models[index].value(easing: easeInOut)
                let actual = animators[index].state.value.x
                // The curve is read from its shared table: within 1e-9 of the exact curve in progress.
                #expect(abs(actual - expected) <= 100 * 1e-9 + 1e-12 * abs(expected), "animator \(index) at frame \(frame)")
                #expect(animators[index].state.value.y == -Double(index), "animator \(index) wrote only x")
                #expect(abs(animators[index].fractionComplete - models[index].position / models[index].duration) <= 1e-9)
            }
        }
        // Every animator ran to an end, and completed there exactly once.
        let recorded = completions.all
        for index in animators.indices {
            #expect(models[index].done, "the model of \(index) ended")
            let position: AnimatorPosition = models[index].direction > 0 ? .end : .start
            #expect(
                recorded[index] == [
                    Completion(finished: true, position: position, fractionComplete: position == .end ? 1 : 0)
                ], "animator \(index)")
        }
    }

    /// The batch reuses the fraction and eased progress of the animator before when its inputs
    /// are the same bits. Runs of animators that started together, with the same or a different
    /// curve, start fraction or duration next to each other, must each follow their own definition.
    @Test func animatorsStartedTogetherShareOnlyWhatTheyHaveInCommon() throws {
        let clock = ManualClock(frameRate: .fps60)
        let linear = ReferenceBezier(x1: 0, y1: 0, x2: 1, y2: 1)
        var models: [(model: Model, easing: ReferenceBezier)] = []
        var animators: [Animator<Sprite>] = []
        for index in 0..<120 {
            // Blocks of four alike, then a change of curve, start fraction or duration.
            let block = index / 4
            let eased = block % 3 != 1
            let delayFactor = block % 4 == 2 ? 0.3 : 0
            let duration = block % 5 == 4 ? 1.5 : 1
            let animator = try Animator(
                duration: duration, timing: eased ? .easeInOut : .linear, initialValue: Sprite(x: 0, y: 0), clock: clock)
            try animator.addAnimation(\.x, to: Double(index + 1), delayFactor: delayFactor)
            try animator.addAnimation(\.y, to: -Double(index + 1))
            try animator.start()
            animators.append(animator)
            models.append((Model(duration: duration, delayFactor: delayFactor, from: 0, to: Double(index + 1)), eased ? easeInOut : linear))
        }
        for frame in 1...95 {
            clock.advanceFrame()
            for index in models.indices { models[index].model.advance(by: 1.0 / 60) }
            for index in animators.indices {
                let expected = models[index].model.value(easing: models[index].easing)
                var plain = models[index].model
                plain = Model(duration: plain.duration, delayFactor: 0, from: 0, to: -Double(index + 1), position: plain.position)
                let value = animators[index].state.value
                #expect(abs(value.x - expected) <= 200 * 1e-9, "animator \(index) x at frame \(frame)")
                #expect(abs(value.y - plain.value(easing: models[index].easing)) <= 200 * 1e-9, "animator \(index) y at frame \(frame)")
            }
        }
    }

    @Test func aSpringEasedAnimatorFollowsTheAnalyticSpringFrameByFrame() throws {
        // A spring's curve has no table (it jumps to 1 where it settles), so the batch's loop
        // calls it, once for the animations that start together. The reference is the closed
        // form of a damped oscillator from rest, by hand: 1 − e^(−ζω₀τ) (cos ω_d τ + ζω₀/ω_d sin ω_d τ).
        let timing = try SpringTiming(dampingRatio: 0.7, duration: 1)
        let spring = timing.spring
        let omega0 = (spring.stiffness / spring.mass).squareRoot()
        let zeta = spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot())
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        func eased(_ p: Double) -> Double {
            let tau = p * timing.duration
            return 1 - exp(-zeta * omega0 * tau) * (cos(omegaD * tau) + zeta * omega0 / omegaD * sin(omegaD * tau))
        }
        let clock = ManualClock(frameRate: .fps60)
        let state = AnimatedState(Sprite(x: 0, y: 10))
        let animator = try Animator(duration: 1, timing: TimingCurve(timing), state: state, clock: clock)
        try animator.addAnimation(\.x, to: 100)
        try animator.addAnimation(\.y, to: -30, delayFactor: 0.25)
        try animator.start()
        for frame in 1..<60 {
            clock.advanceFrame()
            let p = Double(frame) / 60
            let x = 100 * eased(p)
            let y = 10 + (-40) * (p <= 0.25 ? 0 : eased((p - 0.25) / 0.75))
            let sprite = state.value
            #expect(abs(sprite.x - x) <= 1e-12 * 100, "frame \(frame): x \(sprite.x), expected \(x)")
            #expect(abs(sprite.y - y) <= 1e-12 * 40, "frame \(frame): y \(sprite.y), expected \(y)")
        }
        clock.advanceFrame()
        #expect(state.value == Sprite(x: 100, y: -30))
        #expect(animator.completion?.finished == true)
    }

    @Test func twoAnimatorsOnOneStatePublishOnceAFrameWithBothWritten() throws {
        let clock = ManualClock(frameRate: .fps60)
        let state = AnimatedState(Sprite())
        let horizontal = try Animator(duration: 1, state: state, clock: clock)
        let vertical = try Animator(duration: 1, state: state, clock: clock)
        try horizontal.addAnimation(\.x, to: 60)
        try vertical.addAnimation(\.y, to: 120)
        try horizontal.start()
        try vertical.start()
        let seen = Counter()
        let observation = state.values.observe { seen.append($0) }
        for _ in 1...10 { clock.advanceFrame() }
        withExtendedLifetime(observation) {}
        // The replay on subscribing, then one value per frame: frame n has x = n and y = 2n.
        let values = seen.all
        #expect(values.count == 11)
        for (frame, value) in values.enumerated() {
            #expect(abs(value.x - Double(frame)) < 1e-9 && abs(value.y - 2 * Double(frame)) < 1e-9, "frame \(frame): \(value)")
        }
    }

    @Test func aStateThatHoldsReferencesIsWrittenWhole() throws {
        let clock = ManualClock(frameRate: .fps60)
        let animator = try Animator(duration: 0.5, timing: .easeInOut, initialValue: Labelled(), clock: clock)
        try animator.addAnimation(\.x, to: 10)
        try animator.start()
        for frame in 1...30 {
            clock.advanceFrame()
            let expected = 10 * easeInOut.value(at: Double(frame) / 60 / 0.5)
            #expect(abs(animator.state.value.x - expected) <= 10 * 1e-9)
            #expect(animator.state.value.name == "sprite")
        }
        #expect(animator.completion == Completion(finished: true, position: .end, fractionComplete: 1))
    }

    @Test func readersOnOtherThreadsNeverSeeAHalfWrittenState() throws {
        let clock = ManualClock(frameRate: .fps120)
        let animator = try Animator(duration: 10_000, initialValue: Sprite(), clock: clock)
        try animator.addAnimation(\.x, to: 1e6)
        try animator.addAnimation(\.y, to: 1e6)
        try animator.start()
        let stop = Atomic(false)
        let torn = Atomic(0)
        let reads = Atomic(0)
        let state = animator.state
        let reader = Thread {
            while !stop.load(ordering: .acquiring) {
                let value = state.value
                if value.x != value.y { torn.add(1, ordering: .relaxed) }
                reads.add(1, ordering: .relaxed)
            }
        }
        reader.start()
        for _ in 0..<20_000 { clock.advanceFrame() }
        while reads.load(ordering: .relaxed) < 1_000 { Thread.sleep(forTimeInterval: 0.001) }
        stop.store(true, ordering: .releasing)
        #expect(torn.load(ordering: .relaxed) == 0)
        #expect(state.value.x > 0 && state.value.x == state.value.y)
    }

    @Test func releasingTheClockReleasesItsRunningAnimatorsWhichCompleteUnfinished() throws {
        let completions = Completions()
        do {
            let clock = ManualClock(frameRate: .fps60)
            let animator = try Animator(duration: 1, initialValue: Sprite(), clock: clock)
            try animator.addAnimation(\.x, to: 1)
            animator.addCompletion { completions.record(0, $0) }
            try animator.start()
            clock.advanceFrames(30)
            // Nobody holds the animator now but the clock; then nobody holds the clock.
        }
        #expect(completions.all[0] == [Completion(finished: false, position: .current, fractionComplete: 0.5)])
    }

    @Test func aRunningAnimatorNobodyHoldsRunsToItsEndWhileTheClockLives() throws {
        let clock = ManualClock(frameRate: .fps60)
        let completions = Completions()
        let state = AnimatedState(Sprite())
        do {
            let animator = try Animator(duration: 0.5, state: state, clock: clock)
            try animator.addAnimation(\.x, to: 1)
            animator.addCompletion { completions.record(0, $0) }
            try animator.start()
        }
        clock.advanceFrames(15)
        #expect(abs(state.value.x - 0.5) < 1e-9)
        clock.advanceFrames(15)
        #expect(state.value.x == 1)
        #expect(completions.all[0] == [Completion(finished: true, position: .end, fractionComplete: 1)])
    }

    @Test func aTransitionScrubPublishesEachStateOnceWithEveryAnimatorWritten() throws {
        let clock = ManualClock(frameRate: .fps60)
        let state = AnimatedState(Sprite())
        let horizontal = try Animator(duration: 1, state: state, clock: clock)
        let vertical = try Animator(duration: 0.5, state: state, clock: clock)
        try horizontal.addAnimation(\.x, to: 100)
        try vertical.addAnimation(\.y, to: 10)
        let transition = Transition()
        transition.add(horizontal)
        try transition.add(vertical, startingAfter: horizontal)
        let seen = Counter()
        let observation = state.values.observe { seen.append($0) }
        // The transition is 1.5 s long: at 0.8 (1.2 s) the first animator is at its end, the
        // chained one 0.2 s (40 %) in.
        try transition.scrub(toFraction: 0.8)
        withExtendedLifetime(observation) {}
        #expect(seen.all.count == 2, "the replay, then one value for the scrub")
        let last = try #require(seen.all.last)
        #expect(last.x == 100 && abs(last.y - 4) < 1e-12, "\(last)")
        #expect(abs(transition.fractionComplete - 0.8) < 1e-12)
        try transition.scrub(toFraction: 0.3)   // 0.45 s: the chained animator back at its start
        #expect(abs(transition.fractionComplete - 0.3) < 1e-12)
        #expect(seen.all.count == 3)
    }

    @Test func frameRatesForFilmVideoAndDisplays() {
        #expect(FrameRate.fps24.framesPerSecond == 24)
        #expect(abs(FrameRate.fps29_97.framesPerSecond - 29.97002997002997) < 1e-12)
        #expect(abs(FrameRate.fps23_976.framesPerSecond - 23.976023976023978) < 1e-12)
        #expect([FrameRate.fps25, .fps30, .fps48, .fps50, .fps90, .fps144, .fps240].map(\.framesPerSecond) == [25, 30, 48, 50, 90, 144, 240])
    }
}
