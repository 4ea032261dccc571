import Timeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value coasting to rest after a flick: exponential deceleration, in closed form.
///
/// The velocity decays as `v(t) = v₀·e^(kt)` and the position approaches its rest point
/// ``restPosition``, `x(t) = x₀ + A·(1 − e^(kt))`. Two ways to set `k` and `A`:
///
/// - **A rate per millisecond**, as UIKit's scroll views: the velocity is multiplied by `r` every
///   millisecond (``normal`` 0.998, ``fast`` 0.99), so `k = 1000·ln r` and `A = −v₀ / k`: the
///   motion starts at the release velocity exactly.
/// - **A time constant**, as Motion's and popmotion's `inertia`: `k = −1 / τ` and the rest point is
///   `x₀ + power·v₀` (power 0.8, τ 325 ms in Motion; popmotion's τ is 700 ms).
///
/// ```swift
/// let coast = try Decay(from: 0, velocity: 1_000)          // UIKit's normal rate
/// coast.restPosition                                       // 499.5: where the flick lands
/// coast.value(at: 0.1)                                     // 90.6…
/// ```
///
/// Like a spring, it is a pure function of time: ``value(at:)`` costs the same at any time.
public struct Decay: Sendable, Hashable {
    /// UIKit's `UIScrollView.DecelerationRate.normal`: the velocity keeps 99.8 % each millisecond.
    public static let normal = 0.998
    /// UIKit's `UIScrollView.DecelerationRate.fast`: 99 % each millisecond.
    public static let fast = 0.99

    /// The position at time 0.
    public let from: Double
    /// The velocity at time 0, in units per second (for a time constant, `A / τ`).
    public let initialVelocity: Double
    /// The exponent `k` (negative), per second.
    public let exponent: Double
    /// The distance travelled to rest, `A`.
    public let amplitude: Double

    /// Where the motion comes to rest: `from + amplitude`.
    public var restPosition: Double { from + amplitude }

    /// A decay at a rate per millisecond.
    ///
    /// - Parameters:
    ///   - from: The position at release.
    ///   - velocity: The release velocity, units per second.
    ///   - rate: The share of velocity kept each millisecond, in `0 < rate < 1` (``normal``).
    /// - Throws: ``GestureError`` for non-finite values or a rate outside `(0, 1)`.
    public init(from: Double, velocity: Double, rate: Double = Decay.normal) throws(GestureError) {
        try GestureError.requireFinite(from, "the position")
        try GestureError.requireFinite(velocity, "the velocity")
        guard rate > 0, rate < 1 else { throw .outOfRange("the deceleration rate", rate, expected: "a share of velocity kept per millisecond, 0 < rate < 1") }
        self.from = from
        initialVelocity = velocity
        exponent = 1_000 * log(rate)
        amplitude = -velocity / exponent
        guard amplitude.isFinite else { throw .nonFinite("the distance to rest (velocity / rate)") }
    }

    /// The time constants a decay takes, in seconds: a millisecond (a flick that stops at once) to
    /// a thousand seconds.
    public static let timeConstantRange = 0.001...1_000.0

    /// A decay with a time constant, as Motion's and popmotion's `inertia`: the rest point is
    /// `from + power · velocity`, or where `modifyTarget` moves it (snapping).
    ///
    /// - Parameters:
    ///   - from: The position at release.
    ///   - velocity: The release velocity, units per second.
    ///   - timeConstant: τ in seconds (Motion 0.325).
    ///   - power: How far the flick carries, as seconds of the release velocity (0.8).
    ///   - modifyTarget: Moves the ideal rest point (`from + power·velocity`), for snapping.
    /// - Throws: ``GestureError`` for non-finite values, a negative power or a time constant outside
    ///   ``timeConstantRange``.
    public init(
        from: Double, velocity: Double, timeConstant: Double, power: Double = 0.8,
        modifyTarget: ((Double) -> Double)? = nil
    ) throws(GestureError) {
        try GestureError.requireFinite(from, "the position")
        try GestureError.requireFinite(velocity, "the velocity")
        try GestureError.requireFinite(power, "the power")
        guard power >= 0 else {
            throw .outOfRange("the power", power, expected: "seconds of the release velocity from 0 (a negative power would coast backwards)")
        }
        guard timeConstant.isFinite, timeConstant >= Self.timeConstantRange.lowerBound, timeConstant <= Self.timeConstantRange.upperBound else {
            throw .outOfRange("the time constant", timeConstant, expected: "a number of seconds from 0.001 to 1000")
        }
        var target = from + power * velocity
        if let modifyTarget { target = modifyTarget(target) }
        try GestureError.requireFinite(target, "the rest point")
        self.from = from
        exponent = -1 / timeConstant
        amplitude = target - from
        initialVelocity = amplitude / timeConstant
    }

    /// The position at `time` seconds: `from` before 0, the rest point at `+∞`.
    public func value(at time: Double) -> Double {
        guard time > 0 else { return from }
        return from + amplitude * -expm1(exponent * time)
    }

    /// The velocity at `time` seconds (0 before 0 and at `+∞`).
    public func velocity(at time: Double) -> Double {
        guard time >= 0 else { return 0 }
        return -amplitude * exponent * exp(exponent * time)
    }

    /// The time from which the position stays within `threshold` of the rest point (0 when it
    /// starts there).
    ///
    /// - Parameter threshold: A distance, positive (0.5: half a point).
    public func settlingTime(threshold: Double = 0.5) -> Double {
        guard threshold > 0, abs(amplitude) > threshold else { return 0 }
        return log(threshold / abs(amplitude)) / exponent
    }

    /// The time at which the position reaches `position`, or `nil` if it never does (the
    /// position is not between `from` and the rest point).
    public func time(toReach position: Double) -> Double? {
        guard amplitude != 0 else { return position == from ? 0 : nil }
        let share = (position - from) / amplitude
        guard share >= 0, share < 1 else { return nil }
        return log1p(-share) / exponent
    }

    /// Where a flick lands by Apple's formula (WWDC 2018, "Designing Fluid Interfaces"):
    /// `velocity / 1000 · rate / (1 − rate)`, the sum of UIKit's per-millisecond steps. It is
    /// 0.1 % shorter than this type's ``restPosition`` at the normal rate (the continuous motion).
    ///
    /// - Parameters:
    ///   - velocity: Units per second.
    ///   - rate: The share of velocity kept each millisecond.
    /// - Returns: The distance travelled.
    public static func projectedDistance(velocity: Double, rate: Double = Decay.normal) -> Double {
        velocity / 1_000 * rate / (1 - rate)
    }
}
