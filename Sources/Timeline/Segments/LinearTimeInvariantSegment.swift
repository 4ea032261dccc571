/// A segment kind whose motion is a linear time-invariant system, such as a damped spring.
///
/// The segment's state is its displacement from the keyframe's value `x = value - p1` and its
/// velocity `v`. It obeys `d/dt (x, v) = G (x, v)` for a constant 2×2 system matrix `G`, so the
/// state after `t` seconds is `exp(G t) (x0, v0)` whatever the segment's duration. That is what
/// lets a ``ScalarTrackBank`` play many such segments fast without knowing what they are:
///
/// - frame to frame it steps each segment by one exact matrix, `exp(G h)` for a frame of `h`
///   seconds (six floating-point operations per value);
/// - at a seek it evaluates `exp(G t)` from a table of ``transition(over:)`` at a fixed spacing and
///   a short Taylor polynomial of `exp(G δ)` for the remainder `δ`, built from ``systemMatrix``.
///
/// The spring plugin's `SpringSegment` adopts this protocol exactly as a third party would.
///
/// ```swift
/// /// An undamped oscillator of angular frequency ω: x'' = -ω² x.
/// struct Oscillator: LinearTimeInvariantSegment {
///     var omega = 10.0
///     var systemMatrix: StateMatrix {
///         StateMatrix(displacementFromDisplacement: 0, displacementFromVelocity: 1,
///                     velocityFromDisplacement: -omega * omega, velocityFromVelocity: 0)
///     }
///     func transition(over t: Double) -> StateMatrix {
///         StateMatrix(displacementFromDisplacement: cos(omega * t),
///                     displacementFromVelocity: sin(omega * t) / omega,
///                     velocityFromDisplacement: -omega * sin(omega * t),
///                     velocityFromVelocity: cos(omega * t))
///     }
///     func valueWeights(at t: Double, duration: Double) -> SegmentWeights {
///         let m = transition(over: t)
///         return SegmentWeights(from: m.displacementFromDisplacement,
///                               to: 1 - m.displacementFromDisplacement,
///                               startVelocity: m.displacementFromVelocity)
///     }
///     func velocityWeights(at t: Double, duration: Double) -> SegmentWeights {
///         let m = transition(over: t)
///         return SegmentWeights(from: m.velocityFromDisplacement, to: -m.velocityFromDisplacement,
///                               startVelocity: m.velocityFromVelocity)
///     }
///     var description: String { "oscillator(\(omega))" }
/// }
/// ```
///
/// ## Contract
/// - ``transition(over:)`` is `exp(G t)` for every `t >= 0`, accurate to a few units in the last
///   place, pure and thread-safe; `transition(over: 0)` is the identity.
/// - The segment's weights are read from the transition, independent of the segment's duration:
///   `valueWeights(at: t, duration: _)` is `(from: a, to: 1 - a, startVelocity: b, endVelocity: 0)`
///   and `velocityWeights(at: t, duration: _)` is `(from: c, to: -c, startVelocity: d,
///   endVelocity: 0)` where `(a, b; c, d) = transition(over: t)`.
/// - ``systemMatrix`` is `G`, the derivative of ``transition(over:)`` at 0.
///
/// A ``ScalarTrackBank`` checks this contract at a few times when it compiles a track and plays a
/// segment that breaks it through its ``SegmentInterpolator`` weights instead, as a track does.
public protocol LinearTimeInvariantSegment: SegmentInterpolator {
    /// The system matrix `G` of `d/dt (x, v) = G (x, v)`, where `x` is the displacement from the
    /// keyframe's value.
    var systemMatrix: StateMatrix { get }

    /// The exact transition of the state over `duration` seconds: `exp(G · duration)`.
    ///
    /// - Parameter duration: Seconds, not negative.
    /// - Returns: The matrix that maps the state at any time to the state `duration` later.
    func transition(over duration: Double) -> StateMatrix
}

extension LinearTimeInvariantSegment {
    /// Whether the segment's weights agree with its transition at a few times within `tolerance`
    /// (relative to the size of the entries), as the protocol's contract requires.
    ///
    /// - Parameter duration: A segment length to check over, in seconds.
    /// - Returns: `true` when the weights and the transition agree and are finite.
    func honoursWeightContract(duration: Double, tolerance: Double = 1e-9) -> Bool {
        for fraction in [0.0, 0.125, 0.5, 0.875, 1.0] {
            let t = duration * fraction
            let m = transition(over: t)
            guard m.isFinite else { return false }
            let value = valueWeights(at: t, duration: duration)
            let velocity = velocityWeights(at: t, duration: duration)
            let scale = Swift.max(1, m.maximumMagnitude)
            let differences = [
                value.from - m.displacementFromDisplacement,
                value.to - (1 - m.displacementFromDisplacement),
                value.startVelocity - m.displacementFromVelocity, value.endVelocity,
                velocity.from - m.velocityFromDisplacement,
                velocity.to + m.velocityFromDisplacement,
                velocity.startVelocity - m.velocityFromVelocity, velocity.endVelocity,
            ]
            for difference in differences where !(abs(difference) <= tolerance * scale) {
                return false
            }
        }
        return true
    }
}
