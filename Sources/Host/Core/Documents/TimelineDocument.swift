public import Timeline
public import TimelinePlugins
public import CadenceIO

/// A timeline document (format version 1): named tracks, their composition in time, labels and a
/// scene, as JSON. See `Docs/Documents.md` for the format.
///
/// ```swift
/// let document = try TimelineDocument(parsing: text, file: "card.json")
/// var source = try document.makeSource()
/// var sink = JSONLinesSink(output: FileOutput.standardOutput())
/// try HostLoop.renderOffline(&source, frameRate: document.frameRate, to: &sink)
/// ```
public struct TimelineDocument: Sendable {
    /// The format versions this build reads.
    public static let supportedVersions = [1]

    /// The longest document accepted, in bytes of UTF-8 (16 MiB, 16,777,216 bytes).
    ///
    /// Reading, validating and compiling take time and memory about linear in the document's
    /// size (measured in `Docs/Reliability.md`, "Limits": at this size, at most about 10 s, for a
    /// 16 MB curve name, and 680 MB, for 110,000 scene layers), so this one limit bounds every
    /// count inside a document:
    /// keyframes, tracks, labels, timeline items, path commands, scene layers.
    public static let maximumSize = 16 << 20

    /// The document's name (`"name"`), used as the source of document-level events.
    public var name: String
    /// Frames per second (`"fps"`, 60 by default).
    public var frameRate: FrameRate
    /// The length to render (`"duration"`, by default the end of the last track).
    public var duration: Double
    /// The tracks, in document order.
    public var tracks: [DocumentTrack]
    /// The composed clip that plays every track into a frame.
    let clip: Clip<Frame>
    /// Every channel's base value: what a track shows where it does not fill.
    let base: DocumentBase
    /// The events of named tracks and labels, in time order.
    let events: [DocumentEvent]
    /// The frame layout: one channel per track, in document order.
    public let schema: FrameSchema
    /// The scene (`"scene"`), as parsed JSON, for previews.
    public var scene: JSONValue?

    /// Parses and validates a document.
    ///
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - file: The file name used in error messages.
    ///   - plugins: The plugins whose curves and segment kinds keyframes may name, consulted in
    ///     order; Cadence's own by default.
    /// - Throws: ``DocumentErrors`` with every error found, each naming the file and JSON path; a
    ///   text longer than ``maximumSize`` bytes is one error, found before it is parsed.
    public init(parsing text: String, file: String? = nil, plugins: PluginRegistry = .standard) throws(DocumentErrors) {
        guard text.utf8.count <= Self.maximumSize else {
            throw DocumentErrors(errors: [DocumentError(
                file: file, path: "$",
                message: "the document is \(text.utf8.count) bytes, longer than \(Self.maximumSize) bytes (16 MiB), the most accepted")])
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw DocumentErrors(errors: [DocumentError(file: file, path: "$", message: "invalid JSON: \(error)")])
        }
        try self.init(json: root, file: file, plugins: plugins)
    }

    /// Validates a document already parsed (one made in memory, such as a Lottie import).
    package init(json root: JSONValue, file: String?, plugins: PluginRegistry = .standard) throws(DocumentErrors) {
        var reader = DocumentReader(plugins: plugins)
        guard let document = reader.read(JSONCursor(root)), reader.errors.isEmpty else {
            var errors = reader.errors
            for index in errors.indices { errors[index].file = file }
            throw DocumentErrors(errors: errors)
        }
        self = document
    }

    init(
        name: String, frameRate: FrameRate, duration: Double, tracks: [DocumentTrack], schema: FrameSchema,
        clip: Clip<Frame>, base: DocumentBase, scene: JSONValue?
    ) {
        self.base = base
        events = DocumentEvent.events(of: clip.markers)
        self.name = name
        self.frameRate = frameRate
        self.duration = duration
        self.tracks = tracks
        self.clip = clip
        self.scene = scene
        self.schema = schema
    }

    /// The labels and named-track markers, in time order.
    public var markers: [Marker] { clip.markers }

    /// A frame source that renders the document.
    public func makeSource() -> DocumentSource {
        DocumentSource(document: self)
    }
}

/// One named track of a document.
public struct DocumentTrack: Sendable {
    /// The kinds of values a track can hold.
    public enum ValueKind: Sendable, Hashable, CustomStringConvertible {
        /// Numbers.
        case number
        /// Arrays of numbers of one length.
        case vector(Int)
        /// Colours, `"#RRGGBB"` or `"#RRGGBBAA"`.
        case color
        /// Paths, written as SVG path data.
        case path

        var channelKind: FrameSchema.Kind {
            switch self {
            case .number: .scalar
            case .vector(let count): .vector(count)
            case .color: .color
            case .path: .path
            }
        }

        /// `number`, `vector(3)`, `color` or `path`.
        public var description: String {
            switch self {
            case .number: "number"
            case .vector(let count): "vector(\(count))"
            case .color: "color"
            case .path: "path"
            }
        }
    }

    /// The track's name: its channel in every frame.
    public var name: String
    /// What its values are.
    public var kind: ValueKind
    /// The track's length in seconds, before timing modifiers.
    public var duration: Double
    /// The clip that writes this track's value into a frame, with its timing modifiers.
    let clip: Clip<Frame>
    /// The value the track shows outside its active interval where it does not fill (`"base"`,
    /// by default its first keyframe's value), as frame numbers or a path.
    let base: DocumentValue
}

/// An event of a document at a time: a label's marker, or a named track's start, repeat or end.
struct DocumentEvent: Sendable {
    let time: Double
    let kind: FrameEvent.Kind
    /// The track's name; `nil` for a label, whose source is the document.
    let track: String?

    /// Labels become `marker` events; a track's first start `started`, its later starts (the
    /// iterations of a repeat) `repeated`, and its last end `completed`.
    static func events(of markers: [Marker]) -> [DocumentEvent] {
        let markers = markers.filter { $0.time.isFinite }
        var lastEnd: [String: Int] = [:]
        for (index, marker) in markers.enumerated() where marker.kind == .end { lastEnd[marker.name] = index }
        var started = Set<String>()
        var events: [DocumentEvent] = []
        for (index, marker) in markers.enumerated() {
            switch marker.kind {
            case .label:
                events.append(DocumentEvent(time: marker.time, kind: .marker(marker.name), track: nil))
            case .start:
                let kind: FrameEvent.Kind = started.insert(marker.name).inserted ? .started : .repeated
                events.append(DocumentEvent(time: marker.time, kind: kind, track: marker.name))
            case .end where lastEnd[marker.name] == index:
                events.append(DocumentEvent(time: marker.time, kind: .completed(finished: true), track: marker.name))
            case .end:
                break
            }
        }
        return events
    }
}

/// One track's value in frame form.
enum DocumentValue: Sendable {
    /// Numbers: one for a number track, one per component for a vector, four for a colour.
    case numbers([Double])
    /// A path.
    case path(Path)
}

/// Every channel's base value, laid out as a frame.
struct DocumentBase: Sendable {
    let numbers: [Double]
    let paths: [Path]

    /// The base values of the tracks, in document order (the frame's channel order).
    init(_ tracks: [DocumentTrack]) {
        var numbers: [Double] = []
        var paths: [Path] = []
        for track in tracks {
            switch track.base {
            case .numbers(let values): numbers += values
            case .path(let path): paths.append(path)
            }
        }
        self.numbers = numbers
        self.paths = paths
    }

    /// Writes every base value into the frame, in place.
    func write(into frame: inout Frame) {
        frame.numbers.withUnsafeMutableBufferPointer { target in
            numbers.withUnsafeBufferPointer { source in
                for index in source.indices { target[index] = source[index] }
            }
        }
        // Copied into the frame's own storage (no allocation once it is large enough), so that
        // a path track then writes its path in place instead of copying the base's.
        for index in paths.indices { frame.paths[index].overwrite(with: paths[index]) }
    }
}
