import Timeline

/// Why a step count and position do not make a step easing function.
public enum StepsTimingError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Fewer steps than the position allows: at least 1, and at least 2 for `jump-none`.
    case countTooSmall(count: Int, position: StepPosition)
    /// More steps than ``StepsTiming/maximumCount``.
    case countTooLarge(count: Int)

    /// What is wrong, in one line.
    public var description: String {
        switch self {
        case .countTooSmall(let count, let position):
            "steps: \(count) steps with \(position) (it needs at least \(position.minimumCount))"
        case .countTooLarge(let count):
            "steps: \(count) steps is more than the maximum, \(StepsTiming.maximumCount)"
        }
    }
}
