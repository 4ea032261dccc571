#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Allocation of the buffers a frame streams through or that threads share: 64-byte aligned (so
/// that chunks of whole cache lines share none), and on Linux, from 2 MB up, on 2 MB boundaries
/// with transparent huge pages asked for (`MADV_HUGEPAGE`), so that a million tracks' records
/// take 16 TLB entries instead of 8,000.
enum LargeBuffer {
    /// Buffers from this size up are aligned for huge pages.
    static let hugePageSize = 2 << 20

    /// Allocates `byteCount` bytes (at least 1), uninitialised; free with ``deallocate(_:)``.
    static func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
        let byteCount = Swift.max(byteCount, 1)
        #if os(Linux)
        let huge = byteCount >= hugePageSize
        let alignment = huge ? hugePageSize : 64
        let rounded = (byteCount + alignment - 1) / alignment * alignment
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, alignment, rounded) == 0, let memory else {
            fatalError("out of memory allocating \(byteCount) bytes")
        }
        // Advice only: without transparent huge pages the buffer simply keeps small pages.
        if huge { _ = madvise(memory, rounded, MADV_HUGEPAGE) }
        return memory
        #else
        return UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
        #endif
    }

    /// Room for `count` values of `type` (at least one), uninitialised; free with
    /// ``deallocate(_:)``.
    static func allocate<Element>(_ type: Element.Type, count: Int) -> UnsafeMutablePointer<Element> {
        let count = Swift.max(count, 1)
        return allocate(byteCount: count * MemoryLayout<Element>.stride).bindMemory(to: type, capacity: count)
    }

    /// Frees a typed buffer from ``allocate(_:count:)``.
    static func deallocate<Element>(_ buffer: UnsafeMutablePointer<Element>) {
        deallocate(UnsafeMutableRawPointer(buffer))
    }

    /// Frees a buffer from ``allocate(byteCount:)``.
    static func deallocate(_ buffer: UnsafeMutableRawPointer) {
        #if os(Linux)
        free(buffer)
        #else
        buffer.deallocate()
        #endif
    }
}
