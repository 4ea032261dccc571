import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a bank's tracks into contiguous chunks and runs them on every core.
///
/// Every track's value depends on that track alone, so the chunks can run in any order on any
/// thread and the output is the same as a single loop's, bit for bit.
enum BankParallel {
    /// Chunks smaller than this are not worth a thread.
    static let minimumChunk = 8_192
    /// Chunks per core, so that a core slowed by another process does not hold up the frame.
    static let chunksPerCore = 8

    /// The number of cores online.
    static let coreCount: Int = {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return online > 0 ? online : 1
        #else
        return 1
        #endif
    }()

    /// Calls `body` with ranges that together cover `0 ..< count` exactly once: one range on the
    /// calling thread, or chunks across every core when `concurrently` is true and there are
    /// enough tracks.
    @inline(__always)
    static func run(count: Int, concurrently: Bool, _ body: (Range<Int>) -> Void) {
        let chunks = concurrently ? chunkCount(for: count) : 1
        if chunks <= 1 {
            body(0..<count)
            return
        }
        let size = (count + chunks - 1) / chunks
        withoutActuallyEscaping(body) { body in
            // Each chunk touches its own tracks only (see the type's discussion).
            let shared = UncheckedSendable(body)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let start = chunk * size
                shared.value(start..<Swift.min(start + size, count))
            }
        }
    }

    static func chunkCount(for count: Int) -> Int {
        guard coreCount > 1 else { return 1 }
        return Swift.max(1, Swift.min(coreCount * chunksPerCore, count / minimumChunk))
    }
}

/// A value handed to other threads that touch disjoint parts of what it points to.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
