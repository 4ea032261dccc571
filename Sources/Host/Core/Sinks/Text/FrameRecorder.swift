import Timeline
import TimelinePlugins

/// The frames a preview sink keeps until it writes its file at the end of the run.
///
/// With a capacity, the recorder keeps evenly spaced frames: when it holds more than the capacity
/// it drops every other one and from then on keeps every second frame (then every fourth, and so
/// on), so memory stays bounded however long the render: at most `capacity` frames and the last.
/// The last frame is always kept. No event is lost: a kept frame carries the events of the frames
/// dropped just before it, in order.
///
/// With a weight budget, the recorder also halves whenever the kept frames weigh more than it
/// allows (``Recorded/weight``: a number, a path element's or an event each count one), counted
/// as frames are recorded: frames that grow wider later in a run are bounded as well as the first.
struct FrameRecorder {
    /// One frame, copied.
    struct Recorded {
        var index: Int
        var time: Double
        var numbers: [Double]
        var paths: [Path]
        var events: [FrameEvent]

        init(_ frame: borrowing Frame) {
            index = frame.index
            time = frame.time
            numbers = frame.numbers
            paths = frame.paths
            events = frame.events
        }

        /// What the frame counts against a weight budget: its numbers, six per path element (a
        /// cubic's three points), its events and one.
        var weight: Int {
            var weight = numbers.count + events.count + 1
            for path in paths { weight += 6 * path.elementCount }
            return weight
        }

        /// A frame of `schema` with these values, for resolving a scene.
        func frame(schema: FrameSchema) -> Frame {
            var frame = Frame(schema: schema, index: index, time: time)
            frame.numbers = numbers
            frame.paths = paths
            frame.events = events
            return frame
        }
    }

    /// The most frames kept (besides the last), or `nil` for all of them.
    let capacity: Int?
    /// The most weight the kept frames may have in all, or `nil` for no limit.
    let maximumWeight: Int?
    private var kept: [Recorded] = []
    private var keptWeight = 0
    /// The latest frame offered, when it is not among the kept ones (its events are pending).
    private var last: Recorded?
    /// The events of the frames offered since the last kept one, or dropped after it was kept.
    private var pendingEvents: [FrameEvent] = []
    private var step = 1
    private var offered = 0

    init(capacity: Int? = nil, maximumWeight: Int? = nil) {
        self.capacity = capacity.map { max($0, 2) }
        self.maximumWeight = maximumWeight
    }

    /// Every how many frames one is kept: 1 until the capacity is first exceeded, then 2, 4, ….
    var stride: Int { step }

    /// How many frames were offered to ``record(_:)``.
    var offeredCount: Int { offered }

    /// Keeps a copy of the frame if it falls on the current step.
    mutating func record(_ frame: borrowing Frame) {
        defer { offered += 1 }
        var copy = Recorded(frame)
        guard offered % step == 0 else {
            pendingEvents += copy.events
            copy.events = []
            last = copy
            return
        }
        if !pendingEvents.isEmpty {
            copy.events = pendingEvents + copy.events
            pendingEvents.removeAll()
        }
        keptWeight += copy.weight
        kept.append(copy)
        last = nil
        if let capacity, kept.count > capacity { halve() }
        if let maximumWeight {
            while keptWeight > maximumWeight, kept.count > 2 { halve() }
        }
    }

    /// Drops every other kept frame, moving its events to the next one kept.
    private mutating func halve() {
        var survivors: [Recorded] = []
        survivors.reserveCapacity(kept.count / 2 + 1)
        var carried: [FrameEvent] = []
        for (position, var frame) in kept.enumerated() {
            if position % 2 == 0 {
                if !carried.isEmpty { frame.events = carried + frame.events }
                carried.removeAll()
                survivors.append(frame)
            } else {
                carried += frame.events
            }
        }
        if last == nil, kept.count % 2 == 0, var dropped = kept.last {
            // The latest frame was dropped: it stays the last one, its events pending.
            dropped.events = []
            last = dropped
        }
        kept = survivors
        keptWeight = survivors.reduce(0) { $0 + $1.weight }
        pendingEvents = carried + pendingEvents
        step *= 2
    }

    /// The kept frames in order, then the last frame of the run if it was not kept (with the
    /// events of the frames dropped since the last kept one).
    package var frames: [Recorded] {
        guard var last else { return kept }
        last.events = pendingEvents
        return kept + [last]
    }

    /// Up to `count` positions in `0..<total`, evenly spaced, first and last included:
    /// `round(k × (total − 1) / (count − 1))`.
    static func evenlySpaced(_ count: Int, of total: Int) -> [Int] {
        guard total > count else { return Array(0..<max(total, 0)) }
        guard count > 1 else { return [0] }
        return (0..<count).map { k in Int((Double(k * (total - 1)) / Double(count - 1)).rounded()) }
    }
}
