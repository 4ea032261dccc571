public import CadenceCommandLine
import Timeline
import TimelineHost
import TimelinePlugins

extension CadenceTool {
    /// Runs `cadence bench ARGUMENTS` in this process: what `cadence-bench` sets as the tool's
    /// ``CadenceTool/runsBenchmarks``. Failures of the suite become the tool's errors: bad input
    /// exits with 2, anything else with 1.
    public static func runBenchmarks(_ tool: inout CadenceTool, _ arguments: [String]) throws {
        do {
            try tool.runBenchmarkCommand(arguments)
        } catch let failure as BenchmarkFailure {
            throw CommandFailure(failure.message, status: failure.isBadInput ? 2 : 1)
        }
    }

    /// `cadence bench [--quick] [--filter NAME] [--json FILE]`, or with documents or presets,
    /// ``benchDocuments(_:)``.
    mutating func runBenchmarkCommand(_ arguments: [String]) throws {
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
