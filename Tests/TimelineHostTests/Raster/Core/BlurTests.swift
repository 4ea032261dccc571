// Gaussian blur against the analytic profile of a blurred square (products of error functions),
// and mass conservation.

import Foundation
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceRaster

@Suite struct BlurTests {
    /// A 60×60 opaque square at (40, 40) in a 140×140 canvas, blurred; returns the largest error
    /// (in steps of 1/255) against 255 · gx · gy, and the mask.
    static func blurredSquare(
        sigmaX: Double, sigmaY: Double, rasterizer: Rasterizer = Rasterizer(),
        x0: Double = 40, y0: Double = 40, x1: Double = 100, y1: Double = 100
    ) -> (error: Double, mask: CoverageMask) {
        let canvas = PixelRect(x: 0, y: 0, width: 140, height: 140)
        var mask = CoverageMask()
        rasterizer.render(TestSupport.path([TestSupport.rectangle(x0, y0, x1 - x0, y1 - y0)]), rule: .nonZero,
                          limit: canvas, into: &mask)
        rasterizer.blur(&mask, sigmaX: sigmaX, sigmaY: sigmaY, limit: canvas)
        var worst = 0.0
        for y in 0..<140 {
            let gy = ReferenceGeometry.blurredStep(Double(y) + 0.5, from: y0, to: y1, sigma: sigmaY)
            for x in 0..<140 {
                let gx = ReferenceGeometry.blurredStep(Double(x) + 0.5, from: x0, to: x1, sigma: sigmaX)
                worst = max(worst, abs(Double(mask.value(x: x, y: y)) - 255 * gx * gy))
            }
        }
        return (worst, mask)
    }

    // The SVG three-box approximation (σ ≥ 2): measured at most 9.9/255 from the true Gaussian
    // (at σ = 5; the spec's integer box size makes the variance (d² − 1)/4 instead of σ²).
    @Test(arguments: [2.0, 2.5, 3.0, 3.5, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0, 12.0, 16.0, 20.0, 30.0, 40.0])
    func boxApproximationFollowsTheGaussian(sigma: Double) {
        let result = Self.blurredSquare(sigmaX: sigma, sigmaY: sigma)
        #expect(result.error <= 10, "σ = \(sigma): \(result.error)")
    }

    // The exact kernel (σ < 2): within 1/255 (measured at most 0.98/255).
    @Test(arguments: [0.5, 1.0, 1.5, 1.9])
    func exactKernelFollowsTheGaussian(sigma: Double) {
        let result = Self.blurredSquare(sigmaX: sigma, sigmaY: sigma)
        #expect(result.error <= 1, "σ = \(sigma): \(result.error)")
    }

    @Test(arguments: [1.5, 4.0, 12.0])
    func massIsKeptAndTheMaskGrowsByThreeSigma(sigma: Double) {
        let mask = Self.blurredSquare(sigmaX: sigma, sigmaY: sigma).mask
        let reach = Int((3 * sigma).rounded(.up))
        #expect(mask.bounds == PixelRect(x: 40 - reach, y: 40 - reach, width: 60 + 2 * reach, height: 60 + 2 * reach))
        let mass = mask.totalCoverage
        #expect(abs(mass - 3600) / 3600 < 0.001, "mass \(mass)")
    }

    @Test func reusedScratchGivesTheSameResult() {
        // One rasteriser blurs masks of different shapes in turn: long rows then short columns,
        // and the other way round; stale sums in the scratch lines must not leak in.
        let rasterizer = Rasterizer()
        for _ in 0..<2 {
            #expect(Self.blurredSquare(sigmaX: 3, sigmaY: 3, rasterizer: rasterizer, x0: 20, y0: 60, x1: 120, y1: 72).error <= 10)
            #expect(Self.blurredSquare(sigmaX: 6, sigmaY: 6, rasterizer: rasterizer, x0: 60, y0: 10, x1: 66, y1: 130).error <= 10)
            #expect(Self.blurredSquare(sigmaX: 1.2, sigmaY: 1.2, rasterizer: rasterizer, x0: 30, y0: 50, x1: 110, y1: 56).error <= 1)
        }
    }

    @Test("a used blur gives the same bits as a fresh one, whatever it blurred before")
    func usedScratchGivesTheSameBits() {
        // The exact kernel's working line read up to `extent` places before its zeroed margin, so
        // an earlier, wider blur's values leaked into the edges: 1/255 off, found by the golden
        // stress (a shard drawn on two threads differed from the whole render in two pixels).
        let shapes = [(20.0, 60.0, 120.0, 72.0), (60, 10, 66, 130), (30, 50, 110, 56), (41.3, 40.7, 99.2, 100.9)]
        for before in [0.3, 0.7, 1.8, 6.0, 12.0] {
            for sigma in [1.8, 0.5, 1.2, 0.3, 2.0, 3.0, 7.0] {
                for (index, shape) in shapes.enumerated() {
                    let used = Rasterizer()
                    let big = shapes[(index + 1) % shapes.count]
                    _ = Self.blurredSquare(sigmaX: before, sigmaY: before, rasterizer: used, x0: big.0, y0: big.1, x1: big.2, y1: big.3)
                    let again = Self.blurredSquare(sigmaX: sigma, sigmaY: sigma, rasterizer: used, x0: shape.0, y0: shape.1, x1: shape.2, y1: shape.3).mask
                    let fresh = Self.blurredSquare(sigmaX: sigma, sigmaY: sigma, x0: shape.0, y0: shape.1, x1: shape.2, y1: shape.3).mask
                    #expect(again.bounds == fresh.bounds)
                    let differing = (0..<140).reduce(0) { count, y in
                        count + (0..<140).count { x in again.value(x: x, y: y) != fresh.value(x: x, y: y) }
                    }
                    #expect(differing == 0, "σ \(before) then σ \(sigma), shape \(index): \(differing) values differ")
                }
            }
        }
    }

    @Test func anisotropicSigma() {
        let result = Self.blurredSquare(sigmaX: 2.5, sigmaY: 9)
        #expect(result.error <= 10, "\(result.error)")
    }

    @Test func blurIsLimitedToTheCanvasButFedFromBeyondIt() {
        // A square half outside the canvas blurs into it from the outside part too.
        let rasterizer = Rasterizer()
        let canvas = PixelRect(x: 0, y: 0, width: 50, height: 50)
        let sigma = 4.0
        var mask = CoverageMask()
        rasterizer.render(TestSupport.path([TestSupport.rectangle(-30, 10, 40, 30)]), rule: .nonZero,
                          limit: canvas.expanded(dx: 12, dy: 12), into: &mask)
        rasterizer.blur(&mask, sigmaX: sigma, sigmaY: sigma, limit: canvas)
        #expect(mask.bounds == PixelRect(x: 0, y: 0, width: 22, height: 50))
        // Far from the left edge of the square (at x = −30) the profile is that of a half-plane.
        let expected = 255 * ReferenceGeometry.blurredStep(0.5, from: -30, to: 10, sigma: sigma)
            * ReferenceGeometry.blurredStep(25.5, from: 10, to: 40, sigma: sigma)
        #expect(abs(Double(mask.value(x: 0, y: 25)) - expected) <= 2)
    }

    /// The spec's three box blurs written out directly, one output pixel at a time: each box a
    /// plain sum over its window of the line (zero outside), then one rounding per direction as
    /// ``GaussianBlur`` documents it. Independent of the running sums and the eight-line passes.
    static func referenceBoxBlur(_ values: [UInt8], width: Int, height: Int, sigma: Double) -> [UInt8] {
        let d = GaussianBlur.boxSize(sigma: sigma)
        let reach = GaussianBlur.extent(sigma: sigma)
        let windows: [(left: Int, right: Int)] = d % 2 == 1
            ? Array(repeating: ((d - 1) / 2, (d - 1) / 2), count: 3)
            : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
        let divisor = d % 2 == 1 ? Double(d * d * d) : Double(d * d * (d + 1))
        func blurLine(_ line: [Int], outputCount: Int) -> [UInt8] {
            // Positions −reach..<count+reach; the input sits at reach... .
            var current = Array(repeating: 0, count: reach) + line + Array(repeating: 0, count: reach)
            for window in windows {
                current = current.indices.map { center in
                    var sum = 0
                    for k in (center - window.left)...(center + window.right) where k >= 0 && k < current.count {
                        sum += current[k]
                    }
                    return sum
                }
            }
            return current.prefix(outputCount).map { UInt8(Int(Double($0) * (1 / divisor) + 0.5)) }
        }
        let outWidth = width + 2 * reach, outHeight = height + 2 * reach
        var rows: [[UInt8]] = []
        for y in 0..<height {
            rows.append(blurLine((0..<width).map { Int(values[y * width + $0]) }, outputCount: outWidth))
        }
        var result = [UInt8](repeating: 0, count: outWidth * outHeight)
        for x in 0..<outWidth {
            let column = blurLine(rows.map { Int($0[x]) }, outputCount: outHeight)
            for y in 0..<outHeight { result[y * outWidth + x] = column[y] }
        }
        return result
    }

    // Random masks whose widths and heights are not multiples of eight (so the last group of
    // lines is partial), odd and even box sizes, blurred and compared bit for bit with the
    // spec's boxes written out.
    @Test(arguments: [2.0, 2.3, 3.0, 4.5, 7.0])
    func eightLinePassesEqualTheBoxesWrittenOut(sigma: Double) {
        var random = SplitMix64(state: UInt64(sigma * 100))
        let rasterizer = Rasterizer()
        for (width, height) in [(13, 9), (8, 8), (37, 21), (5, 30), (1, 1)] {
            let values = (0..<(width * height)).map { _ in UInt8(truncatingIfNeeded: random.next() >> 56) }
            let reach = GaussianBlur.extent(sigma: sigma)
            var mask = CoverageMask()
            mask.reset(bounds: PixelRect(x: 3, y: 4, width: width, height: height))
            mask.withMutableValues { pointer in for index in values.indices { pointer[index] = values[index] } }
            let limit = PixelRect(x: -1_000, y: -1_000, width: 3_000, height: 3_000)
            rasterizer.blur(&mask, sigmaX: sigma, sigmaY: sigma, limit: limit)
            #expect(mask.bounds == PixelRect(x: 3 - reach, y: 4 - reach, width: width + 2 * reach, height: height + 2 * reach))
            let expected = Self.referenceBoxBlur(values, width: width, height: height, sigma: sigma)
            var mismatches = 0
            for y in 0..<mask.bounds.height {
                for x in 0..<mask.bounds.width
                where mask.value(x: mask.bounds.x + x, y: mask.bounds.y + y) != expected[y * mask.bounds.width + x] {
                    mismatches += 1
                }
            }
            #expect(mismatches == 0, "σ = \(sigma), \(width) × \(height): \(mismatches) pixels differ")
        }
    }
}
