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
/// - Complexity: ``send(_:)`` is O(n) in the number of observers and allocates nothing; with no
///   other sender it takes one uncontended lock and retains nothing. Subscribing and cancelling
///   are O(n).
public final class Emitter<Output: Sendable, Failure: Error>: Signal, Sendable {
    @usableFromInline let registry: ObserverRegistry<Output, Failure>

    /// Creates an emitter with no observers.
    public init() {
        registry = ObserverRegistry(current: nil)
    }

    deinit {
        registry.complete(.finished)
    }

    /// Delivers `value` to every current observer before returning.
    ///
    /// - Parameter value: The value; it is passed on without being copied.
    @inlinable
    public func send(_ value: Output) {
        registry.send(value, storing: false)
    }

    /// Ends the signal normally: each observer receives `.finished` and is released.
    public func finish() {
        registry.complete(.finished)
    }

    /// Ends the signal with `error`: each observer receives `.failed(error)` and is released.
    ///
    /// - Parameter error: The error.
    public func fail(_ error: Failure) {
        registry.complete(.failed(error))
    }

    /// Ends the signal with `completion`; the same as ``finish()`` or ``fail(_:)``.
    ///
    /// - Parameter completion: How the signal ends.
    public func finish(with completion: SignalCompletion<Failure>) {
        registry.complete(completion)
    }

    /// Attaches `observer`; it receives the values sent from now on.
    ///
    /// - Parameter observer: Receives the values and the completion.
    /// - Returns: The observation; cancelling or releasing it detaches the observer.
    public func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        registry.add(observer, replaying: false)
    }

    /// The number of attached observers.
    public var observerCount: Int { registry.count }

    /// How the signal ended, or `nil` while it is running.
    public var completion: SignalCompletion<Failure>? { registry.ending }
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
