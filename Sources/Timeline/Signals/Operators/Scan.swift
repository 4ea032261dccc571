extension Signal {
    /// Accumulates the values: passes on each intermediate result.
    ///
    /// ```swift
    /// numbers.scan(0, +)   // 1, 2, 3  ->  1, 3, 6
    /// ```
    ///
    /// Each observation keeps its own accumulator, starting from `initialResult`.
    ///
    /// `nextPartialResult` runs without a lock held, so it may do anything; it should be pure,
    /// because when events arrive from several threads at once (or re-entrantly, from inside the
    /// closure) a result computed from a superseded accumulator is recomputed.
    ///
    /// - Parameters:
    ///   - initialResult: The accumulator before the first value.
    ///   - nextPartialResult: Combines the accumulator with a value.
    /// - Returns: A signal of the accumulated results, with the same completion.
    @inlinable
    public func scan<Result: Sendable>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping @Sendable (Result, Output) -> Result
    ) -> some Signal<Result, Failure> {
        ScanSignal(upstream: self, initialResult: initialResult, next: nextPartialResult)
    }
}

@usableFromInline
struct ScanSignal<Upstream: Signal, Output: Sendable>: Signal {
    @usableFromInline typealias Failure = Upstream.Failure
    @usableFromInline let upstream: Upstream
    @usableFromInline let initialResult: Output
    @usableFromInline let next: @Sendable (Output, Upstream.Output) -> Output

    @inlinable
    init(
        upstream: Upstream, initialResult: Output,
        next: @escaping @Sendable (Output, Upstream.Output) -> Output
    ) {
        self.upstream = upstream
        self.initialResult = initialResult
        self.next = next
    }

    @inlinable
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        let next = self.next
        let onValue = observer.onValue
        let state = LockedState(VersionedValue(initialResult))
        return upstream.observe(
            Observer(
                onValue: { value in
                    while true {
                        let (accumulator, version) = state.withLock { ($0.value, $0.version) }
                        let result = next(accumulator, value)
                        let replaced = state.withLock { $0.replace(with: result, ifVersion: version) }
                        if replaced.stored {
                            onValue(result)
                            return
                        }
                    }
                },
                onCompletion: observer.onCompletion
            )
        )
    }
}

/// A value with a version that counts its changes, for optimistic updates that call user code
/// outside the lock.
@usableFromInline
struct VersionedValue<Value> {
    @usableFromInline var value: Value
    @usableFromInline var version: UInt64 = 0

    @inlinable
    init(_ value: Value) { self.value = value }

    /// Stores `newValue` if nothing changed since `version` was read.
    ///
    /// - Returns: Whether it was stored, and the replaced value (to release after unlocking).
    @inlinable
    mutating func replace(with newValue: Value, ifVersion expected: UInt64) -> (
        stored: Bool, previous: Value?
    ) {
        guard version == expected else { return (false, nil) }
        version &+= 1
        var previous: Value? = newValue
        swap(&previous!, &value)
        return (true, previous)
    }
}
