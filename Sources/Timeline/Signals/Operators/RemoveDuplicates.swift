extension Signal {
    /// Passes on a value only if it differs from the last value passed on.
    ///
    /// ```swift
    /// numbers.removeDuplicates(by: { abs($0 - $1) < 0.01 })   // 1, 1.001, 2  ->  1, 2
    /// ```
    ///
    /// Each observation keeps its own last value. `isDuplicate` runs without a lock held and
    /// should be pure: with events from several threads at once it may be called again.
    ///
    /// - Parameter isDuplicate: Whether the new value (second argument) repeats the last value
    ///   passed on (first argument).
    /// - Returns: A signal without consecutive duplicates, with the same completion.
    @inlinable
    public func removeDuplicates(
        by isDuplicate: @escaping @Sendable (Output, Output) -> Bool
    ) -> some Signal<Output, Failure> {
        RemoveDuplicatesSignal(upstream: self, isDuplicate: isDuplicate)
    }
}

extension Signal where Output: Equatable {
    /// Passes on a value only if it is not equal to the last value passed on.
    ///
    /// ```swift
    /// numbers.removeDuplicates()   // 1, 1, 2, 2, 1  ->  1, 2, 1
    /// ```
    ///
    /// - Returns: A signal without consecutive equal values, with the same completion.
    @inlinable
    public func removeDuplicates() -> some Signal<Output, Failure> {
        RemoveDuplicatesSignal(upstream: self, isDuplicate: { $0 == $1 })
    }
}

@usableFromInline
struct RemoveDuplicatesSignal<Upstream: Signal>: Signal {
    @usableFromInline typealias Output = Upstream.Output
    @usableFromInline typealias Failure = Upstream.Failure
    @usableFromInline let upstream: Upstream
    @usableFromInline let isDuplicate: @Sendable (Output, Output) -> Bool

    @inlinable
    init(upstream: Upstream, isDuplicate: @escaping @Sendable (Output, Output) -> Bool) {
        self.upstream = upstream
        self.isDuplicate = isDuplicate
    }

    @inlinable
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        let isDuplicate = self.isDuplicate
        let onValue = observer.onValue
        let state = LockedState(VersionedValue<Output?>(nil))
        return upstream.observe(
            Observer(
                onValue: { value in
                    while true {
                        let (last, version) = state.withLock { ($0.value, $0.version) }
                        if let last, isDuplicate(last, value) {
                            // Drop it, unless the last value changed meanwhile.
                            if state.withLock({ $0.version == version }) { return }
                            continue
                        }
                        let replaced = state.withLock { $0.replace(with: value, ifVersion: version) }
                        if replaced.stored {
                            onValue(value)
                            return
                        }
                    }
                },
                onCompletion: observer.onCompletion
            )
        )
    }
}
