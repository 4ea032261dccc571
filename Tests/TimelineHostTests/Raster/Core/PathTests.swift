// The flattening builder: Wang's bound keeps every polyline within the tolerance of its curve
// (measured against the curve evaluated by the test's own Bernstein form), in output space.

import Foundation
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceRaster

@Suite struct PathTests {
    /// The largest distance from the true curve (sampled at 600 parameters) to the polyline.
    static func deviation(_ path: RasterPath, _ curve: (Double) -> RefPoint) -> Double {
        let points = path.points
        var worst = 0.0
        for i in 0...600 {
            let p = curve(Double(i) / 600)
            var best = Double.infinity
            for (a, b) in zip(points, points.dropFirst()) {
                let dx = b.x - a.x, dy = b.y - a.y
                let length2 = dx * dx + dy * dy
                let t = length2 > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2)) : 0
                best = min(best, hypot(p.x - a.x - t * dx, p.y - a.y - t * dy))
            }
            worst = max(worst, best)
        }
        return worst
    }

    @Test(arguments: [0.1, 0.025, 0.005])
    func cubicsStayWithinTheTolerance(tolerance: Double) {
        var seed: UInt64 = 11
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53) * 400
        }
        for _ in 0..<12 {
            let p = (0..<4).map { _ in RefPoint(x: next(), y: next()) }
            var path = RasterPath(tolerance: tolerance)
            path.move(to: RasterPoint(x: p[0].x, y: p[0].y))
            path.curve(to: RasterPoint(x: p[3].x, y: p[3].y), control1: RasterPoint(x: p[1].x, y: p[1].y),
                       control2: RasterPoint(x: p[2].x, y: p[2].y))
            let error = Self.deviation(path) { ReferenceGeometry.cubic(p[0], p[1], p[2], p[3], $0) }
            #expect(error <= tolerance * 1.0001, "\(error) > \(tolerance)")
            // Not wastefully fine either: the bound is within a factor of about 4 of the need.
            #expect(error >= tolerance / 16 || path.points.count <= 3)
        }
    }

    @Test func quadraticsStayWithinTheTolerance() {
        let (p0, p1, p2) = (RefPoint(x: 3, y: 250), RefPoint(x: 180, y: -90), RefPoint(x: 390, y: 260))
        var path = RasterPath(tolerance: 0.05)
        path.move(to: RasterPoint(x: p0.x, y: p0.y))
        path.quadCurve(to: RasterPoint(x: p2.x, y: p2.y), control: RasterPoint(x: p1.x, y: p1.y))
        let error = Self.deviation(path) { t in
            let u = 1 - t
            return RefPoint(x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x, y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)
        }
        #expect(error <= 0.05 * 1.0001)
    }

    @Test func toleranceIsInOutputSpace() {
        // Under a 20× scale the curve is flattened in device pixels, not layer units.
        var path = RasterPath(transform: .scale(x: 20, y: 20), tolerance: 0.05)
        path.move(to: RasterPoint(x: 0, y: 0))
        path.curve(to: RasterPoint(x: 10, y: 0), control1: RasterPoint(x: 0, y: 8), control2: RasterPoint(x: 10, y: 8))
        let error = Self.deviation(path) {
            let p = ReferenceGeometry.cubic(RefPoint(x: 0, y: 0), RefPoint(x: 0, y: 8), RefPoint(x: 10, y: 8), RefPoint(x: 10, y: 0), $0)
            return RefPoint(x: 20 * p.x, y: 20 * p.y)
        }
        #expect(error <= 0.05 * 1.0001)
        #expect(path.maxX == 200 && path.minY == 0 && abs(path.maxY - 120) < 1e-9)
    }

    @Test func hugeCurvesAreBounded() {
        var path = RasterPath()
        path.move(to: RasterPoint(x: -1e9, y: 0))
        path.curve(to: RasterPoint(x: 1e9, y: 0), control1: RasterPoint(x: -1e9, y: 1e9), control2: RasterPoint(x: 1e9, y: -1e9))
        #expect(path.points.count <= RasterPath.maximumSegmentsPerCurve + 1)
    }

    @Test func subpathsFollowSVG() {
        var path = RasterPath()
        path.move(to: RasterPoint(x: 1, y: 1))
        path.line(to: RasterPoint(x: 5, y: 1))
        path.line(to: RasterPoint(x: 5, y: 5))
        path.line(to: RasterPoint(x: 1, y: 1))
        path.close()
        // A command after close starts a new sub-path at the closed one's start.
        path.line(to: RasterPoint(x: 1, y: 9))
        #expect(path.contours.count == 2)
        #expect(path.contours[0] == RasterPath.Contour(start: 0, end: 3, isClosed: true))
        #expect(path.points[path.contours[1].start] == RasterPoint(x: 1, y: 1))
        #expect(path.contours[1].count == 2 && !path.contours[1].isClosed)
        path.removeAll(keepingCapacity: true)
        #expect(path.isEmpty && path.contours.isEmpty && path.minX == .infinity)
    }

    @Test func roundedRectangleAndEllipseHelpers() {
        var outline = RasterOutline()
        outline.addRoundedRectangle(x: 0, y: 0, width: 10, height: 4, radiusX: 9, radiusY: 1)
        // Radii clamp to half the size: rx = 5, so the top edge's line has zero length.
        #expect(outline.points.first == RasterPoint(x: 5, y: 0))
        #expect(outline.verbs == [.move, .line, .cubic, .line, .cubic, .line, .cubic, .line, .cubic, .close])
        outline.removeAll()
        outline.addEllipse(centerX: 0, centerY: 0, radiusX: 2, radiusY: 1)
        #expect(outline.verbs == [.move, .cubic, .cubic, .cubic, .cubic, .close])
        #expect(outline.points[1] == RasterPoint(x: 2, y: 0.5522847498307936))
        outline.removeAll()
        outline.addEllipse(centerX: 0, centerY: 0, radiusX: 0, radiusY: 1)
        outline.addRoundedRectangle(x: 0, y: 0, width: -1, height: 4, radiusX: 0, radiusY: 0)
        #expect(outline.isEmpty)
    }
}
