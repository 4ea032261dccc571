import Testing
import Timeline

/// An observation that an observer can reach from inside its own callback.
final class ObservationBox: Sendable {
    private let stored = Locked<SignalObservation?>(nil)

    init() {}

    var observation: SignalObservation? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }

    func cancel() { observation?.cancel() }
}

/// Observers that cancel, subscribe and send from inside their callbacks. The expected
/// sequences are written out by hand from the rules in `Docs/Observing.md`:
/// - a cancelled observer receives nothing after `cancel()` returns, including the rest of the
///   delivery in progress;
/// - an observer that subscribes during a delivery receives the next event, not the current one;
/// - a value sent from inside a callback is delivered at once to every observer (depth first);
/// - each observer receives exactly one completion and nothing after it.
@Suite("Re-entrancy")
struct ReentrancyTests {
    @Test("an observer that cancels itself stops at once; the others continue", arguments: [1, 2, 4])
    func cancelSelf(extraObservers: Int) {
        let emitter = Emitter<Int, Never>()
        let selfCancelling = Recorder<Int, Never>()
        let box = ObservationBox()
        box.observation = emitter.observe { value in
            selfCancelling.observer.onValue(value)
            if value == 2 { box.cancel() }
        }
        let others = (0..<extraObservers).map { _ in Recorder<Int, Never>() }
        let observations = others.map { $0.observe(emitter) }
        for value in 1...3 { emitter.send(value) }
        #expect(selfCancelling.values == [1, 2])
        for other in others { #expect(other.values == [1, 2, 3]) }
        #expect(emitter.observerCount == extraObservers)
        withExtendedLifetime(observations) {}
    }

    @Test("an observer that cancels a later observer: the later one misses the current value")
    func cancelLaterObserver() {
        let emitter = Emitter<Int, Never>()
        let a = Recorder<Int, Never>()
        let b = Recorder<Int, Never>()
        let c = Recorder<Int, Never>()
        let bBox = ObservationBox()
        let aObservation = emitter.observe { value in
            a.observer.onValue(value)
            if value == 1 { bBox.cancel() }
        }
        bBox.observation = b.observe(emitter)
        let cObservation = c.observe(emitter)
        emitter.send(1)
        emitter.send(2)
        #expect(a.values == [1, 2])
        #expect(b.values == [])
        #expect(c.values == [1, 2])
        withExtendedLifetime((aObservation, cObservation)) {}
    }

    @Test("an observer that cancels an earlier observer: the earlier one keeps what it had")
    func cancelEarlierObserver() {
        let emitter = Emitter<Int, Never>()
        let a = Recorder<Int, Never>()
        let b = Recorder<Int, Never>()
        let aBox = ObservationBox()
        aBox.observation = a.observe(emitter)
        let bObservation = emitter.observe { value in
            b.observer.onValue(value)
            aBox.cancel()
        }
        emitter.send(1)
        emitter.send(2)
        #expect(a.values == [1])
        #expect(b.values == [1, 2])
        withExtendedLifetime(bObservation) {}
    }

    @Test("an observer that subscribes a new one: the new one starts with the next value")
    func subscribeDuringDelivery() {
        let emitter = Emitter<Int, Never>()
        let late = Recorder<Int, Never>()
        let box = ObservationBox()
        let first = emitter.observe { value in
            if value == 1 { box.observation = late.observe(emitter) }
        }
        let other = Recorder<Int, Never>()
        let otherObservation = other.observe(emitter)
        emitter.send(1)
        emitter.send(2)
        emitter.send(3)
        #expect(late.values == [2, 3])
        #expect(other.values == [1, 2, 3])
        withExtendedLifetime((first, otherObservation)) {}
    }

    @Test("a state emitter's observer that subscribes a new one: it replays the current value once")
    func subscribeDuringStateDelivery() {
        let state = StateEmitter<Int, Never>(0)
        let late = Recorder<Int, Never>()
        let box = ObservationBox()
        let first = state.observe { value in
            if value == 5 { box.observation = late.observe(state) }
        }
        state.send(5)
        state.send(6)
        #expect(late.values == [5, 6])
        withExtendedLifetime(first) {}
    }

    @Test("a value sent from inside a callback is delivered depth first")
    func nestedSend() {
        let emitter = Emitter<Int, Never>()
        let log = Recorder<String, Never>()
        let a = emitter.observe { value in
            log.observer.onValue("a\(value)")
            if value == 1 { emitter.send(10) }
        }
        let b = emitter.map { "b\($0)" }.observe(log.observer)
        let c = emitter.map { "c\($0)" }.observe(log.observer)
        emitter.send(1)
        emitter.send(2)
        #expect(log.values == ["a1", "a10", "b10", "c10", "b1", "c1", "a2", "b2", "c2"])
        withExtendedLifetime((a, b, c)) {}
    }

    @Test("a chain of nested sends ends and delivers each value once")
    func recursiveSends() {
        let state = StateEmitter<Int, Never>(0)
        let recorder = Recorder<Int, Never>()
        let recursion = state.observe { value in
            if value < 5 { state.send(value + 1) }
        }
        let observation = recorder.observe(state)
        // The recorder subscribed after the recursion ended at 5.
        #expect(recorder.values == [5])
        state.send(1)
        // 1 reaches the recursion first, which sends 2 … 5 depth first: the recorder sees the
        // inner values first and the outer ones on the way back out.
        #expect(recorder.values == [5, 5, 4, 3, 2, 1])
        #expect(state.value == 5)
        withExtendedLifetime((recursion, observation)) {}
    }

    @Test("finish from inside a callback: later observers get the completion, not the value")
    func finishDuringDelivery() {
        let emitter = Emitter<Int, Never>()
        let a = Recorder<Int, Never>()
        let b = Recorder<Int, Never>()
        let aObservation = emitter.observe(
            Observer(
                onValue: { value in
                    a.observer.onValue(value)
                    emitter.finish()
                },
                onCompletion: a.observer.onCompletion
            )
        )
        let bObservation = b.observe(emitter)
        emitter.send(1)
        emitter.send(2)
        #expect(a.events == [.value(1), .completion(.finished)])
        #expect(b.events == [.completion(.finished)])
        withExtendedLifetime((aObservation, bObservation)) {}
    }

    @Test("completion handlers that cancel, subscribe or finish again see exactly one completion")
    func reentrantCompletion() {
        let emitter = Emitter<Int, TestError>()
        let a = Recorder<Int, TestError>()
        let late = Recorder<Int, TestError>()
        let box = ObservationBox()
        let lateBox = ObservationBox()
        box.observation = emitter.observe(
            Observer(
                onValue: a.observer.onValue,
                onCompletion: { completion in
                    a.observer.onCompletion(completion)
                    box.cancel()
                    emitter.fail(.other(2))
                    lateBox.observation = late.observe(emitter)
                }
            )
        )
        let b = Recorder<Int, TestError>()
        let bObservation = b.observe(emitter)
        emitter.fail(.boom)
        #expect(a.events == [.completion(.failed(.boom))])
        #expect(b.events == [.completion(.failed(.boom))])
        #expect(late.events == [.completion(.failed(.boom))])
        withExtendedLifetime(bObservation) {}
    }

    @Test("cancelling every observer from inside the first callback")
    func cancelAllDuringDelivery() {
        let emitter = Emitter<Int, Never>()
        let boxes = (0..<4).map { _ in ObservationBox() }
        let counts = (0..<4).map { _ in Counter() }
        for index in 0..<4 {
            boxes[index].observation = emitter.observe { _ in
                counts[index].increment()
                for box in boxes { box.cancel() }
            }
        }
        emitter.send(1)
        emitter.send(2)
        #expect(counts.map(\.value) == [1, 0, 0, 0])
        #expect(emitter.observerCount == 0)
    }

    @Test("an operator's observer that sends into the operator's source")
    func reentrantThroughOperators() {
        let emitter = Emitter<Int, Never>()
        let sums = Recorder<Int, Never>()
        let firstTwo = Recorder<Int, Never>()
        let scanned = emitter.scan(0, +).observe(sums.observer)
        let prefixed = emitter.prefix(2).observe(
            Observer(
                onValue: { value in
                    firstTwo.observer.onValue(value)
                    if value == 1 { emitter.send(100) }
                },
                onCompletion: firstTwo.observer.onCompletion
            )
        )
        emitter.send(1)
        emitter.send(2)
        // scan saw 1 first; 100 arrived (depth first) while 1 was still being delivered to the
        // prefix observer, which is after the scan observer in subscription order.
        #expect(sums.values == [1, 101, 103])
        #expect(firstTwo.events == [.value(1), .value(100), .completion(.finished)])
        #expect(emitter.observerCount == 1)
        withExtendedLifetime((scanned, prefixed)) {}
    }
}
