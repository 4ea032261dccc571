public import Timeline

/// A spring as a unit timing curve: progress from 0 to 1 over a duration, so a spring can be used
/// wherever a ``TimingCurve`` is.
///
/// The curve is the spring's move of distance 1 from rest (or with a relative initial velocity,
/// UIKit's convention) played over ``duration`` seconds: at linear progress `x` the eased
/// progress is the position of that move at `x * duration` seconds. It may overshoot 1 (an
/// under-damped spring) or dip below 0 (a negative initial velocity).
///
/// **How the curve ends exactly at 1.** By default ``duration`` is the spring's settling time
/// for ``threshold``, so at `x = 1` the physical position is within `threshold` of 1 and stays
/// there; the curve then snaps to exactly 1 at `x = 1` (a jump of at most `threshold`, 0.1% of the
/// distance by default). Everywhere before `x = 1` the curve is the exact spring, with no
/// normalisation. A curve made with an explicit, shorter duration snaps further.
///
/// ```swift
/// let curve = try SpringTiming(try Spring(response: 0.5, dampingRatio: 0.7))
/// let keyframe = Keyframe(time: curve.duration, value: 1.0, .timing(.spring(curve)))
/// // UIKit's spring animation: damping ratio, duration, relative velocity.
/// let pop = try SpringTiming(dampingRatio: 0.55, duration: 0.4, relativeVelocity: 1 / 0.55)
/// ```
///
/// Used over a segment whose length differs from ``duration``, the curve is stretched in time
/// like any timing curve; the ``SegmentKind/spring(_:startVelocity:)`` segment kind keeps the
/// spring's own time scale instead.
public struct SpringTiming: TimingFunction, Hashable {
    /// The spring.
    public let spring: Spring
    /// The seconds of spring motion that linear progress 0...1 covers.
    public let duration: Double
    /// The initial velocity in distances per second (1 = the whole distance per second),
    /// positive towards 1.
    public let relativeVelocity: Double
    /// The tolerance, as a fraction of the distance, that ``duration`` was chosen to settle to
    /// (for a curve made with an explicit duration, the distance from 1 at the end).
    public let threshold: Double

    /// Creates the curve of `spring`, lasting until it settles.
    ///
    /// - Parameters:
    ///   - spring: The spring.
    ///   - relativeVelocity: Distances per second, positive towards 1; finite. Default 0.
    ///   - threshold: The settling tolerance as a fraction of the distance; `0 < threshold < 1`.
    ///     Default ``Spring/defaultThreshold``.
    /// - Throws: ``SpringError`` for an invalid velocity or threshold, or
    ///   ``SpringError/neverSettles`` when the spring is undamped (or settles too late for a
    ///   `Double`).
    public init(
        _ spring: Spring, relativeVelocity: Double = 0, threshold: Double = Spring.defaultThreshold
    ) throws(SpringError) {
        let settling = try spring.settlingDuration(threshold: threshold, relativeVelocity: relativeVelocity)
        guard settling.isFinite else { throw .neverSettles }
        guard settling > 0 else {
            throw .outOfRange(.threshold, value: threshold, expected: "a threshold the motion leaves")
        }
        self.spring = spring
        self.duration = settling
        self.relativeVelocity = relativeVelocity
        self.threshold = threshold
    }

    /// Creates the curve of `spring` over an explicit duration.
    ///
    /// - Parameters:
    ///   - spring: The spring.
    ///   - duration: Seconds of spring motion; finite and greater than 0.
    ///   - relativeVelocity: Distances per second, positive towards 1; finite. Default 0.
    /// - Throws: ``SpringError`` naming the first invalid parameter.
    public init(_ spring: Spring, duration: Double, relativeVelocity: Double = 0) throws(SpringError) {
        try SpringError.requirePositive(duration, .duration)
        try SpringError.requireFinite(relativeVelocity, .relativeVelocity)
        self.spring = spring
        self.duration = duration
        self.relativeVelocity = relativeVelocity
        let m = spring.transition(over: duration)
        self.threshold = abs(relativeVelocity * m.displacementFromVelocity - m.displacementFromDisplacement)
    }

    /// UIKit's spring curve: a damping ratio, a duration and a relative initial velocity.
    ///
    /// The spring is ``Spring/init(dampingRatio:duration:relativeVelocity:threshold:)``, so the
    /// motion settles within `threshold` exactly at `duration`.
    ///
    /// - Parameters:
    ///   - dampingRatio: The fraction of critical damping; finite and greater than 0.
    ///   - duration: Seconds; finite and greater than 0.
    ///   - relativeVelocity: Distances per second, positive towards 1; finite.
    ///   - threshold: The settling tolerance as a fraction of the distance. Default
    ///     ``Spring/defaultThreshold``.
    /// - Throws: ``SpringError`` naming the first invalid parameter.
    public init(
        dampingRatio: Double, duration: Double, relativeVelocity: Double = 0,
        threshold: Double = Spring.defaultThreshold
    ) throws(SpringError) {
        self.spring = try Spring(
            dampingRatio: dampingRatio, duration: duration, relativeVelocity: relativeVelocity,
            threshold: threshold)
        self.duration = duration
        self.relativeVelocity = relativeVelocity
        self.threshold = threshold
    }

    /// The eased progress: the spring's position at `x * duration` seconds, and exactly 1 at
    /// `x >= 1`.
    public func value(at x: Double) -> Double {
        if x >= 1 { return 1 }
        let m = spring.transition(over: x * duration)
        return 1 - m.displacementFromDisplacement + relativeVelocity * m.displacementFromVelocity
    }

    /// The slope of the eased progress: `duration` times the spring's velocity (distances per
    /// second) at `x * duration` seconds.
    public func derivative(at x: Double) -> Double {
        let m = spring.transition(over: min(x, 1) * duration)
        return duration * (relativeVelocity * m.velocityFromVelocity - m.velocityFromDisplacement)
    }

    /// `spring(mass: m, stiffness: k, damping: c, relativeVelocity: v, duration: d)`.
    public var description: String {
        "spring(mass: \(spring.mass), stiffness: \(spring.stiffness), damping: \(spring.damping), "
            + "relativeVelocity: \(relativeVelocity), duration: \(duration))"
    }
}

extension TimingCurve {
    /// A spring's unit curve (see ``SpringTiming``).
    ///
    /// - Parameter timing: The spring curve.
    /// - Returns: The curve, wrapped.
    public static func spring(_ timing: SpringTiming) -> TimingCurve {
        TimingCurve(timing)
    }

    /// The unit curve of `spring`, lasting until it settles within 0.1% of the distance.
    ///
    /// ```swift
    /// let keyframe = Keyframe(time: 1, value: 1.0, .timing(try .spring(Spring(duration: 0.5, bounce: 0.2))))
    /// ```
    ///
    /// - Parameters:
    ///   - spring: The spring.
    ///   - relativeVelocity: Distances per second, positive towards 1. Default 0.
    /// - Returns: The curve, wrapped.
    /// - Throws: ``SpringError`` as ``SpringTiming/init(_:relativeVelocity:threshold:)`` does.
    public static func spring(_ spring: Spring, relativeVelocity: Double = 0) throws(SpringError) -> TimingCurve {
        TimingCurve(try SpringTiming(spring, relativeVelocity: relativeVelocity))
    }
}
