import Timeline

/// Counts heap allocations, and the bytes they request, for `cadence bench FILE`, where the
/// process can count them.
///
/// The counting itself is done by the small C target `Benchmarks/Runner`, which only
/// `cadence-bench` links: it replaces `malloc`, `calloc` and `realloc` for the whole process
/// (symbol interposition: the dynamic linker binds the Swift runtime's and the C library's calls
/// to the executable's definitions), counts each call and its size with relaxed atomics, and
/// forwards to glibc's allocator. `cadence-bench` hands its reader to ``install(_:)`` when it
/// starts. Reading the counters before and after a pass gives its allocations and bytes: every
/// Swift class instance, closure context, box, array, string and dictionary buffer (they come from
/// `malloc` through the runtime's `swift_slowAlloc`), and C allocations too. Allocations on other
/// threads count as well; `cadence bench` runs nothing else while it measures.
///
/// Not counted: `memalign`, `aligned_alloc` and `posix_memalign` (Swift uses them only for
/// alignments above 16 bytes). Unavailable (reported as `n/a`) off glibc, under a sanitizer, and
/// in a process that did not install a reader (the `cadence` tool itself, the tests).
///
/// Why not the Swift runtime's `_swift_allocObject` hook: installing it switches the runtime to
/// its swizzled retain/release path, which crashes with Swift 6.3 on x86-64 Linux.
public enum AllocationCounter {
    /// Reads the calls to `malloc`, `calloc` and `realloc` so far, and the bytes they asked for.
    public typealias Reader = @Sendable (_ calls: UnsafeMutablePointer<Int>, _ bytes: UnsafeMutablePointer<Int>) -> Void

    /// Allocations and bytes so far.
    struct Reading: Sendable {
        /// Calls to `malloc`, `calloc` and `realloc`.
        var allocations: Int
        /// Bytes those calls requested.
        var bytes: Int
    }

    private static let reader = Locked<Reader?>(nil)

    /// Counts allocations from now on with `reader` (`cadence-bench` installs the malloc counter's).
    public static func install(_ reader: @escaping Reader) {
        self.reader.withLock { $0 = reader }
    }

    /// Whether allocations are counted in this process.
    static var isAvailable: Bool { reader.withLock { $0 != nil } }

    /// The counters now, or `nil` when allocations are not counted.
    static func read() -> Reading? {
        guard let reader = reader.withLock({ $0 }) else { return nil }
        var calls = 0
        var bytes = 0
        reader(&calls, &bytes)
        return Reading(allocations: calls, bytes: bytes)
    }
}
