extension Signal {
    /// Passes on the first `maxLength` values, then finishes and cancels the upstream observation.
    ///
    /// ```swift
    /// numbers.prefix(2)   // 1, 2, 3, 4  ->  1, 2, finished
    /// ```
    ///
    /// `prefix(0)` (or a negative count) finishes as soon as it is observed. If the upstream ends
    /// first, its completion is passed on.
    ///
    /// - Parameter maxLength: The number of values to pass on.
    /// - Returns: A signal of at most `maxLength` values.
    @inlinable
    public func prefix(_ maxLength: Int) -> some Signal<Output, Failure> {
        PrefixSignal(upstream: self, maxLength: Swift.max(maxLength, 0))
    }

    /// Passes on the first value, then finishes and cancels the upstream observation.
    ///
    /// ```swift
    /// numbers.first()   // 5, 6, 7  ->  5, finished
    /// ```
    ///
    /// - Returns: A signal of at most one value.
    @inlinable
    public func first() -> some Signal<Output, Failure> {
        PrefixSignal(upstream: self, maxLength: 1)
    }

    /// Passes on the first value that satisfies `predicate`, then finishes.
    ///
    /// ```swift
    /// numbers.first { $0 > 5 }   // 3, 8, 9  ->  8, finished
    /// ```
    ///
    /// - Parameter predicate: Called for each value until one satisfies it.
    /// - Returns: A signal of at most one value.
    @inlinable
    public func first(
        where predicate: @escaping @Sendable (Output) -> Bool
    ) -> some Signal<Output, Failure> {
        PrefixSignal(upstream: FilterSignal(upstream: self, isIncluded: predicate), maxLength: 1)
    }
}

@usableFromInline
struct PrefixSignal<Upstream: Signal>: Signal {
    @usableFromInline typealias Output = Upstream.Output
    @usableFromInline typealias Failure = Upstream.Failure
    @usableFromInline let upstream: Upstream
    @usableFromInline let maxLength: Int

    @inlinable
    init(upstream: Upstream, maxLength: Int) {
        self.upstream = upstream
        self.maxLength = maxLength
    }

    @inlinable
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        guard maxLength > 0 else {
            observer.onCompletion(.finished)
            return SignalObservation()
        }
        // The number of values still to pass on; -1 once the completion has been passed on.
        let remaining = LockedState(maxLength)
        let link = UpstreamLink()
        link.attach(
            upstream.observe(
                Observer(
                    onValue: { value in
                        let left = remaining.withLock { remaining -> Int? in
                            guard remaining > 0 else { return nil }
                            remaining -= 1
                            if remaining == 0 { remaining = -1 }
                            return remaining
                        }
                        guard let left else { return }
                        observer.onValue(value)
                        if left < 0 {
                            link.cancel()
                            observer.onCompletion(.finished)
                        }
                    },
                    onCompletion: { completion in
                        let pass = remaining.withLock { remaining -> Bool in
                            guard remaining >= 0 else { return false }
                            remaining = -1
                            return true
                        }
                        if pass { observer.onCompletion(completion) }
                    }
                )
            )
        )
        return SignalObservation { link.cancel() }
    }
}
