// The ThreadSanitizer regression check for Cadence's lock (run by .ci/sanitizers).
//
// Two threads increment a counter 200,000 times each, under `Locked` (built from
// Sources/Timeline/Locks/Locked.swift together with this file), with `-D SPINLOCK` under
// `LockedState` (Sources/Timeline/Internal/{LockedState,SpinLock,ThreadYield}.swift), or with
// `-D MUTEX` under `Synchronization.Mutex`. The program is correct every way. Under
// `-sanitize=thread`, the `Locked` and `SpinLock` builds must report nothing; the `Mutex` build
// gets false race reports on Linux (the kernel's FUTEX_LOCK_PI hand-over is invisible to TSan),
// which is why Cadence does not use `Mutex`.

internal import Dispatch
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

#if MUTEX
internal import Synchronization
typealias CheckedLock = Mutex<Int>
#elseif SPINLOCK
typealias CheckedLock = LockedState<Int>
#else
typealias CheckedLock = Locked<Int>
#endif

/// A counter outside the lock, touched only while holding it: a race report on it is false.
final class Shadow: @unchecked Sendable {
    var count = 0
}

@main
enum LockedTwoThreads {
    static func main() {
        let iterations = 200_000
        let lock = CheckedLock(0)
        let shadow = Shadow()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in 0..<iterations {
                lock.withLock { value in
                    value += 1
                    shadow.count += 1
                }
            }
        }
        let total = lock.withLock { $0 }
        print("count \(total) shadow \(shadow.count) (expected \(2 * iterations))")
        if total != 2 * iterations || shadow.count != 2 * iterations {
            print("error: the lock lost updates")
            exit(1)
        }
    }
}
