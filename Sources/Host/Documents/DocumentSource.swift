/// Renders a ``TimelineDocument`` frame by frame.
///
/// Events: `started` and `completed` (finished) for the document at its first and last frames,
/// `started` and `completed` for each track where it starts and ends, and `marker` for each label.
/// An event at time `t` is reported at the first frame whose time is at or after `t`; the host loop
/// evaluates every frame from 0 in order, so slices of a render agree with the whole.
public struct DocumentSource: FrameSource {
    /// The document being rendered.
    public let document: TimelineDocument
    private let markers: [Marker]
    /// The time of the previous frame evaluated (frames are evaluated in order from 0).
    private var previousTime = -Double.infinity

    init(document: TimelineDocument) {
        self.document = document
        markers = document.clip.markers.filter { $0.time.isFinite && $0.time <= document.duration }
    }

    /// One channel per track.
    public var schema: FrameSchema { document.schema }

    /// The document's duration.
    public var duration: Double { document.duration }

    /// Evaluates every track at the frame's time and adds the frame's events.
    public mutating func evaluate(into frame: inout Frame) throws {
        document.clip.apply(at: frame.time, to: &frame)
        let time = frame.time
        let previous = frame.index == 0 ? -Double.infinity : previousTime
        previousTime = time
        let isLast = previous < document.duration - 1e-9 && time >= document.duration - 1e-9
        if frame.index == 0 { frame.events.append(FrameEvent(.started, source: document.name)) }
        // Times that are equal but for rounding (0.2 + 0.1 against 3 / 10) count as equal.
        let tolerance = 1e-9
        for marker in markers where marker.time > previous + tolerance && marker.time <= time + tolerance {
            switch marker.kind {
            case .label: frame.events.append(FrameEvent(.marker(marker.name), source: document.name))
            case .start: frame.events.append(FrameEvent(.started, source: marker.name))
            case .end: frame.events.append(FrameEvent(.completed(finished: true), source: marker.name))
            }
        }
        if isLast { frame.events.append(FrameEvent(.completed(finished: true), source: document.name)) }
    }
}
