public import Synchronization

/// The observer list behind ``Emitter`` and ``StateEmitter``.
///
/// ## Send path
/// A send takes the lock once, reads the current ``ObserverView`` (unmanaged references, no
/// retain), releases the lock and calls the observers. To make reading without retaining safe, the
/// first sender marks the registry as delivering (`isDelivering`); while it is set, any observer
/// list or entry that a subscription change replaces is *retired* (kept alive) instead of
/// released. The delivering sender clears the mark when done and releases what was retired.
/// A second sender that finds the mark set (a re-entrant send from inside a callback, or a send
/// on another thread) takes the slow path: it retains the view's owner for its delivery.
///
/// Uncontended, a send therefore costs one compare-and-exchange, a few plain loads and stores and
/// the observer calls: no allocation, no reference counting.
///
/// ## Changes
/// Subscribing, cancelling and completing rebuild the view under the lock (allocating a new
/// ``ObserverList`` for two or more observers) and release replaced objects after unlocking, so
/// that deinitialisers never run under the lock.
@usableFromInline
final class ObserverRegistry<Output: Sendable, Failure: Error>: @unchecked Sendable {
    @usableFromInline let lock = SpinLock()
    /// Set (under the lock) by the sender that reads `view` unretained; cleared after delivery.
    @usableFromInline let isDelivering = Atomic(false)
    /// Whether `retired` may hold objects to release.
    @usableFromInline let hasRetired = Atomic(false)

    // Guarded by `lock`.
    @usableFromInline nonisolated(unsafe) var view: ObserverView<Output, Failure> = .none
    /// The object that keeps `view` alive: the single entry or the list.
    @usableFromInline nonisolated(unsafe) var viewOwner: AnyObject?
    /// The current value of a ``StateEmitter``.
    @usableFromInline nonisolated(unsafe) var current: Output?
    @usableFromInline nonisolated(unsafe) var completion: SignalCompletion<Failure>?
    nonisolated(unsafe) var entries: ContiguousArray<ObserverEntry<Output, Failure>> = []
    nonisolated(unsafe) var retired: [AnyObject] = []
    nonisolated(unsafe) var nextID: UInt64 = 0

    /// Where the current value lives when it is kept elsewhere (an ``AnimatedState``'s cell):
    /// read for replays and ``currentValue`` instead of `current`.
    let replay: (@Sendable () -> Output)?

    @usableFromInline
    init(current: Output?) {
        self.current = current
        replay = nil
    }

    /// A registry whose current value is read from `replay` (called without holding the lock).
    init(replay: @escaping @Sendable () -> Output) {
        self.current = nil
        self.replay = replay
    }

    // MARK: Sending

    /// Delivers `value` to the observers; with `storing`, first makes it the current value.
    @inlinable
    @inline(__always)
    func send(_ value: Output, storing: Bool) {
        lock.lock()
        var previous: Output?
        if storing {
            if completion != nil {
                lock.unlock()
                return
            }
            previous = value
            swap(&previous, &current)
        }
        if !isDelivering.load(ordering: .relaxed) {
            isDelivering.store(true, ordering: .relaxed)
            let view = self.view
            lock.unlock()
            withExtendedLifetime(previous) {}
            view.deliver(value)
            isDelivering.store(false, ordering: .releasing)
            if hasRetired.load(ordering: .relaxed) {
                releaseRetired()
            }
        } else {
            let view = self.view
            let owner = viewOwner
            lock.unlock()
            withExtendedLifetime(previous) {}
            withExtendedLifetime(owner) { view.deliver(value) }
        }
    }

    /// Ends the signal: delivers `completion` once to every observer and forgets them.
    ///
    /// - Returns: `false` if the signal had already ended.
    @usableFromInline
    @discardableResult
    func complete(_ completion: SignalCompletion<Failure>) -> Bool {
        lock.lock()
        guard self.completion == nil else {
            lock.unlock()
            return false
        }
        self.completion = completion
        let ending = entries
        entries = []
        let replaced = rebuildView()
        let garbage = takeRetiredIfIdle()
        lock.unlock()
        for entry in ending {
            entry.receive(completion: completion)
        }
        withExtendedLifetime((replaced, garbage)) {}
        return true
    }

    // MARK: Observers

    /// Attaches `observer`; with `replaying`, first delivers the current value to it.
    @usableFromInline
    func add(_ observer: Observer<Output, Failure>, replaying: Bool) -> SignalObservation {
        let flag = ActivityFlag()
        lock.lock()
        if let completion {
            lock.unlock()
            observer.onCompletion(completion)
            return SignalObservation()
        }
        let id = nextID
        nextID &+= 1
        let entry = ObserverEntry(observer, flag: flag, id: id)
        entries.append(entry)
        let replaced = rebuildView()
        let garbage = takeRetiredIfIdle()
        var initial = replaying ? current : nil
        lock.unlock()
        withExtendedLifetime((replaced, garbage)) {}
        if replaying, let replay { initial = replay() }
        if let initial {
            entry.receive(initial)
        }
        return SignalObservation { [weak self] in
            flag.isActive.store(false, ordering: .releasing)
            self?.remove(id)
        }
    }

    /// Detaches the observer with `id` (its flag is already off).
    func remove(_ id: UInt64) {
        lock.lock()
        guard let index = entries.firstIndex(where: { $0.id == id }) else {
            lock.unlock()
            return
        }
        let entry = entries.remove(at: index)
        let replaced = rebuildView()
        let garbage = takeRetiredIfIdle()
        lock.unlock()
        withExtendedLifetime((entry, replaced, garbage)) {}
    }

    /// The number of attached observers.
    @usableFromInline
    var count: Int {
        lock.withLock { entries.count }
    }

    /// The completion, if the signal has ended.
    @usableFromInline
    var ending: SignalCompletion<Failure>? {
        lock.withLock { completion }
    }

    /// The current value of a ``StateEmitter``.
    @usableFromInline
    var currentValue: Output? {
        if let replay { return replay() }
        return lock.withLock { current }
    }

    // MARK: Under the lock

    /// Publishes a view of `entries`; returns the replaced owner if it can be released now.
    private func rebuildView() -> AnyObject? {
        let replaced = viewOwner
        switch entries.count {
        case 0:
            view = .none
            viewOwner = nil
        case 1:
            view = .one(Unmanaged.passUnretained(entries[0]))
            viewOwner = entries[0]
        default:
            let list = ObserverList(entries)
            view = .many(Unmanaged.passUnretained(list))
            viewOwner = list
        }
        guard let replaced else { return nil }
        if isDelivering.load(ordering: .acquiring) {
            retired.append(replaced)
            hasRetired.store(true, ordering: .relaxed)
            return nil
        }
        return replaced
    }

    /// Takes the retired objects if no unretained delivery can still be reading them.
    private func takeRetiredIfIdle() -> [AnyObject] {
        guard !retired.isEmpty, !isDelivering.load(ordering: .acquiring) else { return [] }
        hasRetired.store(false, ordering: .relaxed)
        defer { retired = [] }
        return retired
    }

    /// Releases retired objects once the delivering sender is done.
    @usableFromInline
    @inline(never)
    func releaseRetired() {
        lock.lock()
        let garbage = takeRetiredIfIdle()
        lock.unlock()
        withExtendedLifetime(garbage) {}
    }
}
