/// A value that animators write into, frame by frame: the shared state of one transition.
///
/// Several animators can animate different properties of the same state (a card's vertical
/// position on a spring and its size on a curve), each writing only what it animates.
///
/// ```swift
/// let card = AnimatedState(Card())
/// let position = try Animator(duration: 1, state: card, clock: clock)
/// let size = try Animator(duration: 0.5, state: card, clock: clock)
/// ```
public final class AnimatedState<Root: Sendable>: Sendable {
    private let storage: Locked<Root>

    /// The value after every update, starting with the current value for each new observer.
    ///
    /// Several animators may update the state in one tick; to observe it once per frame, sample
    /// it on the clock: `state.values.sample(on: clock.ticks)`.
    public let values: StateEmitter<Root, Never>

    /// Creates a state holding `initialValue`.
    public init(_ initialValue: Root) {
        storage = Locked(initialValue)
        values = StateEmitter(initialValue)
    }

    /// The current value.
    public var value: Root {
        storage.withLock { $0 }
    }

    /// Changes the value in place, atomically with respect to other updates, then publishes it on
    /// ``values``.
    ///
    /// Updates from one thread (a clock's animators) publish in order; updates made at the same
    /// moment from several threads apply atomically but may publish in either order.
    ///
    /// - Parameter body: Mutates the value; must not read or update this state (the lock is not
    ///   recursive).
    /// - Returns: What `body` returns.
    @discardableResult
    public func update<Result: Sendable>(_ body: (inout Root) throws -> Result) rethrows -> Result {
        let (result, value) = try storage.withLock { root in (try body(&root), root) }
        values.send(value)
        return result
    }
}
