#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Gives the rest of the thread's time slice to another thread (used by a lock that waits).
@usableFromInline
@inline(never)
func yieldThread() {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    sched_yield()
    #endif
}

/// A number that identifies the calling thread among the threads alive now (never 0).
@inline(__always)
func currentThreadIdentity() -> UInt {
    #if canImport(Glibc) || canImport(Musl)
    UInt(pthread_self())
    #elseif canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    1
    #endif
}
