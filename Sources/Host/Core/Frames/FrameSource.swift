public import Timeline
import TimelinePlugins

/// Something the host loop can render: it fills frames for given times.
///
/// ## Contract
/// - ``begin(frameRate:)`` is called once before the first frame of a run, with the run's rate.
/// - ``evaluate(into:)`` fills `frame.numbers`, `frame.paths` and `frame.events` for
///   `frame.index` and `frame.time`, which the host loop sets before each call.
/// - A **seekable** source (``isSeekable``) computes each frame from its index and time alone
///   (and recorded inputs), so the host evaluates only the frames it writes: a slice `A...B` costs
///   what it covers, and seek is play, bit for bit. Any other source is evaluated from frame 0 in
///   increasing order, unwritten frames included, and its frames may depend on the frames before.
///   Either way a slice and the whole render agree byte for byte.
/// - Events are reported at the first frame whose time is at or after the event's time.
public protocol FrameSource {
    /// The layout of the frames.
    var schema: FrameSchema { get }
    /// The length of the animation in seconds (the default render covers it).
    var duration: Double { get }
    /// Whether a frame depends only on its index and time, so that hosts may evaluate any frame
    /// in any order. `false` by default.
    var isSeekable: Bool { get }
    /// Called before the first frame of a run with the frame rate the host uses. Does nothing by
    /// default.
    mutating func begin(frameRate: FrameRate)
    /// Fills `frame` for its index and time.
    mutating func evaluate(into frame: inout Frame) throws
}

extension FrameSource {
    /// `false`: frames are evaluated from frame 0, in order.
    public var isSeekable: Bool { false }

    /// Does nothing.
    public mutating func begin(frameRate: FrameRate) {}

    /// The first frame a host must evaluate to write `range`: its start for a seekable source,
    /// frame 0 otherwise.
    func firstFrameToEvaluate(for range: ClosedRange<Int>) -> Int {
        isSeekable ? max(range.lowerBound, 0) : 0
    }
}
