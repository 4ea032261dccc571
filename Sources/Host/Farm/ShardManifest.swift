package import Timeline
package import CadenceHostCore
import CadenceIO

/// What a shard of a render says about itself (`manifest.json` in its folder): which render it
/// is part of, which frames it holds and the checksum of every file, so that `cadence join` can
/// tell a complete set of shards from a mixed, missing, overlapping or truncated one.
package struct ShardManifest: Equatable {
    /// The manifest's file name in a shard's folder.
    static package let fileName = "manifest.json"
    /// The version of this layout: 2 since MP4, WebM and FFV1 shards hold encoded segments
    /// (``segmentFrames``).
    package static let version = 2

    /// One file of the shard's payload.
    package struct File: Equatable {
        /// Its name in the shard's folder.
        package var name: String
        /// Its length in bytes.
        package var bytes: Int
        /// Its CRC-32 (as PNG and zlib compute it).
        package var crc32: UInt32

        /// Describes a file.
        package init(name: String, bytes: Int, crc32: UInt32) {
            self.name = name
            self.bytes = bytes
            self.crc32 = crc32
        }
    }

    /// The size and rate of a video shard's frames (its lossless chunk, or its segments).
    package struct Video: Equatable {
        package var width: Int
        package var height: Int
        package var frameRate: FrameRate

        /// Describes a chunk of `width` × `height` frames at `frameRate`.
        package init(width: Int, height: Int, frameRate: FrameRate) {
            self.width = width
            self.height = height
            self.frameRate = frameRate
        }
    }

    /// `document card.json` or `preset card-expand`.
    package var source: String
    /// The hash of the source (``RenderIdentity/sourceHash``).
    package var sourceHash: String
    /// The options that change the output.
    package var settings: [String]
    /// The render's format (`png`, `mp4`, …).
    package var format: String
    /// The whole render's frames.
    package var whole: ClosedRange<Int>
    /// Which shard this is.
    package var shard: RenderShard
    /// This shard's frames (`nil`: none).
    package var frames: ClosedRange<Int>?
    /// The CSV header the joined file starts with (`nil`: none, or not CSV).
    package var csvHeader: String?
    /// A video shard's picture size and rate (`nil` for other formats and empty shards).
    package var video: Video?
    /// The frames in each segment of an MP4, WebM or FFV1 render (``VideoSegmentation``), which its
    /// shards are cut on; `nil` for other formats.
    package var segmentFrames: Int?
    /// The payload's files, sorted by name.
    package var files: [File] = []

    package init(
        source: String, sourceHash: String, settings: [String], format: String, whole: ClosedRange<Int>, shard: RenderShard,
        frames: ClosedRange<Int>?
    ) {
        self.source = source
        self.sourceHash = sourceHash
        self.settings = settings
        self.format = format
        self.whole = whole
        self.shard = shard
        self.frames = frames
    }

    /// The manifest as JSON, one line per field.
    package var json: String {
        func range(_ range: ClosedRange<Int>?) -> String { range.map { "[\($0.lowerBound), \($0.upperBound)]" } ?? "null" }
        var lines = [
            "\"cadenceShard\": \(Self.version)",
            "\"tool\": \(JSONText.quoted("cadence " + CadenceRelease.version))",
            "\"source\": \(JSONText.quoted(source))",
            "\"sourceHash\": \(JSONText.quoted(sourceHash))",
            "\"settings\": [\(settings.map(JSONText.quoted).joined(separator: ", "))]",
            "\"format\": \(JSONText.quoted(format))",
            "\"whole\": \(range(whole))",
            "\"shard\": {\"index\": \(shard.index), \"count\": \(shard.count), \"frames\": \(range(frames))}",
            "\"csvHeader\": \(csvHeader.map(JSONText.quoted) ?? "null")",
        ]
        if let video {
            lines.append(
                "\"video\": {\"width\": \(video.width), \"height\": \(video.height), \"frameRate\": [\(video.frameRate.numerator), \(video.frameRate.denominator)]}")
        } else {
            lines.append("\"video\": null")
        }
        lines.append("\"segmentFrames\": \(segmentFrames.map(String.init) ?? "null")")
        let files = self.files.map { "    {\"name\": \(JSONText.quoted($0.name)), \"bytes\": \($0.bytes), \"crc32\": \($0.crc32)}" }
        lines.append("\"files\": [\n" + files.joined(separator: ",\n") + (files.isEmpty ? "]" : "\n  ]"))
        return "{\n  " + lines.joined(separator: ",\n  ") + "\n}\n"
    }

    /// Reads a manifest, naming the file and the JSON path of what is wrong.
    package init(parsing bytes: [UInt8], file: String) throws(BadManifest) {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes: bytes) } catch { throw BadManifest(file: file, path: "$", message: error.description) }
        func field(_ name: String) throws(BadManifest) -> JSONValue {
            guard let field = value[name] else { throw BadManifest(file: file, path: "$", message: "no '\(name)'") }
            return field
        }
        func integer(_ value: JSONValue?, _ path: String) throws(BadManifest) -> Int {
            guard case .number(let number)? = value, number == number.rounded(), abs(number) <= 9.0e15 else {
                throw BadManifest(file: file, path: path, message: "expected a whole number")
            }
            return Int(number)
        }
        func text(_ value: JSONValue?, _ path: String) throws(BadManifest) -> String {
            guard case .string(let text)? = value else { throw BadManifest(file: file, path: path, message: "expected a string") }
            return text
        }
        func range(_ value: JSONValue?, _ path: String) throws(BadManifest) -> ClosedRange<Int>? {
            if case .null? = value { return nil }
            guard case .array(let bounds)? = value, bounds.count == 2 else {
                throw BadManifest(file: file, path: path, message: "expected [first, last] or null")
            }
            let first = try integer(bounds[0], path + "[0]"), last = try integer(bounds[1], path + "[1]")
            guard first >= 0, first <= last else { throw BadManifest(file: file, path: path, message: "expected 0 <= first <= last") }
            return first...last
        }
        guard case .object = value else { throw BadManifest(file: file, path: "$", message: "expected an object") }
        let version = try integer(try field("cadenceShard"), "$.cadenceShard")
        guard version == Self.version else {
            throw BadManifest(file: file, path: "$.cadenceShard", message: "version \(version) is not \(Self.version): join with the cadence that rendered the shards")
        }
        source = try text(try field("source"), "$.source")
        sourceHash = try text(try field("sourceHash"), "$.sourceHash")
        guard case .array(let list) = try field("settings") else { throw BadManifest(file: file, path: "$.settings", message: "expected an array") }
        var settings: [String] = []
        for (index, item) in list.enumerated() { settings.append(try text(item, "$.settings[\(index)]")) }
        self.settings = settings
        format = try text(try field("format"), "$.format")
        guard let whole = try range(try field("whole"), "$.whole") else { throw BadManifest(file: file, path: "$.whole", message: "expected [first, last]") }
        self.whole = whole
        let shardValue = try field("shard")
        do {
            shard = try RenderShard(index: try integer(shardValue["index"], "$.shard.index"), count: try integer(shardValue["count"], "$.shard.count"))
        } catch let error as BadManifest {
            throw error
        } catch {
            throw BadManifest(file: file, path: "$.shard", message: "\(error)")
        }
        frames = try range(shardValue["frames"], "$.shard.frames")
        switch try field("csvHeader") {
        case .null: csvHeader = nil
        case let header: csvHeader = try text(header, "$.csvHeader")
        }
        switch try field("video") {
        case .null: video = nil
        case let info:
            let numerator = try integer(info["frameRate"]?[0], "$.video.frameRate[0]")
            let denominator = try integer(info["frameRate"]?[1], "$.video.frameRate[1]")
            guard numerator > 0, denominator > 0 else { throw BadManifest(file: file, path: "$.video.frameRate", message: "expected positive numbers") }
            let width = try integer(info["width"], "$.video.width"), height = try integer(info["height"], "$.video.height")
            guard width > 0, height > 0, width <= PictureSize.maximumSide, height <= PictureSize.maximumSide else {
                throw BadManifest(file: file, path: "$.video", message: "expected a picture size from 1 to \(PictureSize.maximumSide)")
            }
            guard let rate = FrameRate(numerator, per: denominator) else {
                throw BadManifest(file: file, path: "$.video.frameRate", message: "\(numerator)/\(denominator) is not a frame rate")
            }
            video = Video(width: width, height: height, frameRate: rate)
        }
        switch try field("segmentFrames") {
        case .null: segmentFrames = nil
        case let length:
            let frames = try integer(length, "$.segmentFrames")
            guard frames >= 1 else { throw BadManifest(file: file, path: "$.segmentFrames", message: "expected at least 1") }
            segmentFrames = frames
        }
        guard case .array(let fileList) = try field("files") else { throw BadManifest(file: file, path: "$.files", message: "expected an array") }
        for (index, item) in fileList.enumerated() {
            let path = "$.files[\(index)]"
            let name = try text(item["name"], path + ".name")
            guard !name.isEmpty, !name.contains("/"), name != ".", name != "..", name != Self.fileName else {
                throw BadManifest(file: file, path: path + ".name", message: "'\(InputExcerpt.excerpt(name))' is not a file of the shard")
            }
            let bytes = try integer(item["bytes"], path + ".bytes")
            let crc = try integer(item["crc32"], path + ".crc32")
            guard bytes >= 0, (0...Int(UInt32.max)).contains(crc) else {
                throw BadManifest(file: file, path: path, message: "expected a length from 0 and a CRC-32")
            }
            files.append(File(name: name, bytes: bytes, crc32: UInt32(crc)))
        }
    }
}

/// A shard's manifest that cannot be read: the file, the JSON path and what is wrong.
package struct BadManifest: Error, CustomStringConvertible {
    package var file: String
    package var path: String
    package var message: String
    package var description: String { "\(file): \(path): \(message)" }
}

extension JSONValue {
    /// The element at `index` of an array, or `nil`.
    fileprivate subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }
}
