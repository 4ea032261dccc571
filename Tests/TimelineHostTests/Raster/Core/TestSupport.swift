// Helpers shared by the tests: building paths from reference polygons, rendering masks, comparing.

import Testing
import Timeline
import TimelinePlugins
@testable import CadenceRaster

enum TestSupport {
    /// A raster path of closed polygons (device space).
    static func path(_ polygons: [RefPolygon]) -> RasterPath {
        var path = RasterPath()
        for polygon in polygons {
            path.move(to: RasterPoint(x: polygon[0].x, y: polygon[0].y))
            for point in polygon.dropFirst() { path.line(to: RasterPoint(x: point.x, y: point.y)) }
            path.close()
        }
        return path
    }

    /// The coverage mask of `path` over a `width`×`height` canvas.
    static func render(_ path: RasterPath, rule: RasterFillRule, width: Int, height: Int) -> CoverageMask {
        let rasterizer = Rasterizer()
        var mask = CoverageMask()
        rasterizer.render(path, rule: rule, limit: PixelRect(x: 0, y: 0, width: width, height: height), into: &mask)
        return mask
    }

    /// The largest |alpha − round(255 · expected)| over the reference rows, where it happened, and
    /// how many pixels were mixed (see ``PixelReference/isMixed``).
    static func worstError(
        _ mask: CoverageMask, _ reference: [Int: [PixelReference]], evenOdd: Bool
    ) -> (error: Int, x: Int, y: Int, got: Int, want: Double, mixed: Int) {
        var worst = (error: 0, x: -1, y: -1, got: 0, want: 0.0, mixed: 0)
        for (row, values) in reference {
            for (column, pixel) in values.enumerated() {
                if pixel.isMixed { worst.mixed += 1 }
                let want = pixel.expected(evenOdd: evenOdd)
                let got = Int(mask.value(x: column, y: row))
                let error = abs(got - Int((255 * want).rounded()))
                if error > worst.error { worst = (error, column, row, got, want, worst.mixed) }
            }
        }
        return worst
    }

    /// Renders `polygons` and checks every pixel of `rows` (all rows by default) against the exact
    /// reference, within `tolerance` steps of 1/255.
    static func expectExact(
        _ polygons: [RefPolygon], rule: RasterFillRule = .nonZero, width: Int, height: Int,
        rows: [Int]? = nil, tolerance: Int = 1, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let mask = render(path(polygons), rule: rule, width: width, height: height)
        let reference = ReferenceGeometry.coverage(
            of: polygons, evenOdd: rule == .evenOdd, width: width, rows: rows ?? Array(0..<height))
        let worst = worstError(mask, reference, evenOdd: rule == .evenOdd)
        #expect(worst.error <= tolerance, "pixel (\(worst.x), \(worst.y)): \(worst.got) vs \(255 * worst.want)",
                sourceLocation: sourceLocation)
    }

    static func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> RefPolygon {
        [RefPoint(x: x, y: y), RefPoint(x: x + width, y: y), RefPoint(x: x + width, y: y + height), RefPoint(x: x, y: y + height)]
    }
}
