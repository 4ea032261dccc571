import Timeline

/// Where a step easing function puts its jumps, as CSS `steps()` names them.
///
/// | position | first rise | last rise | rises (jumps) for `steps(n)` |
/// |---|---|---|---|
/// | ``jumpStart`` (`start`) | at 0 | inside | n |
/// | ``jumpEnd`` (`end`, the default) | inside | at 1 | n |
/// | ``jumpNone`` | inside | inside | n - 1 (n >= 2) |
/// | ``jumpBoth`` | at 0 | at 1 | n + 1 |
public enum StepPosition: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The first rise happens at input 0.
    case jumpStart = "jump-start"
    /// The last rise happens at input 1.
    case jumpEnd = "jump-end"
    /// All rises happen strictly inside `(0, 1)`.
    case jumpNone = "jump-none"
    /// Rises at both input 0 and input 1.
    case jumpBoth = "jump-both"

    /// CSS `start`: the same as ``jumpStart``.
    public static let start = StepPosition.jumpStart
    /// CSS `end`: the same as ``jumpEnd``.
    public static let end = StepPosition.jumpEnd

    /// The CSS keyword: `jump-start`, `jump-end`, `jump-none` or `jump-both`.
    public var description: String { rawValue }

    /// The fewest steps this position accepts: 2 for ``jumpNone``, 1 otherwise.
    public var minimumCount: Int { self == .jumpNone ? 2 : 1 }

    /// Whether the function rises at input 0.
    @inlinable
    var risesAtStart: Bool { self == .jumpStart || self == .jumpBoth }

    /// The number of rises of a function with `count` steps.
    @inlinable
    func jumps(forCount count: Int) -> Int {
        switch self {
        case .jumpStart, .jumpEnd: count
        case .jumpNone: count - 1
        case .jumpBoth: count + 1
        }
    }

    /// Reads a CSS step position, aliases `start` and `end` included (ASCII letters in any case).
    init?(keyword: String) {
        switch keyword.lowercased() {
        case "jump-start", "start": self = .jumpStart
        case "jump-end", "end": self = .jumpEnd
        case "jump-none": self = .jumpNone
        case "jump-both": self = .jumpBoth
        default: return nil
        }
    }
}
