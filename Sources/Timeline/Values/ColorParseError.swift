/// Why a hex colour string could not be read. Every case says what is wrong and where.
///
/// Offsets count characters (extended grapheme clusters) from 0 at the start of the string,
/// including the leading `#`.
///
/// ```swift
/// do {
///     _ = try Color(hex: "#12G")
/// } catch {
///     print(error)  // character 'G' at offset 3 is not a hexadecimal digit
/// }
/// ```
public enum ColorParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The string is empty.
    case empty
    /// The character at `offset` is not a hexadecimal digit (or is a `#` that is not the first
    /// character).
    case invalidCharacter(Character, offset: Int)
    /// The string has a number of hexadecimal digits other than 3, 4, 6 or 8.
    case invalidDigitCount(Int)

    /// The character offset the error is about, if any.
    public var offset: Int? {
        switch self {
        case .invalidCharacter(_, let offset): offset
        case .empty, .invalidDigitCount: nil
        }
    }

    /// A sentence that says what is wrong and where.
    public var description: String {
        switch self {
        case .empty:
            "a hex colour cannot be empty; expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA"
        case .invalidCharacter(let character, let offset):
            "character '\(character.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())' "
                + "at offset \(offset) is not a hexadecimal digit"
        case .invalidDigitCount(let count):
            "a hex colour needs 3, 4, 6 or 8 hexadecimal digits, found \(count)"
        }
    }
}
