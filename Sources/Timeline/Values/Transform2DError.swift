/// Why a matrix could not be decomposed into a ``Transform2D``.
///
/// CSS has the same limit: a matrix that cannot be decomposed (its determinant is zero) does not
/// interpolate smoothly; CSS falls back to a discrete jump. Cadence reports it instead.
public enum Transform2DError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The entry named `entry` (`"a"`, `"b"`, `"c"`, `"d"`, `"tx"` or `"ty"`) is NaN or infinite.
    case nonFiniteEntry(String)
    /// The matrix has no decomposition: it is singular and squashes the plane onto a line that
    /// both axes map into (determinant 0), or it is so close to singular that the parts would not
    /// be finite.
    case notDecomposable(determinant: Double)

    /// A sentence that says what is wrong and where.
    public var description: String {
        switch self {
        case .nonFiniteEntry(let entry):
            "matrix entry '\(entry)' must be a finite number"
        case .notDecomposable(let determinant) where determinant == 0:
            "the matrix is singular (determinant 0): it maps both axes onto one line, which no "
                + "combination of scale, skew and rotation can express"
        case .notDecomposable(let determinant):
            "the matrix is too close to singular to decompose (determinant \(determinant))"
        }
    }
}
