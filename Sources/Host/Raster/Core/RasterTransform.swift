import Timeline
import TimelinePlugins
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2-D affine transform for the rasteriser: SVG's `matrix(a b c d tx ty)`.
///
/// A point `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`, the convention of SVG, CSS and
/// Cadence's `AffineMatrix` (whose six entries carry over one for one). The rasteriser keeps its own
/// type so that its files stand alone.
struct RasterTransform: Sendable, Equatable {
    /// How far the image of the x axis goes along x.
    var a: Double
    /// How far the image of the x axis goes along y.
    var b: Double
    /// How far the image of the y axis goes along x.
    var c: Double
    /// How far the image of the y axis goes along y.
    var d: Double
    /// The horizontal translation.
    var tx: Double
    /// The vertical translation.
    var ty: Double

    /// Creates a transform from its six entries, in SVG's `matrix()` order.
    ///
    /// - Parameters:
    ///   - a: The x axis's image along x.
    ///   - b: The x axis's image along y.
    ///   - c: The y axis's image along x.
    ///   - d: The y axis's image along y.
    ///   - tx: The horizontal translation.
    ///   - ty: The vertical translation.
    init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that leaves every point where it is.
    static let identity = RasterTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `(x, y)`.
    ///
    /// - Parameters:
    ///   - x: The horizontal offset.
    ///   - y: The vertical offset.
    /// - Returns: The translation.
    static func translation(x: Double, y: Double) -> RasterTransform {
        RasterTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by `(x, y)` about the origin.
    ///
    /// - Parameters:
    ///   - x: The horizontal factor.
    ///   - y: The vertical factor.
    /// - Returns: The scale.
    static func scale(x: Double, y: Double) -> RasterTransform {
        RasterTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `radians` about the origin (positive turns the x axis towards the y axis).
    ///
    /// - Parameter radians: The angle.
    /// - Returns: The rotation.
    static func rotation(radians: Double) -> RasterTransform {
        let cosine = cos(radians), sine = sin(radians)
        return RasterTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether the transform is the identity.
    var isIdentity: Bool { self == .identity }

    /// Whether every entry is finite.
    var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// Maps a point.
    ///
    /// - Parameters:
    ///   - x: The point's x.
    ///   - y: The point's y.
    /// - Returns: The image `(a·x + c·y + tx, b·x + d·y + ty)`.
    /// - Complexity: O(1).
    @inline(__always)
    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// The transform that applies `other` first and then `self` (`self · other` as matrices).
    ///
    /// - Parameter other: The transform applied first.
    /// - Returns: The composition.
    func concatenating(_ other: RasterTransform) -> RasterTransform {
        RasterTransform(
            a: a * other.a + c * other.b, b: b * other.a + d * other.b,
            c: a * other.c + c * other.d, d: b * other.c + d * other.d,
            tx: a * other.tx + c * other.ty + tx, ty: b * other.tx + d * other.ty + ty)
    }

    /// The largest factor by which the transform stretches a length (the larger singular value).
    ///
    /// Used to turn a device-space flattening tolerance into a layer-space one, and to scale a
    /// blur's standard deviation.
    /// - Complexity: O(1).
    var maximumScale: Double {
        let (large, _) = singularValues
        return large
    }

    /// The transform's two singular values, larger first: how far it stretches a unit circle.
    ///
    /// - Complexity: O(1).
    var singularValues: (Double, Double) {
        // Singular values of [[a c] [b d]]: sqrt of the eigenvalues of MᵀM.
        let p = a * a + b * b, q = a * c + b * d, r = c * c + d * d
        let mean = (p + r) / 2
        let radius = ((p - r) * (p - r) / 4 + q * q).squareRoot()
        return ((mean + radius).squareRoot(), max(0, mean - radius).squareRoot())
    }

    /// How far the transform stretches the x and the y axis: the lengths of `(a, b)` and `(c, d)`.
    ///
    /// An SVG filter's standard deviation in user space is scaled by these in device space.
    var axisScales: (x: Double, y: Double) {
        ((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot())
    }
}
