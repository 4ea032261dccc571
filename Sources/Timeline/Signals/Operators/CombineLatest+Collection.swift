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
        CombineLatestCollectionSignal(upstreams: Array(self))
    }
}

@usableFromInline
struct CombineLatestCollectionSignal<Upstream: Signal>: Signal {
    @usableFromInline typealias Output = [Upstream.Output]
    @usableFromInline typealias Failure = Upstream.Failure
    @usableFromInline let upstreams: [Upstream]

    @inlinable
    init(upstreams: [Upstream]) { self.upstreams = upstreams }

    @usableFromInline
    struct State {
        @usableFromInline var latest: [Upstream.Output?]
        /// The combined values, once every upstream has produced one.
        @usableFromInline var combined: [Upstream.Output] = []
        @usableFromInline var missing: Int
        @usableFromInline var unfinished: Int
        @usableFromInline var isEnded = false

        @inlinable
        init(count: Int) {
            latest = Array(repeating: nil, count: count)
            missing = count
            unfinished = count
        }

        @inlinable
        mutating func receive(_ value: Upstream.Output, at index: Int) -> [Upstream.Output]? {
            guard !isEnded else { return nil }
            if missing > 0 {
                if latest[index] == nil { missing -= 1 }
                latest[index] = value
                guard missing == 0 else { return nil }
                combined = latest.map { $0! }
                latest = []
            } else {
                combined[index] = value
            }
            return combined
        }

        @inlinable
        mutating func end(
            at index: Int, _ completion: SignalCompletion<Failure>
        ) -> SignalCompletion<Failure>? {
            guard !isEnded else { return nil }
            unfinished -= 1
            let neverProduced = missing > 0 && latest[index] == nil
            guard completion.failure != nil || neverProduced || unfinished == 0 else { return nil }
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
                            if let values = state.withLock({ $0.receive(value, at: index) }) {
                                onValue(values)
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
