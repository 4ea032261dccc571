public import Synchronization

extension Signal {
    /// Interleaves the values of two signals of the same type, as they arrive.
    ///
    /// ```swift
    /// // a: 1     3
    /// // b:    2     4
    /// // →  1  2  3  4
    /// let both = a.merge(with: b)
    /// ```
    ///
    /// The result finishes when both signals have finished and fails as soon as one fails (and
    /// then cancels the other).
    ///
    /// - Parameter other: The second signal.
    /// - Returns: A signal of the values of both.
    @inlinable
    public func merge<Other: Signal>(
        with other: Other
    ) -> some Signal<Output, Failure> where Other.Output == Output, Other.Failure == Failure {
        MergeSignal(upstreams: [AnySignal(self), AnySignal(other)])
    }

    /// Interleaves the values of three signals of the same type, as they arrive.
    ///
    /// - Parameters:
    ///   - second: The second signal.
    ///   - third: The third signal.
    /// - Returns: A signal of the values of all three; finished when all three finished.
    @inlinable
    public func merge<Second: Signal, Third: Signal>(
        with second: Second, _ third: Third
    ) -> some Signal<Output, Failure>
    where
        Second.Output == Output, Second.Failure == Failure,
        Third.Output == Output, Third.Failure == Failure
    {
        MergeSignal(upstreams: [AnySignal(self), AnySignal(second), AnySignal(third)])
    }
}

extension Collection where Element: Signal {
    /// Interleaves the values of all the signals, as they arrive.
    ///
    /// ```swift
    /// let anyTap = buttons.map(\.taps).merge()
    /// ```
    ///
    /// The result finishes when every signal has finished (an empty collection finishes at
    /// once) and fails as soon as one fails.
    ///
    /// - Returns: A signal of the values of all the signals.
    @inlinable
    public func merge() -> some Signal<Element.Output, Element.Failure> {
        MergeSignal(upstreams: Array(self))
    }
}

@usableFromInline
struct MergeSignal<Upstream: Signal>: Signal {
    @usableFromInline typealias Output = Upstream.Output
    @usableFromInline typealias Failure = Upstream.Failure
    @usableFromInline let upstreams: [Upstream]

    @inlinable
    init(upstreams: [Upstream]) { self.upstreams = upstreams }

    @inlinable
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        guard !upstreams.isEmpty else {
            observer.onCompletion(.finished)
            return SignalObservation()
        }
        // The number of upstreams still running; 0 once the completion has been passed on.
        let unfinished = LockedState(upstreams.count)
        let running = ActivityFlag()
        let links = UpstreamLinks(count: upstreams.count)
        let onValue = observer.onValue
        let forward: @Sendable (Output) -> Void = { value in
            if running.isActive.load(ordering: .acquiring) { onValue(value) }
        }
        let end: @Sendable (SignalCompletion<Failure>) -> Void = { completion in
            let ends = unfinished.withLock { unfinished -> Bool in
                guard unfinished > 0 else { return false }
                unfinished = completion.failure == nil ? unfinished - 1 : 0
                return unfinished == 0
            }
            guard ends else { return }
            running.isActive.store(false, ordering: .releasing)
            links.cancel()
            observer.onCompletion(completion)
        }
        for (index, upstream) in upstreams.enumerated() {
            links[index].attach(upstream.observe(Observer(onValue: forward, onCompletion: end)))
        }
        return links.observation()
    }
}
