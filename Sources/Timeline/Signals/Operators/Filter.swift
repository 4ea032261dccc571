extension Signal {
    /// Passes on the values that satisfy a predicate.
    ///
    /// ```swift
    /// numbers.filter { $0.isMultiple(of: 2) }   // 1, 2, 3, 4  ->  2, 4
    /// ```
    ///
    /// - Parameter isIncluded: Called once per value; `true` passes the value on.
    /// - Returns: A signal of the values that satisfy the predicate, with the same completion.
    @inlinable
    public func filter(
        _ isIncluded: @escaping @Sendable (Output) -> Bool
    ) -> some Signal<Output, Failure> {
        FilterSignal(upstream: self, isIncluded: isIncluded)
    }
}

@usableFromInline
struct FilterSignal<Upstream: Signal>: Signal {
    @usableFromInline typealias Output = Upstream.Output
    @usableFromInline typealias Failure = Upstream.Failure
    @usableFromInline let upstream: Upstream
    @usableFromInline let isIncluded: @Sendable (Output) -> Bool

    @inlinable
    init(upstream: Upstream, isIncluded: @escaping @Sendable (Output) -> Bool) {
        self.upstream = upstream
        self.isIncluded = isIncluded
    }

    @inlinable
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        let isIncluded = self.isIncluded
        let onValue = observer.onValue
        return upstream.observe(
            Observer(
                onValue: { value in
                    if isIncluded(value) { onValue(value) }
                },
                onCompletion: observer.onCompletion
            )
        )
    }
}
