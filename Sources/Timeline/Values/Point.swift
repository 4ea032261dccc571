/// A point in a 2-D coordinate space.
public struct Point: Animatable, Hashable, Codable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// Creates a point.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// Adds the coordinates.
    @inlinable
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }

    /// Subtracts the coordinates.
    @inlinable
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }

    /// Multiplies both coordinates by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> Point { Point(x: x * factor, y: y * factor) }

    /// `x * x + y * y`.
    @inlinable
    public var magnitudeSquared: Double { x * x + y * y }

    /// Whether both coordinates are finite.
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
