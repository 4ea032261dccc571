package import Timeline

/// A bitmap that fills a layer's outline, as SVG's `<image>` paints its box: the image's pixel
/// `(u, v)` (its top-left corner at `(0, 0)`, one unit per pixel) is placed by ``transform`` in the
/// layer's coordinates, sampled bilinearly between pixel centres (the edges held), nothing
/// outside it.
package struct RasterImage: Sendable {
    /// Pixels across and down.
    package let width: Int
    package let height: Int
    /// Premultiplied pixels, row by row (``PixelBuffer/Pixel/packed``'s layout).
    package let pixels: [UInt32]
    /// From the image's pixels to the layer's coordinates.
    package var transform: AffineMatrix = .identity

    /// An image from straight (not premultiplied) 8-bit red, green, blue, alpha bytes; `nil`
    /// when the sizes do not match the bytes.
    package init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).overflow == false, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        var pixels = [UInt32](repeating: 0, count: width * height)
        for index in pixels.indices {
            let alpha = UInt32(rgba[index * 4 + 3])
            func channel(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
            pixels[index] = channel(rgba[index * 4]) | channel(rgba[index * 4 + 1]) << 8 | channel(rgba[index * 4 + 2]) << 16 | alpha << 24
        }
        self.pixels = pixels
    }
}

/// The colour of an image at device points: the inverse of its placement, bilinear sampling.
struct ImageShader {
    private let u0: Double, ux: Double, uy: Double, v0: Double, vx: Double, vy: Double
    private let width: Int, height: Int
    private let pixels: UnsafeBufferPointer<UInt32>
    private let fade: UInt32
    private let collapsed: Bool

    init(_ image: RasterImage, layerTransform: AffineMatrix, pixels: UnsafeBufferPointer<UInt32>, opacity: Double) {
        let inverse = (layerTransform * image.transform).inverted() ?? AffineMatrix(a: 0, b: 0, c: 0, d: 0, tx: .nan, ty: .nan)
        (u0, ux, uy) = (inverse.tx, inverse.a, inverse.c)
        (v0, vx, vy) = (inverse.ty, inverse.b, inverse.d)
        (width, height) = (image.width, image.height)
        self.pixels = pixels
        fade = UInt32((min(max(opacity.isFinite ? opacity : 0, 0), 1) * 255).rounded())
        collapsed = ![u0, ux, uy, v0, vx, vy].allSatisfy(\.isFinite)
    }

    /// Where the centre of device pixel `(column, row)` falls in the image, and how far one
    /// pixel to the right moves it.
    @inline(__always)
    func place(column: Int, row: Int) -> (u: Double, v: Double, du: Double, dv: Double) {
        let x = Double(column) + 0.5, y = Double(row) + 0.5
        return (u0 + ux * x + uy * y, v0 + vx * x + vy * y, ux, vx)
    }

    /// The premultiplied colour at image point `(u, v)`.
    @inline(__always)
    func color(u: Double, v: Double) -> UInt32 {
        if collapsed { return 0 }
        guard u >= 0, v >= 0, u < Double(width), v < Double(height) else { return 0 }
        // Between the four pixel centres around (u, v), edges held; weights in 256ths.
        let fu = u - 0.5, fv = v - 0.5
        let left = fu < 0 ? -1 : Int(fu), top = fv < 0 ? -1 : Int(fv)
        let wx = UInt32((fu - Double(left)) * 256 + 0.5), wy = UInt32((fv - Double(top)) * 256 + 0.5)
        let x0 = left < 0 ? 0 : left, x1 = left + 1 < width ? left + 1 : width - 1
        let y0 = top < 0 ? 0 : top, y1 = top + 1 < height ? top + 1 : height - 1
        let p00 = pixels[y0 &* width &+ x0], p10 = pixels[y0 &* width &+ x1], p01 = pixels[y1 &* width &+ x0], p11 = pixels[y1 &* width &+ x1]
        if p00 == p10, p00 == p01, p00 == p11 { return fade == 255 ? p00 : PixelMath.scale(p00, by: fade) }
        var result: UInt32 = 0
        var shift: UInt32 = 0
        while shift < 32 {
            let a = (p00 >> shift) & 0xFF, b = (p10 >> shift) & 0xFF, c = (p01 >> shift) & 0xFF, d = (p11 >> shift) & 0xFF
            let upper = a &* (256 &- wx) &+ b &* wx, lower = c &* (256 &- wx) &+ d &* wx
            let value = (upper &* (256 &- wy) &+ lower &* wy &+ 32768) >> 16
            result |= (fade == 255 ? value : min((value &* fade &+ 127) / 255, 255)) << shift
            shift &+= 8
        }
        return result
    }
}

/// Composites an image through the coverage (times a clip mask, when there is one),
/// source-over, onto a canvas.
struct ImagePainter: CoverageSink {
    let origin: UnsafeMutablePointer<UInt32>
    let stride: Int
    let left: Int, top: Int
    let clip: UnsafePointer<UInt8>?
    let clipStride: Int
    let shader: ImageShader

    @inline(__always)
    private func paint(row: Int, x: Int, count: Int, coverage: (Int) -> UInt8) {
        let target = origin + (row &* stride + x)
        let mask = clip.map { $0 + (row &* clipStride + x) }
        // The image point steps along the row: one addition a pixel.
        var (u, v, du, dv) = shader.place(column: left &+ x, row: top &+ row)
        for index in 0..<count {
            defer { (u, v) = (u + du, v + dv) }
            var value = coverage(index)
            if let mask { value = PixelMath.multiply(value, mask[index]) }
            if value == 0 { continue }
            let color = shader.color(u: u, v: v)
            if color == 0 { continue }
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
    /// Fills `path` with an image onto `canvas`, source-over, with exact-area anti-aliasing.
    ///
    /// - Parameters:
    ///   - path: The flattened path in device space; every contour counts as closed.
    ///   - rule: The fill rule.
    ///   - image: The image, placed in the coordinates `layerTransform` maps to device pixels.
    ///   - layerTransform: From the layer's coordinates to device pixels.
    ///   - opacity: Multiplies every pixel, `0...1`.
    ///   - canvas: The buffer drawn into.
    ///   - clip: A mask multiplied into the coverage; nothing is drawn outside its bounds.
    /// - Returns: The pixels that may have changed.
    @discardableResult
    package func fill(
        _ path: RasterPath, rule: RasterFillRule, image: RasterImage, layerTransform: AffineMatrix, opacity: Double,
        into canvas: inout PixelBuffer, clip: CoverageMask? = nil
    ) -> PixelRect {
        guard opacity > 0 else { return .zero }
        let box = accumulate(path, within: canvas.rect, clip: clip)
        guard !box.isEmpty else { return .zero }
        let width = canvas.width
        image.pixels.withUnsafeBufferPointer { pixels in
            let shader = ImageShader(image, layerTransform: layerTransform, pixels: pixels, opacity: opacity)
            canvas.withMutablePixels { target in
                let origin = target + box.y * width + box.x
                if let clip {
                    clip.withValues { values in
                        let clipOrigin = values + (box.y - clip.bounds.y) * clip.stride + (box.x - clip.bounds.x)
                        var painter = ImagePainter(
                            origin: origin, stride: width, left: box.x, top: box.y, clip: clipOrigin, clipStride: clip.stride, shader: shader)
                        sweep(rule, into: &painter)
                    }
                } else {
                    var painter = ImagePainter(origin: origin, stride: width, left: box.x, top: box.y, clip: nil, clipStride: 0, shader: shader)
                    sweep(rule, into: &painter)
                }
            }
        }
        return box
    }
}
