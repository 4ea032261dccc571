extension Color {
    /// Reads a CSS hex colour: `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`.
    ///
    /// The leading `#` is optional and digits may be upper or lower case. A short form repeats
    /// each digit (`#F80` is `#FF8800`). Components are straight (not premultiplied): byte `n`
    /// becomes `n / 255`. Without an alpha digit the colour is opaque.
    ///
    /// ```swift
    /// let orange = try Color(hex: "#FF8800")
    /// let veil = try Color(hex: "#00000080")  // black at 128/255 alpha
    /// ```
    ///
    /// - Parameter hex: The hex string. Surrounding whitespace is not allowed.
    /// - Throws: ``ColorParseError/empty`` for an empty string,
    ///   ``ColorParseError/invalidCharacter(_:offset:)`` for the first character that is not a
    ///   hexadecimal digit (with its offset), and ``ColorParseError/invalidDigitCount(_:)`` when
    ///   the number of digits is not 3, 4, 6 or 8.
    /// - Complexity: O(n) in the length of the string.
    public init(hex: String) throws(ColorParseError) {
        if hex.isEmpty { throw .empty }
        // At most 8 digits are used; a longer string is still scanned so that a bad character
        // is reported before the length.
        var digits: [UInt8] = []
        digits.reserveCapacity(8)
        for (offset, character) in hex.enumerated() {
            if offset == 0 && character == "#" { continue }
            guard let value = character.hexDigitValue, character.isASCII else {
                throw .invalidCharacter(character, offset: offset)
            }
            digits.append(UInt8(value))
        }
        let bytes: [UInt8]
        switch digits.count {
        case 3, 4: bytes = digits.map { $0 << 4 | $0 }
        case 6, 8:
            bytes = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
        default: throw .invalidDigitCount(digits.count)
        }
        self.init(
            red: Double(bytes[0]) / 255, green: Double(bytes[1]) / 255,
            blue: Double(bytes[2]) / 255,
            alpha: bytes.count == 4 ? Double(bytes[3]) / 255 : 1)
    }

    /// The colour as `#RRGGBB` (when opaque) or `#RRGGBBAA`, in upper case.
    ///
    /// The colour is first ``clamped()`` into the gamut and each straight component is rounded
    /// to the nearest of the 256 byte values. A colour with alpha 0 prints as `#00000000`, since
    /// a fully transparent colour has no colour left; a NaN component prints as `00`.
    ///
    /// Printing round-trips: for every colour read from a 6- or 8-digit string (with alpha
    /// other than `00`), `try Color(hex: color.hexString) == color`, and `hexString` returns the
    /// string it was read from, in upper case, with an `FF` alpha dropped.
    public var hexString: String {
        let color = clamped()
        var bytes = [color.red, color.green, color.blue].map(Color.byte)
        let alpha = Color.byte(color.alpha)
        if alpha != 255 { bytes.append(alpha) }
        let digits = Array("0123456789ABCDEF")
        var text = "#"
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return text
    }

    /// A component in `0...1` as the nearest byte.
    static func byte(_ component: Double) -> UInt8 {
        UInt8((unitClamp(component) * 255).rounded())
    }
}
