import Testing
import Timeline

@Suite("merge")
struct MergeTests {
    @Test("interleaves values as they arrive; finishes when both finished")
    func two() {
        let a = Emitter<Int, Never>()
        let b = Emitter<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(a.merge(with: b))
        a.send(1)
        b.send(2)
        a.send(3)
        a.finish()
        b.send(4)
        #expect(recorder.completions.isEmpty)
        b.finish()
        #expect(recorder.events == [.value(1), .value(2), .value(3), .value(4), .completion(.finished)])
        withExtendedLifetime(observation) {}
    }

    @Test("fails as soon as one fails and detaches from the others")
    func failure() {
        let a = Emitter<Int, TestError>()
        let b = Emitter<Int, TestError>()
        let c = Emitter<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        let observation = recorder.observe(a.merge(with: b, c))
        c.send(3)
        b.fail(.other(2))
        a.send(1)
        #expect(recorder.events == [.value(3), .completion(.failed(.other(2)))])
        #expect(a.observerCount == 0 && c.observerCount == 0)
        withExtendedLifetime(observation) {}
    }

    @Test("an array of signals; empty finishes at once")
    func collection() {
        let emitters = (0..<4).map { _ in Emitter<Int, Never>() }
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(emitters.merge())
        for (index, emitter) in emitters.enumerated().reversed() { emitter.send(index) }
        for emitter in emitters { emitter.finish() }
        #expect(recorder.events == [.value(3), .value(2), .value(1), .value(0), .completion(.finished)])

        let none: [Emitter<Int, Never>] = []
        let empty = Recorder<Int, Never>()
        let emptyObservation = empty.observe(none.merge())
        #expect(empty.events == [.completion(.finished)])
        withExtendedLifetime((observation, emptyObservation)) {}
    }
}
