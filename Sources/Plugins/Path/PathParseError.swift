import Timeline

/// Why SVG path data could not be parsed. Every case gives the character offset of the problem
/// (from 0, in `Character`s) and the data, so that ``description`` can point at it:
///
/// ```
/// path data, offset 4: expected a number after 'M', found the end of the data
///   M 10
///       ^
/// ```
public enum PathParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data does not start with a move command (`M` or `m`), as SVG requires.
    case missingMoveTo(offset: Int, source: String)
    /// A command letter was expected, and the character there is not one.
    case expectedCommand(offset: Int, source: String)
    /// The command needs another number here.
    case expectedNumber(command: Character, offset: Int, source: String)
    /// An arc's large-arc or sweep flag is not `0` or `1`.
    case expectedFlag(command: Character, offset: Int, source: String)
    /// A number is too large for `Double` (such as `1e999`), or the coordinates it leads to
    /// overflow.
    case numberOutOfRange(offset: Int, source: String)

    /// The offset of the offending character, in `Character`s from the start of the data.
    public var offset: Int {
        switch self {
        case .missingMoveTo(let offset, _), .expectedCommand(let offset, _),
            .expectedNumber(_, let offset, _), .expectedFlag(_, let offset, _),
            .numberOutOfRange(let offset, _):
            offset
        }
    }

    /// The path data that was parsed.
    public var source: String {
        switch self {
        case .missingMoveTo(_, let source), .expectedCommand(_, let source),
            .expectedNumber(_, _, let source), .expectedFlag(_, _, let source),
            .numberOutOfRange(_, let source):
            source
        }
    }

    /// What is wrong, in one line, without the location.
    public var reason: String {
        let found = foundDescription
        switch self {
        case .missingMoveTo:
            return "path data must start with a move command ('M' or 'm'), found \(found)"
        case .expectedCommand:
            return "expected a path command letter, found \(found)"
        case .expectedNumber(let command, _, _):
            return "expected a number after '\(command)', found \(found)"
        case .expectedFlag(let command, _, _):
            return "expected an arc flag ('0' or '1') after '\(command)', found \(found)"
        case .numberOutOfRange:
            return "number out of range (the value or the coordinates it leads to overflow)"
        }
    }

    /// The reason, the offset, and the offending line with a caret under the character.
    public var description: String {
        let (line, column) = excerpt
        let caret = String(repeating: " ", count: column) + "^"
        return "path data, offset \(offset): \(reason)\n  \(line)\n  \(caret)"
    }

    private var foundDescription: String {
        let characters = Array(source)
        guard offset < characters.count else { return "the end of the data" }
        let character = characters[offset]
        if character == "\n" { return "a line break" }
        if character == "\t" { return "a tab" }
        return "'\(character)'"
    }

    /// The line holding the offset (clipped to 60 characters around it) and the caret column.
    private var excerpt: (line: String, column: Int) {
        let characters = Array(source)
        let position = min(offset, characters.count)
        var lineStart = position
        while lineStart > 0, !characters[lineStart - 1].isNewline { lineStart -= 1 }
        var lineEnd = position
        while lineEnd < characters.count, !characters[lineEnd].isNewline { lineEnd += 1 }
        let window = 30
        let from = max(lineStart, position - window)
        let to = min(lineEnd, position + window)
        var line = String(characters[from..<to]).replacingTabs()
        var column = position - from
        if from > lineStart {
            line = "…" + line
            column += 1
        }
        if to < lineEnd { line += "…" }
        return (line, column)
    }
}

extension String {
    /// The string with tabs shown as single spaces, so that a caret lines up.
    fileprivate func replacingTabs() -> String {
        String(map { $0 == "\t" ? " " : $0 })
    }
}
