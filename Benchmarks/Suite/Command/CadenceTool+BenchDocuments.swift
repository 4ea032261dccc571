import CadenceCommandLine
import Timeline
import TimelineHost
import TimelinePlugins

extension CadenceTool {
    /// The options of `cadence bench FILE…` and `cadence bench --preset NAME`.
    static let benchDocumentOptions = [
        "preset", "compare", "batches", "warmup", "seed", "alpha", "threshold", "thresholds", "baseline",
        "save-baseline", "baseline-dir", "format", "json", "export-hyperfine", "fps", "frames",
    ]
    /// The flags of `cadence bench FILE…`.
    static let benchDocumentFlags = ["check", "quick", "strict-machine"]

    /// Whether a `bench` command line measures documents or presets rather than the built-in suite:
    /// it names a file or uses an option that only document benchmarks have.
    static func benchesDocuments(_ arguments: [String]) -> Bool {
        guard let list = try? ArgumentList(arguments, command: "bench", options: ["filter", "json"], flags: ["quick"]) else {
            return true
        }
        return !list.positionals.isEmpty
    }

    /// `cadence bench FILE… [--preset NAMES] [options]`: measures documents and presets through the
    /// render path. Under `--check` every error exits with status 1 (after saying what is wrong),
    /// so that 2 always means a regression.
    mutating func benchDocuments(_ arguments: [String]) throws {
        let check = arguments.contains("--check")
        do {
            try runDocumentBenchmark(arguments)
        } catch let exit as ExitStatus {
            throw exit
        } catch let failure as BenchmarkFailure where !check {
            if failure.isBadInput { throw BadInput(failure.message) }
            throw failure
        } catch where check {
            try? standardOutput.flush()
            for line in Self.errorLines(error) { try? standardError.write("cadence: error: \(line)\n") }
            try? standardError.flush()
            throw ExitStatus(status: 1)
        }
    }

    private mutating func runDocumentBenchmark(_ arguments: [String]) throws {
        let list = try ArgumentList(
            arguments, command: "bench", options: Self.benchDocumentOptions, flags: Self.benchDocumentFlags)
        let presets = list.string("preset")?.split(separator: ",", omittingEmptySubsequences: false) ?? []
        if list.string("preset") != nil, presets.contains(where: { $0.isEmpty }) {
            throw UsageError("'--preset' needs NAME or NAME,NAME,...; presets: \(PresetCatalog.names.joined(separator: ", "))", command: "bench")
        }
        guard !list.positionals.isEmpty || list.string("preset") != nil else {
            throw UsageError("missing FILE or --preset NAME (to measure documents); 'cadence bench' alone runs the built-in suite", command: "bench")
        }
        var workloads = try list.positionals.map { try documentWorkload($0, list: list) }
        workloads += try presets.map { try presetWorkload(String($0), list: list) }
        var request = DocumentBenchmarkRequest(
            workloads: workloads, commandLine: (["cadence", "bench"] + arguments).joined(separator: " "))
        if let other = list.string("compare") {
            guard workloads.count == 1 else {
                throw UsageError("'--compare OTHER.json' compares one FILE (or one preset) with OTHER, got \(workloads.count)", command: "bench")
            }
            request.reference = try documentWorkload(other, list: list)
        }
        request.batches = try list.positiveInt("batches", maximum: 100_000)
        if let text = list.string("warmup") {
            guard let passes = Int(text), passes >= 0, passes <= 10_000 else {
                throw UsageError("'--warmup' needs a whole number from 0 to 10000, got '\(ArgumentList.excerpt(text))'", command: "bench")
            }
            request.warmupPasses = passes
        }
        if let text = list.string("seed") {
            guard let seed = UInt64(text) else {
                throw UsageError("'--seed' needs a whole number from 0 to \(UInt64.max), got '\(ArgumentList.excerpt(text))'", command: "bench")
            }
            request.seed = seed
        }
        if let alpha = try list.double("alpha") {
            guard alpha > 0, alpha < 0.5 else {
                throw UsageError("'--alpha' needs a significance level greater than 0 and less than 0.5, got \(alpha)", command: "bench")
            }
            request.alpha = alpha
        }
        request.quick = list.has("quick")
        request.check = list.has("check")
        request.strictMachine = list.has("strict-machine")
        request.thresholds = list.string("threshold")
        request.thresholdsFile = list.string("thresholds")
        request.baseline = list.string("baseline")
        request.saveBaseline = list.string("save-baseline")
        if let directory = list.string("baseline-dir") { request.baselineDirectory = directory }
        request.jsonPath = list.string("json")
        request.hyperfinePath = list.string("export-hyperfine")
        let format = list.string("format") ?? "table"
        guard ["table", "json", "csv", "markdown"].contains(format) else {
            throw UsageError("unknown format '\(ArgumentList.excerpt(format))'; formats: table, json, csv, markdown", command: "bench")
        }
        request.format = format
        if request.check, request.baseline == nil, request.reference == nil {
            throw UsageError("'--check' needs something to compare with: --baseline NAME or --compare OTHER.json", command: "bench")
        }
        var output = standardOutput
        var error = standardError
        let console = BenchmarkConsole(
            output: { text in
                try output.write(text)
                try output.flush()
            },
            error: { text in
                try error.write(text)
                try error.flush()
            },
            showsProgress: showsProgress)
        let status = try DocumentBenchmark.run(request, console: console)
        if status != 0 { throw ExitStatus(status: status) }
    }

    /// A document as a workload: read and validated once (errors surface before anything is
    /// measured); each build parses and compiles it again, and each pass renders it from a new
    /// source, as `cadence render` does.
    private func documentWorkload(_ path: String, list: ArgumentList) throws -> BenchmarkWorkload {
        let bytes = try FileInput.read(path, maximumCount: TimelineDocument.maximumSize)
        let name = path == "-" ? "<stdin>" : path
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DocumentErrors(errors: [DocumentError(file: name, path: "$", message: "the file is not valid UTF-8")])
        }
        let plugins = self.plugins
        let document = try TimelineDocument(parsing: text, file: name, plugins: plugins)
        let frameRate = try list.frameRate() ?? document.frameRate
        let frames = try list.frameRange() ?? HostLoop.defaultFrames(duration: document.duration, frameRate: frameRate)
        try Self.checkBenchFrames(frames, of: path)
        return BenchmarkWorkload(
            name: path, fingerprint: BenchmarkWorkload.fingerprint(of: bytes), framesPerPass: frames.count,
            valuesPerFrame: document.schema.numberCount + document.schema.pathCount
        ) {
            let built = try TimelineDocument(parsing: text, file: name, plugins: plugins)
            return { sink in
                var source = built.makeSource()
                try HostLoop.renderOffline(&source, frameRate: frameRate, frames: frames, to: &sink)
            }
        }
    }

    /// A preset with its default parameters and first operation, as `cadence preset NAME` renders it.
    private func presetWorkload(_ name: String, list: ArgumentList) throws -> BenchmarkWorkload {
        guard let type = PresetCatalog.preset(named: name) else { throw Self.unknownPreset(name) }
        return try presetWorkload(type, frameRate: try list.frameRate() ?? .fps60, frames: try list.frameRange())
    }

    private func presetWorkload<Preset: TransitionPreset>(
        _ type: Preset.Type, frameRate: FrameRate, frames: ClosedRange<Int>?
    ) throws -> BenchmarkWorkload {
        let context = TransitionContext(operation: type.operations[0])
        let preset: Preset
        do { preset = try Preset(context: context, parameters: [:]) } catch { throw BadInput(error.message) }
        let probe: PresetSource<Preset>
        do { probe = try PresetSource(preset: preset, frameRate: frameRate) } catch { throw BadInput("\(Preset.name): \(error)") }
        let range = try frames ?? HostLoop.defaultFrames(duration: probe.duration, frameRate: frameRate)
        try Self.checkBenchFrames(range, of: "preset:\(Preset.name)")
        let identity = "preset:\(Preset.name)@\(frameRate)/\(range.lowerBound)...\(range.upperBound)"
        return BenchmarkWorkload(
            name: "preset:\(Preset.name)", fingerprint: BenchmarkWorkload.fingerprint(of: identity.utf8),
            framesPerPass: range.count, valuesPerFrame: probe.schema.numberCount + probe.schema.pathCount
        ) {
            let built = try Preset(context: context, parameters: [:])
            return { sink in
                var source = try PresetSource(preset: built, frameRate: frameRate)
                try HostLoop.renderOffline(&source, frameRate: frameRate, frames: range, to: &sink)
            }
        }
    }

    /// The most frames one pass may have: the harness keeps every frame's time of a batch.
    static let maximumBenchFrames = 1_000_000

    /// Rejects passes too long to measure in memory, pointing at `--frames`.
    static func checkBenchFrames(_ frames: ClosedRange<Int>, of name: String) throws(BadInput) {
        guard frames.count <= maximumBenchFrames else {
            throw BadInput(
                "\(name) has \(frames.count) frames per pass, more than the \(maximumBenchFrames) cadence bench measures; benchmark a slice with --frames A..B")
        }
    }

    /// The lines `cadence: error: …` says for an error, as ``run(_:)`` prints them.
    static func errorLines(_ error: any Error) -> [String] {
        switch error {
        case let error as DocumentErrors: error.errors.map { "\($0)" }
        case let error as UsageError: [error.description]
        case let error as BadInput: [error.message]
        case let error as BenchmarkFailure: [error.message]
        case let error as InputError: [error.description]
        case let error as HostLoop.RunError: [error.description]
        default: ["\(error)"]
        }
    }
}
