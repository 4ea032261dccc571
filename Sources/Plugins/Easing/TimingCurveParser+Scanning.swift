import Timeline

// The scanner of the timing-curve syntax: tokens with their character offsets.
extension TimingCurveParser {
    /// A token of the syntax.
    enum Kind: Equatable {
        /// A name, lowercased: `ease-in`, `cubic-bezier`, `jump-none`.
        case name(String)
        /// A number as written: `0.42`, `-1e-3`, `4`.
        case number(String)
        /// A number written with `%`, without the `%`: `75`.
        case percentage(String)
        case comma
        case open
        case close
        case end
    }

    struct Token {
        var kind: Kind
        /// The character offset of the token's first character.
        var offset: Int

        /// The token as a message shows it.
        var quoted: String {
            switch kind {
            case .name(let name): "'\(name)'"
            case .number(let text): "'\(text)'"
            case .percentage(let text): "'\(text)%'"
            case .comma: "','"
            case .open: "'('"
            case .close: "')'"
            case .end: "the end of the text"
            }
        }
    }

    mutating func skipWhitespace() {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
    }

    /// The next token, after any whitespace.
    mutating func nextToken() throws(TimingCurveParseError) -> Token {
        skipWhitespace()
        let start = position
        guard position < characters.count else { return Token(kind: .end, offset: start) }
        let character = characters[position]
        switch character {
        case ",":
            position += 1
            return Token(kind: .comma, offset: start)
        case "(":
            position += 1
            return Token(kind: .open, offset: start)
        case ")":
            position += 1
            return Token(kind: .close, offset: start)
        default:
            break
        }
        if Self.isLetter(character) {
            while position < characters.count, Self.isNameCharacter(characters[position]) { position += 1 }
            return Token(kind: .name(String(characters[start..<position]).lowercased()), offset: start)
        }
        if let end = numberEnd(from: start) {
            position = end
            let text = String(characters[start..<end])
            if position < characters.count, characters[position] == "%" {
                position += 1
                return Token(kind: .percentage(text), offset: start)
            }
            return Token(kind: .number(text), offset: start)
        }
        throw .unexpectedCharacter(character, offset: start)
    }

    /// The end of a number starting at `start` (`[+-]? (d+ (. d*)? | . d+) ([eE] [+-]? d+)?`),
    /// or `nil` if there is none.
    func numberEnd(from start: Int) -> Int? {
        var index = start
        if index < characters.count, characters[index] == "+" || characters[index] == "-" { index += 1 }
        var digits = 0
        while index < characters.count, Self.isDigit(characters[index]) {
            index += 1
            digits += 1
        }
        if index < characters.count, characters[index] == "." {
            index += 1
            while index < characters.count, Self.isDigit(characters[index]) {
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        if index < characters.count, characters[index] == "e" || characters[index] == "E" {
            var exponent = index + 1
            if exponent < characters.count, characters[exponent] == "+" || characters[exponent] == "-" {
                exponent += 1
            }
            if exponent < characters.count, Self.isDigit(characters[exponent]) {
                while exponent < characters.count, Self.isDigit(characters[exponent]) { exponent += 1 }
                index = exponent
            }
        }
        return index
    }

    static func isDigit(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return ascii >= 48 && ascii <= 57
    }

    static func isLetter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (ascii >= 65 && ascii <= 90) || (ascii >= 97 && ascii <= 122)
    }

    static func isNameCharacter(_ character: Character) -> Bool {
        isLetter(character) || isDigit(character) || character == "-" || character == "_"
    }
}
