extension Collection where Element: Signal {
    /// Combines the latest values of all the signals into an array, each time any of them
    /// produces a value.
    ///
    /// ```swift
    /// let levels: [Emitter<Double, Never>] = meters.map(\.level)
    /// let observation = levels.combineLatest().observe { print($0) }   // [Double], in order
    /// ```
    ///
    /// The first array comes once every signal has produced a value; element `i` is signal `i`'s
    /// latest value. The result finishes when all signals have finished, or as soon as one
    /// finishes without a value; it fails as soon as one fails. An empty collection finishes at
    /// once. Signals of different concrete types can be combined as `[AnySignal<T, F>]`.
    ///
    /// - Returns: A signal of arrays of the latest values.
    /// - Complexity: O(n) per value for `n` signals (the array is copied only if an observer
    ///   kept the previous one).
    @inlinable
    public func combineLatest() -> some Signal<[Element.Output], Element.Failure> {
        CombiningCollectionSignal<Element, CombineLatestCollectionState<Element.Output, Element.Failure>>(
            upstreams: Array(self))
    }
}

/// The policy of `combineLatest()` on a collection: the latest value of each upstream, an array
/// each time one produces a value once all have.
@usableFromInline
struct CombineLatestCollectionState<Value: Sendable, Failure: Error>: CombiningState {
    @usableFromInline var latest: [Value?]
    /// The combined values, once every upstream has produced one.
    @usableFromInline var combined: [Value] = []
    @usableFromInline var missing: Int
    @usableFromInline var unfinished: Int
    @usableFromInline var isEnded = false

    @inlinable
    init(upstreamCount count: Int) {
        latest = Array(repeating: nil, count: count)
        missing = count
        unfinished = count
    }

    /// Stores `value` as upstream `index`'s latest; the array once every upstream has one.
    @inlinable
    mutating func receive(_ value: Value, at index: Int) -> CombiningStep<Value, [Value]> {
        guard !isEnded else { return .none }
        if missing > 0 {
            if latest[index] == nil { missing -= 1 }
            latest[index] = value
            guard missing == 0 else { return .none }
            combined = latest.map { $0! }
            latest = []
        } else {
            combined[index] = value
        }
        return CombiningStep(output: combined)
    }

    /// Ends on the first failure, when all upstreams finished, or when one finished without a
    /// value.
    @inlinable
    mutating func end(at index: Int, _ completion: SignalCompletion<Failure>) -> SignalCompletion<Failure>? {
        guard !isEnded else { return nil }
        unfinished -= 1
        let neverProduced = missing > 0 && latest[index] == nil
        guard completion.failure != nil || neverProduced || unfinished == 0 else { return nil }
        isEnded = true
        return completion
    }
}
