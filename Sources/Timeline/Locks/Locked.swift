#if canImport(Darwin)
package import Darwin
#elseif canImport(Glibc)
package import Glibc
#elseif canImport(Musl)
package import Musl
#elseif canImport(Android)
package import Android
#else
#error("Locked needs pthreads or os_unfair_lock")
#endif

#if canImport(Darwin)
/// The platform lock inside a ``Locked``: `os_unfair_lock` on Apple platforms.
package typealias LockPrimitive = os_unfair_lock
#else
/// The platform lock inside a ``Locked``: a `pthread_mutex_t`, which ThreadSanitizer intercepts.
package typealias LockPrimitive = pthread_mutex_t
#endif

/// A value guarded by a mutual-exclusion lock that ThreadSanitizer understands: Cadence's lock.
///
/// Use it where `Synchronization.Mutex` would go; `withLock` has the same shape. The reason it
/// exists: on Linux, `Mutex` waits in the kernel (`FUTEX_LOCK_PI`), which ThreadSanitizer cannot
/// see, so a correct program whose threads contend for a `Mutex` gets false race reports, and a
/// TSan run of code guarded by it proves nothing. `Locked` uses `pthread_mutex_t` on Linux (TSan
/// intercepts the pthread calls and records the happens-before edges) and `os_unfair_lock` on
/// Apple platforms. The lock and the value live in one heap block at a stable address, as pthreads
/// requires.
///
/// Copies of a `Locked` share the same lock and value (it is a reference to its storage).
///
/// Uncontended, a lock and unlock costs about what `Mutex` does (Docs/Reliability.md has the
/// measured figures).
package struct Locked<Value>: @unchecked Sendable {
    /// The lock and the guarded value.
    @usableFromInline let storage: LockedStorage<Value>

    /// Creates a lock guarding `initialValue`.
    package init(_ initialValue: sending Value) {
        storage = LockedStorage(initialValue)
    }

    /// Runs `body` with exclusive access to the guarded value and returns its result.
    ///
    /// The lock is not recursive: `body` must not call `withLock` on the same lock again.
    ///
    /// Transparent, like `Mutex.withLock`, and free of closures and `defer`, so that even
    /// unspecialized generic code (an `Animator<Root>`) calls the platform lock directly. Across
    /// modules (Plugins, Host) `package` bodies are not inlined: those few call sites, none hotter
    /// than once per frame, take the generic entry point.
    @_transparent
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        let lock = storage.lock
        nonisolated(unsafe) let value = storage.value
        #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        #else
        pthread_mutex_lock(lock)
        #endif
        do {
            let result = try body(&value.pointee)
            #if canImport(Darwin)
            os_unfair_lock_unlock(lock)
            #else
            pthread_mutex_unlock(lock)
            #endif
            return result
        } catch {
            #if canImport(Darwin)
            os_unfair_lock_unlock(lock)
            #else
            pthread_mutex_unlock(lock)
            #endif
            throw error
        }
    }
}

/// The storage of a ``Locked``: one heap block holding the platform lock and, after it, the value.
///
/// Both are reached through plain pointers, so no access needs a dynamic exclusivity check and
/// their addresses never move.
package final class LockedStorage<Value> {
    /// The platform lock, at the start of the block.
    @usableFromInline let lock: UnsafeMutablePointer<LockPrimitive>
    /// The guarded value, after the lock.
    @usableFromInline let value: UnsafeMutablePointer<Value>

    /// Allocates the block, initializes the lock and moves `initialValue` in.
    init(_ initialValue: sending Value) {
        let valueOffset = Self.valueOffset
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: valueOffset + MemoryLayout<Value>.size,
            alignment: Swift.max(MemoryLayout<LockPrimitive>.alignment, MemoryLayout<Value>.alignment))
        lock = block.bindMemory(to: LockPrimitive.self, capacity: 1)
        #if canImport(Darwin)
        lock.initialize(to: os_unfair_lock())
        #else
        lock.initialize(to: pthread_mutex_t())
        let error = pthread_mutex_init(lock, nil)
        precondition(error == 0, "Locked: pthread_mutex_init failed with error \(error)")
        #endif
        value = (block + valueOffset).bindMemory(to: Value.self, capacity: 1)
        value.initialize(to: initialValue)
    }

    /// Where the value starts in the block: after the lock, rounded up to the value's alignment.
    private static var valueOffset: Int {
        let alignment = MemoryLayout<Value>.alignment
        return (MemoryLayout<LockPrimitive>.size + alignment - 1) / alignment * alignment
    }

    deinit {
        value.deinitialize(count: 1)
        #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        UnsafeMutableRawPointer(lock).deallocate()
    }
}
