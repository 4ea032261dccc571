import CadenceMallocCounter

/// Counts heap allocations, and the bytes they request, for `cadence bench FILE`.
///
/// The small C target `Benchmarks/MallocCounter` replaces `malloc`, `calloc` and `realloc` for the
/// whole process (symbol interposition: the dynamic linker binds the Swift runtime's and the C
/// library's calls to the executable's definitions), counts each call and its size with relaxed
/// atomics, and forwards to glibc's allocator. Reading the counters before and after a pass gives
/// its allocations and bytes: every Swift class instance, closure context, box, array, string and
/// dictionary buffer (they come from `malloc` through the runtime's `swift_slowAlloc`), and C
/// allocations too. Allocations on other threads count as well; `cadence bench` runs nothing else
/// while it measures.
///
/// Not counted: `memalign`, `aligned_alloc` and `posix_memalign` (Swift uses them only for
/// alignments above 16 bytes). Unavailable (reported as `n/a`) off glibc and under a sanitizer.
///
/// Why not the Swift runtime's `_swift_allocObject` hook: installing it switches the runtime to
/// its swizzled retain/release path, which crashes with Swift 6.3 on x86-64 Linux.
enum AllocationCounter {
    /// Allocations and bytes so far.
    struct Reading: Sendable {
        /// Calls to `malloc`, `calloc` and `realloc`.
        var allocations: Int
        /// Bytes those calls requested.
        var bytes: Int
    }

    /// Whether allocations are counted in this process.
    static let isAvailable = cadence_malloc_counting_available() != 0

    /// The counters now, or `nil` when allocations are not counted.
    static func read() -> Reading? {
        guard isAvailable else { return nil }
        var calls = 0
        var bytes = 0
        cadence_malloc_counts(&calls, &bytes)
        return Reading(allocations: calls, bytes: bytes)
    }
}
