/// A width and a height.
public struct Size: Animatable, Hashable, Codable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size.
    public static let zero = Size(width: 0, height: 0)

    /// Adds the extents.
    @inlinable
    public static func + (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width + rhs.width, height: lhs.height + rhs.height)
    }

    /// Subtracts the extents.
    @inlinable
    public static func - (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width - rhs.width, height: lhs.height - rhs.height)
    }

    /// Multiplies both extents by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> Size { Size(width: width * factor, height: height * factor) }

    /// `width * width + height * height`.
    @inlinable
    public var magnitudeSquared: Double { width * width + height * height }

    /// Whether both extents are finite.
    @inlinable
    public var isFinite: Bool { width.isFinite && height.isFinite }

    /// `W x H`.
    public var description: String { "\(width) x \(height)" }
}
