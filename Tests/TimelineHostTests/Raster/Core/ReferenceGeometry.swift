// Test-only reference geometry, written independently of the rasteriser: exact per-pixel areas of
// polygons under either fill rule, Bézier evaluation, and the Gaussian's error function profile.

import Foundation

/// A point of a reference polygon.
struct RefPoint {
    var x: Double
    var y: Double
}

/// A closed polygon (the last point joins the first).
typealias RefPolygon = [RefPoint]

/// The exact reference for one pixel.
struct PixelReference {
    /// The area of the inside (by the rule) within the pixel.
    var area: Double
    /// The integral of the winding number over the pixel.
    var windingIntegral: Double
    /// Whether the pixel holds parts whose winding numbers differ by 2 or more (only near edge
    /// crossings). The area method (FreeType's, font-rs's, this rasteriser's) is exact when a
    /// pixel's windings are two adjacent integers; elsewhere it gives the rule applied to the
    /// winding integral, `min(|∫w|, 1)` or the even-odd fold of `|∫w|`, not the area of the inside.
    var isMixed: Bool

    /// The value the area method must give: the exact area, or the rule on the winding integral in
    /// a mixed pixel.
    func expected(evenOdd: Bool) -> Double {
        guard isMixed else { return area }
        let magnitude = abs(windingIntegral)
        if !evenOdd { return min(magnitude, 1) }
        let folded = magnitude - 2 * (magnitude / 2).rounded(.down)
        return folded > 1 ? 2 - folded : folded
    }
}

enum ReferenceGeometry {
    /// Sutherland–Hodgman: the part of `polygon` on the side of the axis-aligned line where
    /// `inside(point)` holds. Clipping by a convex window keeps every inner point's winding number.
    static func clip(_ polygon: RefPolygon, inside: (RefPoint) -> Bool, cross: (RefPoint, RefPoint) -> RefPoint) -> RefPolygon {
        guard !polygon.isEmpty else { return [] }
        var output: RefPolygon = []
        var previous = polygon[polygon.count - 1]
        for current in polygon {
            let currentIn = inside(current), previousIn = inside(previous)
            if currentIn {
                if !previousIn { output.append(cross(previous, current)) }
                output.append(current)
            } else if previousIn {
                output.append(cross(previous, current))
            }
            previous = current
        }
        return output
    }

    static func clipLeft(_ p: RefPolygon, _ x0: Double) -> RefPolygon {
        clip(p, inside: { $0.x >= x0 }, cross: { a, b in
            RefPoint(x: x0, y: a.y + (x0 - a.x) * (b.y - a.y) / (b.x - a.x)) })
    }
    static func clipRight(_ p: RefPolygon, _ x1: Double) -> RefPolygon {
        clip(p, inside: { $0.x <= x1 }, cross: { a, b in
            RefPoint(x: x1, y: a.y + (x1 - a.x) * (b.y - a.y) / (b.x - a.x)) })
    }
    static func clipTop(_ p: RefPolygon, _ y0: Double) -> RefPolygon {
        clip(p, inside: { $0.y >= y0 }, cross: { a, b in
            RefPoint(x: a.x + (y0 - a.y) * (b.x - a.x) / (b.y - a.y), y: y0) })
    }
    static func clipBottom(_ p: RefPolygon, _ y1: Double) -> RefPolygon {
        clip(p, inside: { $0.y <= y1 }, cross: { a, b in
            RefPoint(x: a.x + (y1 - a.y) * (b.x - a.x) / (b.y - a.y), y: y1) })
    }

    /// Shoelace signed area (positive for clockwise on a y-down screen).
    static func signedArea(_ p: RefPolygon) -> Double {
        guard p.count > 2 else { return 0 }
        var sum = 0.0
        var previous = p[p.count - 1]
        for current in p {
            sum += previous.x * current.y - current.x * previous.y
            previous = current
        }
        return sum / 2
    }

    /// The exact area of the region inside `polygons` by `evenOdd` (or non-zero) within the square
    /// `[x, x+1] × [y, y+1]`, from already row-clipped polygons: slabs between every vertex height
    /// and every pairwise edge crossing, each integrated exactly at its mid-height (inside a slab
    /// no edges cross, so the inside length is linear in y).
    static func pixelArea(_ rowPolygons: [RefPolygon], x: Double, y: Double, evenOdd: Bool) -> PixelReference {
        var edges: [(RefPoint, RefPoint)] = []
        for polygon in rowPolygons {
            let clipped = clipRight(clipLeft(polygon, x), x + 1)
            guard clipped.count > 2 else { continue }
            var previous = clipped[clipped.count - 1]
            for current in clipped {
                if previous.y != current.y { edges.append((previous, current)) }
                previous = current
            }
        }
        guard !edges.isEmpty else { return PixelReference(area: 0, windingIntegral: 0, isMixed: false) }
        var levels: [Double] = [y, y + 1]
        for (a, b) in edges { levels.append(a.y); levels.append(b.y) }
        for i in 0..<edges.count {
            for j in (i + 1)..<edges.count {
                if let crossing = intersectionY(edges[i], edges[j]) { levels.append(crossing) }
            }
        }
        levels = levels.map { min(max($0, y), y + 1) }.sorted()
        var area = 0.0, integral = 0.0
        var lowest = Int.max, highest = Int.min
        var crossings: [(x: Double, winding: Int)] = []
        for k in 0..<(levels.count - 1) {
            let top = levels[k], bottom = levels[k + 1]
            guard bottom - top > 1e-15 else { continue }
            let middle = (top + bottom) / 2
            crossings.removeAll(keepingCapacity: true)
            for (a, b) in edges {
                let (low, high) = a.y < b.y ? (a, b) : (b, a)
                guard middle > low.y && middle < high.y else { continue }
                let t = (middle - a.y) / (b.y - a.y)
                crossings.append((a.x + t * (b.x - a.x), b.y > a.y ? 1 : -1))
            }
            crossings.sort { $0.x < $1.x }
            var winding = 0
            var length = 0.0, weighted = 0.0, covered = 0.0
            for index in 0..<max(crossings.count - 1, 0) {
                winding += crossings[index].winding
                let span = crossings[index + 1].x - crossings[index].x
                let isInside = evenOdd ? winding % 2 != 0 : winding != 0
                if isInside { length += span }
                weighted += Double(winding) * span
                if winding != 0 { covered += span }
                if span * (bottom - top) > 1e-12 {
                    lowest = min(lowest, winding)
                    highest = max(highest, winding)
                }
            }
            if (1 - covered) * (bottom - top) > 1e-12 {
                lowest = min(lowest, 0)
                highest = max(highest, 0)
            }
            let height = bottom - top
            area += length * height
            integral += weighted * height
        }
        return PixelReference(area: area, windingIntegral: integral, isMixed: highest != Int.min && highest - lowest >= 2)
    }

    static func intersectionY(_ e: (RefPoint, RefPoint), _ f: (RefPoint, RefPoint)) -> Double? {
        let (p, r) = (e.0, RefPoint(x: e.1.x - e.0.x, y: e.1.y - e.0.y))
        let (q, s) = (f.0, RefPoint(x: f.1.x - f.0.x, y: f.1.y - f.0.y))
        let denominator = r.x * s.y - r.y * s.x
        guard abs(denominator) > 1e-18 else { return nil }
        let t = ((q.x - p.x) * s.y - (q.y - p.y) * s.x) / denominator
        let u = ((q.x - p.x) * r.y - (q.y - p.y) * r.x) / denominator
        guard t > 0, t < 1, u > 0, u < 1 else { return nil }
        return p.y + t * r.y
    }

    /// Exact coverage of every pixel of the given rows of a `width`-wide image.
    static func coverage(of polygons: [RefPolygon], evenOdd: Bool, width: Int, rows: [Int]) -> [Int: [PixelReference]] {
        var result: [Int: [PixelReference]] = [:]
        for row in rows {
            let y = Double(row)
            let strips = polygons.map { clipBottom(clipTop($0, y), y + 1) }.filter { $0.count > 2 }
            var values = [PixelReference](repeating: PixelReference(area: 0, windingIntegral: 0, isMixed: false), count: width)
            if !strips.isEmpty {
                // Only pixels under some strip's x-range can be non-zero.
                var minX = Double.infinity, maxX = -Double.infinity
                for strip in strips { for p in strip { minX = min(minX, p.x); maxX = max(maxX, p.x) } }
                let from = max(0, Int(minX.rounded(.down))), to = min(width - 1, Int(maxX.rounded(.up)))
                if from <= to {
                    for column in from...to {
                        values[column] = pixelArea(strips, x: Double(column), y: y, evenOdd: evenOdd)
                    }
                }
            }
            result[row] = values
        }
        return result
    }

    /// Points where edge `i` of `polygon` crosses another non-adjacent edge, for every `i` in `edges`.
    static func crossings(of polygon: RefPolygon, checking edges: [Int]) -> [RefPoint] {
        let n = polygon.count
        var points: [RefPoint] = []
        for i in edges {
            let a0 = polygon[i], a1 = polygon[(i + 1) % n]
            for j in 0..<n where j != i && (j + 1) % n != i && (i + 1) % n != j {
                let b0 = polygon[j], b1 = polygon[(j + 1) % n]
                let r = RefPoint(x: a1.x - a0.x, y: a1.y - a0.y), s = RefPoint(x: b1.x - b0.x, y: b1.y - b0.y)
                let denominator = r.x * s.y - r.y * s.x
                guard abs(denominator) > 1e-18 else { continue }
                let t = ((b0.x - a0.x) * s.y - (b0.y - a0.y) * s.x) / denominator
                let u = ((b0.x - a0.x) * r.y - (b0.y - a0.y) * r.x) / denominator
                if t >= 0, t <= 1, u >= 0, u <= 1 { points.append(RefPoint(x: a0.x + t * r.x, y: a0.y + t * r.y)) }
            }
        }
        return points
    }

    /// A point of a cubic Bézier, evaluated with Bernstein polynomials.
    static func cubic(_ p0: RefPoint, _ p1: RefPoint, _ p2: RefPoint, _ p3: RefPoint, _ t: Double) -> RefPoint {
        let u = 1 - t
        let (b0, b1, b2, b3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return RefPoint(x: b0 * p0.x + b1 * p1.x + b2 * p2.x + b3 * p3.x, y: b0 * p0.y + b1 * p1.y + b2 * p2.y + b3 * p3.y)
    }

    /// A finely sampled cubic (excluding its start point).
    static func sampledCubic(_ p0: RefPoint, _ p1: RefPoint, _ p2: RefPoint, _ p3: RefPoint, steps: Int) -> [RefPoint] {
        (1...steps).map { cubic(p0, p1, p2, p3, Double($0) / Double(steps)) }
    }

    /// The value at pixel centre `c` of a 1-D unit step `[a, b]` blurred by a Gaussian of σ.
    static func blurredStep(_ c: Double, from a: Double, to b: Double, sigma: Double) -> Double {
        0.5 * (erf((b - c) / (sigma * 2.0.squareRoot())) - erf((a - c) / (sigma * 2.0.squareRoot())))
    }
}
