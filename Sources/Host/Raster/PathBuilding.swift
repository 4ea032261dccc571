import Timeline

/// A point in the rasteriser's geometry, in double precision.
package struct RasterPoint: Sendable, Equatable {
    /// The horizontal coordinate.
    package var x: Double
    /// The vertical coordinate.
    package var y: Double

    /// Creates a point.
    ///
    /// - Parameters:
    ///   - x: The horizontal coordinate.
    ///   - y: The vertical coordinate.
    @inline(__always)
    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Whether both coordinates are finite.
    package var isFinite: Bool { x.isFinite && y.isFinite }
}

/// Something that takes path commands: the flattening ``RasterPath`` and the recording
/// ``RasterOutline``.
///
/// The shape helpers below are written once against this protocol (used generically, never as an
/// existential), so that a rounded rectangle or an ellipse can be flattened straight into device
/// space or recorded in a layer's coordinates.
package protocol PathBuilding {
    /// Starts a new sub-path at `point`.
    mutating func move(to point: RasterPoint)
    /// Adds a straight segment from the current point to `point`.
    mutating func line(to point: RasterPoint)
    /// Adds a quadratic Bézier from the current point to `point`.
    mutating func quadCurve(to point: RasterPoint, control: RasterPoint)
    /// Adds a cubic Bézier from the current point to `point`.
    mutating func curve(to point: RasterPoint, control1: RasterPoint, control2: RasterPoint)
    /// Closes the current sub-path with a straight segment back to its start.
    mutating func close()
}

/// The distance of a cubic's control points from the ends, as a fraction of the radius, for which the
/// cubic best follows a quarter circle (`4/3·(√2 − 1)`, the usual 0.5522847498).
package let circleKappa = 0.5522847498307936

extension PathBuilding {
    /// Adds a rectangle with elliptical corners as one closed sub-path of four lines and four cubic
    /// Béziers, as SVG draws `<rect rx ry>`.
    ///
    /// The sub-path starts at `(x + rx, y)` and runs clockwise on a y-down screen. Radii are clamped
    /// to half the width and half the height (SVG's rule); with zero radii it is a plain rectangle of
    /// four lines. A rectangle with a negative or zero width or height, or with non-finite values, adds
    /// nothing.
    ///
    /// - Parameters:
    ///   - x: The left edge.
    ///   - y: The top edge.
    ///   - width: The width.
    ///   - height: The height.
    ///   - radiusX: The corners' horizontal radius.
    ///   - radiusY: The corners' vertical radius.
    /// - Complexity: O(1) commands.
    mutating package func addRoundedRectangle(
        x: Double, y: Double, width: Double, height: Double, radiusX: Double, radiusY: Double
    ) {
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite, width > 0, height > 0 else { return }
        let rx = radiusX.isFinite ? min(max(radiusX, 0), width / 2) : 0
        let ry = radiusY.isFinite ? min(max(radiusY, 0), height / 2) : 0
        let right = x + width, bottom = y + height
        guard rx > 0, ry > 0 else {
            move(to: RasterPoint(x: x, y: y))
            line(to: RasterPoint(x: right, y: y))
            line(to: RasterPoint(x: right, y: bottom))
            line(to: RasterPoint(x: x, y: bottom))
            close()
            return
        }
        let kx = rx * circleKappa, ky = ry * circleKappa
        move(to: RasterPoint(x: x + rx, y: y))
        line(to: RasterPoint(x: right - rx, y: y))
        curve(
            to: RasterPoint(x: right, y: y + ry),
            control1: RasterPoint(x: right - rx + kx, y: y), control2: RasterPoint(x: right, y: y + ry - ky))
        line(to: RasterPoint(x: right, y: bottom - ry))
        curve(
            to: RasterPoint(x: right - rx, y: bottom),
            control1: RasterPoint(x: right, y: bottom - ry + ky), control2: RasterPoint(x: right - rx + kx, y: bottom))
        line(to: RasterPoint(x: x + rx, y: bottom))
        curve(
            to: RasterPoint(x: x, y: bottom - ry),
            control1: RasterPoint(x: x + rx - kx, y: bottom), control2: RasterPoint(x: x, y: bottom - ry + ky))
        line(to: RasterPoint(x: x, y: y + ry))
        curve(
            to: RasterPoint(x: x + rx, y: y),
            control1: RasterPoint(x: x, y: y + ry - ky), control2: RasterPoint(x: x + rx - kx, y: y))
        close()
    }

    /// Adds an ellipse as one closed sub-path of four cubic Béziers (kappa 0.5522847498), as SVG
    /// draws `<ellipse>`: from `(cx + rx, cy)` clockwise on a y-down screen.
    ///
    /// An ellipse with a radius of zero or less, or with non-finite values, adds nothing. The cubics
    /// stray from the true ellipse by at most 0.027 % of the radius.
    ///
    /// - Parameters:
    ///   - centerX: The centre's x.
    ///   - centerY: The centre's y.
    ///   - radiusX: The horizontal radius.
    ///   - radiusY: The vertical radius.
    /// - Complexity: O(1) commands.
    mutating package func addEllipse(centerX: Double, centerY: Double, radiusX: Double, radiusY: Double) {
        guard centerX.isFinite, centerY.isFinite, radiusX.isFinite, radiusY.isFinite, radiusX > 0, radiusY > 0 else {
            return
        }
        let cx = centerX, cy = centerY, rx = radiusX, ry = radiusY
        let kx = rx * circleKappa, ky = ry * circleKappa
        move(to: RasterPoint(x: cx + rx, y: cy))
        curve(
            to: RasterPoint(x: cx, y: cy + ry),
            control1: RasterPoint(x: cx + rx, y: cy + ky), control2: RasterPoint(x: cx + kx, y: cy + ry))
        curve(
            to: RasterPoint(x: cx - rx, y: cy),
            control1: RasterPoint(x: cx - kx, y: cy + ry), control2: RasterPoint(x: cx - rx, y: cy + ky))
        curve(
            to: RasterPoint(x: cx, y: cy - ry),
            control1: RasterPoint(x: cx - rx, y: cy - ky), control2: RasterPoint(x: cx - kx, y: cy - ry))
        curve(
            to: RasterPoint(x: cx + rx, y: cy),
            control1: RasterPoint(x: cx + kx, y: cy - ry), control2: RasterPoint(x: cx + rx, y: cy - ky))
        close()
    }

    /// Replays a recorded outline's commands into this builder.
    ///
    /// - Parameter outline: The outline to replay.
    /// - Complexity: O(n) in the outline's commands.
    package mutating func append(_ outline: RasterOutline) {
        outline.replay(into: &self)
    }
}
