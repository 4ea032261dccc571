import Timeline
import TimelinePlugins
import CadenceHostCore
import CadenceIO
import CadenceLottie

/// A text output behind an existential, so that generic sinks can write to it.
struct OutputBox: TextOutput {
    var base: any TextOutput
    mutating func write(_ text: String) throws { try base.write(text) }
    mutating func write(bytes: UnsafeRawBufferPointer) throws { try base.write(bytes: bytes) }
    mutating func flush() throws { try base.flush() }
}

extension CadenceTool {
    static let renderOptions = ["format", "fps", "frames", "out", "scale", "alpha", "jobs", "shard", "segment-seconds"]
    static let renderFlags = ["header", "no-header"]

    /// Reads and validates a document file (`-` for standard input).
    func loadDocument(_ path: String) throws -> TimelineDocument {
        try loadDocument(path, bytes: try FileInput.read(path, maximumCount: TimelineDocument.maximumSize))
    }

    /// Validates a document file's bytes.
    func loadDocument(_ path: String, bytes: [UInt8]) throws -> TimelineDocument {
        let name = path == "-" ? "<stdin>" : path
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DocumentErrors(errors: [DocumentError(file: name, path: "$", message: "the file is not valid UTF-8")])
        }
        return try TimelineDocument(parsing: text, file: name, plugins: plugins)
    }

    mutating func render(_ arguments: [String], realTime: Bool) throws {
        let command = realTime ? "play" : "render"
        let list = try ArgumentList(arguments, command: command, options: Self.renderOptions + ["size", "expressions"], flags: Self.renderFlags)
        guard list.positionals.count == 1 else {
            throw UsageError(list.positionals.isEmpty ? "missing FILE (or - for standard input)" : "too many arguments", command: command)
        }
        let path = list.positionals[0]
        let bytes = try FileInput.read(path, maximumCount: TimelineDocument.maximumSize)
        if Self.isLottie(bytes) {
            try renderLottie(path, bytes: bytes, list: list, realTime: realTime)
            return
        }
        guard list.string("expressions") == nil else {
            throw UsageError("'--expressions' is for Lottie files; \(path) is a timeline document", command: command)
        }
        let document = try loadDocument(path, bytes: bytes)
        var source = document.makeSource()
        let frameRate = try list.frameRate() ?? document.frameRate
        try stream(
            &source, frameRate: frameRate, frames: try list.frameRange(), list: list, realTime: realTime,
            scene: document.scene.map { SceneDescription.json($0) }, title: document.name,
            identity: RenderIdentity(source: "document \(path == "-" ? "<stdin>" : path)", bytes: bytes, list: list))
    }

    /// Whether a file is a Lottie animation rather than a timeline document: an object with
    /// `layers` and a frame rate `fr`, and no `cadence` version.
    static func isLottie(_ bytes: [UInt8]) -> Bool {
        guard case .object(let members)? = try? JSONParser.parse(bytes: bytes, duplicateKeys: .keepLast) else { return false }
        let keys = Set(members.map(\.key))
        return !keys.contains("cadence") && keys.contains("layers") && keys.contains("fr")
    }

    /// `render` and `play` of a Lottie file (Docs/Lottie.md): its layers' values as JSON Lines or
    /// CSV from the compiled program; pictures, videos and previews drawn by ``LottieDrawingSource``.
    private mutating func renderLottie(_ path: String, bytes: [UInt8], list: ArgumentList, realTime: Bool) throws {
        let name = path == "-" ? "<stdin>" : path
        let format = list.string("format") ?? "jsonl"
        guard let text = String(validating: bytes, as: UTF8.self) else { throw BadInput("\(name): not UTF-8 text") }
        let animation = try LottieAnimation(parsing: text, file: name, expressions: try list.lottieExpressions())
        for warning in animation.warnings { try standardError.write("cadence: warning: \(warning)\n") }
        guard let fileRate = FrameRate(framesPerSecond: animation.frameRate) else {
            throw BadInput("\(name): fr: a frame rate Cadence can play is 0 < fr <= 100000")
        }
        if Self.pictureFormats.contains(format) || format == "svg" || format == "html" {
            // What a frame could draw is bounded before anything is drawn (a few kilobytes of
            // nested precompositions can place millions of stars' vertices in one frame).
            let vertices = animation.mostVerticesPerFrame
            guard vertices <= LottieDrawingSource.maximumVerticesPerFrame else {
                throw BadInput(
                    "\(name): a frame can draw up to \(vertices == .max ? "more than 2^63" : String(vertices)) vertices, more than the \(LottieDrawingSource.maximumVerticesPerFrame) Cadence draws in one frame "
                        + "(its shapes, stars' points and precompositions' placements multiplied); its values still render as JSON Lines or CSV")
            }
            // Drawn from the file's curves at every frame asked for (any rate, any slice).
            try animation.requireImages()
            var source = LottieDrawingSource(animation)
            for warning in source.warnings { try standardError.write("cadence: warning: \(warning)\n") }
            let title = name.split(separator: "/").last.map(String.init) ?? name
            try stream(
                &source, frameRate: try list.frameRate() ?? fileRate, frames: try list.frameRange(), list: list,
                realTime: realTime, scene: .json(source.scene), title: title,
                identity: RenderIdentity(source: "lottie \(name)", bytes: bytes, list: list))
            return
        }
        var source = LottieSource(LottieProgram(animation))
        try stream(
            &source, frameRate: try list.frameRate() ?? fileRate, frames: try list.frameRange(), list: list, realTime: realTime,
            scene: nil, title: name, identity: RenderIdentity(source: "lottie \(name)", bytes: bytes, list: list))
    }

    /// Streams a source to the sink the options choose.
    ///
    /// With `--out FILE` the frames go to a temporary file beside FILE that is renamed to FILE when
    /// the run succeeds: a failed run leaves FILE as it was (``FileOutput/init(replacing:)``).
    mutating func stream<Source: FrameSource>(
        _ source: inout Source, frameRate: FrameRate, frames: ClosedRange<Int>?, list: ArgumentList,
        realTime: Bool, scene: SceneDescription?, title: String, identity: RenderIdentity
    ) throws {
        let format = list.string("format") ?? "jsonl"
        if list.string("segment-seconds") != nil, VideoFormat(rawValue: format)?.isSegmented != true {
            throw UsageError("'--segment-seconds' is the length of a video's segments: it goes with --format mp4, webm or mkv, not \(ArgumentList.excerpt(format))", command: list.command)
        }
        if let shard = list.string("shard") {
            guard !realTime else { throw UsageError("'--shard' splits a render across processes; 'play' runs in real time, use 'render'", command: list.command) }
            try renderShard(
                &source, shard: shard, format: format, frameRate: frameRate, frames: frames, list: list, scene: scene,
                title: title, identity: identity)
            return
        }
        if Self.pictureFormats.contains(format) {
            guard !realTime else { throw UsageError("'play' writes frames as they are due; pictures are written by 'render' and 'preset'", command: list.command) }
            try streamPictures(&source, format: format, frameRate: frameRate, frames: frames, list: list, scene: scene)
            return
        }
        var output = OutputBox(base: standardOutput)
        var file: FileOutput?
        if let path = list.string("out") {
            file = try FileOutput(replacing: path)
            output = OutputBox(base: file!)
        }
        defer { if list.string("out") == nil { standardOutput = output.base } }
        let total = try frames?.count ?? HostLoop.defaultFrames(duration: source.duration, frameRate: frameRate).count
        if format == "svg" || format == "html", total > Self.maximumPreviewFrames {
            throw UsageError(
                "an \(format) preview covers at most \(Self.maximumPreviewFrames) frames (it shows a few thousand of them), this render has \(total); "
                    + "choose a slice with --frames or a lower --fps", command: list.command)
        }
        var errorOutput = standardError
        let showProgress = showsProgress && list.string("out") != nil && !realTime
        let progress: ((Int, Int) -> Void)? = showProgress
            ? { written, all in
                if written == all || written % 60 == 0 {
                    try? errorOutput.write("\rcadence: frame \(written)/\(all)" + (written == all ? "\n" : ""))
                    try? errorOutput.flush()
                }
            } : nil
        func run<Sink: FrameSink>(_ sink: inout Sink) throws {
            if realTime {
                let report = try HostLoop.play(&source, frameRate: frameRate, frames: frames, to: &sink)
                if report.framesDropped > 0 {
                    try standardError.write("cadence: dropped \(report.framesDropped) of \(total) frames\n")
                    try standardError.flush()
                }
            } else {
                try HostLoop.renderOffline(&source, frameRate: frameRate, frames: frames, to: &sink, progress: progress)
            }
        }
        switch format {
        case "jsonl":
            var sink = JSONLinesSink(output: output)
            defer { output = sink.output }
            try run(&sink)
        case "csv":
            // The header on a slice that starts at frame 0 only, so that slices concatenate to
            // the whole render, byte for byte (unless --header or --no-header says otherwise).
            if list.has("header"), list.has("no-header") {
                throw UsageError("'--header' and '--no-header' cannot both be given", command: list.command)
            }
            let header = list.has("header") || (!list.has("no-header") && (frames?.lowerBound ?? 0) == 0)
            var sink = CSVSink(output: output, writesHeader: header)
            defer { output = sink.output }
            try run(&sink)
        default:
            guard var sink = try makePreviewSink(format: format, output: output, scene: scene, frameRate: frameRate, title: title) else {
                throw UsageError("unknown format '\(ArgumentList.excerpt(format))'; formats: \(Self.formats.joined(separator: ", "))", command: list.command)
            }
            try run(&sink)
        }
        // Every frame is written: only now does FILE change.
        try file?.commit()
    }

    mutating func validate(_ arguments: [String]) throws {
        let list = try ArgumentList(arguments, command: "validate", options: [], flags: [])
        guard list.positionals.count == 1 else {
            throw UsageError(list.positionals.isEmpty ? "missing FILE (or - for standard input)" : "too many arguments", command: "validate")
        }
        _ = try loadDocument(list.positionals[0])
    }
}
