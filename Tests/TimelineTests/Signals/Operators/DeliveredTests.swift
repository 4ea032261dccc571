import Dispatch
import Testing
import Timeline

@Suite("delivered(on:buffering:)")
struct DeliveredTests {
    /// Ten values sent while the observer cannot run, then the scheduler runs: what is kept and
    /// exactly which values are dropped.
    @Test("a burst while the observer is busy keeps what the policy says", arguments: [
        (BufferingPolicy.latest, [10], Array(1...9)),
        (.keepingNewest(3), [8, 9, 10], Array(1...7)),
        (.keepingOldest(3), [1, 2, 3], Array(4...10)),
        (.keepingNewest(10), Array(1...10), []),
        (.unbounded, Array(1...10), []),
    ])
    func burst(policy: BufferingPolicy, kept: [Int], dropped: [Int]) {
        let emitter = Emitter<Int, Never>()
        let scheduler = ManualScheduler()
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(emitter.delivered(on: scheduler, buffering: policy))
        for value in 1...10 { emitter.send(value) }
        emitter.finish()
        #expect(recorder.events.isEmpty)
        #expect(scheduler.submittedCount == 1)
        scheduler.runAll()
        #expect(recorder.values == kept)
        #expect(recorder.completions == [.finished])
        #expect((1...10).filter { !recorder.values.contains($0) } == dropped)
        withExtendedLifetime(observation) {}
    }

    @Test("values arriving while the observer runs are buffered and drained in the same action")
    func slowObserver() {
        let emitter = Emitter<Int, Never>()
        let scheduler = ManualScheduler()
        let recorder = Recorder<Int, Never>()
        let observation = emitter.delivered(on: scheduler, buffering: .keepingNewest(2)).observe { value in
            recorder.observer.onValue(value)
            // While the observer handles 1, the producer sends 2 … 6: 2, 3, 4 are dropped.
            if value == 1 { for next in 2...6 { emitter.send(next) } }
        }
        emitter.send(1)
        scheduler.runAll()
        #expect(recorder.values == [1, 5, 6])
        #expect(scheduler.submittedCount == 1)
        emitter.send(7)
        scheduler.runAll()
        #expect(recorder.values == [1, 5, 6, 7])
        #expect(scheduler.submittedCount == 2)
        withExtendedLifetime(observation) {}
    }

    @Test("a failure is delivered after the waiting values and is never dropped")
    func failureAfterValues() {
        let emitter = Emitter<Int, TestError>()
        let scheduler = ManualScheduler()
        let recorder = Recorder<Int, TestError>()
        let observation = recorder.observe(emitter.delivered(on: scheduler, buffering: .keepingOldest(1)))
        emitter.send(1)
        emitter.send(2)
        emitter.fail(.boom)
        scheduler.runAll()
        #expect(recorder.events == [.value(1), .completion(.failed(.boom))])
        withExtendedLifetime(observation) {}
    }

    @Test("cancelling before the scheduler runs delivers nothing and releases the waiting values")
    func cancelBeforeRun() {
        let emitter = Emitter<Tracked, Never>()
        let scheduler = ManualScheduler()
        let flag = ReleaseFlag()
        let recorder = Recorder<Int, Never>()
        let observation = emitter.delivered(on: scheduler, buffering: .unbounded).observe {
            recorder.observer.onValue($0.id)
        }
        emitter.send(Tracked(flag, id: 1))
        #expect(!flag.isReleased)
        observation.cancel()
        #expect(flag.isReleased)
        #expect(emitter.observerCount == 0)
        scheduler.runAll()
        #expect(recorder.events.isEmpty)
    }

    @Test("an observer that cancels itself receives nothing more, even what is already waiting")
    func cancelDuringDrain() {
        let emitter = Emitter<Int, Never>()
        let scheduler = ManualScheduler()
        let recorder = Recorder<Int, Never>()
        let box = ObservationBox()
        box.observation = emitter.delivered(on: scheduler, buffering: .unbounded).observe { value in
            recorder.observer.onValue(value)
            box.cancel()
        }
        for value in 1...4 { emitter.send(value) }
        scheduler.runAll()
        #expect(recorder.values == [1])
        #expect(emitter.observerCount == 0)
    }

    @Test("on a real dispatch queue: every value in order, then the completion")
    func dispatchQueue() async {
        let emitter = Emitter<Int, Never>()
        let queue = DispatchQueue(label: "cadence.tests.delivered")
        let recorder = Recorder<Int, Never>()
        let count = 5_000
        // The observation must outlive the loop: releasing it would cancel the delivery.
        var observation: SignalObservation?
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            observation = emitter.delivered(on: queue, buffering: .unbounded).observe(
                Observer(
                    onValue: recorder.observer.onValue,
                    onCompletion: { _ in done.resume() }
                )
            )
            for value in 1...count { emitter.send(value) }
            emitter.finish()
        }
        #expect(recorder.values == Array(1...count))
        withExtendedLifetime(observation) {}
    }

    @Test("latest on a real queue: what arrives is increasing and ends with the last value")
    func latestOnQueue() async {
        let emitter = Emitter<Int, Never>()
        let queue = DispatchQueue(label: "cadence.tests.latest")
        let recorder = Recorder<Int, Never>()
        let count = 20_000
        var observation: SignalObservation?
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            observation = emitter.delivered(on: queue).observe(
                Observer(onValue: recorder.observer.onValue, onCompletion: { _ in done.resume() })
            )
            for value in 1...count { emitter.send(value) }
            emitter.finish()
        }
        withExtendedLifetime(observation) {}
        let values = recorder.values
        #expect(values.last == count)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
    }
}
