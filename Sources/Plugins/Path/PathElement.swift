public import Timeline

/// One drawing instruction of a ``Path``.
///
/// The points are absolute. A sub-path starts with ``move(to:)``; ``closeSubpath`` draws a straight
/// line back to the sub-path's first point and ends the sub-path.
///
/// ```swift
/// let path = try Path(elements: [
///     .move(to: Point(x: 0, y: 0)),
///     .line(to: Point(x: 10, y: 0)),
///     .quadCurve(to: Point(x: 10, y: 10), control: Point(x: 15, y: 5)),
///     .closeSubpath,
/// ])
/// ```
public enum PathElement: Sendable, Hashable, CustomStringConvertible {
    /// Starts a new sub-path at a point.
    case move(to: Point)
    /// A straight line from the current point.
    case line(to: Point)
    /// A quadratic Bézier curve from the current point.
    case quadCurve(to: Point, control: Point)
    /// A cubic Bézier curve from the current point.
    case curve(to: Point, control1: Point, control2: Point)
    /// Closes the current sub-path with a straight line to its first point.
    case closeSubpath

    /// The element's end point, or `nil` for ``closeSubpath``.
    public var endPoint: Point? {
        switch self {
        case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): p
        case .closeSubpath: nil
        }
    }

    /// The element as SVG path data with absolute coordinates (`M 1 2`, `C 1 2 3 4 5 6`, `Z`).
    public var description: String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Path.svgElementCapacity) { buffer in
            let count = Path.writeSVG(of: self, to: UnsafeMutableRawPointer(buffer.baseAddress!))
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }
}

/// The kind of a stored element; the points live in a separate flat array.
@usableFromInline
enum PathVerb: UInt8, Sendable, Hashable {
    case move
    case line
    case quadCurve
    case curve
    case close

    /// How many points the verb stores.
    @inlinable
    var pointCount: Int {
        switch self {
        case .move, .line: 1
        case .quadCurve: 2
        case .curve: 3
        case .close: 0
        }
    }
}
