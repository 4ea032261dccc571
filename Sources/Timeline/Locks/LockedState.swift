/// A value guarded by a ``SpinLock``: the shared state of one subscription of an operator.
///
/// Operators such as `scan`, `zip` or `prefix` keep their state here, update it under the lock
/// and call their downstream observer after unlocking, so an observer that re-enters the operator
/// (sends to its upstream, cancels, subscribes) cannot deadlock.
@usableFromInline
final class LockedState<State>: @unchecked Sendable {
    @usableFromInline let lock = SpinLock()
    @usableFromInline nonisolated(unsafe) var state: State

    @inlinable
    init(_ state: State) { self.state = state }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
