import Testing
import Timeline

@Suite("removeDuplicates")
struct RemoveDuplicatesTests {
    @Test("consecutive equal values are dropped", arguments: [
        ([1, 1, 2, 2, 2, 1, 3, 3], [1, 2, 1, 3]),
        ([4, 4, 4], [4]),
        ([1, 2, 3], [1, 2, 3]),
        ([Int](), [Int]()),
    ])
    func equatable(input: [Int], expected: [Int]) {
        let emitter = Emitter<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(emitter.removeDuplicates())
        for value in input { emitter.send(value) }
        #expect(recorder.values == expected)
        withExtendedLifetime(observation) {}
    }

    @Test("a custom predicate compares with the last value passed on, not the last received")
    func byPredicate() {
        let emitter = Emitter<Double, Never>()
        let recorder = Recorder<Double, Never>()
        let observation = recorder.observe(emitter.removeDuplicates { abs($0 - $1) < 0.1 })
        // 1.05 and 1.09 are within 0.1 of 1.0; 1.15 is not (it is compared with 1.0).
        for value in [1.0, 1.05, 1.09, 1.15, 2.0, 2.0] { emitter.send(value) }
        #expect(recorder.values == [1.0, 1.15, 2.0])
        withExtendedLifetime(observation) {}
    }

    @Test("NaN never equals itself, so repeated NaNs all pass")
    func nanPasses() {
        let emitter = Emitter<Double, Never>()
        let count = Counter()
        let observation = emitter.removeDuplicates().observe { _ in count.increment() }
        emitter.send(.nan)
        emitter.send(.nan)
        emitter.send(1)
        emitter.send(1)
        #expect(count.value == 3)
        withExtendedLifetime(observation) {}
    }
}
