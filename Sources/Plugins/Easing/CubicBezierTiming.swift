public import Timeline

/// A cubic Bézier timing function, as CSS `cubic-bezier()` and Core Animation's
/// `CAMediaTimingFunction` define it.
///
/// The curve runs from `(0, 0)` to `(1, 1)` with control points `(x1, y1)` and `(x2, y2)`; linear
/// progress is the curve's `x`, eased progress its `y`. `x1` and `x2` must lie in `0...1`, so that
/// `x(t)` increases and each input has one output; `y1` and `y2` may leave `0...1` (overshoot).
///
/// ```swift
/// let curve = try CubicBezierTiming(0.42, 0, 0.58, 1)
/// curve.value(at: 0.5)             // 0.5
/// CubicBezierTiming.easeIn.value(at: 0.5)  // 0.31535…
/// ```
///
/// ## Accuracy
/// ``value(at:)`` solves `x(t) = x` for the curve parameter `t` with Newton's method inside a
/// bracket, started from a table of 16 precomputed samples, and falls back on a bisection in
/// double-double arithmetic where the slope `x'(t)` vanishes inside the interval. The answer is
/// within `1e-7` of the exact curve's `y` for every input in `0...1` (the solver aims at `1e-9`;
/// the tests check against an independent double-double reference); `value(at: 0) == 0` and
/// `value(at: 1) == 1` exactly.
///
/// - Complexity: ``value(at:)`` is O(1): usually two or three Newton steps on precomputed
///   polynomial coefficients, no allocation.
public struct CubicBezierTiming: TimingFunction, Hashable {
    /// The largest magnitude accepted for `y1` and `y2`.
    public static let maximumOrdinate: Double = 1e6

    @usableFromInline let xs: BezierCoordinate
    @usableFromInline let ys: BezierCoordinate
    /// How close to the exact curve parameter `t` the solver goes: small enough that the error
    /// in `y` stays below `1e-9` however steep `y(t)` is.
    @usableFromInline let parameterTolerance: Double
    /// The curve parameter `t` at inputs `x = k/16`, `k` in `0..<16` (`t = 1` at `x = 1`):
    /// linear interpolation in it starts Newton's method within about `10⁻³` of the root.
    @usableFromInline let parameterSamples: SIMD16<Double>
    /// Whether `y` never decreases, so that ``inverse(of:)`` has an answer.
    @usableFromInline let isOutputMonotonic: Bool
    /// The keyword this curve was created as, printed by ``description``.
    @usableFromInline let name: Name?

    /// The named curves of CSS and Core Animation.
    @usableFromInline
    enum Name: String, Sendable {
        case ease
        case easeIn = "ease-in"
        case easeOut = "ease-out"
        case easeInOut = "ease-in-out"
        case coreAnimationDefault = "ca-default"
        case coreAnimationEaseIn = "ca-ease-in"
        case coreAnimationEaseOut = "ca-ease-out"
        case coreAnimationEaseInEaseOut = "ca-ease-in-ease-out"
    }

    /// Creates the curve with control points `(x1, y1)` and `(x2, y2)`.
    ///
    /// - Parameters:
    ///   - x1: The first control point's x, in `0...1`.
    ///   - y1: The first control point's y, finite, at most ``maximumOrdinate`` in magnitude.
    ///   - x2: The second control point's x, in `0...1`.
    ///   - y2: The second control point's y, finite, at most ``maximumOrdinate`` in magnitude.
    /// - Throws: ``CubicBezierError`` naming the first offending parameter.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(CubicBezierError) {
        try Self.checkAbscissa(x1, "x1")
        try Self.checkOrdinate(y1, "y1")
        try Self.checkAbscissa(x2, "x2")
        try Self.checkOrdinate(y2, "y2")
        self.init(validated: x1, y1, x2, y2, name: nil)
    }

    private static func checkAbscissa(_ value: Double, _ parameter: String) throws(CubicBezierError) {
        guard value.isFinite else { throw .nonFinite(parameter: parameter, value: value) }
        guard value >= 0, value <= 1 else { throw .abscissaOutOfRange(parameter: parameter, value: value) }
    }

    private static func checkOrdinate(_ value: Double, _ parameter: String) throws(CubicBezierError) {
        guard value.isFinite else { throw .nonFinite(parameter: parameter, value: value) }
        guard abs(value) <= maximumOrdinate else {
            throw .ordinateOutOfRange(parameter: parameter, value: value)
        }
    }

    /// Creates a curve from control points known to be valid.
    init(validated x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, name: Name?) {
        xs = BezierCoordinate(x1 + 0, x2 + 0)
        ys = BezierCoordinate(y1 + 0, y2 + 0)
        // |y'(t)| <= 3 max(|y1|, |y2 - y1|, |1 - y2|): a parameter error e moves y by at most that
        // times e.
        let steepest = 3 * max(abs(y1), abs(y2 - y1), abs(1 - y2), 1)
        parameterTolerance = min(1e-12, 1e-9 / steepest)
        isOutputMonotonic = ys.isMonotonic
        self.name = name
        var samples = SIMD16<Double>()
        for k in 1..<16 {
            samples[k] = xs.parameter(reaching: Double(k) / 16, tolerance: parameterTolerance)
        }
        parameterSamples = samples
    }

    /// The first control point's x.
    public var x1: Double { xs.p1 }
    /// The first control point's y.
    public var y1: Double { ys.p1 }
    /// The second control point's x.
    public var x2: Double { xs.p2 }
    /// The second control point's y.
    public var y2: Double { ys.p2 }

    /// Whether the eased progress never decreases as the input grows (no overshoot, no dip),
    /// which is when ``inverse(of:)`` has answers.
    public var isMonotonic: Bool { isOutputMonotonic }

    /// The curve parameter `t` at which the curve's x is `x` (clamped to `0...1`; NaN reads 0).
    @inlinable
    func parameter(at x: Double) -> Double {
        guard x > 0, x < 1 else { return x > 0 ? 1 : 0 }
        let scaled = x * 16
        let index = min(Int(scaled), 15)
        let low = parameterSamples[index]
        let high = index == 15 ? 1 : parameterSamples[index + 1]
        let guess = low + (scaled - Double(index)) * (high - low)
        return xs.parameter(reaching: x, tolerance: parameterTolerance, guess: guess)
    }

    /// The eased progress at linear progress `x`: the curve's `y` where its `x` is `x`.
    ///
    /// Inputs below 0 (and NaN) give 0, inputs above 1 give 1, both exactly.
    ///
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func value(at x: Double) -> Double {
        if !(x > 0) { return 0 }
        if x >= 1 { return 1 }
        return ys.value(at: parameter(at: x))
    }

    /// The slope `dy/dx = y'(t) / x'(t)` at linear progress `x` (clamped to `0...1`).
    ///
    /// Where `x'(t)` vanishes the slope is the limit: finite when `y'(t)` vanishes with it
    /// (`ease-out` at 0 has slope `y2 / x2`), and ``TimingCurve/maximumSlope`` with the right sign
    /// at a vertical tangent (`cubic-bezier(0, 1, 1, 1)` at 0).
    public func derivative(at x: Double) -> Double {
        let t = parameter(at: x)
        let dx = xs.slope(at: t)
        let dy = ys.slope(at: t)
        if dx > 0 { return TimingCurve.limitingSlope(dy / dx) }
        return limitingSlopeWhereFlat(at: t)
    }

    /// L'Hôpital at a parameter where `x'(t) == 0`: compare the first derivatives of `x` and `y`
    /// that do not vanish there (orders 1 to 3; a cubic's third derivative is constant).
    private func limitingSlopeWhereFlat(at t: Double) -> Double {
        let xDerivative = (0.0, xs.secondDerivative(at: t), xs.thirdDerivative)
        let yDerivative = (ys.slope(at: t), ys.secondDerivative(at: t), ys.thirdDerivative)
        guard let (xOrder, xValue) = Self.firstNonzero(xDerivative),
            let (yOrder, yValue) = Self.firstNonzero(yDerivative)
        else { return 0 }
        if yOrder > xOrder { return 0 }
        if yOrder == xOrder { return TimingCurve.limitingSlope(yValue / xValue) }
        // A vertical tangent. Approaching from the right (from the left at t = 1), the ratio
        // behaves like (y⁽ᵐ⁾ / x⁽ᵏ⁾) h^(m - k).
        var sign: Double = (yValue > 0) == (xValue > 0) ? 1 : -1
        if t >= 1, (xOrder - yOrder) % 2 == 1 { sign = -sign }
        return sign * TimingCurve.maximumSlope
    }

    /// The order (1, 2 or 3) and value of the first nonzero derivative, if any.
    private static func firstNonzero(_ derivatives: (Double, Double, Double)) -> (Int, Double)? {
        if derivatives.0 != 0 { return (1, derivatives.0) }
        if derivatives.1 != 0 { return (2, derivatives.1) }
        if derivatives.2 != 0 { return (3, derivatives.2) }
        return nil
    }

    /// The linear progress at which the eased progress reaches `y`, or `nil` when the curve is not
    /// monotonic (it overshoots or dips) or `y` is outside `0...1`.
    ///
    /// - Complexity: O(1): one solve for `t` in `y(t) = y`.
    public func inverse(of y: Double) -> Double? {
        guard isOutputMonotonic, y >= 0, y <= 1 else { return nil }
        if y == 0 { return 0 }
        if y == 1 { return 1 }
        let t = ys.parameter(reaching: y, tolerance: 1e-12)
        return min(max(xs.value(at: t), 0), 1)
    }

    /// The curve in Cadence's syntax: its keyword (`ease-in`, `ca-default`) if it was created
    /// as one, `cubic-bezier(x1, y1, x2, y2)` otherwise, with numbers that read back exactly.
    public var description: String {
        if let name { return name.rawValue }
        let numbers = [x1, y1, x2, y2].map(DecimalText.number)
        return "cubic-bezier(\(numbers.joined(separator: ", ")))"
    }

    /// Two curves are equal when their control points are, whatever they are called.
    public static func == (lhs: CubicBezierTiming, rhs: CubicBezierTiming) -> Bool {
        lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
    }

    /// Hashes the control points.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(x1)
        hasher.combine(y1)
        hasher.combine(x2)
        hasher.combine(y2)
    }
}
