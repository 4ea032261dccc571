import Timeline

/// A rectangle of whole pixels: columns `x..<x + width`, rows `y..<y + height`.
///
/// Bounds of coverage masks, of the region a layer touched, and the limits the rasteriser clips to.
/// A rectangle with a width or height of zero or less is empty.
package struct PixelRect: Sendable, Equatable, CustomStringConvertible {
    /// The first column.
    package var x: Int
    /// The first row.
    package var y: Int
    /// The number of columns.
    package var width: Int
    /// The number of rows.
    package var height: Int

    /// Creates a rectangle.
    ///
    /// - Parameters:
    ///   - x: The first column.
    ///   - y: The first row.
    ///   - width: The number of columns.
    ///   - height: The number of rows.
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    static package let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// One past the last column.
    package var maxX: Int { x + width }
    /// One past the last row.
    package var maxY: Int { y + height }
    /// Whether the rectangle holds no pixel.
    package var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The number of pixels (zero when empty).
    package var area: Int { isEmpty ? 0 : width * height }

    /// A description such as `(3, 4) 10×20`.
    package var description: String { "(\(x), \(y)) \(width)×\(height)" }

    /// The pixels in both rectangles (empty, at the origin, when they do not meet).
    ///
    /// - Parameter other: The other rectangle.
    /// - Returns: The intersection.
    package func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return .zero }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle holding both (the other one when either is empty).
    ///
    /// - Parameter other: The other rectangle.
    /// - Returns: The union's bounds.
    package func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// The rectangle grown by `dx` columns left and right and `dy` rows above and below.
    ///
    /// - Parameters:
    ///   - dx: Columns added on each side.
    ///   - dy: Rows added on each side.
    /// - Returns: The grown rectangle.
    package func expanded(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x - dx, y: y - dy, width: width + 2 * dx, height: height + 2 * dy)
    }

    /// The smallest pixel rectangle holding the real rectangle `minX...maxX × minY...maxY`, limited to
    /// `limit` (coordinates far outside are clamped first, so huge values cannot overflow).
    ///
    /// - Parameters:
    ///   - minX: The left edge.
    ///   - minY: The top edge.
    ///   - maxX: The right edge.
    ///   - maxY: The bottom edge.
    ///   - limit: The rectangle to stay within.
    /// - Returns: The covering rectangle, or `.zero` when it is empty or any edge is not finite.
    package static func covering(minX: Double, minY: Double, maxX: Double, maxY: Double, within limit: PixelRect) -> PixelRect {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, minX <= maxX, minY <= maxY else {
            return .zero
        }
        let loX = Double(limit.x), hiX = Double(limit.maxX), loY = Double(limit.y), hiY = Double(limit.maxY)
        let left = Int(min(max(minX, loX), hiX).rounded(.down))
        let right = Int(min(max(maxX, loX), hiX).rounded(.up))
        let top = Int(min(max(minY, loY), hiY).rounded(.down))
        let bottom = Int(min(max(maxY, loY), hiY).rounded(.up))
        guard right > left, bottom > top else { return .zero }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
