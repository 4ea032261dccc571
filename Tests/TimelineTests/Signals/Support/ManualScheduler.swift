import Synchronization
import Timeline

/// A scheduler that runs submitted actions only when the test says so.
final class ManualScheduler: SignalScheduler {
    private let pending = Locked<[@Sendable () -> Void]>([])
    private let submissions = Atomic(0)

    init() {}

    func submit(_ action: @escaping @Sendable () -> Void) {
        submissions.add(1, ordering: .relaxed)
        pending.withLock { $0.append(action) }
    }

    /// The number of actions submitted so far.
    var submittedCount: Int { submissions.load(ordering: .relaxed) }

    /// The number of actions waiting to run.
    var pendingCount: Int { pending.withLock { $0.count } }

    /// Runs waiting actions (and those they submit) until none is left.
    func runAll() {
        while let action = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            action()
        }
    }
}
