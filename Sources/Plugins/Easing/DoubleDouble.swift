import Timeline

/// An unevaluated sum `high + low` of two doubles: about 106 bits of precision.
///
/// The cubic Bézier solver falls back on it where the curve's slope vanishes and a residual
/// computed in plain `Double` arithmetic would be swamped by rounding. Only the operations the
/// solver needs are provided (error-free transformations after Dekker and Knuth, with the
/// product's error taken from a fused multiply-add).
struct DoubleDouble {
    /// The leading part, the sum rounded to a `Double`.
    var high: Double
    /// The trailing part, at most half an ulp of ``high``.
    var low: Double

    /// The exact value `value`.
    init(_ value: Double) {
        high = value
        low = 0
    }

    init(high: Double, low: Double) {
        self.high = high
        self.low = low
    }

    /// The exact sum of two doubles (Knuth's two-sum).
    static func sum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bVirtual = s - a
        let aVirtual = s - bVirtual
        let error = (a - aVirtual) + (b - bVirtual)
        return DoubleDouble(high: s, low: error)
    }

    /// The exact product of two doubles (the error of the rounded product from a fused
    /// multiply-add).
    static func product(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        let error = (-p).addingProduct(a, b)
        return DoubleDouble(high: p, low: error)
    }

    /// Renormalises so that `low` is within half an ulp of `high` (fast two-sum, |a| >= |b|).
    private static func normalized(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(high: s, low: b - (s - a))
    }

    static func + (lhs: DoubleDouble, rhs: DoubleDouble) -> DoubleDouble {
        let s = sum(lhs.high, rhs.high)
        let t = sum(lhs.low, rhs.low)
        let first = normalized(s.high, s.low + t.high)
        return normalized(first.high, first.low + t.low)
    }

    static func * (lhs: DoubleDouble, rhs: Double) -> DoubleDouble {
        let p = product(lhs.high, rhs)
        return normalized(p.high, p.low.addingProduct(lhs.low, rhs))
    }

    /// The sign of the value: -1, 0 or 1.
    var signum: Int {
        if high > 0 || (high == 0 && low > 0) { return 1 }
        if high < 0 || (high == 0 && low < 0) { return -1 }
        return 0
    }
}
