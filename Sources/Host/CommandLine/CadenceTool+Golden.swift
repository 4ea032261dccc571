import Timeline
import TimelinePlugins
import CadenceGolden
import CadenceHostCore
import CadenceIO

extension CadenceTool {
    /// `cadence golden record|check [FILE…] [--preset NAMES|all] [--dir DIR] …`: golden tests of
    /// documents and presets from the command line (Docs/GoldenTests.md).
    mutating func golden(_ arguments: [String]) throws {
        guard let action = arguments.first, action == "record" || action == "check" else {
            throw UsageError(
                arguments.first.map { "'\(ArgumentList.excerpt($0))' is not a golden action: record or check" } ?? "missing record or check",
                command: "golden")
        }
        let list = try ArgumentList(
            Array(arguments.dropFirst()), command: "golden",
            options: ["preset", "dir", "every", "fps", "frames", "shard", "jobs", "artifacts", "scale"],
            flags: ["no-pictures", "complete"])
        let recording = action == "record"
        let folder = list.string("dir") ?? "goldens"
        guard !folder.isEmpty else { throw UsageError("'--dir' needs a folder", command: "golden") }
        var sampling = GoldenSampling()
        if let every = try list.double("every") {
            guard every >= 1, every <= 1_000_000, every == every.rounded() else {
                throw UsageError("'--every' is a whole number of frames from 1, got '\(ArgumentList.excerpt(list.string("every")!))'", command: "golden")
            }
            sampling.every = Int(every)
        }
        sampling.drawsPictures = !list.has("no-pictures")
        if let scale = try list.double("scale") { sampling.pictureSize = .scale(scale) }
        let jobs = try list.positiveInt("jobs", maximum: 256) ?? 1
        let slice = try list.frameRange()
        var shard: RenderShard?
        if let text = list.string("shard") {
            do { shard = try RenderShard.parse(text, environment: environment).shard } catch { throw BadInput(error.description) }
        }
        if recording, slice != nil || shard != nil {
            throw UsageError("a golden is recorded from the whole render: '--frames' and '--shard' are for 'golden check'", command: "golden")
        }
        if slice != nil, shard != nil { throw UsageError("'--frames' and '--shard' cannot both be given", command: "golden") }
        let mode: GoldenRecordMode
        if recording {
            mode = .all
        } else {
            // A check never writes unless CADENCE_RECORD asks it to.
            mode = environment["CADENCE_RECORD"].map { _ in () } == nil ? .never : try GoldenRecordMode.from(environment: environment)
        }
        let artifacts = list.string("artifacts") ?? environment["CADENCE_GOLDEN_ARTIFACTS"]

        var subjects: [GoldenSubject] = []
        for path in list.positionals { subjects.append(.document(path)) }
        if let names = list.string("preset") {
            let wanted = names == "all" ? PresetCatalog.names : names.split(separator: ",").map(String.init)
            for name in wanted {
                guard let type = PresetCatalog.preset(named: name) else { throw Self.unknownPreset(name) }
                for operation in type.operations { subjects.append(.preset(type, operation)) }
            }
        }
        guard !subjects.isEmpty else { throw UsageError("missing FILE or --preset NAMES", command: "golden") }
        var seen: [String: String] = [:]
        for subject in subjects {
            if let other = seen[subject.fileName] {
                throw BadInput("\(other) and \(subject.description) would share the golden \(subject.fileName): check them with different --dir")
            }
            seen[subject.fileName] = subject.description
        }

        var failures = 0
        var used: [String] = []
        for subject in subjects {
            let file = (folder.hasSuffix("/") ? folder : folder + "/") + subject.fileName
            used.append(subject.fileName)
            do {
                let (outcome, frames) = try subject.check(
                    file: file, sampling: sampling, mode: mode, slice: slice, shard: shard, workerCount: jobs,
                    artifacts: artifacts, tool: self)
                let verb = switch outcome {
                case .matched: "ok"
                case .recorded: "recorded"
                case .rerecorded: "recorded again"
                }
                try standardOutput.write("\(verb.padding(to: 15))\(subject.description) (\(frames)) \(file)\n")
                if case .rerecorded(let mismatch) = outcome, !recording {
                    try standardOutput.write(mismatch.description + "\n")
                }
            } catch let mismatch as GoldenMismatch {
                failures += 1
                try standardOutput.write("\("FAILED".padding(to: 15))\(subject.description) \(file)\n\(mismatch.description)\n")
            } catch let error as GoldenError {
                throw BadInput(error.description)
            }
        }
        let unused = try Golden.unused(in: folder, used: used)
        if !unused.isEmpty, list.has("complete") || recording {
            let verb = mode == .never && !recording ? "error" : "note"
            for file in unused {
                try standardError.write("cadence: \(verb): \(file) is a golden no subject of this run uses: delete it, or check its subject\n")
            }
            if mode == .never, !recording { failures += unused.count }
        }
        try standardOutput.flush()
        try standardError.flush()
        if failures > 0 {
            try standardError.write("cadence: error: \(failures) golden check\(failures == 1 ? "" : "s") failed\n")
            try standardError.flush()
            throw ExitStatus(status: 1)
        }
    }
}

/// A document or a preset operation that `cadence golden` checks.
enum GoldenSubject: CustomStringConvertible {
    case document(String)
    case preset(any TransitionPreset.Type, TransitionOperation)

    /// `document card.json`, `preset card-expand (push)`.
    var description: String {
        switch self {
        case .document(let path): "document \(path.split(separator: "/").last.map(String.init) ?? path)"
        case .preset(let type, let operation): "preset \(type.name) (\(operation.rawValue))"
        }
    }

    /// The golden's file name: ``name`` and the extension.
    var fileName: String { name + "." + GoldenManifest.fileExtension }

    /// The golden's name, which is also its subject: `document-card`, `preset-card-expand-push`
    /// (the names `expectGolden` gives Cadence's own goldens, so that both check the same files).
    var name: String {
        switch self {
        case .document(let path):
            var name = path.split(separator: "/").last.map(String.init) ?? path
            if name.hasSuffix(".json") { name.removeLast(5) }
            return "document-\(name)"
        case .preset(let type, let operation):
            return "preset-\(type.name)-\(operation.rawValue)"
        }
    }

    /// Renders and checks the subject; returns the outcome and a summary of what was kept.
    func check(
        file: String, sampling: GoldenSampling, mode: GoldenRecordMode, slice: ClosedRange<Int>?, shard: RenderShard?,
        workerCount: Int, artifacts: String?, tool: CadenceTool
    ) throws -> (GoldenOutcome, String) {
        switch self {
        case .document(let path):
            let document = try tool.loadDocument(path)
            var source = document.makeSource()
            let frameRate = document.frameRate
            return try Self.run(
                &source, subject: name, frameRate: frameRate, scene: document.scene.map { SceneDescription.json($0) },
                file: file, sampling: sampling, mode: mode, slice: slice, shard: shard, workerCount: workerCount, artifacts: artifacts)
        case .preset(let type, let operation):
            return try checkPreset(type, operation, file: file, sampling: sampling, mode: mode, slice: slice, shard: shard,
                workerCount: workerCount, artifacts: artifacts)
        }
    }

    private func checkPreset<Preset: TransitionPreset>(
        _ type: Preset.Type, _ operation: TransitionOperation, file: String, sampling: GoldenSampling, mode: GoldenRecordMode,
        slice: ClosedRange<Int>?, shard: RenderShard?, workerCount: Int, artifacts: String?
    ) throws -> (GoldenOutcome, String) {
        let preset: Preset
        do { preset = try Preset(context: TransitionContext(operation: operation), parameters: [:]) } catch { throw BadInput(error.message) }
        var source = try PresetSource(preset: preset, frameRate: .fps60)
        return try Self.run(
            &source, subject: name, frameRate: .fps60, scene: .scene(preset.scene), file: file, sampling: sampling,
            mode: mode, slice: slice, shard: shard, workerCount: workerCount, artifacts: artifacts)
    }

    private static func run<Source: FrameSource>(
        _ source: inout Source, subject: String, frameRate: FrameRate, scene: SceneDescription?, file: String,
        sampling: GoldenSampling, mode: GoldenRecordMode, slice: ClosedRange<Int>?, shard: RenderShard?, workerCount: Int,
        artifacts: String?
    ) throws -> (GoldenOutcome, String) {
        let whole = try HostLoop.defaultFrames(duration: source.duration, frameRate: frameRate)
        var frames = slice
        if let shard {
            guard let part = shard.frames(of: whole) else {
                return (.matched, "shard \(shard) of \(whole.count) frames holds none")
            }
            frames = part
        }
        let outcome = try Golden.check(
            &source, subject: subject, frameRate: frameRate, scene: scene, sampling: sampling, file: file, mode: mode,
            slice: frames, workerCount: workerCount, artifacts: artifacts)
        let kept = sampling.frames(of: whole).filter { (frames ?? whole).contains($0) }.count
        let range = frames.map { "frames \($0.lowerBound)...\($0.upperBound), " } ?? ""
        return (outcome, "\(range)\(kept) kept frame\(kept == 1 ? "" : "s")\(sampling.drawsPictures && scene != nil ? " drawn" : "")")
    }
}
