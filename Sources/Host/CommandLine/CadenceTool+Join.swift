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

extension CadenceTool {
    /// `cadence join SHARD-FOLDER… --out FINAL`: checks that the folders are every shard of one
    /// render, none missing, repeated, overlapping or damaged, then writes the whole render.
    ///
    /// Text, raw frames and picture folders are the shards' bytes in frame order (the same bytes
    /// as a render in one process); an MP4, WebM or FFV1 video's encoded segments are concatenated (the bytes of
    /// the render in one process, which makes its file the same way); a GIF or APNG's lossless
    /// chunks (``FrameChunk``) are decoded in order and encoded once into the final format with the
    /// same settings as a render in one process.
    mutating func join(_ arguments: [String]) throws {
        let list = try ArgumentList(arguments, command: "join", options: ["out"], flags: [])
        guard !list.positionals.isEmpty else {
            throw UsageError("missing the shards' folders (render --shard I/N --out NAME writes NAME.shard-I-of-N)", command: "join")
        }
        guard let out = list.string("out"), !out.isEmpty else {
            throw UsageError("give the joined render's name with --out", command: "join")
        }
        // A shard killed half-way leaves its temporary folder (NAME.shard-I-of-N.partial-XXXXXX),
        // which a pattern like NAME.shard-* also finds: it is not part of the render.
        var folders: [String] = []
        for folder in list.positionals {
            if ShardSet.isPartialShard(folder) {
                try standardError.write("cadence: warning: skipping \(folder): the temporary folder of a shard that did not finish\n")
            } else {
                folders.append(folder)
            }
        }
        guard !folders.isEmpty else { throw BadInput("no shard folders to join, only temporary ones of shards that did not finish") }
        // Every file of every shard is checked (a regular file, its length and CRC-32) before
        // anything is written.
        let set: ShardSet
        do { set = try ShardSet(folders: folders) } catch { throw BadInput(error.message) }
        let shards = set.shards
        let manifest = shards[0].manifest
        let payload = try ShardPayload(format: manifest.format, command: "join")
        do { try set.checkFiles(payload.farmPayload(format: manifest.format)) } catch { throw BadInput(error.message) }
        switch payload {
        case .file(let name):
            let output = try FileOutput(replacing: out)
            if let header = manifest.csvHeader { try output.write(header) }
            for shard in shards where shard.manifest.files.contains(where: { $0.name == name }) {
                try ShardFolder.read(shard.folder + "/" + name) { try output.write(bytes: $0) }
            }
            try output.commit()
        case .pictures:
            try PictureSink.makeFolder(out)
            let folder = out.hasSuffix("/") ? out : out + "/"
            for shard in shards {
                for file in shard.manifest.files {
                    try Self.place(shard.folder + "/" + file.name, at: folder + file.name)
                }
            }
        case .video(let format):
            try joinVideo(set, format: format, out: out)
        case .segments(let format):
            try joinSegments(set, format: format, out: out)
        }
        let frames = shards.compactMap(\.manifest.frames).map(\.count).reduce(0, +)
        try standardError.write("cadence: joined \(shards.count) shards, \(frames) frames, into \(out)\n")
        try standardError.flush()
    }

    /// Puts a copy of `source` at `destination` all or nothing: a hard link where the file system
    /// allows it (no bytes copied), else a copy; either goes to a temporary name of its own first,
    /// so that joins into the same folder at once never share one.
    private static func place(_ source: String, at destination: String) throws {
        var sourceInfo = stat(), destinationInfo = stat()
        if stat(source, &sourceInfo) == 0, lstat(destination, &destinationInfo) == 0,
           sourceInfo.st_dev == destinationInfo.st_dev, sourceInfo.st_ino == destinationInfo.st_ino {
            // A join run again: the destination is already this very file.
            return
        }
        let temporary = destination + ".cadence-join-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        // The source was checked to be a regular file (not a link); linkat with no flags never
        // follows one.
        if linkat(AT_FDCWD, source, AT_FDCWD, temporary, 0) == 0 {
            // rename of two links to one file does nothing and succeeds: the temporary name is
            // removed either way.
            defer { unlink(temporary) }
            guard rename(temporary, destination) == 0 else {
                throw SinkError.writeFailed(destination: destination, reason: String(cString: strerror(errno)))
            }
            return
        }
        let output = try FileOutput(replacing: destination)
        try ShardFolder.read(source) { try output.write(bytes: $0) }
        try output.commit()
    }

    /// Concatenates the shards' encoded segments, in order, into `out` without re-encoding: the
    /// bytes of the render in one process, which makes its file the same way.
    private mutating func joinSegments(_ set: ShardSet, format: VideoFormat, out: String) throws {
        let withFrames = try Self.videoShards(set).shards
        var paths: [String] = []
        do {
            for shard in withFrames {
                paths += try set.segmentNames(of: shard, format: format).map { shard.folder + "/" + $0 }
            }
        } catch { throw BadInput(error.message) }
        try VideoSegmentJoin.concatenate(paths, format: format, into: out)
    }

    /// The shards that hold frames, and their video's size and rate, which must be one.
    private static func videoShards(_ set: ShardSet) throws -> (shards: [ShardSet.Shard], video: ShardManifest.Video) {
        let withFrames = set.shards.filter { $0.manifest.frames != nil }
        guard let video = withFrames.first?.manifest.video else {
            throw BadInput("\(set.shards[0].folder): the shards hold no video")
        }
        for shard in withFrames where shard.manifest.video != video {
            throw BadInput("\(shard.folder) holds video of another size or rate than \(withFrames[0].folder)")
        }
        return (withFrames, video)
    }

    /// Decodes the shards' lossless chunks in order and encodes them once into `format`.
    private mutating func joinVideo(_ set: ShardSet, format: VideoFormat, out: String) throws {
        let (chunks, video) = try Self.videoShards(set)
        // Every chunk must be listed (and so checked) before ffmpeg starts.
        let paths: [String]
        do { paths = try chunks.map { chunk throws(ShardSetError) in try set.videoChunk(of: chunk) } } catch { throw BadInput(error.message) }
        try warnAboutGIFDelays(format, frameRate: video.frameRate)
        let encoder = try VideoEncoder(format: format, width: video.width, height: video.height, frameRate: video.frameRate, path: out)
        var frame = [UInt8](repeating: 0, count: video.width * video.height * 4)
        for (chunk, path) in zip(chunks, paths) {
            let reader = try FrameChunk.Reader(path: path)
            guard reader.width == video.width, reader.height == video.height else {
                throw BadInput("\(path) holds \(reader.width)×\(reader.height) frames, its manifest says \(video.width)×\(video.height)")
            }
            var decoded = 0
            let expected = chunk.manifest.frames!.count
            while try frame.withUnsafeMutableBytes({ try reader.next(into: $0) }) {
                decoded += 1
                guard decoded <= expected else { break }
                try frame.withUnsafeBytes { try encoder.write(straightRGBA: $0) }
            }
            guard decoded == expected else {
                throw BadInput("\(path) holds \(decoded > expected ? "more than \(expected)" : String(decoded)) frames, its manifest says \(expected)")
            }
        }
        try encoder.finish()
    }
}
