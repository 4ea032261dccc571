import Testing
import Timeline

@Suite("sample")
struct SampleTests {
    @Test("each trigger passes on the latest value, once")
    func samplesLatest() {
        let position = Emitter<Int, Never>()
        let ticks = Emitter<Void, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(position.sample(on: ticks))
        ticks.send()            // no value yet
        position.send(1)
        position.send(2)
        position.send(3)
        ticks.send()            // 3
        ticks.send()            // 3 again
        position.send(4)
        ticks.send()            // 4
        #expect(recorder.values == [3, 3, 4])
        withExtendedLifetime(observation) {}
    }

    @Test("a state emitter is sampled from its current value")
    func samplesState() {
        let state = StateEmitter<String, Never>("idle")
        let ticks = Emitter<Int, Never>()
        let recorder = Recorder<String, Never>()
        let observation = recorder.observe(state.sample(on: ticks))
        ticks.send(1)
        state.send("running")
        ticks.send(2)
        #expect(recorder.values == ["idle", "running"])
        withExtendedLifetime(observation) {}
    }

    @Test("finishes when the trigger finishes, and detaches from both")
    func triggerFinishes() {
        let values = Emitter<Int, TestError>()
        let ticks = Emitter<Int, Never>()
        let recorder = Recorder<Int, TestError>()
        let observation = recorder.observe(values.sample(on: ticks))
        values.send(1)
        ticks.send(0)
        ticks.finish()
        values.send(2)
        #expect(recorder.events == [.value(1), .completion(.finished)])
        #expect(values.observerCount == 0)
        withExtendedLifetime(observation) {}
    }

    @Test("finishes or fails with the sampled signal")
    func upstreamEnds() {
        let values = Emitter<Int, TestError>()
        let ticks = Emitter<Int, Never>()
        let recorder = Recorder<Int, TestError>()
        let observation = recorder.observe(values.sample(on: ticks))
        values.send(1)
        values.fail(.boom)
        ticks.send(0)
        #expect(recorder.events == [.completion(.failed(.boom))])
        #expect(ticks.observerCount == 0)
        withExtendedLifetime(observation) {}
    }

    @Test("a sampled frame keeps its storage")
    func framesNotCopied() {
        let frames = Emitter<[Double], Never>()
        let ticks = Emitter<Int, Never>()
        let frame = [Double](repeating: 1, count: 10_000)
        let address = frame.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let recorder = Recorder<UInt, Never>()
        let observation = frames.sample(on: ticks).observe { sampled in
            recorder.observer.onValue(sampled.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) })
        }
        frames.send(frame)
        ticks.send(1)
        #expect(recorder.values == [address])
        withExtendedLifetime(observation) {}
    }
}
