import Timeline

/// How the inside of a ``Path`` is decided where sub-paths overlap or a path crosses itself.
///
/// The names and meanings are SVG's `fill-rule` values: a point is inside when a ray from it
/// crosses the path's edges
///
/// | rule | inside when | typical use |
/// |---|---|---|
/// | ``nonZero`` | the signed crossing count (edges winding one way minus the other) is not zero | solid shapes; a hole needs the opposite direction |
/// | ``evenOdd`` | the crossing count is odd | holes regardless of direction (the punch-out mask) |
public enum FillRule: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Inside where the winding number is not zero (SVG `nonzero`, the default).
    case nonZero
    /// Inside where the number of crossings is odd (SVG `evenodd`).
    case evenOdd

    /// The SVG `fill-rule` value: `nonzero` or `evenodd`.
    public var description: String {
        switch self {
        case .nonZero: "nonzero"
        case .evenOdd: "evenodd"
        }
    }
}
