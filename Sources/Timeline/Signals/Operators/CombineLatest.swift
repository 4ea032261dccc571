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
        CombiningSignal<Self, Other, CombineLatestState<Output, Other.Output, Failure>>(first: self, second: other)
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
        combineLatest(with: second).combineLatest(with: third).map { ($0.0.0, $0.0.1, $0.1) }
    }
}

/// The policy of `combineLatest(with:)`: the latest value of each side, a pair each time either
/// side produces a value once both have.
@usableFromInline
struct CombineLatestState<First: Sendable, Second: Sendable, Failure: Error>: CombiningState {
    @usableFromInline typealias Input = PairInput<First, Second>
    @usableFromInline typealias Output = (First, Second)
    @usableFromInline var first: First?
    @usableFromInline var second: Second?
    @usableFromInline var finished = (false, false)
    @usableFromInline var isEnded = false

    @inlinable
    init(upstreamCount count: Int) {}

    /// Keeps `input` as its side's latest value (the one it replaces is released after unlocking).
    @inlinable
    mutating func receive(_ input: Input, at index: Int) -> CombiningStep<Input, Output> {
        guard !isEnded else { return .none }
        switch input {
        case .first(let value):
            var replaced: First? = value
            swap(&replaced, &first)
            return CombiningStep(output: second.map { (value, $0) }, discarded: replaced.map { .first($0) })
        case .second(let value):
            var replaced: Second? = value
            swap(&replaced, &second)
            return CombiningStep(output: first.map { ($0, value) }, discarded: replaced.map { .second($0) })
        }
    }

    /// Ends on the first failure, when both sides finished, or when a side finished without ever
    /// producing a value (no pair can follow).
    @inlinable
    mutating func end(at index: Int, _ completion: SignalCompletion<Failure>) -> SignalCompletion<Failure>? {
        guard !isEnded else { return nil }
        if case .failed = completion {
            isEnded = true
            return completion
        }
        if index == 0 { finished.0 = true } else { finished.1 = true }
        let neverProduced = index == 0 ? first == nil : second == nil
        guard neverProduced || (finished.0 && finished.1) else { return nil }
        isEnded = true
        return .finished
    }
}
