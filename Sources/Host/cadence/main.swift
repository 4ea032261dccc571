// The `cadence` command-line tool. Everything it does lives in CadenceCommandLine's `CadenceTool`,
// so that tests can run the same code in-process.
import CadenceCommandLine
import CadenceIO

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

var tool = CadenceTool.standard()
exit(tool.run(Array(CommandLine.arguments.dropFirst())))
