import Testing
import Timeline

@Suite("Observation")
struct ObservationTests {
    @Test("the cancel action runs exactly once: cancel, cancel again, then release")
    func cancelRunsOnce() {
        let runs = Counter()
        var observation: Observation? = Observation { runs.increment() }
        #expect(observation?.isCancelled == false)
        observation?.cancel()
        observation?.cancel()
        #expect(observation?.isCancelled == true)
        observation = nil
        #expect(runs.value == 1)
    }

    @Test("releasing an observation cancels it")
    func releaseCancels() {
        let runs = Counter()
        do {
            let observation = Observation { runs.increment() }
            _ = observation
        }
        #expect(runs.value == 1)
    }

    @Test("an observation with nothing to cancel reports itself cancelled")
    func inert() {
        #expect(Observation().isCancelled)
    }

    @Test("a combined observation cancels all of its parts, in order")
    func combined() {
        let order = Recorder<Int, Never>()
        let combined = Observation([
            Observation { order.observer.onValue(1) },
            Observation { order.observer.onValue(2) },
        ])
        combined.cancel()
        #expect(order.values == [1, 2])
    }

    @Test("store(in:) keeps observations alive until the container lets go")
    func store() {
        let emitter = Emitter<Int, Never>()
        var set: Set<Observation> = []
        var array: [Observation] = []
        emitter.observe { _ in }.store(in: &set)
        emitter.observe { _ in }.store(in: &array)
        #expect(emitter.observerCount == 2)
        set.removeAll()
        array.removeAll()
        #expect(emitter.observerCount == 0)
    }

    @Test("observations compare by identity")
    func identity() {
        let a = Observation()
        let b = Observation()
        #expect(a == a)
        #expect(a != b)
        #expect(Set([a, b, a]).count == 2)
    }
}
