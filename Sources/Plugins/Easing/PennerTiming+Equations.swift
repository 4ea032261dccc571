import Timeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The equations as easings.net publishes them, and their derivatives worked out by hand.
extension PennerTiming {
    /// The eased progress at linear progress `x`, clamped to `0...1` (NaN reads 0).
    ///
    /// `value(at: 0) == 0` and `value(at: 1) == 1` exactly for every equation (the published
    /// formulas for back and bounce miss them by a rounding error).
    ///
    /// - Complexity: O(1).
    public func value(at x: Double) -> Double {
        guard x > 0, x < 1 else { return x > 0 ? 1 : 0 }
        switch direction {
        case .easeIn: return Self.easeIn(family, x)
        case .easeOut: return Self.easeOut(family, x)
        case .easeInOut: return Self.easeInOut(family, x)
        }
    }

    /// The analytic slope at linear progress `x`, clamped to `0...1`.
    ///
    /// Expo and elastic pin an end to exactly 0 or 1 where the published formula misses it by
    /// less than `2⁻¹⁰`; there the slope is that of the formula (the one-sided limit). Circ's
    /// vertical tangents give ``TimingCurve/maximumSlope``.
    public func derivative(at x: Double) -> Double {
        let x = x > 0 ? min(x, 1) : 0
        let slope =
            switch direction {
            case .easeIn: Self.easeInSlope(family, x)
            case .easeOut: Self.easeOutSlope(family, x)
            case .easeInOut: Self.easeInOutSlope(family, x)
            }
        return TimingCurve.limitingSlope(slope)
    }

    /// The exponent of the polynomial families.
    private static func degree(of family: Family) -> Int? {
        switch family {
        case .quad: 2
        case .cubic: 3
        case .quart: 4
        case .quint: 5
        default: nil
        }
    }

    private static func power(_ x: Double, _ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<n { result *= x }
        return result
    }

    private static func easeIn(_ family: Family, _ x: Double) -> Double {
        if let n = degree(of: family) { return power(x, n) }
        switch family {
        case .sine: return 1 - cos(x * .pi / 2)
        case .expo: return x == 0 ? 0 : exp2(10 * x - 10)
        case .circ: return 1 - (1 - x * x).squareRoot()
        case .back: return Constant.c3 * x * x * x - Constant.c1 * x * x
        case .elastic:
            if x == 0 || x == 1 { return x }
            return -exp2(10 * x - 10) * sin((x * 10 - 10.75) * Constant.c4)
        case .bounce: return 1 - bounceOut(1 - x)
        default: return x
        }
    }

    private static func easeOut(_ family: Family, _ x: Double) -> Double {
        if let n = degree(of: family) { return 1 - power(1 - x, n) }
        switch family {
        case .sine: return sin(x * .pi / 2)
        case .expo: return x == 1 ? 1 : 1 - exp2(-10 * x)
        case .circ: return (1 - (x - 1) * (x - 1)).squareRoot()
        case .back:
            return 1 + Constant.c3 * (x - 1) * (x - 1) * (x - 1) + Constant.c1 * (x - 1) * (x - 1)
        case .elastic:
            if x == 0 || x == 1 { return x }
            return exp2(-10 * x) * sin((x * 10 - 0.75) * Constant.c4) + 1
        case .bounce: return bounceOut(x)
        default: return x
        }
    }

    private static func easeInOut(_ family: Family, _ x: Double) -> Double {
        if let n = degree(of: family) {
            return x < 0.5
                ? power(2, n - 1) * power(x, n)
                : 1 - power(-2 * x + 2, n) / 2
        }
        switch family {
        case .sine: return -(cos(.pi * x) - 1) / 2
        case .expo:
            if x == 0 || x == 1 { return x }
            return x < 0.5 ? exp2(20 * x - 10) / 2 : (2 - exp2(-20 * x + 10)) / 2
        case .circ:
            return x < 0.5
                ? (1 - (1 - (2 * x) * (2 * x)).squareRoot()) / 2
                : ((1 - (-2 * x + 2) * (-2 * x + 2)).squareRoot() + 1) / 2
        case .back:
            let c2 = Constant.c2
            return x < 0.5
                ? ((2 * x) * (2 * x) * ((c2 + 1) * 2 * x - c2)) / 2
                : ((2 * x - 2) * (2 * x - 2) * ((c2 + 1) * (x * 2 - 2) + c2) + 2) / 2
        case .elastic:
            if x == 0 || x == 1 { return x }
            let wave = sin((20 * x - 11.125) * Constant.c5)
            return x < 0.5
                ? -(exp2(20 * x - 10) * wave) / 2
                : (exp2(-20 * x + 10) * wave) / 2 + 1
        case .bounce:
            return x < 0.5 ? (1 - bounceOut(1 - 2 * x)) / 2 : (1 + bounceOut(2 * x - 1)) / 2
        default: return x
        }
    }

    /// easeOutBounce: four parabolic arcs.
    private static func bounceOut(_ x: Double) -> Double {
        let n1 = Constant.n1
        let d1 = Constant.d1
        if x < 1 / d1 { return n1 * x * x }
        if x < 2 / d1 {
            let u = x - 1.5 / d1
            return n1 * u * u + 0.75
        }
        if x < 2.5 / d1 {
            let u = x - 2.25 / d1
            return n1 * u * u + 0.9375
        }
        let u = x - 2.625 / d1
        return n1 * u * u + 0.984375
    }

    private static func bounceOutSlope(_ x: Double) -> Double {
        let d1 = Constant.d1
        let offset: Double =
            x < 1 / d1 ? 0 : x < 2 / d1 ? 1.5 / d1 : x < 2.5 / d1 ? 2.25 / d1 : 2.625 / d1
        return 2 * Constant.n1 * (x - offset)
    }

    private static func easeInSlope(_ family: Family, _ x: Double) -> Double {
        if let n = degree(of: family) { return Double(n) * power(x, n - 1) }
        switch family {
        case .sine: return .pi / 2 * sin(x * .pi / 2)
        case .expo: return Constant.tenLn2 * exp2(10 * x - 10)
        case .circ: return x / (1 - x * x).squareRoot()
        case .back: return 3 * Constant.c3 * x * x - 2 * Constant.c1 * x
        case .elastic:
            let growth = exp2(10 * x - 10)
            let phase = (x * 10 - 10.75) * Constant.c4
            return -(Constant.tenLn2 * growth * sin(phase) + 10 * Constant.c4 * growth * cos(phase))
        case .bounce: return bounceOutSlope(1 - x)
        default: return 1
        }
    }

    private static func easeOutSlope(_ family: Family, _ x: Double) -> Double {
        if let n = degree(of: family) { return Double(n) * power(1 - x, n - 1) }
        switch family {
        case .sine: return .pi / 2 * cos(x * .pi / 2)
        case .expo: return Constant.tenLn2 * exp2(-10 * x)
        case .circ: return (1 - x) / (1 - (x - 1) * (x - 1)).squareRoot()
        case .back: return 3 * Constant.c3 * (x - 1) * (x - 1) + 2 * Constant.c1 * (x - 1)
        case .elastic:
            let decay = exp2(-10 * x)
            let phase = (x * 10 - 0.75) * Constant.c4
            return -Constant.tenLn2 * decay * sin(phase) + 10 * Constant.c4 * decay * cos(phase)
        case .bounce: return bounceOutSlope(x)
        default: return 1
        }
    }

    private static func easeInOutSlope(_ family: Family, _ x: Double) -> Double {
        if let n = degree(of: family) {
            return x < 0.5
                ? power(2, n - 1) * Double(n) * power(x, n - 1)
                : Double(n) * power(-2 * x + 2, n - 1)
        }
        switch family {
        case .sine: return .pi / 2 * sin(.pi * x)
        case .expo:
            return Constant.tenLn2 * (x < 0.5 ? exp2(20 * x - 10) : exp2(-20 * x + 10))
        case .circ:
            if x < 0.5 { return 2 * x / (1 - (2 * x) * (2 * x)).squareRoot() }
            let u = -2 * x + 2
            return u / (1 - u * u).squareRoot()
        case .back:
            let c2 = Constant.c2
            let u = x < 0.5 ? 2 * x : 2 * x - 2
            return x < 0.5
                ? 3 * (c2 + 1) * u * u - 2 * c2 * u
                : 3 * (c2 + 1) * u * u + 2 * c2 * u
        case .elastic:
            let phase = (20 * x - 11.125) * Constant.c5
            if x < 0.5 {
                let growth = exp2(20 * x - 10)
                return -(Constant.tenLn2 * growth * sin(phase) + 10 * Constant.c5 * growth * cos(phase))
            }
            let decay = exp2(-20 * x + 10)
            return -Constant.tenLn2 * decay * sin(phase) + 10 * Constant.c5 * decay * cos(phase)
        case .bounce:
            return x < 0.5 ? bounceOutSlope(1 - 2 * x) : bounceOutSlope(2 * x - 1)
        default: return 1
        }
    }
}
