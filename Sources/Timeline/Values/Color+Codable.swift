extension Color: Codable {
    private enum CodingKeys: String, CodingKey {
        case red, green, blue, alpha
    }

    /// Decodes a colour from straight components, for example
    /// `{"red": 1, "green": 0.5, "blue": 0, "alpha": 0.8}`.
    ///
    /// `alpha` may be omitted (opaque).
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when a component is NaN or infinite, and the
    ///   decoder's errors for missing or mistyped keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let red = try container.decode(Double.self, forKey: .red)
        let green = try container.decode(Double.self, forKey: .green)
        let blue = try container.decode(Double.self, forKey: .blue)
        let alpha = try container.decodeIfPresent(Double.self, forKey: .alpha) ?? 1
        for (key, value) in [(CodingKeys.red, red), (.green, green), (.blue, blue), (.alpha, alpha)]
        where !value.isFinite {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "colour component must be finite, found \(value)")
        }
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Encodes the straight components `red`, `green`, `blue` and `alpha`.
    ///
    /// Decoding the result gives the same colour to within rounding (one unit in the last place
    /// of each premultiplied component).
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError.invalidValue` for a value that straight components cannot
    ///   express: alpha 0 with non-zero premultiplied colour components (a difference of two
    ///   colours, not a colour).
    public func encode(to encoder: any Encoder) throws {
        if alpha == 0 && premultiplied != .zero {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: "a colour with alpha 0 and premultiplied components "
                        + "\(premultiplied) has no straight form"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(red, forKey: .red)
        try container.encode(green, forKey: .green)
        try container.encode(blue, forKey: .blue)
        try container.encode(alpha, forKey: .alpha)
    }
}
