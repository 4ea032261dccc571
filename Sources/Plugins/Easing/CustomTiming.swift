public import Timeline

/// A timing function given by closures.
///
/// Supply the value and, if you know them, the derivative and the inverse; without a derivative
/// the slope is estimated by central differences (one-sided, second order, at the ends, so the
/// closure is only ever called inside `0...1`).
///
/// ```swift
/// let smoothstep = CustomTiming(name: "smoothstep", value: { x in x * x * (3 - 2 * x) })
/// smoothstep.derivative(at: 0.5)   // ≈ 1.5
/// smoothstep.description           // "custom(smoothstep)"
/// ```
///
/// The closures must be pure and honour the ``TimingFunction`` contract (`value(0) == 0`,
/// `value(1) == 1`, finite results); Cadence cannot check them. A custom curve prints as
/// `custom(name)`, which the curve parser recognises and refuses with a clear error: closures
/// have no text form.
public struct CustomTiming: TimingFunction {
    /// The name printed in ``description``.
    public let name: String
    @usableFromInline let valueFunction: @Sendable (Double) -> Double
    @usableFromInline let derivativeFunction: (@Sendable (Double) -> Double)?
    @usableFromInline let inverseFunction: (@Sendable (Double) -> Double?)?

    /// The step of the central differences: about the cube root of `Double.ulpOfOne`, which
    /// balances truncation against rounding.
    public static let differenceStep = 1e-5

    /// Creates a timing function from closures.
    ///
    /// - Parameters:
    ///   - name: A name for ``description``.
    ///   - value: The eased progress at linear progress `x` in `0...1`.
    ///   - derivative: `dy/dx` at `x`, or `nil` to estimate it by central differences.
    ///   - inverse: The `x` at which the value is `y`, or `nil` for a function with no inverse.
    public init(
        name: String,
        value: @escaping @Sendable (Double) -> Double,
        derivative: (@Sendable (Double) -> Double)? = nil,
        inverse: (@Sendable (Double) -> Double?)? = nil
    ) {
        self.name = name
        valueFunction = value
        derivativeFunction = derivative
        inverseFunction = inverse
    }

    /// The closure's value at `x`, clamped to `0...1` (NaN reads 0).
    @inlinable
    public func value(at x: Double) -> Double {
        valueFunction(x > 0 ? min(x, 1) : 0)
    }

    /// The derivative closure's value at `x` (clamped), or a second-order difference estimate:
    /// central inside, one-sided within ``differenceStep`` of an end. The estimate is limited to
    /// ``TimingCurve/maximumSlope``.
    public func derivative(at x: Double) -> Double {
        let x = x > 0 ? min(x, 1) : 0
        if let derivativeFunction { return derivativeFunction(x) }
        let h = Self.differenceStep
        let slope: Double
        if x - h < 0 {
            slope = (-3 * valueFunction(x) + 4 * valueFunction(x + h) - valueFunction(x + 2 * h)) / (2 * h)
        } else if x + h > 1 {
            slope = (3 * valueFunction(x) - 4 * valueFunction(x - h) + valueFunction(x - 2 * h)) / (2 * h)
        } else {
            slope = (valueFunction(x + h) - valueFunction(x - h)) / (2 * h)
        }
        return TimingCurve.limitingSlope(slope)
    }

    /// The inverse closure's answer, or `nil` if none was given.
    public func inverse(of y: Double) -> Double? {
        inverseFunction?(y)
    }

    /// `custom(name)`.
    public var description: String { "custom(\(name))" }
}
