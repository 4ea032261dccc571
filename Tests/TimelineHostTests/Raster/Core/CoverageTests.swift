// Exact-area coverage: every 8-bit alpha within 1/255 of the exact area of the shape within the
// pixel, computed by ReferenceGeometry (polygon clipping and slab integration, test-only code).

import Foundation
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceRaster

@Suite struct CoverageTests {
    @Test func rectanglesAtFractionalPositions() {
        var seed: UInt64 = 7
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<20 {
            let rect = TestSupport.rectangle(next() * 20, next() * 20, 0.2 + next() * 25, 0.2 + next() * 25)
            TestSupport.expectExact([rect], width: 48, height: 48)
        }
    }

    @Test func reversedOrientationGivesTheSameCoverage() {
        let rect = TestSupport.rectangle(3.3, 4.7, 10.25, 6.6)
        TestSupport.expectExact([Array(rect.reversed())], width: 20, height: 16)
        TestSupport.expectExact([Array(rect.reversed())], rule: .evenOdd, width: 20, height: 16)
    }

    @Test func slivers() {
        TestSupport.expectExact([TestSupport.rectangle(5.4, 2.2, 0.3, 12.5)], width: 16, height: 16)
        TestSupport.expectExact([TestSupport.rectangle(5.97, 2.2, 0.05, 12.5)], width: 16, height: 16)
        TestSupport.expectExact([TestSupport.rectangle(1.2, 7.45, 13.1, 0.1)], width: 16, height: 16)
        // A needle-thin diagonal sliver.
        let needle = [RefPoint(x: 1.1, y: 1.3), RefPoint(x: 14.6, y: 13.9), RefPoint(x: 14.5, y: 14.1)]
        TestSupport.expectExact([needle], width: 16, height: 16)
    }

    @Test func nearHorizontalEdges() {
        let wedge = [RefPoint(x: 0.5, y: 10.2), RefPoint(x: 63.5, y: 10.9), RefPoint(x: 63.5, y: 12.4), RefPoint(x: 0.5, y: 11.0)]
        TestSupport.expectExact([wedge], width: 64, height: 16)
        let shallow = [RefPoint(x: 2.25, y: 3.0), RefPoint(x: 60.75, y: 3.01), RefPoint(x: 30, y: 9.5)]
        TestSupport.expectExact([shallow], width: 64, height: 16)
    }

    @Test func geometryLeftOfTheCanvasStillCovers() {
        // From x = −50 to 10.5: columns 0…9 full, column 10 half.
        let rect = TestSupport.rectangle(-50, 2.25, 60.5, 5.5)
        TestSupport.expectExact([rect], width: 16, height: 12)
        let mask = TestSupport.render(TestSupport.path([rect]), rule: .nonZero, width: 16, height: 12)
        #expect(mask.value(x: 0, y: 4) == 255)
        #expect(mask.value(x: 10, y: 4) == 128)
        #expect(mask.value(x: 11, y: 4) == 0)
        // A triangle reaching far left, above and below.
        let triangle = [RefPoint(x: -300, y: -40), RefPoint(x: 14.3, y: 6.1), RefPoint(x: -120, y: 90)]
        TestSupport.expectExact([triangle], width: 16, height: 12)
    }

    @Test func hugeCoordinatesAreClippedExactly() {
        let huge = [RefPoint(x: -1e9, y: -1e9), RefPoint(x: 1e9, y: -1e9), RefPoint(x: 1e9, y: 1e9), RefPoint(x: -1e9, y: 1e9)]
        let mask = TestSupport.render(TestSupport.path([huge]), rule: .nonZero, width: 32, height: 8)
        #expect(mask.bounds == PixelRect(x: 0, y: 0, width: 32, height: 8))
        #expect((0..<8).allSatisfy { y in (0..<32).allSatisfy { mask.value(x: $0, y: y) == 255 } })
        let sliver = [RefPoint(x: -1e9, y: 3.3), RefPoint(x: 1e9, y: 5.9), RefPoint(x: 1e9, y: 7.1), RefPoint(x: -1e9, y: 4.9)]
        TestSupport.expectExact([sliver], width: 32, height: 12)
        let off = [RefPoint(x: 1e9, y: 1e9), RefPoint(x: 2e9, y: 1e9), RefPoint(x: 2e9, y: 3e9)]
        #expect(TestSupport.render(TestSupport.path([off]), rule: .nonZero, width: 32, height: 8).bounds.isEmpty)
    }

    @Test("coordinates up to the largest doubles are drawn as the lines through them",
          arguments: [1e16, 1e20, 1e30, 1e100, 1e300])
    func farCoordinatesAreClippedAtExactCrossings(_ far: Double) {
        // The review's triangle: half of a 200×200 picture (19,900 pixels whole, 200 half on the
        // diagonal, 19,900 empty). Drawn fully for 1e20 and more before the crossings were exact.
        let half = [RefPoint(x: -far, y: -far), RefPoint(x: far, y: far), RefPoint(x: far, y: -far)]
        let mask = TestSupport.render(TestSupport.path([half]), rule: .nonZero, width: 200, height: 200)
        var whole = 0, empty = 0, diagonal = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let value = mask.value(x: x, y: y)
                if x > y && value == 255 { whole += 1 }
                if x < y && value == 0 { empty += 1 }
                if x == y && (127...128).contains(value) { diagonal += 1 }
            }
        }
        #expect(whole == 19_900 && empty == 19_900 && diagonal == 200)
        // A wedge from a corner inside the picture towards two far points, against the same wedge
        // drawn with near points in the same directions (the directions differ by 1e-16 or less).
        let corner = RefPoint(x: 30.5, y: 7.25)
        let wedge = [RefPoint(x: -far, y: -3 * far), RefPoint(x: 2 * far, y: -far), corner]
        let near = [RefPoint(x: corner.x - 100, y: corner.y - 300), RefPoint(x: corner.x + 200, y: corner.y - 100), corner]
        let drawn = TestSupport.render(TestSupport.path([wedge]), rule: .nonZero, width: 64, height: 64)
        let reference = ReferenceGeometry.coverage(of: [near], evenOdd: false, width: 64, rows: Array(0..<64))
        #expect(TestSupport.worstError(drawn, reference, evenOdd: false).error <= 1)
        // A triangle covering the picture from far left, far right and far below.
        let cover = [RefPoint(x: -far, y: 0), RefPoint(x: far, y: 0), RefPoint(x: 0, y: far)]
        let covered = TestSupport.render(TestSupport.path([cover]), rule: .nonZero, width: 40, height: 30)
        #expect((0..<30).allSatisfy { y in (0..<40).allSatisfy { covered.value(x: $0, y: y) == 255 } })
    }

    @Test func crossingsOfFarLinesAgainstHandValues() {
        // The line y = x through (−1e20, −1e20) and (1e20, 1e20) crosses y = 200 at x = 200: the
        // usual form answers 0 (200 is lost in 200 + 1e20).
        #expect(LineCrossing.crossing(-1e20, -1e20, 1e20, 1e20, at: 200) == 200)
        #expect(LineCrossing.crossing(-1e300, -1e300, 1e300, 1e300, at: -7.5) == -7.5)
        // y = 3x through (−2⁷⁰, −3·2⁷⁰) and (2⁶⁰, 3·2⁶⁰): x = 7/3 at y = 7, to the rounding of 7/3.
        let big = 0x1p70, small = 0x1p60
        let x = LineCrossing.crossing(-big, -3 * big, small, 3 * small, at: 7)
        #expect(abs(x - 7.0 / 3.0) <= 2 * (7.0 / 3.0).ulp)
        // Through (1e300, 0) and (0, 1e300): x = 1e300 − 200 at y = 200, which rounds to 1e300.
        #expect(LineCrossing.crossing(1e300, 0, 0, 1e300, at: 200) == 1e300)
        // Ends given exactly are returned as they are.
        #expect(LineCrossing.crossing(3, 1, 5, 9, at: 9) == 5)
    }

    @Test func nonFinitePointsAreSkipped() {
        var path = RasterPath()
        path.move(to: RasterPoint(x: 2, y: 2))
        path.line(to: RasterPoint(x: 10, y: 2))
        path.line(to: RasterPoint(x: .nan, y: 5))
        path.line(to: RasterPoint(x: .infinity, y: 5))
        path.curve(to: RasterPoint(x: 3, y: 3), control1: RasterPoint(x: 1, y: .nan), control2: RasterPoint(x: 2, y: 2))
        path.line(to: RasterPoint(x: 10, y: 10))
        path.line(to: RasterPoint(x: 2, y: 10))
        path.close()
        let mask = TestSupport.render(path, rule: .nonZero, width: 12, height: 12)
        let reference = ReferenceGeometry.coverage(
            of: [TestSupport.rectangle(2, 2, 8, 8)], evenOdd: false, width: 12, rows: Array(0..<12))
        #expect(TestSupport.worstError(mask, reference, evenOdd: false).error <= 1)
    }

    @Test func circleAgainstItsCubicsFlattenedFinely() {
        // The four kappa cubics of a circle, sampled finely by the test itself.
        let (cx, cy, r) = (20.3, 18.7, 15.2)
        let k = 0.5522847498307936 * r
        let p = { (x: Double, y: Double) in RefPoint(x: cx + x, y: cy + y) }
        let quarters = [
            (p(r, 0), p(r, k), p(k, r), p(0, r)), (p(0, r), p(-k, r), p(-r, k), p(-r, 0)),
            (p(-r, 0), p(-r, -k), p(-k, -r), p(0, -r)), (p(0, -r), p(k, -r), p(r, -k), p(r, 0)),
        ]
        let polygon = quarters.flatMap { ReferenceGeometry.sampledCubic($0.0, $0.1, $0.2, $0.3, steps: 2000) }
        var path = RasterPath()
        path.tolerance = 0.002
        path.addEllipse(centerX: cx, centerY: cy, radiusX: r, radiusY: r)
        let mask = TestSupport.render(path, rule: .nonZero, width: 40, height: 40)
        let reference = ReferenceGeometry.coverage(of: [polygon], evenOdd: false, width: 40, rows: Array(0..<40))
        #expect(TestSupport.worstError(mask, reference, evenOdd: false).error <= 1)
    }

    @Test func circleAtTheDefaultToleranceStaysWithinIt() {
        // Against the true circle (a 20000-gon): the default 0.025 px tolerance plus the kappa
        // approximation (0.027 % of r = 0.0065 px here) bound each pixel's error by about 0.03 of
        // a pixel's area (8/255).
        let (cx, cy, r) = (32.5, 30.25, 24.0)
        let polygon = (0..<20000).map { i -> RefPoint in
            let angle = Double(i) * 2 * Double.pi / 20000
            return RefPoint(x: cx + r * cos(angle), y: cy + r * sin(angle))
        }
        var path = RasterPath()
        path.addEllipse(centerX: cx, centerY: cy, radiusX: r, radiusY: r)
        let mask = TestSupport.render(path, rule: .nonZero, width: 64, height: 64)
        let reference = ReferenceGeometry.coverage(of: [polygon], evenOdd: false, width: 64, rows: Array(0..<64))
        let worst = TestSupport.worstError(mask, reference, evenOdd: false)
        #expect(worst.error <= 8, "worst \(worst)")
    }

    @Test(arguments: [RasterFillRule.nonZero, .evenOdd])
    func selfIntersectingStar(rule: RasterFillRule) {
        let star = (0..<5).map { i -> RefPoint in
            let angle = Double(i * 2) * 2 * Double.pi / 5 - Double.pi / 2
            return RefPoint(x: 24.3 + 20 * cos(angle), y: 23.6 + 20 * sin(angle))
        }
        // The reference integrates the same self-intersecting polygon slab by slab. Pixels near the
        // five crossings that hold both winding 0 and winding 2 are held to the area method's
        // value there (the rule on the winding integral), the rest to the exact area.
        let mask = TestSupport.render(TestSupport.path([star]), rule: rule, width: 48, height: 48)
        let reference = ReferenceGeometry.coverage(of: [star], evenOdd: rule == .evenOdd, width: 48, rows: Array(0..<48))
        let worst = TestSupport.worstError(mask, reference, evenOdd: rule == .evenOdd)
        #expect(worst.error <= 1, "worst \(worst)")
        #expect(worst.mixed > 0 && worst.mixed < 20)
        #expect(mask.value(x: 24, y: 24) == (rule == .evenOdd ? 0 : 255))
    }

    @Test func evenOddAndNonZeroOnNestedContours() {
        let outer = TestSupport.rectangle(2.5, 2.5, 20, 20)
        let inner = TestSupport.rectangle(7.25, 7.75, 8.5, 9.1)
        TestSupport.expectExact([outer, inner], rule: .evenOdd, width: 26, height: 26)
        TestSupport.expectExact([outer, inner], rule: .nonZero, width: 26, height: 26)
        TestSupport.expectExact([outer, Array(inner.reversed())], rule: .nonZero, width: 26, height: 26)
    }

    @Test func pathAA() {
        // tiny-skia's Path AA shape, even-odd, against the same shape with its cubics sampled at
        // 4000 points each by the test; the rasteriser flattens with a fine tolerance here.
        let start = RefPoint(x: 500, y: 20)
        var polygon = [start]
        polygon += ReferenceGeometry.sampledCubic(
            start, RefPoint(x: 650, y: 320), RefPoint(x: 770, y: 650), RefPoint(x: 800, y: 980), steps: 4000)
        polygon += [RefPoint(x: 20, y: 380), RefPoint(x: 200, y: 980)]
        polygon += ReferenceGeometry.sampledCubic(
            RefPoint(x: 200, y: 980), RefPoint(x: 230, y: 650), RefPoint(x: 350, y: 320), start, steps: 4000)
        polygon.removeLast()
        var path = RasterPath()
        path.tolerance = 0.002
        path.move(to: RasterPoint(x: 500, y: 20))
        path.curve(to: RasterPoint(x: 800, y: 980), control1: RasterPoint(x: 650, y: 320), control2: RasterPoint(x: 770, y: 650))
        path.line(to: RasterPoint(x: 20, y: 380))
        path.line(to: RasterPoint(x: 200, y: 980))
        path.curve(to: RasterPoint(x: 500, y: 20), control1: RasterPoint(x: 230, y: 650), control2: RasterPoint(x: 350, y: 320))
        path.close()
        let mask = TestSupport.render(path, rule: .evenOdd, width: 1000, height: 1000)
        // Every 9th row (and the rows around the self-intersection) keeps the reference fast.
        let rows = Array(stride(from: 0, to: 1000, by: 9)) + Array(570...590)
        let reference = ReferenceGeometry.coverage(of: [polygon], evenOdd: true, width: 1000, rows: rows)
        let worst = TestSupport.worstError(mask, reference, evenOdd: true)
        #expect(worst.mixed >= 1)  // the pixel where the line crosses the second cubic
        #expect(worst.error <= 1, "worst \(worst)")
    }
}
