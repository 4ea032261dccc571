extension Signal {
    /// Each time `trigger` produces a value, passes on the latest value of this signal.
    ///
    /// ```swift
    /// // position: 1  2  3           4
    /// // ticks:            t     t      t
    /// // →                 3     3      4
    /// let perFrame = position.sample(on: clock.ticks)
    /// ```
    ///
    /// With a clock's tick signal as the trigger this is "sample per frame": however often the
    /// value changes between two frames, the observer gets it once per frame. Nothing is passed on
    /// before this signal's first value; an unchanged value is passed on again at the next trigger
    /// (add ``removeDuplicates()`` to pass on changes only).
    ///
    /// The result finishes when either signal finishes and fails when this signal fails.
    ///
    /// - Parameter trigger: The signal whose values say "now".
    /// - Returns: A signal of sampled values.
    /// - Complexity: O(1) per value of either signal; a sample passes on the stored value without
    ///   copying its storage.
    @inlinable
    public func sample<Trigger: Signal>(
        on trigger: Trigger
    ) -> some Signal<Output, Failure> where Trigger.Failure == Never {
        SampleSignal(upstream: self, trigger: trigger)
    }
}

@usableFromInline
struct SampleSignal<Upstream: Signal, Trigger: Signal>: Signal where Trigger.Failure == Never {
    @usableFromInline typealias Output = Upstream.Output
    @usableFromInline typealias Failure = Upstream.Failure
    @usableFromInline let upstream: Upstream
    @usableFromInline let trigger: Trigger

    @inlinable
    init(upstream: Upstream, trigger: Trigger) {
        self.upstream = upstream
        self.trigger = trigger
    }

    @usableFromInline
    struct State {
        @usableFromInline var latest: Output?
        @usableFromInline var isEnded = false

        @inlinable
        init() {}
    }

    @inlinable
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        let state = LockedState(State())
        let links = UpstreamLinks(count: 2)
        let onValue = observer.onValue
        let end: @Sendable (SignalCompletion<Failure>) -> Void = { completion in
            let ends = state.withLock { state -> Bool in
                guard !state.isEnded else { return false }
                state.isEnded = true
                return true
            }
            guard ends else { return }
            links.cancel()
            observer.onCompletion(completion)
        }
        links[0].attach(
            upstream.observe(
                Observer(
                    onValue: { value in
                        let replaced = state.withLock { state -> Output? in
                            var replaced: Output? = value
                            swap(&replaced, &state.latest)
                            return replaced
                        }
                        withExtendedLifetime(replaced) {}
                    },
                    onCompletion: end
                )
            )
        )
        links[1].attach(
            trigger.observe(
                Observer(
                    onValue: { _ in
                        let latest = state.withLock { $0.isEnded ? nil : $0.latest }
                        if let latest { onValue(latest) }
                    },
                    onCompletion: { _ in end(.finished) }
                )
            )
        )
        return links.observation()
    }
}
