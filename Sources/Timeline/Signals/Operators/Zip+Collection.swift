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
        ZipCollectionSignal(upstreams: Array(self))
    }
}

@usableFromInline
struct ZipCollectionSignal<Upstream: Signal>: Signal {
    @usableFromInline typealias Output = [Upstream.Output]
    @usableFromInline typealias Failure = Upstream.Failure
    @usableFromInline let upstreams: [Upstream]

    @inlinable
    init(upstreams: [Upstream]) { self.upstreams = upstreams }

    @usableFromInline
    struct State {
        @usableFromInline var waiting: [SignalBuffer<Upstream.Output>]
        @usableFromInline var finished: [Bool]
        /// The number of upstreams with no waiting value.
        @usableFromInline var empty: Int
        @usableFromInline var isEnded = false

        @inlinable
        init(count: Int) {
            waiting = Array(repeating: SignalBuffer(policy: .unbounded), count: count)
            finished = Array(repeating: false, count: count)
            empty = count
        }

        @inlinable
        var isExhausted: Bool {
            waiting.indices.contains { finished[$0] && waiting[$0].isEmpty }
        }

        @inlinable
        mutating func receive(_ value: Upstream.Output, at index: Int) -> (Output?, ends: Bool) {
            guard !isEnded else { return (nil, false) }
            if waiting[index].isEmpty { empty -= 1 }
            waiting[index].append(value)
            guard empty == 0 else { return (nil, false) }
            var row: [Upstream.Output] = []
            row.reserveCapacity(waiting.count)
            for slot in waiting.indices {
                row.append(waiting[slot].removeFirst()!)
                if waiting[slot].isEmpty { empty += 1 }
            }
            isEnded = isExhausted
            return (row, isEnded)
        }

        @inlinable
        mutating func end(
            at index: Int, _ completion: SignalCompletion<Failure>
        ) -> SignalCompletion<Failure>? {
            guard !isEnded else { return nil }
            finished[index] = true
            guard completion.failure != nil || isExhausted else { return nil }
            isEnded = true
            return completion
        }
    }

    @inlinable
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        guard !upstreams.isEmpty else {
            observer.onCompletion(.finished)
            return SignalObservation()
        }
        let state = LockedState(State(count: upstreams.count))
        let links = UpstreamLinks(count: upstreams.count)
        let onValue = observer.onValue
        for (index, upstream) in upstreams.enumerated() {
            links[index].attach(
                upstream.observe(
                    Observer(
                        onValue: { value in
                            let (row, ends) = state.withLock { $0.receive(value, at: index) }
                            if let row { onValue(row) }
                            if ends {
                                links.cancel()
                                observer.onCompletion(.finished)
                            }
                        },
                        onCompletion: { completion in
                            guard let ending = state.withLock({ $0.end(at: index, completion) })
                            else { return }
                            links.cancel()
                            observer.onCompletion(ending)
                        }
                    )
                )
            )
        }
        return links.observation()
    }
}
