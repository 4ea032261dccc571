extension Collection where Element: Signal {
    /// Combines the values of all the signals in order into arrays: the first values of every
    /// signal, then the second values, and so on.
    ///
    /// ```swift
    /// let rows = [a, b, c].zip()   // [a₁, b₁, c₁], [a₂, b₂, c₂], …
    /// ```
    ///
    /// Same rules as ``Signal/zip(with:)``: finishes as soon as one signal has finished with no
    /// waiting value left, fails as soon as one fails. An empty collection finishes at once.
    ///
    /// - Returns: A signal of arrays with one value from each signal, in collection order.
    /// - Complexity: O(n) per value for `n` signals; each output array is a new allocation.
    @inlinable
    public func zip() -> some Signal<[Element.Output], Element.Failure> {
        CombiningCollectionSignal<Element, ZipCollectionState<Element.Output, Element.Failure>>(
            upstreams: Array(self))
    }
}

/// The policy of `zip()` on a collection: values wait, in order, until every upstream has one.
@usableFromInline
struct ZipCollectionState<Value: Sendable, Failure: Error>: CombiningState {
    @usableFromInline var waiting: [SignalBuffer<Value>]
    @usableFromInline var finished: [Bool]
    /// The number of upstreams with no waiting value.
    @usableFromInline var empty: Int
    @usableFromInline var isEnded = false

    @inlinable
    init(upstreamCount count: Int) {
        waiting = Array(repeating: SignalBuffer(policy: .unbounded), count: count)
        finished = Array(repeating: false, count: count)
        empty = count
    }

    /// Whether a finished upstream has run dry, so that no row can follow.
    @inlinable
    var isExhausted: Bool {
        waiting.indices.contains { finished[$0] && waiting[$0].isEmpty }
    }

    /// Makes `value` wait; takes a row once every upstream has a waiting value.
    @inlinable
    mutating func receive(_ value: Value, at index: Int) -> CombiningStep<Value, [Value]> {
        guard !isEnded else { return .none }
        if waiting[index].isEmpty { empty -= 1 }
        waiting[index].append(value)
        guard empty == 0 else { return .none }
        var row: [Value] = []
        row.reserveCapacity(waiting.count)
        for slot in waiting.indices {
            row.append(waiting[slot].removeFirst()!)
            if waiting[slot].isEmpty { empty += 1 }
        }
        isEnded = isExhausted
        return CombiningStep(output: row, finishes: isEnded)
    }

    /// Ends on the first failure, or when a finished upstream has no waiting value left.
    @inlinable
    mutating func end(at index: Int, _ completion: SignalCompletion<Failure>) -> SignalCompletion<Failure>? {
        guard !isEnded else { return nil }
        finished[index] = true
        guard completion.failure != nil || isExhausted else { return nil }
        isEnded = true
        return completion
    }
}
