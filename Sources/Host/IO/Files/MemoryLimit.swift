#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How much memory this process may use: the least of the machine's physical memory, the
/// address-space limit (`ulimit -v`, less what the runtime reserves) and, in a container, its
/// cgroup's `memory.max`.
package enum MemoryLimit {
    /// What the Swift runtime, the tool and its libraries take before any picture: kept out of the
    /// address-space limit (`ulimit -v` counts reserved, not used, memory).
    package static let runtimeReserve = 512 << 20

    /// The bytes this process may use, as far as the system says (`Int.max` where it says nothing).
    package static func bytes() -> Int {
        var limit = Int.max
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), pageSize = sysconf(Int32(_SC_PAGESIZE))
        if pages > 0, pageSize > 0, pages <= Int.max / pageSize { limit = pages * pageSize }
        var addressSpace = rlimit()
        // RLIM_INFINITY is all ones: no limit is any value at least Int.max.
        if getrlimit(resourceAddressSpace, &addressSpace) == 0, UInt64(addressSpace.rlim_cur) < UInt64(Int.max) {
            limit = min(limit, max(0, Int(addressSpace.rlim_cur) - runtimeReserve))
        }
        if let container = containerLimit() { limit = min(limit, container) }
        return limit
    }

    /// A cgroup v2 `memory.max` other than `max`, or `nil`.
    private static func containerLimit() -> Int? {
        guard let bytes = try? FileInput.read("/sys/fs/cgroup/memory.max", maximumCount: 64),
              let text = String(validating: bytes, as: UTF8.self)?.split(whereSeparator: \.isWhitespace).first,
              let value = Int(text), value > 0
        else { return nil }
        return value
    }

    #if os(Linux)
    private static let resourceAddressSpace = __rlimit_resource_t(RLIMIT_AS.rawValue)
    #else
    private static let resourceAddressSpace = RLIMIT_AS
    #endif

    /// `bytes` as MB (10^6), rounded up, for messages.
    package static func megabytes(_ bytes: Int) -> Int { (bytes + 999_999) / 1_000_000 }
}
