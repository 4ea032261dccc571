import CadenceCommandLine
import CadenceIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The entry point of `cadence-bench` (`Benchmarks/Runner/main.c`): runs `cadence bench` with the
/// arguments after the program name and returns the exit status.
///
/// - Parameters:
///   - argc: The number of arguments, the program name included.
///   - argv: The arguments.
///   - counting: 1 when `counts` reads this process's allocation counters.
///   - counts: Reads the calls to `malloc`, `calloc` and `realloc` so far, and their bytes.
@_cdecl("cadence_bench_main")
public func benchmarkRunnerMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
    _ counting: Int32, _ counts: @convention(c) (UnsafeMutablePointer<Int>?, UnsafeMutablePointer<Int>?) -> Void
) -> Int32 {
    // As the `cadence` tool: a closed pipe ends the run quietly, a file past `ulimit -f` fails
    // its write, and an interrupt removes a temporary `--out` file.
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
    TemporaryFiles.installSignalHandlers()
    if counting != 0 {
        AllocationCounter.install { calls, bytes in counts(calls, bytes) }
    }
    let arguments = (1..<Int(argc)).map { String(cString: argv[$0]!) }
    var tool = CadenceTool.standard()
    tool.runsBenchmarks = CadenceTool.runBenchmarks
    return tool.run(["bench"] + arguments)
}
