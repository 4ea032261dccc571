#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the harness reads from the operating system: a monotonic clock, heap statistics, resident
/// memory and a description of the machine.
enum SystemProbes {
    #if canImport(Glibc)
    private static let RUSAGE_SELF_VALUE = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
    private static let RUSAGE_SELF_VALUE = RUSAGE_SELF
    #endif

    /// Nanoseconds on the monotonic clock.
    @inline(__always)
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// Bytes the C library's allocator has handed out and not taken back, or `nil` where the
    /// platform does not say (glibc's `mallinfo2().uordblks`).
    ///
    /// The difference across a run is the net growth of the heap: an allocation that the run frees
    /// again before it ends may reuse memory and not show (the suite's documentation says how the
    /// hot loops were checked for those with callgrind).
    static func heapBytesInUse() -> Int? {
        #if canImport(Glibc) && arch(x86_64)
        // `mallinfo2` is declared in <malloc.h>, which the Glibc module does not import. It returns
        // ten `size_t` fields; on x86-64 System V a struct that large is returned through a hidden
        // pointer in the first argument register, so it can be called as `void (*)(void *)`.
        guard let mallinfo2 else { return nil }
        var fields = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &fields) { mallinfo2($0.baseAddress!) }
        return fields.7 + fields.4  // uordblks + hblkhd: bytes handed out, on the heap and mmapped
        #else
        return nil
        #endif
    }

    #if canImport(Glibc) && arch(x86_64)
    private typealias MallinfoFunction = @convention(c) (UnsafeMutableRawPointer) -> Void
    private static let mallinfo2: MallinfoFunction? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallinfo2") else { return nil }
        return unsafeBitCast(symbol, to: MallinfoFunction.self)
    }()
    #endif

    /// Gives the heap's free memory back and merges its free lists (glibc's `malloc_trim(0)`,
    /// which first consolidates the chunks freed last): called before each case is prepared, so
    /// that a case starts from a heap as tidy as a fresh process's, whatever the cases before it
    /// freed. A case's objects made one after another then lie side by side; after scenario 3
    /// freed 9,000 preset instances, scenario 8's 10,000 tracks, allocated into the scattered
    /// free chunks, read 26 ns each instead of 16. Does nothing where glibc is not the allocator.
    static func releaseFreedMemory() {
        #if canImport(Glibc)
        if let mallocTrim { _ = mallocTrim(0) }
        #endif
    }

    #if canImport(Glibc)
    private typealias MallocTrimFunction = @convention(c) (Int) -> Int32
    private static let mallocTrim: MallocTrimFunction? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: MallocTrimFunction.self)
    }()
    #endif

    /// The process's peak resident memory in bytes (`getrusage`'s `ru_maxrss`).
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF_VALUE, &usage)
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)
        #else
        return Int(usage.ru_maxrss) * 1024
        #endif
    }

    /// The process's current resident memory in bytes, from `/proc/self/statm`, or `nil`.
    static func residentBytes() -> Int? {
        guard let text = readFile("/proc/self/statm") else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The number of cores online.
    static var coreCount: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// The CPU's model name from `/proc/cpuinfo`, or "unknown".
    static var cpuModel: String {
        guard let text = readFile("/proc/cpuinfo") else { return "unknown" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters()
            }
        }
        return "unknown"
    }

    /// The 1-minute load average, or `nil`: other work on the machine skews the figures.
    static var loadAverage: Double? {
        var loads = [0.0, 0.0, 0.0]
        return getloadavg(&loads, 3) > 0 ? loads[0] : nil
    }

    /// A small text file's contents.
    static func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    func trimmingCharacters() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// Keeps a value alive so that the optimiser cannot drop the work that produced it: its bytes
/// go to a sink the optimiser cannot see through (keeping only its lifetime would let a
/// specialisation drop a plain value, and the work that computed it, altogether).
@inline(never)
func blackHole<T>(_ value: T) {
    withUnsafeBytes(of: value) { bytes in
        BlackHoleSink.shared.consume(bytes.isEmpty ? 0 : Double(bytes[0] ^ bytes[bytes.count - 1]))
    }
}

/// Keeps the bytes a buffer points to "observed": the optimiser cannot know what this reads.
@inline(never)
func blackHole(_ buffer: UnsafeMutableBufferPointer<Double>) {
    BlackHoleSink.shared.consume(buffer.count > 0 ? buffer[buffer.count / 2] : 0)
}

/// Where black-holed numbers go.
final class BlackHoleSink: @unchecked Sendable {
    static let shared = BlackHoleSink()
    private(set) var sum = 0.0
    @inline(never)
    func consume(_ value: Double) { sum += value.isFinite ? value : 0 }
}
