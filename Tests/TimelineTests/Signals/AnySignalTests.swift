import Testing
import Timeline

@Suite("AnySignal")
struct AnySignalTests {
    @Test("a signal built from a closure")
    func closureSignal() {
        let countdown = AnySignal<Int, Never> { observer in
            for value in stride(from: 3, through: 1, by: -1) { observer.onValue(value) }
            observer.onCompletion(.finished)
            return SignalObservation()
        }
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(countdown.map { $0 * 2 })
        #expect(recorder.events == [.value(6), .value(4), .value(2), .completion(.finished)])
        withExtendedLifetime(observation) {}
    }

    @Test("erasing an erased signal does not wrap it again, and delivery is unchanged")
    func erasure() {
        let emitter = Emitter<Int, Never>()
        let erased = AnySignal(AnySignal(emitter))
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(erased)
        emitter.send(1)
        #expect(recorder.values == [1])
        #expect(emitter.observerCount == 1)
        observation.cancel()
        #expect(emitter.observerCount == 0)
    }
}
