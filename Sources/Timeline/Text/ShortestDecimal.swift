/// The shortest decimal that reads back to a `Double`: `significand × 10^exponent`.
///
/// Among all decimals that round to the double (a correctly rounding reader, ties to even), it
/// has the fewest significant digits and, of those, is the closest to the double's exact value
/// (an exact tie goes to the even digit). That is the decimal Swift's `description` prints, so
/// ``NumberText`` can print the same text without the standard library's formatter.
///
/// The digits come from Raffaello Giulietti's Schubfach algorithm ("The Schubfach way to render
/// doubles", 2020): scale the double and the two ends of its rounding interval by one power of ten
/// (a 126-bit table entry, ``powersOfTen``), rounding to odd so that comparisons stay exact, then
/// pick the candidate of the coarsest granularity that lies in the interval.
package struct ShortestDecimal: Equatable, Sendable {
    /// The decimal digits, without trailing zeros: at most 17 of them.
    package var significand: UInt64
    /// The power of ten the significand is multiplied by.
    package var exponent: Int

    /// The smallest decimal exponent in ``powersOfTen``.
    package static let minimumPowerOfTenExponent = -292
    /// The largest decimal exponent in ``powersOfTen``.
    package static let maximumPowerOfTenExponent = 324

    /// Creates a decimal from its parts, as they are (trailing zeros are kept).
    package init(significand: UInt64, exponent: Int) {
        self.significand = significand
        self.exponent = exponent
    }

    /// The shortest decimal of `value`'s magnitude, without trailing zeros.
    ///
    /// - Precondition: `value` is finite and not zero (the sign is ignored).
    package init(_ value: Double) {
        self = Self.digits(of: value)
        removeTrailingZeros()
    }

    /// The shortest decimal of `value`'s magnitude; its significand may end in zeros.
    ///
    /// - Precondition: `value` is finite and not zero (the sign is ignored).
    package static func digits(of value: Double) -> ShortestDecimal {
        let bits = value.bitPattern
        let fraction = bits & (1 << 52 &- 1)
        let biasedExponent = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
        // value = c × 2^q exactly.
        let c: UInt64
        let q: Int
        if biasedExponent != 0 {
            c = fraction | 1 << 52
            q = biasedExponent &- 1075
        } else {
            c = fraction
            q = -1074
        }
        // The rounding interval, in units of 2^(q - 2): [cbl, cbr] around cb = 4c, closed when c
        // is even (a reader rounding ties to even lands on c), open when c is odd. Its lower half
        // is a quarter of the upper one at powers of two, where the spacing below halves.
        let open: UInt64 = c & 1
        let cb = c &<< 2
        let cbr = cb &+ 2
        let cbl: UInt64
        let k: Int
        if fraction != 0 || biasedExponent <= 1 {
            cbl = cb &- 2
            k = floorLog10OfPowerOfTwo(q)
        } else {
            cbl = cb &- 1
            k = floorLog10OfThreeQuartersPowerOfTwo(q)
        }
        // Scale the three points by 10^-k, so that vb ≈ 4 v 10^-k, with 10^k no more than the
        // interval's width and 10^(k+1) more.
        let h = q &+ floorLog2OfPowerOfTen(-k) &+ 2
        let index = (-k &- minimumPowerOfTenExponent) &* 2
        let (g1, g0) = powersOfTen.withUnsafeBufferPointer { table in
            (table[index], table[index &+ 1])
        }
        let vb = roundToOdd(g1, g0, cb &<< h)
        let vbl = roundToOdd(g1, g0, cbl &<< h)
        let vbr = roundToOdd(g1, g0, cbr &<< h)
        let s = vb &>> 2
        // A multiple of 10^(k+1) in the interval is the only one there, and the shortest…
        let sp10 = s / 10 &* 10
        let tp10 = sp10 &+ 10
        let lowerCoarseIn = vbl &+ open <= sp10 &<< 2
        let upperCoarseIn = tp10 &<< 2 &+ open <= vbr
        // …otherwise one or both of the multiples of 10^k around v: the closer one, ties to even.
        let t = s &+ 1
        let lowerIn = vbl &+ open <= s &<< 2
        let upperIn = t &<< 2 &+ open <= vbr
        let lowerIsCloser = vb &+ (s & 1) <= (s &+ t) &<< 1
        // Selected with arithmetic rather than branches: which case applies is as good as random.
        let fine = t &- (bit(lowerIn) & (bit(!upperIn) | bit(lowerIsCloser)))
        let coarse = tp10 &- bit(lowerCoarseIn) &* 10
        return ShortestDecimal(significand: lowerCoarseIn != upperCoarseIn ? coarse : fine, exponent: k)
    }

    /// The shortest decimal of `magnitude` when it has at most 15 significant digits, as a
    /// 15-digit significand (trailing zeros kept) and its exponent; `nil` when it has more, or is
    /// outside 2^-26 ..< 10^15.
    ///
    /// The quick way for short decimals such as `0.25`, `-123.456` or `1e-05`: scale by the
    /// power of ten 10^p (p ≤ 22, so exact) that gives 15 integer digits, round to the nearest
    /// integer m, and check that m / 10^p, one correctly rounded division of two exact doubles,
    /// is `magnitude` again: then the decimal m 10^-p reads back to it. (The scaling rounds, but
    /// a 15-digit decimal that reads back is within 0.2 of magnitude × 10^p, so rounding finds
    /// it.) No two decimals of at most 15 digits read back to the same double (their spacing is
    /// over four times a double's, as 10^15 < 2^52 / 4), so a decimal that does is the only one
    /// that short, hence the shortest and the closest: the one ``digits(of:)`` finds.
    ///
    /// - Parameter magnitude: A positive finite double.
    @inline(__always)
    package static func fifteenDigits(of magnitude: Double) -> ShortestDecimal? {
        guard magnitude >= 0x1p-26, magnitude < 1e15 else { return nil }
        // ⌊log10 magnitude⌋ is the estimate (-8 … 14) or one more: scale by 10^(14 - estimate),
        // or by a tenth of it when that makes 16 digits.
        let binaryExponent = Int(truncatingIfNeeded: magnitude.bitPattern &>> 52) &- 1023
        let estimate = floorLog10OfPowerOfTwo(binaryExponent)
        let (power, lowerPower) = doublePowersOfTen.withUnsafeBufferPointer { table in
            (table[15 &- estimate], table[14 &- estimate])
        }
        let scaledByPower = magnitude * power
        let scaledByLowerPower = magnitude * lowerPower
        let estimateIsLow = scaledByPower >= 1e15
        // Selected through the bits, not with a branch: the estimate is low about a third of
        // the time, as good as at random.
        let mask = 0 &- bit(estimateIsLow)
        let scaled = Double(bitPattern: scaledByLowerPower.bitPattern & mask | scaledByPower.bitPattern & ~mask)
        let divisor = Double(bitPattern: lowerPower.bitPattern & mask | power.bitPattern & ~mask)
        // The nearest integer: adding 2^52 rounds the fraction away, leaving it in the low bits.
        let shifted = scaled + 0x1p52
        guard (shifted - 0x1p52) / divisor == magnitude else { return nil }
        let significand = shifted.bitPattern & (1 << 52 &- 1)
        let exponent = estimate &- 14 &+ Int(truncatingIfNeeded: bit(estimateIsLow))
        // Rounding up to 10^15 makes a 16th digit: 10^14 at the next exponent instead.
        if significand == 1_000_000_000_000_000 {
            return ShortestDecimal(significand: 100_000_000_000_000, exponent: exponent &+ 1)
        }
        return ShortestDecimal(significand: significand, exponent: exponent)
    }

    /// 10^-1 through 10^22 as doubles, at index p + 1: exact from 10^0 on (5^22 < 2^53). 10^-1 is
    /// there for the scaling that a too-low estimate at 10^14 … 10^15 would need, and never used.
    static let doublePowersOfTen: [Double] = [
        1e-1, 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// 1 for true, 0 for false.
    @inline(__always)
    static func bit(_ condition: Bool) -> UInt64 {
        UInt64(unsafeBitCast(condition, to: UInt8.self))
    }

    /// Divides the significand by ten while it ends in zero, raising the exponent to match.
    package mutating func removeTrailingZeros() {
        // At most 16 zeros (the significand has at most 17 digits, one of them not zero).
        if significand % 100_000_000 == 0 {
            significand /= 100_000_000
            exponent &+= 8
            if significand % 100_000_000 == 0 {
                significand /= 100_000_000
                exponent &+= 8
            }
        }
        if significand % 10_000 == 0 {
            significand /= 10_000
            exponent &+= 4
        }
        if significand % 100 == 0 {
            significand /= 100
            exponent &+= 2
        }
        if significand % 10 == 0 {
            significand /= 10
            exponent &+= 1
        }
    }

    /// `g × cp / 2^127` rounded to odd: its floor, with the lowest bit set when anything was
    /// dropped. Rounding to odd keeps comparisons with even numbers (multiples of 4 here) exact.
    ///
    /// - Parameters:
    ///   - g1: The high part of the 126-bit power of ten, `g >> 63`.
    ///   - g0: The low part, `g & (2^63 - 1)`.
    ///   - cp: A point of the rounding interval, shifted left by `h`.
    @inline(__always)
    package static func roundToOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
        let x1 = g0.multipliedFullWidth(by: cp).high
        let y = g1.multipliedFullWidth(by: cp)
        let z = (y.low &>> 1) &+ x1
        let floor = y.high &+ (z &>> 63)
        let dropped = z & (1 << 63 &- 1)
        return floor | (dropped &+ (1 << 63 &- 1)) &>> 63
    }

    /// ⌊q log10 2⌋, for |q| ≤ 5456721.
    @inline(__always)
    package static func floorLog10OfPowerOfTwo(_ q: Int) -> Int {
        Int(truncatingIfNeeded: (Int64(q) &* 661_971_961_083) &>> 41)
    }

    /// ⌊log10(3/4 × 2^q)⌋, for |q| ≤ 5456721.
    @inline(__always)
    package static func floorLog10OfThreeQuartersPowerOfTwo(_ q: Int) -> Int {
        Int(truncatingIfNeeded: (Int64(q) &* 661_971_961_083 &- 274_743_187_321) &>> 41)
    }

    /// ⌊e log2 10⌋, for |e| ≤ 1838394.
    @inline(__always)
    package static func floorLog2OfPowerOfTen(_ e: Int) -> Int {
        Int(truncatingIfNeeded: (Int64(e) &* 913_124_641_741) &>> 38)
    }
}
