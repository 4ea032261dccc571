import Testing
import Timeline

@Suite("combineLatest")
struct CombineLatestTests {
    @Test("pairs the latest values once both have one")
    func pairs() {
        let a = Emitter<Int, Never>()
        let b = Emitter<String, Never>()
        let recorder = Recorder<String, Never>()
        let observation = recorder.observe(a.combineLatest(with: b).map { "\($0)\($1)" })
        a.send(1)
        b.send("x")
        a.send(2)
        b.send("y")
        a.send(3)
        #expect(recorder.values == ["1x", "2x", "2y", "3y"])
        withExtendedLifetime(observation) {}
    }

    @Test("finishes when both finished; values after one finished still combine")
    func finishesWhenBothFinish() {
        let a = Emitter<Int, Never>()
        let b = Emitter<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(a.combineLatest(with: b).map { $0 * 10 + $1 })
        a.send(1)
        b.send(2)
        a.finish()
        b.send(3)
        #expect(recorder.completions.isEmpty)
        b.finish()
        #expect(recorder.events == [.value(12), .value(13), .completion(.finished)])
        withExtendedLifetime(observation) {}
    }

    @Test("finishes at once when one side finishes without a value")
    func emptySideFinishes() {
        let a = Emitter<Int, Never>()
        let b = Emitter<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(a.combineLatest(with: b).map { $0 + $1 })
        a.send(1)
        b.finish()
        a.send(2)
        #expect(recorder.events == [.completion(.finished)])
        #expect(a.observerCount == 0)
        withExtendedLifetime(observation) {}
    }

    @Test("fails as soon as one side fails and detaches from the other")
    func failure() {
        let a = Emitter<Int, TestError>()
        let b = Emitter<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        let observation = recorder.observe(a.combineLatest(with: b).map { $0 - $1 })
        a.send(5)
        b.send(1)
        b.fail(.other(1))
        a.send(9)
        a.fail(.boom)
        #expect(recorder.events == [.value(4), .completion(.failed(.other(1)))])
        #expect(a.observerCount == 0)
        withExtendedLifetime(observation) {}
    }

    @Test("three signals")
    func three() {
        let a = Emitter<Int, Never>()
        let b = StateEmitter<Double, Never>(0.5)
        let c = Emitter<String, Never>()
        let recorder = Recorder<String, Never>()
        let observation = recorder.observe(a.combineLatest(with: b, c).map { "\($0)/\($1)/\($2)" })
        a.send(1)
        c.send("x")
        b.send(1.5)
        a.send(2)
        a.finish()
        c.finish()
        #expect(recorder.values == ["1/0.5/x", "1/1.5/x", "2/1.5/x"])
        #expect(recorder.completions.isEmpty)
        b.finish()
        #expect(recorder.completions == [.finished])
        withExtendedLifetime(observation) {}
    }

    @Test("an array of signals combines into arrays in collection order")
    func collection() {
        let emitters = (0..<3).map { _ in Emitter<Int, Never>() }
        let recorder = Recorder<[Int], Never>()
        let observation = recorder.observe(emitters.combineLatest())
        emitters[2].send(30)
        emitters[0].send(10)
        emitters[2].send(31)
        emitters[1].send(20)
        emitters[0].send(11)
        for emitter in emitters { emitter.finish() }
        #expect(recorder.events == [.value([10, 20, 31]), .value([11, 20, 31]), .completion(.finished)])
        withExtendedLifetime(observation) {}
    }

    @Test("an array form: an output kept by the observer is not changed by later values")
    func collectionOutputsAreValues() {
        let emitters = (0..<2).map { _ in Emitter<Int, Never>() }
        let recorder = Recorder<[Int], Never>()
        let observation = recorder.observe(emitters.combineLatest())
        emitters[0].send(1)
        emitters[1].send(2)
        emitters[0].send(3)
        emitters[1].send(4)
        #expect(recorder.values == [[1, 2], [3, 2], [3, 4]])
        withExtendedLifetime(observation) {}
    }

    @Test("an empty array finishes at once; a mixed array through AnySignal")
    func emptyAndErased() {
        let none: [Emitter<Int, Never>] = []
        let empty = Recorder<[Int], Never>()
        let emptyObservation = empty.observe(none.combineLatest())
        #expect(empty.events == [.completion(.finished)])

        let emitter = Emitter<Int, TestError>()
        let state = StateEmitter<Int, TestError>(7)
        let mixed = [AnySignal(emitter), AnySignal(state.map { $0 * 2 })]
        let recorder = Recorder<[Int], TestError>()
        let observation = recorder.observe(mixed.combineLatest())
        emitter.send(1)
        emitter.fail(.boom)
        #expect(recorder.events == [.value([1, 14]), .completion(.failed(.boom))])
        #expect(state.observerCount == 0)
        withExtendedLifetime((emptyObservation, observation)) {}
    }
}
