import Dispatch
import Synchronization
import Testing
import Timeline

/// Counts deinitialisations of the objects it hands out.
final class ReleaseCounter: Sendable {
    final class Token: Sendable {
        let counter: ReleaseCounter
        init(_ counter: ReleaseCounter) { self.counter = counter }
        deinit { counter.released.increment() }
    }

    let released = Counter()

    init() {}

    func token() -> Token { Token(self) }
}

/// Sending, subscribing and cancelling at once from several threads and tasks. The counts are
/// exact: every value sent is counted by construction of the loops below.
@Suite("Concurrency")
struct ConcurrencyTests {
    static let workers = 6
    static let sendsPerWorker = 20_000

    @Test("threads that send while subscribing and cancelling: exact counts, no leaks")
    func sendSubscribeCancelFromThreads() {
        let emitter = Emitter<Int, Never>()
        let permanent = Counter()
        let permanentObservation = emitter.observe { _ in permanent.increment() }
        let temporaryDeliveries = Counter()
        let temporaryObservations = Counter()
        let releases = ReleaseCounter()
        let shortfalls = Counter()

        DispatchQueue.concurrentPerform(iterations: Self.workers) { _ in
            for index in 0..<Self.sendsPerWorker {
                if index.isMultiple(of: 16) {
                    let received = Counter()
                    let token = releases.token()
                    let observation = emitter.observe { _ in
                        withExtendedLifetime(token) {}
                        received.increment()
                        temporaryDeliveries.increment()
                    }
                    temporaryObservations.increment()
                    emitter.send(index)
                    observation.cancel()
                    // The send between subscribe and cancel on this thread must have arrived.
                    if received.value < 1 { shortfalls.increment() }
                } else {
                    emitter.send(index)
                }
            }
        }
        let total = Self.workers * Self.sendsPerWorker
        #expect(permanent.value == total)
        #expect(shortfalls.value == 0)
        #expect(temporaryDeliveries.value >= temporaryObservations.value)
        #expect(temporaryDeliveries.value <= temporaryObservations.value * total)
        // A retired observer list is released by the emitter's next operation at the latest.
        emitter.send(-1)
        #expect(emitter.observerCount == 1)
        #expect(releases.released.value == temporaryObservations.value)
        withExtendedLifetime(permanentObservation) {}
    }

    @Test("tasks that send to a state emitter while others subscribe: every observer starts with a value")
    func stateEmitterFromTasks() async {
        let state = StateEmitter<Int, Never>(0)
        let permanent = Counter()
        let observation = state.observe { _ in permanent.increment() }
        let firstEventsMissing = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for value in 1...5_000 { state.send(value) }
                }
            }
            for _ in 0..<2 {
                group.addTask {
                    for _ in 0..<500 {
                        let received = Counter()
                        let observation = state.observe { _ in received.increment() }
                        if received.value == 0 { firstEventsMissing.increment() }
                        observation.cancel()
                    }
                }
            }
        }
        #expect(permanent.value == 1 + 4 * 5_000)
        #expect(firstEventsMissing.value == 0)
        #expect(state.observerCount == 1)
        withExtendedLifetime(observation) {}
    }

    @Test("a cancel that returned before a send on another thread stops that send's delivery")
    func cancelHappensBeforeSend() {
        let emitter = Emitter<Int, Never>()
        let late = Counter()
        let rounds = 2_000
        let others = (0..<3).map { _ in emitter.observe { _ in } }
        for _ in 0..<rounds {
            let cancelled = Atomic(false)
            let observation = emitter.observe { _ in
                if cancelled.load(ordering: .acquiring) { late.increment() }
            }
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                observation.cancel()
                cancelled.store(true, ordering: .releasing)
                done.signal()
            }
            done.wait()
            emitter.send(1)
        }
        #expect(late.value == 0)
        #expect(emitter.observerCount == 3)
        withExtendedLifetime(others) {}
    }

    @Test("finish and fail called at once from many threads: exactly one completion each")
    func concurrentCompletion() {
        for _ in 0..<200 {
            let emitter = Emitter<Int, TestError>()
            let recorders = (0..<3).map { _ in Recorder<Int, TestError>() }
            let observations = recorders.map { $0.observe(emitter) }
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                emitter.send(index)
                if index.isMultiple(of: 2) { emitter.finish() } else { emitter.fail(.other(index)) }
                emitter.send(index)
            }
            for recorder in recorders {
                #expect(recorder.completions.count == 1)
            }
            withExtendedLifetime(observations) {}
        }
    }

    @Test("scan under concurrent sends produces each running total exactly once")
    func scanFromThreads() {
        let emitter = Emitter<Int, Never>()
        let totals = Recorder<Int, Never>()
        let observation = emitter.scan(0) { total, _ in total + 1 }.observe(totals.observer)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<5_000 { emitter.send(1) }
        }
        #expect(totals.values.sorted() == Array(1...20_000))
        withExtendedLifetime(observation) {}
    }

    @Test("merge and zip of signals sent from different threads")
    func combinersFromThreads() {
        let a = Emitter<Int, Never>()
        let b = Emitter<Int, Never>()
        let merged = Counter()
        let pairs = Recorder<[Int], Never>()
        let latest = Counter()
        let observations = [
            a.merge(with: b).observe { _ in merged.increment() },
            a.zip(with: b).map { [$0, $1] }.observe(pairs.observer),
        ]
        // Prime combineLatest so that every later value produces exactly one output.
        let combined = a.combineLatest(with: b).observe { _ in latest.increment() }
        a.send(0)
        b.send(0)
        let count = 10_000
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            let emitter = side == 0 ? a : b
            for value in 1...count { emitter.send(value) }
        }
        #expect(merged.value == 2 * (count + 1))
        #expect(latest.value == 1 + 2 * count)
        // Each side is sent from one thread, so zip pairs the i-th values: (i, i).
        let received = pairs.values
        #expect(received.count == count + 1)
        #expect(received.allSatisfy { $0[0] == $0[1] })
        #expect(Set(received.map { $0[0] }) == Set(0...count))
        withExtendedLifetime((observations, combined)) {}
    }
}
