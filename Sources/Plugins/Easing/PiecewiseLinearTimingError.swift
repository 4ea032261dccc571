import Timeline

/// Why a list of stops does not make a CSS `linear()` easing function.
public enum PiecewiseLinearTimingError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Fewer than two stops.
    case tooFewStops(count: Int)
    /// A stop whose output is NaN or infinite.
    case nonFiniteOutput(stop: Int, value: Double)
    /// A stop whose input is NaN or infinite.
    case nonFiniteInput(stop: Int, value: Double)
    /// A stop whose output or input is beyond ``PiecewiseLinearTiming/maximumMagnitude``.
    case outOfRange(stop: Int, value: Double)
    /// Stops so close together that extending their segment to input 0 or 1 (as CSS does before
    /// the first stop and after the last) gives a value beyond any `Double`.
    case overflowingExtrapolation(stop: Int)

    /// The index of the offending stop, from 0 (`nil` for ``tooFewStops(count:)``).
    public var stopIndex: Int? {
        switch self {
        case .tooFewStops: nil
        case .nonFiniteOutput(let stop, _), .nonFiniteInput(let stop, _), .outOfRange(let stop, _),
            .overflowingExtrapolation(let stop):
            stop
        }
    }

    /// What is wrong, in one line.
    public var description: String {
        switch self {
        case .tooFewStops(let count):
            "linear(): needs at least 2 stops, found \(count)"
        case .nonFiniteOutput(let stop, let value):
            "linear(): stop \(stop + 1) has output \(value), which is not a finite number"
        case .nonFiniteInput(let stop, let value):
            "linear(): stop \(stop + 1) has input \(value), which is not a finite number"
        case .outOfRange(let stop, let value):
            "linear(): stop \(stop + 1) has \(DecimalText.number(value)), beyond ±"
                + DecimalText.number(PiecewiseLinearTiming.maximumMagnitude)
        case .overflowingExtrapolation(let stop):
            "linear(): stop \(stop + 1) is so close to its neighbour that extending their segment to "
                + "input 0 or 1 overflows; move the stops apart or add a stop at 0% and 100%"
        }
    }
}
