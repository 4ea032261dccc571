import Timeline

/// Why control points do not make a cubic Bézier timing function.
///
/// ```swift
/// do {
///     _ = try CubicBezierTiming(1.5, 0, 0.58, 1)
/// } catch {
///     print(error)  // cubic-bezier: x1 = 1.5 is outside 0...1
/// }
/// ```
public enum CubicBezierError: Error, CustomStringConvertible, Equatable, Sendable {
    /// An x coordinate (`x1` or `x2`) outside `0...1`: the curve would not be a function of time.
    case abscissaOutOfRange(parameter: String, value: Double)
    /// A coordinate that is NaN or infinite.
    case nonFinite(parameter: String, value: Double)
    /// A y coordinate whose magnitude exceeds ``CubicBezierTiming/maximumOrdinate``.
    case ordinateOutOfRange(parameter: String, value: Double)

    /// The parameter at fault: `x1`, `y1`, `x2` or `y2`.
    public var parameter: String {
        switch self {
        case .abscissaOutOfRange(let parameter, _), .nonFinite(let parameter, _),
            .ordinateOutOfRange(let parameter, _):
            parameter
        }
    }

    /// The parameter's index in `cubic-bezier(x1, y1, x2, y2)`, from 0.
    public var argumentIndex: Int {
        ["x1", "y1", "x2", "y2"].firstIndex(of: parameter) ?? 0
    }

    /// What is wrong, in one line.
    public var description: String {
        switch self {
        case .abscissaOutOfRange(let parameter, let value):
            "cubic-bezier: \(parameter) = \(DecimalText.number(value)) is outside 0...1"
        case .nonFinite(let parameter, let value):
            "cubic-bezier: \(parameter) = \(value) is not a finite number"
        case .ordinateOutOfRange(let parameter, let value):
            "cubic-bezier: \(parameter) = \(DecimalText.number(value)) is beyond ±"
                + DecimalText.number(CubicBezierTiming.maximumOrdinate)
        }
    }
}
