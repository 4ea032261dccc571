public import Timeline

/// A cubic Bézier segment: the working form of every drawing element in morphing and measuring.
///
/// Lines and quadratic curves convert exactly: a line's control points sit at a third and two
/// thirds of it (so the parameter runs at constant speed), a quadratic curve is degree-elevated.
struct CubicSegment: Sendable, Hashable {
    var p0: Point
    var p1: Point
    var p2: Point
    var p3: Point

    init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
    }

    /// The straight line from `a` to `b`.
    static func line(from a: Point, to b: Point) -> CubicSegment {
        CubicSegment(a, Point.lerp(a, b, 1.0 / 3.0), Point.lerp(a, b, 2.0 / 3.0), b)
    }

    /// The quadratic curve from `a` through control `c` to `b`, degree-elevated.
    static func quadratic(from a: Point, control c: Point, to b: Point) -> CubicSegment {
        CubicSegment(a, Point.lerp(a, c, 2.0 / 3.0), Point.lerp(b, c, 2.0 / 3.0), b)
    }

    /// The point at parameter `t` (de Casteljau).
    func point(at t: Double) -> Point {
        let a = Point.lerp(p0, p1, t)
        let b = Point.lerp(p1, p2, t)
        let c = Point.lerp(p2, p3, t)
        let d = Point.lerp(a, b, t)
        let e = Point.lerp(b, c, t)
        return Point.lerp(d, e, t)
    }

    /// The derivative `dB/dt` at parameter `t`.
    func derivative(at t: Double) -> Point {
        let s = 1 - t
        let d0 = p1 - p0
        let d1 = p2 - p1
        let d2 = p3 - p2
        let w0 = 3 * s * s
        let w1 = 6 * s * t
        let w2 = 3 * t * t
        return Point(x: w0 * d0.x + w1 * d1.x + w2 * d2.x, y: w0 * d0.y + w1 * d1.y + w2 * d2.y)
    }

    /// The second derivative at parameter `t`.
    func secondDerivative(at t: Double) -> Point {
        let a = p2 - p1.scaled(by: 2) + p0
        let b = p3 - p2.scaled(by: 2) + p1
        return (a.scaled(by: 1 - t) + b.scaled(by: t)).scaled(by: 6)
    }

    /// The two halves at parameter `t`.
    func split(at t: Double) -> (CubicSegment, CubicSegment) {
        let a = Point.lerp(p0, p1, t)
        let b = Point.lerp(p1, p2, t)
        let c = Point.lerp(p2, p3, t)
        let d = Point.lerp(a, b, t)
        let e = Point.lerp(b, c, t)
        let f = Point.lerp(d, e, t)
        return (CubicSegment(p0, a, d, f), CubicSegment(f, e, c, p3))
    }

    /// The segment traversed backwards.
    var reversed: CubicSegment { CubicSegment(p3, p2, p1, p0) }

    /// A cheap length estimate: the mean of the chord and the control polygon (exact for lines).
    var estimatedLength: Double {
        let chord = (p3 - p0).magnitude
        let polygon = (p1 - p0).magnitude + (p2 - p1).magnitude + (p3 - p2).magnitude
        return (chord + polygon) / 2
    }

    /// Calls `body` with each parameter in `(0, 1)` where a coordinate of the curve has an
    /// extremum (a root of the derivative), without allocating.
    func forEachExtremum(_ body: (Double) -> Void) {
        let d0 = p1 - p0
        let d1 = p2 - p1
        let d2 = p3 - p2
        Self.forEachRoot(d0.x, d1.x, d2.x, body)
        Self.forEachRoot(d0.y, d1.y, d2.y, body)
    }

    /// The roots in `(0, 1)` of `c0 (1−t)² + 2 c1 t (1−t) + c2 t²`.
    private static func forEachRoot(
        _ c0: Double, _ c1: Double, _ c2: Double, _ body: (Double) -> Void
    ) {
        func report(_ t: Double) { if t > 0 && t < 1 { body(t) } }
        // In powers of t: a t² + b t + c.
        let a = c0 - 2 * c1 + c2
        let b = 2 * (c1 - c0)
        let c = c0
        let scale = max(abs(a), abs(b), abs(c))
        guard scale > 0 else { return }
        if abs(a) <= 1e-12 * scale {
            if b != 0 { report(-c / b) }
            return
        }
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return }
        let root = discriminant.squareRoot()
        // The numerically stable pair of roots.
        let q = -0.5 * (b + (b < 0 ? -root : root))
        report(q / a)
        if q != 0 { report(c / q) }
    }
}

extension Point {
    /// `a · (1 − t) + b · t`: exact at `t == 0` and `t == 1`, and finite for finite points when
    /// `0 <= t <= 1`.
    @inlinable
    static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        let s = 1 - t
        return Point(x: a.x * s + b.x * t, y: a.y * s + b.y * t)
    }
}
