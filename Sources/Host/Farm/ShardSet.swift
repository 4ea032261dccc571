package import CadenceHostCore
import Timeline
import CadenceIO

/// The shards of one render, read from their folders and checked before a join writes anything:
/// every shard present once, all of one render (source, settings, format, frames), each holding
/// the frames its index gives, and every file its manifest lists present, a regular file inside
/// its folder, of the length and CRC-32 the manifest says.
///
/// A shard folder is input like any other: a file in it that is a symbolic link, a pipe or a
/// device is refused by name, never followed or read (a link could point outside the shard, a
/// pipe or `/dev/zero` never ends), and a video shard's chunk is read only when its manifest lists
/// it (so that its checksum was checked).
package struct ShardSet {
    /// One shard: its folder and its manifest.
    package struct Shard {
        /// The folder, as given.
        package let folder: String
        /// What the shard says about itself.
        package let manifest: ShardManifest
    }

    /// The name of a video shard's lossless chunk in its folder.
    package static let videoChunkName = "frames.chunk"
    /// The largest manifest read (a render of 100,000 shards' pictures lists a few MB).
    package static let maximumManifestBytes = 64 << 20

    /// The shards, in the order of their indices.
    package let shards: [Shard]

    /// Reads every folder's manifest and checks that together they are the shards of one render.
    ///
    /// - Throws: ``ShardSetError`` naming the folder and what is wrong.
    package init(folders: [String]) throws(ShardSetError) {
        var shards: [Shard] = []
        for folder in folders {
            guard ShardFolder.isFolder(folder) else {
                throw ShardSetError("\(folder) is not a shard's folder (render --shard I/N --out NAME writes NAME.shard-I-of-N)")
            }
            let file = folder + "/" + ShardManifest.fileName
            let bytes: [UInt8]
            do {
                bytes = try ShardFolder.readRegularFile(file, maximumCount: Self.maximumManifestBytes)
            } catch {
                throw ShardSetError("\(folder) has no manifest (\(error.reason)): it is not a shard, or its render did not finish")
            }
            do { shards.append(Shard(folder: folder, manifest: try ShardManifest(parsing: bytes, file: file))) } catch {
                throw ShardSetError(error.description)
            }
        }
        guard let first = shards.first else { throw ShardSetError("no shard folders to join") }
        for shard in shards.dropFirst() { try Self.checkSameRender(shard, as: first) }
        let count = first.manifest.shard.count
        var byIndex: [Int: String] = [:]
        for shard in shards {
            if let earlier = byIndex[shard.manifest.shard.index] {
                throw ShardSetError("shard \(shard.manifest.shard) is given twice: \(earlier) and \(shard.folder)")
            }
            byIndex[shard.manifest.shard.index] = shard.folder
            let expected = first.manifest.segmentFrames.map { shard.manifest.shard.frames(of: first.manifest.whole, inSegmentsOf: $0) }
                ?? shard.manifest.shard.frames(of: first.manifest.whole)
            guard shard.manifest.frames == expected else {
                let said = shard.manifest.frames.map { "\($0.lowerBound)...\($0.upperBound)" } ?? "none"
                let right = expected.map { "\($0.lowerBound)...\($0.upperBound)" } ?? "none"
                throw ShardSetError("\(shard.folder) holds frames \(said), but shard \(shard.manifest.shard) of frames \(first.manifest.whole) is \(right)")
            }
        }
        let missing = (0..<count).filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            let base = Self.shardBase(first.folder)
            let names = missing.prefix(5).compactMap { index in
                (try? RenderShard(index: index, count: count)).map { Self.shardFolder(base, $0) }
            }
            throw ShardSetError("\(missing.count) of \(count) shards missing: \(names.joined(separator: ", "))\(missing.count > 5 ? ", …" : "")")
        }
        self.shards = shards.sorted { $0.manifest.shard.index < $1.manifest.shard.index }
    }

    /// Whether two shards render the same source: the same kind (document, preset, Lottie file)
    /// and the same hash of its bytes. The path is for messages only: jobs that name the same
    /// document by another path (another working folder, an absolute path) render the same thing.
    private static func checkSameRender(_ shard: Shard, as first: Shard) throws(ShardSetError) {
        let one = first.manifest, other = shard.manifest
        func kind(_ source: String) -> Substring { source.prefix { $0 != " " } }
        guard kind(other.source) == kind(one.source), other.sourceHash == one.sourceHash else {
            throw ShardSetError(
                "\(shard.folder) is a shard of another render: \(other.source) (hash \(other.sourceHash)), \(first.folder) of \(one.source) (hash \(one.sourceHash))")
        }
        guard other.settings == one.settings, other.format == one.format, other.whole == one.whole else {
            let mine = Set(other.settings + ["format=\(other.format)", "frames=\(other.whole)"])
            let theirs = Set(one.settings + ["format=\(one.format)", "frames=\(one.whole)"])
            throw ShardSetError(
                "\(shard.folder) was rendered with other settings than \(first.folder): "
                    + "\(mine.subtracting(theirs).sorted().joined(separator: " ")) against \(theirs.subtracting(mine).sorted().joined(separator: " "))")
        }
        guard other.segmentFrames == one.segmentFrames else {
            func length(_ frames: Int?) -> String { frames.map { "segments of \($0) frames" } ?? "no segments" }
            throw ShardSetError("\(shard.folder) holds \(length(other.segmentFrames)), \(first.folder) \(length(one.segmentFrames))")
        }
        guard other.shard.count == one.shard.count else {
            throw ShardSetError("\(shard.folder) is one of \(other.shard.count) shards, \(first.folder) one of \(one.shard.count)")
        }
    }

    /// What a shard of a format holds.
    package enum Payload {
        /// One file of its frames (`frames.jsonl`, `frames.csv`, `frames.rgba`).
        case file(String)
        /// One picture per frame, named by its index padded to the whole render's width, with this
        /// extension (`png`, `svg`).
        case pictures(extension: String)
        /// One lossless chunk of its frames (``videoChunkName``).
        case video
        /// The encoded segments of its frames (``VideoSegmentation/fileName(ofSegment:format:)``).
        case segments(VideoFormat)
    }

    /// Checks what every manifest lists, then every file it lists: the names the shard's frames
    /// give and nothing else (a shard with frames lists its payload; one without lists nothing);
    /// present in its folder, a regular file (not a link, a pipe or a device), of the listed
    /// length and CRC-32. Nothing else is read.
    ///
    /// - Throws: ``ShardSetError`` naming the file and the shard to run again.
    package func checkFiles(_ payload: Payload) throws(ShardSetError) {
        var pictureWidth: Int?
        for shard in shards {
            try checkNames(shard, payload, pictureWidth: &pictureWidth)
        }
        try checkFiles()
    }

    /// Checks that a shard lists exactly the files its frames give.
    private func checkNames(_ shard: Shard, _ payload: Payload, pictureWidth: inout Int?) throws(ShardSetError) {
        let names = shard.manifest.files.map(\.name)
        let again = "(run shard \(shard.manifest.shard) again)"
        guard let frames = shard.manifest.frames else {
            // A shard without frames lists nothing, or its (empty) file.
            let allowed: [String] = switch payload {
            case .file(let name): [name]
            case .video: [Self.videoChunkName]
            case .pictures, .segments: []
            }
            guard names.isEmpty || names == allowed else {
                throw ShardSetError("\(shard.folder) holds no frames but lists \(names.count) files \(again)")
            }
            return
        }
        switch payload {
        case .file(let name):
            guard names == [name] else { throw ShardSetError("\(shard.folder) must list its frames' file \(name) and nothing else \(again)") }
        case .video:
            guard names == [Self.videoChunkName] else {
                throw ShardSetError("\(shard.folder)'s manifest lists no \(Self.videoChunkName) (or other files): the shard is incomplete \(again)")
            }
        case .segments(let format):
            // Counted before named: a manifest whose frames are more segments than it lists files
            // is refused without making a name for each (a forged one could claim billions).
            let covered = try segments(of: shard, format: format)?.count ?? 0
            guard covered <= names.count else {
                throw ShardSetError("\(shard.folder) lists \(names.count) files, but its frames \(frames.lowerBound)...\(frames.upperBound) are \(covered) segments \(again)")
            }
            let expected = try segmentNames(of: shard, format: format)
            guard names.count == expected.count, Set(names) == Set(expected) else {
                let stray = names.first { !expected.contains($0) }
                let missing = expected.first { !names.contains($0) }
                let what = stray.map { "lists \(InputExcerpt.excerpt($0)), which is not one of its frames' segments" }
                    ?? "is missing the segment \(missing ?? "of a frame")"
                throw ShardSetError("\(shard.folder) \(what) (frames \(frames.lowerBound)...\(frames.upperBound)) \(again)")
            }
        case .pictures(let suffix):
            // Every name is the same width, at least the last frame's digits: the width of the
            // whole render's names, which the first shard sets.
            let width = pictureWidth ?? names.first.map { $0.count - suffix.count - 1 } ?? 0
            pictureWidth = width
            guard width >= String(shards[0].manifest.whole.upperBound).count else {
                throw ShardSetError("\(shard.folder)'s pictures are not named by the render's frames \(again)")
            }
            // Counted before named: a manifest that claims more frames than it lists pictures is
            // refused without making a name for each (a forged one could claim billions).
            guard frames.count <= names.count else {
                throw ShardSetError("\(shard.folder) lists \(names.count) pictures, but holds \(frames.count) frames (\(frames.lowerBound)...\(frames.upperBound)) \(again)")
            }
            var expected = Set<String>()
            for index in frames {
                let number = String(index)
                expected.insert(String(repeating: "0", count: max(0, width - number.count)) + number + "." + suffix)
            }
            guard names.count == expected.count, Set(names) == expected else {
                let stray = names.first { !expected.contains($0) }
                let missing = expected.subtracting(names).sorted().first
                let what = stray.map { "lists \(InputExcerpt.excerpt($0)), which is not one of its frames' pictures" }
                    ?? "is missing the picture \(missing ?? "of a frame")"
                throw ShardSetError("\(shard.folder) \(what) (frames \(frames.lowerBound)...\(frames.upperBound)) \(again)")
            }
        }
    }

    /// Checks every file every manifest lists: present in its shard's folder, a regular file
    /// (not a link, a pipe or a device), of the listed length and CRC-32. Nothing else is read.
    ///
    /// - Throws: ``ShardSetError`` naming the file and the shard to run again.
    package func checkFiles() throws(ShardSetError) {
        for shard in shards {
            let present: Set<String>
            do { present = Set(try ShardFolder.names(in: shard.folder)) } catch { throw ShardSetError("\(error)") }
            for file in shard.manifest.files {
                let path = shard.folder + "/" + file.name
                guard present.contains(file.name) else {
                    throw ShardSetError("\(path) is missing: the shard is incomplete (run shard \(shard.manifest.shard) again)")
                }
                let found: ShardManifest.File
                do { found = try ShardFolder.describeFile(named: file.name, in: shard.folder) } catch {
                    throw ShardSetError("\(error) (run shard \(shard.manifest.shard) again)")
                }
                guard found == file else {
                    throw ShardSetError(
                        "\(path) is damaged: \(found.bytes) bytes with CRC-32 \(found.crc32), the manifest says \(file.bytes) bytes with \(file.crc32) (run shard \(shard.manifest.shard) again)")
                }
            }
        }
    }

    /// The path of a video shard's chunk, which its manifest must list (so ``checkFiles()`` has
    /// checked it).
    package func videoChunk(of shard: Shard) throws(ShardSetError) -> String {
        guard shard.manifest.files.contains(where: { $0.name == Self.videoChunkName }) else {
            throw ShardSetError("\(shard.folder)'s manifest lists no \(Self.videoChunkName): the shard is incomplete (run shard \(shard.manifest.shard) again)")
        }
        return shard.folder + "/" + Self.videoChunkName
    }

    /// The names of the segments that a shard's frames cover, in order (none for a shard without
    /// frames).
    ///
    /// - Throws: ``ShardSetError`` when the shards' manifests give no segment length.
    package func segmentNames(of shard: Shard, format: VideoFormat) throws(ShardSetError) -> [String] {
        try segments(of: shard, format: format)?.map { VideoSegmentation.fileName(ofSegment: $0, format: format) } ?? []
    }

    /// The segments that a shard's frames cover (`nil` for a shard without frames).
    ///
    /// - Throws: ``ShardSetError`` when the shards' manifests give no segment length.
    private func segments(of shard: Shard, format: VideoFormat) throws(ShardSetError) -> ClosedRange<Int>? {
        guard let frames = shard.manifest.frames else { return nil }
        guard let length = shard.manifest.segmentFrames else {
            throw ShardSetError("\(shard.folder)'s manifest gives no segment length for its \(format.rawValue) segments (run shard \(shard.manifest.shard) again)")
        }
        return VideoSegmentation(framesPerSegment: length, origin: shard.manifest.whole.lowerBound).segments(covering: frames)
    }

    /// `film.mp4.shard-03-of-16` for shard 3 of 16 of `film.mp4` (the index padded to the count's digits).
    package static func shardFolder(_ out: String, _ shard: RenderShard) -> String {
        var base = out
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        let digits = String(shard.count - 1).count
        let number = String(shard.index)
        return base + ".shard-" + String(repeating: "0", count: max(0, digits - number.count)) + number + "-of-\(shard.count)"
    }

    /// `film.mp4` for `film.mp4.shard-03-of-16` (the name before the shard's suffix).
    package static func shardBase(_ folder: String) -> String {
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

    /// Whether `folder` is a shard's temporary folder (`….partial-XXXXXX`), which a shard killed
    /// half-way leaves behind.
    package static func isPartialShard(_ folder: String) -> Bool {
        var name = Substring(folder)
        while name.count > 1, name.hasSuffix("/") { name = name.dropLast() }
        let last = name.split(separator: "/").last ?? name
        guard let dot = last.lastIndex(of: ".") else { return false }
        let suffix = last[last.index(after: dot)...]
        return suffix.hasPrefix("partial-") && suffix.count == "partial-XXXXXX".count
    }
}

/// Why a set of shard folders cannot be joined: the folder or file, and what to do.
package struct ShardSetError: Error, CustomStringConvertible {
    /// The message, naming the folder or file.
    package var message: String
    /// An error saying `message`.
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
