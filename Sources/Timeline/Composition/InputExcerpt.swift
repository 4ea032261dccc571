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

    /// The most UTF-8 bytes of text echoed whole, and of the kept part of longer text: one
    /// character can be megabytes (a letter and a million combining marks).
    package static let maximumBytes = 240
    package static let keptBytes = 160

    /// `text` itself when it has at most ``maximumLength`` characters and ``maximumBytes``
    /// bytes; otherwise its first ``keptLength`` Unicode scalars (at most ``keptBytes`` bytes), "…"
    /// and its length: `abcd… (1048576 characters)`. Control characters are escaped
    /// (``escapingControls(_:)``), so an echo never moves the terminal's cursor, never starts an
    /// escape sequence and never begins a line of its own.
    ///
    /// - Complexity: O(*n*) in the length of `text` (it is counted once).
    package static func excerpt(_ text: some StringProtocol) -> String {
        var index = text.startIndex
        var count = 0
        while index < text.endIndex, count <= maximumLength {
            index = text.index(after: index)
            count += 1
        }
        if count <= maximumLength, text.utf8.count <= maximumBytes { return escapingControls(text) }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars.prefix(keptLength) {
            bytes += UTF8.width(scalar)
            guard bytes <= keptBytes else { break }
            kept.append(scalar)
        }
        let total = text.count
        return escapingControls(String(kept)) + "… (\(total) character\(total == 1 ? "" : "s"))"
    }

    /// `text` with every control character written as an escape: `\n`, `\r`, `\t`, and
    /// `\u{1B}` for the others (C0 and C1 controls, DEL, the line and paragraph separators, and
    /// the bidirectional formatting characters that could reorder what a terminal shows).
    package static func escapingControls(_ text: some StringProtocol) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return String(text) }
        var result = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// Whether a scalar is escaped by ``escapingControls(_:)``.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `message` with every run of more than ``maximumTokenLength`` bytes without whitespace
    /// shortened as ``excerpt(_:)`` does (punctuation that ends the run kept after it), control
    /// characters escaped, and the whole cut to ``maximumMessageLength`` characters.
    ///
    /// A guard for messages that may hold input not already shortened where it was quoted.
    ///
    /// - Complexity: O(*n*) in the length of `message`.
    package static func bounded(_ message: String) -> String {
        guard message.utf8.count > maximumTokenLength else { return escapingControls(message) }
        var result = ""
        var length = 0
        var tokenStart = message.startIndex
        var index = message.startIndex
        func appendToken(upTo end: String.Index) {
            var token = message[tokenStart..<end]
            var text: String
            if token.utf8.count > maximumTokenLength {
                // "name:" stays "name…(N characters):", so the sentence reads on.
                var punctuation = ""
                while let last = token.last, ":;,.)'\"".contains(last) {
                    punctuation.insert(last, at: punctuation.startIndex)
                    token = token.dropLast()
                }
                text = excerpt(token) + punctuation
            } else {
                text = escapingControls(token)
            }
            result += text
            length += text.count
        }
        while index < message.endIndex, length <= maximumMessageLength {
            let character = message[index]
            let next = message.index(after: index)
            if character.isWhitespace {
                appendToken(upTo: index)
                let space = character == " " ? " " : escapingControls(String(character))
                result += space
                length += space.count
                tokenStart = next
            }
            index = next
        }
        if index == message.endIndex { appendToken(upTo: index) }
        guard length > maximumMessageLength else { return result }
        return String(result.prefix(maximumMessageLength)) + "… (message cut at \(maximumMessageLength) characters)"
    }
}
