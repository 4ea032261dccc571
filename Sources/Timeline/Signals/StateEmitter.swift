/// A signal that holds a current value, gives it to each new observer and passes on changes.
///
/// ```swift
/// let progress = StateEmitter<Double, Never>(0)
/// let observation = progress.observe { print("progress", $0) }   // prints "progress 0.0"
/// progress.send(0.5)                                            // prints "progress 0.5"
/// progress.value                                                // 0.5
/// ```
///
/// A new observer first receives the current value (before ``observe(_:)`` returns), then every
/// value sent afterwards. After the signal ends, ``value`` keeps the last value, sends are ignored
/// and a new observer receives only the completion.
///
/// Same delivery guarantees as ``Emitter`` (subscription order, re-entrancy, exactly one
/// completion, `.finished` on release). When values are sent from other threads while an
/// observer subscribes, the order of its first value and those values is not defined.
///
/// Ending, observing and inspecting are inherited from ``EmitterBase``, which ``Emitter`` shares.
///
/// - Complexity: ``send(_:)`` stores and delivers under one uncontended lock, with no allocation.
public final class StateEmitter<Output: Sendable, Failure: Error>: EmitterBase<Output, Failure>, @unchecked Sendable {
    /// Creates the signal with its first value.
    ///
    /// - Parameter initialValue: The current value until the first send.
    public init(_ initialValue: Output) {
        super.init(registry: ObserverRegistry(current: initialValue), replaysCurrentValue: true)
    }

    /// A state emitter whose current value is read from `current` when an observer arrives (for
    /// values kept and published elsewhere, like an ``AnimatedState``'s).
    init(replaying current: @escaping @Sendable () -> Output) {
        super.init(registry: ObserverRegistry(replay: current), replaysCurrentValue: true)
    }

    /// The current value. Setting it is the same as ``send(_:)``.
    public var value: Output {
        get { registry.currentValue! }
        set { send(newValue) }
    }

    /// Makes `value` the current value and delivers it to every observer before returning.
    ///
    /// Ignored once the signal has ended.
    ///
    /// - Parameter value: The new value; it is stored and passed on without being copied.
    @inlinable
    public func send(_ value: Output) {
        registry.send(value, storing: true)
    }
}
