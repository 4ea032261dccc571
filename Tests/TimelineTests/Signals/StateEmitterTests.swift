import Testing
import Timeline

@Suite("StateEmitter")
struct StateEmitterTests {
    @Test("a new observer first receives the current value, then later values")
    func replaysCurrentValue() {
        let state = StateEmitter<Int, Never>(1)
        state.send(2)
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(state)
        #expect(recorder.values == [2])
        state.send(3)
        state.value = 4
        #expect(recorder.values == [2, 3, 4])
        #expect(state.value == 4)
        withExtendedLifetime(observation) {}
    }

    @Test("every observer gets its own replay; delivery follows subscription order")
    func replayPerObserver() {
        let state = StateEmitter<String, Never>("a")
        let log = Recorder<String, Never>()
        let first = state.map { "1\($0)" }.observe(log.observer)
        let second = state.map { "2\($0)" }.observe(log.observer)
        state.send("b")
        #expect(log.values == ["1a", "2a", "1b", "2b"])
        withExtendedLifetime((first, second)) {}
    }

    @Test("after the end: value kept, sends ignored, new observers get only the completion")
    func afterEnd() {
        let state = StateEmitter<Int, TestError>(5)
        let recorder = Recorder<Int, TestError>()
        let observation = recorder.observe(state)
        state.fail(.boom)
        state.send(6)
        state.finish()
        #expect(state.value == 5)
        #expect(recorder.events == [.value(5), .completion(.failed(.boom))])
        let late = Recorder<Int, TestError>()
        let lateObservation = late.observe(state)
        #expect(late.events == [.completion(.failed(.boom))])
        #expect(state.completion == .failed(.boom))
        withExtendedLifetime((observation, lateObservation)) {}
    }

    @Test("releasing the state emitter finishes its observers")
    func releaseFinishes() {
        let recorder = Recorder<Int, Never>()
        var state: StateEmitter<Int, Never>? = StateEmitter(0)
        let observation = recorder.observe(state!)
        state?.send(1)
        state = nil
        #expect(recorder.events == [.value(0), .value(1), .completion(.finished)])
        withExtendedLifetime(observation) {}
    }

    @Test("the stored value shares storage with the value sent")
    func storedValueIsNotCopied() {
        let frame = [Int](0..<50_000)
        let state = StateEmitter<[Int], Never>([])
        state.send(frame)
        let stored = state.value.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let sent = frame.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        #expect(stored == sent)
    }

    @Test("observerCount follows subscriptions")
    func observerCount() {
        let state = StateEmitter<Int, Never>(0)
        var observations = [state.observe { _ in }, state.observe { _ in }]
        #expect(state.observerCount == 2)
        observations.removeLast()
        #expect(state.observerCount == 1)
        state.finish()
        #expect(state.observerCount == 0)
        withExtendedLifetime(observations) {}
    }
}
