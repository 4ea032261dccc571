import Testing

@testable import Timeline

/// 10^exponent.
private func pow10(_ exponent: Int) -> Int64 {
    (0..<exponent).reduce(1) { result, _ in result * 10 }
}

/// `NumberText.append`'s bytes as a string.
private func written(_ value: Double) -> String {
    var bytes: [UInt8] = []
    NumberText.append(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// The values among `values` whose text differs from `description` or does not read back, as
/// "value: ours ≠ description" lines (at most `limit`), and how many there were.
private func mismatches(in values: some Sequence<Double>, limit: Int = 10) -> (count: Int, examples: [String]) {
    var count = 0
    var examples: [String] = []
    var bytes: [UInt8] = []
    bytes.reserveCapacity(64)
    for value in values {
        bytes.removeAll(keepingCapacity: true)
        NumberText.append(value, to: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        let expected = value.description
        let readsBack = !value.isFinite || Double(text).map { $0.bitPattern == value.bitPattern } ?? false
        if text != expected || !readsBack {
            count += 1
            if examples.count < limit {
                examples.append("\(expected) (0x\(String(value.bitPattern, radix: 16))): wrote \(text)")
            }
        }
    }
    return (count, examples)
}

/// A deterministic stream of doubles from `make`, `count` of them.
private func seeded(_ count: Int, seed: UInt64, _ make: @escaping (inout SplitMix64) -> Double) -> some Sequence<Double> {
    var generator = SplitMix64(state: seed)
    return (0..<count).lazy.map { _ in make(&generator) }
}

@Suite("Number text")
struct NumberTextTests {
    @Test func edgeCasesPrintAsDescriptionDoes() {
        var values: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 0.1 + 0.2, 100, 1234.5, -2.5e-5, 123.456,
            .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .leastNormalMagnitude.nextDown,
            .leastNormalMagnitude.nextUp, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .greatestFiniteMagnitude.nextDown, 9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_992.nextDown,
            9_007_199_254_740_994, 18_014_398_509_481_984, 1e-4, 1e-4.nextUp, 1e-4.nextDown, 1e-5, 1e16,
            1e16.nextUp, 1e16.nextDown, 1e15, 1e17, 1e21, 1e22, 1e23, 2 * .leastNonzeroMagnitude, 3 * .leastNonzeroMagnitude, 2.2250738585072014e-308,
            0.972607799787182, 1.7976931348623157e308, 0.5, 0.25, 0.125, 1.5,
            299_792_458, 6.02214076e23, 6.62607015e-34, .pi, -.pi, .ulpOfOne, 1 + .ulpOfOne, 1 - .ulpOfOne / 2,
            .nan, .infinity, -.infinity,
        ]
        // Powers of two and their neighbours, subnormal to the largest.
        for exponent in -1074...1023 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextUp, power.nextDown, -power]
        }
        // Powers of ten and their neighbours, across the whole range.
        for exponent in -324...308 {
            guard let power = Double("1e\(exponent)"), power != 0, power.isFinite else { continue }
            values += [power, power.nextUp, power.nextDown, 2 * power, 5 * power, 9.5 * power]
        }
        let result = mismatches(in: values)
        #expect(result.count == 0, "\(result.count) mismatches: \(result.examples.joined(separator: "; "))")
        #expect(written(0) == "0.0")
        #expect(written(-0.0) == "-0.0")
        #expect(written(1e-5) == "1e-05")
        #expect(written(.leastNonzeroMagnitude) == "5e-324")
        #expect(written(.greatestFiniteMagnitude) == "1.7976931348623157e+308")
        #expect(written(9_007_199_254_740_992) == "9007199254740992.0")
        #expect(written(9_007_199_254_740_994) == "9.007199254740994e+15")
        #expect(written(1e16) == "1e+16")
        #expect(written(1e-4) == "0.0001")
        #expect(written(1e-4.nextDown) == "9.999999999999999e-05")
    }

    @Test func twoMillionRandomBitPatternsPrintAsDescriptionDoes() {
        let values = seeded(2_000_000, seed: 0x5EED_D0B1_E000_0001) { Double(bitPattern: $0.next()) }
            .filter(\.isFinite)
        let result = mismatches(in: values)
        #expect(result.count == 0, "\(result.count) mismatches: \(result.examples.joined(separator: "; "))")
    }

    @Test func animationRangesPrintAsDescriptionDoes() {
        let ranges: [ClosedRange<Double>] = [-1_000...1_000, 0...1, -1...1, 0...10, -100_000...100_000, 0...1e-3]
        for (index, range) in ranges.enumerated() {
            let values = seeded(200_000, seed: 0xA11_0000 + UInt64(index)) { Double.random(in: range, using: &$0) }
            let result = mismatches(in: values)
            let examples = result.examples.joined(separator: "; ")
            #expect(result.count == 0, "\(range.lowerBound)...\(range.upperBound): \(result.count) mismatches: \(examples)")
        }
        // Frame times and typical eased values: multiples of 1/60, 1/30, 1/120, and their squares.
        var frameTimes: [Double] = []
        for frame in 0...10_000 {
            for divisor in [60.0, 30, 120, 7] {
                let time = Double(frame) / divisor
                frameTimes += [time, time * time, -time]
            }
        }
        let result = mismatches(in: frameTimes)
        #expect(result.count == 0, "\(result.count) mismatches: \(result.examples.joined(separator: "; "))")
    }

    @Test func smallSubnormalsAndShortDecimalsPrintAsDescriptionDoes() {
        // The first subnormals, where the rounding interval holds very few decimals.
        let subnormals = (1...20_000 as ClosedRange<UInt64>).map { Double(bitPattern: $0) }
        var result = mismatches(in: subnormals)
        #expect(result.count == 0, "\(result.count) mismatches: \(result.examples.joined(separator: "; "))")
        // Decimals of one to four digits at every exponent, and their neighbours: the coarse
        // candidate and the trailing zeros paths.
        let shortDecimals = seeded(200_000, seed: 0xDEC) { generator -> Double in
            let digits = Int.random(in: 1...9_999, using: &generator)
            let exponent = Int.random(in: -330...310, using: &generator)
            let value = Double("\(digits)e\(exponent)") ?? 0
            switch generator.next() % 3 {
            case 0: return value
            case 1: return value.nextUp
            default: return value.nextDown
            }
        }.filter { $0.isFinite }
        result = mismatches(in: shortDecimals)
        #expect(result.count == 0, "\(result.count) mismatches: \(result.examples.joined(separator: "; "))")
    }

    @Test func theDecimalIsTheShortestAndHasNoTrailingZeros() {
        #expect(ShortestDecimal(0.3) == ShortestDecimal(significand: 3, exponent: -1))
        #expect(ShortestDecimal(.leastNonzeroMagnitude) == ShortestDecimal(significand: 5, exponent: -324))
        #expect(ShortestDecimal(1e23) == ShortestDecimal(significand: 1, exponent: 23))
        #expect(ShortestDecimal(-1500) == ShortestDecimal(significand: 15, exponent: 2))
        #expect(ShortestDecimal(.greatestFiniteMagnitude) == ShortestDecimal(significand: 17_976_931_348_623_157, exponent: 292))
        #expect(ShortestDecimal(0.1 + 0.2) == ShortestDecimal(significand: 30_000_000_000_000_004, exponent: -17))
    }

    @Test func theFifteenDigitShortcutAgreesWithTheFullAlgorithm() {
        func full(_ value: Double) -> ShortestDecimal {
            var decimal = ShortestDecimal.digits(of: value)
            decimal.removeTrailingZeros()
            return decimal
        }
        func stripped(_ decimal: ShortestDecimal) -> ShortestDecimal {
            var decimal = decimal
            decimal.removeTrailingZeros()
            return decimal
        }
        // Decimals of 1 to 15 digits across the shortcut's range, and their neighbours (which
        // need 16 or 17 digits, so the shortcut must decline them).
        var generator = SplitMix64(state: 15)
        var taken = 0
        var declined = 0
        for _ in 0..<300_000 {
            let digits = Int.random(in: 1...15, using: &generator)
            let significand = Int64.random(in: 1...999_999_999_999_999, using: &generator) % Int64(pow10(digits))
            let exponent = Int.random(in: -24...14, using: &generator)
            guard let decimal = Double("\(significand)e\(exponent)"), decimal >= 0x1p-26, decimal < 1e15 else { continue }
            for value in [decimal, decimal.nextUp, decimal.nextDown] {
                guard let short = ShortestDecimal.fifteenDigits(of: value) else {
                    // Only values that need more digits (or a power of ten a double misses) are declined.
                    if value == decimal && significand % 10 != 0 && Double("1e\(exponent)") != value {
                        #expect(Bool(false), "\(value) declined")
                    }
                    declined += 1
                    continue
                }
                taken += 1
                #expect(short.significand >= 100_000_000_000_000 && short.significand < 1_000_000_000_000_000)
                #expect(stripped(short) == full(value), "\(value)")
            }
        }
        #expect(taken > 100_000 && declined > 100_000)
        // Random doubles: when the shortcut answers, the full algorithm agrees.
        for _ in 0..<300_000 {
            let value = Double(bitPattern: generator.next() & 0x7FFF_FFFF_FFFF_FFFF)
            guard value.isFinite, value > 0, let short = ShortestDecimal.fifteenDigits(of: value) else { continue }
            #expect(stripped(short) == full(value), "\(value)")
        }
        for value in [0.5, 0.25, 0x1p-10, 1e-4, 0.1, 123.456, 999_999_999_999_999, 1e14, 0.3, 1.5e-8] {
            #expect(ShortestDecimal.fifteenDigits(of: value).map(stripped) == full(value), "\(value)")
        }
        // 16 or 17 digits, or outside 2^-26 ..< 10^15: declined.
        for value in [0x1p-26, 1e15.nextDown, 0.1 + 0.2, 1.0 / 3, 1e15, 1e-8, 0] {
            #expect(ShortestDecimal.fifteenDigits(of: value) == nil, "\(value)")
        }
    }

    @Test func wholeNumbersAndIntegersPrintWithoutAFraction() {
        var generator = SplitMix64(state: 53)
        var values: [Double] = [0, -0.0, 1, -1, 9_007_199_254_740_991, -9_007_199_254_740_991, 100_000_000, 99_999_999, 1e15]
        values += (0..<50_000).map { _ in Double(Int64.random(in: -(1 << 53 - 1)...(1 << 53 - 1), using: &generator)) }
        values += (0..<50_000).map { _ in Double(Int.random(in: -1_000...1_000, using: &generator)) }
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: NumberText.scratchByteCount, alignment: 8)
        defer { scratch.deallocate() }
        for value in values {
            for signedZero in [false, true] {
                let count = NumberText.writeWholeNumber(value, signedZero: signedZero, to: scratch)
                let text = String(decoding: UnsafeRawBufferPointer(start: scratch, count: count), as: UTF8.self)
                let expected = signedZero && value == 0 && value.sign == .minus ? "-0" : String(Int64(value))
                #expect(text == expected)
            }
        }
        for value in [Int64.min, .max, 0, -1, 10_000_000_000_000_000, 9_999_999_999_999_999, -12_345_678_901_234_567_89]
            + (0..<50_000).map({ _ in Int64(bitPattern: generator.next()) })
        {
            let count = NumberText.writeInteger(value, to: scratch)
            #expect(String(decoding: UnsafeRawBufferPointer(start: scratch, count: count), as: UTF8.self) == String(value))
        }
    }

    @Test func eightDigitWordsSpellTheNumber() {
        var generator = SplitMix64(state: 8)
        let values: [UInt32] = [0, 1, 9, 10, 99, 100, 9_999, 10_000, 12_345_678, 99_999_999, 10_000_000, 43_698]
            + (0..<100_000).map { _ in UInt32(generator.next() % 100_000_000) }
        for value in values {
            let word = NumberText.eightDigits(value)
            let text = String(decoding: (0..<8).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) }, as: UTF8.self)
            let expected = String(repeating: "0", count: 8 - String(value).count) + String(value)
            #expect(text == expected)
            if text != expected { break }
        }
    }

    @Test func theDigitCountIsExact() {
        for digits in 1...17 {
            let smallest = NumberText.powerOfTen(digits - 1)
            #expect(NumberText.decimalDigitCount(smallest) == digits)
            #expect(NumberText.decimalDigitCount(smallest * 10 - 1) == digits)
            #expect(NumberText.decimalDigitCount(smallest * 3) == digits)
        }
    }
}

@Suite("Shortest decimal tables")
struct ShortestDecimalTableTests {
    @Test func everyPowerOfTenIsTenToTheERoundedUpTo126Bits() {
        let table = ShortestDecimal.powersOfTen
        let exponents = ShortestDecimal.minimumPowerOfTenExponent...ShortestDecimal.maximumPowerOfTenExponent
        #expect(table.count == 2 * exponents.count)
        for (index, e) in exponents.enumerated() {
            let high = table[2 * index]
            let low = table[2 * index + 1]
            // 2^125 < g ≤ 2^126, its halves 63 bits wide.
            #expect(low < 1 << 63 && high < 1 << 63 && high >= 1 << 62, "10^\(e)")
            // g - 1 ≤ 10^e / 2^r < g with r = ⌊e log2 10⌋ - 125: (g - 1) D ≤ N < g D.
            let r = ShortestDecimal.floorLog2OfPowerOfTen(e) - 125
            let numerator = BigNatural.power(of: 10, max(e, 0)).shiftedLeft(max(-r, 0))
            let denominator = BigNatural.power(of: 10, max(-e, 0)).shiftedLeft(max(r, 0))
            let g = BigNatural(high).shiftedLeft(63).adding(low)
            let gMinusOne = BigNatural(high).shiftedLeft(63).adding(low - 1)
            #expect(gMinusOne.multiplied(by: denominator) <= numerator, "10^\(e)")
            #expect(numerator < g.multiplied(by: denominator), "10^\(e)")
        }
    }

    @Test func theLogarithmEstimatesAreExactOverTheExponentsOfDoubles() {
        for q in -1_100...1_100 {
            // 10^k ≤ 2^q < 10^(k+1)
            let k = ShortestDecimal.floorLog10OfPowerOfTwo(q)
            let twoToQ = (BigNatural(1).shiftedLeft(max(q, 0)), BigNatural(1).shiftedLeft(max(-q, 0)))
            #expect(lessOrEqual(tenTo: k, twoToQ), "q = \(q)")
            #expect(!lessOrEqual(tenTo: k + 1, twoToQ), "q = \(q)")
            // 10^k ≤ 3 × 2^(q - 2) < 10^(k+1)
            let k34 = ShortestDecimal.floorLog10OfThreeQuartersPowerOfTwo(q)
            let threeQuarters = (BigNatural(3).shiftedLeft(max(q - 2, 0)), BigNatural(1).shiftedLeft(max(2 - q, 0)))
            #expect(lessOrEqual(tenTo: k34, threeQuarters), "q = \(q)")
            #expect(!lessOrEqual(tenTo: k34 + 1, threeQuarters), "q = \(q)")
        }
        for e in -400...400 {
            // 2^f ≤ 10^e < 2^(f+1)
            let f = ShortestDecimal.floorLog2OfPowerOfTen(e)
            let tenToE = (BigNatural.power(of: 10, max(e, 0)), BigNatural.power(of: 10, max(-e, 0)))
            #expect(lessOrEqual(twoTo: f, tenToE), "e = \(e)")
            #expect(!lessOrEqual(twoTo: f + 1, tenToE), "e = \(e)")
        }
    }

    /// Whether 10^k ≤ n / d.
    private func lessOrEqual(tenTo k: Int, _ fraction: (BigNatural, BigNatural)) -> Bool {
        // 10^k ≤ n/d ⟺ 10^k d ≤ n (k ≥ 0) or d ≤ n 10^-k (k < 0).
        k >= 0
            ? BigNatural.power(of: 10, k).multiplied(by: fraction.1) <= fraction.0
            : fraction.1 <= fraction.0.multiplied(by: BigNatural.power(of: 10, -k))
    }

    /// Whether 2^f ≤ n / d.
    private func lessOrEqual(twoTo f: Int, _ fraction: (BigNatural, BigNatural)) -> Bool {
        f >= 0 ? fraction.1.shiftedLeft(f) <= fraction.0 : fraction.1 <= fraction.0.shiftedLeft(-f)
    }
}

/// A natural number of any size, just enough arithmetic to check the tables exactly.
private struct BigNatural: Comparable {
    /// 32-bit digits, least significant first, no leading zero digits.
    var digits: [UInt32]

    /// A number of at most 64 bits.
    init(_ value: UInt64) {
        digits = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        normalize()
    }

    /// 10^0 through 10^400.
    static let powersOfTen: [BigNatural] = {
        var powers = [BigNatural(1)]
        for _ in 1...400 { powers.append(powers.last!.multiplied(by: BigNatural(10))) }
        return powers
    }()

    /// 10^exponent, for 0 ≤ exponent ≤ 400.
    static func power(of base: UInt32, _ exponent: Int) -> BigNatural {
        precondition(base == 10)
        return powersOfTen[exponent]
    }

    /// Drops leading zero digits.
    mutating func normalize() {
        while digits.last == 0 { digits.removeLast() }
    }

    /// This number plus `value`.
    func adding(_ value: UInt64) -> BigNatural {
        var result = self
        var carry = value
        var index = 0
        while carry != 0 {
            if index == result.digits.count { result.digits.append(0) }
            let sum = UInt64(result.digits[index]) + (carry & 0xFFFF_FFFF)
            result.digits[index] = UInt32(truncatingIfNeeded: sum)
            carry = (carry >> 32) + (sum >> 32)
            index += 1
        }
        return result
    }

    /// This number times `other`, digit by digit.
    func multiplied(by other: BigNatural) -> BigNatural {
        var product = [UInt32](repeating: 0, count: digits.count + other.digits.count + 1)
        for (i, a) in digits.enumerated() {
            var carry: UInt64 = 0
            for (j, b) in other.digits.enumerated() {
                let t = UInt64(a) * UInt64(b) + UInt64(product[i + j]) + carry
                product[i + j] = UInt32(truncatingIfNeeded: t)
                carry = t >> 32
            }
            var k = i + other.digits.count
            while carry != 0 {
                let t = UInt64(product[k]) + carry
                product[k] = UInt32(truncatingIfNeeded: t)
                carry = t >> 32
                k += 1
            }
        }
        var result = BigNatural(0)
        result.digits = product
        result.normalize()
        return result
    }

    /// This number times 2^bits.
    func shiftedLeft(_ bits: Int) -> BigNatural {
        guard !digits.isEmpty else { return self }
        var result = BigNatural(0)
        result.digits = [UInt32](repeating: 0, count: bits / 32) + digits + [0]
        let shift = UInt32(bits % 32)
        if shift > 0 {
            var carry: UInt32 = 0
            for index in (bits / 32)..<result.digits.count {
                let digit = result.digits[index]
                result.digits[index] = digit << shift | carry
                carry = digit >> (32 - shift)
            }
        }
        result.normalize()
        return result
    }

    /// Compares by size, then digit by digit from the most significant.
    static func < (lhs: BigNatural, rhs: BigNatural) -> Bool {
        if lhs.digits.count != rhs.digits.count { return lhs.digits.count < rhs.digits.count }
        for index in lhs.digits.indices.reversed() where lhs.digits[index] != rhs.digits[index] {
            return lhs.digits[index] < rhs.digits[index]
        }
        return false
    }
}
