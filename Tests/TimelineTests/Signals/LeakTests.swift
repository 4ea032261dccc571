import Dispatch
import Testing
import Timeline

/// An object that stores its own observation while its observer closure captures it strongly:
/// the shape of a retain cycle, if the signal kept either alive for too long.
final class Owner: Sendable {
    let flag: ReleaseFlag
    let box = ObservationBox()
    let received = Counter()

    init(_ flag: ReleaseFlag) { self.flag = flag }

    deinit { flag.markReleased() }

    /// Observes `signal` with a closure that captures `self` strongly.
    func observe<S: Signal>(_ signal: S) {
        box.observation = signal.observe(
            Observer(onValue: { _ in self.received.increment() }, onCompletion: { _ in _ = self })
        )
    }
}

/// The operator chains whose release the tests check, built from two emitters.
enum Chain: String, CaseIterable, CustomStringConvertible {
    case plain, map, compactMap, filter, tryMap, scan, removeDuplicates, prefix, first
    case combineLatest, combineLatest3, combineLatestArray, zip, zip3, zipArray
    case merge, mergeArray, sample, delivered, erased

    var description: String { rawValue }

    func build(_ a: Emitter<Int, TestError>, _ b: Emitter<Int, TestError>) -> AnySignal<Int, TestError> {
        switch self {
        case .plain: AnySignal(a)
        case .map: AnySignal(a.map { $0 + 1 })
        case .compactMap: AnySignal(a.compactMap { $0 })
        case .filter: AnySignal(a.filter { $0 > 0 })
        case .tryMap: AnySignal(a.tryMap { value throws(TestError) in value })
        case .scan: AnySignal(a.scan(0, +))
        case .removeDuplicates: AnySignal(a.removeDuplicates())
        case .prefix: AnySignal(a.prefix(100))
        case .first: AnySignal(a.first { $0 > 100 })
        case .combineLatest: AnySignal(a.combineLatest(with: b).map { $0 + $1 })
        case .combineLatest3: AnySignal(a.combineLatest(with: b, a).map { $0 + $1 + $2 })
        case .combineLatestArray: AnySignal([a, b].combineLatest().map { $0.reduce(0, +) })
        case .zip: AnySignal(a.zip(with: b).map { $0 + $1 })
        case .zip3: AnySignal(a.zip(with: b, a).map { $0 + $1 + $2 })
        case .zipArray: AnySignal([a, b].zip().map { $0.reduce(0, +) })
        case .merge: AnySignal(a.merge(with: b))
        case .mergeArray: AnySignal([a, b, a].merge())
        case .sample: AnySignal(a.sample(on: b.map { _ in () }.replaceFailure()))
        case .delivered: AnySignal(a.delivered(on: DispatchQueue(label: "leak"), buffering: .unbounded))
        case .erased: AnySignal(AnySignal(AnySignal(a)))
        }
    }
}

extension Signal {
    /// The same signal with failures turned into finishing (for a trigger, which cannot fail).
    func replaceFailure() -> some Signal<Output, Never> {
        AnySignal<Output, Never> { observer in
            self.observe(Observer(onValue: observer.onValue, onCompletion: { _ in observer.onCompletion(.finished) }))
        }
    }
}

@Suite("Leaks")
struct LeakTests {
    @Test("an owner captured by its own observer is released when the sources finish", arguments: Chain.allCases)
    func releasedOnFinish(chain: Chain) {
        let a = Emitter<Int, TestError>()
        let b = Emitter<Int, TestError>()
        let flag = ReleaseFlag()
        Owner(flag).observe(chain.build(a, b))
        a.send(1)
        b.send(2)
        #expect(!flag.isReleased)
        a.finish()
        b.finish()
        // `delivered` releases the observer once its queue has run the completion.
        waitUntil { flag.isReleased }
        #expect(flag.isReleased)
        #expect(a.observerCount == 0 && b.observerCount == 0)
    }

    @Test("an owner captured by its own observer is released when it cancels", arguments: Chain.allCases)
    func releasedOnCancel(chain: Chain) {
        let a = Emitter<Int, TestError>()
        let b = Emitter<Int, TestError>()
        let flag = ReleaseFlag()
        weak var weakOwner: Owner?
        do {
            let owner = Owner(flag)
            owner.observe(chain.build(a, b))
            weakOwner = owner
        }
        #expect(!flag.isReleased)
        weakOwner?.box.cancel()
        waitUntil { flag.isReleased }
        #expect(flag.isReleased)
        #expect(a.observerCount == 0 && b.observerCount == 0)
    }

    @Test("an observation that outlives its source: the source is released and finishes it", arguments: Chain.allCases)
    func sourceReleased(chain: Chain) {
        let flag = ReleaseFlag()
        weak var weakA: Emitter<Int, TestError>?
        weak var weakB: Emitter<Int, TestError>?
        let owner = Owner(flag)
        do {
            let a = Emitter<Int, TestError>()
            let b = Emitter<Int, TestError>()
            weakA = a
            weakB = b
            owner.observe(chain.build(a, b))
        }
        #expect(weakA == nil && weakB == nil)
        #expect(owner.box.observation != nil)
        owner.box.observation = nil
    }

    @Test("an observer cancelled during a delivery is released when the delivery ends")
    func releasedAfterReentrantCancel() {
        let emitter = Emitter<Int, Never>()
        let flag = ReleaseFlag()
        let box = ObservationBox()
        let others = (0..<2).map { _ in emitter.observe { _ in } }
        do {
            let tracked = Tracked(flag)
            box.observation = emitter.observe { _ in
                withExtendedLifetime(tracked) {}
                box.cancel()
                // Still alive while its own callback runs.
                #expect(!flag.isReleased)
            }
        }
        emitter.send(1)
        #expect(flag.isReleased)
        withExtendedLifetime(others) {}
    }

    @Test("values held by operators are released with the observation")
    func heldValuesReleased() {
        let a = Emitter<Tracked, Never>()
        let b = Emitter<Tracked, Never>()
        let ticks = Emitter<Int, Never>()
        let flags = (0..<4).map { _ in ReleaseFlag() }
        var observations = [
            a.zip(with: b).observe { _ in },
            a.sample(on: ticks).observe { _ in },
            a.removeDuplicates { $0 === $1 }.observe { _ in },
            [a, b].combineLatest().observe { _ in },
        ]
        a.send(Tracked(flags[0]))
        a.send(Tracked(flags[1]))
        b.send(Tracked(flags[2]))
        b.send(Tracked(flags[3]))
        #expect(!flags[1].isReleased)
        observations.removeAll()
        #expect(flags.allSatisfy { $0.isReleased })
        #expect(a.observerCount == 0 && b.observerCount == 0 && ticks.observerCount == 0)
    }
}

/// Waits, without a time limit, until `condition` holds; for work finishing on another queue.
func waitUntil(_ condition: () -> Bool) {
    while !condition() {
        DispatchQueue.global().sync {}
    }
}
