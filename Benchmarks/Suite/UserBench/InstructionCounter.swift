#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The CPU's retired-instruction counter for the calling thread, in user space, from Linux's
/// `perf_event_open(2)`; or the reason it is not available.
///
/// `perf_event_open` has no C library wrapper: it is reached with `syscall(2)`, which is variadic,
/// and Swift cannot call variadic C functions. The harness looks `syscall` up with `dlsym` and
/// calls it through a fixed-arity `@convention(c)` type with six integer-class arguments. On
/// x86-64 System V that is the same call: integer and pointer arguments travel in rdi, rsi, rdx,
/// rcx, r8 and r9 for variadic and fixed calls alike, and the only difference (al holding an
/// upper bound on the vector registers used) matters to callees that read floating-point
/// variadic arguments, which glibc's `syscall` (a register shuffle into the `syscall` instruction)
/// does not. On other architectures the counter is reported as not available.
///
/// The counter counts user-space instructions only (`exclude_kernel`, `exclude_hv`), which
/// `perf_event_paranoid` ≤ 2 allows for one's own threads. Virtual machines without a virtual PMU
/// answer ENOENT, and container seccomp profiles often EPERM: both read as "n/a".
final class InstructionCounter {
    private let descriptor: Int32

    /// Opens the counter, or returns why it cannot be opened.
    static func open() -> Result<InstructionCounter, CounterUnavailable> {
        #if os(Linux) && arch(x86_64)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syscall") else {
            return .failure(CounterUnavailable(reason: "the C library has no syscall()"))
        }
        typealias SyscallFunction = @convention(c) (Int, UnsafeMutableRawPointer?, Int, Int, Int, Int) -> Int
        let call = unsafeBitCast(symbol, to: SyscallFunction.self)
        // struct perf_event_attr, PERF_ATTR_SIZE_VER5 (112 bytes): type, size, config, flags.
        var attributes = [UInt8](repeating: 0, count: 112)
        attributes.withUnsafeMutableBytes { bytes in
            bytes.storeBytes(of: UInt32(0), toByteOffset: 0, as: UInt32.self)  // PERF_TYPE_HARDWARE
            bytes.storeBytes(of: UInt32(112), toByteOffset: 4, as: UInt32.self)  // size
            bytes.storeBytes(of: UInt64(1), toByteOffset: 8, as: UInt64.self)  // PERF_COUNT_HW_INSTRUCTIONS
            // Flag bits at offset 40: exclude_kernel (bit 5), exclude_hv (bit 6); enabled at once.
            bytes.storeBytes(of: UInt64(1 << 5 | 1 << 6), toByteOffset: 40, as: UInt64.self)
        }
        let perfEventOpen = 298  // __NR_perf_event_open on x86-64
        let result = attributes.withUnsafeMutableBytes { call(perfEventOpen, $0.baseAddress, 0, -1, -1, 0) }
        guard result >= 0 else {
            let code = errno
            return .failure(CounterUnavailable(reason: "perf_event_open: \(String(cString: strerror(code))) (\(Self.errnoName(code)))"))
        }
        let counter = InstructionCounter(descriptor: Int32(result))
        guard counter.read() != nil else {
            return .failure(CounterUnavailable(reason: "the instruction counter opened but cannot be read"))
        }
        return .success(counter)
        #else
        return .failure(CounterUnavailable(reason: "instruction counts are read on x86-64 Linux only"))
        #endif
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Instructions retired by this thread in user space since the counter was opened.
    func read() -> UInt64? {
        var value: UInt64 = 0
        let count = withUnsafeMutableBytes(of: &value) { readBytes(descriptor, $0.baseAddress, 8) }
        return count == 8 ? value : nil
    }

    private static func errnoName(_ code: Int32) -> String {
        switch code {
        case ENOENT: "ENOENT: no such hardware event here, as in virtual machines without a virtual PMU"
        case EACCES, EPERM: "\(code == EACCES ? "EACCES" : "EPERM"): refused by perf_event_paranoid or a seccomp profile"
        case ENOSYS: "ENOSYS: the kernel has no perf events"
        case EOPNOTSUPP: "EOPNOTSUPP"
        default: "errno \(code)"
        }
    }
}

/// Why instructions per frame are "n/a".
struct CounterUnavailable: Error, Sendable, Hashable {
    /// What the kernel or the platform said.
    var reason: String
}

/// `read(2)`, under a name that the counter's own `read()` does not shadow.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
