/// A signal of a given output and failure type whose concrete type is hidden.
///
/// Use it to store signals of different concrete types in one property or array, or to build a
/// signal from a closure:
///
/// ```swift
/// let constant = AnySignal<Int, Never> { observer in
///     observer.onValue(42)
///     observer.onCompletion(.finished)
///     return SignalObservation()
/// }
/// ```
///
/// Erasure costs one indirect call when an observation starts; events do not pass through it
/// (they flow through the observer closures), so erasing a signal does not slow its delivery.
public struct AnySignal<Output: Sendable, Failure: Error>: Signal {
    @usableFromInline let start: @Sendable (Observer<Output, Failure>) -> SignalObservation

    /// Wraps `signal`.
    ///
    /// - Parameter signal: The signal to hide.
    @inlinable
    public init<Wrapped: Signal>(_ signal: Wrapped)
    where Wrapped.Output == Output, Wrapped.Failure == Failure {
        if let erased = signal as? AnySignal<Output, Failure> {
            self = erased
        } else {
            start = { signal.observe($0) }
        }
    }

    /// Creates a signal whose observations are started by `observe`.
    ///
    /// - Parameter observe: Attaches an observer and returns its observation; it must follow the
    ///   ``Signal`` contract.
    @inlinable
    public init(_ observe: @escaping @Sendable (Observer<Output, Failure>) -> SignalObservation) {
        start = observe
    }

    /// Attaches `observer` to the wrapped signal.
    ///
    /// - Parameter observer: Receives the values and the completion.
    /// - Returns: The observation.
    @inlinable
    public func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        start(observer)
    }
}
