/// An operator's handle on its upstream observation, which may arrive after the first events.
///
/// A ``StateEmitter`` delivers its current value while `observe` is still running, before the
/// operator holds the upstream ``SignalObservation``. If the operator decides to stop early (`prefix`,
/// `first`, a failing `tryMap`), the link remembers the request and cancels the observation as soon
/// as it is attached.
@usableFromInline
final class UpstreamLink: Sendable {
    @usableFromInline
    enum State: Sendable {
        case waiting
        case attached(SignalObservation)
        case cancelled
    }

    @usableFromInline let state = LockedState(State.waiting)

    @inlinable
    init() {}

    /// Hands over the upstream observation; cancels it at once if the link was cancelled.
    @usableFromInline
    func attach(_ observation: SignalObservation) {
        let keep = state.withLock { state -> Bool in
            guard case .waiting = state else { return false }
            state = .attached(observation)
            return true
        }
        if !keep { observation.cancel() }
    }

    /// Cancels the upstream observation, now or when it is attached.
    @usableFromInline
    func cancel() {
        let previous = state.withLock { state in
            let previous = state
            state = .cancelled
            return previous
        }
        if case .attached(let observation) = previous { observation.cancel() }
    }
}

/// A set of upstream links cancelled together (combining operators).
@usableFromInline
struct UpstreamLinks: Sendable {
    @usableFromInline let links: [UpstreamLink]

    @inlinable
    init(count: Int) { links = (0..<count).map { _ in UpstreamLink() } }

    @inlinable
    subscript(index: Int) -> UpstreamLink { links[index] }

    /// Cancels every upstream observation.
    @inlinable
    func cancel() {
        for link in links { link.cancel() }
    }

    /// An observation that cancels every upstream observation.
    @inlinable
    func observation() -> SignalObservation {
        let links = self
        return SignalObservation { links.cancel() }
    }
}
