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
    private let events: [(time: Double, event: FrameEvent)]
    /// The frame rate of the run: frame `i - 1`'s time bounds frame `i`'s events.
    private var frameRate: FrameRate

    init(document: TimelineDocument) {
        self.document = document
        frameRate = document.frameRate
        events = Self.events(of: document)
    }

    /// Labels become `marker` events; a track's first start `started`, its later starts (the
    /// iterations of a repeat) `repeated`, and its last end `completed`.
    private static func events(of document: TimelineDocument) -> [(time: Double, event: FrameEvent)] {
        let markers = document.clip.markers.filter { $0.time.isFinite && $0.time <= document.duration }
        var lastEnd: [String: Int] = [:]
        for (index, marker) in markers.enumerated() where marker.kind == .end { lastEnd[marker.name] = index }
        var started = Set<String>()
        var events: [(time: Double, event: FrameEvent)] = []
        for (index, marker) in markers.enumerated() {
            switch marker.kind {
            case .label:
                events.append((marker.time, FrameEvent(.marker(marker.name), source: document.name)))
            case .start:
                let kind: FrameEvent.Kind = started.insert(marker.name).inserted ? .started : .repeated
                events.append((marker.time, FrameEvent(kind, source: marker.name)))
            case .end where lastEnd[marker.name] == index:
                events.append((marker.time, FrameEvent(.completed(finished: true), source: marker.name)))
            case .end:
                break
            }
        }
        return events
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
        document.clip.apply(at: frame.time, to: &frame)
        let time = frame.time
        let previous = frame.index <= 0 ? -Double.infinity : frameRate.seconds(ofFrame: frame.index - 1)
        let isLast = previous < document.duration - 1e-9 && time >= document.duration - 1e-9
        if frame.index == 0 { frame.events.append(FrameEvent(.started, source: document.name)) }
        // Times that are equal but for rounding (0.2 + 0.1 against 3 / 10) count as equal.
        let tolerance = 1e-9
        // The first event after the previous frame, by binary search: events are in time order.
        var low = 0
        var high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].time > previous + tolerance { high = middle } else { low = middle + 1 }
        }
        while low < events.count, events[low].time <= time + tolerance {
            frame.events.append(events[low].event)
            low += 1
        }
        if isLast { frame.events.append(FrameEvent(.completed(finished: true), source: document.name)) }
    }
}
