#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2-D affine transform as a matrix: the six numbers of CSS `matrix(a, b, c, d, tx, ty)`.
///
/// A point `(x, y)` maps to
///
///     x' = a·x + c·y + tx
///     y' = b·x + d·y + ty
///
/// that is, the column vector `(x, y, 1)` is multiplied by
///
///     | a  c  tx |
///     | b  d  ty |
///     | 0  0  1  |
///
/// the convention of CSS and of Core Graphics' `CGAffineTransform`. A positive rotation turns the
/// x axis towards the y axis (clockwise on a screen whose y axis points down).
///
/// A matrix is the right form for applying and composing transforms, but the wrong form for
/// animating them: interpolating the six numbers shrinks a rotating shape through zero. Animate a
/// ``Transform2D`` instead and read its ``Transform2D/matrix``.
///
/// ```swift
/// let m = AffineMatrix.translation(x: 10, y: 0) * AffineMatrix.rotation(.degrees(90))
/// m.applying(to: Point(x: 1, y: 0))  // (10.0, 1.0): rotated first, then translated
/// ```
public struct AffineMatrix: Hashable, Sendable, Codable, CustomStringConvertible {
    /// How far the image of the x axis goes along x.
    public var a: Double
    /// How far the image of the x axis goes along y.
    public var b: Double
    /// How far the image of the y axis goes along x.
    public var c: Double
    /// How far the image of the y axis goes along y.
    public var d: Double
    /// The horizontal translation.
    public var tx: Double
    /// The vertical translation.
    public var ty: Double

    /// Creates a matrix from its six entries.
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that leaves every point where it is.
    public static let identity = AffineMatrix(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `(x, y)`.
    @inlinable
    public static func translation(x: Double, y: Double) -> AffineMatrix {
        AffineMatrix(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A rotation about the origin by `angle` (CSS `rotate(angle)`).
    public static func rotation(_ angle: Angle) -> AffineMatrix {
        let cosine = cos(angle.radians), sine = sin(angle.radians)
        return AffineMatrix(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// A scale about the origin by `x` horizontally and `y` vertically (CSS `scale(x, y)`).
    @inlinable
    public static func scale(x: Double, y: Double) -> AffineMatrix {
        AffineMatrix(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A horizontal shear `x' = x + factor·y` (CSS `skewX(atan(factor))`).
    @inlinable
    public static func skew(_ factor: Double) -> AffineMatrix {
        AffineMatrix(a: 1, b: 0, c: factor, d: 1, tx: 0, ty: 0)
    }

    /// The matrix product: applying `lhs * rhs` applies `rhs` first, then `lhs`.
    ///
    /// - Complexity: 12 multiplications.
    @inlinable
    public static func * (lhs: AffineMatrix, rhs: AffineMatrix) -> AffineMatrix {
        AffineMatrix(
            a: lhs.a * rhs.a + lhs.c * rhs.b,
            b: lhs.b * rhs.a + lhs.d * rhs.b,
            c: lhs.a * rhs.c + lhs.c * rhs.d,
            d: lhs.b * rhs.c + lhs.d * rhs.d,
            tx: lhs.a * rhs.tx + lhs.c * rhs.ty + lhs.tx,
            ty: lhs.b * rhs.tx + lhs.d * rhs.ty + lhs.ty)
    }

    /// The transform that applies this one first and then `next` (`next * self`), the order of
    /// Core Graphics' `concatenating(_:)`.
    ///
    /// - Parameter next: The transform to apply after this one.
    /// - Returns: The combined transform.
    @inlinable
    public func concatenating(_ next: AffineMatrix) -> AffineMatrix { next * self }

    /// The image of `point` under the transform.
    ///
    /// - Parameter point: The point to transform.
    /// - Returns: `(a·x + c·y + tx, b·x + d·y + ty)`.
    @inlinable
    public func applying(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The determinant `a·d - b·c`: the factor by which the transform scales areas, negative when
    /// it mirrors.
    @inlinable
    public var determinant: Double { a * d - b * c }

    /// The inverse transform, or `nil` if there is none.
    ///
    /// A matrix has no inverse when its determinant is zero (it squashes the plane onto a line
    /// or a point) and, in floating point, when the inverse would not be finite.
    ///
    /// - Returns: The matrix `m` with `m * self` equal to the identity (to rounding), or `nil`.
    @inlinable
    public func inverted() -> AffineMatrix? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inverse = AffineMatrix(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
        return inverse.isFinite ? inverse : nil
    }

    /// Whether this is exactly the identity.
    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// Whether every entry is finite.
    @inlinable
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The matrix in CSS syntax, `matrix(a, b, c, d, tx, ty)`.
    public var description: String { "matrix(\(a), \(b), \(c), \(d), \(tx), \(ty))" }
}
