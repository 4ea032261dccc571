import Timeline

/// What the rasteriser asks of a transform beyond Timeline's `AffineMatrix` (the one 2-D affine
/// type: SVG's `matrix(a b c d tx ty)`, a point `(x, y)` mapping to `(a·x + c·y + tx,
/// b·x + d·y + ty)`): mapping bare coordinates, and how far it stretches lengths.
extension AffineMatrix {
    /// Maps a point given as coordinates.
    ///
    /// - Parameters:
    ///   - x: The point's x.
    ///   - y: The point's y.
    /// - Returns: The image `(a·x + c·y + tx, b·x + d·y + ty)`.
    /// - Complexity: O(1).
    @inline(__always)
    package func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// The largest factor by which the transform stretches a length (the larger singular value).
    ///
    /// Used to turn a device-space flattening tolerance into a layer-space one, and to scale a
    /// blur's standard deviation.
    /// - Complexity: O(1).
    package var maximumScale: Double {
        let (large, _) = singularValues
        return large
    }

    /// The transform's two singular values, larger first: how far it stretches a unit circle.
    ///
    /// - Complexity: O(1).
    package var singularValues: (Double, Double) {
        // Singular values of [[a c] [b d]]: sqrt of the eigenvalues of MᵀM.
        let p = a * a + b * b, q = a * c + b * d, r = c * c + d * d
        let mean = (p + r) / 2
        let radius = ((p - r) * (p - r) / 4 + q * q).squareRoot()
        return ((mean + radius).squareRoot(), max(0, mean - radius).squareRoot())
    }

    /// How far the transform stretches the x and the y axis: the lengths of `(a, b)` and `(c, d)`.
    ///
    /// An SVG filter's standard deviation in user space is scaled by these in device space.
    package var axisScales: (x: Double, y: Double) {
        ((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot())
    }
}
