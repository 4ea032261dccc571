import CadenceIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension CadenceTool {
    /// The benchmark runner's program name, looked for beside this tool's executable.
    package static let benchmarkRunnerName = "cadence-bench"

    /// `cadence bench ARGUMENTS`: runs the benchmark suite, or measures documents and presets.
    ///
    /// The suite lives in `cadence-bench`, which counts allocations by replacing the process's
    /// `malloc`; this tool starts it with the same arguments and passes its output and exit status
    /// through. A process that links the suite (`cadence-bench` itself) sets ``runsBenchmarks``.
    mutating func bench(_ arguments: [String]) throws {
        if let runsBenchmarks {
            try runsBenchmarks(&self, arguments)
            return
        }
        let runner = try Self.benchmarkRunner()
        let status = try ChildProcess.run(
            runner, arguments: arguments, standardOutput: &standardOutput, standardError: &standardError)
        if status != 0 { throw ExitStatus(status: status) }
    }

    /// The path of `cadence-bench` beside this process's executable.
    ///
    /// - Throws: ``CommandFailure`` (status 1) naming the path looked at and how to build it.
    static func benchmarkRunner() throws -> String {
        let folder = ChildProcess.executableFolder() ?? "."
        let path = folder + "/" + benchmarkRunnerName
        guard access(path, X_OK) == 0 else {
            throw CommandFailure(
                "cadence bench runs the benchmark runner \(path), which is not there: build it with "
                    + "'swift build -c release --product \(benchmarkRunnerName)' (swift build and swift run cadence build it too)",
                status: 1)
        }
        return path
    }
}
