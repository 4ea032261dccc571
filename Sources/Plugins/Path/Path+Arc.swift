public import Timeline

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Path {
    /// Adds an elliptical arc from the current point to `point`, given as SVG gives it.
    ///
    /// The arc follows the SVG implementation notes: it is converted from endpoint to centre
    /// parameterisation; radii too small to reach `point` are scaled up uniformly until they just
    /// do; a zero radius draws a straight line; an arc that ends where it starts adds nothing.
    /// It is stored as cubic Bézier curves of at most 90° each, whose control points use
    /// `4/3 · tan(Δθ/4)` (exact at the ends and at the middle of each piece). The last curve ends
    /// exactly at `point`.
    ///
    /// ```swift
    /// var path = Path()
    /// try path.move(to: Point(x: 0, y: 0))
    /// // a half circle of radius 5 through (5, 5) on a y-down screen
    /// try path.addArc(to: Point(x: 10, y: 0), radii: Size(width: 5, height: 5),
    ///                 xAxisRotation: 0, largeArc: false, sweep: false)
    /// ```
    ///
    /// - Parameters:
    ///   - point: The arc's end point.
    ///   - radii: The ellipse's radii (x, y); their signs are ignored.
    ///   - xAxisRotation: The angle of the ellipse's x axis from the path's x axis, in degrees.
    ///   - largeArc: Whether to take the arc that spans more than 180°.
    ///   - sweep: Whether the arc turns in the direction of increasing angles (clockwise on a
    ///     y-down screen).
    /// - Throws: ``PathError/noCurrentPoint(element:)`` before any move,
    ///   ``PathError/nonFinitePoint(index:)`` or ``PathError/nonFiniteParameter(name:)`` for NaN
    ///   or infinite input, ``PathError/nonFiniteResult(element:)`` if the computation overflows.
    public mutating func addArc(
        to point: Point, radii: Size, xAxisRotation: Double, largeArc: Bool, sweep: Bool
    ) throws(PathError) {
        guard point.isFinite else { throw .nonFinitePoint(index: verbs.count) }
        guard radii.isFinite else { throw .nonFiniteParameter(name: "radii") }
        guard xAxisRotation.isFinite else { throw .nonFiniteParameter(name: "xAxisRotation") }
        guard let current = currentPoint else { throw .noCurrentPoint(element: verbs.count) }
        if current == point { return }
        let start = try startSegment()
        let element = verbs.count
        var rx = abs(radii.width)
        var ry = abs(radii.height)
        if rx == 0 || ry == 0 {
            try addLine(to: point)
            return
        }
        let (sinPhi, cosPhi) = Self.sineAndCosine(degrees: xAxisRotation)
        // Step 1: the start point in the ellipse's frame, relative to the chord's middle.
        let dx = start.x * 0.5 - point.x * 0.5
        let dy = start.y * 0.5 - point.y * 0.5
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        // Radii correction: scale up radii that cannot reach the end point.
        var ux = x1 / rx
        var uy = y1 / ry
        let lambda = ux * ux + uy * uy
        guard lambda > 0, lambda.isFinite else {
            try addLine(to: point)
            return
        }
        // Step 2: the centre in the ellipse's frame, in units of the radii. With scaled radii the
        // centre is exactly the chord's middle (the radicand is 0; computing it would give the
        // square root of a rounding error, about 1e-8).
        var coefficient = 0.0
        if lambda > 1 {
            let scale = lambda.squareRoot()
            rx *= scale
            ry *= scale
            ux = x1 / rx
            uy = y1 / ry
        } else {
            coefficient = max(0, (1 - lambda) / lambda).squareRoot()
            if largeArc == sweep { coefficient = -coefficient }
        }
        let cx1 = coefficient * uy  // centre x / rx
        let cy1 = -coefficient * ux  // centre y / ry
        // Step 3: the centre in path coordinates.
        let mx = start.x * 0.5 + point.x * 0.5
        let my = start.y * 0.5 + point.y * 0.5
        let centerX = cosPhi * (cx1 * rx) - sinPhi * (cy1 * ry) + mx
        let centerY = sinPhi * (cx1 * rx) + cosPhi * (cy1 * ry) + my
        // Step 4: the start angle and the sweep on the unit circle.
        let theta1 = atan2(uy - cy1, ux - cx1)
        let theta2 = atan2(-uy - cy1, -ux - cx1)
        var delta = theta2 - theta1
        if !sweep, delta > 0 { delta -= 2 * Double.pi }
        if sweep, delta < 0 { delta += 2 * Double.pi }
        // Radii so far apart in size that the centre overflows (a 1e156 radius beside a 45 one):
        // the arc is a straight line at any scale that can be drawn.
        guard delta.isFinite, centerX.isFinite, centerY.isFinite else {
            try addLine(to: point)
            return
        }
        // Cubic pieces of at most 90 degrees.
        let pieces = max(1, Int((abs(delta) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        func mapped(_ u: Double, _ v: Double) -> Point {
            let ex = u * rx
            let ey = v * ry
            return Point(x: cosPhi * ex - sinPhi * ey + centerX, y: sinPhi * ex + cosPhi * ey + centerY)
        }
        var newPoints: [Point] = []
        newPoints.reserveCapacity(3 * pieces)
        for piece in 0..<pieces {
            let a = theta1 + Double(piece) * step
            let b = piece == pieces - 1 ? theta1 + delta : a + step
            let (sa, ca) = (sin(a), cos(a))
            let (sb, cb) = (sin(b), cos(b))
            newPoints.append(mapped(ca - k * sa, sa + k * ca))
            newPoints.append(mapped(cb + k * sb, sb - k * cb))
            newPoints.append(piece == pieces - 1 ? point : mapped(cb, sb))
        }
        guard newPoints.allSatisfy(\.isFinite) else { throw .nonFiniteResult(element: element) }
        for _ in 0..<pieces { verbs.append(.curve) }
        points.append(contentsOf: newPoints)
    }

    /// `sin` and `cos` of an angle in degrees, exact at multiples of 90°.
    static func sineAndCosine(degrees: Double) -> (sin: Double, cos: Double) {
        let reduced = degrees.truncatingRemainder(dividingBy: 360)
        switch reduced {
        case 0: return (0, 1)
        case 90, -270: return (1, 0)
        case 180, -180: return (0, -1)
        case 270, -90: return (-1, 0)
        default:
            let radians = reduced * Double.pi / 180
            return (sin(radians), cos(radians))
        }
    }
}
