/// Something the host loop can render: it fills frames for given times.
///
/// ## Contract
/// - ``evaluate(into:)`` fills `frame.numbers`, `frame.paths` and `frame.events` for
///   `frame.index` and `frame.time`, which the host loop sets before each call.
/// - The output for a frame depends only on the frame's index and time and on the frames before it
///   in the same run; the host loop always evaluates frames in increasing order from 0, so a slice
///   `A...B` and the whole render agree byte for byte.
/// - Events are reported at the first frame whose time is at or after the event's time.
public protocol FrameSource {
    /// The layout of the frames.
    var schema: FrameSchema { get }
    /// The length of the animation in seconds (the default render covers it).
    var duration: Double { get }
    /// Fills `frame` for its index and time.
    mutating func evaluate(into frame: inout Frame) throws
}
