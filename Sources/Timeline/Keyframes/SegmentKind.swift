/// How the segment arriving at a keyframe interpolates.
///
/// Each keyframe (except the first, which has no arriving segment) says how the track moves from
/// the previous keyframe's value to its own:
///
/// | kind | motion | velocity at the keyframes |
/// |---|---|---|
/// | ``hold`` | stays at the previous value, jumps at the keyframe's time | 0 |
/// | ``timing(_:)`` | `p0 + (p1 - p0) * curve(u)`, `u` the fraction of the segment elapsed | from the curve's slope |
/// | ``cubic(startVelocity:endVelocity:)`` | cubic Hermite; adjacent cubic keyframes form a Catmull-Rom spline | continuous with neighbours |
/// | ``custom(_:startVelocity:)`` | a plugin's ``SegmentInterpolator`` (springs) | carried in from the previous segment |
///
/// Cubic velocities follow SwiftUI's `CubicKeyframe`: an omitted start velocity is the previous
/// segment's end velocity when that segment is not cubic, and the Catmull-Rom tangent
/// `(p[k+1] - p[k-1]) / (t[k+1] - t[k-1])` when it is (at the track's ends, the one-sided difference);
/// an omitted end velocity is the next segment's start velocity when the next segment is a
/// ``timing(_:)`` or ``hold`` segment, and the Catmull-Rom tangent otherwise.
public enum SegmentKind<Value: Animatable>: Sendable {
    /// Holds the previous value and jumps to the keyframe's value at its time.
    case hold
    /// Interpolates linearly in value, with progress shaped by a timing curve.
    case timing(TimingCurve)
    /// A smooth cubic Hermite segment, with optional explicit velocities (value units per second).
    case cubic(startVelocity: Value? = nil, endVelocity: Value? = nil)
    /// A segment kind supplied by a plugin, with an optional explicit start velocity.
    case custom(any SegmentInterpolator, startVelocity: Value? = nil)

    /// Linear interpolation: the default.
    public static var linear: SegmentKind { .timing(.linear) }

    /// A smooth cubic segment whose velocities keep motion continuous.
    public static var cubic: SegmentKind { .cubic(startVelocity: nil, endVelocity: nil) }
}

extension SegmentKind: CustomStringConvertible {
    /// The kind in Cadence's textual syntax (`hold`, `cubic`, a curve, or the plugin's description).
    public var description: String {
        switch self {
        case .hold: "hold"
        case .timing(let curve): curve.description
        case .cubic: "cubic"
        case .custom(let interpolator, _): interpolator.description
        }
    }
}
