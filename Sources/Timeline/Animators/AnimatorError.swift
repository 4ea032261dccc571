/// Why an animator refused a request.
public enum AnimatorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A duration that is NaN, infinite or negative.
    case invalidDuration(Double)
    /// A delay that is NaN, infinite or negative.
    case invalidDelay(Double)
    /// A delay factor outside `0...1`.
    case invalidDelayFactor(Double)
    /// A fraction that is NaN.
    case invalidFraction(Double)
    /// A speed that is not a finite number greater than 0.
    case invalidSpeed(Double)
    /// The animator has completed; it accepts no more animations or commands.
    case alreadyCompleted
    /// An animator was chained after one that is not part of the transition.
    case notInTransition
    /// An animation's target has a NaN or infinite component (the target, as printed).
    case nonFiniteTarget(String)

    /// A sentence that says what is wrong.
    public var description: String {
        switch self {
        case .invalidDuration(let value): "animator duration must be a finite number >= 0, got \(value)"
        case .invalidDelay(let value): "delay must be a finite number >= 0, got \(value)"
        case .invalidDelayFactor(let value): "delay factor must be in 0...1, got \(value)"
        case .invalidFraction(let value): "fraction complete must be a number, got \(value)"
        case .invalidSpeed(let value): "speed must be a finite number > 0, got \(value)"
        case .alreadyCompleted: "the animator has already completed"
        case .notInTransition: "add the animator to chain after to the transition first"
        case .nonFiniteTarget(let value): "an animation's target must be finite (no NaN or infinity), got \(value)"
        }
    }
}
