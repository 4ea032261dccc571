/// Why a composition could not be built.
public enum CompositionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A delay, offset or step is NaN or infinite.
    case nonFiniteTime(String, Double)
    /// A delay, step or duration is negative.
    case negativeTime(String, Double)
    /// A speed factor is not a finite number greater than 0.
    case invalidSpeed(Double)
    /// A repeat count is not a number greater than 0 (use `repeatedForever()` for no end).
    case invalidRepeatCount(Double)
    /// A stagger needs at least one clip.
    case emptyStagger
    /// A position refers to a label that was never added.
    case unknownLabel(String, known: [String])
    /// A label was added twice.
    case duplicateLabel(String)
    /// A position resolves to a time before 0.
    case negativeStart(Double)
    /// A clip that never ends was placed where a finite length is needed (a repeat of it).
    case infiniteDuration(String)

    /// A sentence that says what is wrong.
    public var description: String {
        switch self {
        case .nonFiniteTime(let what, let value):
            "\(what) must be a finite number, got \(value)"
        case .negativeTime(let what, let value):
            "\(what) must not be negative, got \(value)"
        case .invalidSpeed(let speed):
            "speed must be a finite number greater than 0, got \(speed)"
        case .invalidRepeatCount(let count):
            "repeat count must be a number greater than 0, got \(count) (use repeatedForever() for no end)"
        case .emptyStagger:
            "a stagger needs at least one clip"
        case .unknownLabel(let name, let known):
            "unknown label '\(InputExcerpt.excerpt(name))'" + (known.isEmpty
                ? " (no labels are defined)"
                : "; labels: \(known.prefix(20).map(InputExcerpt.excerpt).joined(separator: ", "))" + (known.count > 20 ? " and \(known.count - 20) more" : ""))
        case .duplicateLabel(let name):
            "label '\(InputExcerpt.excerpt(name))' is already defined"
        case .negativeStart(let time):
            "position resolves to time \(time), before the start of the timeline"
        case .infiniteDuration(let what):
            "\(what): a clip that repeats forever has no end"
        }
    }
}
