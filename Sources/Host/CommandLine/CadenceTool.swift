public import Timeline
import TimelinePlugins
import CadenceHostCore
public import CadenceIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `cadence` command-line tool, as a library so that tests can run it in-process.
///
/// Exit status: 0 on success (and when the output is closed early, as by `cadence ... | head`), 2 for
/// bad usage or bad input, 1 for other failures. Errors go to standard error as
/// `cadence: error: ...`. `cadence bench --check` has its own: 0 within thresholds, 2 on a
/// regression, 4 on improvements only, 1 on any error.
public struct CadenceTool {
    /// Where normal output goes.
    package var standardOutput: any TextOutput
    /// Where errors and progress go.
    package var standardError: any TextOutput
    /// Whether standard error is a terminal (progress is shown only then).
    package var showsProgress: Bool
    /// The plugins whose curves and segment kinds documents and options may name.
    public var plugins: PluginRegistry = .standard
    /// The scheduler variables `--shard auto/N` reads (``RenderShard/schedulerVariables``) and the
    /// golden variables (`CADENCE_RECORD`, `CADENCE_GOLDEN_ARTIFACTS`), as the process's
    /// environment has them; tests set them here.
    public var environment: [String: String] = [:]
    /// Runs `cadence bench ARGUMENTS` in this process: set by `cadence-bench` (and by the benchmark
    /// suite's tests), which link the suite. When `nil`, `bench` starts `cadence-bench` (built
    /// beside this tool) and passes its output and exit status through, so that the process that
    /// renders a user's files never links the suite's malloc counter.
    package var runsBenchmarks: ((inout CadenceTool, [String]) throws -> Void)?

    /// A tool writing to the process's standard output and error.
    public static func standard() -> CadenceTool {
        let error = FileOutput.standardError()
        var tool = CadenceTool(
            standardOutput: FileOutput.standardOutput(), standardError: error, showsProgress: error.isTerminal)
        for name in RenderShard.schedulerVariables + Self.goldenVariables {
            if let value = getenv(name) { tool.environment[name] = String(cString: value) }
        }
        return tool
    }

    /// The variables `cadence golden` reads: the record mode and where failures leave pictures.
    static let goldenVariables = ["CADENCE_RECORD", "CADENCE_GOLDEN_ARTIFACTS"]

    /// A tool writing to the given outputs (for tests).
    public init(standardOutput: any TextOutput, standardError: any TextOutput, showsProgress: Bool = false) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.showsProgress = showsProgress
    }

    /// The version `--version` prints and benchmark baselines record.
    public static let version = CadenceRelease.version

    /// The subcommands and what they do.
    static let commands: [(name: String, summary: String)] = [
        ("render", "evaluate a timeline document and stream its frames"),
        ("play", "the same as render, in real time"),
        ("preset", "render one of the reference transitions"),
        ("curve", "sample a timing curve"),
        ("spring", "sample a spring until it settles"),
        ("morph", "morph between two SVG paths"),
        ("gesture", "sample a flick's decay, inertia within bounds, or a rubber band"),
        ("lottie", "a Lottie animation's layer transforms per frame, or its import as a document"),
        ("validate", "report every error in a timeline document"),
        ("golden", "record or check golden tests of documents and presets"),
        ("join", "join the shards of a render split with --shard into the whole render"),
        ("bench", "run the benchmark suite, or measure documents and presets"),
        ("soak", "run the host loop for simulated hours, churning animators, observers and tracks"),
    ]

    static var overview: String {
        """
        OVERVIEW: Cadence evaluates keyframe timelines and streams their frames.

        USAGE: cadence <command> [options]

        COMMANDS:
        \(commands.map { "  " + $0.name.padding(to: 10) + $0.summary }.joined(separator: "\n"))

        Run 'cadence <command> --help' for a command's options.

        """
    }

    /// Runs a command line (without the program name) and returns the exit status.
    public mutating func run(_ arguments: [String]) -> Int32 {
        do {
            // Warnings written on the way are flushed whatever happens (standard error is buffered).
            defer { try? standardError.flush() }
            try dispatch(arguments)
            try standardOutput.flush()
            return 0
        } catch let error as SinkError where error == .closed {
            return 0
        } catch let exit as ExitStatus {
            try? standardOutput.flush()
            try? standardError.flush()
            return exit.status
        } catch let error as UsageError {
            return fail(error.description, status: 2)
        } catch let error as DocumentErrors {
            for line in error.errors { try? standardError.write("cadence: error: \(line)\n") }
            try? standardError.flush()
            return 2
        } catch let error as BadInput {
            return fail(error.message, status: 2)
        } catch let error as CommandFailure {
            return fail(error.message, status: error.status)
        } catch let error as InputError {
            return fail(error.description, status: 2)
        } catch let error as HostLoop.RunError {
            return fail(error.description, status: 2)
        } catch {
            return fail("\(error)", status: 1)
        }
    }

    private mutating func fail(_ message: String, status: Int32) -> Int32 {
        try? standardOutput.flush()
        // The last guard against echoing unbounded input: every error line is bounded.
        try? standardError.write("cadence: error: \(InputExcerpt.bounded(message))\n")
        try? standardError.flush()
        return status
    }

    private mutating func dispatch(_ arguments: [String]) throws {
        guard let command = arguments.first else {
            try standardError.write(Self.overview)
            throw UsageError("missing command", command: "")
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            try standardOutput.write(Self.help(for: command))
            return
        }
        switch command {
        case "--help", "-h", "help": try standardOutput.write(Self.overview)
        case "--version": try standardOutput.write("cadence \(Self.version) (format version 1)\n")
        case "render": try render(rest, realTime: false)
        case "play": try render(rest, realTime: true)
        case "validate": try validate(rest)
        case "curve": try curve(rest)
        case "spring": try spring(rest)
        case "morph": try morph(rest)
        case "gesture": try gesture(rest)
        case "lottie": try lottie(rest)
        case "preset": try preset(rest)
        case "join": try join(rest)
        case "golden": try golden(rest)
        case "bench": try bench(rest)
        case "soak": try soak(rest)
        default:
            throw UsageError(
                "unknown command '\(ArgumentList.excerpt(command))'; commands: \(Self.commands.map(\.name).joined(separator: ", "))",
                command: "")
        }
    }
}

/// Bad input that is not a document: a curve, a spring, path data (exit status 2).
package struct BadInput: Error, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// A failure that a command reports as `cadence: error: MESSAGE` with its own exit status.
package struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong.
    package var message: String
    /// The exit status: 2 for bad input, 1 otherwise.
    package var status: Int32
    /// A failure with `message`, exiting with `status`.
    package init(_ message: String, status: Int32) {
        self.message = message
        self.status = status
    }
    package var description: String { message }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

/// A command's exit status other than 0 that is not an error: `cadence bench --check` exits with 2
/// on a regression and 4 on improvements only, and with 1 on any error (after reporting it).
package struct ExitStatus: Error {
    package var status: Int32
    /// Ends the command with `status`.
    package init(status: Int32) { self.status = status }
}
