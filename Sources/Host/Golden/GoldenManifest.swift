public import Timeline
import TimelinePlugins
public import CadenceHostCore
import CadenceIO

/// A golden: what a render looked like when it was approved, as a small text file that reads well
/// in a diff.
///
/// ```text
/// cadence-golden 1
/// subject preset card-expand (push)
/// frames 0 60 fps 60/1
/// sampling every 10 pictures yes
/// schema 11 channels 5d9c1e0b77a4f3c2
/// frame 0 time 0 values 8a1f0c33e2b4d5a6 pixels 390x844 0f6e2d1c9b8a7f35
///   {"card.x":16,"card.y":120,…}
/// event 0 started card-expand
/// event 60 completed card-expand (finished)
/// ```
///
/// One `frame` line per kept frame (``GoldenSampling``): its index, its time as the JSON Lines
/// sink prints it, a hash of its values and, when drawn, the picture's size and a hash of its
/// pixels; under it, the values themselves as JSON Lines prints them. Then every event of every
/// frame. Lines starting with `#` are comments.
public struct GoldenManifest: Sendable, Hashable, CustomStringConvertible {
    /// The version of this layout.
    public static let version = 1
    /// The file name extension of goldens.
    public static let fileExtension = "golden"

    /// A drawn frame: its size and the hash of its premultiplied RGBA bytes.
    public struct Picture: Sendable, Hashable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// The hash of the pixels.
        public var hash: UInt64

        /// A picture's record.
        public init(width: Int, height: Int, hash: UInt64) {
            self.width = width
            self.height = height
            self.hash = hash
        }
    }

    /// A kept frame.
    public struct SampledFrame: Sendable, Hashable {
        /// Its index in the render.
        public var index: Int
        /// Its time in seconds, as JSON Lines prints it.
        public var time: String
        /// The frame's values as a JSON object, as JSON Lines prints it.
        public var values: String
        /// Its picture, when drawn.
        public var picture: Picture?

        /// The hash of ``values``.
        public var valuesHash: UInt64 { FNV1a.text(values) }

        /// A kept frame's record.
        public init(index: Int, time: String, values: String, picture: Picture?) {
            self.index = index
            self.time = time
            self.values = values
            self.picture = picture
        }
    }

    /// An event of the render, at the frame it happened in.
    public struct Event: Sendable, Hashable {
        /// The frame.
        public var frame: Int
        /// The event as ``FrameEvent/description`` prints it.
        public var description: String

        /// An event's record.
        public init(frame: Int, description: String) {
            self.frame = frame
            self.description = description
        }
    }

    /// What was rendered, in words: `preset card-expand (push)`, `document card.json`.
    public var subject: String
    /// The frames rendered.
    public var frames: ClosedRange<Int>
    /// The frame rate.
    public var frameRate: FrameRate
    /// The step between kept frames.
    public var every: Int
    /// Whether kept frames were drawn.
    public var drawsPictures: Bool
    /// The number of channels.
    public var channelCount: Int
    /// A hash of the channels' names and kinds, in order.
    public var schemaHash: UInt64
    /// The kept frames, in order.
    public var sampled: [SampledFrame]
    /// Every event, in order.
    public var events: [Event]

    /// A manifest from its parts.
    public init(
        subject: String, frames: ClosedRange<Int>, frameRate: FrameRate, every: Int, drawsPictures: Bool,
        channelCount: Int, schemaHash: UInt64, sampled: [SampledFrame], events: [Event]
    ) {
        // One line: a name with a line break (a file named so) is written escaped.
        self.subject = InputExcerpt.escapingControls(subject)
        self.frames = frames
        self.frameRate = frameRate
        self.every = every
        self.drawsPictures = drawsPictures
        self.channelCount = channelCount
        self.schemaHash = schemaHash
        self.sampled = sampled
        self.events = events
    }

    /// The hash of a schema's channel names and kinds, in order.
    public static func schemaHash(of schema: FrameSchema) -> UInt64 {
        var text = ""
        for channel in schema.channels {
            text += channel.name
            switch channel.kind {
            case .scalar: text += " scalar\n"
            case .vector(let count): text += " vector \(count)\n"
            case .color: text += " color\n"
            case .path: text += " path\n"
            }
        }
        return FNV1a.text(text)
    }

    /// The file's text.
    public var description: String {
        var lines = [
            "cadence-golden \(Self.version)",
            "subject \(InputExcerpt.escapingControls(subject))",
            "frames \(frames.lowerBound) \(frames.upperBound) fps \(frameRate.numerator)/\(frameRate.denominator)",
            "sampling every \(every) pictures \(drawsPictures ? "yes" : "no")",
            "schema \(channelCount) channels \(FNV1a.hex(schemaHash))",
        ]
        for frame in sampled {
            var line = "frame \(frame.index) time \(frame.time) values \(FNV1a.hex(frame.valuesHash))"
            if let picture = frame.picture {
                line += " pixels \(picture.width)x\(picture.height) \(FNV1a.hex(picture.hash))"
            }
            lines.append(line)
            lines.append("  " + frame.values)
        }
        for event in events { lines.append("event \(event.frame) \(event.description)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a golden's text.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - file: Its path, for errors.
    /// - Throws: ``GoldenError/malformed(file:line:reason:)`` naming the first bad line.
    public init(parsing text: String, file: String) throws(GoldenError) {
        var lines: [(number: Int, text: Substring)] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty && !line.hasPrefix("#") {
            lines.append((offset + 1, line))
        }
        var cursor = 0
        func fail(_ reason: String, line: Int? = nil) -> GoldenError {
            .malformed(file: file, line: line ?? (cursor < lines.count ? lines[cursor].number : max(1, text.split(separator: "\n").count)), reason: reason)
        }
        func header(_ keyword: String) throws(GoldenError) -> [Substring] {
            guard cursor < lines.count else { throw fail("the file ends before its '\(keyword)' line") }
            let words = lines[cursor].text.split(separator: " ", omittingEmptySubsequences: false)
            guard words.first == Substring(keyword), words.count > 1 else {
                throw fail("expected a '\(keyword)' line, found '\(GoldenError.excerpt(lines[cursor].text))'")
            }
            cursor += 1
            return Array(words.dropFirst())
        }
        let version = try header("cadence-golden")
        guard version == ["\(Self.version)"] else {
            throw fail("this is a golden of version \(GoldenError.excerpt(version.joined(separator: " "))); this build reads version \(Self.version)", line: lines[0].number)
        }
        subject = try header("subject").joined(separator: " ")
        let frameWords = try header("frames")
        let rate = frameWords.count == 4 ? frameWords[3].split(separator: "/") : []
        guard frameWords.count == 4, frameWords[2] == "fps", let first = Int(frameWords[0]), let last = Int(frameWords[1]),
              first >= 0, last >= first, rate.count == 2, let numerator = Int(rate[0]), let denominator = Int(rate[1]),
              let frameRate = FrameRate(numerator, per: denominator)
        else { throw fail("expected 'frames FIRST LAST fps NUMERATOR/DENOMINATOR'", line: lines[cursor - 1].number) }
        frames = first...last
        self.frameRate = frameRate
        let sampling = try header("sampling")
        guard sampling.count == 4, sampling[0] == "every", let every = Int(sampling[1]), every >= 1,
              sampling[2] == "pictures", sampling[3] == "yes" || sampling[3] == "no"
        else { throw fail("expected 'sampling every N pictures yes|no'", line: lines[cursor - 1].number) }
        self.every = every
        drawsPictures = sampling[3] == "yes"
        let schema = try header("schema")
        guard schema.count == 3, let count = Int(schema[0]), count >= 0, schema[1] == "channels", let hash = FNV1a.parse(schema[2])
        else { throw fail("expected 'schema COUNT channels HASH'", line: lines[cursor - 1].number) }
        channelCount = count
        schemaHash = hash
        sampled = []
        events = []
        while cursor < lines.count {
            let line = lines[cursor]
            let words = line.text.split(separator: " ", omittingEmptySubsequences: false)
            switch words.first {
            case "frame":
                guard !sampled.isEmpty || events.isEmpty else { throw fail("a 'frame' line after the events") }
                guard words.count == 6 || words.count == 9, words[2] == "time", words[4] == "values",
                      let index = Int(words[1]), frames.contains(index), let valuesHash = FNV1a.parse(words[5])
                else { throw fail("expected 'frame INDEX time T values HASH [pixels WxH HASH]' with INDEX in \(first)...\(last)") }
                if let previous = sampled.last, previous.index >= index {
                    throw fail("frame \(index) comes after frame \(previous.index): frames go in increasing order")
                }
                var picture: Picture?
                if words.count == 9 {
                    let size = words[7].split(separator: "x")
                    guard words[6] == "pixels", size.count == 2, let width = Int(size[0]), let height = Int(size[1]),
                          width > 0, height > 0, let pixelHash = FNV1a.parse(words[8])
                    else { throw fail("expected 'pixels WIDTHxHEIGHT HASH' at the end of the frame line") }
                    picture = Picture(width: width, height: height, hash: pixelHash)
                }
                cursor += 1
                guard cursor < lines.count, lines[cursor].text.hasPrefix("  ") else {
                    throw fail("frame \(index) has no values line (indented by two spaces) under it", line: line.number)
                }
                let frame = SampledFrame(index: index, time: String(words[3]), values: String(lines[cursor].text.dropFirst(2)), picture: picture)
                guard frame.valuesHash == valuesHash else {
                    throw fail("the values of frame \(index) do not match their hash \(words[5]): the file was edited by hand")
                }
                sampled.append(frame)
            case "event":
                guard words.count >= 3, let frame = Int(words[1]), frames.contains(frame) else {
                    throw fail("expected 'event FRAME DESCRIPTION' with FRAME in \(first)...\(last)")
                }
                if let previous = events.last, previous.frame > frame {
                    throw fail("an event of frame \(frame) after one of frame \(previous.frame): events go in frame order")
                }
                events.append(Event(frame: frame, description: words.dropFirst(2).joined(separator: " ")))
            default:
                throw fail("expected a 'frame' or 'event' line, found '\(GoldenError.excerpt(line.text))'")
            }
            cursor += 1
        }
    }
}

/// Why a golden cannot be used.
public enum GoldenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not a golden this build reads.
    case malformed(file: String, line: Int, reason: String)
    /// A golden file or an artifact cannot be read or written.
    case file(path: String, reason: String)
    /// `CADENCE_RECORD` holds something other than `all`, `missing`, `failed` or `never`.
    case unknownRecordMode(String)
    /// The subject cannot be rendered or drawn.
    case render(subject: String, reason: String)

    /// What is wrong, and where.
    public var description: String {
        switch self {
        case .malformed(let file, let line, let reason): "\(file):\(line): not a golden: \(reason)"
        case .file(let path, let reason): "\(path): \(reason)"
        case .unknownRecordMode(let value):
            "CADENCE_RECORD is '\(Self.excerpt(value))'; it is one of all, missing, failed, never"
        case .render(let subject, let reason): "\(subject): \(reason)"
        }
    }

    /// At most 60 characters of a text, control characters shown as `?`.
    static func excerpt(_ text: some StringProtocol) -> String {
        let cleaned = String(text.unicodeScalars.prefix(60).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        return text.unicodeScalars.count > 60 ? cleaned + "…" : cleaned
    }
}
