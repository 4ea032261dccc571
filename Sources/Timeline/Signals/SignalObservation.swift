/// A running observation of a signal; cancels it when cancelled or released.
///
/// Every `observe` call returns an observation. Keep it for as long as you want events: when the
/// last reference to it goes away the observation is cancelled, the signal forgets the observer
/// and releases its closures.
///
/// ```swift
/// final class Meter {
///     private var observations: Set<SignalObservation> = []
///     init(levels: Emitter<Double, Never>) {
///         levels.observe { [weak self] level in self?.show(level) }
///             .store(in: &observations)
///     }
///     func show(_ level: Double) { /* … */ }
/// }
/// ```
///
/// ## Guarantees
/// - ``cancel()`` is idempotent and thread-safe; only the first call runs the cancel action.
/// - After `cancel()` returns, the observer receives no event whose delivery starts afterwards:
///   in particular nothing more on the thread that called it (an observer that cancels itself or
///   another observer from inside a callback sees nothing further). A delivery already running on
///   another thread at that moment may still complete.
/// - An observation does not keep its signal alive, and the signal does not keep the observation
///   alive, so an observer closure may capture the object that stores its observation.
public final class SignalObservation: Sendable, Hashable {
    private let action: Locked<(@Sendable () -> Void)?>

    /// Creates an observation that runs `onCancel` once, when cancelled or released.
    ///
    /// Custom ``Signal`` types return one of these from ``Signal/observe(_:)``.
    ///
    /// - Parameter onCancel: Stops the delivery of events to the observer and releases it.
    public init(onCancel: @escaping @Sendable () -> Void) {
        action = Locked(onCancel)
    }

    /// Creates an observation that has nothing to cancel (a signal that already ended).
    public init() {
        action = Locked(nil)
    }

    /// An observation that cancels all of `observations` together.
    ///
    /// - Parameter observations: The observations to cancel, in order, when this one is cancelled.
    public convenience init(_ observations: [SignalObservation]) {
        self.init { for observation in observations { observation.cancel() } }
    }

    deinit {
        cancel()
    }

    /// Stops the observation: the observer receives nothing more and is released.
    ///
    /// Safe to call from any thread, from inside the observer's own callbacks, and more than once.
    public func cancel() {
        let onCancel = action.withLock { action in
            let taken = action
            action = nil
            return taken
        }
        onCancel?()
    }

    /// Whether ``cancel()`` has run (or there was nothing to cancel).
    public var isCancelled: Bool {
        action.withLock { $0 == nil }
    }

    /// Keeps the observation in `collection` (cancelled when the collection releases it).
    ///
    /// - Parameter collection: An array of observations, typically a property of the owner.
    public func store(in collection: inout [SignalObservation]) {
        collection.append(self)
    }

    /// Keeps the observation in `set` (cancelled when the set releases it).
    ///
    /// - Parameter set: A set of observations, typically a property of the owner.
    public func store(in set: inout Set<SignalObservation>) {
        set.insert(self)
    }

    /// Observations are equal when they are the same instance.
    public static func == (lhs: SignalObservation, rhs: SignalObservation) -> Bool { lhs === rhs }

    /// Hashes the instance's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
