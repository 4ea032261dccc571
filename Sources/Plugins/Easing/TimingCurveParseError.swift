import Timeline

/// Why text is not a timing curve, and where: every case but ``empty`` carries the offset, in
/// characters from the start of the text, of what went wrong.
///
/// The ``description`` is a complete message for a person: what was found, where, and what is
/// accepted there.
///
/// ```swift
/// do {
///     _ = try TimingCurve(parsing: "cubic-bezier(0.42, 0, 1.5, 1)")
/// } catch {
///     print(error)
///     // at character 22: cubic-bezier: x2 = 1.5 is outside 0...1; the syntax is
///     // cubic-bezier(x1, y1, x2, y2) with x1 and x2 in 0...1
/// }
/// ```
public enum TimingCurveParseError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The text is empty or only whitespace.
    case empty
    /// A name that is not a curve or a curve function.
    case unknownName(String, offset: Int)
    /// A character that has no place in the syntax (`@`, `;`, a letter outside ASCII).
    case unexpectedCharacter(Character, offset: Int)
    /// Something other than what the syntax requires there; `function` is the curve function
    /// being read, if any.
    case expected(String, found: String, offset: Int, function: String?)
    /// A keyword curve followed by an argument list, such as `ease(1)`.
    case unexpectedArguments(name: String, offset: Int)
    /// A curve function with the wrong number of arguments, such as `cubic-bezier(1, 2)`.
    case wrongArgumentCount(function: String, found: Int, offset: Int)
    /// A number too large for a `Double` (`1e999`).
    case numberOutOfRange(String, offset: Int)
    /// Control points that make no cubic Bézier timing function (an x outside `0...1`).
    case invalidCubicBezier(CubicBezierError, offset: Int)
    /// A step count out of range for its position (`steps(0)`, `steps(1, jump-none)`).
    case invalidSteps(StepsTimingError, offset: Int)
    /// Stops that make no `linear()` function (fewer than two).
    case invalidLinear(PiecewiseLinearTimingError, offset: Int)
    /// Text after a complete curve.
    case trailingText(String, offset: Int)
    /// `custom(...)`: closure curves print this way but have no text form to read back.
    case customCurve(offset: Int)

    /// Where the problem is, in characters (grapheme clusters) from the start of the text.
    public var offset: Int {
        switch self {
        case .empty: 0
        case .unknownName(_, let offset), .unexpectedCharacter(_, let offset),
            .expected(_, _, let offset, _), .unexpectedArguments(_, let offset),
            .wrongArgumentCount(_, _, let offset), .numberOutOfRange(_, let offset),
            .invalidCubicBezier(_, let offset), .invalidSteps(_, let offset),
            .invalidLinear(_, let offset), .trailingText(_, let offset), .customCurve(let offset):
            offset
        }
    }

    /// The message: what is wrong, where, and what is accepted.
    public var description: String {
        let place = "at character \(offset): "
        switch self {
        case .empty:
            return "empty timing curve; expected " + Self.everything
        case .unknownName(let name, _):
            let hint = Self.suggestion(for: name).map { " (did you mean '\($0)'?)" } ?? ""
            return place + "unknown timing curve '\(InputExcerpt.excerpt(name))'\(hint); expected " + Self.everything
        case .unexpectedCharacter(let character, _):
            return place + "unexpected character '\(character)'"
        case .expected(let what, let found, _, let function):
            let syntax = function.flatMap(Self.syntax(of:)).map { "; the syntax is " + $0 } ?? ""
            let accepted = function == nil ? "; accepted: " + Self.everything : syntax
            return place + "expected \(what), found \(InputExcerpt.excerpt(found))" + accepted
        case .unexpectedArguments(let name, _):
            return place + "'\(InputExcerpt.excerpt(name))' takes no arguments; the curve functions are "
                + TimingCurve.acceptedFunctions.joined(separator: ", ")
        case .wrongArgumentCount(let function, let found, _):
            let syntax = Self.syntax(of: function) ?? function
            return place + "\(function) with \(found) argument\(found == 1 ? "" : "s"); the syntax is "
                + syntax
        case .numberOutOfRange(let text, _):
            return place + "the number \(InputExcerpt.excerpt(text)) is out of range for a Double"
        case .invalidCubicBezier(let error, _):
            return place + "\(error); the syntax is " + (Self.syntax(of: "cubic-bezier") ?? "")
        case .invalidSteps(let error, _):
            return place + "\(error); the syntax is " + (Self.syntax(of: "steps") ?? "")
        case .invalidLinear(let error, _):
            return place + "\(error); the syntax is " + (Self.syntax(of: "linear") ?? "")
        case .trailingText(let text, _):
            return place + "unexpected '\(InputExcerpt.excerpt(text))' after the curve"
        case .customCurve:
            return place
                + "custom(...) curves are closures defined in code and cannot be read from text"
        }
    }

    /// The accepted names and functions, for messages.
    private static var everything: String {
        "one of " + TimingCurve.acceptedNames.joined(separator: ", ") + "; or "
            + TimingCurve.acceptedFunctions.joined(separator: ", ")
    }

    /// The syntax of a curve function, for messages.
    private static func syntax(of function: String) -> String? {
        switch function {
        case "cubic-bezier":
            "cubic-bezier(x1, y1, x2, y2) with x1 and x2 in 0...1"
        case "steps":
            "steps(count) or steps(count, position) with a whole count of at least 1 (2 for "
                + "jump-none) and position one of jump-start, jump-end, jump-none, jump-both, "
                + "start, end"
        case "linear":
            "linear(stop, stop, ...) with at least two stops, each an output number with up to "
                + "two input percentages, as in linear(0, 0.25 75%, 1)"
        default:
            nil
        }
    }

    /// The accepted name closest to `name` in edit distance, if it is close enough to be a typo.
    private static func suggestion(for written: String) -> String? {
        // No accepted name is near a long one, and the distance costs length × length.
        guard written.utf8.count <= 40 else { return nil }
        let candidates = TimingCurve.acceptedNames + ["cubic-bezier", "steps"]
        // SwiftUI's and UIKit's camelCase (`easeInOut`) is the CSS name in kebab-case.
        let kebab = written.reduce(into: "") { text, character in
            if character.isUppercase, !text.isEmpty, text.last != "-" { text.append("-") }
            text += character.lowercased()
        }
        if candidates.contains(kebab) { return kebab }
        let name = written.lowercased()
        let scored = candidates.map { ($0, editDistance(name, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, name.count / 3) ? best.0 : nil
    }

    /// Levenshtein distance between two strings, by characters.
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}
