/// The line an animator's position follows while it runs at a constant speed: the one record of a
/// running animator's timing.
///
/// The position at clock time `t` is `anchorPosition + (t − anchorClock) × velocity`, kept in
/// `0...duration`. The state machine keeps the line (every command re-anchors it, so the position
/// never accumulates rounding from frame deltas); the batch's loop (``RunSlot``), a recording
/// (``RecordedRun``) and its table evaluate the same line with the same two functions, so their
/// numbers agree bit for bit.
struct AnimatorLine: Sendable, BitwiseCopyable {
    /// The clock time, in seconds, at which the position was `anchorPosition`.
    var anchorClock: Double
    /// The position, in seconds into the animator, at `anchorClock`.
    var anchorPosition: Double
    /// Seconds of position per second of clock time: the speed, negative when reversed.
    var velocity: Double
    /// The animator's length in seconds.
    var duration: Double

    /// The position at clock time `time`, kept in `0...duration`.
    @inline(__always)
    func position(at time: Double) -> Double {
        let unclamped = anchorPosition + (time - anchorClock) * velocity
        return min(max(unclamped, 0), duration)
    }

    /// Whether `position` is short of the end the line runs towards (by more than the state
    /// machine's tolerance): the batch's loop runs such a frame itself, and the state machine's
    /// step runs the one that reaches the end (and completes the animator).
    @inline(__always)
    func isShortOfEnd(_ position: Double) -> Bool {
        let tolerance = AnimatorStateMachine.tolerance
        return velocity >= 0 ? position < duration - tolerance : position > tolerance
    }
}
