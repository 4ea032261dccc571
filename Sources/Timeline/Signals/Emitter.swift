/// A signal you send values into by hand; it passes each one on to its current observers.
///
/// ```swift
/// let taps = Emitter<Point, Never>()
/// let observation = taps.observe { point in print("tap at", point) }
/// taps.send(Point(x: 3, y: 4))   // prints "tap at (3.0, 4.0)"
/// taps.finish()
/// ```
///
/// An emitter keeps no values: an observer receives the values sent after it subscribed. An
/// observer that subscribes after the emitter ended receives the completion at once.
///
/// ## Guarantees
///
/// | Situation | What happens |
/// |---|---|
/// | Several observers | Each value reaches them in subscription order. |
/// | Observer subscribes during a delivery | It receives the next value sent, not the current one. |
/// | Observer cancels itself or another during a delivery | The cancelled one receives nothing more, including the rest of that delivery. |
/// | Observer sends during a delivery | The new value is delivered at once to all observers (depth first); then the outer delivery continues. |
/// | `finish()` or `fail(_:)` called more than once | Only the first one counts; each observer gets exactly one completion. |
/// | Values sent after the end | Ignored. |
/// | Emitter released without ending | Its observers receive `.finished`. |
///
/// Sending, subscribing and cancelling are safe from any thread. Sends from one thread reach the
/// observers in order; sends from several threads at once are each delivered once to each
/// observer, in an order that is not defined.
///
/// Ending, observing and inspecting (``EmitterBase/finish()``, ``EmitterBase/fail(_:)``,
/// ``EmitterBase/observe(_:)``, ``EmitterBase/observerCount``, ``EmitterBase/completion``) are
/// inherited from ``EmitterBase``, which ``StateEmitter`` shares.
///
/// - Complexity: ``send(_:)`` is O(n) in the number of observers and allocates nothing; with no
///   other sender it takes one uncontended lock and retains nothing. Subscribing and cancelling
///   are O(n).
public final class Emitter<Output: Sendable, Failure: Error>: EmitterBase<Output, Failure>, @unchecked Sendable {
    /// Creates an emitter with no observers.
    public init() {
        super.init(registry: ObserverRegistry(current: nil), replaysCurrentValue: false)
    }

    /// Delivers `value` to every current observer before returning.
    ///
    /// - Parameter value: The value; it is passed on without being copied.
    @inlinable
    public func send(_ value: Output) {
        registry.send(value, storing: false)
    }
}

extension Emitter where Output == Void {
    /// Delivers an event that carries no value (a trigger, a "now").
    ///
    /// ```swift
    /// let frameDone = Emitter<Void, Never>()
    /// frameDone.send()
    /// ```
    @inlinable
    public func send() {
        registry.send((), storing: false)
    }
}
