import Timeline
import TimelinePlugins
import CadenceFarm
import CadenceHostCore
import CadenceIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What makes two renders the same render: the source and the options that change the output.
struct RenderIdentity {
    /// `document card.json` or `preset card-expand`, for messages.
    var source: String
    /// A hash of the document's bytes (or the preset's name): 64-bit FNV-1a.
    var sourceHash: String
    /// Every option but those that do not change the output (`--out`, `--jobs`, `--shard`), as
    /// `name=value` and `--flag`, sorted.
    var settings: [String]

    init(source: String, bytes: [UInt8], list: ArgumentList) {
        self.source = source
        sourceHash = FNV1a.hex(FNV1a.bytes(bytes))
        settings = list.settings(excluding: ["out", "jobs", "shard"])
    }
}

extension CadenceTool {
    /// How a shard holds its part of a format.
    enum ShardPayload {
        /// One file of frames that concatenate (JSON Lines, CSV without header, raw RGBA).
        case file(String)
        /// One file per frame in the shard's folder (PNG, SVG).
        case pictures
        /// A lossless chunk of the frames (`frames.chunk`, ``FrameChunk``) that the join encodes
        /// into the final format (GIF, APNG).
        case video(VideoFormat)
        /// The frames' encoded segments (MP4, WebM, FFV1), which the join concatenates.
        case segments(VideoFormat)

        /// What the farm checks a shard of this payload lists.
        func farmPayload(format: String) -> ShardSet.Payload {
            switch self {
            case .file(let name): .file(name)
            case .pictures: .pictures(extension: format == "png" ? "png" : "svg")
            case .video: .video
            case .segments(let format): .segments(format)
            }
        }

        init(format: String, command: String) throws(UsageError) {
            switch format {
            case "jsonl": self = .file("frames.jsonl")
            case "csv": self = .file("frames.csv")
            case "rgba": self = .file("frames.rgba")
            case "png", "svg-frames": self = .pictures
            case "html", "svg":
                throw UsageError("an \(format) preview is one page of the whole render and cannot be split into shards; render it in one process", command: command)
            default:
                guard let video = VideoFormat(rawValue: format) else {
                    throw UsageError("unknown format '\(ArgumentList.excerpt(format))'; formats: \(CadenceTool.formats.joined(separator: ", "))", command: command)
                }
                self = video.isSegmented ? .segments(video) : .video(video)
            }
        }
    }

    /// The file of a video shard's frames.
    static let videoChunkName = ShardSet.videoChunkName

    /// The folder shard `shard` of a render to `out` writes: `OUT.shard-03-of-16`.
    static func shardFolder(_ out: String, _ shard: RenderShard) -> String {
        ShardSet.shardFolder(out, shard)
    }

    /// Renders one shard of a render (`--shard I/N` or `auto/N`) into its own folder, with a
    /// manifest that `cadence join` checks.
    ///
    /// The shard is written into a temporary folder beside its final one and renamed into place
    /// when it is complete, so a shard killed half-way leaves no folder under the final name, and a
    /// shard run again replaces the folder whole.
    mutating func renderShard<Source: FrameSource>(
        _ source: inout Source, shard text: String, format: String, frameRate: FrameRate, frames: ClosedRange<Int>?,
        list: ArgumentList, scene: SceneDescription?, title: String, identity: RenderIdentity
    ) throws {
        let parsed: (shard: RenderShard, variable: String?)
        do { parsed = try RenderShard.parse(text, environment: environment) } catch { throw UsageError(error.description, command: list.command) }
        let shard = parsed.shard
        guard let out = list.string("out"), !out.isEmpty else {
            throw UsageError("'--shard' writes its part into a folder named after --out: give --out with the joined render's name", command: list.command)
        }
        let payload = try ShardPayload(format: format, command: list.command)
        let whole = try frames ?? HostLoop.defaultFrames(duration: source.duration, frameRate: frameRate)
        var segmentFrames: Int?
        switch payload {
        case .video:
            if scene == nil { throw BadInput(PictureError.noScene.description) }
        case .segments:
            if scene == nil { throw BadInput(PictureError.noScene.description) }
            segmentFrames = try Self.framesPerSegment(list, frameRate: frameRate)
        case .file, .pictures:
            break
        }
        // An MP4, WebM or FFV1 render's shards hold whole segments, split as frames are split.
        let range = segmentFrames.map { shard.frames(of: whole, inSegmentsOf: $0) } ?? shard.frames(of: whole)
        let folder = Self.shardFolder(out, shard)
        let origin = parsed.variable.map { " (index from \($0))" } ?? ""
        let segments = segmentFrames.map { length in range.map { ", segments \(VideoSegmentation(framesPerSegment: length, origin: whole.lowerBound).segments(covering: $0)) of \(length) frames" } ?? "" } ?? ""
        let covered = range.map { "frames \($0.lowerBound)...\($0.upperBound), \($0.count) of \(whole.count)\(segments)" } ?? "no frames (more shards than \(segmentFrames == nil ? "frames" : "segments"))"
        try standardError.write("cadence: shard \(shard)\(origin): \(covered) into \(folder)\n")
        try standardError.flush()
        let started = ContinuousClock.now

        // An interrupt, a termination or a crash removes the folder until it is renamed into place.
        let (partial, signalSlot) = try ShardFolder.makeRemovedOnSignal(beside: folder)
        var keep = false
        defer {
            TemporaryFiles.unregister(folder: signalSlot)
            if !keep { ShardFolder.remove(partial) }
        }
        var manifest = ShardManifest(
            source: identity.source, sourceHash: identity.sourceHash, settings: identity.settings, format: format,
            whole: whole, shard: shard, frames: range)
        manifest.segmentFrames = segmentFrames
        var sublist = list.setting("shard", to: nil)
        switch payload {
        case .file(let name):
            sublist = sublist.setting("out", to: partial + "/" + name)
            if format == "csv" {
                // The header goes into the joined file only, where a single render would write it.
                let header = list.has("header") || (!list.has("no-header") && whole.lowerBound == 0)
                if header {
                    var text = CSVSink(output: StringOutput(), writesHeader: true)
                    try text.begin(schema: source.schema)
                    manifest.csvHeader = text.output.text
                }
                sublist = sublist.setting(flag: "header", false).setting(flag: "no-header", true)
            }
            if let range {
                try stream(&source, frameRate: frameRate, frames: range, list: sublist, realTime: false, scene: scene, title: title, identity: identity)
            } else {
                try FileOutput(replacing: partial + "/" + name).commit()
            }
        case .pictures:
            sublist = sublist.setting("out", to: partial + "/")
            if let range {
                try streamPictures(&source, format: format, frameRate: frameRate, frames: range, list: sublist, scene: scene, whole: whole)
            }
        case .video:
            sublist = sublist.setting("out", to: partial + "/" + Self.videoChunkName).setting("format", to: Self.shardChunkFormat)
            if let range {
                let size = try streamPictures(
                    &source, format: Self.shardChunkFormat, frameRate: frameRate, frames: range, list: sublist, scene: scene, whole: whole)
                manifest.video = ShardManifest.Video(width: size.width, height: size.height, frameRate: frameRate)
            }
        case .segments:
            sublist = sublist.setting("out", to: partial)
            if let range {
                let size = try streamPictures(
                    &source, format: Self.shardSegmentsFormat, frameRate: frameRate, frames: range, list: sublist, scene: scene, whole: whole)
                manifest.video = ShardManifest.Video(width: size.width, height: size.height, frameRate: frameRate)
            }
        }
        manifest.files = try ShardFolder.describeFiles(in: partial)
        let manifestFile = try FileOutput(replacing: partial + "/" + ShardManifest.fileName)
        try manifestFile.write(manifest.json)
        try manifestFile.commit()
        // Unregistered first: renamed, the folder is the shard's, which a signal must not empty.
        TemporaryFiles.unregister(folder: signalSlot)
        try ShardFolder.replace(folder, with: partial)
        keep = true
        let elapsed = (ContinuousClock.now - started).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        try standardError.write("cadence: shard \(shard): done in \(NumberFormat.string((seconds * 10).rounded() / 10)) s\n")
        try standardError.flush()
    }
}
