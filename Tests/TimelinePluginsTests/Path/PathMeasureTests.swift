#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Testing
import Timeline
import TimelinePlugins

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// A brute-force arc length of a cubic: a polyline of `pieces` chords through Bernstein points,
/// with the cumulative length at each chord end.
private func polylineTable(_ c: (Point, Point, Point, Point), pieces: Int) -> [Double] {
    var table = [0.0]
    table.reserveCapacity(pieces + 1)
    var previous = c.0
    var total = 0.0
    for i in 1...pieces {
        let q = bernstein(c.0, c.1, c.2, c.3, Double(i) / Double(pieces))
        total += distance(previous, q)
        table.append(total)
        previous = q
    }
    return table
}

@Suite("PathMeasure")
struct PathMeasureTests {
    @Test func lineAndRectangleAreExact() throws {
        let line = PathMeasure(try Path(svgPathData: "M 1 1 L 4 5"))
        #expect(line.length == 5)
        #expect(line.position(atProgress: 0.5) == p(2.5, 3))
        #expect(abs(line.tangentAngle(atProgress: 0.2) - atan2(4, 3)) < 1e-15)
        let box = PathMeasure(try .rectangle(Rect(x: 0, y: 0, width: 30, height: 10)))
        #expect(box.length == 80)
        // 0.5 of 80 = 40: past the top (30) and 10 down the right side: the corner (30, 10).
        #expect(isClose(box.position(atProgress: 0.5), p(30, 10), 1e-12))
        // 0.9 of 80 = 72: on the closing line, 2 above the start.
        #expect(isClose(box.position(atProgress: 0.9), p(0, 8), 1e-12))
        #expect(abs(box.tangentAngle(atProgress: 0.9) - -Double.pi / 2) < 1e-15)
        #expect(isClose(box.position(atProgress: 1), p(0, 0), 1e-12))
    }

    @Test func parabolaLengthMatchesTheClosedForm() throws {
        // y = x² for x in 0...1 is the quadratic Bézier (0,0) (0.5,0) (1,1); its length is
        // (2√5 + asinh 2) / 4.
        let measure = PathMeasure(try Path(svgPathData: "M 0 0 Q 0.5 0 1 1"))
        let exact = (2 * 5.0.squareRoot() + inverseHyperbolicSine(2)) / 4
        #expect(abs(measure.length - exact) < 1e-13)
        // The point at arc length s from the origin: solve ∫₀ˣ √(1 + 4u²) du = s by bisection.
        func arcLength(_ x: Double) -> Double {
            (2 * x * (1 + 4 * x * x).squareRoot() + inverseHyperbolicSine(2 * x)) / 4
        }
        for progress in [0.1, 0.37, 0.5, 0.93] {
            var low = 0.0, high = 1.0
            for _ in 0..<200 {
                let middle = (low + high) / 2
                if arcLength(middle) < progress * exact { low = middle } else { high = middle }
            }
            let x = (low + high) / 2
            #expect(isClose(measure.position(atProgress: progress), p(x, x * x), 1e-11))
            // The tangent of y = x² is the slope 2x.
            #expect(abs(measure.tangentAngle(atProgress: progress) - atan(2 * x)) < 1e-10)
        }
    }

    @Test(arguments: [
        (p(0, 0), p(10, 30), p(40, -20), p(50, 10)),
        // A cusp: the speed is 0 at t = 1/2.
        (p(0, 0), p(1, 1), p(0, 1), p(1, 0)),
        // A loop.
        (p(0, 0), p(100, 100), p(-50, 100), p(50, 0)),
    ])
    func cubicLengthAndPositionsMatchABruteForcePolyline(
        p0: Point, p1: Point, p2: Point, p3: Point
    ) throws {
        var path = Path()
        try path.move(to: p0)
        try path.addCurve(to: p3, control1: p1, control2: p2)
        let measure = PathMeasure(path)
        let pieces = 1 << 20
        let table = polylineTable((p0, p1, p2, p3), pieces: pieces)
        let total = table[pieces]
        #expect(abs(measure.length - total) <= 1e-9 * total)
        for progress in [0.05, 0.3, 0.5, 0.77] {
            // The brute-force point at this fraction of the length.
            let target = progress * total
            var low = 0, high = pieces
            while high - low > 1 {
                let middle = (low + high) / 2
                if table[middle] <= target { low = middle } else { high = middle }
            }
            let t = (Double(low) + (target - table[low]) / (table[low + 1] - table[low])) / Double(pieces)
            let expected = bernstein(p0, p1, p2, p3, t)
            #expect(isClose(measure.position(atProgress: progress), expected, 1e-6 * total))
        }
    }

    @Test func motionAlongACircle() throws {
        let centre = p(50, 60)
        let r = 40.0
        let measure = PathMeasure(try .circle(center: centre, radius: r))
        // The 4-cubic circle is within 0.0273 % of the radius: its length within that of 2πr.
        #expect(abs(measure.length / (2 * Double.pi * r) - 1) < 2.73e-4)
        // The 4-cubic circle's own tangent leans off the true circle's slightly: the largest
        // lean, brute-forced on the first quarter from the Bernstein derivative.
        let quarter = cubics(of: try .circle(center: centre, radius: r))[0]
        var lean = 0.0
        for k in 0...100_000 {
            let t = Double(k) / 100_000, s = 1 - t
            let d = (quarter.1 - quarter.0).scaled(by: 3 * s * s) + (quarter.2 - quarter.1).scaled(by: 6 * s * t)
                + (quarter.3 - quarter.2).scaled(by: 3 * t * t)
            let q = bernstein(quarter.0, quarter.1, quarter.2, quarter.3, t) - centre
            lean = max(lean, abs(d.x * q.x + d.y * q.y) / (d.magnitude * q.magnitude))
        }
        #expect(lean > 1e-4 && lean < 2e-3)
        for step in 0...40 {
            let progress = Double(step) / 40
            let q = measure.position(atProgress: progress)
            // The circle starts at the right and runs towards +y (clockwise on a y-down screen).
            let angle = 2 * Double.pi * progress
            let analytic = p(centre.x + r * cos(angle), centre.y + r * sin(angle))
            #expect(isClose(q, analytic, 1e-3 * r), "progress \(progress)")
            let radial = distance(q, centre) / r
            #expect(radial >= 1 - 1e-12 && radial <= 1.000273)
            // The tangent is perpendicular to the radius and points along the motion.
            let tangent = measure.tangentAngle(atProgress: progress)
            let direction = p(cos(tangent), sin(tangent))
            let outward = (q - centre).scaled(by: 1 / distance(q, centre))
            // Perpendicular exactly at the quarter points and their middles (by symmetry),
            // elsewhere within the approximation's own lean.
            let cosine = abs(direction.x * outward.x + direction.y * outward.y)
            #expect(cosine <= (step % 5 == 0 ? 1e-9 : lean + 1e-9), "progress \(progress)")
            #expect(direction.x * -sin(angle) + direction.y * cos(angle) > 0.999)
        }
    }

    @Test func degenerateAndHostileInputs() throws {
        let empty = PathMeasure(Path())
        #expect(empty.length == 0)
        #expect(empty.position(atProgress: 0.5) == .zero)
        #expect(empty.tangentAngle(atProgress: 0.5) == 0)
        let dot = PathMeasure(try Path(svgPathData: "M 3 4 Z"))
        #expect(dot.length == 0 && dot.position(atProgress: 1) == p(3, 4))
        // Zero-length pieces between real ones and a second sub-path.
        let path = try Path(svgPathData: "M 0 0 L 0 0 L 10 0 C 10 0 10 0 10 0 M 100 100 L 100 110")
        let measure = PathMeasure(path)
        #expect(measure.length == 20)
        #expect(measure.position(atProgress: 0.25) == p(5, 0))
        #expect(measure.position(atProgress: 0.75) == p(100, 105))
        #expect(measure.position(atProgress: .nan) == p(0, 0))
        #expect(measure.position(atProgress: -3) == p(0, 0))
        #expect(measure.position(atProgress: .infinity) == p(100, 110))
        #expect(measure.position(atDistance: 1e300) == p(100, 110))
        #expect(measure.tangentAngle(atProgress: .nan) == 0)
        // Coordinates near the limits of Double: the length overflows, positions stay finite
        // and on the path.
        let huge = PathMeasure(try Path(svgPathData: "M -1.5e308 0 C -1.5e308 1.5e308 1.5e308 1.5e308 1.5e308 0"))
        #expect(huge.length == .infinity)
        for progress in [0.0, 0.3, 0.5, 1.0] {
            let q = huge.position(atProgress: progress)
            #expect(q.isFinite)
            #expect(huge.tangentAngle(atProgress: progress).isFinite)
        }
        #expect(abs(huge.position(atProgress: 0.5).x) < 1e-9 * 1.5e308)
        let big = PathMeasure(try Path(svgPathData: "M 0 0 L 3e300 4e300"))
        #expect(big.length == 5e300)
        #expect(isClose(big.position(atProgress: 0.5), p(1.5e300, 2e300), 1e286))
        #expect(isClose(big.position(atDistance: 2.5e300), p(1.5e300, 2e300), 1e286))
        // A curve whose control points sit on its ends: the tangent there is still the chord's.
        let flat = PathMeasure(try Path(svgPathData: "M 0 0 C 0 0 10 10 10 10"))
        #expect(abs(flat.tangentAngle(atProgress: 0) - Double.pi / 4) < 1e-6)
        #expect(abs(flat.tangentAngle(atProgress: 1) - Double.pi / 4) < 1e-6)
        #expect(abs(flat.length - 200.0.squareRoot()) < 1e-12)
    }
}
