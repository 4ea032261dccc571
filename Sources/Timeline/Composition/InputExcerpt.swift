/// Bounded echoes of input in error messages: the one place that decides how much of a name, a
/// string or a number an error repeats, so that a 1 MB name gives a one-line error, not a 1 MB one.
///
/// ```
/// InputExcerpt.excerpt(String(repeating: "x", count: 1_000_000))
/// // "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (1000000 characters)"
/// ```
///
/// Every module of the package uses it (`package` access): the document reader, the command-line
/// tool and the composition errors. The command-line tool also passes every error line through
/// ``bounded(_:)`` as a last guard, so that no message echoes unbounded input.
package enum InputExcerpt {
    /// Text up to this many characters is echoed whole.
    package static let maximumLength = 60
    /// How many characters of longer text are echoed, before "…" and the original length.
    package static let keptLength = 40
    /// A run of characters without whitespace longer than this is shortened by ``bounded(_:)``.
    package static let maximumTokenLength = 200
    /// The longest message ``bounded(_:)`` returns, in characters (the cut is marked).
    package static let maximumMessageLength = 4_000

    /// `text` itself when it has at most ``maximumLength`` characters; otherwise its first
    /// ``keptLength`` characters, "…" and its length: `abcd… (1048576 characters)`.
    ///
    /// - Complexity: O(*n*) in the length of `text` (it is counted once).
    package static func excerpt(_ text: some StringProtocol) -> String {
        var index = text.startIndex
        var count = 0
        while index < text.endIndex, count <= maximumLength {
            index = text.index(after: index)
            count += 1
        }
        guard count > maximumLength else { return String(text) }
        return String(text.prefix(keptLength)) + "… (\(text.count) characters)"
    }

    /// `message` with every run of more than ``maximumTokenLength`` characters without whitespace
    /// shortened as ``excerpt(_:)`` does, and the whole cut to ``maximumMessageLength`` characters.
    ///
    /// A guard for messages that may hold input not already shortened where it was quoted.
    ///
    /// - Complexity: O(*n*) in the length of `message`.
    package static func bounded(_ message: String) -> String {
        guard message.utf8.count > maximumTokenLength else { return message }
        var result = ""
        var length = 0
        var tokenStart = message.startIndex
        var index = message.startIndex
        func appendToken(upTo end: String.Index) {
            let token = message[tokenStart..<end]
            let text = token.utf8.count > maximumTokenLength ? excerpt(token) : String(token)
            result += text
            length += text.count
        }
        while index < message.endIndex, length <= maximumMessageLength {
            let character = message[index]
            let next = message.index(after: index)
            if character.isWhitespace {
                appendToken(upTo: index)
                result.append(character)
                length += 1
                tokenStart = next
            }
            index = next
        }
        if index == message.endIndex { appendToken(upTo: index) }
        guard length > maximumMessageLength else { return result }
        return String(result.prefix(maximumMessageLength)) + "… (message cut at \(maximumMessageLength) characters)"
    }
}
