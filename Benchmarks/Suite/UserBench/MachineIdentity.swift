#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine a run came from: comparisons across machines (CPU model or core count differ) warn.
struct MachineIdentity: Sendable, Hashable {
    var cpu: String
    var cores: Int
    /// The operating system and kernel release, from `uname`.
    var system: String
    var host: String

    /// This machine.
    static var current: MachineIdentity {
        var names = utsname()
        uname(&names)
        func string<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return MachineIdentity(
            cpu: SystemProbes.cpuModel, cores: SystemProbes.coreCount,
            system: string(names.sysname) + " " + string(names.release), host: string(names.nodename))
    }

    /// Whether figures from `other` can be compared with this machine's: same CPU model and cores.
    func isComparable(with other: MachineIdentity) -> Bool {
        cpu == other.cpu && cores == other.cores
    }

    /// `Intel Xeon …, 2 cores, Linux 6.8`.
    var description: String { "\(cpu), \(cores) cores, \(system)" }
}
