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
        CombiningSignal<Self, Other, ZipState<Output, Other.Output, Failure>>(first: self, second: other)
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
        zip(with: second).zip(with: third).map { ($0.0.0, $0.0.1, $0.1) }
    }
}

/// The policy of `zip(with:)`: values wait, in order, for their partner from the other side.
@usableFromInline
struct ZipState<First: Sendable, Second: Sendable, Failure: Error>: CombiningState {
    @usableFromInline typealias Input = PairInput<First, Second>
    @usableFromInline typealias Output = (First, Second)
    @usableFromInline var firsts = SignalBuffer<First>(policy: .unbounded)
    @usableFromInline var seconds = SignalBuffer<Second>(policy: .unbounded)
    @usableFromInline var finished = (false, false)
    @usableFromInline var isEnded = false

    @inlinable
    init(upstreamCount count: Int) {}

    /// Whether a finished side has run dry, so that no pair can follow.
    @inlinable
    var isExhausted: Bool {
        (finished.0 && firsts.isEmpty) || (finished.1 && seconds.isEmpty)
    }

    /// Pairs `input` with the oldest waiting value of the other side, or makes it wait.
    @inlinable
    mutating func receive(_ input: Input, at index: Int) -> CombiningStep<Input, Output> {
        guard !isEnded else { return .none }
        let pair: Output
        switch input {
        case .first(let value):
            guard let partner = seconds.removeFirst() else {
                firsts.append(value)
                return .none
            }
            pair = (value, partner)
        case .second(let value):
            guard let partner = firsts.removeFirst() else {
                seconds.append(value)
                return .none
            }
            pair = (partner, value)
        }
        isEnded = isExhausted
        return CombiningStep(output: pair, finishes: isEnded)
    }

    /// Ends on the first failure, or when a finished side has no waiting value left.
    @inlinable
    mutating func end(at index: Int, _ completion: SignalCompletion<Failure>) -> SignalCompletion<Failure>? {
        guard !isEnded else { return nil }
        if index == 0 { finished.0 = true } else { finished.1 = true }
        guard completion.failure != nil || isExhausted else { return nil }
        isEnded = true
        return completion
    }
}
