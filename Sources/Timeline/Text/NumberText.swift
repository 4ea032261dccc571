/// Numbers as decimal UTF-8 text, written into memory without allocating: doubles as Swift's
/// `Double.description` prints them, whole numbers and integers without a fraction.
///
/// A double's text is the standard library's, byte for byte, for every finite double: the shortest
/// decimal that reads back to the same double (``ShortestDecimal``), laid out as `description`
/// lays it out:
///
/// - `0.0` and `-0.0` for zeros;
/// - plain decimals from 10^-4 up to 2^53: `0.0001`, `0.1`, `123.456`, and whole numbers with
///   `.0` (`100.0`, `9007199254740992.0`);
/// - exponent form below 10^-4 and above 2^53, with a one-digit integer part, a signed exponent
///   of at least two digits and no `.` when there is a single digit: `1e-05`, `2.5e-08`,
///   `5e-324`, `9.007199254740994e+15`, `1e+16`, `1.7976931348623157e+308`.
///
/// Not-finite values (`nan`, `inf`, `-inf`) are copied from `description` itself.
package enum NumberText {
    /// How many bytes the writers may store to from their start: they write whole 8-byte words,
    /// past the end of the text.
    @inlinable
    package static var scratchByteCount: Int { 48 }

    /// The length of the longest text of a finite double, `-1.7976931348623157e+308`.
    @inlinable
    package static var maximumLength: Int { 24 }

    /// Appends `value.description` to `bytes`.
    ///
    /// - Complexity: O(1); allocates only if `bytes` must grow (or `value` is not finite).
    package static func append(_ value: Double, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchByteCount) { scratch in
            let start = scratch.baseAddress!
            let count = write(value, to: UnsafeMutableRawPointer(start))
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
        }
    }

    /// Writes `value.description` at `start` and returns its length in bytes.
    ///
    /// - Parameters:
    ///   - value: Any double.
    ///   - start: Memory with room for ``scratchByteCount`` bytes; bytes past the returned length
    ///     may be overwritten with anything.
    /// - Returns: The number of bytes of text, at most ``maximumLength`` for finite values.
    package static func write(_ value: Double, to start: UnsafeMutableRawPointer) -> Int {
        guard value.isFinite else { return copyDescription(of: value, to: start) }
        // A "-" that the text starts after unless the sign is minus: no branch on the sign.
        start.storeBytes(of: ASCII.minus, as: UInt8.self)
        let out = start + Int(truncatingIfNeeded: value.bitPattern &>> 63)
        if value == 0 {
            out.storeBytes(of: 0x30_2E_30, as: UInt32.self)  // "0.0", little-endian
            return out - start + 3
        }
        // The digits, left-aligned to exactly 17 (D0 … D16, trailing zeros included), and the
        // power of ten of D0.
        let magnitude = value.magnitude
        let aligned: UInt64
        let exponent: Int
        if let short = ShortestDecimal.fifteenDigits(of: magnitude) {
            aligned = short.significand &* 100
            exponent = short.exponent &+ 14
        } else {
            let decimal = ShortestDecimal.digits(of: value)
            if decimal.significand >= 1_000_000_000_000_000 {
                // Every normal double has a significand of 16 or 17 digits here.
                let sixteen = decimal.significand < 10_000_000_000_000_000
                aligned = sixteen ? decimal.significand &* 10 : decimal.significand
                exponent = decimal.exponent &+ (sixteen ? 15 : 16)
            } else {
                let digitCount = decimalDigitCount(decimal.significand)
                aligned = decimal.significand &* powerOfTen(17 &- digitCount)
                exponent = decimal.exponent &+ digitCount &- 1
            }
        }
        return out - start + writeDigits(aligned: aligned, exponent: exponent, exponentForm: magnitude > 0x1p53, to: out)
    }

    /// Writes a whole number below 2^53 in magnitude as an integer, without `.0` (`-3`, `120`), and
    /// returns its length; `-0.0` is written `-0` when `signedZero`, else `0`.
    ///
    /// - Parameters:
    ///   - value: A whole number with a magnitude below 2^53 (`value == value.rounded()`).
    ///   - signedZero: Whether `-0.0` keeps its sign.
    ///   - start: Memory with room for ``scratchByteCount`` bytes.
    package static func writeWholeNumber(_ value: Double, signedZero: Bool, to start: UnsafeMutableRawPointer) -> Int {
        var out = start
        if value < 0 || (signedZero && value.sign == .minus) {
            out.storeBytes(of: ASCII.minus, as: UInt8.self)
            out += 1
        }
        return out - start + writeDecimal(UInt64(value.magnitude), to: out)
    }

    /// Writes an integer's decimal digits, with a `-` if negative, and returns their length.
    ///
    /// - Parameter start: Memory with room for ``scratchByteCount`` bytes.
    package static func writeInteger(_ value: Int64, to start: UnsafeMutableRawPointer) -> Int {
        start.storeBytes(of: ASCII.minus, as: UInt8.self)
        let out = start + Int(truncatingIfNeeded: UInt64(bitPattern: value) &>> 63)
        let magnitude = value.magnitude
        if magnitude < 10_000_000_000_000_000 {
            return out - start + writeDecimal(magnitude, to: out)
        }
        // 17 to 19 digits: the first one to three, then sixteen.
        let high = magnitude / 10_000_000_000_000_000
        let count = writeDecimal(high, to: out)
        let low = magnitude &- high &* 10_000_000_000_000_000
        let low8 = low / 100_000_000
        (out + count).storeBytes(of: eightDigits(UInt32(truncatingIfNeeded: low8)), as: UInt64.self)
        (out + count).storeBytes(
            of: eightDigits(UInt32(truncatingIfNeeded: low &- low8 &* 100_000_000)), toByteOffset: 8, as: UInt64.self)
        return out - start + count &+ 16
    }

    /// Writes the decimal digits of `value` (below 10^16), without leading zeros, and returns
    /// their count; 0 is `0`. Stores 16 bytes.
    @inline(__always)
    static func writeDecimal(_ value: UInt64, to out: UnsafeMutableRawPointer) -> Int {
        if value < 100_000_000 {
            let word = eightDigits(UInt32(truncatingIfNeeded: value))
            // Leading zero digits are the low bytes that are "0"; keep at least one digit.
            let leadingZeros = min((word &- ASCII.eightZeros).trailingZeroBitCount &>> 3, 7)
            out.storeBytes(of: word &>> (leadingZeros &<< 3), as: UInt64.self)
            return 8 &- leadingZeros
        }
        let high = value / 100_000_000
        let highWord = eightDigits(UInt32(truncatingIfNeeded: high))
        let leadingZeros = (highWord &- ASCII.eightZeros).trailingZeroBitCount &>> 3
        out.storeBytes(of: highWord &>> (leadingZeros &<< 3), as: UInt64.self)
        let highCount = 8 &- leadingZeros
        let low = eightDigits(UInt32(truncatingIfNeeded: value &- high &* 100_000_000))
        out.storeBytes(of: low, toByteOffset: highCount, as: UInt64.self)
        return highCount &+ 8
    }

    /// Writes the digits of a decimal, with its point or exponent, and returns their length.
    ///
    /// The digits are kept in three words and stored shifted into place, never read back from
    /// memory.
    ///
    /// - Parameters:
    ///   - aligned: The significand with exactly 17 digits, D0 … D16 (trailing zeros allowed).
    ///   - exponent: The power of ten of D0.
    ///   - exponentForm: Whether the value is above 2^53, where `description` always uses an
    ///     exponent.
    ///   - out: Memory with room for 32 bytes.
    @inline(__always)
    static func writeDigits(aligned: UInt64, exponent: Int, exponentForm: Bool, to out: UnsafeMutableRawPointer) -> Int {
        // D0 … D16 as ASCII in three words, first digit lowest: D0–D7, D8–D15, and D16 followed
        // by seven "0". The two divisions are independent, so that they overlap.
        let upper = aligned / 1_000_000_000
        let tens = aligned / 10
        let middle = tens &- upper &* 100_000_000
        let last = aligned &- tens &* 10
        let word0 = eightDigits(UInt32(truncatingIfNeeded: upper))
        let word1 = eightDigits(UInt32(truncatingIfNeeded: middle))
        let word2 = ASCII.eightZeros &+ last
        // How many digits count, the rest being trailing zeros (D0 is never zero): the leading
        // zero bytes of a word less "00000000" are its last digits that are 0. Counted without
        // branches, as D16 is zero about half the time.
        let zerosInWord1 = (word1 &- ASCII.eightZeros).leadingZeroBitCount &>> 3  // 8: all zero
        let zerosInWord0 = (word0 &- ASCII.eightZeros).leadingZeroBitCount &>> 3
        let zerosBeforeWord1 = zerosInWord0 & (0 &- zerosInWord1 &>> 3)  // counts if word 1 is all zeros
        let lastIsZero = Int(truncatingIfNeeded: (last &- 1) &>> 63)
        let length = 17 &- (1 &+ zerosInWord1 &+ zerosBeforeWord1) & (0 &- lastIsZero)

        if exponentForm || exponent < -4 {
            // "1e-05", "2.5e-08", "1.7976931348623157e+308": D0, ".", D1 … D16, then the exponent
            // over whatever follows the last digit that counts.
            out.storeBytes(of: word0 & 0xFF | UInt64(ASCII.point) &<< 8 | (word0 &>> 8) &<< 16, as: UInt64.self)
            out.storeBytes(of: word0 &>> 56 | word1 &<< 8, toByteOffset: 8, as: UInt64.self)
            out.storeBytes(of: word1 &>> 56 | word2 &<< 8, toByteOffset: 16, as: UInt64.self)
            let end = length == 1 ? 1 : length &+ 1
            let magnitude = exponent < 0 ? 0 &- exponent : exponent
            var suffix = UInt64(ASCII.e) | UInt64(exponent < 0 ? ASCII.minus : ASCII.plus) &<< 8
            if magnitude >= 100 {
                let hundreds = magnitude / 100
                suffix |= UInt64(truncatingIfNeeded: hundreds &+ 0x30) &<< 16
                suffix |= UInt64(twoDigits(magnitude &- hundreds &* 100)) &<< 24
                out.storeBytes(of: suffix, toByteOffset: end, as: UInt64.self)
                return end &+ 5
            }
            suffix |= UInt64(twoDigits(magnitude)) &<< 16
            out.storeBytes(of: suffix, toByteOffset: end, as: UInt64.self)
            return end &+ 4
        }
        if exponent < 0 {
            // "0.5", "0.000123": "0." and -exponent - 1 zeros, then the digits.
            let prefixLength = 1 &- exponent
            let shift = UInt64(truncatingIfNeeded: prefixLength) &* 8
            let prefix = ASCII.zeroPointZeros & (1 &<< shift &- 1)
            out.storeBytes(of: prefix | word0 &<< shift, as: UInt64.self)
            out.storeBytes(of: word0 &>> (64 &- shift) | word1 &<< shift, toByteOffset: 8, as: UInt64.self)
            out.storeBytes(of: word1 &>> (64 &- shift) | word2 &<< shift, toByteOffset: 16, as: UInt64.self)
            return prefixLength &+ length
        }
        let integerDigits = exponent &+ 1
        if integerDigits < length {
            // "123.456": D0 … D15, then over it from D(integerDigits) on: ".", and the digits
            // from there on, the three words shifted right by whole digits.
            out.storeBytes(of: word0, as: UInt64.self)
            out.storeBytes(of: word1, toByteOffset: 8, as: UInt64.self)
            out.storeBytes(of: ASCII.point, toByteOffset: integerDigits, as: UInt8.self)
            let tail = out + (integerDigits &+ 1)
            if integerDigits < 8 {
                let shift = UInt64(truncatingIfNeeded: integerDigits) &* 8
                tail.storeBytes(of: word0 &>> shift | word1 &<< (64 &- shift), as: UInt64.self)
                tail.storeBytes(of: word1 &>> shift | word2 &<< (64 &- shift), toByteOffset: 8, as: UInt64.self)
            } else if integerDigits < 16 {
                // At least 8 integer digits, so at most 9 digits after the point. (Shifting left
                // in two steps keeps a shift by 0 a shift by 0, not by 64.)
                let shift = UInt64(truncatingIfNeeded: integerDigits &- 8) &* 8
                tail.storeBytes(of: word1 &>> shift | (word2 &<< 1) &<< (63 &- shift), as: UInt64.self)
                tail.storeBytes(of: word2 &>> shift, toByteOffset: 8, as: UInt64.self)
            } else {
                tail.storeBytes(of: word2, as: UInt64.self)
            }
            return length &+ 1
        }
        // "100.0", "9007199254740992.0": every digit before the point, zeros included.
        out.storeBytes(of: word0, as: UInt64.self)
        out.storeBytes(of: word1, toByteOffset: 8, as: UInt64.self)
        out.storeBytes(of: ASCII.pointZero, toByteOffset: integerDigits, as: UInt16.self)
        return integerDigits &+ 2
    }

    /// The number of decimal digits of `value`, which has at most 17 (1 for 0).
    @inline(__always)
    static func decimalDigitCount(_ value: UInt64) -> Int {
        // ⌊log10⌋ from the bit length (1233 / 4096 ≈ log10 2), then one correction.
        let bitLength = 64 &- (value | 1).leadingZeroBitCount
        let estimate = (bitLength &* 1233) &>> 12
        return value >= powerOfTen(estimate) ? estimate &+ 1 : estimate
    }

    /// 10^exponent, for 0 ≤ exponent ≤ 19.
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        smallPowersOfTen.withUnsafeBufferPointer { $0[exponent] }
    }

    /// 10^0 through 10^19: every power of ten a `UInt64` holds.
    static let smallPowersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
        1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// The eight decimal digits of `value` (below 10^8, leading zeros included) as ASCII, the
    /// first digit in the lowest byte: a word to store as is on a little-endian machine.
    ///
    /// Splits in lanes without dividing: 4 + 4 digits in 32-bit lanes, 2 + 2 in 16-bit lanes,
    /// 1 + 1 in bytes, each quotient a multiplication and a shift that is exact in its range.
    @inline(__always)
    package static func eightDigits(_ value: UInt32) -> UInt64 {
        // Lanes of 32 bits: the high four digits, then the low four (first digits lowest).
        let high4 = value / 10_000
        let fours = UInt64(high4) | UInt64(value &- high4 &* 10_000) &<< 32
        // x / 100 = (x × 5243) >> 19 for x < 10^4.
        let hundreds = ((fours &* 5243) &>> 19) & 0x0000_007F_0000_007F
        let twos = hundreds | (fours &- hundreds &* 100) &<< 16
        // x / 10 = (x × 103) >> 10 for x < 100.
        let tens = ((twos &* 103) &>> 10) & 0x000F_000F_000F_000F
        let ones = tens | (twos &- tens &* 10) &<< 8
        return ones &+ ASCII.eightZeros
    }

    /// The two ASCII digits of `value` (below 100), the first in the low byte.
    @inline(__always)
    static func twoDigits(_ value: Int) -> UInt16 {
        let tens = value / 10
        return (UInt16(truncatingIfNeeded: tens) | UInt16(truncatingIfNeeded: value &- tens &* 10) &<< 8) &+ 0x3030
    }

    /// `description`'s own text, for NaNs and infinities.
    static func copyDescription(of value: Double, to start: UnsafeMutableRawPointer) -> Int {
        var text = value.description
        return text.withUTF8 { utf8 in
            let count = min(utf8.count, scratchByteCount)
            start.copyMemory(from: utf8.baseAddress!, byteCount: count)
            return count
        }
    }

    /// The ASCII characters the writer stores, single and in words (little-endian).
    enum ASCII {
        /// `-`.
        static let minus: UInt8 = 0x2D
        /// `+`.
        static let plus: UInt8 = 0x2B
        /// `.`.
        static let point: UInt8 = 0x2E
        /// `e`.
        static let e: UInt8 = 0x65
        /// `00000000`.
        static let eightZeros: UInt64 = 0x3030_3030_3030_3030
        /// `0.000000`.
        static let zeroPointZeros: UInt64 = 0x3030_3030_3030_2E30
        /// `.0`.
        static let pointZero: UInt16 = 0x302E
    }
}
