import Testing
import Timeline

@Suite("prefix and first")
struct PrefixTests {
    @Test("prefix(n) passes n values, finishes and detaches from the upstream", arguments: [
        (0, [Int]()), (1, [1]), (3, [1, 2, 3]), (-2, [Int]()),
    ])
    func prefix(count: Int, expected: [Int]) {
        let emitter = Emitter<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(emitter.prefix(count))
        for value in 1...5 { emitter.send(value) }
        #expect(recorder.values == expected)
        #expect(recorder.completions == [.finished])
        #expect(emitter.observerCount == 0)
        withExtendedLifetime(observation) {}
    }

    @Test("an upstream that ends first passes its completion on")
    func upstreamEndsFirst() {
        let emitter = Emitter<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        let observation = recorder.observe(emitter.prefix(5))
        emitter.send(1)
        emitter.fail(.boom)
        #expect(recorder.events == [.value(1), .completion(.failed(.boom))])
        withExtendedLifetime(observation) {}
    }

    @Test("first() of a state emitter is its current value")
    func firstOfState() {
        let state = StateEmitter<String, Never>("now")
        let recorder = Recorder<String, Never>()
        let observation = recorder.observe(state.first())
        state.send("later")
        #expect(recorder.events == [.value("now"), .completion(.finished)])
        #expect(state.observerCount == 0)
        withExtendedLifetime(observation) {}
    }

    @Test("first(where:) passes the first match")
    func firstWhere() {
        let emitter = Emitter<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(emitter.first { $0 > 5 })
        for value in [3, 5, 8, 9, 1] { emitter.send(value) }
        #expect(recorder.events == [.value(8), .completion(.finished)])
        withExtendedLifetime(observation) {}
    }

    @Test("cancelling before the count is reached detaches and delivers nothing more")
    func cancelEarly() {
        let emitter = Emitter<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(emitter.prefix(3))
        emitter.send(1)
        observation.cancel()
        emitter.send(2)
        #expect(recorder.events == [.value(1)])
        #expect(emitter.observerCount == 0)
    }
}
