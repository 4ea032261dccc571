/// Somewhere to run work later: a serial queue, a run loop, an executor.
///
/// ``Signal/delivered(on:buffering:)`` hands its observer's callbacks to a scheduler. Cadence
/// submits at most one action at a time per observation, and that action delivers everything that
/// is waiting, so a scheduler does not have to be serial to keep each observer's events in order.
///
/// ```swift
/// struct MainLoopScheduler: SignalScheduler {
///     func submit(_ action: @escaping @Sendable () -> Void) { mainLoop.enqueue(action) }
/// }
/// ```
///
/// ## Contract
/// - ``submit(_:)`` returns without running `action` and runs it once, later, on some thread.
public protocol SignalScheduler: Sendable {
    /// Arranges for `action` to run once, later.
    ///
    /// - Parameter action: The work to run.
    func submit(_ action: @escaping @Sendable () -> Void)
}
