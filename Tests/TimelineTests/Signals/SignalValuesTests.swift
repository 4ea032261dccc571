import Testing
import Timeline

@Suite("values (AsyncSequence bridge)")
struct SignalValuesTests {
    @Test("values sent before the loop waits are buffered per policy", arguments: [
        (BufferingPolicy.latest, [5]),
        (.keepingNewest(2), [4, 5]),
        (.keepingOldest(2), [1, 2]),
        (.unbounded, [1, 2, 3, 4, 5]),
    ])
    func buffering(policy: BufferingPolicy, expected: [Int]) async {
        let emitter = Emitter<Int, Never>()
        var iterator = emitter.values(buffering: policy).makeAsyncIterator()
        for value in 1...5 { emitter.send(value) }
        emitter.finish()
        var received: [Int] = []
        while let value = await iterator.next() { received.append(value) }
        #expect(received == expected)
        #expect(await iterator.next() == nil)
    }

    @Test("a failure is thrown, typed, after the buffered values; then the sequence is over")
    func typedFailure() async {
        let emitter = Emitter<Int, TestError>()
        var iterator = emitter.values(buffering: .unbounded).makeAsyncIterator()
        emitter.send(1)
        emitter.send(2)
        emitter.fail(.other(9))
        var received: [Int] = []
        var caught: TestError?
        do {
            while let value = try await iterator.next() { received.append(value) }
        } catch {
            caught = error   // `error` is a TestError: typed throws
        }
        #expect(received == [1, 2])
        #expect(caught == .other(9))
        let afterFailure = try? await iterator.next()
        #expect(afterFailure == .some(nil))
    }

    @Test("a for-await loop over a state emitter; leaving the loop cancels the observation")
    func breakCancels() async {
        let state = StateEmitter<Int, Never>(0)
        var seen: [Int] = []
        for await value in state.values(buffering: .unbounded) {
            seen.append(value)
            if value == 3 { break }
            state.send(value + 1)
        }
        #expect(seen == [0, 1, 2, 3])
        #expect(state.observerCount == 0)
    }

    @Test("a consumer already waiting receives a value sent from another task")
    func waitingConsumer() async {
        let state = StateEmitter<Int, Never>(0)
        let consumer = Task {
            var seen: [Int] = []
            for await value in state.values(buffering: .unbounded) {
                seen.append(value)
                if value == 2 { break }
            }
            return seen
        }
        // Wait (without timing) until the consumer's observation is attached.
        while state.observerCount == 0 { await Task.yield() }
        state.send(1)
        state.send(2)
        #expect(await consumer.value == [0, 1, 2])
        #expect(state.observerCount == 0)
    }

    @Test("cancelling the task ends the loop and cancels the observation")
    func taskCancellation() async {
        let emitter = Emitter<Int, Never>()
        let consumer = Task {
            var count = 0
            for await _ in emitter.values { count += 1 }
            return count
        }
        while emitter.observerCount == 0 { await Task.yield() }
        consumer.cancel()
        #expect(await consumer.value == 0)
        #expect(emitter.observerCount == 0)
    }

    @Test("releasing the emitter ends the loop")
    func emitterReleased() async {
        var emitter: Emitter<Int, Never>? = Emitter()
        var iterator = emitter!.values.makeAsyncIterator()
        emitter?.send(1)
        emitter = nil
        #expect(await iterator.next() == 1)
        #expect(await iterator.next() == nil)
    }

    @Test("releasing the iterator releases the waiting values")
    func iteratorReleaseFreesBuffer() {
        let emitter = Emitter<Tracked, Never>()
        let flag = ReleaseFlag()
        do {
            let iterator = emitter.values(buffering: .unbounded).makeAsyncIterator()
            emitter.send(Tracked(flag))
            #expect(!flag.isReleased)
            _ = iterator
        }
        #expect(flag.isReleased)
        #expect(emitter.observerCount == 0)
    }

    @Test("many values from several producer tasks all arrive with an unbounded buffer")
    func concurrentProducers() async {
        let emitter = Emitter<Int, Never>()
        var iterator = emitter.values(buffering: .unbounded).makeAsyncIterator()
        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<4 {
                group.addTask {
                    for value in 0..<2_000 { emitter.send(producer * 10_000 + value) }
                }
            }
        }
        emitter.finish()
        var received: [Int] = []
        while let value = await iterator.next() { received.append(value) }
        let expected = (0..<4).flatMap { producer in (0..<2_000).map { producer * 10_000 + $0 } }
        #expect(received.sorted() == expected)
        // Each producer's own values keep their order.
        for producer in 0..<4 {
            let own = received.filter { $0 / 10_000 == producer }
            #expect(own == own.sorted())
        }
    }
}
