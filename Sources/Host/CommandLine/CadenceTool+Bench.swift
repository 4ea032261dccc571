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

/// How `cadence bench` reaches the benchmark suite, which lives in a module built on top of this
/// one: the `cadence` executable registers the suite at startup.
///
/// ```swift
/// BenchmarkCommand.register { request, write in try BenchmarkSuite.run(request, write: write) }
/// ```
public enum BenchmarkCommand {
    /// Runs the suite for a request, writing its report line by line.
    public typealias Runner = @Sendable (
        _ request: BenchmarkRequest, _ write: (String) throws -> Void
    ) throws -> Void

    /// Measures users' documents and presets, returning the exit status (`--check`: 0, 2 or 4).
    public typealias DocumentRunner = @Sendable (_ request: DocumentBenchmarkRequest, _ console: BenchmarkConsole) throws -> Int32

    private static let runner = Locked<Runner?>(nil)
    private static let documentRunner = Locked<DocumentRunner?>(nil)

    /// Installs the suite that `cadence bench` runs (the last registration wins).
    ///
    /// - Parameter runner: Runs the suite.
    public static func register(_ runner: @escaping Runner) {
        self.runner.withLock { $0 = runner }
    }

    /// The installed suite, if any.
    static var registered: Runner? { runner.withLock { $0 } }

    /// Installs what `cadence bench FILE…` and `cadence bench --preset NAME` run (the last
    /// registration wins).
    ///
    /// ```swift
    /// BenchmarkCommand.registerDocuments { request, console in try DocumentBenchmark.run(request, console: console) }
    /// ```
    ///
    /// - Parameter runner: Measures the request's workloads.
    public static func registerDocuments(_ runner: @escaping DocumentRunner) {
        documentRunner.withLock { $0 = runner }
    }

    /// The installed document runner, if any.
    static var registeredDocuments: DocumentRunner? { documentRunner.withLock { $0 } }
}

extension CadenceTool {
    /// `cadence bench [--quick] [--filter NAME] [--json FILE]`, or with documents or presets,
    /// ``benchDocuments(_:)``.
    mutating func bench(_ arguments: [String]) throws {
        if Self.benchesDocuments(arguments) {
            try benchDocuments(arguments)
            return
        }
        let list = try ArgumentList(arguments, command: "bench", options: ["filter", "json"], flags: ["quick"])
        try list.requireNoPositionals()
        guard let runner = BenchmarkCommand.registered else {
            throw BadInput("the benchmark suite is not linked into this program")
        }
        if let filter = list.string("filter"), filter.isEmpty {
            throw UsageError("'--filter' needs a scenario or case name", command: "bench")
        }
        let request = BenchmarkRequest(
            quick: list.has("quick"), filter: list.string("filter"), jsonPath: list.string("json"))
        var output = standardOutput
        try runner(request) { line in
            try output.write(line + "\n")
            try output.flush()
        }
    }
}
