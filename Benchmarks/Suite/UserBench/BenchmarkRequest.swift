/// What `cadence bench` was asked to do.
public struct BenchmarkRequest: Sendable, Hashable {
    /// `--quick`: the short suite for continuous integration (under a minute).
    public var quick: Bool
    /// `--filter NAME`: run only the cases whose name or scenario contains `NAME`.
    public var filter: String?
    /// `--json FILE`: also write the results as JSON to `FILE`.
    public var jsonPath: String?

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - quick: Whether to run the short suite.
    ///   - filter: A case or scenario name fragment, or `nil` for every case.
    ///   - jsonPath: Where to write JSON results, or `nil`.
    public init(quick: Bool = false, filter: String? = nil, jsonPath: String? = nil) {
        self.quick = quick
        self.filter = filter
        self.jsonPath = jsonPath
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
