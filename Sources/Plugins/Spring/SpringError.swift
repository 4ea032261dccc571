import Timeline

/// Why a spring, a spring animation or a spring curve could not be made.
///
/// Every case names the parameter it is about, so that a message reads like
/// `dampingRatio: -0.5 must not be negative`.
public enum SpringError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The parameters of springs, spring animations and spring curves, as errors name them.
    public enum Parameter: String, Sendable, Equatable, CaseIterable {
        /// The mass attached to the spring.
        case mass
        /// The spring constant.
        case stiffness
        /// The viscous damping coefficient.
        case damping
        /// The damping ratio (1 = critically damped).
        case dampingRatio
        /// The response: the period of the undamped spring, in seconds.
        case response
        /// A duration in seconds (SwiftUI's perceptual duration, UIKit's or a curve's duration).
        case duration
        /// A settling duration in seconds.
        case settlingDuration
        /// SwiftUI's bounce.
        case bounce
        /// An initial velocity in value units per second (``SpringAnimation``).
        case initialVelocity
        /// An initial velocity relative to the distance, in distances per second (UIKit's
        /// convention: ``Spring``, ``SpringTiming``).
        case relativeVelocity
        /// A settling threshold.
        case threshold
        /// A time in seconds.
        case time
        /// A time step in seconds.
        case step
        /// The value an animation starts from.
        case from
        /// The value an animation moves to.
        case to
    }

    /// A parameter is NaN or infinite.
    case nonFinite(Parameter, value: Double)
    /// A parameter that must be greater than zero is zero or negative.
    case notPositive(Parameter, value: Double)
    /// A parameter that must not be negative is negative.
    case negative(Parameter, value: Double)
    /// A parameter lies outside the range it must lie in, described by `expected`.
    case outOfRange(Parameter, value: Double, expected: String)
    /// A value (of any ``Animatable`` type) has a NaN or infinite component.
    case nonFiniteValue(Parameter)
    /// The parameters are individually valid but a derived quantity (named in `reason`) is not
    /// representable as a finite, non-zero `Double`.
    case unrepresentable(reason: String)
    /// The spring has no damping, so it never settles and has no settling duration.
    case neverSettles

    /// The parameter the error is about, if any.
    public var parameter: Parameter? {
        switch self {
        case .nonFinite(let p, _), .notPositive(let p, _), .negative(let p, _),
            .outOfRange(let p, _, _), .nonFiniteValue(let p):
            p
        case .unrepresentable, .neverSettles:
            nil
        }
    }

    /// A sentence that says what is wrong and where.
    public var description: String {
        switch self {
        case .nonFinite(let p, let value):
            "\(p.rawValue): \(value) must be a finite number"
        case .notPositive(let p, let value):
            "\(p.rawValue): \(value) must be greater than 0"
        case .negative(let p, let value):
            "\(p.rawValue): \(value) must not be negative"
        case .outOfRange(let p, let value, let expected):
            "\(p.rawValue): \(value) is out of range; expected \(expected)"
        case .nonFiniteValue(let p):
            "\(p.rawValue): the value must be finite (no NaN or infinity)"
        case .unrepresentable(let reason):
            "the spring cannot be represented: \(reason)"
        case .neverSettles:
            "the spring has no damping, so it never settles"
        }
    }
}

extension SpringError {
    /// Checks that `value` is finite and greater than zero.
    static func requirePositive(_ value: Double, _ parameter: Parameter) throws(SpringError) {
        guard value.isFinite else { throw .nonFinite(parameter, value: value) }
        guard value > 0 else { throw .notPositive(parameter, value: value) }
    }

    /// Checks that `value` is finite and not negative.
    static func requireNonNegative(_ value: Double, _ parameter: Parameter) throws(SpringError) {
        guard value.isFinite else { throw .nonFinite(parameter, value: value) }
        guard value >= 0 else { throw .negative(parameter, value: value) }
    }

    /// Checks that `value` is finite.
    static func requireFinite(_ value: Double, _ parameter: Parameter) throws(SpringError) {
        guard value.isFinite else { throw .nonFinite(parameter, value: value) }
    }

    /// Checks a relative settling threshold: finite, in `0 < threshold < 1`.
    static func requireRelativeThreshold(_ value: Double) throws(SpringError) {
        try requirePositive(value, .threshold)
        guard value < 1 else {
            throw .outOfRange(.threshold, value: value, expected: "0 < threshold < 1 (a fraction of the distance)")
        }
    }
}
