public import Timeline

/// A flick inside bounds: a ``Decay`` that hands over to a spring where it would cross a bound,
/// keeping position and velocity continuous, as Motion's and popmotion's `inertia` do.
///
/// ```swift
/// // A list scrolled to 0 … 2000, flicked at 3000 points per second from 1800.
/// let fling = try Inertia(from: 1_800, velocity: 3_000, bounds: 0...2_000)
/// fling.handOverTime          // when it reaches 2000 and the spring takes it
/// fling.value(at: 2)          // back at 2000
/// ```
///
/// Released outside the bounds, it springs to the nearest bound at once, with the release velocity.
public struct Inertia: Sendable {
    /// The coasting part.
    public let decay: Decay
    /// The bounds, if any.
    public let bounds: ClosedRange<Double>?
    /// When the spring takes over (`0` when released outside the bounds), or `nil` when the decay
    /// comes to rest inside the bounds.
    public let handOverTime: Double?
    /// The spring from the bound, when there is a hand-over.
    public let bounce: SpringAnimation<Double>?

    /// Motion's boundary spring: stiffness 500, damping 10, mass 1.
    public static let boundarySpring = try! Spring(mass: 1, stiffness: 500, damping: 10)

    /// Inertia at a rate per millisecond (UIKit's feel).
    ///
    /// - Parameters:
    ///   - from: The position at release.
    ///   - velocity: The release velocity, units per second.
    ///   - bounds: Where the value may rest, or `nil`.
    ///   - rate: The share of velocity kept each millisecond (``Decay/normal``).
    ///   - spring: The spring at a bound (``boundarySpring``).
    /// - Throws: ``GestureError`` for non-finite values or a bad rate.
    public init(
        from: Double, velocity: Double, bounds: ClosedRange<Double>? = nil, rate: Double = Decay.normal,
        spring: Spring = Inertia.boundarySpring
    ) throws(GestureError) {
        try self.init(decay: try Decay(from: from, velocity: velocity, rate: rate), bounds: bounds, spring: spring)
    }

    /// Inertia with a time constant (Motion's form), optionally snapping its rest point.
    ///
    /// - Parameters:
    ///   - from: The position at release.
    ///   - velocity: The release velocity, units per second.
    ///   - bounds: Where the value may rest, or `nil`.
    ///   - timeConstant: τ in seconds (Motion 0.325).
    ///   - power: How far the flick carries (0.8).
    ///   - modifyTarget: Moves the rest point, for snapping.
    ///   - spring: The spring at a bound (``boundarySpring``).
    /// - Throws: ``GestureError`` for non-finite values or a bad time constant.
    public init(
        from: Double, velocity: Double, bounds: ClosedRange<Double>? = nil, timeConstant: Double,
        power: Double = 0.8, modifyTarget: ((Double) -> Double)? = nil, spring: Spring = Inertia.boundarySpring
    ) throws(GestureError) {
        try self.init(
            decay: try Decay(from: from, velocity: velocity, timeConstant: timeConstant, power: power, modifyTarget: modifyTarget),
            bounds: bounds, spring: spring)
    }

    /// Inertia from a decay and bounds.
    ///
    /// - Throws: ``GestureError`` when the bounds are not finite.
    public init(decay: Decay, bounds: ClosedRange<Double>?, spring: Spring = Inertia.boundarySpring) throws(GestureError) {
        self.decay = decay
        self.bounds = bounds
        guard let bounds else {
            handOverTime = nil
            bounce = nil
            return
        }
        try GestureError.requireFinite(bounds.lowerBound, "the lower bound")
        try GestureError.requireFinite(bounds.upperBound, "the upper bound")
        let boundary = spring
        func boundarySpring(at bound: Double, velocity: Double, from position: Double) throws(GestureError) -> SpringAnimation<Double> {
            do {
                return try SpringAnimation(spring: boundary, from: position, to: bound, initialVelocity: velocity)
            } catch {
                throw .outOfRange("the spring's start", position, expected: "a finite motion (\(error))")
            }
        }
        if !bounds.contains(decay.from) {
            let bound = decay.from < bounds.lowerBound ? bounds.lowerBound : bounds.upperBound
            handOverTime = 0
            bounce = try boundarySpring(at: bound, velocity: decay.initialVelocity, from: decay.from)
        } else if !bounds.contains(decay.restPosition) {
            let bound = decay.restPosition < bounds.lowerBound ? bounds.lowerBound : bounds.upperBound
            let time = decay.time(toReach: bound) ?? 0
            handOverTime = time
            bounce = try boundarySpring(at: bound, velocity: decay.velocity(at: time), from: bound)
        } else {
            handOverTime = nil
            bounce = nil
        }
    }

    /// The position at `time` seconds.
    public func value(at time: Double) -> Double {
        if let handOverTime, let bounce, time >= handOverTime { return bounce.value(at: time - handOverTime) }
        return decay.value(at: time)
    }

    /// The velocity at `time` seconds.
    public func velocity(at time: Double) -> Double {
        if let handOverTime, let bounce, time >= handOverTime { return bounce.velocity(at: time - handOverTime) }
        return decay.velocity(at: time)
    }

    /// Where it comes to rest: the decay's rest point, or the bound it springs to.
    public var restPosition: Double { bounce?.to ?? decay.restPosition }

    /// The time from which it stays within `threshold` of its rest point.
    public func settlingTime(threshold: Double = 0.5) -> Double {
        guard let handOverTime, let bounce else { return decay.settlingTime(threshold: threshold) }
        guard let settling = try? SpringAnimation(
            spring: bounce.spring, from: bounce.from, to: bounce.to, initialVelocity: bounce.initialVelocity, threshold: threshold)
        else { return .infinity }
        return handOverTime + settling.settlingDuration
    }
}
