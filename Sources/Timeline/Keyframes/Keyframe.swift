/// A value at a time, and how the track arrives at it.
///
/// ```swift
/// let track = try Track<Double>(keyframes: [
///     Keyframe(time: 0, value: 0.3),
///     Keyframe(time: 0.5, value: 1.0, .timing(.linear)),
///     Keyframe(time: 1.5, value: 1.2, .cubic),
/// ])
/// ```
public struct Keyframe<Value: Animatable>: Sendable {
    /// The keyframe's time in seconds from the start of the track.
    public var time: Double
    /// The value the track has at ``time``.
    public var value: Value
    /// How the segment from the previous keyframe arrives here (ignored on the first keyframe).
    public var kind: SegmentKind<Value>

    /// Creates a keyframe at an absolute time.
    ///
    /// - Parameters:
    ///   - time: Seconds from the start of the track; finite and not negative.
    ///   - value: The value at that time; finite.
    ///   - kind: How the segment from the previous keyframe arrives here. Linear by default.
    public init(time: Double, value: Value, _ kind: SegmentKind<Value> = .linear) {
        self.time = time
        self.value = value
        self.kind = kind
    }
}

/// A segment written by its duration rather than by absolute keyframe times.
///
/// ```swift
/// let track = try Track(startingAt: 0.3, segments: [
///     TrackSegment(to: 1.0, duration: 0.5),
///     TrackSegment(to: 1.2, duration: 1.0, .cubic),
/// ])
/// ```
public struct TrackSegment<Value: Animatable>: Sendable {
    /// The value at the end of the segment.
    public var value: Value
    /// The segment's length in seconds, or `nil` for the segment kind's natural duration (a
    /// spring's settling time).
    public var duration: Double?
    /// How the segment interpolates.
    public var kind: SegmentKind<Value>

    /// Creates a segment that arrives at `value` after `duration` seconds.
    ///
    /// - Parameters:
    ///   - value: The value at the end of the segment.
    ///   - duration: Seconds, finite and positive; `nil` takes the kind's natural duration.
    ///   - kind: How the segment interpolates. Linear by default.
    public init(to value: Value, duration: Double?, _ kind: SegmentKind<Value> = .linear) {
        self.value = value
        self.duration = duration
        self.kind = kind
    }
}
