import Testing
import Timeline

@Suite("Emitter")
struct EmitterTests {
    @Test("passes each value to every observer, in subscription order")
    func deliversInSubscriptionOrder() {
        let emitter = Emitter<Int, Never>()
        let order = Recorder<String, Never>()
        let first = emitter.map { "a\($0)" }.observe(order.observer)
        let second = emitter.map { "b\($0)" }.observe(order.observer)
        let third = emitter.map { "c\($0)" }.observe(order.observer)
        emitter.send(1)
        emitter.send(2)
        #expect(order.values == ["a1", "b1", "c1", "a2", "b2", "c2"])
        withExtendedLifetime((first, second, third)) {}
    }

    @Test("an observer receives only the values sent after it subscribed")
    func noReplay() {
        let emitter = Emitter<Int, Never>()
        emitter.send(1)
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(emitter)
        emitter.send(2)
        emitter.send(3)
        #expect(recorder.values == [2, 3])
        withExtendedLifetime(observation) {}
    }

    @Test("with no observers a send does nothing")
    func sendWithoutObservers() {
        let emitter = Emitter<Int, Never>()
        emitter.send(1)
        #expect(emitter.observerCount == 0)
        #expect(emitter.completion == nil)
    }

    @Test("finish is delivered once to each observer; later calls and values are ignored")
    func finishOnce() {
        let emitter = Emitter<Int, TestError>()
        let a = Recorder<Int, TestError>()
        let b = Recorder<Int, TestError>()
        let observations = [a.observe(emitter), b.observe(emitter)]
        emitter.send(1)
        emitter.finish()
        emitter.finish()
        emitter.fail(.boom)
        emitter.send(2)
        #expect(a.events == [.value(1), .completion(.finished)])
        #expect(b.events == [.value(1), .completion(.finished)])
        #expect(emitter.completion == .finished)
        #expect(emitter.observerCount == 0)
        withExtendedLifetime(observations) {}
    }

    @Test("fail delivers the typed error once")
    func failOnce() {
        let emitter = Emitter<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        let observation = recorder.observe(emitter)
        emitter.send(7)
        emitter.fail(.other(3))
        emitter.finish(with: .finished)
        #expect(recorder.events == [.value(7), .completion(.failed(.other(3)))])
        #expect(emitter.completion?.failure == .other(3))
        withExtendedLifetime(observation) {}
    }

    @Test("an observer that subscribes after the end receives only the completion, at once")
    func lateSubscriberGetsCompletion() {
        let emitter = Emitter<Int, TestError>()
        emitter.fail(.boom)
        let recorder = Recorder<Int, TestError>()
        let observation = recorder.observe(emitter)
        #expect(recorder.events == [.completion(.failed(.boom))])
        #expect(emitter.observerCount == 0)
        #expect(observation.isCancelled)
    }

    @Test("cancelling detaches the observer; releasing the observation does too")
    func cancelDetaches() {
        let emitter = Emitter<Int, Never>()
        let kept = Recorder<Int, Never>()
        let cancelled = Recorder<Int, Never>()
        let keptObservation = kept.observe(emitter)
        let observation = cancelled.observe(emitter)
        do {
            let released = emitter.observe { _ in Issue.record("released observation got a value") }
            #expect(emitter.observerCount == 3)
            _ = released
        }
        #expect(emitter.observerCount == 2)
        emitter.send(1)
        observation.cancel()
        observation.cancel()
        #expect(observation.isCancelled)
        #expect(emitter.observerCount == 1)
        emitter.send(2)
        emitter.finish()
        #expect(kept.events == [.value(1), .value(2), .completion(.finished)])
        #expect(cancelled.events == [.value(1)])
        withExtendedLifetime(keptObservation) {}
    }

    @Test("releasing the emitter finishes its observers")
    func releaseFinishes() {
        let recorder = Recorder<Int, TestError>()
        var emitter: Emitter<Int, TestError>? = Emitter()
        let observation = recorder.observe(emitter!)
        emitter?.send(4)
        emitter = nil
        #expect(recorder.events == [.value(4), .completion(.finished)])
        observation.cancel()
    }

    @Test("many observers: order kept across subscribe and cancel in the middle of the list")
    func manyObserversOrder() {
        let emitter = Emitter<Int, Never>()
        let log = Recorder<String, Never>()
        var observations = (0..<5).map { index in
            emitter.map { "\(index):\($0)" }.observe(log.observer)
        }
        emitter.send(1)
        observations[2].cancel()
        observations[0].cancel()
        observations.append(emitter.map { "5:\($0)" }.observe(log.observer))
        emitter.send(2)
        #expect(log.values == ["0:1", "1:1", "2:1", "3:1", "4:1", "1:2", "3:2", "4:2", "5:2"])
        #expect(emitter.observerCount == 4)
        observations.removeAll()
        #expect(emitter.observerCount == 0)
    }

    @Test("a frame-sized array reaches the observers without its storage being copied")
    func largeValuesAreNotCopied() {
        let frames = Emitter<[Double], Never>()
        let frame = (0..<100_000).map(Double.init)
        let expected = frame.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let addresses = Recorder<UInt, Never>()
        let observations = [
            frames.observe { value in
                addresses.observer.onValue(value.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) })
            },
            frames.map { $0 }.filter { !$0.isEmpty }.observe { value in
                addresses.observer.onValue(value.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) })
            },
        ]
        frames.send(frame)
        #expect(addresses.values == [expected, expected])
        withExtendedLifetime(observations) {}
    }
}
