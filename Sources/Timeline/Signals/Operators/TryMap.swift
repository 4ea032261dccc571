public import Synchronization

extension Signal {
    /// Transforms each value with a closure that may throw the signal's error type; a thrown
    /// error fails the signal.
    ///
    /// ```swift
    /// let sizes: some Signal<Size, ParseError> = lines.tryMap { line throws(ParseError) in
    ///     try Size(parsing: line)
    /// }
    /// ```
    ///
    /// After a throw the downstream observer receives `.failed(error)`, the upstream observation
    /// is cancelled and nothing more is delivered.
    ///
    /// - Parameter transform: Called once per value; throwing fails the signal.
    /// - Returns: A signal of the transformed values.
    @inlinable
    public func tryMap<NewOutput: Sendable>(
        _ transform: @escaping @Sendable (Output) throws(Failure) -> NewOutput
    ) -> some Signal<NewOutput, Failure> {
        TryMapSignal(upstream: self, transform: transform)
    }
}

@usableFromInline
struct TryMapSignal<Upstream: Signal, Output: Sendable>: Signal {
    @usableFromInline typealias Failure = Upstream.Failure
    @usableFromInline let upstream: Upstream
    @usableFromInline let transform: @Sendable (Upstream.Output) throws(Failure) -> Output

    @inlinable
    init(
        upstream: Upstream,
        transform: @escaping @Sendable (Upstream.Output) throws(Failure) -> Output
    ) {
        self.upstream = upstream
        self.transform = transform
    }

    @inlinable
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        let transform = self.transform
        let running = ActivityFlag()
        let link = UpstreamLink()
        link.attach(
            upstream.observe(
                Observer(
                    onValue: { value in
                        guard running.isActive.load(ordering: .acquiring) else { return }
                        do throws(Failure) {
                            let result = try transform(value)
                            observer.onValue(result)
                        } catch {
                            guard running.isActive.exchange(false, ordering: .acquiringAndReleasing)
                            else { return }
                            link.cancel()
                            observer.onCompletion(.failed(error))
                        }
                    },
                    onCompletion: { completion in
                        if running.isActive.exchange(false, ordering: .acquiringAndReleasing) {
                            observer.onCompletion(completion)
                        }
                    }
                )
            )
        )
        return SignalObservation { link.cancel() }
    }
}
