import Testing
import Timeline
import TimelinePlugins

final class Log: Sendable {
    private let entries = Locked<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

struct Box: Sendable, Equatable {
    var a = 0.0
    var b = 0.0
    var c = 0.0
}

@Suite("Completion hooks")
struct CompletionTests {
    @Test func hooksRunInADeterministicOrderWithinTheFrame() throws {
        let clock = ManualClock()
        let state = AnimatedState(Box())
        let log = Log()
        let a = try Animator(duration: 0.5, state: state, clock: clock)
        let b = try Animator(duration: 0.5, state: state, clock: clock)
        let c = try Animator(duration: 1, state: state, clock: clock)
        try a.addAnimation(\.a, to: 1)
        try b.addAnimation(\.b, to: 1)
        try c.addAnimation(\.c, to: 1)
        let group = Transition()
        group.add(a)
        group.add(b)
        a.addEventHandler { if case .completed = $0 { log.add("a event") } }
        a.addCompletion { _ in log.add("a first") }
        a.addCompletion { _ in
            log.add("a second starts c")
            try? c.start()
        }
        b.addCompletion { _ in log.add("b") }
        group.addCompletion { completion in log.add("group \(completion)") }
        try a.start()
        try b.start()
        clock.advance(to: .milliseconds(500))
        // Animators in the order they started; each: values, event handlers, completion handlers in
        // the order added (the group's own handler joined each member when it was added, before
        // the others); of two equally long members, the one added last (b) completes the group.
        #expect(log.all == ["a event", "a first", "a second starts c", "group finished at end", "b"])
        // c began on the same clock time as a's completion: no frame of lag.
        clock.advance(to: .milliseconds(750))
        #expect(abs(c.fractionComplete - 0.25) < 1e-9)
    }

    @Test func everyHookFiresOnceWhenCancelledInterruptedOrReleased() throws {
        let clock = ManualClock()
        let log = Log()
        do {
            let released = try Animator(duration: 1, initialValue: Box(), clock: clock)
            released.addCompletion { log.add("released \($0.finished)") }
        }
        let cancelled = try Animator(duration: 1, initialValue: Box(), clock: clock)
        cancelled.addCompletion { log.add("cancelled \($0.finished) \($0.position)") }
        try cancelled.start()
        cancelled.cancel()
        cancelled.cancel()
        cancelled.stop()
        let interrupted = try Animator(duration: 1, initialValue: Box(), clock: clock)
        interrupted.addCompletion { log.add("interrupted \($0.finished) \($0.position)") }
        try interrupted.start()
        clock.advance(to: .milliseconds(300))
        interrupted.stop()
        clock.advance(to: .seconds(2))
        interrupted.addCompletion { log.add("late \($0.finished)") }
        #expect(log.all == [
            "released false", "cancelled false start", "interrupted false current", "late false",
        ])
    }

    @Test func aTransitionThatNeverCompletesIsReported() throws {
        let clock = ManualClock()
        let stalls = Log()
        // The grace should be longer than a frame: the watchdog checks once per tick.
        let watchdog = CompletionWatchdog(clock: clock, grace: 0.5) { stalls.add($0.description) }
        let paused = try Animator(duration: 1, initialValue: Box(), clock: clock)
        let forgotten = Transition()
        forgotten.add(paused)
        let finishing = try Animator(duration: 1, initialValue: Box(), clock: clock)
        let healthy = Transition()
        healthy.add(finishing)
        watchdog.watch(forgotten, named: "forgotten")
        watchdog.watch(healthy, named: "healthy")
        try forgotten.start()
        try healthy.start()
        clock.advance(to: .milliseconds(200))
        paused.pause()
        clock.advance(to: .seconds(1))
        clock.advance(to: .milliseconds(1500))
        #expect(stalls.all.isEmpty)
        #expect(watchdog.watchedCount == 1)               // the healthy one completed at 1 s
        clock.advance(to: .milliseconds(1600))
        clock.advance(to: .seconds(5))
        #expect(stalls.all == ["transition 'forgotten' has not completed 1.6 s after it started (duration 1.0 s)"])
        #expect(watchdog.watchedCount == 0)
    }
}
