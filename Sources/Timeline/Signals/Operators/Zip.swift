extension Signal {
    /// Pairs the values of two signals in order: the first with the first, the second with the
    /// second, and so on.
    ///
    /// ```swift
    /// // a: 1  2        3
    /// // b:       "x"       "y"
    /// // →        (1,"x")   (2,"y")
    /// let pairs = a.zip(with: b)
    /// ```
    ///
    /// A value waits until the other signal produces its partner. The result finishes as soon as
    /// one signal has finished and has no waiting value left (no pair can follow); it fails as
    /// soon as either fails, and then cancels the other.
    ///
    /// Values that wait for a partner are kept: a signal that runs far ahead of the other makes
    /// the waiting list grow.
    ///
    /// - Parameter other: The second signal.
    /// - Returns: A signal of pairs.
    @inlinable
    public func zip<Other: Signal>(
        with other: Other
    ) -> some Signal<(Output, Other.Output), Failure> where Other.Failure == Failure {
        ZipSignal(first: self, second: other)
    }

    /// Combines the values of three signals in order into triples.
    ///
    /// ```swift
    /// let triples = a.zip(with: b, c)   // (a₁, b₁, c₁), (a₂, b₂, c₂), …
    /// ```
    ///
    /// Same rules as ``zip(with:)``.
    ///
    /// - Parameters:
    ///   - second: The second signal.
    ///   - third: The third signal.
    /// - Returns: A signal of triples.
    @inlinable
    public func zip<Second: Signal, Third: Signal>(
        with second: Second, _ third: Third
    ) -> some Signal<(Output, Second.Output, Third.Output), Failure>
    where Second.Failure == Failure, Third.Failure == Failure {
        ZipSignal(first: ZipSignal(first: self, second: second), second: third)
            .map { ($0.0.0, $0.0.1, $0.1) }
    }
}

@usableFromInline
struct ZipSignal<First: Signal, Second: Signal>: Signal where First.Failure == Second.Failure {
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
        @usableFromInline var firsts = SignalBuffer<First.Output>(policy: .unbounded)
        @usableFromInline var seconds = SignalBuffer<Second.Output>(policy: .unbounded)
        @usableFromInline var finished = (false, false)
        @usableFromInline var isEnded = false

        @inlinable
        init() {}

        /// Whether a finished side has run dry, so that no pair can follow.
        @inlinable
        var isExhausted: Bool {
            (finished.0 && firsts.isEmpty) || (finished.1 && seconds.isEmpty)
        }

        @inlinable
        mutating func receiveFirst(_ value: First.Output) -> (Output?, ends: Bool) {
            guard !isEnded else { return (nil, false) }
            guard let partner = seconds.removeFirst() else {
                firsts.append(value)
                return (nil, false)
            }
            isEnded = isExhausted
            return ((value, partner), isEnded)
        }

        @inlinable
        mutating func receiveSecond(_ value: Second.Output) -> (Output?, ends: Bool) {
            guard !isEnded else { return (nil, false) }
            guard let partner = firsts.removeFirst() else {
                seconds.append(value)
                return (nil, false)
            }
            isEnded = isExhausted
            return ((partner, value), isEnded)
        }

        @inlinable
        mutating func end(
            side: Int, _ completion: SignalCompletion<Failure>
        ) -> SignalCompletion<Failure>? {
            guard !isEnded else { return nil }
            if side == 0 { finished.0 = true } else { finished.1 = true }
            guard completion.failure != nil || isExhausted else { return nil }
            isEnded = true
            return completion
        }
    }

    @inlinable
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        let state = LockedState(State())
        let links = UpstreamLinks(count: 2)
        let onValue = observer.onValue
        let emit: @Sendable (Output?, Bool) -> Void = { pair, ends in
            if let pair { onValue(pair) }
            if ends {
                links.cancel()
                observer.onCompletion(.finished)
            }
        }
        let end: @Sendable (Int, SignalCompletion<Failure>) -> Void = { side, completion in
            guard let ending = state.withLock({ $0.end(side: side, completion) }) else { return }
            links.cancel()
            observer.onCompletion(ending)
        }
        links[0].attach(
            first.observe(
                Observer(
                    onValue: { value in
                        let (pair, ends) = state.withLock { $0.receiveFirst(value) }
                        emit(pair, ends)
                    },
                    onCompletion: { end(0, $0) }
                )
            )
        )
        links[1].attach(
            second.observe(
                Observer(
                    onValue: { value in
                        let (pair, ends) = state.withLock { $0.receiveSecond(value) }
                        emit(pair, ends)
                    },
                    onCompletion: { end(1, $0) }
                )
            )
        )
        return links.observation()
    }
}
