public import Timeline

/// A value moving under a spring from a start value towards a target: a standalone, interruptible
/// spring animation.
///
/// Time is measured in seconds from the start of the animation. The motion is the spring's
/// closed form, so ``value(at:)`` and ``velocity(at:)`` cost the same at any time and never
/// drift:
///
/// ```swift
/// let spring = try Spring(response: 0.5, dampingRatio: 0.7)
/// let move = try SpringAnimation(spring: spring, from: Point(x: 0, y: 0), to: Point(x: 100, y: 40))
/// move.value(at: 0.25)          // on the way
/// move.isSettled(at: 2)         // true
///
/// // The target changes at 0.3 s: continue from the current position and velocity.
/// let moved = try move.retargeted(to: Point(x: 20, y: 80), at: 0.3)
/// ```
///
/// Settling uses an absolute ``threshold`` in value units (the distance to the target, measured
/// with ``Animatable/magnitude``): the animation is settled from ``settlingDuration`` on, the
/// first time after which it stays within the threshold.
public struct SpringAnimation<Value: Animatable>: Sendable {
    /// The spring.
    public let spring: Spring
    /// The value at time 0.
    public let from: Value
    /// The target.
    public let to: Value
    /// The velocity at time 0, in value units per second.
    public let initialVelocity: Value
    /// The distance to the target, in value units, within which the animation counts as settled.
    public let threshold: Double
    /// The time from which the value stays within ``threshold`` of the target; `.infinity` for
    /// an undamped spring that moves.
    public let settlingDuration: Double

    /// `from - to`.
    @usableFromInline let displacement: Value

    /// Creates an animation.
    ///
    /// - Parameters:
    ///   - spring: The spring that drives the motion.
    ///   - from: The value at time 0; finite.
    ///   - to: The target; finite.
    ///   - initialVelocity: The velocity at time 0 in value units per second; finite. Default
    ///     zero (at rest).
    ///   - threshold: The settling tolerance in value units; finite and greater than 0. Default
    ///     ``Spring/defaultThreshold``.
    /// - Throws: ``SpringError`` naming the first invalid parameter.
    /// - Complexity: O(1): the settling time is computed once, here.
    public init(
        spring: Spring, from: Value, to: Value, initialVelocity: Value = .zero,
        threshold: Double = Spring.defaultThreshold
    ) throws(SpringError) {
        guard from.isFinite else { throw .nonFiniteValue(.from) }
        guard to.isFinite else { throw .nonFiniteValue(.to) }
        guard initialVelocity.isFinite else { throw .nonFiniteValue(.initialVelocity) }
        try SpringError.requirePositive(threshold, .threshold)
        let displacement = from - to
        guard displacement.isFinite else { throw .unrepresentable(reason: "from - to overflows") }
        self.spring = spring
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        self.threshold = threshold
        self.displacement = displacement
        // d·v by polarisation, from the only norm an Animatable value offers.
        let product =
            ((displacement + initialVelocity).magnitudeSquared
                - (displacement - initialVelocity).magnitudeSquared) / 4
        self.settlingDuration = spring.settlingTime(
            displacementSquared: displacement.magnitudeSquared, product: product,
            velocitySquared: initialVelocity.magnitudeSquared, threshold: threshold)
    }

    /// The value at `time` seconds.
    ///
    /// Before time 0 (and for NaN) the value is ``from``; at `+∞` it is ``to``.
    ///
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func value(at time: Double) -> Value {
        // Weighted like a spring segment, so that time 0 gives exactly `from`, and +∞ exactly `to`.
        let m = spring.transition(over: time)
        return from.scaled(by: m.displacementFromDisplacement)
            + to.scaled(by: 1 - m.displacementFromDisplacement)
            + initialVelocity.scaled(by: m.displacementFromVelocity)
    }

    /// The velocity at `time` seconds, in value units per second.
    ///
    /// Before time 0 (and for NaN) the velocity is ``initialVelocity``; at `+∞` it is zero.
    ///
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func velocity(at time: Double) -> Value {
        let m = spring.transition(over: time)
        return displacement.scaled(by: m.velocityFromDisplacement)
            + initialVelocity.scaled(by: m.velocityFromVelocity)
    }

    /// Whether the value stays within ``threshold`` of the target from `time` on.
    ///
    /// - Returns: `time >= settlingDuration` (`false` for NaN).
    @inlinable
    public func isSettled(at time: Double) -> Bool {
        time >= settlingDuration
    }

    /// An animation towards a new target that continues this one's motion from `time`.
    ///
    /// The result starts (at its own time 0) at this animation's value and velocity at `time`,
    /// so position and velocity are continuous through the change of target. The spring and the
    /// threshold are kept.
    ///
    /// - Parameters:
    ///   - newTarget: The new target; finite.
    ///   - time: The time in this animation at which the target changes; finite, not negative.
    /// - Returns: The continuing animation, whose time 0 is this animation's `time`.
    /// - Throws: ``SpringError`` when `newTarget` or `time` is invalid.
    public func retargeted(to newTarget: Value, at time: Double) throws(SpringError) -> SpringAnimation {
        try SpringError.requireNonNegative(time, .time)
        return try SpringAnimation(
            spring: spring, from: value(at: time), to: newTarget,
            initialVelocity: velocity(at: time), threshold: threshold)
    }

    /// The animation back towards ``from``, continuing this one's motion from `time`: an
    /// interrupted, reversed transition that keeps its momentum.
    ///
    /// - Parameter time: The time in this animation at which it reverses; finite, not negative.
    /// - Returns: `retargeted(to: from, at: time)`.
    /// - Throws: ``SpringError`` when `time` is invalid.
    public func reversed(at time: Double) throws(SpringError) -> SpringAnimation {
        try retargeted(to: from, at: time)
    }
}

extension SpringAnimation: Motion {
    /// The settling duration: a spring animation is a motion that lasts until it settles.
    ///
    /// Infinite for an undamped spring; `Animator.continueAnimation(following:towards:)` refuses
    /// such a motion.
    public var duration: Double { settlingDuration }
}
