/// The weights of a segment's four inputs at one instant.
///
/// A segment runs from a start value `p0` to an end value `p1`, entering with velocity `v0` and
/// (for kinds that use it) leaving with velocity `v1`. Every segment kind in Cadence, built in or
/// added by a plugin, is linear in those four inputs:
///
///     value    = p0 * from + p1 * to + v0 * startVelocity + v1 * endVelocity
///
/// which is what lets one segment kind animate every ``Animatable`` type: a cubic Hermite
/// segment, a damped spring and a plain lerp are all such linear combinations.
public struct SegmentWeights: Sendable, Hashable {
    /// The weight of the start value `p0`.
    public var from: Double
    /// The weight of the end value `p1`.
    public var to: Double
    /// The weight of the start velocity `v0` (value units per second).
    public var startVelocity: Double
    /// The weight of the end velocity `v1` (value units per second).
    public var endVelocity: Double

    /// Creates weights; omitted velocity weights are zero.
    public init(from: Double, to: Double, startVelocity: Double = 0, endVelocity: Double = 0) {
        self.from = from
        self.to = to
        self.startVelocity = startVelocity
        self.endVelocity = endVelocity
    }

    /// Whether every weight is finite.
    public var isFinite: Bool {
        from.isFinite && to.isFinite && startVelocity.isFinite && endVelocity.isFinite
    }

    /// Combines the four inputs with these weights.
    @inlinable
    public func combine<Value: Animatable>(
        from p0: Value, to p1: Value, startVelocity v0: Value, endVelocity v1: Value
    ) -> Value {
        p0.scaled(by: from) + p1.scaled(by: to) + v0.scaled(by: startVelocity)
            + v1.scaled(by: endVelocity)
    }
}

/// A segment kind added by a plugin: how a keyframe segment moves between its two values.
///
/// Cadence's spring segments are written against this protocol, exactly as a third party would
/// write theirs. A segment is described by the weights of its inputs (see ``SegmentWeights``) for
/// the value and for the velocity at a time into the segment.
///
/// ```swift
/// /// Moves linearly and wiggles around the straight line.
/// struct Wiggle: SegmentInterpolator {
///     var wiggles = 3.0
///     func valueWeights(at t: Double, duration: Double) -> SegmentWeights {
///         let u = t / duration, w = 0.1 * sin(2 * .pi * wiggles * u)
///         return SegmentWeights(from: 1 - u - w, to: u + w)
///     }
///     func velocityWeights(at t: Double, duration: Double) -> SegmentWeights {
///         let u = t / duration
///         let dw = 0.1 * 2 * .pi * wiggles * cos(2 * .pi * wiggles * u) / duration
///         return SegmentWeights(from: -1 / duration - dw, to: 1 / duration + dw)
///     }
///     var description: String { "wiggle(\(wiggles))" }
/// }
/// ```
///
/// ## Contract
/// - ``valueWeights(at:duration:)`` and ``velocityWeights(at:duration:)`` are pure and thread-safe,
///   and are called with `0 <= t <= duration` and `duration > 0`.
/// - At `t == 0` the value weights should be `from: 1` and the rest 0, so that the segment starts
///   at its start value; a segment does not have to end at `p1` (a spring that has not settled).
///   The track jumps to the next keyframe's value when the next segment begins.
/// - The velocity weights are the time derivatives of the value weights, per second.
/// - Weights must be finite for every valid input; a track reports non-finite weights as an error
///   naming the keyframe.
/// - ``usesStartVelocity`` says whether the segment consumes the velocity carried in from the
///   previous segment (a spring does; a plain curve does not).
public protocol SegmentInterpolator: Sendable, CustomStringConvertible {
    /// The weights of the inputs in the value at `t` seconds into a segment of `duration` seconds.
    func valueWeights(at t: Double, duration: Double) -> SegmentWeights

    /// The weights of the inputs in the velocity at `t` seconds into a segment of `duration` seconds.
    func velocityWeights(at t: Double, duration: Double) -> SegmentWeights

    /// Whether the segment consumes the velocity carried in from the previous segment.
    var usesStartVelocity: Bool { get }

    /// The duration the segment takes when a keyframe gives none (a spring's settling time), or
    /// `nil` if the kind needs an explicit duration.
    var naturalDuration: Double? { get }
}

extension SegmentInterpolator {
    /// Segments consume the carried-in velocity by default.
    public var usesStartVelocity: Bool { true }

    /// Segments need an explicit duration by default.
    public var naturalDuration: Double? { nil }
}
