/// An axis-aligned rectangle: an origin (its minimum corner) and a size.
///
/// Rectangles animate component by component (origin and size), as view frames do.
public struct Rect: Animatable, Hashable, Codable, CustomStringConvertible {
    /// The minimum corner.
    public var origin: Point
    /// The extents.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its coordinates.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The smallest x coordinate.
    @inlinable public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The smallest y coordinate.
    @inlinable public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The largest x coordinate.
    @inlinable public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The largest y coordinate.
    @inlinable public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The x coordinate of the centre.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The y coordinate of the centre.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The width (absolute).
    @inlinable public var width: Double { abs(size.width) }
    /// The height (absolute).
    @inlinable public var height: Double { abs(size.height) }
    /// The centre.
    @inlinable public var center: Point { Point(x: midX, y: midY) }

    /// The rectangle grown by `dx` on the left and right and `dy` on the top and bottom
    /// (negative values shrink it).
    @inlinable
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// Adds origins and sizes.
    @inlinable
    public static func + (lhs: Rect, rhs: Rect) -> Rect {
        Rect(origin: lhs.origin + rhs.origin, size: lhs.size + rhs.size)
    }

    /// Subtracts origins and sizes.
    @inlinable
    public static func - (lhs: Rect, rhs: Rect) -> Rect {
        Rect(origin: lhs.origin - rhs.origin, size: lhs.size - rhs.size)
    }

    /// Multiplies origin and size by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> Rect {
        Rect(origin: origin.scaled(by: factor), size: size.scaled(by: factor))
    }

    /// The sum of the squared components.
    @inlinable
    public var magnitudeSquared: Double { origin.magnitudeSquared + size.magnitudeSquared }

    /// Whether every component is finite.
    @inlinable
    public var isFinite: Bool { origin.isFinite && size.isFinite }

    /// `(x, y, W x H)`.
    public var description: String { "(\(origin.x), \(origin.y), \(size.width) x \(size.height))" }
}
