/// What ``Emitter`` and ``StateEmitter`` share: an observer list that ends once, by hand.
///
/// You do not create an `EmitterBase` yourself: use an ``Emitter`` (passes values on) or a
/// ``StateEmitter`` (holds a current value and gives it to each new observer). Both inherit from
/// this class the ways to end the signal, to observe it and to inspect it; only sending, and the
/// current value, differ between them.
///
/// ```swift
/// let taps = Emitter<Int, Never>()
/// let observation = taps.observe { print("tap", $0) }
/// taps.observerCount   // 1
/// taps.finish()        // the observer receives `.finished` and is released
/// taps.completion      // .finished
/// ```
///
/// Ending, observing and inspecting are safe from any thread. An emitter released without
/// ending gives its observers `.finished`.
public class EmitterBase<Output: Sendable, Failure: Error>: Signal, @unchecked Sendable {
    // `@unchecked`: a non-final class cannot be checked; its state is two constants, the registry
    // being `Sendable`, and no subclass outside this module can add any.
    @usableFromInline final let registry: ObserverRegistry<Output, Failure>
    /// Whether a new observer first receives the current value (a ``StateEmitter``).
    final let replaysCurrentValue: Bool

    init(registry: ObserverRegistry<Output, Failure>, replaysCurrentValue: Bool) {
        self.registry = registry
        self.replaysCurrentValue = replaysCurrentValue
    }

    deinit {
        registry.complete(.finished)
    }

    /// Ends the signal normally: each observer receives `.finished` and is released.
    public final func finish() {
        registry.complete(.finished)
    }

    /// Ends the signal with `error`: each observer receives `.failed(error)` and is released.
    ///
    /// - Parameter error: The error.
    public final func fail(_ error: Failure) {
        registry.complete(.failed(error))
    }

    /// Ends the signal with `completion`; the same as ``finish()`` or ``fail(_:)``.
    ///
    /// Only the first ending counts; later ones, and values sent after it, are ignored.
    ///
    /// - Parameter completion: How the signal ends.
    public final func finish(with completion: SignalCompletion<Failure>) {
        registry.complete(completion)
    }

    /// Attaches `observer`; it receives the values sent from now on (a ``StateEmitter``'s observer
    /// first receives the current value, before this method returns).
    ///
    /// An observer that arrives after the end receives only the completion.
    ///
    /// - Parameter observer: Receives the values and the completion.
    /// - Returns: The observation; cancelling or releasing it detaches the observer.
    public final func observe(_ observer: Observer<Output, Failure>) -> SignalObservation {
        registry.add(observer, replaying: replaysCurrentValue)
    }

    /// The number of attached observers.
    public final var observerCount: Int { registry.count }

    /// How the signal ended, or `nil` while it is running.
    public final var completion: SignalCompletion<Failure>? { registry.ending }
}
