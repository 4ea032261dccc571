// The `cadence` command-line tool. Everything it does lives in TimelineHost's `CadenceTool`, so
// that tests can run the same code in-process.
import CadenceBenchmarks
import TimelineHost

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// A closed pipe (`cadence ... | head`) must end the run quietly, not kill it with SIGPIPE.
signal(SIGPIPE, SIG_IGN)
// A file grown past `ulimit -f` must fail the write with an error (EFBIG), not kill the tool with
// SIGXFSZ half-way through.
signal(SIGXFSZ, SIG_IGN)

// An interrupt, a termination or a crash removes the temporary file of `--out` before the process
// ends as the signal would have ended it.
TemporaryFiles.installSignalHandlers()

// `cadence bench` runs the suite in Benchmarks/, which is built on TimelineHost.
BenchmarkCommand.register { request, write in try BenchmarkSuite.run(request, write: write) }
// `cadence bench FILE…` and `cadence bench --preset NAME` measure users' work (Benchmarks/UserBench).
BenchmarkCommand.registerDocuments { request, console in try DocumentBenchmark.run(request, console: console) }

var tool = CadenceTool.standard()
exit(tool.run(Array(CommandLine.arguments.dropFirst())))
