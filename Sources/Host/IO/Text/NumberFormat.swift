import Timeline

/// How Cadence prints numbers: the shortest text that reads back to the same `Double`.
///
/// Whole numbers below 2^53 print without a fraction (`0`, `-3`, `120`); everything else prints as
/// Swift's shortest round-trip representation (`0.3`, `1e-05`, `0.30000000000000004`). NaN and
/// infinities never reach the output (tracks reject them); if one did, it would print as `null`
/// so that the JSON stays valid.
public enum NumberFormat {
    /// The shortest round-trip text of `value`.
    public static func string(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        // `NumberText` writes it, as it does in every sink: one printer of numbers.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberText.scratchByteCount) { scratch in
            let start = UnsafeMutableRawPointer(scratch.baseAddress!)
            let count = value == value.rounded() && value.magnitude < 0x1p53
                ? NumberText.writeWholeNumber(value, signedZero: true, to: start)
                : NumberText.write(value, to: start)
            return String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
        }
    }

    /// Appends the shortest round-trip text of `value` to `output`.
    public static func write(_ value: Double, to output: inout some TextOutput) throws {
        try output.write(string(value))
    }
}

/// JSON string quoting.
package enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    ///
    /// - Complexity: O(*n*); text with nothing to escape (path data, most names) is copied whole.
    package static func quoted(_ text: String) -> String {
        let needsEscaping = text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        guard needsEscaping else { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Appends ``quoted(_:)``'s text for `text` to `bytes`, without making a string when
    /// nothing needs escaping (channel names, mostly).
    package static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        if utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes += quoted(text).utf8
            return
        }
        bytes.append(UInt8(ascii: "\""))
        bytes += utf8
        bytes.append(UInt8(ascii: "\""))
    }
}
