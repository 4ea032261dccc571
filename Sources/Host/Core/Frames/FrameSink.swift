import Timeline
import TimelinePlugins

/// Where frames go: JSON Lines, CSV, SVG, HTML, a callback, an async sequence, or your own.
///
/// The host loop calls ``begin(schema:)`` once, ``write(_:)`` for every frame in order, and
/// ``finish()`` once after the last frame (also when the run stops early because of an error
/// from another sink, but not after an error from this one).
///
/// ## Contract
/// - `write(_:)` must not keep a reference to the frame's buffers beyond the call without copying
///   the frame (assigning it to a variable is enough: frames are values).
/// - Throwing from any method stops the run; the error reaches the caller of the host loop. Throw
///   ``SinkError/closed`` when the destination went away (a closed pipe): the command-line tool
///   then exits quietly with status 0.
public protocol FrameSink {
    /// Called once before the first frame.
    mutating func begin(schema: FrameSchema) throws
    /// Called with each frame, in order.
    mutating func write(_ frame: borrowing Frame) throws
    /// Called once after the last frame.
    mutating func finish() throws
}

extension FrameSink {
    /// Does nothing by default.
    public mutating func begin(schema: FrameSchema) throws {}
    /// Does nothing by default.
    public mutating func finish() throws {}
}
