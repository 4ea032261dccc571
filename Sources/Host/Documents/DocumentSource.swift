/// Renders a ``TimelineDocument`` frame by frame.
///
/// Events: `started` and `completed` (finished) for the document at its first and last frames,
/// `started` for each track where it starts, `repeated` where a repeat starts another iteration,
/// `completed` where it ends (its last iteration), and `marker` for each label.
/// An event at time `t` is reported at the first frame whose time is at or after `t`; the host loop
/// evaluates every frame from 0 in order, so slices of a render agree with the whole.
public struct DocumentSource: FrameSource {
    /// The document being rendered.
    public let document: TimelineDocument
    /// The events of named tracks and labels, in time order.
    private let events: [(time: Double, event: FrameEvent)]
    /// The time of the previous frame evaluated (frames are evaluated in order from 0).
    private var previousTime = -Double.infinity

    init(document: TimelineDocument) {
        self.document = document
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

    /// Evaluates every track at the frame's time and adds the frame's events.
    ///
    /// Every channel starts from its track's base value, so a track that does not fill shows it
    /// outside its active interval.
    public mutating func evaluate(into frame: inout Frame) throws {
        document.base.write(into: &frame)
        document.clip.apply(at: frame.time, to: &frame)
        let time = frame.time
        let previous = frame.index == 0 ? -Double.infinity : previousTime
        previousTime = time
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
