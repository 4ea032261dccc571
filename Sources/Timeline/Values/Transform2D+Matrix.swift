#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Transform2D {
    /// The transform as a matrix: `T(translation) · R(rotation) · K(skew) · S(scaleX, scaleY)`.
    ///
    /// With `cos` and `sin` of the rotation, the entries are
    ///
    ///     a = scaleX·cos                  c = scaleY·(skew·cos - sin)    tx = translation.x
    ///     b = scaleX·sin                  d = scaleY·(skew·sin + cos)    ty = translation.y
    ///
    /// - Complexity: One sine and one cosine.
    public var matrix: AffineMatrix {
        let cosine = cos(rotation.radians), sine = sin(rotation.radians)
        return AffineMatrix(
            a: scaleX * cosine, b: scaleX * sine,
            c: scaleY * (skew * cosine - sine), d: scaleY * (skew * sine + cosine),
            tx: translation.x, ty: translation.y)
    }

    /// Decomposes a matrix into translation, rotation, scale and skew, with the 2-D "unmatrix"
    /// algorithm of CSS Transforms.
    ///
    /// The translation is `(tx, ty)`. The x scale is the length of the image of the x axis `(a, b)`
    /// and the rotation is that image's direction. The skew is the component of the image of the
    /// y axis `(c, d)` along the x axis's image, divided by the y scale, and the y scale is what
    /// remains: `determinant / scaleX` (Gram-Schmidt, as in CSS's unmatrix).
    ///
    /// When the determinant is negative the matrix mirrors, and one scale must be negative. As in
    /// CSS ("flip the axis with the minimum unit vector dot product"), the x scale is negated
    /// when `a < d` and the y scale otherwise, so `scale(-1, 1)` decomposes to `scaleX == -1`
    /// with no rotation rather than to a half turn with `scaleY == -1`.
    ///
    /// Singular matrices that the parts can still express (a zero scale along one or both axes)
    /// decompose exactly. The rotation comes out in `-180°...180°`.
    ///
    /// ```swift
    /// let m = AffineMatrix(a: 0, b: 2, c: -3, d: 0, tx: 5, ty: 6)
    /// let t = try Transform2D(matrix: m)  // rotation 90°, scaleX 2, scaleY 3, skew 0
    /// t.matrix                            // m again, to rounding
    /// ```
    ///
    /// - Parameter matrix: The matrix to decompose.
    /// - Throws: ``Transform2DError/nonFiniteEntry(_:)`` naming an entry that is NaN or infinite;
    ///   ``Transform2DError/notDecomposable(determinant:)`` for a matrix that maps both axes onto
    ///   one line (CSS interpolates such matrices discretely) or whose parts would overflow.
    public init(matrix: AffineMatrix) throws(Transform2DError) {
        let entries = [
            ("a", matrix.a), ("b", matrix.b), ("c", matrix.c), ("d", matrix.d), ("tx", matrix.tx),
            ("ty", matrix.ty),
        ]
        for (name, value) in entries where !value.isFinite { throw .nonFiniteEntry(name) }

        let (a, b, c, d) = (matrix.a, matrix.b, matrix.c, matrix.d)
        let translation = Point(x: matrix.tx, y: matrix.ty)
        let determinant = matrix.determinant
        let lengthX = hypot(a, b)

        if determinant == 0 {
            let lengthY = hypot(c, d)
            if lengthX == 0 {
                // Only the y axis survives: rotate it into place.
                self.init(
                    translation: translation, rotation: .radians(lengthY == 0 ? 0 : atan2(-c, d)),
                    scaleX: 0, scaleY: lengthY, skew: 0)
                return
            }
            if lengthY == 0 {
                self.init(
                    translation: translation, rotation: .radians(atan2(b, a)), scaleX: lengthX,
                    scaleY: 0, skew: 0)
                return
            }
            throw .notDecomposable(determinant: determinant)
        }

        // A mirror negates one scale; the x axis's direction flips with the x scale.
        let flipX = determinant < 0 && a < d
        let scaleX = flipX ? -lengthX : lengthX
        let rotation = flipX ? atan2(-b, -a) : atan2(b, a)
        let scaleY = determinant / scaleX
        let skew = (a * c + b * d) / determinant
        self.init(
            translation: translation, rotation: .radians(rotation), scaleX: scaleX, scaleY: scaleY,
            skew: skew)
        guard isFinite else { throw .notDecomposable(determinant: determinant) }
    }

    /// The same transform (the same ``matrix``), with its parts chosen to interpolate the short
    /// way from `other`.
    ///
    /// CSS makes two adjustments before interpolating two decomposed matrices, and this method
    /// makes them to `self`:
    /// - if one transform mirrors along x and the other along y, both scales of `self` are
    ///   negated and its rotation turned by a half turn (the same matrix, since a half turn is
    ///   the point reflection);
    /// - the rotation is moved by whole turns to within half a turn of `other.rotation`, so the
    ///   animation does not go the long way round.
    ///
    /// ```swift
    /// let start = Transform2D(rotation: .degrees(170))
    /// let end = Transform2D(rotation: .degrees(-170)).equivalent(nearestTo: start)
    /// end.rotation.degrees  // 190.0: animates 20° instead of 340°
    /// ```
    ///
    /// - Parameter other: The transform the result will be interpolated with.
    /// - Returns: A transform equal to `self` as a matrix.
    public func equivalent(nearestTo other: Transform2D) -> Transform2D {
        var result = self
        if (scaleX < 0 && other.scaleY < 0) || (scaleY < 0 && other.scaleX < 0) {
            result.scaleX = -scaleX
            result.scaleY = -scaleY
            result.rotation.radians += rotation.radians < 0 ? .pi : -.pi
        }
        let turn = 2 * Double.pi
        let turns = ((other.rotation.radians - result.rotation.radians) / turn).rounded()
        if turns.isFinite, turns != 0 {
            result.rotation.radians += turns * turn
        }
        return result
    }
}
