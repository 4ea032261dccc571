/// The receiving end of a signal: what to do with each value and with the completion.
///
/// An observer is two `@Sendable` closures. Operators build new observers out of old ones when an
/// observation starts (`map` wraps `onValue` in a closure that transforms first), so an event flows
/// down a chain of operators as a few direct closure calls, with no intermediate subscription
/// objects, locks or allocations in between.
///
/// ```swift
/// let printer = Observer<Int, Never>(
///     onValue: { print("value", $0) },
///     onCompletion: { print("ended:", $0) }
/// )
/// let observation = emitter.observe(printer)
/// ```
///
/// Values are passed as borrowed arguments: a large struct or an array (a whole frame's values)
/// reaches every observer without its storage being copied.
public struct Observer<Input: Sendable, Failure: Error>: Sendable {
    /// Called with each value, in the order the signal produces them.
    public let onValue: @Sendable (Input) -> Void

    /// Called at most once, after the last value.
    public let onCompletion: @Sendable (SignalCompletion<Failure>) -> Void

    /// Creates an observer from its two callbacks.
    ///
    /// - Parameters:
    ///   - onValue: Called with each value.
    ///   - onCompletion: Called once when the signal finishes or fails.
    @inlinable
    public init(
        onValue: @escaping @Sendable (Input) -> Void,
        onCompletion: @escaping @Sendable (SignalCompletion<Failure>) -> Void
    ) {
        self.onValue = onValue
        self.onCompletion = onCompletion
    }
}

extension Observer where Failure == Never {
    /// Creates an observer of a signal that cannot fail; the completion is ignored unless given.
    ///
    /// - Parameters:
    ///   - onValue: Called with each value.
    ///   - onCompletion: Called once when the signal finishes; does nothing by default.
    @inlinable
    public init(
        onValue: @escaping @Sendable (Input) -> Void,
        onCompletion: @escaping @Sendable (SignalCompletion<Never>) -> Void = { _ in }
    ) {
        self.onValue = onValue
        self.onCompletion = onCompletion
    }
}
