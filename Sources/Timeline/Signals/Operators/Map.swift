extension Signal {
    /// Transforms each value.
    ///
    /// ```swift
    /// emitter.map { $0 * 2 }   // 1, 2, 3  ->  2, 4, 6
    /// ```
    ///
    /// The transform is fused into the observer when the observation starts: a value passes
    /// through `map` as one extra direct call, without locks or allocation.
    ///
    /// - Parameter transform: Called once per value, on the thread that delivers it.
    /// - Returns: A signal of the transformed values, with the same completion.
    @inlinable
    public func map<NewOutput: Sendable>(
        _ transform: @escaping @Sendable (Output) -> NewOutput
    ) -> some Signal<NewOutput, Failure> {
        MapSignal(upstream: self, transform: transform)
    }
}

@usableFromInline
struct MapSignal<Upstream: Signal, Output: Sendable>: Signal {
    @usableFromInline typealias Failure = Upstream.Failure
    @usableFromInline let upstream: Upstream
    @usableFromInline let transform: @Sendable (Upstream.Output) -> Output

    @inlinable
    init(upstream: Upstream, transform: @escaping @Sendable (Upstream.Output) -> Output) {
        self.upstream = upstream
        self.transform = transform
    }

    @inlinable
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        let transform = self.transform
        let onValue = observer.onValue
        return upstream.observe(
            Observer(
                onValue: { onValue(transform($0)) },
                onCompletion: observer.onCompletion
            )
        )
    }
}
