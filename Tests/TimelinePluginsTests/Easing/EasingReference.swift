// Independent references for the easing tests: a cubic Bézier evaluated by de Casteljau's
// construction in double-double arithmetic and inverted by plain bisection, and central
// differences. None of it shares code with the plugin. (The seeded random source is
// CadenceTestSupport's `SeededGenerator`.)

/// A double-double number `hi + lo`, for the reference only.
struct Wide {
    var hi: Double
    var lo: Double

    init(_ value: Double) {
        hi = value
        lo = 0
    }

    init(hi: Double, lo: Double) {
        self.hi = hi
        self.lo = lo
    }

    static func + (a: Wide, b: Wide) -> Wide {
        // Two-sum of the leading parts, then fold in the trailing parts.
        let s = a.hi + b.hi
        let v = s - a.hi
        let e = (a.hi - (s - v)) + (b.hi - v) + a.lo + b.lo
        let hi = s + e
        return Wide(hi: hi, lo: e - (hi - s))
    }

    static prefix func - (a: Wide) -> Wide {
        Wide(hi: -a.hi, lo: -a.lo)
    }

    static func - (a: Wide, b: Wide) -> Wide {
        a + -b
    }

    static func * (a: Wide, b: Wide) -> Wide {
        // The rounding error of the leading product is exact with a fused multiply-add.
        let p = a.hi * b.hi
        let error = (-p).addingProduct(a.hi, b.hi) + (a.hi * b.lo + a.lo * b.hi)
        let hi = p + error
        return Wide(hi: hi, lo: error - (hi - p))
    }

    var value: Double { hi + lo }
}

/// The cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2), computed the
/// slow, sure way.
struct ReferenceBezier {
    let x1: Double
    let y1: Double
    let x2: Double
    let y2: Double

    /// de Casteljau's construction at parameter `t`, in double-double.
    static func point(_ p1: Double, _ p2: Double, at t: Wide) -> Wide {
        func lerp(_ a: Wide, _ b: Wide) -> Wide { a + (b - a) * t }
        let p0 = Wide(0)
        let p3 = Wide(1)
        let a = lerp(p0, Wide(p1))
        let b = lerp(Wide(p1), Wide(p2))
        let c = lerp(Wide(p2), p3)
        let d = lerp(a, b)
        let e = lerp(b, c)
        return lerp(d, e)
    }

    /// The curve parameter where x(t) = x, by 80 bisections: within 1e-24 of the root.
    func parameter(forX x: Double) -> Wide {
        var low = Wide(0)
        var high = Wide(1)
        for _ in 0..<80 {
            let middle = (low + high) * Wide(0.5)
            let residual = Self.point(x1, x2, at: middle) - Wide(x)
            if residual.hi > 0 || (residual.hi == 0 && residual.lo > 0) {
                high = middle
            } else if residual.hi < 0 || (residual.hi == 0 && residual.lo < 0) {
                low = middle
            } else {
                return middle
            }
        }
        return (low + high) * Wide(0.5)
    }

    /// The exact curve's y at input x, to far better than 1e-12.
    func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.point(y1, y2, at: parameter(forX: x)).value
    }
}

/// The central difference `(f(x + h) - f(x - h)) / 2h`.
func centralDifference(_ f: (Double) -> Double, at x: Double, step h: Double = 1e-6) -> Double {
    (f(x + h) - f(x - h)) / (2 * h)
}

/// Inputs that probe both ends of `0...1` closely, plus a uniform grid of `count + 1` points.
func probeInputs(grid count: Int) -> [Double] {
    let near: [Double] = [
        .leastNonzeroMagnitude, 1e-300, 1e-100, 1e-30, 1e-20, 1e-16, 1e-14, 1e-12, 1e-10, 1e-9,
        1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 0.01,
    ]
    let uniform = (0...count).map { Double($0) / Double(count) }
    return uniform + near + near.map { 1 - $0 } + [(1.0).nextDown, 0.5.nextDown, 0.5.nextUp]
}
