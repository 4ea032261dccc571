package import Timeline

/// A linear or radial gradient paint, as SVG's `linearGradient` and `radialGradient` with
/// `gradientUnits="userSpaceOnUse"` and `spreadMethod="pad"` paint it.
///
/// Its points are in the gradient's own coordinates, which ``transform`` maps into the layer's
/// (SVG's `gradientTransform`). Every pixel is painted with the colour at its centre:
///
/// - linear: `t` is the projection of the point onto the line from ``start`` to ``end``,
///   `(p − start)·(end − start) / |end − start|²`;
/// - radial: `t` is the largest of the circles centred between ``focus`` (`t = 0`, radius 0) and
///   ``start`` (`t = 1`, radius `|end − start|`) that passes through the point (SVG 2's two-point
///   cone, which for a focus inside the circle is SVG 1.1's radial gradient).
///
/// `t` is clamped to `0...1` (pad) and looked up in the stops: before the first stop the first
/// colour, after the last the last, between two stops red, green, blue and alpha interpolated
/// separately and unpremultiplied, as browsers interpolate SVG stops. A gradient whose ends meet
/// (or a radial one of radius 0) paints its last stop's colour, as SVG says.
package struct RasterGradient: Sendable {
    /// The gradient's shape.
    package enum Kind: Sendable {
        /// Colour along the line from start to end.
        case linear
        /// Colour by circles between the focus and the circle about start through end.
        case radial
    }

    /// One colour stop: straight (unpremultiplied) channels in `0...1`.
    package struct Stop: Sendable, Equatable {
        /// Where the stop lies, `0...1`.
        package var offset: Double
        /// Red.
        package var red: Double
        /// Green.
        package var green: Double
        /// Blue.
        package var blue: Double
        /// Opacity.
        package var alpha: Double

        /// Creates a stop.
        package init(offset: Double, red: Double, green: Double, blue: Double, alpha: Double) {
            self.offset = offset
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
    }

    /// Linear or radial.
    package var kind: Kind = .linear
    /// Linear: where `t` is 0. Radial: the centre of the circle where `t` is 1.
    package var start = RasterPoint(x: 0, y: 0)
    /// Linear: where `t` is 1. Radial: a point on the circle where `t` is 1.
    package var end = RasterPoint(x: 0, y: 0)
    /// Radial: where `t` is 0 (SVG's `fx`, `fy`); a focus at or past the circle is moved just
    /// inside it. Unused for a linear gradient.
    package var focus = RasterPoint(x: 0, y: 0)
    /// From the gradient's coordinates to the layer's.
    package var transform: AffineMatrix = .identity
    /// The stops; see ``normalizeStops()`` for what makes them usable.
    package var stops: [Stop] = []

    /// Creates a gradient with no stops (which paints nothing).
    package init() {}

    /// Makes the stops what SVG uses: each offset clamped to `0...1` and to at least the offset
    /// before it, each channel clamped to `0...1`; a value that is not finite counts as 0.
    package mutating func normalizeStops() {
        var floor = 0.0
        func unit(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), 1) : 0 }
        for index in stops.indices {
            var stop = stops[index]
            stop.offset = max(unit(stop.offset), floor)
            floor = stop.offset
            stop.red = unit(stop.red)
            stop.green = unit(stop.green)
            stop.blue = unit(stop.blue)
            stop.alpha = unit(stop.alpha)
            stops[index] = stop
        }
    }
}

/// A gradient ready to colour device pixels: `t` as a function of the pixel's position, and the
/// stops it is looked up in (normalised, borrowed for the duration of one fill).
struct GradientShader {
    /// Linear: `t = tx·x + ty·y + t0` at the pixel centre `(x, y)`. Radial: the gradient point
    /// `g = (gx0 + gxx·x + gxy·y, gy0 + gyx·x + gyy·y)`.
    private let linear: Bool
    private let tx: Double, ty: Double, t0: Double
    private let gx0: Double, gxx: Double, gxy: Double, gy0: Double, gyx: Double, gyy: Double
    /// Radial: the focus, the focus-to-centre vector `d` and `a = d·d − r²` (< 0).
    private let fx: Double, fy: Double, dx: Double, dy: Double, a: Double
    /// Whether the gradient has collapsed (ends that meet, radius 0, a singular matrix): every
    /// pixel has `t` 1.
    private let collapsed: Bool
    private let stops: UnsafeBufferPointer<RasterGradient.Stop>
    /// The paint's opacity, multiplied into every colour.
    private let opacity: Double

    /// A shader for `gradient` drawn by a layer whose matrix is `layerTransform`.
    ///
    /// - Parameter stops: The gradient's normalised stops (at least one), valid while the shader is used.
    init(_ gradient: RasterGradient, layerTransform: AffineMatrix, stops: UnsafeBufferPointer<RasterGradient.Stop>, opacity: Double) {
        self.stops = stops
        self.opacity = opacity.isFinite ? min(max(opacity, 0), 1) : 0
        linear = gradient.kind == .linear
        let inverse = (layerTransform * gradient.transform).inverted() ?? AffineMatrix(a: 0, b: 0, c: 0, d: 0, tx: .nan, ty: .nan)
        (gx0, gxx, gxy) = (inverse.tx, inverse.a, inverse.c)
        (gy0, gyx, gyy) = (inverse.ty, inverse.b, inverse.d)
        let sx = gradient.start.x, sy = gradient.start.y
        let ex = gradient.end.x - sx, ey = gradient.end.y - sy
        let lengthSquared = ex * ex + ey * ey
        if linear {
            // t = ((g − s)·e) / |e|², g affine in the device point.
            (tx, ty) = ((gxx * ex + gyx * ey) / lengthSquared, (gxy * ex + gyy * ey) / lengthSquared)
            t0 = ((gx0 - sx) * ex + (gy0 - sy) * ey) / lengthSquared
            (fx, fy, dx, dy, a) = (0, 0, 0, 0, 0)
            collapsed = !(lengthSquared > 0) || !tx.isFinite || !ty.isFinite || !t0.isFinite
        } else {
            (tx, ty, t0) = (0, 0, 0)
            let radius = lengthSquared.squareRoot()
            var focusX = gradient.focus.x - sx, focusY = gradient.focus.y - sy
            let reach = (focusX * focusX + focusY * focusY).squareRoot()
            let inside = radius * (1 - 1.0 / 1024)
            if reach > inside, reach > 0 {
                focusX *= inside / reach
                focusY *= inside / reach
            }
            (fx, fy) = (sx + focusX, sy + focusY)
            (dx, dy) = (-focusX, -focusY)
            a = dx * dx + dy * dy - lengthSquared
            collapsed = !(radius > 0) || !radius.isFinite || !(a < 0) || !gx0.isFinite || !gy0.isFinite
                || !fx.isFinite || !fy.isFinite
        }
    }

    /// `t` at the device point `(x, y)`, in `0...1`.
    @inline(__always)
    func parameter(x: Double, y: Double) -> Double {
        if collapsed { return 1 }
        var t: Double
        if linear {
            t = tx * x + ty * y + t0
        } else {
            // The circle through q = g − f: |q − t·d| = t·r, the root that is not negative.
            let qx = gx0 + gxx * x + gxy * y - fx, qy = gy0 + gyx * x + gyy * y - fy
            let qd = qx * dx + qy * dy, qq = qx * qx + qy * qy
            t = (qd - (qd * qd - a * qq).squareRoot()) / a
        }
        return t.isNaN ? 0 : min(max(t, 0), 1)
    }

    /// The premultiplied packed colour at `t`, the opacity included, each channel rounded to 8 bits.
    @inline(__always)
    func color(at t: Double) -> UInt32 {
        let count = stops.count
        var red: Double, green: Double, blue: Double, alpha: Double
        if t <= stops[0].offset {
            let stop = stops[0]
            (red, green, blue, alpha) = (stop.red, stop.green, stop.blue, stop.alpha)
        } else if t >= stops[count - 1].offset {
            let stop = stops[count - 1]
            (red, green, blue, alpha) = (stop.red, stop.green, stop.blue, stop.alpha)
        } else {
            // The last stop at or before t, and the one after it (whose offset is past t).
            var index = 1
            while stops[index].offset <= t { index &+= 1 }
            let low = stops[index - 1], high = stops[index]
            let f = (t - low.offset) / (high.offset - low.offset)
            red = low.red + (high.red - low.red) * f
            green = low.green + (high.green - low.green) * f
            blue = low.blue + (high.blue - low.blue) * f
            alpha = low.alpha + (high.alpha - low.alpha) * f
        }
        let scale = alpha * opacity * 255
        func byte(_ value: Double) -> UInt32 { UInt32(min(max(value * scale, 0), 255).rounded()) }
        return byte(red) | byte(green) << 8 | byte(blue) << 16 | UInt32(min(max(scale, 0), 255).rounded()) << 24
    }

    /// The colour at the centre of device pixel `(column, row)`.
    @inline(__always)
    func color(column: Int, row: Int) -> UInt32 {
        color(at: parameter(x: Double(column) + 0.5, y: Double(row) + 0.5))
    }
}

/// Composites a gradient through the coverage (times a clip mask, when there is one), source-over,
/// onto a canvas.
struct GradientPainter: CoverageSink {
    /// The canvas pixel under the accumulator's top-left pixel.
    let origin: UnsafeMutablePointer<UInt32>
    /// Pixels per canvas row.
    let stride: Int
    /// The device column and row of the accumulator's top-left pixel.
    let left: Int, top: Int
    /// The clip value under the accumulator's top-left pixel, or `nil` without a clip.
    let clip: UnsafePointer<UInt8>?
    /// Bytes per clip row.
    let clipStride: Int
    let shader: GradientShader

    @inline(__always)
    private func paint(row: Int, x: Int, count: Int, coverage: (Int) -> UInt8) {
        let target = origin + (row &* stride + x)
        let mask = clip.map { $0 + (row &* clipStride + x) }
        let deviceRow = top &+ row, deviceColumn = left &+ x
        for index in 0..<count {
            var value = coverage(index)
            if let mask { value = PixelMath.multiply(value, mask[index]) }
            if value == 0 { continue }
            let color = shader.color(column: deviceColumn &+ index, row: deviceRow)
            target[index] = PixelMath.over(color, coverage: UInt32(value), target[index])
        }
    }

    @inline(__always)
    mutating func span(row: Int, x: Int, count: Int, coverage: UInt8) {
        paint(row: row, x: x, count: count) { _ in coverage }
    }

    @inline(__always)
    mutating func pixels(row: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int) {
        paint(row: row, x: x, count: count) { coverage[$0] }
    }
}

extension Rasterizer {
    /// Fills `path` with a gradient onto `canvas`, source-over, with exact-area anti-aliasing.
    ///
    /// - Parameters:
    ///   - path: The flattened path in device space; every contour counts as closed.
    ///   - rule: The fill rule.
    ///   - gradient: The gradient, in the coordinates `layerTransform` maps to device pixels; its
    ///     stops must be normalised (``RasterGradient/normalizeStops()``). No stop: nothing drawn.
    ///   - layerTransform: From the layer's coordinates to device pixels.
    ///   - opacity: Multiplies every colour's alpha, `0...1`.
    ///   - canvas: The buffer drawn into.
    ///   - clip: A mask multiplied into the coverage; nothing is drawn outside its bounds.
    /// - Returns: The pixels that may have changed.
    /// - Complexity: As ``fill(_:rule:color:into:clip:)``, plus a colour lookup per pixel drawn
    ///   (linear in the number of stops).
    @discardableResult
    package func fill(
        _ path: RasterPath, rule: RasterFillRule, gradient: RasterGradient, layerTransform: AffineMatrix, opacity: Double,
        into canvas: inout PixelBuffer, clip: CoverageMask? = nil
    ) -> PixelRect {
        guard !gradient.stops.isEmpty, opacity > 0 else { return .zero }
        let box = accumulate(path, within: canvas.rect, clip: clip)
        guard !box.isEmpty else { return .zero }
        let width = canvas.width
        gradient.stops.withUnsafeBufferPointer { stops in
            let shader = GradientShader(gradient, layerTransform: layerTransform, stops: stops, opacity: opacity)
            canvas.withMutablePixels { pixels in
                let origin = pixels + box.y * width + box.x
                if let clip {
                    clip.withValues { values in
                        let clipOrigin = values + (box.y - clip.bounds.y) * clip.stride + (box.x - clip.bounds.x)
                        var painter = GradientPainter(
                            origin: origin, stride: width, left: box.x, top: box.y, clip: clipOrigin, clipStride: clip.stride, shader: shader)
                        sweep(rule, into: &painter)
                    }
                } else {
                    var painter = GradientPainter(
                        origin: origin, stride: width, left: box.x, top: box.y, clip: nil, clipStride: 0, shader: shader)
                    sweep(rule, into: &painter)
                }
            }
        }
        return box
    }
}
