public import Timeline
import TimelinePlugins

/// Renders a ``TimelineDocument`` frame by frame.
///
/// Events: `started` and `completed` (finished) for the document at its first and last frames,
/// `started` for each track where it starts, `repeated` where a repeat starts another iteration,
/// `completed` where it ends (its last iteration), and `marker` for each label.
/// An event at time `t` is reported at the first frame whose time is at or after `t`.
///
/// The source is seekable: a frame depends only on its index and time, at the frame rate of the
/// run (``begin(frameRate:)``; the document's own until then), so a slice of a render costs what
/// it covers and agrees with the whole byte for byte.
public struct DocumentSource: FrameSource {
    /// The document being rendered.
    public let document: TimelineDocument
    /// The events of named tracks and labels, in time order.
    private let events: [DocumentEvent]
    /// How many of them are within the document's duration (the others are never reported).
    private let eventCount: Int
    /// The frame rate of the run: frame `i - 1`'s time bounds frame `i`'s events.
    private var frameRate: FrameRate
    /// Whether a frame's tracks are split across every core (for documents of at least 2,048
    /// tracks; see ``Clip/apply(at:to:concurrently:)``): `true` unless set. The frames are the
    /// same either way, byte for byte; `false` keeps a render on the calling thread.
    public var evaluatesConcurrently = true

    init(document: TimelineDocument) {
        self.document = document
        frameRate = document.frameRate
        events = document.events
        eventCount = events.partitioningIndex { $0.time > document.duration }
    }

    /// One channel per track.
    public var schema: FrameSchema { document.schema }

    /// The document's duration.
    public var duration: Double { document.duration }

    /// `true`: a frame depends only on its index and time.
    public var isSeekable: Bool { true }

    /// Uses `frameRate` to find the previous frame's time, which bounds a frame's events.
    public mutating func begin(frameRate: FrameRate) {
        self.frameRate = frameRate
    }

    /// Evaluates every track at the frame's time and adds the frame's events.
    ///
    /// Every channel starts from its track's base value, so a track that does not fill shows it
    /// outside its active interval.
    public mutating func evaluate(into frame: inout Frame) throws {
        document.base.write(into: &frame)
        document.clip.apply(at: frame.time, to: &frame, concurrently: evaluatesConcurrently)
        let time = frame.time
        let previous = frame.index <= 0 ? -Double.infinity : frameRate.seconds(ofFrame: frame.index - 1)
        let isLast = previous < document.duration - 1e-9 && time >= document.duration - 1e-9
        if frame.index == 0 { frame.events.append(FrameEvent(.started, source: document.name)) }
        // Times that are equal but for rounding (0.2 + 0.1 against 3 / 10) count as equal.
        let tolerance = 1e-9
        var index = events[..<eventCount].partitioningIndex { $0.time > previous + tolerance }
        while index < eventCount, events[index].time <= time + tolerance {
            let event = events[index]
            frame.events.append(FrameEvent(event.kind, source: event.track ?? document.name))
            index += 1
        }
        if isLast { frame.events.append(FrameEvent(.completed(finished: true), source: document.name)) }
    }
}

extension Collection {
    /// The index of the first element that satisfies `predicate`, which is false for a prefix of
    /// the collection and true for the rest (a binary search).
    func partitioningIndex(where predicate: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if predicate(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
