public import Synchronization

/// Whether an observer still wants events; shared by its list entry and its ``SignalObservation``.
///
/// The flag is its own small object so that the observation can switch it off without holding
/// the entry (and through it the observer's closures, which may capture the observation's owner).
@usableFromInline
final class ActivityFlag: Sendable {
    @usableFromInline let isActive = Atomic(true)

    @inlinable
    init() {}
}

/// One observer attached to an ``ObserverRegistry``.
@usableFromInline
final class ObserverEntry<Output: Sendable, Failure: Error>: Sendable {
    @usableFromInline let observer: Observer<Output, Failure>
    @usableFromInline let flag: ActivityFlag
    @usableFromInline let id: UInt64

    @usableFromInline
    init(_ observer: Observer<Output, Failure>, flag: ActivityFlag, id: UInt64) {
        self.observer = observer
        self.flag = flag
        self.id = id
    }

    /// Delivers a value unless the observer was cancelled or completed.
    @inlinable
    func receive(_ value: Output) {
        if flag.isActive.load(ordering: .acquiring) {
            observer.onValue(value)
        }
    }

    /// Delivers the completion unless the observer was cancelled or already completed.
    @usableFromInline
    func receive(completion: SignalCompletion<Failure>) {
        if flag.isActive.exchange(false, ordering: .acquiringAndReleasing) {
            observer.onCompletion(completion)
        }
    }
}

/// An immutable list of two or more entries, read without locking by the send path.
///
/// The list retains its entries; the send path reads it through unmanaged references while the
/// registry guarantees it stays alive (see ``ObserverRegistry``).
@usableFromInline
final class ObserverList<Output: Sendable, Failure: Error>: @unchecked Sendable {
    @usableFromInline let entries: ContiguousArray<Unmanaged<ObserverEntry<Output, Failure>>>

    @usableFromInline
    init(_ entries: ContiguousArray<ObserverEntry<Output, Failure>>) {
        self.entries = ContiguousArray(entries.lazy.map { Unmanaged.passRetained($0) })
    }

    deinit {
        for entry in entries { entry.release() }
    }

    @inlinable
    func deliver(_ value: Output) {
        entries.withUnsafeBufferPointer { entries in
            for entry in entries {
                entry._withUnsafeGuaranteedRef { $0.receive(value) }
            }
        }
    }
}

/// The observers as the send path sees them: none, one, or a list, all without reference counting.
///
/// No allocation for zero or one observer (the one is the entry itself).
@usableFromInline
enum ObserverView<Output: Sendable, Failure: Error>: @unchecked Sendable {
    case none
    case one(Unmanaged<ObserverEntry<Output, Failure>>)
    case many(Unmanaged<ObserverList<Output, Failure>>)

    /// Delivers `value` to every active observer, in subscription order.
    @inlinable
    func deliver(_ value: Output) {
        switch self {
        case .none:
            return
        case .one(let entry):
            entry._withUnsafeGuaranteedRef { $0.receive(value) }
        case .many(let list):
            list._withUnsafeGuaranteedRef { $0.deliver(value) }
        }
    }
}
