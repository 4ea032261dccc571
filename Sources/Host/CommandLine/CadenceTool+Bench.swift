public import CadenceBenchmarks
import Timeline
import TimelineHost
import TimelinePlugins

/// How `cadence bench` used to reach the benchmark suite, when the tool lived inside
/// `TimelineHost` and could not import the suite built on top of it.
///
/// The tool is now a target of its own that calls ``BenchmarkSuite`` and ``DocumentBenchmark``
/// directly, so registering does nothing.
@available(*, deprecated, message: "cadence bench calls the benchmark suite directly; nothing needs registering")
public enum BenchmarkCommand {
    /// Runs the suite for a request, writing its report line by line.
    public typealias Runner = @Sendable (
        _ request: BenchmarkRequest, _ write: (String) throws -> Void
    ) throws -> Void

    /// Measures users' documents and presets, returning the exit status (`--check`: 0, 2 or 4).
    public typealias DocumentRunner = @Sendable (_ request: DocumentBenchmarkRequest, _ console: BenchmarkConsole) throws -> Int32

    /// Does nothing: `cadence bench` runs ``BenchmarkSuite/run(_:write:)`` itself.
    ///
    /// - Parameter runner: Ignored.
    public static func register(_ runner: @escaping Runner) {}

    /// Does nothing: `cadence bench FILE…` runs ``DocumentBenchmark/run(_:console:)`` itself.
    ///
    /// - Parameter runner: Ignored.
    public static func registerDocuments(_ runner: @escaping DocumentRunner) {}
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
        if let filter = list.string("filter"), filter.isEmpty {
            throw UsageError("'--filter' needs a scenario or case name", command: "bench")
        }
        let request = BenchmarkRequest(
            quick: list.has("quick"), filter: list.string("filter"), jsonPath: list.string("json"))
        var output = standardOutput
        try BenchmarkSuite.run(request) { line in
            try output.write(line + "\n")
            try output.flush()
        }
    }
}
