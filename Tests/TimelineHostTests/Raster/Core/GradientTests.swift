// Gradients: each pixel's colour against SVG's definitions worked out independently of the
// shader's formulas: a linear gradient as the projection onto its line, a radial one with a focus
// by SVG 1.1's ray construction (t = |p − f| / |q − f|, q where the ray from the focus through p
// meets the circle), stops as SVG clamps and pads them, straight-alpha interpolation.

import Foundation
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceRaster

@Suite struct GradientTests {
    typealias Pixel = PixelBuffer.Pixel

    /// A gradient from black to white (opaque).
    static func blackToWhite(_ kind: RasterGradient.Kind, start: (Double, Double), end: (Double, Double)) -> RasterGradient {
        var gradient = RasterGradient()
        gradient.kind = kind
        gradient.start = RasterPoint(x: start.0, y: start.1)
        gradient.end = RasterPoint(x: end.0, y: end.1)
        gradient.focus = gradient.start
        gradient.stops = [
            .init(offset: 0, red: 0, green: 0, blue: 0, alpha: 1), .init(offset: 1, red: 1, green: 1, blue: 1, alpha: 1),
        ]
        return gradient
    }

    /// Fills the whole canvas with a gradient through `layer` (identity by default).
    static func paint(
        _ gradient: RasterGradient, width: Int, height: Int, layer: AffineMatrix = .identity, opacity: Double = 1
    ) -> PixelBuffer {
        var canvas = PixelBuffer(width: width, height: height)
        var path = RasterPath()
        path.move(to: RasterPoint(x: 0, y: 0))
        path.line(to: RasterPoint(x: Double(width), y: 0))
        path.line(to: RasterPoint(x: Double(width), y: Double(height)))
        path.line(to: RasterPoint(x: 0, y: Double(height)))
        path.close()
        var normalized = gradient
        normalized.normalizeStops()
        Rasterizer().fill(path, rule: .nonZero, gradient: normalized, layerTransform: layer, opacity: opacity, into: &canvas)
        return canvas
    }

    @Test("linear: each pixel's grey is 255 times its centre's projection onto the line")
    func linearProjection() {
        // From (10, 0) to (110, 50): t = ((x − 10)·100 + y·50) / 12,500 at the centre (x, y).
        let canvas = Self.paint(Self.blackToWhite(.linear, start: (10, 0), end: (110, 50)), width: 130, height: 60)
        var worst = 0
        for y in 0..<60 {
            for x in 0..<130 {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let t = min(max(((cx - 10) * 100 + cy * 50) / 12_500, 0), 1)
                let pixel = canvas.pixel(x: x, y: y)
                worst = max(worst, abs(Int(pixel.red) - Int((255 * t).rounded())))
                #expect(pixel.alpha == 255 && pixel.red == pixel.green && pixel.green == pixel.blue)
            }
        }
        #expect(worst == 0)
    }

    @Test("radial with its focus at the centre: grey is 255 times the distance over the radius, padded past it")
    func radialCentred() {
        let canvas = Self.paint(Self.blackToWhite(.radial, start: (40, 30), end: (40, 55)), width: 80, height: 60)
        for y in 0..<60 {
            for x in 0..<80 {
                let distance = hypot(Double(x) + 0.5 - 40, Double(y) + 0.5 - 30)
                let t = min(distance / 25, 1)
                #expect(abs(Int(canvas.pixel(x: x, y: y).red) - Int((255 * t).rounded())) <= 1, "(\(x), \(y))")
            }
        }
    }

    @Test("radial with a focus: t is |p − f| over |q − f|, q where the ray from f through p meets the circle (SVG 1.1)")
    func radialFocus() {
        var gradient = Self.blackToWhite(.radial, start: (50, 50), end: (90, 50))
        gradient.focus = RasterPoint(x: 30, y: 40)
        let canvas = Self.paint(gradient, width: 100, height: 100)
        var worst = 0
        for y in stride(from: 0, to: 100, by: 3) {
            for x in stride(from: 0, to: 100, by: 3) {
                let px = Double(x) + 0.5 - 30, py = Double(y) + 0.5 - 40
                let length = hypot(px, py)
                var t = 0.0
                if length > 0 {
                    // The ray f + s·u (u the unit direction to p) meets |f + s·u − c| = 40 at s > 0.
                    let ux = px / length, uy = py / length, ox = 30.0 - 50, oy = 40.0 - 50
                    let b = ox * ux + oy * uy, c = ox * ox + oy * oy - 1600
                    let s = -b + (b * b - c).squareRoot()
                    t = min(length / s, 1)
                }
                worst = max(worst, abs(Int(canvas.pixel(x: x, y: y).red) - Int((255 * t).rounded())))
            }
        }
        #expect(worst <= 1)
    }

    @Test("the gradient's transform and the layer's matrix move it: a linear gradient under a skew")
    func transforms() {
        // Gradient space → layer: skew x by 0.5 (x' = x + 0.5·y); layer → device: scale 2.
        var gradient = Self.blackToWhite(.linear, start: (0, 0), end: (40, 0))
        gradient.transform = AffineMatrix(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0)
        let canvas = Self.paint(gradient, width: 100, height: 40, layer: .scale(x: 2, y: 2))
        for (x, y) in [(10, 5), (50, 20), (79, 39), (3, 30)] {
            // Back to gradient space: layer (X/2, Y/2), then un-skew: gx = lx − 0.5·ly.
            let lx = (Double(x) + 0.5) / 2, ly = (Double(y) + 0.5) / 2
            let t = min(max((lx - 0.5 * ly) / 40, 0), 1)
            #expect(Int(canvas.pixel(x: x, y: y).red) == Int((255 * t).rounded()), "(\(x), \(y))")
        }
    }

    @Test("stops: padded before the first and after the last, a hard edge where two share an offset, offsets clamped up to the one before")
    func stops() {
        var gradient = RasterGradient()
        gradient.start = RasterPoint(x: 0, y: 0)
        gradient.end = RasterPoint(x: 100, y: 0)
        gradient.stops = [
            .init(offset: 0.2, red: 1, green: 0, blue: 0, alpha: 1),
            .init(offset: 0.5, red: 1, green: 0, blue: 0, alpha: 1),
            // Before the stop before it: clamped up to 0.5, a hard edge from red to green.
            .init(offset: 0.4, red: 0, green: 1, blue: 0, alpha: 1),
            .init(offset: 0.8, red: 0, green: 0, blue: 1, alpha: 1),
        ]
        let canvas = Self.paint(gradient, width: 100, height: 1)
        #expect(canvas.pixel(x: 5, y: 0) == Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(canvas.pixel(x: 49, y: 0) == Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        // 50.5: just past the edge, 0.005 / 0.3 of the way from green to blue.
        #expect(canvas.pixel(x: 50, y: 0) == Pixel(red: 0, green: 251, blue: 4, alpha: 255))
        // 64.5: (0.645 − 0.5) / 0.3 = 0.4833 of the way from green to blue: 131.75 and 123.25.
        #expect(canvas.pixel(x: 64, y: 0) == Pixel(red: 0, green: 132, blue: 123, alpha: 255))
        #expect(canvas.pixel(x: 95, y: 0) == Pixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test("colour and opacity interpolate apart (straight), then premultiply, times the paint's opacity")
    func straightInterpolation() {
        var gradient = RasterGradient()
        gradient.start = RasterPoint(x: 0, y: 0)
        gradient.end = RasterPoint(x: 2, y: 0)
        // Opaque red to transparent blue: halfway (the centre of pixel 0 is at t 0.25; of pixel 1, 0.75).
        gradient.stops = [.init(offset: 0, red: 1, green: 0, blue: 0, alpha: 1), .init(offset: 1, red: 0, green: 0, blue: 1, alpha: 0)]
        let canvas = Self.paint(gradient, width: 2, height: 1, opacity: 0.5)
        // t 0.25: straight (0.75, 0, 0.25), alpha 0.75 × 0.5 = 0.375 → 255·0.75·0.375 = 71.7.
        #expect(canvas.pixel(x: 0, y: 0) == Pixel(red: 72, green: 0, blue: 24, alpha: 96))
        // t 0.75: straight (0.25, 0, 0.75), alpha 0.25 × 0.5 = 0.125.
        #expect(canvas.pixel(x: 1, y: 0) == Pixel(red: 8, green: 0, blue: 24, alpha: 32))
    }

    @Test("a gradient whose ends meet paints its last stop, as SVG says; no stop paints nothing; nothing is NaN")
    func degenerate() {
        let linear = Self.paint(Self.blackToWhite(.linear, start: (5, 5), end: (5, 5)), width: 4, height: 4)
        #expect(linear.pixel(x: 1, y: 1) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        let radial = Self.paint(Self.blackToWhite(.radial, start: (5, 5), end: (5, 5)), width: 4, height: 4)
        #expect(radial.pixel(x: 2, y: 3) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        var empty = Self.blackToWhite(.linear, start: (0, 0), end: (4, 0))
        empty.stops = []
        #expect(Self.paint(empty, width: 4, height: 4).pixel(x: 1, y: 1) == .transparent)
        var wild = Self.blackToWhite(.radial, start: (0, 0), end: (.infinity, 0))
        wild.focus = RasterPoint(x: .nan, y: 1)
        let picture = Self.paint(wild, width: 4, height: 4)
        #expect(picture.pixel(x: 1, y: 1).alpha == 255)
        // A focus outside the circle is drawn just inside it, towards where it was.
        var outside = Self.blackToWhite(.radial, start: (50, 50), end: (60, 50))
        outside.focus = RasterPoint(x: 80, y: 50)
        let cone = Self.paint(outside, width: 100, height: 100)
        #expect(cone.pixel(x: 59, y: 50).red < 40)
        #expect(cone.pixel(x: 34, y: 50).red == 255)
    }
}
