public import Timeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A track segment that coasts: from the previous keyframe's value with its start velocity,
/// decelerating exponentially (``Decay``), so tracks and documents play a flick on the compiled
/// path as they play springs.
///
/// The motion is a linear time-invariant system of (displacement, velocity): `x' = v`, `v' = k·v`,
/// whose transition over `t` is `(1, (e^(kt) − 1)/k; 0, e^(kt))`. It depends on the segment's start
/// value and velocity only; the keyframe that ends the segment is where the value is held after it,
/// normally the decay's rest point (``Decay/trackSegment(threshold:)`` makes such a segment).
public struct DecaySegment: LinearTimeInvariantSegment, Hashable {
    /// The exponent `k` (negative), per second.
    public let exponent: Double

    /// A segment at a rate per millisecond (``Decay/normal``, ``Decay/fast``).
    ///
    /// - Throws: ``GestureError`` for a rate outside `(0, 1)`.
    public init(rate: Double) throws(GestureError) {
        guard rate > 0, rate < 1 else { throw .outOfRange("the deceleration rate", rate, expected: "0 < rate < 1") }
        exponent = 1_000 * log(rate)
    }

    /// A segment with a time constant in seconds.
    ///
    /// - Throws: ``GestureError`` for a time constant that is not positive and finite.
    public init(timeConstant: Double) throws(GestureError) {
        guard timeConstant.isFinite, timeConstant > 0 else {
            throw .outOfRange("the time constant", timeConstant, expected: "a positive number of seconds")
        }
        exponent = -1 / timeConstant
    }

    /// A segment with the exponent of a decay.
    init(exponent: Double) {
        self.exponent = exponent
    }

    /// `(0, 1; 0, k)`.
    public var systemMatrix: StateMatrix {
        StateMatrix(displacementFromDisplacement: 0, displacementFromVelocity: 1, velocityFromDisplacement: 0, velocityFromVelocity: exponent)
    }

    /// `(1, (e^(kt) − 1)/k; 0, e^(kt))`.
    public func transition(over duration: Double) -> StateMatrix {
        StateMatrix(
            displacementFromDisplacement: 1, displacementFromVelocity: expm1(exponent * duration) / exponent,
            velocityFromDisplacement: 0, velocityFromVelocity: exp(exponent * duration))
    }

    /// The value: the start value plus `(e^(kt) − 1)/k` times the start velocity.
    public func valueWeights(at t: Double, duration: Double) -> SegmentWeights {
        SegmentWeights(from: 1, to: 0, startVelocity: expm1(exponent * t) / exponent)
    }

    /// The velocity: the start velocity times `e^(kt)`.
    public func velocityWeights(at t: Double, duration: Double) -> SegmentWeights {
        SegmentWeights(from: 0, to: 0, startVelocity: exp(exponent * t))
    }

    /// `decay(k)`.
    public var description: String { "decay(\(exponent))" }
}

extension Decay {
    /// The decay as a track segment from the track's value at its start: to the rest point, over
    /// the settling time for `threshold` (the value then steps the remaining distance, at most
    /// `threshold`, onto the rest point), starting at the decay's velocity.
    ///
    /// ```swift
    /// let coast = try Decay(from: 276, velocity: -1_500)
    /// let track = try Track(startingAt: 276, segments: [coast.trackSegment()])
    /// ```
    public func trackSegment(threshold: Double = 0.01) -> TrackSegment<Double> {
        let duration = settlingTime(threshold: threshold)
        return TrackSegment(
            to: restPosition, duration: duration > 0 ? duration : 0.001,
            .custom(DecaySegment(exponent: exponent), startVelocity: initialVelocity))
    }
}

extension Inertia {
    /// The motion as track segments from the track's value at its start: the decay up to the
    /// bound and a spring from there (with the decay's velocity at the bound), or the decay alone,
    /// or, released outside the bounds, the spring alone.
    ///
    /// - Parameter threshold: The distance from rest at which a segment ends.
    public func trackSegments(threshold: Double = 0.01) -> [TrackSegment<Double>] {
        guard let handOverTime, let bounce else { return [decay.trackSegment(threshold: threshold)] }
        var segments: [TrackSegment<Double>] = []
        if handOverTime > 0 {
            segments.append(TrackSegment(
                to: bounce.from, duration: handOverTime,
                .custom(DecaySegment(exponent: decay.exponent), startVelocity: decay.initialVelocity)))
        }
        let settle = (try? SpringAnimation(
            spring: bounce.spring, from: bounce.from, to: bounce.to, initialVelocity: bounce.initialVelocity,
            threshold: threshold))?.settlingDuration ?? 1
        segments.append(TrackSegment(
            to: bounce.to, duration: settle.isFinite && settle > 0 ? settle : 0.001,
            .custom(SpringSegment(bounce.spring), startVelocity: bounce.initialVelocity)))
        return segments
    }
}
