import Timeline

/// Why a ``Path`` could not be built. Every case says where.
public enum PathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A point has a NaN or infinite coordinate. `index` is the element's index in the path being
    /// built (element by element), or the point's index in the input (``Path/polygon(_:)``).
    case nonFinitePoint(index: Int)
    /// A line, curve or arc was added before any ``Path/move(to:)``: there is no current point.
    /// `element` is the index the element would have had.
    case noCurrentPoint(element: Int)
    /// A shape parameter (`rect`, `radius`, `cornerRadius`, `rotation`, ...) is NaN or infinite.
    case nonFiniteParameter(name: String)
    /// A shape parameter that must not be negative is negative.
    case negativeParameter(name: String, value: Double)
    /// A polygon got fewer points than it needs.
    case tooFewPoints(count: Int, minimum: Int)
    /// Finite inputs produced a NaN or infinite coordinate (numbers near the limits of `Double`).
    /// `element` is the index of the first element that would have held it.
    case nonFiniteResult(element: Int)

    /// A sentence that says what is wrong and where.
    public var description: String {
        switch self {
        case .nonFinitePoint(let index):
            "point \(index): coordinates must be finite numbers (no NaN or infinity)"
        case .noCurrentPoint(let element):
            "element \(element): a path must start with a move before lines, curves or arcs"
        case .nonFiniteParameter(let name):
            "\(name) must be a finite number (no NaN or infinity)"
        case .negativeParameter(let name, let value):
            "\(name) \(value) must not be negative"
        case .tooFewPoints(let count, let minimum):
            "a polygon needs at least \(minimum) points, got \(count)"
        case .nonFiniteResult(let element):
            "element \(element): the coordinates overflow (the result is not a finite number)"
        }
    }
}
