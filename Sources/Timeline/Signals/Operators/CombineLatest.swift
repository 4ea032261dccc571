extension Signal {
    /// Pairs the latest values of two signals, each time either produces a value.
    ///
    /// ```swift
    /// // a: 1       2           3
    /// // b:    "x"      "y"
    /// // →     (1,"x") (2,"x") (2,"y") (3,"y")
    /// let pairs = a.combineLatest(with: b)
    /// ```
    ///
    /// The first pair comes once both signals have produced a value. The result finishes when
    /// both have finished, or as soon as one finishes without ever producing a value (no pair can
    /// follow); it fails as soon as either fails, and then cancels the other.
    ///
    /// - Parameter other: The second signal.
    /// - Returns: A signal of `(self's latest, other's latest)` pairs.
    @inlinable
    public func combineLatest<Other: Signal>(
        with other: Other
    ) -> some Signal<(Output, Other.Output), Failure> where Other.Failure == Failure {
        CombineLatestSignal(first: self, second: other)
    }

    /// Combines the latest values of three signals, each time any of them produces a value.
    ///
    /// ```swift
    /// let triples = a.combineLatest(with: b, c)   // (a's latest, b's latest, c's latest)
    /// ```
    ///
    /// Same rules as ``combineLatest(with:)``: first output once all three produced a value,
    /// finished when all finished (or one finished empty), failed when any failed.
    ///
    /// - Parameters:
    ///   - second: The second signal.
    ///   - third: The third signal.
    /// - Returns: A signal of triples of the latest values.
    @inlinable
    public func combineLatest<Second: Signal, Third: Signal>(
        with second: Second, _ third: Third
    ) -> some Signal<(Output, Second.Output, Third.Output), Failure>
    where Second.Failure == Failure, Third.Failure == Failure {
        CombineLatestSignal(first: CombineLatestSignal(first: self, second: second), second: third)
            .map { ($0.0.0, $0.0.1, $0.1) }
    }
}

@usableFromInline
struct CombineLatestSignal<First: Signal, Second: Signal>: Signal
where First.Failure == Second.Failure {
    @usableFromInline typealias Output = (First.Output, Second.Output)
    @usableFromInline typealias Failure = First.Failure
    @usableFromInline let first: First
    @usableFromInline let second: Second

    @inlinable
    init(first: First, second: Second) {
        self.first = first
        self.second = second
    }

    @usableFromInline
    struct State {
        @usableFromInline var first: First.Output?
        @usableFromInline var second: Second.Output?
        @usableFromInline var finished = (false, false)
        @usableFromInline var isEnded = false

        @inlinable
        init() {}

        /// Records that one side ended; returns the completion to pass on, if the result ends.
        @inlinable
        mutating func end(
            side: Int, _ completion: SignalCompletion<Failure>
        ) -> SignalCompletion<Failure>? {
            guard !isEnded else { return nil }
            if case .failed = completion {
                isEnded = true
                return completion
            }
            if side == 0 { finished.0 = true } else { finished.1 = true }
            let neverProduced = side == 0 ? first == nil : second == nil
            guard neverProduced || (finished.0 && finished.1) else { return nil }
            isEnded = true
            return .finished
        }
    }

    @inlinable
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        let state = LockedState(State())
        let links = UpstreamLinks(count: 2)
        let onValue = observer.onValue
        let end: @Sendable (Int, SignalCompletion<Failure>) -> Void = { side, completion in
            guard let ending = state.withLock({ $0.end(side: side, completion) }) else { return }
            links.cancel()
            observer.onCompletion(ending)
        }
        links[0].attach(
            first.observe(
                Observer(
                    onValue: { value in
                        let (pair, replaced) = state.withLock { state in
                            guard !state.isEnded else { return (Output?.none, First.Output?.none) }
                            var replaced: First.Output? = value
                            swap(&replaced, &state.first)
                            return (state.second.map { (value, $0) }, replaced)
                        }
                        withExtendedLifetime(replaced) {}
                        if let pair { onValue(pair) }
                    },
                    onCompletion: { end(0, $0) }
                )
            )
        )
        links[1].attach(
            second.observe(
                Observer(
                    onValue: { value in
                        let (pair, replaced) = state.withLock { state in
                            guard !state.isEnded else { return (Output?.none, Second.Output?.none) }
                            var replaced: Second.Output? = value
                            swap(&replaced, &state.second)
                            return (state.first.map { ($0, value) }, replaced)
                        }
                        withExtendedLifetime(replaced) {}
                        if let pair { onValue(pair) }
                    },
                    onCompletion: { end(1, $0) }
                )
            )
        )
        return links.observation()
    }
}
