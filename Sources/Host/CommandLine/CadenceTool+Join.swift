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
    /// as a render in one process); a video's lossless chunks (``FrameChunk``) are decoded in order
    /// and encoded once into the final format with the same settings as a render in one process.
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
            if Self.isPartialShard(folder) {
                try standardError.write("cadence: warning: skipping \(folder): the temporary folder of a shard that did not finish\n")
            } else {
                folders.append(folder)
            }
        }
        guard !folders.isEmpty else { throw BadInput("no shard folders to join, only temporary ones of shards that did not finish") }
        let shards = try readShards(folders)
        let manifest = shards[0].manifest
        let payload = try ShardPayload(format: manifest.format, command: "join")

        // Every file of every shard is checked (length and CRC-32) before anything is written.
        for shard in shards {
            let present = Set(try ShardFolder.names(in: shard.folder))
            for file in shard.manifest.files {
                let path = shard.folder + "/" + file.name
                guard present.contains(file.name) else {
                    throw BadInput("\(path) is missing: the shard is incomplete (run shard \(shard.manifest.shard) again)")
                }
                let found = try ShardFolder.describeFile(named: file.name, in: shard.folder)
                guard found == file else {
                    throw BadInput(
                        "\(path) is damaged: \(found.bytes) bytes with CRC-32 \(found.crc32), the manifest says \(file.bytes) bytes with \(file.crc32) (run shard \(shard.manifest.shard) again)")
                }
            }
        }

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
            try joinVideo(shards, format: format, out: out)
        }
        let frames = shards.compactMap(\.manifest.frames).map(\.count).reduce(0, +)
        try standardError.write("cadence: joined \(shards.count) shards, \(frames) frames, into \(out)\n")
        try standardError.flush()
    }

    /// Reads every folder's manifest and checks that together they are the shards of one render.
    private func readShards(_ folders: [String]) throws -> [(folder: String, manifest: ShardManifest)] {
        var shards: [(folder: String, manifest: ShardManifest)] = []
        for folder in folders {
            guard ShardFolder.isFolder(folder) else {
                throw BadInput("\(folder) is not a shard's folder (render --shard I/N --out NAME writes NAME.shard-I-of-N)")
            }
            let file = folder + "/" + ShardManifest.fileName
            let bytes: [UInt8]
            do {
                bytes = try FileInput.read(file, maximumCount: 64 << 20)
            } catch {
                throw BadInput("\(folder) has no manifest (\(error.reason)): it is not a shard, or its render did not finish")
            }
            do { shards.append((folder, try ShardManifest(parsing: bytes, file: file))) } catch { throw BadInput(error.description) }
        }
        let first = shards[0]
        for shard in shards.dropFirst() {
            let one = first.manifest, other = shard.manifest
            guard other.source == one.source, other.sourceHash == one.sourceHash else {
                throw BadInput(
                    "\(shard.folder) is a shard of another render: \(other.source) (hash \(other.sourceHash)), \(first.folder) of \(one.source) (hash \(one.sourceHash))")
            }
            guard other.settings == one.settings, other.format == one.format, other.whole == one.whole else {
                let mine = Set(other.settings + ["format=\(other.format)", "frames=\(other.whole)"])
                let theirs = Set(one.settings + ["format=\(one.format)", "frames=\(one.whole)"])
                throw BadInput(
                    "\(shard.folder) was rendered with other settings than \(first.folder): "
                        + "\(mine.subtracting(theirs).sorted().joined(separator: " ")) against \(theirs.subtracting(mine).sorted().joined(separator: " "))")
            }
            guard other.shard.count == one.shard.count else {
                throw BadInput("\(shard.folder) is one of \(other.shard.count) shards, \(first.folder) one of \(one.shard.count)")
            }
        }
        let count = first.manifest.shard.count
        var byIndex: [Int: String] = [:]
        for shard in shards {
            if let earlier = byIndex[shard.manifest.shard.index] {
                throw BadInput("shard \(shard.manifest.shard) is given twice: \(earlier) and \(shard.folder)")
            }
            byIndex[shard.manifest.shard.index] = shard.folder
            let expected = shard.manifest.shard.frames(of: first.manifest.whole)
            guard shard.manifest.frames == expected else {
                let said = shard.manifest.frames.map { "\($0.lowerBound)...\($0.upperBound)" } ?? "none"
                let right = expected.map { "\($0.lowerBound)...\($0.upperBound)" } ?? "none"
                throw BadInput("\(shard.folder) holds frames \(said), but shard \(shard.manifest.shard) of frames \(first.manifest.whole) is \(right)")
            }
        }
        let missing = (0..<count).filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            let base = Self.shardBase(first.folder)
            let names = missing.prefix(5).map { Self.shardFolder(base, try! RenderShard(index: $0, count: count)) }
            throw BadInput(
                "\(missing.count) of \(count) shards missing: \(names.joined(separator: ", "))\(missing.count > 5 ? ", …" : "")")
        }
        return shards.sorted { $0.manifest.shard.index < $1.manifest.shard.index }
    }

    /// Whether `folder` is a shard's temporary folder (`….partial-XXXXXX`).
    static func isPartialShard(_ folder: String) -> Bool {
        var name = Substring(folder)
        while name.count > 1, name.hasSuffix("/") { name = name.dropLast() }
        let last = name.split(separator: "/").last ?? name
        guard let dot = last.lastIndex(of: ".") else { return false }
        let suffix = last[last.index(after: dot)...]
        return suffix.hasPrefix("partial-") && suffix.count == "partial-XXXXXX".count
    }

    /// `film.mp4` for `film.mp4.shard-03-of-16` (the name before the shard's suffix).
    static func shardBase(_ folder: String) -> String {
        var name = folder
        while name.count > 1, name.hasSuffix("/") { name.removeLast() }
        let marker = Array(".shard-".utf8), bytes = Array(name.utf8)
        guard bytes.count >= marker.count else { return name }
        for start in stride(from: bytes.count - marker.count, through: 0, by: -1)
        where bytes[start..<(start + marker.count)].elementsEqual(marker) {
            return String(decoding: bytes[..<start], as: UTF8.self)
        }
        return name
    }

    /// Puts a copy of `source` at `destination` all or nothing: a hard link where the file system
    /// allows it (no bytes copied), else a copy; either goes to a temporary name first.
    private static func place(_ source: String, at destination: String) throws {
        let temporary = destination + ".cadence-join"
        unlink(temporary)
        if link(source, temporary) == 0 {
            guard rename(temporary, destination) == 0 else {
                unlink(temporary)
                throw SinkError.writeFailed(destination: destination, reason: String(cString: strerror(errno)))
            }
            return
        }
        let output = try FileOutput(replacing: destination)
        try ShardFolder.read(source) { try output.write(bytes: $0) }
        try output.commit()
    }

    /// Decodes the shards' lossless chunks in order and encodes them once into `format`.
    private mutating func joinVideo(_ shards: [(folder: String, manifest: ShardManifest)], format: VideoFormat, out: String) throws {
        let chunks = shards.filter { $0.manifest.frames != nil }
        guard let video = chunks.first?.manifest.video else {
            throw BadInput("\(shards[0].folder): the shards hold no video")
        }
        for chunk in chunks where chunk.manifest.video != video {
            throw BadInput("\(chunk.folder) holds video of another size or rate than \(chunks[0].folder)")
        }
        try warnAboutGIFDelays(format, frameRate: video.frameRate)
        let encoder = try VideoEncoder(format: format, width: video.width, height: video.height, frameRate: video.frameRate, path: out)
        var frame = [UInt8](repeating: 0, count: video.width * video.height * 4)
        for chunk in chunks {
            let path = chunk.folder + "/" + Self.videoChunkName
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
