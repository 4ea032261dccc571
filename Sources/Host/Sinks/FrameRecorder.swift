/// The frames a preview sink keeps until it writes its file at the end of the run.
///
/// With a capacity, the recorder keeps evenly spaced frames: when it holds more than the capacity
/// it drops every other one and from then on keeps every second frame (then every fourth, and so
/// on), so memory stays bounded however long the render. The last frame is always kept.
struct FrameRecorder {
    /// One frame, copied.
    struct Recorded {
        var index: Int
        var time: Double
        var numbers: [Double]
        var paths: [String]
        var events: [FrameEvent]

        init(_ frame: borrowing Frame) {
            index = frame.index
            time = frame.time
            numbers = frame.numbers
            paths = frame.paths
            events = frame.events
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

    /// The most frames kept, or `nil` for all of them.
    let capacity: Int?
    private var kept: [Recorded] = []
    private var last: Recorded?
    private var step = 1
    private var offered = 0

    init(capacity: Int? = nil) {
        self.capacity = capacity.map { max($0, 2) }
    }

    /// Keeps a copy of the frame if it falls on the current step.
    mutating func record(_ frame: borrowing Frame) {
        defer { offered += 1 }
        let copy = Recorded(frame)
        last = copy
        guard offered % step == 0 else { return }
        kept.append(copy)
        if let capacity, kept.count > capacity {
            kept = kept.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            step *= 2
        }
    }

    /// The kept frames in order, the last frame of the run included.
    var frames: [Recorded] {
        guard let last, kept.last?.index != last.index || kept.last?.time != last.time else { return kept }
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
