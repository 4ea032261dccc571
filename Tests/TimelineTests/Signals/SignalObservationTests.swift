import Testing
import Timeline

@Suite("SignalObservation")
struct ObservationTests {
    @Test("the cancel action runs exactly once: cancel, cancel again, then release")
    func cancelRunsOnce() {
        let runs = Counter()
        var observation: SignalObservation? = SignalObservation { runs.increment() }
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
            let observation = SignalObservation { runs.increment() }
            _ = observation
        }
        #expect(runs.value == 1)
    }

    @Test("an observation with nothing to cancel reports itself cancelled")
    func inert() {
        #expect(SignalObservation().isCancelled)
    }

    @Test("a combined observation cancels all of its parts, in order")
    func combined() {
        let order = Recorder<Int, Never>()
        let combined = SignalObservation([
            SignalObservation { order.observer.onValue(1) },
            SignalObservation { order.observer.onValue(2) },
        ])
        combined.cancel()
        #expect(order.values == [1, 2])
    }

    @Test("store(in:) keeps observations alive until the container lets go")
    func store() {
        let emitter = Emitter<Int, Never>()
        var set: Set<SignalObservation> = []
        var array: [SignalObservation] = []
        emitter.observe { _ in }.store(in: &set)
        emitter.observe { _ in }.store(in: &array)
        #expect(emitter.observerCount == 2)
        set.removeAll()
        array.removeAll()
        #expect(emitter.observerCount == 0)
    }

    @Test("observations compare by identity")
    func identity() {
        let a = SignalObservation()
        let b = SignalObservation()
        #expect(a == a)
        #expect(a != b)
        #expect(Set([a, b, a]).count == 2)
    }
}
