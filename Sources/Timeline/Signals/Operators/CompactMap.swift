extension Signal {
    /// Transforms each value and passes on the non-`nil` results.
    ///
    /// ```swift
    /// strings.compactMap { Int($0) }   // "1", "x", "3"  ->  1, 3
    /// ```
    ///
    /// - Parameter transform: Called once per value; returning `nil` skips the value.
    /// - Returns: A signal of the non-`nil` results, with the same completion.
    @inlinable
    public func compactMap<NewOutput: Sendable>(
        _ transform: @escaping @Sendable (Output) -> NewOutput?
    ) -> some Signal<NewOutput, Failure> {
        CompactMapSignal(upstream: self, transform: transform)
    }
}

@usableFromInline
struct CompactMapSignal<Upstream: Signal, Output: Sendable>: Signal {
    @usableFromInline typealias Failure = Upstream.Failure
    @usableFromInline let upstream: Upstream
    @usableFromInline let transform: @Sendable (Upstream.Output) -> Output?

    @inlinable
    init(upstream: Upstream, transform: @escaping @Sendable (Upstream.Output) -> Output?) {
        self.upstream = upstream
        self.transform = transform
    }

    @inlinable
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        let transform = self.transform
        let onValue = observer.onValue
        return upstream.observe(
            Observer(
                onValue: { value in
                    if let result = transform(value) { onValue(result) }
                },
                onCompletion: observer.onCompletion
            )
        )
    }
}
