extension Signal {
    /// Delivers the signal's events on `scheduler`, buffering what arrives while the observer is
    /// busy according to `policy`.
    ///
    /// ```swift
    /// let observation = animator.frames
    ///     .delivered(on: DispatchQueue.main, buffering: .latest)
    ///     .observe { frame in view.render(frame) }
    /// ```
    ///
    /// Values are handed to the observer one at a time, in order, from actions submitted to the
    /// scheduler; while the observer is busy, new values wait in a buffer that the policy bounds
    /// (see ``BufferingPolicy``). The completion is delivered after the values still waiting.
    /// After the observation is cancelled nothing more is delivered and waiting values are
    /// released.
    ///
    /// - Parameters:
    ///   - scheduler: Where the observer's callbacks run.
    ///   - policy: What to keep while the observer is busy; ``BufferingPolicy/latest`` by default.
    /// - Returns: A signal whose observers are called on `scheduler`.
    /// - Complexity: Buffering allocates nothing once the buffer has grown to its limit; each
    ///   burst of values costs one submission to the scheduler.
    @inlinable
    public func delivered<Scheduler: SignalScheduler>(
        on scheduler: Scheduler, buffering policy: BufferingPolicy = .latest
    ) -> some Signal<Output, Failure> {
        DeliveredSignal(upstream: self, scheduler: scheduler, policy: policy)
    }
}

@usableFromInline
struct DeliveredSignal<Upstream: Signal, Scheduler: SignalScheduler>: Signal {
    @usableFromInline typealias Output = Upstream.Output
    @usableFromInline typealias Failure = Upstream.Failure
    @usableFromInline let upstream: Upstream
    @usableFromInline let scheduler: Scheduler
    @usableFromInline let policy: BufferingPolicy

    @inlinable
    init(upstream: Upstream, scheduler: Scheduler, policy: BufferingPolicy) {
        self.upstream = upstream
        self.scheduler = scheduler
        self.policy = policy
    }

    @inlinable
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        let relay = DeliveryRelay(observer: observer, scheduler: scheduler, policy: policy)
        let link = UpstreamLink()
        link.attach(
            upstream.observe(
                Observer(
                    onValue: { relay.receive($0) },
                    onCompletion: { relay.receive(completion: $0) }
                )
            )
        )
        // The observation reaches the relay (and through it the observer) only weakly, so an
        // observer closure may capture the owner of the observation.
        return SignalObservation { [weak relay] in
            relay?.cancel()
            link.cancel()
        }
    }
}

/// The buffer between a signal and an observer that is called on a scheduler.
@usableFromInline
final class DeliveryRelay<Output: Sendable, Failure: Error, Scheduler: SignalScheduler>: Sendable {
    @usableFromInline
    struct State {
        @usableFromInline var buffer: SignalBuffer<Output>
        @usableFromInline var completion: SignalCompletion<Failure>?
        /// Whether a drain is submitted or running.
        @usableFromInline var isDraining = false
        /// Whether the observer is detached (cancelled, or its completion was delivered).
        @usableFromInline var isDetached = false

        @inlinable
        init(policy: BufferingPolicy) { buffer = SignalBuffer(policy: policy) }
    }

    @usableFromInline let observer: Observer<Output, Failure>
    @usableFromInline let scheduler: Scheduler
    @usableFromInline let state: LockedState<State>

    @usableFromInline
    init(observer: Observer<Output, Failure>, scheduler: Scheduler, policy: BufferingPolicy) {
        self.observer = observer
        self.scheduler = scheduler
        state = LockedState(State(policy: policy))
    }

    @usableFromInline
    func receive(_ value: Output) {
        let (submit, dropped) = state.withLock { state -> (Bool, Output?) in
            guard !state.isDetached, state.completion == nil else { return (false, nil) }
            let dropped = state.buffer.push(value)
            let submit = !state.isDraining
            state.isDraining = true
            return (submit, dropped)
        }
        withExtendedLifetime(dropped) {}
        if submit { scheduler.submit { self.drain() } }
    }

    @usableFromInline
    func receive(completion: SignalCompletion<Failure>) {
        let submit = state.withLock { state -> Bool in
            guard !state.isDetached, state.completion == nil else { return false }
            state.completion = completion
            let submit = !state.isDraining
            state.isDraining = true
            return submit
        }
        if submit { scheduler.submit { self.drain() } }
    }

    /// Delivers everything waiting, one event at a time, re-checking the state before each.
    @usableFromInline
    func drain() {
        while true {
            let step = state.withLock { state -> DrainStep<Output, Failure> in
                if !state.isDetached {
                    if let value = state.buffer.removeFirst() { return .value(value) }
                    if let completion = state.completion {
                        state.isDetached = true
                        return .completion(completion)
                    }
                }
                state.isDraining = false
                return .done
            }
            switch step {
            case .value(let value): observer.onValue(value)
            case .completion(let completion):
                observer.onCompletion(completion)
                return
            case .done: return
            }
        }
    }

    /// Stops delivery and releases the waiting values.
    @usableFromInline
    func cancel() {
        let released = state.withLock { state in
            state.isDetached = true
            return state.buffer.removeAll()
        }
        withExtendedLifetime(released) {}
    }
}

/// The next thing a ``DeliveryRelay`` drain does.
@usableFromInline
enum DrainStep<Output, Failure: Error> {
    case value(Output)
    case completion(SignalCompletion<Failure>)
    case done
}
