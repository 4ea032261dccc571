public import Timeline

extension Path {
    /// The distance of a cubic Bézier's control points from the ends of a quarter circle of
    /// radius 1: `4/3 · (√2 − 1) ≈ 0.5522847498307936`. The curve then passes through the arc's
    /// middle exactly and stays within 0.0273 % of the radius outside the true circle.
    public static let circleKappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    /// A closed rectangle: its minimum corner, then along x, then along y (clockwise on a y-down
    /// screen). Elements: move, three lines, close.
    ///
    /// ```swift
    /// let box = try Path.rectangle(Rect(x: 0, y: 0, width: 390, height: 844))
    /// box.svgPathData   // "M 0 0 L 390 0 L 390 844 L 0 844 Z"
    /// ```
    ///
    /// - Parameters:
    ///   - rect: The rectangle; a negative width or height is measured the other way.
    ///   - fillRule: The path's fill rule.
    /// - Throws: ``PathError/nonFiniteParameter(name:)`` (`rect`) for NaN or infinite input,
    ///   ``PathError/nonFiniteResult(element:)`` if the corners overflow.
    public static func rectangle(_ rect: Rect, fillRule: FillRule = .nonZero) throws(PathError) -> Path {
        var path = Path(fillRule: fillRule)
        try path.addRectangle(rect)
        return path
    }

    /// Appends a closed rectangle as a new sub-path: the elements of ``rectangle(_:fillRule:)``.
    /// Reuses the path's storage when it has room (after ``removeAll(keepingCapacity:)``, a
    /// frame's path is rebuilt without allocating).
    ///
    /// - Parameter rect: The rectangle; a negative width or height is measured the other way.
    /// - Throws: As ``rectangle(_:fillRule:)``; the path is then unchanged.
    public mutating func addRectangle(_ rect: Rect) throws(PathError) {
        guard rect.isFinite else { throw .nonFiniteParameter(name: "rect") }
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { throw .nonFiniteResult(element: verbs.count) }
        verbs.append(contentsOf: [.move, .line, .line, .line, .close] as [PathVerb])
        points.append(Point(x: x0, y: y0))
        points.append(Point(x: x1, y: y0))
        points.append(Point(x: x1, y: y1))
        points.append(Point(x: x0, y: y1))
    }

    /// A closed rectangle with quarter-ellipse corners of radius `cornerRadius`, each one cubic
    /// curve (``circleKappa``).
    ///
    /// The radius is clamped to half the shorter side, so that `cornerRadius = side / 2` on a
    /// square gives a circle (the platform's `cornerRadius = diameter / 2` reveal). For every
    /// radius greater than 0 the elements are the same: move, then line and curve four times
    /// (lines may have length 0), then close; so rounded rectangles morph element by element.
    /// A radius of 0 gives ``rectangle(_:fillRule:)``.
    ///
    /// - Parameters:
    ///   - rect: The rectangle.
    ///   - cornerRadius: The corner radius, not negative.
    ///   - fillRule: The path's fill rule.
    /// - Throws: ``PathError/nonFiniteParameter(name:)`` or
    ///   ``PathError/negativeParameter(name:value:)`` naming `rect` or `cornerRadius`.
    public static func roundedRectangle(
        _ rect: Rect, cornerRadius: Double, fillRule: FillRule = .nonZero
    ) throws(PathError) -> Path {
        guard rect.isFinite else { throw .nonFiniteParameter(name: "rect") }
        guard cornerRadius.isFinite else { throw .nonFiniteParameter(name: "cornerRadius") }
        guard cornerRadius >= 0 else {
            throw .negativeParameter(name: "cornerRadius", value: cornerRadius)
        }
        let r = min(cornerRadius, rect.width / 2, rect.height / 2)
        guard r > 0 else { return try rectangle(rect, fillRule: fillRule) }
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        let inset = r * (1 - circleKappa)
        let points = [
            Point(x: x0 + r, y: y0),
            Point(x: x1 - r, y: y0),
            Point(x: x1 - inset, y: y0), Point(x: x1, y: y0 + inset), Point(x: x1, y: y0 + r),
            Point(x: x1, y: y1 - r),
            Point(x: x1, y: y1 - inset), Point(x: x1 - inset, y: y1), Point(x: x1 - r, y: y1),
            Point(x: x0 + r, y: y1),
            Point(x: x0 + inset, y: y1), Point(x: x0, y: y1 - inset), Point(x: x0, y: y1 - r),
            Point(x: x0, y: y0 + r),
            Point(x: x0, y: y0 + inset), Point(x: x0 + inset, y: y0), Point(x: x0 + r, y: y0),
        ]
        guard points.allSatisfy(\.isFinite) else { throw .nonFiniteResult(element: 0) }
        let verbs: [PathVerb] = [.move, .line, .curve, .line, .curve, .line, .curve, .line, .curve, .close]
        return Path(verbs: verbs, points: points, fillRule: fillRule)
    }

    /// A closed ellipse inscribed in `rect`: four cubic curves (``circleKappa``) starting at the
    /// rightmost point and running through the bottom, left and top points (clockwise on a
    /// y-down screen). Elements: move, four curves, close; the last curve ends exactly at the
    /// first point.
    ///
    /// - Parameters:
    ///   - rect: The bounding rectangle; an empty rectangle gives a degenerate ellipse.
    ///   - fillRule: The path's fill rule.
    /// - Throws: ``PathError/nonFiniteParameter(name:)`` (`rect`) for NaN or infinite input.
    public static func oval(in rect: Rect, fillRule: FillRule = .nonZero) throws(PathError) -> Path {
        guard rect.isFinite else { throw .nonFiniteParameter(name: "rect") }
        var path = Path(fillRule: fillRule)
        try path.addEllipse(center: rect.center, radiusX: rect.width / 2, radiusY: rect.height / 2)
        return path
    }

    /// A closed circle: ``oval(in:fillRule:)`` of the square around `center`, computed from the
    /// centre and radius directly (the four on-curve points are exactly `center ± radius`).
    ///
    /// ```swift
    /// let dot = try Path.circle(center: Point(x: 195, y: 422), radius: 2)
    /// ```
    ///
    /// - Parameters:
    ///   - center: The centre.
    ///   - radius: The radius, not negative; 0 gives a point.
    ///   - fillRule: The path's fill rule.
    /// - Throws: ``PathError/nonFiniteParameter(name:)`` (`center`, `radius`) or
    ///   ``PathError/negativeParameter(name:value:)`` (`radius`).
    public static func circle(
        center: Point, radius: Double, fillRule: FillRule = .nonZero
    ) throws(PathError) -> Path {
        var path = Path(fillRule: fillRule)
        try path.addCircle(center: center, radius: radius)
        return path
    }

    /// Appends a closed circle as a new sub-path: the elements of
    /// ``circle(center:radius:fillRule:)``. Reuses the path's storage when it has room (after
    /// ``removeAll(keepingCapacity:)``, a frame's path is rebuilt without allocating).
    ///
    /// - Parameters:
    ///   - center: The centre.
    ///   - radius: The radius, not negative; 0 gives a point.
    /// - Throws: As ``circle(center:radius:fillRule:)``; the path is then unchanged.
    public mutating func addCircle(center: Point, radius: Double) throws(PathError) {
        guard center.isFinite else { throw .nonFiniteParameter(name: "center") }
        guard radius.isFinite else { throw .nonFiniteParameter(name: "radius") }
        guard radius >= 0 else { throw .negativeParameter(name: "radius", value: radius) }
        try addEllipse(center: center, radiusX: radius, radiusY: radius)
    }

    /// A closed polygon through `points`: move, a line to each further point, close.
    ///
    /// - Parameters:
    ///   - points: At least 3 vertices.
    ///   - fillRule: The path's fill rule.
    /// - Throws: ``PathError/tooFewPoints(count:minimum:)``, or
    ///   ``PathError/nonFinitePoint(index:)`` with the index of the first NaN or infinite point.
    public static func polygon(
        _ points: [Point], fillRule: FillRule = .nonZero
    ) throws(PathError) -> Path {
        guard points.count >= 3 else { throw .tooFewPoints(count: points.count, minimum: 3) }
        if let bad = points.firstIndex(where: { !$0.isFinite }) { throw .nonFinitePoint(index: bad) }
        var verbs = [PathVerb](repeating: .line, count: points.count + 1)
        verbs[0] = .move
        verbs[points.count] = .close
        return Path(verbs: verbs, points: points, fillRule: fillRule)
    }

    /// Appends four cubic curves around `center` (``circleKappa``), from the rightmost point
    /// through the bottom, left and top points, then a close; the path is unchanged if a point
    /// would not be finite.
    private mutating func addEllipse(center: Point, radiusX a: Double, radiusY b: Double) throws(PathError) {
        let (cx, cy) = (center.x, center.y)
        let (ka, kb) = (a * Self.circleKappa, b * Self.circleKappa)
        // Every coordinate below is one of these.
        let xs = (cx + a, cx + ka, cx, cx - ka, cx - a)
        let ys = (cy - b, cy - kb, cy, cy + kb, cy + b)
        guard xs.0.isFinite, xs.1.isFinite, xs.2.isFinite, xs.3.isFinite, xs.4.isFinite,
            ys.0.isFinite, ys.1.isFinite, ys.2.isFinite, ys.3.isFinite, ys.4.isFinite
        else { throw .nonFiniteResult(element: verbs.count) }
        verbs.append(contentsOf: [.move, .curve, .curve, .curve, .curve, .close] as [PathVerb])
        points.append(Point(x: cx + a, y: cy))
        points.append(Point(x: cx + a, y: cy + kb))
        points.append(Point(x: cx + ka, y: cy + b))
        points.append(Point(x: cx, y: cy + b))
        points.append(Point(x: cx - ka, y: cy + b))
        points.append(Point(x: cx - a, y: cy + kb))
        points.append(Point(x: cx - a, y: cy))
        points.append(Point(x: cx - a, y: cy - kb))
        points.append(Point(x: cx - ka, y: cy - b))
        points.append(Point(x: cx, y: cy - b))
        points.append(Point(x: cx + ka, y: cy - b))
        points.append(Point(x: cx + a, y: cy - kb))
        points.append(Point(x: cx + a, y: cy))
    }
}
