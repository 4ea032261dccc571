// Compositing: source-over on premultiplied 8-bit values, checked against values worked out by
// hand (each product rounded to nearest: round(x / 255)).

import Testing
@testable import Timeline
import TimelinePlugins
@testable import CadenceRaster

@Suite struct CompositingTests {
    typealias Pixel = PixelBuffer.Pixel

    @Test func div255RoundsToNearestEverywhere() {
        for x in UInt32(0)...65025 {
            #expect(PixelMath.div255(x) == (x + 127) / 255)
        }
    }

    @Test func packedScaleMatchesPerChannelArithmetic() {
        var seed: UInt64 = 3
        for _ in 0..<20000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let channels = (0..<4).map { UInt32(truncatingIfNeeded: seed >> (8 * UInt64($0) + 16)) & 0xFF }
            let factor = UInt32(truncatingIfNeeded: seed >> 56)
            let packed = channels[0] | channels[1] << 8 | channels[2] << 16 | channels[3] << 24
            let expected = channels.enumerated().reduce(UInt32(0)) { result, item in
                result | ((item.element * factor + 127) / 255) << (8 * UInt32(item.offset))
            }
            #expect(PixelMath.scale(packed, by: factor) == expected)
        }
    }

    // A mask with long runs of one value (drawn as vector spans) and short ones (pixel by pixel)
    // composited over random translucent pixels: every channel is s·c/255 + d·(255 − a·c/255)/255,
    // each product rounded, worked out per channel.
    @Test func maskRunsAndSinglePixelsCompositeAlike() {
        var random = SplitMix64(state: 9)
        let width = 97, height = 3
        var canvas = PixelBuffer(width: width, height: height)
        canvas.withMutablePixels { pixels in
            for index in 0..<(width * height) {
                let alpha = UInt32(truncatingIfNeeded: random.next() >> 56)
                let channel = { UInt32(truncatingIfNeeded: random.next() >> 56) * alpha / 255 }
                pixels[index] = channel() | channel() << 8 | channel() << 16 | alpha << 24
            }
        }
        let before = canvas
        var mask = CoverageMask()
        mask.reset(bounds: PixelRect(x: 0, y: 0, width: width, height: height))
        var values: [UInt8] = []
        while values.count < width * height {
            let run = [1, 3, 8, 9, 30][Int(random.next() % 5)]
            let value = [0, 255, 128, UInt8(truncatingIfNeeded: random.next())][Int(random.next() % 4)]
            values += Array(repeating: value, count: run)
        }
        mask.withMutableValues { pointer in for index in 0..<(width * height) { pointer[index] = values[index] } }
        let color = Pixel(red: 180, green: 20, blue: 90, alpha: 200)
        canvas.composite(mask: mask, color: color)
        func round255(_ x: UInt32) -> UInt32 { (x + 127) / 255 }
        var wrong = 0
        for y in 0..<height {
            for x in 0..<width {
                let c = UInt32(values[y * width + x]), d = before.pixel(x: x, y: y), r = canvas.pixel(x: x, y: y)
                let sa = round255(200 * c)
                let expected = [(180, d.red), (20, d.green), (90, d.blue), (200, d.alpha)].map { source, target in
                    round255(UInt32(source) * c) + round255(UInt32(target) * (255 - sa))
                }
                if [UInt32(r.red), UInt32(r.green), UInt32(r.blue), UInt32(r.alpha)] != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels differ from the per-channel arithmetic")
    }

    /// A 3×1 canvas of opaque blue with `color` filled over `[x0, x1] × [0, 1]`.
    func fillOverBlue(_ color: Pixel, from x0: Double, to x1: Double, clip: CoverageMask? = nil) -> PixelBuffer {
        var canvas = PixelBuffer(width: 3, height: 1, filledWith: Pixel(red: 0, green: 0, blue: 255, alpha: 255))
        Rasterizer().fill(TestSupport.path([TestSupport.rectangle(x0, 0, x1 - x0, 1)]), rule: .nonZero,
                          color: color, into: &canvas, clip: clip)
        return canvas
    }

    @Test func sourceOverThroughCoverage() {
        // Source (200, 100, 50, 200) at coverage 128 (half a pixel: round(127.5) = 128):
        // s' = (round(25600/255), round(12800/255), round(6400/255), round(25600/255)) = (100, 50, 25, 100)
        // d' = s' + round(d · 155 / 255) = (100, 50, 25 + 155, 100 + 155).
        let color = Pixel(red: 200, green: 100, blue: 50, alpha: 200)
        let canvas = fillOverBlue(color, from: 0.5, to: 2)
        #expect(canvas.pixel(x: 0, y: 0) == Pixel(red: 100, green: 50, blue: 180, alpha: 255))
        // Full coverage: inverse alpha 55, blue 255 · 55 / 255 = 55.
        #expect(canvas.pixel(x: 1, y: 0) == Pixel(red: 200, green: 100, blue: 105, alpha: 255))
        #expect(canvas.pixel(x: 2, y: 0) == Pixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test func sourceOverOntoTranslucent() {
        // d = (60, 30, 0, 120), s = (200, 100, 50, 200) at full coverage, inverse alpha 55:
        // round(3300/255) = 13, round(1650/255) = 6, 0, round(6600/255) = 26.
        var canvas = PixelBuffer(width: 1, height: 1, filledWith: Pixel(red: 60, green: 30, blue: 0, alpha: 120))
        Rasterizer().fill(TestSupport.path([TestSupport.rectangle(-1, -1, 3, 3)]), rule: .nonZero,
                          color: Pixel(red: 200, green: 100, blue: 50, alpha: 200), into: &canvas)
        #expect(canvas.pixel(x: 0, y: 0) == Pixel(red: 213, green: 106, blue: 50, alpha: 226))
        // An opaque colour at full coverage replaces the pixel.
        Rasterizer().fill(TestSupport.path([TestSupport.rectangle(0, 0, 1, 1)]), rule: .nonZero,
                          color: Pixel(red: 1, green: 2, blue: 3, alpha: 255), into: &canvas)
        #expect(canvas.pixel(x: 0, y: 0) == Pixel(red: 1, green: 2, blue: 3, alpha: 255))
    }

    @Test func clipMaskIsMultipliedIn() {
        // Full coverage times a clip value of 128 composites like coverage 128.
        let rasterizer = Rasterizer()
        var clip = CoverageMask()
        rasterizer.render(TestSupport.path([TestSupport.rectangle(0.5, 0, 1.5, 1)]), rule: .nonZero,
                          limit: PixelRect(x: 0, y: 0, width: 3, height: 1), into: &clip)
        #expect(clip.value(x: 0, y: 0) == 128 && clip.value(x: 1, y: 0) == 255 && clip.value(x: 2, y: 0) == 0)
        let canvas = fillOverBlue(Pixel(red: 200, green: 100, blue: 50, alpha: 200), from: 0, to: 3, clip: clip)
        #expect(canvas.pixel(x: 0, y: 0) == Pixel(red: 100, green: 50, blue: 180, alpha: 255))
        #expect(canvas.pixel(x: 1, y: 0) == Pixel(red: 200, green: 100, blue: 105, alpha: 255))
        #expect(canvas.pixel(x: 2, y: 0) == Pixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test func layerWithGroupOpacity() {
        // Opacity 0.5 → factor round(127.5) = 128: (200, 100, 50, 200) → (100, 50, 25, 100), over blue.
        var canvas = PixelBuffer(width: 2, height: 1, filledWith: Pixel(red: 0, green: 0, blue: 255, alpha: 255))
        var layer = PixelBuffer(width: 2, height: 1)
        layer.clear(PixelRect(x: 0, y: 0, width: 1, height: 1), to: Pixel(red: 200, green: 100, blue: 50, alpha: 200))
        canvas.composite(layer: layer, opacity: 0.5, region: PixelRect(x: 0, y: 0, width: 2, height: 1))
        #expect(canvas.pixel(x: 0, y: 0) == Pixel(red: 100, green: 50, blue: 180, alpha: 255))
        #expect(canvas.pixel(x: 1, y: 0) == Pixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test func groupOpacityAppliesToOverlappingPartsTogether() {
        // Fill and stroke overlap; at opacity 0.5 the group is composited once, so the overlap shows
        // the stroke's colour at half strength, not the fill showing through.
        var layer = RasterLayer()
        layer.outline.addRoundedRectangle(x: 2, y: 2, width: 12, height: 12, radiusX: 0, radiusY: 0)
        layer.fill = Pixel(red: 255, green: 0, blue: 0, alpha: 255)
        layer.stroke = Pixel(red: 0, green: 0, blue: 255, alpha: 255)
        layer.strokeWidth = 4
        layer.opacity = 0.5
        var canvas = PixelBuffer(width: 20, height: 20, filledWith: Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        Rasterizer().draw(layer, into: &canvas)
        // On the stroke (over the fill): blue 128 over white: (127, 127, 128 + 127, 255).
        #expect(canvas.pixel(x: 3, y: 8) == Pixel(red: 127, green: 127, blue: 255, alpha: 255))
        // Fill only: red at 128 over white.
        #expect(canvas.pixel(x: 8, y: 8) == Pixel(red: 255, green: 127, blue: 127, alpha: 255))
        #expect(canvas.pixel(x: 18, y: 18) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
    }

    @Test func premultiplyingAndStraightAlpha() {
        // Straight (0.2, 0.5, 1, 0.5) → bytes (51, 128, 255, 128) → premultiplied
        // (round(6528/255), round(16384/255), round(32640/255), 128) = (26, 64, 128, 128).
        let pixel = Pixel.premultiplying(red: 0.2, green: 0.5, blue: 1, alpha: 0.5)
        #expect(pixel == Pixel(red: 26, green: 64, blue: 128, alpha: 128))
        // Back: round(26 · 255 / 128) = 52, round(64 · 255 / 128) = 128 (127.5 rounds up), 255.
        #expect(pixel.unpremultiplied == Pixel(red: 52, green: 128, blue: 255, alpha: 128))
        let image = PixelBuffer(width: 2, height: 1, filledWith: pixel)
        #expect(image.straightAlphaBytes() == [52, 128, 255, 128, 52, 128, 255, 128])
        #expect(image.bytes == [26, 64, 128, 128, 26, 64, 128, 128])
        #expect(image.bytesPerRow == 8)
        #expect(Pixel.transparent.unpremultiplied == .transparent)
    }
}
