/// The exact state-transition matrix of a spring over a time step.
///
/// A spring's state is its displacement from the target and its velocity. Over a step of `h`
/// seconds the state moves linearly:
///
///     | x(t + h) |   | displacementFromDisplacement  displacementFromVelocity |   | x(t) |
///     | v(t + h) | = | velocityFromDisplacement      velocityFromVelocity     | * | v(t) |
///
/// so forward playback at a fixed frame interval can step every spring by one matrix product per
/// frame, with no numerical integration and no drift beyond rounding: the entries are computed in
/// closed form (``Spring/transitionMatrix(step:)``).
///
/// ```swift
/// let spring = try Spring(response: 0.5, dampingRatio: 0.7)
/// let frame = try spring.transitionMatrix(step: 1.0 / 60)
/// var state = (displacement: -100.0, velocity: 0.0)   // 100 points before the target
/// state = frame.applied(toDisplacement: state.displacement, velocity: state.velocity)
/// ```
public struct SpringTransitionMatrix: Sendable, Hashable {
    /// The displacement after the step per unit of displacement before it.
    public var displacementFromDisplacement: Double
    /// The displacement after the step per unit of velocity before it (seconds).
    public var displacementFromVelocity: Double
    /// The velocity after the step per unit of displacement before it (per second).
    public var velocityFromDisplacement: Double
    /// The velocity after the step per unit of velocity before it.
    public var velocityFromVelocity: Double

    /// Creates a matrix from its four entries.
    @inlinable
    public init(
        displacementFromDisplacement: Double, displacementFromVelocity: Double,
        velocityFromDisplacement: Double, velocityFromVelocity: Double
    ) {
        self.displacementFromDisplacement = displacementFromDisplacement
        self.displacementFromVelocity = displacementFromVelocity
        self.velocityFromDisplacement = velocityFromDisplacement
        self.velocityFromVelocity = velocityFromVelocity
    }

    /// The identity: a step of zero seconds.
    public static let identity = SpringTransitionMatrix(
        displacementFromDisplacement: 1, displacementFromVelocity: 0,
        velocityFromDisplacement: 0, velocityFromVelocity: 1)

    /// The state after the step.
    ///
    /// - Parameters:
    ///   - displacement: The displacement from the target before the step (`value - target`).
    ///   - velocity: The velocity before the step, in value units per second.
    /// - Returns: The displacement and velocity after the step.
    /// - Complexity: O(1); four scalings and two additions of `Value`.
    @inlinable
    public func applied<Value: Animatable>(
        toDisplacement displacement: Value, velocity: Value
    ) -> (displacement: Value, velocity: Value) {
        (
            displacement.scaled(by: displacementFromDisplacement)
                + velocity.scaled(by: displacementFromVelocity),
            displacement.scaled(by: velocityFromDisplacement)
                + velocity.scaled(by: velocityFromVelocity)
        )
    }

    /// The matrix of two steps in sequence: `other` after `self`.
    ///
    /// - Parameter other: The step taken after this one.
    /// - Returns: `other * self`.
    @inlinable
    public func followed(by other: SpringTransitionMatrix) -> SpringTransitionMatrix {
        SpringTransitionMatrix(
            displacementFromDisplacement: other.displacementFromDisplacement * displacementFromDisplacement
                + other.displacementFromVelocity * velocityFromDisplacement,
            displacementFromVelocity: other.displacementFromDisplacement * displacementFromVelocity
                + other.displacementFromVelocity * velocityFromVelocity,
            velocityFromDisplacement: other.velocityFromDisplacement * displacementFromDisplacement
                + other.velocityFromVelocity * velocityFromDisplacement,
            velocityFromVelocity: other.velocityFromDisplacement * displacementFromVelocity
                + other.velocityFromVelocity * velocityFromVelocity)
    }
}
