public import Dispatch

extension DispatchQueue: SignalScheduler {
    /// Runs `action` asynchronously on the queue.
    ///
    /// - Parameter action: The work to run.
    public func submit(_ action: @escaping @Sendable () -> Void) {
        async(execute: action)
    }
}
