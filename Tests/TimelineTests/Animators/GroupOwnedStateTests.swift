import Dispatch
import Foundation
import Testing
@testable import Timeline

private struct Panel: Sendable, Equatable {
    var x = 0.0
    var y = 0.0
    var alpha = 1.0
}

/// A number whose scaling updates another state: code a group runs under its lock (an
/// `Animatable` type's interpolation) that writes a state of the same group.
private struct Level: Animatable {
    var amount: Double
    var touched: AnimatedState<Panel>?

    static var zero: Level { Level(amount: 0, touched: nil) }
    static func + (lhs: Level, rhs: Level) -> Level { Level(amount: lhs.amount + rhs.amount, touched: lhs.touched ?? rhs.touched) }
    static func - (lhs: Level, rhs: Level) -> Level { Level(amount: lhs.amount - rhs.amount, touched: lhs.touched ?? rhs.touched) }
    static func == (lhs: Level, rhs: Level) -> Bool { lhs.amount == rhs.amount }
    func scaled(by factor: Double) -> Level {
        // Not at the start (factor 0 for the target): only in a frame the clock runs.
        if factor > 0 { touched?.update { $0.alpha = 0.25 } }
        return Level(amount: amount * factor, touched: touched)
    }
    var magnitudeSquared: Double { amount * amount }
    var isFinite: Bool { amount.isFinite }
}

private struct Gauge: Sendable {
    var level = Level.zero
}

/// A state an animator makes for itself is written by its clock's group alone, without a
/// compare-and-exchange per frame, until anyone else writes it (`StateCell`, "Owned by a group").
@Suite("Group-owned states")
struct GroupOwnedStateTests {
    @Test("an animator's own state of plain data is its group's until someone else writes it, and every write lands")
    func ownershipStartsWithTheAnimatorAndEndsWithTheFirstOtherWriter() throws {
        let clock = ManualClock(frameRate: .fps60)
        let animator = try Animator(duration: 1, initialValue: Panel(x: 10), clock: clock)
        #expect(animator.state.cell.isGroupOwned)
        // A state made by hand, or one that holds references, is never owned.
        #expect(!AnimatedState(Panel()).cell.isGroupOwned)
        #expect(!(try Animator(duration: 1, initialValue: ["a"], clock: clock)).state.cell.isGroupOwned)

        try animator.addAnimation(\.x, to: 50)
        try animator.start()
        clock.advance(by: .seconds(0.25))
        // Linear: 10 + 0.25 × 40.
        #expect(animator.state.value.x == 20)
        #expect(animator.state.cell.isGroupOwned)

        // A second animator on the same clock shares the group: the state stays owned.
        let sameClock = try Animator(duration: 1, state: animator.state, clock: clock)
        try sameClock.addAnimation(\.y, to: 4)
        try sameClock.start()
        clock.advance(by: .seconds(0.25))
        #expect(animator.state.value.x == 30)
        // y began at the second animator's start: 0 + 0.25 × 4.
        #expect(animator.state.value.y == 1)
        #expect(animator.state.cell.isGroupOwned)

        // An update is the first write from outside: the state stops being owned, and the
        // group's later frames still land (and keep what the update wrote).
        animator.state.update { $0.alpha = 0.5 }
        #expect(!animator.state.cell.isGroupOwned)
        clock.advance(by: .seconds(0.25))
        #expect(animator.state.value.x == 40)
        #expect(animator.state.value.y == 2)
        #expect(animator.state.value.alpha == 0.5)
        clock.advance(by: .seconds(0.25))
        #expect(animator.state.value.x == 50)
        #expect(!animator.isRunning)
    }

    @Test("observing an owned state, or animating it on another clock, ends the ownership first")
    func observersAndOtherClocksEndTheOwnership() throws {
        let clock = ManualClock(frameRate: .fps60)
        let observed = try Animator(duration: 1, initialValue: Panel(), clock: clock)
        try observed.addAnimation(\.x, to: 8)
        try observed.start()
        let seen = Locked<[Double]>([])
        let observation = observed.state.values.observe { card in seen.withLock { $0.append(card.x) } }
        #expect(!observed.state.cell.isGroupOwned)
        clock.advance(by: .seconds(0.5))
        clock.advance(by: .seconds(0.5))
        // The replay of the start value, then each frame's.
        #expect(seen.withLock { $0 } == [0, 4, 8])
        observation.cancel()

        let other = ManualClock(frameRate: .fps60)
        let shared = try Animator(duration: 1, initialValue: Panel(), clock: clock)
        #expect(shared.state.cell.isGroupOwned)
        let onOther = try Animator(duration: 2, state: shared.state, clock: other)
        #expect(!shared.state.cell.isGroupOwned)
        try shared.addAnimation(\.x, to: 10)
        try onOther.addAnimation(\.y, to: 10)
        try shared.start()
        try onOther.start()
        clock.advance(by: .seconds(0.5))
        other.advance(by: .seconds(0.5))
        #expect(shared.state.value.x == 5)
        #expect(shared.state.value.y == 2.5)
    }

    @Test("code a group runs under its lock may update another state of that group without waiting for itself")
    func anUpdateFromInsideTheGroupsFrameDoesNotWaitForItself() throws {
        let clock = ManualClock(frameRate: .fps60)
        let owned = try Animator(duration: 1, initialValue: Panel(), clock: clock)
        try owned.addAnimation(\.x, to: 1)
        try owned.start()
        #expect(owned.state.cell.isGroupOwned)
        // Its interpolation (run in the group's frame, under the group's lock) updates `owned`'s state.
        let gauge = try Animator(duration: 1, initialValue: Gauge(), clock: clock)
        try gauge.addAnimation(\.level, to: Level(amount: 10, touched: owned.state))
        try gauge.start()

        // Run the frame on another thread: if it waited for itself, the test fails, not hangs.
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            clock.advance(by: .seconds(0.5))
            done.signal()
        }
        let finished = done.wait(timeout: .now() + 20) == .success
        #expect(finished, "the frame waited for its own group's lock")
        guard finished else { return }
        #expect(!owned.state.cell.isGroupOwned)
        #expect(owned.state.value.alpha == 0.25)
        #expect(owned.state.value.x == 0.5)
        #expect(gauge.state.value.level.amount == 5)
    }

    @Test("updates from other threads while the clock runs never tear an owned state's value")
    func updatesRacingFramesNeverTearTheValue() throws {
        let clock = ManualClock(frameRate: .fps60)
        // x and y move together (same curve, same targets): every whole read has x == y.
        let animators = try (0..<64).map { _ in
            let animator = try Animator(duration: 1000, initialValue: Panel(), clock: clock)
            try animator.addAnimation(\.x, to: 1000)
            try animator.addAnimation(\.y, to: 1000)
            try animator.start()
            return animator
        }
        let frames = 2_000
        let torn = Locked(0)
        let updated = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 3) { role in
            switch role {
            case 0:
                for _ in 0..<frames { clock.advanceFrame() }
            case 1:
                // Updates set x and y together, from this thread, each state once along the way.
                for (index, animator) in animators.enumerated() {
                    animator.state.update { $0.x = Double(-index); $0.y = Double(-index) }
                    updated.withLock { $0 += 1 }
                }
            default:
                for _ in 0..<frames {
                    for animator in animators {
                        let card = animator.state.value
                        if card.x != card.y { torn.withLock { $0 += 1 } }
                    }
                }
            }
        }
        #expect(torn.withLock { $0 } == 0)
        #expect(updated.withLock { $0 } == animators.count)
        #expect(animators.allSatisfy { !$0.state.cell.isGroupOwned })
        // One more frame, after every update: each value is on its line again (linear, 1000 over
        // 1000 s, so x = y = t).
        clock.advanceFrame()
        let time = Double(frames + 1) / 60
        for animator in animators {
            #expect(abs(animator.state.value.x - time) < 1e-9)
            #expect(animator.state.value.x == animator.state.value.y)
        }
    }
}
