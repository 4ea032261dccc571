public import Synchronization

/// A lock for very short critical sections that never call out to user code.
///
/// Acquiring an uncontended lock is one compare-and-exchange; releasing it is one store. Under
/// contention the lock spins briefly and then yields the thread, so a holder that was preempted
/// gets to run. Cadence holds it only around a few loads and stores (and, on the slow paths that
/// change an observer list, one allocation): observer callbacks always run after unlocking.
///
/// `Synchronization.Mutex` would do, but on Linux its uncontended round trip costs several times
/// more (it records the owning thread for priority inheritance), and the subject send path has a
/// budget of about ten nanoseconds.
///
/// ThreadSanitizer sees this lock: its acquiring compare-and-exchange and releasing store are
/// instrumented atomics in Cadence's own code, so TSan records the happens-before edges (checked
/// by `.ci/sanitizers`). Longer critical sections use ``Locked``.
@usableFromInline
struct SpinLock: ~Copyable, Sendable {
    @usableFromInline let isLocked: Atomic<Bool>

    @inlinable
    init() { isLocked = Atomic(false) }

    /// Acquires the lock, waiting for it if another thread holds it.
    @inlinable
    func lock() {
        if isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            return
        }
        lockContended()
    }

    /// Releases the lock. Only the thread that acquired it may release it.
    @inlinable
    func unlock() {
        isLocked.store(false, ordering: .releasing)
    }

    /// Runs `body` with the lock held.
    @inlinable
    func withLock<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    @usableFromInline
    @inline(never)
    func lockContended() {
        var attempts = 0
        while true {
            // Test before test-and-set: spin on a plain load so waiting threads share the line.
            if !isLocked.load(ordering: .relaxed),
                isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring)
                    .exchanged
            {
                return
            }
            attempts += 1
            if attempts >= 64 {
                yieldThread()
                attempts = 0
            }
        }
    }
}
