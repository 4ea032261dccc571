#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One thing `cadence bench FILE…` measures: a document or a preset, rendered through the same
/// ``HostLoop/renderOffline(_:frameRate:frames:to:plugins:progress:)`` path as `cadence render`,
/// into a ``FrameTimingSink`` instead of a text sink.
///
/// The harness builds the workload (parses and compiles the document) more than once per run, so
/// that its figures average over several placements in memory instead of depending on one.
public struct BenchmarkWorkload {
    /// Renders every frame once, from a new source, into the sink.
    public typealias Pass = (_ sink: inout FrameTimingSink) throws -> Void

    /// The name reports and baselines use: the path as given, or `preset:NAME`.
    public var name: String
    /// A hash of what is measured (the document's bytes, or the preset's name and frame rate), so
    /// that a comparison can say when the document changed since a baseline.
    public var fingerprint: String
    /// Frames written by one pass.
    public var framesPerPass: Int
    /// Numbers evaluated per frame (a vector channel counts each of its components).
    public var valuesPerFrame: Int
    /// Builds the workload afresh (the document parsed and compiled again) and returns its pass.
    public var makePass: () throws -> Pass

    /// Creates a workload.
    ///
    /// - Parameters:
    ///   - name: The name reports and baselines use.
    ///   - fingerprint: A hash of what is measured.
    ///   - framesPerPass: Frames written by one pass.
    ///   - valuesPerFrame: Numbers evaluated per frame.
    ///   - makePass: Builds the workload afresh and returns its pass.
    public init(
        name: String, fingerprint: String, framesPerPass: Int, valuesPerFrame: Int,
        makePass: @escaping () throws -> Pass
    ) {
        self.name = name
        self.fingerprint = fingerprint
        self.framesPerPass = framesPerPass
        self.valuesPerFrame = valuesPerFrame
        self.makePass = makePass
    }

    /// The 64-bit FNV-1a hash of `bytes`, as 16 hexadecimal digits.
    ///
    /// - Complexity: O(n) in the number of bytes.
    public static func fingerprint<Bytes: Sequence<UInt8>>(of bytes: Bytes) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// A sink that keeps nothing but the monotonic time at which each frame arrived: the host loop's
/// null sink for `cadence bench`. Frame `i` took `stamps[i + 1] - stamps[i]` nanoseconds (the
/// first stamp is taken in ``begin(schema:)``, after the source was set up), evaluation and the
/// host loop's own work included.
///
/// Storage is reserved up front, so that writing a frame never allocates.
public struct FrameTimingSink: FrameSink {
    /// Monotonic nanoseconds: one at the start, then one per frame.
    public private(set) var stamps: [UInt64] = []
    /// A value read from every frame, so that the optimiser cannot drop the evaluation.
    public private(set) var checksum = 0.0

    /// A sink with room for `frames` frames.
    ///
    /// - Parameter frames: The frames of one pass.
    public init(frames: Int) {
        stamps.reserveCapacity(frames + 1)
    }

    /// Forgets the stamps of the previous pass, keeping the storage.
    public mutating func reset() {
        stamps.removeAll(keepingCapacity: true)
    }

    /// Takes the first stamp.
    public mutating func begin(schema: FrameSchema) throws {
        stamps.append(Self.now())
    }

    /// Takes a stamp.
    public mutating func write(_ frame: borrowing Frame) throws {
        if let first = frame.numbers.first { checksum += first.isFinite ? first : 0 }
        stamps.append(Self.now())
    }

    /// Nanoseconds on the monotonic clock.
    @inline(__always)
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}

/// What `cadence bench FILE…` / `cadence bench --preset NAME` was asked to do: the workloads and
/// every option, unparsed where the benchmark module gives them meaning (thresholds).
public struct DocumentBenchmarkRequest {
    /// The documents and presets to measure, in command-line order.
    public var workloads: [BenchmarkWorkload]
    /// `--compare OTHER.json`: the reference the single workload is compared with, interleaved.
    public var reference: BenchmarkWorkload?
    /// `--batches N`: measured batches per workload (`nil`: the default).
    public var batches: Int?
    /// `--warmup N`: unmeasured passes per workload before measuring (`nil`: the default).
    public var warmupPasses: Int?
    /// `--quick`: fewer batches, for a first look.
    public var quick = false
    /// `--seed N`: the seed of the random batch order (`nil`: from the clock).
    public var seed: UInt64?
    /// `--alpha A`: the significance level of the Mann-Whitney U test.
    public var alpha: Double?
    /// `--threshold LIST`: threshold specifications such as `p50=3%,p99=2us`.
    public var thresholds: String?
    /// `--thresholds FILE`: a JSON thresholds file.
    public var thresholdsFile: String?
    /// `--baseline NAME`: the stored baseline to compare with.
    public var baseline: String?
    /// `--save-baseline NAME`: store this run as a baseline.
    public var saveBaseline: String?
    /// `--baseline-dir DIR`: where baselines live (default `.cadence-bench`).
    public var baselineDirectory = ".cadence-bench"
    /// `--strict-machine`: a baseline from another machine is an error, not a warning.
    public var strictMachine = false
    /// `--check`: exit 0 within thresholds, 2 on a regression, 4 on improvements only, 1 on errors.
    public var check = false
    /// `--format table|json|csv|markdown`.
    public var format = "table"
    /// `--json FILE`: also write the JSON report to a file.
    public var jsonPath: String?
    /// `--export-hyperfine FILE`: also write hyperfine-compatible JSON.
    public var hyperfinePath: String?
    /// The command line, for reports (`cadence bench …`).
    public var commandLine: String

    /// Creates a request with default options.
    ///
    /// - Parameters:
    ///   - workloads: The documents and presets to measure.
    ///   - commandLine: The command line, for reports.
    public init(workloads: [BenchmarkWorkload], commandLine: String) {
        self.workloads = workloads
        self.commandLine = commandLine
    }
}

/// Where a document benchmark writes: its report, its warnings and progress.
public struct BenchmarkConsole {
    /// Writes to standard output.
    public var output: (String) throws -> Void
    /// Writes to standard error (warnings, notes, the progress line).
    public var error: (String) throws -> Void
    /// Whether standard error is a terminal, so that a progress line may be drawn.
    public var showsProgress: Bool

    /// Creates a console.
    ///
    /// - Parameters:
    ///   - output: Writes to standard output.
    ///   - error: Writes to standard error.
    ///   - showsProgress: Whether a progress line may be drawn on standard error.
    public init(
        output: @escaping (String) throws -> Void, error: @escaping (String) throws -> Void, showsProgress: Bool
    ) {
        self.output = output
        self.error = error
        self.showsProgress = showsProgress
    }
}

/// An error from a document benchmark: a message that says what and where, and whether it is bad
/// input (exit status 2 outside `--check`) or another failure (1). Under `--check` every error
/// exits with 1.
public struct BenchmarkFailure: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// Whether the user's input (a file, an option, a baseline) is at fault.
    public var isBadInput: Bool

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - message: What is wrong, and where.
    ///   - isBadInput: Whether the user's input is at fault.
    public init(_ message: String, isBadInput: Bool = true) {
        self.message = message
        self.isBadInput = isBadInput
    }

    /// The message.
    public var description: String { message }
}

/// A command's exit status other than 0 that is not an error: `cadence bench --check` exits with 2
/// on a regression and 4 on improvements only, and with 1 on any error (after reporting it).
struct ExitStatus: Error {
    var status: Int32
}
