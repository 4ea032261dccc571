import Timeline

/// Numbers as curve text: the shortest decimal that reads back to the same `Double`, and
/// percentages converted by moving the decimal point in the text, never by multiplying, so that
/// printing and parsing a curve round-trips exactly.
enum DecimalText {
    /// `value` as the shortest decimal that reads back exactly: `0.42`, `1`, `-0.5`, `1e-07`.
    static func number(_ value: Double) -> String {
        shifted(value, by: 0)
    }

    /// The fraction `value` as a percentage without the sign: `0.75` → `75`,
    /// `0.3333333333333333` → `33.33333333333333`.
    static func percentage(_ value: Double) -> String {
        shifted(value, by: 2)
    }

    /// The shortest decimal of `value` with its decimal point moved `shift` places right.
    static func shifted(_ value: Double, by shift: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        if value == 0 { return "0" }
        // The shortest digits that read back (Cadence's one shortest-decimal writer, the digits
        // `description` prints), without trailing zeros: value = digits × 10^exponent.
        let decimal = ShortestDecimal(value)
        let digits = Array(String(decimal.significand))
        let point = digits.count + decimal.exponent + shift
        let sign = value < 0 ? "-" : ""
        if point > 21 || point < -6 {
            let tail = digits.count > 1 ? "." + String(digits.dropFirst()) : ""
            return sign + String(digits[0]) + tail + "e" + String(point - 1)
        }
        if point <= 0 {
            return sign + "0." + String(repeating: "0", count: -point) + String(digits)
        }
        if point >= digits.count {
            return sign + String(digits) + String(repeating: "0", count: point - digits.count)
        }
        return sign + String(digits[..<point]) + "." + String(digits[point...])
    }

    /// The value of decimal text (`[+-]digits[.digits][e[+-]digits]`, already validated)
    /// divided by `10^shift`, correctly rounded from the exact decimal; `nil` if the exponent is
    /// too large to read.
    static func value(of text: String, dividedByPowerOfTen shift: Int = 0) -> Double? {
        if shift == 0 { return Double(text) }
        let parts = text.split(whereSeparator: { $0 == "e" || $0 == "E" })
        guard let first = parts.first else { return nil }
        var exponent = 0
        if parts.count > 1 {
            guard let parsed = Int(parts[1]) else { return nil }
            exponent = parsed
        }
        let (scaled, overflow) = exponent.subtractingReportingOverflow(shift)
        guard !overflow else { return nil }
        return Double(String(first) + "e" + String(scaled))
    }
}
