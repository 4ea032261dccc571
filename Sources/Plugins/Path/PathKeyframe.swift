public import Timeline

/// A path at a time, and the timing curve of the morph that arrives at it.
///
/// ```swift
/// let reveal = try PathTrack(keyframes: [
///     PathKeyframe(time: 0, path: try .circle(center: c, radius: 2)),
///     PathKeyframe(time: 1, path: try .circle(center: c, radius: 0.6 * height), curve: easeIn),
/// ])
/// ```
public struct PathKeyframe: Sendable {
    /// Seconds from the start of the track; finite, not negative, increasing.
    public var time: Double
    /// The path at ``time``.
    public var path: Path
    /// How the morph from the previous keyframe progresses (ignored on the first keyframe).
    public var curve: TimingCurve

    /// Creates a keyframe.
    ///
    /// - Parameters:
    ///   - time: Seconds from the start of the track.
    ///   - path: The path at that time.
    ///   - curve: The timing curve of the morph arriving here; linear by default.
    public init(time: Double, path: Path, curve: TimingCurve = .linear) {
        self.time = time
        self.path = path
        self.curve = curve
    }
}
