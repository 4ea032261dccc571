#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Timeline
import TimelinePlugins
import TimelineHost

/// A stored run of `cadence bench FILE…`, to compare later runs with: `--save-baseline NAME`
/// writes `DIR/NAME.json` (DIR is `.cadence-bench` in the current directory unless
/// `--baseline-dir` says otherwise), `--baseline NAME` reads it.
///
/// The file is versioned JSON (``formatName``, ``version``) and records the machine, the build
/// and the Cadence version, so that a comparison can warn when they differ, and every workload's
/// per-batch samples, so that the comparison can test significance.
struct BenchmarkBaseline: Sendable {
    /// The value of the file's `format` key.
    static let formatName = "cadence-bench-baseline"
    /// The format version this build writes and the newest it reads.
    static let version = 1

    var name: String
    /// When it was recorded (UTC, ISO 8601).
    var created: String
    var cadenceVersion: String
    var machine: MachineIdentity
    /// `release` or `debug`.
    var build: String
    /// The Swift compiler that built Cadence.
    var compiler: String
    /// The command line that recorded it.
    var commandLine: String
    var workloads: [WorkloadMeasurement]
    /// The ``SpeedProbe`` samples of the run (empty in files that predate them).
    var speed: [Double] = []

    /// The file of baseline `name` in `directory`.
    static func path(name: String, directory: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + name + ".json"
    }

    /// Checks that `name` can be a file name: letters, digits, `.`, `_` and `-`, not starting with
    /// a dot, at most 100 characters.
    static func validate(name: String) throws(BenchmarkFailure) {
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)
        }
        guard allowed, !name.isEmpty, !name.hasPrefix("."), name.count <= 100 else {
            throw BenchmarkFailure(
                "baseline name '\(name)' must be 1 to 100 letters, digits, '.', '_' or '-', not starting with '.'")
        }
    }

    /// Reads baseline `name` from `directory`.
    ///
    /// - Throws: ``BenchmarkFailure`` when it is missing, unreadable or not a baseline this build
    ///   understands, saying which file and where in it.
    /// The largest baseline file read (16 MiB; a baseline is a few kilobytes).
    static var maximumFileSize: Int { 16 << 20 }

    static func load(name: String, directory: String) throws(BenchmarkFailure) -> BenchmarkBaseline {
        try validate(name: name)
        let path = path(name: name, directory: directory)
        guard access(path, F_OK) == 0 else {
            throw BenchmarkFailure(
                "no baseline '\(name)': \(path) does not exist; record one with --save-baseline \(name)")
        }
        let bytes: [UInt8]
        do { bytes = try FileInput.read(path, maximumCount: Self.maximumFileSize) } catch { throw BenchmarkFailure("baseline \(error.description)") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw BenchmarkFailure("baseline \(path) is corrupt: it is not UTF-8 text")
        }
        return try decode(text, path: path)
    }

    /// Writes the baseline to `directory` (created if missing), replacing the file atomically.
    ///
    /// - Throws: ``BenchmarkFailure`` when the directory or the file cannot be written.
    func save(directory: String) throws(BenchmarkFailure) {
        try Self.validate(name: name)
        try Self.checkDirectory(directory)
        var status = stat()
        if stat(directory, &status) != 0 {
            guard mkdir(directory, 0o755) == 0 else {
                throw BenchmarkFailure("cannot create the baseline directory \(directory): \(String(cString: strerror(errno)))")
            }
        } else if status.st_mode & S_IFMT != S_IFDIR {
            throw BenchmarkFailure("cannot store baselines in \(directory): it is not a directory")
        }
        let path = Self.path(name: name, directory: directory)
        let temporary = path + ".tmp-\(getpid())"
        do {
            let output = try FileOutput(path: temporary)
            try output.write(encode())
            try output.flush()
        } catch {
            unlink(temporary)
            throw BenchmarkFailure("cannot write \(temporary): \(error)", isBadInput: false)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw BenchmarkFailure("cannot write \(path): \(reason)", isBadInput: false)
        }
    }

    /// Checks, before anything is measured, that baselines can be stored in `directory`: it is a
    /// directory or does not exist yet.
    static func checkDirectory(_ directory: String) throws(BenchmarkFailure) {
        var status = stat()
        if stat(directory, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            throw BenchmarkFailure("cannot store baselines in \(directory): it is not a directory")
        }
    }

    /// The current time, UTC, as `2026-11-24T08:30:00Z`.
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
