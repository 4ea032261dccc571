import Synchronization

/// An animator group's lock: a ``SpinLock`` that also knows which thread holds it.
///
/// The lock's holder is also the only writer of the states the group owns (see
/// ``StateCell``): those are written with plain stores, no compare-and-exchange per state. A
/// writer from outside the group (``AnimatedState/update(_:)``) first takes the group's lock to
/// end that ownership, unless its own thread already holds the lock: code the group runs under
/// its lock (a custom timing curve, an `Animatable` type's interpolation) may update another
/// state of the same group, and would otherwise wait for itself.
struct GroupLock: ~Copyable, Sendable {
    private let spin = SpinLock()
    /// The holding thread's identity, or 0.
    private let holder = Atomic<UInt>(0)

    init() {}

    /// Acquires the lock, waiting for it if another thread holds it.
    @inline(__always)
    func lock() {
        spin.lock()
        holder.store(currentThreadIdentity(), ordering: .relaxed)
    }

    /// Releases the lock. Only the thread that acquired it may release it.
    @inline(__always)
    func unlock() {
        holder.store(0, ordering: .relaxed)
        spin.unlock()
    }

    /// Runs `body` with the lock held.
    @inline(__always)
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Whether the calling thread holds the lock. Exact for the calling thread: only it stores
    /// its own identity, and it cleared it before its last release.
    var isHeldByCurrentThread: Bool {
        holder.load(ordering: .relaxed) == currentThreadIdentity()
    }
}
