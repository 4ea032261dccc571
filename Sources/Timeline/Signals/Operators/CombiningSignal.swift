/// One observation of a combining operator: its upstream links, its state under a lock, and the
/// observer downstream. Everything `combineLatest` and `zip` do besides their ``CombiningState``.
@usableFromInline
struct CombiningObservation<State: CombiningState>: Sendable {
    @usableFromInline let state: LockedState<State>
    @usableFromInline let links: UpstreamLinks
    @usableFromInline let observer: Observer<State.Output, State.Failure>

    @inlinable
    init(upstreamCount count: Int, observer: Observer<State.Output, State.Failure>) {
        state = LockedState(State(upstreamCount: count))
        links = UpstreamLinks(count: count)
        self.observer = observer
    }

    /// Starts an observation of `count` upstreams (`attach` attaches each); with none, the result
    /// finishes at once.
    @inlinable
    static func start(
        upstreamCount count: Int, observer: Observer<State.Output, State.Failure>,
        attaching attach: (Self) -> Void
    ) -> SignalObservation {
        guard count > 0 else {
            observer.onCompletion(.finished)
            return SignalObservation()
        }
        let combining = Self(upstreamCount: count, observer: observer)
        attach(combining)
        return combining.links.observation()
    }

    /// Observes `upstream` as upstream `index`, its values tagged by `input`.
    @inlinable
    func attach<Upstream: Signal>(
        _ upstream: Upstream, at index: Int, as input: @escaping @Sendable (Upstream.Output) -> State.Input
    ) where Upstream.Failure == State.Failure {
        let combining = self
        links[index].attach(
            upstream.observe(
                Observer(
                    onValue: { combining.receive(input($0), at: index) },
                    onCompletion: { combining.end(at: index, $0) })))
    }

    /// Observes `upstream` as upstream `index`.
    @inlinable
    func attach<Upstream: Signal>(
        _ upstream: Upstream, at index: Int
    ) where Upstream.Failure == State.Failure, Upstream.Output == State.Input {
        let combining = self
        links[index].attach(
            upstream.observe(
                Observer(
                    onValue: { combining.receive($0, at: index) },
                    onCompletion: { combining.end(at: index, $0) })))
    }

    @inlinable
    func receive(_ input: State.Input, at index: Int) {
        let step = state.withLock { $0.receive(input, at: index) }
        withExtendedLifetime(step.discarded) {}
        if let output = step.output { observer.onValue(output) }
        if step.finishes {
            links.cancel()
            observer.onCompletion(.finished)
        }
    }

    @inlinable
    func end(at index: Int, _ completion: SignalCompletion<State.Failure>) {
        guard let ending = state.withLock({ $0.end(at: index, completion) }) else { return }
        links.cancel()
        observer.onCompletion(ending)
    }
}

/// Two signals of different types combined by a ``CombiningState`` (`combineLatest(with:)`,
/// `zip(with:)`).
@usableFromInline
struct CombiningSignal<First: Signal, Second: Signal, State: CombiningState>: Signal
where
    First.Failure == Second.Failure, State.Failure == First.Failure,
    State.Input == PairInput<First.Output, Second.Output>
{
    @usableFromInline typealias Output = State.Output
    @usableFromInline typealias Failure = State.Failure
    @usableFromInline let first: First
    @usableFromInline let second: Second

    @inlinable
    init(first: First, second: Second) {
        self.first = first
        self.second = second
    }

    @inlinable
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        CombiningObservation<State>.start(upstreamCount: 2, observer: observer) { combining in
            combining.attach(first, at: 0, as: { .first($0) })
            combining.attach(second, at: 1, as: { .second($0) })
        }
    }
}

/// A collection of signals combined by a ``CombiningState`` (`combineLatest()`, `zip()`).
@usableFromInline
struct CombiningCollectionSignal<Upstream: Signal, State: CombiningState>: Signal
where State.Input == Upstream.Output, State.Failure == Upstream.Failure {
    @usableFromInline typealias Output = State.Output
    @usableFromInline typealias Failure = State.Failure
    @usableFromInline let upstreams: [Upstream]

    @inlinable
    init(upstreams: [Upstream]) { self.upstreams = upstreams }

    @inlinable
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        CombiningObservation<State>.start(upstreamCount: upstreams.count, observer: observer) { combining in
            for (index, upstream) in upstreams.enumerated() {
                combining.attach(upstream, at: index)
            }
        }
    }
}
