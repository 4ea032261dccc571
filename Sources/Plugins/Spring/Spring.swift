import Timeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped harmonic oscillator: a mass on a spring with viscous damping.
///
/// The motion of the displacement `x` from the target obeys
///
///     mass * x'' + damping * x' + stiffness * x = 0
///
/// and Cadence evaluates it in closed form (no numerical integration) for under-, critically and
/// over-damped springs. A spring is a value: it says how things move, not what moves. Use it as a
/// keyframe segment kind (``SegmentKind/spring(_:startVelocity:)``), as a standalone
/// ``SpringAnimation``, or as a unit timing curve (``SpringTiming``).
///
/// Make a spring from whichever parameters you think in; they all produce the same canonical
/// mass, stiffness and damping:
///
/// ```swift
/// let physical = try Spring(mass: 1, stiffness: 100, damping: 10)         // Core Animation
/// let swiftUI = try Spring(duration: 0.5, bounce: 0.3)                    // SwiftUI
/// let response = try Spring(response: 0.5, dampingRatio: 0.7)            // SwiftUI
/// let settling = try Spring(settlingDuration: 1, dampingRatio: 0.7)       // settles in 1 s
/// let uiKit = try Spring(dampingRatio: 0.55, duration: 0.5, relativeVelocity: 1 / 0.55) // UIKit
/// physical.dampingRatio   // 0.5
/// swiftUI.stiffness       // 157.91...
/// ```
///
/// Every initialiser validates its input and throws a ``SpringError`` that names the parameter.
public struct Spring: Sendable, Hashable {
    /// The mass attached to the spring; greater than 0.
    public let mass: Double
    /// The spring constant; greater than 0.
    public let stiffness: Double
    /// The viscous damping coefficient; not negative (0 is an undamped spring).
    public let damping: Double

    /// `damping / (2 * mass)`: the rate at which the motion's envelope decays, per second.
    @usableFromInline let decayRate: Double
    /// `stiffness / mass`: the square of the undamped angular frequency.
    @usableFromInline let naturalFrequencySquared: Double
    /// `stiffness / mass - (damping / (2 * mass))²`: the square of the damped angular frequency
    /// when positive (under-damped), minus the square of the exponential spread when negative
    /// (over-damped), 0 when critically damped.
    @usableFromInline let oscillationSquared: Double

    /// The default settling threshold, 0.001: SwiftUI's default `epsilon`.
    ///
    /// Relative thresholds (``settlingDuration(threshold:relativeVelocity:)``, ``SpringTiming``)
    /// are a fraction of the distance travelled; ``SpringAnimation`` takes its threshold in value
    /// units.
    public static let defaultThreshold = 0.001

    /// Creates a spring from its physical constants, as Core Animation's `CASpringAnimation`
    /// and SwiftUI's `Spring(mass:stiffness:damping:)` do.
    ///
    /// Over-damped springs (`damping > 2 * sqrt(mass * stiffness)`) are allowed.
    ///
    /// - Parameters:
    ///   - mass: The mass attached to the spring; finite and greater than 0. Default 1.
    ///   - stiffness: The spring constant; finite and greater than 0.
    ///   - damping: The damping coefficient; finite and not negative.
    /// - Throws: ``SpringError`` naming the first invalid parameter, or
    ///   ``SpringError/unrepresentable(reason:)`` when `stiffness / mass` or
    ///   `damping / (2 * mass)` overflows or underflows.
    public init(mass: Double = 1, stiffness: Double, damping: Double) throws(SpringError) {
        try SpringError.requirePositive(mass, .mass)
        try SpringError.requirePositive(stiffness, .stiffness)
        try SpringError.requireNonNegative(damping, .damping)
        let omegaSquared = stiffness / mass
        let alpha = damping / (2 * mass)
        guard omegaSquared.isFinite, omegaSquared > 0, omegaSquared.isNormal else {
            throw .unrepresentable(reason: "stiffness / mass = \(omegaSquared)")
        }
        guard alpha.isFinite, damping == 0 || alpha > 0 else {
            throw .unrepresentable(reason: "damping / (2 * mass) = \(alpha)")
        }
        // One rounding for the difference: ω0² - α² without forming α² separately.
        let q = omegaSquared.addingProduct(-alpha, alpha)
        guard q.isFinite else {
            throw .unrepresentable(reason: "(damping / (2 * mass))² overflows")
        }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.decayRate = alpha
        self.naturalFrequencySquared = omegaSquared
        self.oscillationSquared = q
    }

    /// The undamped angular frequency `sqrt(stiffness / mass)`, in radians per second.
    public var naturalFrequency: Double { naturalFrequencySquared.squareRoot() }

    /// The damping as a fraction of critical damping: `damping / (2 * sqrt(mass * stiffness))`.
    ///
    /// Below 1 the spring oscillates (under-damped), at 1 it is critically damped, above 1
    /// over-damped; 0 is an undamped spring that oscillates forever.
    public var dampingRatio: Double { decayRate / naturalFrequency }

    /// The period of the undamped spring, `2π * sqrt(mass / stiffness)`, in seconds.
    ///
    /// This is SwiftUI's `response`, and also its perceptual `duration`.
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// SwiftUI's bounce: `1 - dampingRatio` for an under-damped (or critically damped) spring,
    /// `1 / dampingRatio - 1` for an over-damped one. In `-1 < bounce <= 1`; 0 is critical.
    public var bounce: Double {
        let ratio = dampingRatio
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    /// Whether the spring oscillates around its target: ``dampingRatio`` below 1.
    ///
    /// A spring made with a damping ratio of exactly 1 can differ from critical damping by a
    /// rounding error in its constants; its motion is then indistinguishable from critical.
    public var isUnderdamped: Bool { dampingRatio < 1 }

    /// The time for a move of distance 1, starting at rest, to come within
    /// ``defaultThreshold`` (0.1% of the distance) of its target and stay there.
    ///
    /// `.infinity` for an undamped spring. See ``settlingDuration(threshold:relativeVelocity:)``.
    public var settlingDuration: Double {
        settlingTime(displacementSquared: 1, product: 0, velocitySquared: 0,
                     threshold: Self.defaultThreshold)
    }
}

extension Spring: CustomStringConvertible {
    /// The spring's canonical constants: `spring(mass: 1.0, stiffness: 100.0, damping: 10.0)`.
    public var description: String {
        "spring(mass: \(mass), stiffness: \(stiffness), damping: \(damping))"
    }
}
