public import Timeline

/// A keyframe segment that moves like a damped spring: the spring plugin's segment kind.
///
/// The segment starts at the previous keyframe's value `p0` with the velocity `v0` carried in
/// from the previous segment (or given explicitly), and is pulled towards its keyframe's value
/// `p1`:
///
///     x(t) = p1 + (p0 - p1) a(t) + v0 b(t)
///
/// where `a` and `b` are the spring's closed-form responses (see ``StateMatrix``).
/// That is the ``SegmentWeights`` `from: a, to: 1 - a, startVelocity: b`, and the velocity
/// weights are their derivatives. The spring does not stretch to fit the segment: a segment
/// shorter than the settling time ends before the spring settles and the track moves on to the
/// next keyframe's value; the next segment receives the velocity the spring had.
///
/// Build spring segments with ``SegmentKind/spring(_:startVelocity:)``:
///
/// ```swift
/// let spring = try Spring(response: 0.4, dampingRatio: 0.6)
/// let track = try Track<Double>(startingAt: 0, segments: [
///     TrackSegment(to: 100, duration: nil, .spring(spring)),   // the settling duration
///     TrackSegment(to: 40, duration: 0.3, .spring(spring)),    // interrupted, velocity kept
/// ])
/// ```
public struct SpringSegment: SegmentInterpolator, Hashable {
    /// The spring that drives the segment.
    public var spring: Spring

    /// Creates a segment driven by `spring`.
    ///
    /// - Parameter spring: The spring.
    public init(_ spring: Spring) {
        self.spring = spring
    }

    /// The weights of `p0`, `p1` and `v0` in the value `t` seconds into the segment.
    ///
    /// - Complexity: O(1), no allocation.
    public func valueWeights(at t: Double, duration: Double) -> SegmentWeights {
        let m = spring.transition(over: t)
        return SegmentWeights(
            from: m.displacementFromDisplacement, to: 1 - m.displacementFromDisplacement,
            startVelocity: m.displacementFromVelocity)
    }

    /// The weights of `p0`, `p1` and `v0` in the velocity `t` seconds into the segment.
    ///
    /// - Complexity: O(1), no allocation.
    public func velocityWeights(at t: Double, duration: Double) -> SegmentWeights {
        let m = spring.transition(over: t)
        return SegmentWeights(
            from: m.velocityFromDisplacement, to: -m.velocityFromDisplacement,
            startVelocity: m.velocityFromVelocity)
    }

    /// `true`: a spring segment starts with the velocity the previous segment ended with.
    public var usesStartVelocity: Bool { true }

    /// The spring's ``Spring/settlingDuration`` (a move from rest to within 0.1% of the
    /// distance), or `nil` for an undamped spring, which never settles and so needs an explicit
    /// duration.
    ///
    /// A segment that starts with a carried-in velocity may need longer to settle; the track
    /// then jumps the remaining (small) distance when the next segment begins.
    public var naturalDuration: Double? {
        let duration = spring.settlingDuration
        return duration.isFinite && duration > 0 ? duration : nil
    }

    /// The spring's constants: `spring(mass: 1.0, stiffness: 100.0, damping: 10.0)`.
    public var description: String { spring.description }
}

extension SegmentKind {
    /// A segment that moves like `spring` towards the keyframe's value.
    ///
    /// - Parameters:
    ///   - spring: The spring.
    ///   - startVelocity: The velocity at the start of the segment in value units per second;
    ///     `nil` (the default) carries in the velocity the previous segment ended with.
    /// - Returns: A ``SegmentKind/custom(_:startVelocity:)`` segment with a ``SpringSegment``.
    public static func spring(_ spring: Spring, startVelocity: Value? = nil) -> SegmentKind {
        .custom(SpringSegment(spring), startVelocity: startVelocity)
    }
}
