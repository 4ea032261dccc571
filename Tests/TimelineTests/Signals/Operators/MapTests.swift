import Testing
import Timeline

@Suite("map, compactMap, filter")
struct MapTests {
    @Test("map transforms each value and passes the completion on")
    func map() {
        let emitter = Emitter<Int, TestError>()
        let recorder = Recorder<String, TestError>()
        let observation = recorder.observe(emitter.map { "#\($0 * 3)" })
        for value in [1, 2, -4] { emitter.send(value) }
        emitter.fail(.boom)
        #expect(recorder.events == [.value("#3"), .value("#6"), .value("#-12"), .completion(.failed(.boom))])
        withExtendedLifetime(observation) {}
    }

    @Test("map of NaN and infinities passes them through unchanged")
    func mapHostileDoubles() {
        let emitter = Emitter<Double, Never>()
        let recorder = Recorder<Double, Never>()
        let observation = recorder.observe(emitter.map { $0 * 2 })
        emitter.send(.infinity)
        emitter.send(-.infinity)
        emitter.send(.nan)
        let values = recorder.values
        #expect(values.count == 3)
        #expect(values[0] == .infinity && values[1] == -.infinity && values[2].isNaN)
        withExtendedLifetime(observation) {}
    }

    @Test("compactMap drops nil results")
    func compactMap() {
        let emitter = Emitter<String, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(emitter.compactMap { Int($0) })
        for text in ["1", "x", "", "30", "-2", "4.5"] { emitter.send(text) }
        emitter.finish()
        #expect(recorder.events == [.value(1), .value(30), .value(-2), .completion(.finished)])
        withExtendedLifetime(observation) {}
    }

    @Test("filter passes the values that satisfy the predicate")
    func filter() {
        let emitter = Emitter<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(emitter.filter { $0.isMultiple(of: 3) })
        for value in 1...10 { emitter.send(value) }
        emitter.finish()
        #expect(recorder.events == [.value(3), .value(6), .value(9), .completion(.finished)])
        withExtendedLifetime(observation) {}
    }

    @Test("chained operators compose in order")
    func chain() {
        let emitter = Emitter<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(
            emitter.filter { $0 > 0 }.map { $0 * $0 }.compactMap { $0 < 50 ? $0 + 1 : nil }
        )
        for value in [-3, 2, 7, 5, 0, 8] { emitter.send(value) }
        // 2, 7, 5, 8 -> 4, 49, 25, 64 -> below 50: 4, 49, 25 -> plus one.
        #expect(recorder.values == [5, 50, 26])
        withExtendedLifetime(observation) {}
    }

    @Test("each observation of an operator chain is independent")
    func independentObservations() {
        let emitter = Emitter<Int, Never>()
        let doubled = emitter.map { $0 * 2 }
        let a = Recorder<Int, Never>()
        let b = Recorder<Int, Never>()
        let aObservation = a.observe(doubled)
        emitter.send(1)
        let bObservation = b.observe(doubled)
        emitter.send(2)
        aObservation.cancel()
        emitter.send(3)
        #expect(a.values == [2, 4])
        #expect(b.values == [4, 6])
        withExtendedLifetime(bObservation) {}
    }
}

@Suite("tryMap")
struct TryMapTests {
    @Test("a thrown typed error fails the signal once and cancels the upstream")
    func throwFails() {
        let emitter = Emitter<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        let observation = recorder.observe(
            emitter.tryMap { value throws(TestError) in
                guard value >= 0 else { throw .other(value) }
                return value * 10
            }
        )
        emitter.send(1)
        emitter.send(-7)
        emitter.send(2)
        emitter.fail(.boom)
        #expect(recorder.events == [.value(10), .completion(.failed(.other(-7)))])
        #expect(emitter.observerCount == 0)
        withExtendedLifetime(observation) {}
    }

    @Test("without a throw, values and the upstream completion pass through")
    func noThrow() {
        let emitter = Emitter<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        let observation = recorder.observe(emitter.tryMap { value throws(TestError) in value + 1 })
        emitter.send(1)
        emitter.send(2)
        emitter.finish()
        #expect(recorder.events == [.value(2), .value(3), .completion(.finished)])
        withExtendedLifetime(observation) {}
    }

    @Test("a state emitter whose current value throws fails during observe")
    func throwOnReplay() {
        let state = StateEmitter<Int, TestError>(-1)
        let recorder = Recorder<Int, TestError>()
        let observation = recorder.observe(
            state.tryMap { value throws(TestError) in
                if value < 0 { throw .boom }
                return value
            }
        )
        #expect(recorder.events == [.completion(.failed(.boom))])
        #expect(state.observerCount == 0)
        withExtendedLifetime(observation) {}
    }
}
