extension NumberFormat {
    /// Appends ``string(_:)``'s text for `value` to `bytes`: the path of the frame writers.
    ///
    /// Integers and not-finite numbers are written digit by digit; fractions take the standard
    /// library's shortest round-trip text (`description`), which allocates for texts longer than
    /// 15 bytes.
    ///
    /// - Parameters:
    ///   - value: Any number; not finite ones are written as `null`.
    ///   - bytes: The UTF-8 text so far.
    @inlinable
    public static func append(_ value: Double, to bytes: inout [UInt8]) {
        guard value.isFinite else {
            bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])  // null
            return
        }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            if value == 0 {
                if value.sign == .minus { bytes.append(0x2D) }
                bytes.append(0x30)
                return
            }
            append(Int64(value), to: &bytes)
            return
        }
        appendShortest(value, to: &bytes)
    }

    /// Appends the decimal digits of `value`, with a `-` if negative.
    @inlinable
    public static func append(_ value: Int64, to bytes: inout [UInt8]) {
        var magnitude = value.magnitude
        if value < 0 { bytes.append(0x2D) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            repeat {
                digits[19 - count] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(20 - count)...]))
        }
    }

    @usableFromInline
    static func appendShortest(_ value: Double, to bytes: inout [UInt8]) {
        var text = value.description
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }
}
