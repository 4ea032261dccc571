/// A 2×2 matrix acting on a linear system's state: its displacement from a target and its
/// velocity.
///
/// A ``LinearTimeInvariantSegment`` (a spring) moves its state linearly: over a step of `h`
/// seconds,
///
///     | x(t + h) |   | displacementFromDisplacement  displacementFromVelocity |   | x(t) |
///     | v(t + h) | = | velocityFromDisplacement      velocityFromVelocity     | * | v(t) |
///
/// so forward playback at a fixed frame interval can step every such state by one matrix product
/// per frame, with no numerical integration and no drift beyond rounding. The same type holds a
/// segment's system matrix `G` of `d/dt (x, v) = G (x, v)`, whose exponential `exp(G h)` is the
/// transition over `h` seconds; the spring plugin computes that exponential in closed form
/// (`Spring.transitionMatrix(step:)`).
///
/// ```swift
/// let step = StateMatrix(
///     displacementFromDisplacement: 0.98, displacementFromVelocity: 0.016,
///     velocityFromDisplacement: -1.6, velocityFromVelocity: 0.82)
/// let next = step.applied(toDisplacement: -100, velocity: 0)   // (-98, 160)
/// ```
public struct StateMatrix: Sendable, Hashable {
    /// The displacement after the step per unit of displacement before it.
    public var displacementFromDisplacement: Double
    /// The displacement after the step per unit of velocity before it (seconds).
    public var displacementFromVelocity: Double
    /// The velocity after the step per unit of displacement before it (per second).
    public var velocityFromDisplacement: Double
    /// The velocity after the step per unit of velocity before it.
    public var velocityFromVelocity: Double

    /// Creates a matrix from its four entries.
    ///
    /// - Parameters:
    ///   - displacementFromDisplacement: Row 1, column 1.
    ///   - displacementFromVelocity: Row 1, column 2.
    ///   - velocityFromDisplacement: Row 2, column 1.
    ///   - velocityFromVelocity: Row 2, column 2.
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

    /// The identity: the transition over zero seconds.
    public static let identity = StateMatrix(
        displacementFromDisplacement: 1, displacementFromVelocity: 0,
        velocityFromDisplacement: 0, velocityFromVelocity: 1)

    /// Whether every entry is finite.
    public var isFinite: Bool {
        displacementFromDisplacement.isFinite && displacementFromVelocity.isFinite
            && velocityFromDisplacement.isFinite && velocityFromVelocity.isFinite
    }

    /// The largest entry magnitude.
    public var maximumMagnitude: Double {
        Swift.max(
            Swift.max(abs(displacementFromDisplacement), abs(displacementFromVelocity)),
            Swift.max(abs(velocityFromDisplacement), abs(velocityFromVelocity)))
    }

    /// The state after the step.
    ///
    /// - Parameters:
    ///   - displacement: The displacement from the target before the step.
    ///   - velocity: The velocity before the step, in value units per second.
    /// - Returns: The displacement and velocity after the step.
    /// - Complexity: O(1): four multiplications and two additions.
    @inlinable
    public func applied(
        toDisplacement displacement: Double, velocity: Double
    ) -> (displacement: Double, velocity: Double) {
        (
            displacementFromDisplacement * displacement + displacementFromVelocity * velocity,
            velocityFromDisplacement * displacement + velocityFromVelocity * velocity
        )
    }

    /// The state of a value of any ``Animatable`` type after the step, component by component.
    ///
    /// - Parameters:
    ///   - displacement: The displacement from the target before the step (`value - target`).
    ///   - velocity: The velocity before the step, in value units per second.
    /// - Returns: The displacement and velocity after the step.
    /// - Complexity: O(1): four scalings and two additions of `Value`.
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
    /// - Returns: The product `other · self`.
    @inlinable
    public func followed(by other: StateMatrix) -> StateMatrix {
        StateMatrix(
            displacementFromDisplacement: other.displacementFromDisplacement * displacementFromDisplacement
                + other.displacementFromVelocity * velocityFromDisplacement,
            displacementFromVelocity: other.displacementFromDisplacement * displacementFromVelocity
                + other.displacementFromVelocity * velocityFromVelocity,
            velocityFromDisplacement: other.velocityFromDisplacement * displacementFromDisplacement
                + other.velocityFromVelocity * velocityFromDisplacement,
            velocityFromVelocity: other.velocityFromDisplacement * displacementFromVelocity
                + other.velocityFromVelocity * velocityFromVelocity)
    }

    /// The trace, `displacementFromDisplacement + velocityFromVelocity`.
    @inlinable
    public var trace: Double { displacementFromDisplacement + velocityFromVelocity }

    /// The determinant.
    @inlinable
    public var determinant: Double {
        displacementFromDisplacement * velocityFromVelocity
            - displacementFromVelocity * velocityFromDisplacement
    }
}
