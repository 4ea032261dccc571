// The stroker: outlines filled with non-zero, compared with exact areas of polygons that the test
// builds itself from line intersections (miter tips, inner corners), not from the stroker.

import Foundation
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceRaster

@Suite struct StrokerTests {
    static func strokeMask(
        width: Double, transform: AffineMatrix = .identity, size: Int = 64, tolerance: Double? = nil,
        style: Stroker.Style = Stroker.Style(), _ build: (inout RasterOutline) -> Void
    ) -> CoverageMask {
        var outline = RasterOutline()
        build(&outline)
        let rasterizer = Rasterizer()
        var path = RasterPath()
        if let tolerance {
            rasterizer.stroke(outline, width: width, transform: transform, tolerance: tolerance, style: style, into: &path)
        } else {
            rasterizer.stroke(outline, width: width, transform: transform, style: style, into: &path)
        }
        return TestSupport.render(path, rule: .nonZero, width: size, height: size)
    }

    static func expect(_ mask: CoverageMask, equals polygons: [RefPolygon], evenOdd: Bool = false, size: Int = 64,
                       tolerance: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) {
        let reference = ReferenceGeometry.coverage(of: polygons, evenOdd: evenOdd, width: size, rows: Array(0..<size))
        let worst = TestSupport.worstError(mask, reference, evenOdd: evenOdd)
        #expect(worst.error <= tolerance, "worst \(worst)", sourceLocation: sourceLocation)
    }

    /// The rectangle a butt-capped segment covers.
    static func segmentRectangle(_ a: RefPoint, _ b: RefPoint, halfWidth h: Double) -> RefPolygon {
        let length = hypot(b.x - a.x, b.y - a.y)
        let nx = -(b.y - a.y) / length * h, ny = (b.x - a.x) / length * h
        return [RefPoint(x: a.x + nx, y: a.y + ny), RefPoint(x: b.x + nx, y: b.y + ny),
                RefPoint(x: b.x - nx, y: b.y - ny), RefPoint(x: a.x - nx, y: a.y - ny)]
    }

    /// Where the line through p (direction d) meets the line through q (direction e).
    static func meet(_ p: RefPoint, _ d: RefPoint, _ q: RefPoint, _ e: RefPoint) -> RefPoint {
        let t = ((q.x - p.x) * e.y - (q.y - p.y) * e.x) / (d.x * e.y - d.y * e.x)
        return RefPoint(x: p.x + t * d.x, y: p.y + t * d.y)
    }

    @Test(arguments: [0.6, 2.5])
    func thinStrokeIsItsRectangle(width: Double) {
        let a = RefPoint(x: 10.3, y: 20.7), b = RefPoint(x: 50.9, y: 31.2)
        let mask = Self.strokeMask(width: width) {
            $0.move(to: RasterPoint(x: a.x, y: a.y))
            $0.line(to: RasterPoint(x: b.x, y: b.y))
        }
        Self.expect(mask, equals: [Self.segmentRectangle(a, b, halfWidth: width / 2)])
    }

    @Test func buttCapsEndAtTheEndpoints() {
        let mask = Self.strokeMask(width: 4) {
            $0.move(to: RasterPoint(x: 5, y: 10.5))
            $0.line(to: RasterPoint(x: 20, y: 10.5))
        }
        Self.expect(mask, equals: [TestSupport.rectangle(5, 8.5, 15, 4)])
        #expect(mask.value(x: 4, y: 10) == 0 && mask.value(x: 20, y: 10) == 0)
        #expect(mask.value(x: 5, y: 10) == 255 && mask.value(x: 19, y: 10) == 255)
    }

    static func style(_ cap: Stroker.Cap = .butt, _ join: Stroker.Join = .miter) -> Stroker.Style {
        var style = Stroker.Style()
        style.cap = cap
        style.join = join
        return style
    }

    /// The area a mask covers, in square pixels.
    static func area(_ mask: CoverageMask, size: Int = 64) -> Double {
        var total = 0
        for y in 0..<size { for x in 0..<size { total += Int(mask.value(x: x, y: y)) } }
        return Double(total) / 255
    }

    @Test("square caps reach half the width beyond each end")
    func squareCaps() {
        let mask = Self.strokeMask(width: 4, style: Self.style(.square)) {
            $0.move(to: RasterPoint(x: 5, y: 10.5))
            $0.line(to: RasterPoint(x: 20, y: 10.5))
        }
        Self.expect(mask, equals: [TestSupport.rectangle(3, 8.5, 19, 4)])
    }

    @Test("round caps are half circles about each end")
    func roundCaps() {
        // A line from (10, 20.5) to (40, 20.5), 8 wide: its rectangle and a disc of radius 4 at
        // each end.
        let mask = Self.strokeMask(width: 8, style: Self.style(.round)) {
            $0.move(to: RasterPoint(x: 10, y: 20.5))
            $0.line(to: RasterPoint(x: 40, y: 20.5))
        }
        // Every pixel against the stadium (its half circles as 1,024 chords each), within 6/255:
        // the stroker's chords stray at most 0.025 pixel from the circle.
        var stadium: RefPolygon = []
        for k in 0...1_024 {
            let angle = -Double.pi / 2 + Double.pi * Double(k) / 1_024
            stadium.append(RefPoint(x: 40 + 4 * cos(angle), y: 20.5 + 4 * sin(angle)))
        }
        for k in 0...1_024 {
            let angle = Double.pi / 2 + Double.pi * Double(k) / 1_024
            stadium.append(RefPoint(x: 10 + 4 * cos(angle), y: 20.5 + 4 * sin(angle)))
        }
        Self.expect(mask, equals: [stadium], tolerance: 6)
        // Area: 30 × 8 + π · 4².
        #expect(abs(Self.area(mask) - (240 + 16 * Double.pi)) < 0.3, "\(Self.area(mask))")
        // Pixels within 3.1 of an end: inside its cap; 5 away: outside; one near the square's
        // corner: inside a square cap, mostly outside a round one.
        #expect(mask.value(x: 42, y: 20) == 255 && mask.value(x: 7, y: 20) == 255)
        #expect(mask.value(x: 45, y: 20) == 0 && mask.value(x: 4, y: 20) == 0)
        let corner = Self.strokeMask(width: 8, style: Self.style(.square)) {
            $0.move(to: RasterPoint(x: 10, y: 20.5))
            $0.line(to: RasterPoint(x: 40, y: 20.5))
        }
        #expect(corner.value(x: 43, y: 17) == 255 && mask.value(x: 43, y: 17) < 128)
    }

    @Test("a right-angle corner: miter, round and bevel joins against their areas",
          arguments: [(Stroker.Join.miter, 320.0), (.bevel, 312.0), (.round, 304 + 4 * Double.pi)])
    func joins(join: Stroker.Join, area: Double) {
        // (10, 10) → (30, 10) → (30, 30), 8 wide: the two rectangles cover 304; the outer corner's
        // square [30, 34] × [6, 10] adds 16 as a miter, its half (8) as a bevel, a quarter disc of
        // radius 4 (4π) as a round join.
        let mask = Self.strokeMask(width: 8, style: Self.style(.butt, join)) {
            $0.move(to: RasterPoint(x: 10, y: 10))
            $0.line(to: RasterPoint(x: 30, y: 10))
            $0.line(to: RasterPoint(x: 30, y: 30))
        }
        #expect(abs(Self.area(mask) - area) < 0.3, "\(join): \(Self.area(mask)) against \(area)")
    }

    @Test("a sub-path of one point is a dot with round or square caps, nothing with butt caps")
    func dots() {
        for (cap, area) in [(Stroker.Cap.round, 9 * Double.pi), (.square, 36), (.butt, 0)] {
            let mask = Self.strokeMask(width: 6, style: Self.style(cap)) {
                $0.move(to: RasterPoint(x: 20, y: 20))
                $0.line(to: RasterPoint(x: 20, y: 20))
            }
            #expect(abs(Self.area(mask) - area) < 0.3, "\(cap): \(Self.area(mask))")
        }
    }

    static func dashed(_ pattern: [Double], offset: Double = 0, cap: Stroker.Cap = .butt, _ build: (inout RasterOutline) -> Void) -> CoverageMask {
        var style = Self.style(cap)
        style.dashes = pattern
        style.dashOffset = offset
        return Self.strokeMask(width: 2, size: 128, style: style, build)
    }

    static func line(_ outline: inout RasterOutline) {
        outline.move(to: RasterPoint(x: 0, y: 10))
        outline.line(to: RasterPoint(x: 100, y: 10))
    }

    @Test("dashes along a line: the pattern from its start, offsets either way, an odd list repeated")
    func dashesAlongALine() {
        // [10, 5] from 0: dashes [0, 10], [15, 25], … [90, 100]: seven, 70 long, 2 wide.
        let plain = Self.dashed([10, 5], Self.line)
        #expect(abs(Self.area(plain, size: 128) - 140) < 0.05, "\(Self.area(plain, size: 128))")
        #expect(plain.value(x: 5, y: 9) == 255 && plain.value(x: 12, y: 9) == 0 && plain.value(x: 16, y: 9) == 255)
        // Offset 5: [0, 5], [10, 20], … [85, 95]: 65 long. Offset −5 (10 into the 15 period): a gap
        // [0, 5] first, then [5, 15], … [95, 100]: 65 long too.
        #expect(abs(Self.area(Self.dashed([10, 5], offset: 5, Self.line), size: 128) - 130) < 0.05)
        let back = Self.dashed([10, 5], offset: -5, Self.line)
        #expect(abs(Self.area(back, size: 128) - 130) < 0.05)
        #expect(back.value(x: 2, y: 9) == 0 && back.value(x: 6, y: 9) == 255)
        // [10] is [10, 10]: five dashes of 10.
        #expect(abs(Self.area(Self.dashed([10], Self.line), size: 128) - 100) < 0.05)
        // Round caps on every dash: seven dashes, each with two half discs of radius 1 (chords
        // within 0.025 of the circle: about 0.09 short each).
        let round = Self.dashed([10, 5], cap: .round) {
            $0.move(to: RasterPoint(x: 10, y: 10))
            $0.line(to: RasterPoint(x: 110, y: 10))
        }
        #expect(abs(Self.area(round, size: 128) - (140 + 7 * Double.pi)) < 1, "\(Self.area(round, size: 128))")
        // Dashes of no length: dots with round caps (lottie-ios's issue_1557: [0, 15]), squares
        // with square caps, nothing with butt caps; [0, 15] along 100 from 10: seven dots.
        for (cap, area) in [(Stroker.Cap.round, 7 * Double.pi), (.square, 7 * 4), (.butt, 0)] {
            let dots = Self.dashed([0, 15], cap: cap) {
                $0.move(to: RasterPoint(x: 10, y: 10))
                $0.line(to: RasterPoint(x: 110, y: 10))
            }
            #expect(abs(Self.area(dots, size: 128) - area) < 0.8, "\(cap): \(Self.area(dots, size: 128))")
        }
        // A pattern that would cut the line into more than a million dashes strokes solid (as
        // Skia does), at once: 1e-300 long dashes would never end, and 1e-5 would be five
        // million. (The line starts at x 0: its round caps show half of one disc.)
        #expect(abs(Self.area(Self.dashed([1e-300, 1e-300], Self.line), size: 128) - 200) < 0.05)
        #expect(abs(Self.area(Self.dashed([1e-5], Self.line), size: 128) - 200) < 0.05)
        #expect(abs(Self.area(Self.dashed([0, 1e-300], cap: .round, Self.line), size: 128) - 200 - Double.pi / 2) < 0.3)
        // A list that cannot dash (a negative length, all zero) strokes solid.
        #expect(abs(Self.area(Self.dashed([10, -5], Self.line), size: 128) - 200) < 0.05)
        #expect(abs(Self.area(Self.dashed([0, 0], Self.line), size: 128) - 200) < 0.05)
    }

    @Test("dashes go round a closed outline's corners and its closing side")
    func dashesAroundASquare() {
        // A 40 × 40 square from (20, 20), perimeter 160, [30, 10]: four dashes of 30, each turning
        // a corner but the first: [0, 30] on the top side, [40, 70] from (60, 20) down, and so on.
        let square = Self.dashed([30, 10]) {
            $0.move(to: RasterPoint(x: 20, y: 20))
            $0.line(to: RasterPoint(x: 60, y: 20))
            $0.line(to: RasterPoint(x: 60, y: 60))
            $0.line(to: RasterPoint(x: 20, y: 60))
            $0.close()
        }
        // 120 long, 2 wide, less the overlaps at the three corners a dash turns (miter joins: each
        // corner's outer square is added, the inner one counted once): about 240.
        #expect(abs(Self.area(square, size: 128) - 240) < 2.5, "\(Self.area(square, size: 128))")
        // The gaps: (50 … 60) along the top, (60, 30 … 40) … the last gap ends the closing side.
        #expect(square.value(x: 55, y: 19) == 0 && square.value(x: 45, y: 19) == 255)
        #expect(square.value(x: 19, y: 25) == 0, "the closing side's last 10 are a gap")
    }

    /// A polyline A → B → C whose segments meet at `angle` (radians) at B.
    static func joinCase(angle: Double) -> (mask: CoverageMask, miter: RefPolygon, bevel: RefPolygon) {
        let h = 2.0, length = 24.0
        let b = RefPoint(x: 36.3, y: 22.6)
        let u = RefPoint(x: 1, y: 0)  // incoming direction
        let v = RefPoint(x: -cos(angle), y: sin(angle))  // outgoing: angle `angle` with the way back
        let a = RefPoint(x: b.x - length * u.x, y: b.y - length * u.y)
        let c = RefPoint(x: b.x + length * v.x, y: b.y + length * v.y)
        let mask = Self.strokeMask(width: 2 * h) {
            $0.move(to: RasterPoint(x: a.x, y: a.y))
            $0.line(to: RasterPoint(x: b.x, y: b.y))
            $0.line(to: RasterPoint(x: c.x, y: c.y))
        }
        // Normals; the outer one of each segment points away from the other segment.
        var nu = RefPoint(x: -u.y * h, y: u.x * h), nv = RefPoint(x: -v.y * h, y: v.x * h)
        if nu.x * v.x + nu.y * v.y > 0 { nu = RefPoint(x: -nu.x, y: -nu.y) }
        if nv.x * -u.x + nv.y * -u.y > 0 { nv = RefPoint(x: -nv.x, y: -nv.y) }
        let add = { (p: RefPoint, q: RefPoint, k: Double) in RefPoint(x: p.x + k * q.x, y: p.y + k * q.y) }
        let tip = Self.meet(add(b, nu, 1), u, add(b, nv, 1), v)
        let inner = Self.meet(add(b, nu, -1), u, add(b, nv, -1), v)
        let start = [add(a, nu, 1), add(b, nu, 1)]
        let end = [add(b, nv, 1), add(c, nv, 1), add(c, nv, -1), inner, add(a, nu, -1)]
        return (mask, start + [tip] + end, start + end)
    }

    // The miter ratio is 1 / sin(φ/2) for the angle φ between the segments: 4 at φ = 2·asin(1/4),
    // about 28.955°. Just above it the join is a miter, just below a bevel.
    static let threshold = 2 * asin(0.25)

    @Test(arguments: [threshold + 0.01, threshold + 0.002, Double.pi / 2, 2.5])
    func miterJustInsideTheLimit(angle: Double) {
        let join = Self.joinCase(angle: angle)
        Self.expect(join.mask, equals: [join.miter])
    }

    @Test(arguments: [threshold - 0.01, threshold - 0.002, 0.2])
    func bevelJustBeyondTheLimit(angle: Double) {
        let join = Self.joinCase(angle: angle)
        Self.expect(join.mask, equals: [join.bevel])
    }

    @Test func closedSquareIsJoinedAllRound() {
        let closed = Self.strokeMask(width: 4) {
            $0.addRoundedRectangle(x: 10.5, y: 10.5, width: 20, height: 20, radiusX: 0, radiusY: 0)
        }
        let outer = TestSupport.rectangle(8.5, 8.5, 24, 24), inner = TestSupport.rectangle(12.5, 12.5, 16, 16)
        Self.expect(closed, equals: [outer, inner], evenOdd: true)
        // The same square left open: butt caps at the first corner leave its outer corner empty.
        let open = Self.strokeMask(width: 4) {
            $0.move(to: RasterPoint(x: 10.5, y: 10.5))
            $0.line(to: RasterPoint(x: 30.5, y: 10.5))
            $0.line(to: RasterPoint(x: 30.5, y: 30.5))
            $0.line(to: RasterPoint(x: 10.5, y: 30.5))
            $0.line(to: RasterPoint(x: 10.5, y: 10.5))
        }
        #expect(closed.value(x: 9, y: 9) == 255)
        #expect(open.value(x: 9, y: 9) == 0)
        #expect(open.value(x: 31, y: 31) == 255)
    }

    @Test func zeroLengthSegmentsAreSkippedAndDegenerateSubpathsDrawNothing() {
        let mask = Self.strokeMask(width: 3) {
            $0.move(to: RasterPoint(x: 5.5, y: 10))
            $0.line(to: RasterPoint(x: 12, y: 10))
            $0.line(to: RasterPoint(x: 12, y: 10))
            $0.line(to: RasterPoint(x: 12, y: 10 + 1e-15))
            $0.line(to: RasterPoint(x: 20.25, y: 10))
            // Degenerate sub-paths: a lone point, a zero-length line, a closed point.
            $0.move(to: RasterPoint(x: 40, y: 40))
            $0.line(to: RasterPoint(x: 40, y: 40))
            $0.move(to: RasterPoint(x: 50, y: 50))
            $0.close()
            $0.move(to: RasterPoint(x: 30, y: 30))
        }
        Self.expect(mask, equals: [TestSupport.rectangle(5.5, 8.5, 14.75, 3)])
    }

    @Test func nonUniformScaleStretchesTheStroke() {
        // Width 2 in layer space under scale(1, 3): horizontal lines get 6 px, vertical ones 2 px.
        let transform = AffineMatrix.scale(x: 1, y: 3)
        let horizontal = Self.strokeMask(width: 2, transform: transform) {
            $0.move(to: RasterPoint(x: 2, y: 5))
            $0.line(to: RasterPoint(x: 20.5, y: 5))
        }
        Self.expect(horizontal, equals: [TestSupport.rectangle(2, 12, 18.5, 6)])
        let vertical = Self.strokeMask(width: 2, transform: transform) {
            $0.move(to: RasterPoint(x: 30.25, y: 1))
            $0.line(to: RasterPoint(x: 30.25, y: 12))
        }
        Self.expect(vertical, equals: [TestSupport.rectangle(29.25, 3, 2, 33)])
    }

    @Test func curvedStrokeIsAnAnnulus() {
        // A circle of radius 20 stroked 6 wide: the ring between radii 17 and 23 (the kappa cubics
        // stray 0.0054 px from the circle, so 2/255 is allowed).
        let (cx, cy) = (32.4, 31.7)
        let mask = Self.strokeMask(width: 6, tolerance: 0.002) {
            $0.addEllipse(centerX: cx, centerY: cy, radiusX: 20, radiusY: 20)
        }
        func circle(_ r: Double) -> RefPolygon {
            (0..<8000).map { RefPoint(x: cx + r * cos(Double($0) * 2 * .pi / 8000), y: cy + r * sin(Double($0) * 2 * .pi / 8000)) }
        }
        Self.expect(mask, equals: [circle(23), circle(17)], evenOdd: true, tolerance: 2)
    }

    @Test func thickStrokeOfATightCurveIsFilledSolid() {
        // Half-width 12 around an arch of curvature radius about 6: the inner offset folds over
        // itself; non-zero must leave no hole where the normals cross below the arch (the normals
        // of the arch's middle sweep the band x = 31...33 from y = 14 to 38).
        let mask = Self.strokeMask(width: 24) {
            $0.move(to: RasterPoint(x: 26, y: 32))
            $0.curve(to: RasterPoint(x: 38, y: 32), control1: RasterPoint(x: 26, y: 24), control2: RasterPoint(x: 38, y: 24))
        }
        for x in 31...33 {
            for y in 16...36 { #expect(mask.value(x: x, y: y) == 255, "(\(x), \(y))") }
        }
    }
}

@Suite struct StrokerRobustnessTests {
    @Test func shortSegmentsUnderAThickStrokeLeaveNoHoles() {
        // A zig-zag of 3 px segments stroked 10 wide: inner joins must go through the vertices.
        // Pixels whose square lies wholly inside the union of the segments' rectangles and bevel
        // or miter wedges must be 255; pixels far from it must be 0.
        let points = [RefPoint(x: 12, y: 30), RefPoint(x: 15, y: 27.5), RefPoint(x: 18, y: 30.5),
                      RefPoint(x: 21, y: 27), RefPoint(x: 24.2, y: 31), RefPoint(x: 26, y: 28)]
        let h = 5.0
        let mask = StrokerTests.strokeMask(width: 2 * h) {
            $0.move(to: RasterPoint(x: points[0].x, y: points[0].y))
            for point in points.dropFirst() { $0.line(to: RasterPoint(x: point.x, y: point.y)) }
        }
        let rectangles = zip(points, points.dropFirst()).map { StrokerTests.segmentRectangle($0, $1, halfWidth: h) }
        func inside(_ p: RefPoint, _ polygon: RefPolygon) -> Bool {
            var sign = 0.0
            for index in 0..<polygon.count {
                let a = polygon[index], b = polygon[(index + 1) % polygon.count]
                let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
                if sign == 0 { sign = cross } else if sign * cross < 0 { return false }
            }
            return true
        }
        func nearest(_ p: RefPoint) -> Double {
            // Distance to the polyline (a lower bound for leaving the stroke by more than h).
            zip(points, points.dropFirst()).map { a, b in
                let dx = b.x - a.x, dy = b.y - a.y
                let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
                return hypot(p.x - a.x - t * dx, p.y - a.y - t * dy)
            }.min()!
        }
        var checkedInside = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let corners = [(0.0, 0.0), (1, 0), (0, 1), (1, 1), (0.5, 0.5)].map { RefPoint(x: Double(x) + $0.0, y: Double(y) + $0.1) }
                // Inside one rectangle entirely (rectangles are convex).
                if rectangles.contains(where: { rectangle in corners.allSatisfy { inside($0, rectangle) } }) {
                    #expect(mask.value(x: x, y: y) == 255, "(\(x), \(y)) inside")
                    checkedInside += 1
                }
                // Farther than h + 4h (beyond any miter of limit 4) from the path: empty.
                if nearest(corners[4]) > 5 * h + 1 {
                    #expect(mask.value(x: x, y: y) == 0, "(\(x), \(y)) outside")
                }
            }
        }
        #expect(checkedInside > 50)
    }
}
