import Timeline
public import TimelinePlugins

/// One evaluated frame: the single value every sink receives.
///
/// The host loop reuses one frame's buffers from frame to frame; a sink that keeps frames must
/// copy them (a `Frame` is a value, so assigning it copies on the next write).
public struct Frame: Sendable {
    /// The frame number: frame `i` is at time `i / fps`.
    public var index: Int
    /// The frame's time in seconds, computed as `index / fps` (never accumulated).
    public var time: Double
    /// The layout of ``numbers`` and ``paths``.
    public let schema: FrameSchema
    /// Every numeric channel's numbers, laid out by ``schema``.
    public var numbers: [Double]
    /// Every path channel's path, laid out by ``schema``: the geometry itself, so that a frame
    /// is evaluated without printing anything. Sinks that write text format it as SVG path data
    /// (``Path/svgPathData``) themselves, and a consumer that draws reads the points directly.
    public var paths: [Path]
    /// What happened at this frame (animations started, markers passed, completions).
    public var events: [FrameEvent]

    /// Creates a frame of zeros and empty paths for a schema.
    public init(schema: FrameSchema, index: Int = 0, time: Double = 0) {
        self.index = index
        self.time = time
        self.schema = schema
        numbers = Array(repeating: 0, count: schema.numberCount)
        paths = Array(repeating: Path(), count: schema.pathCount)
        events = []
    }

    /// The numbers of a channel.
    public func numbers(of channel: FrameSchema.Channel) -> ArraySlice<Double> {
        numbers[channel.offset..<channel.offset + channel.width]
    }

    /// The number of a scalar channel by name, if there is one.
    public func scalar(_ name: String) -> Double? {
        guard let channel = schema.channel(named: name), channel.kind == .scalar else { return nil }
        return numbers[channel.offset]
    }
}

/// Something that happened at a frame.
public struct FrameEvent: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// An animation or transition started.
        case started
        /// A marker (label) was passed.
        case marker(String)
        /// A repeating animation started another iteration.
        case repeated
        /// An animation or transition completed.
        case completed(finished: Bool)
        /// A plugin's hook failed; its changes to the frame were undone and it is not called again.
        case pluginFailed(plugin: String, message: String)
    }

    /// What happened.
    public var kind: Kind
    /// What it happened to: a track, animator or transition name.
    public var source: String

    /// Creates an event.
    public init(_ kind: Kind, source: String) {
        self.kind = kind
        self.source = source
    }

    /// `started card`, `marker fade of card`, `completed card (finished)`.
    public var description: String {
        switch kind {
        case .started: "started \(source)"
        case .marker(let name): "marker \(name) of \(source)"
        case .repeated: "repeated \(source)"
        case .completed(let finished): "completed \(source) (\(finished ? "finished" : "cancelled"))"
        case .pluginFailed(let plugin, let message): "plugin \(plugin) failed: \(message)"
        }
    }
}
