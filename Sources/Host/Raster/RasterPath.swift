package import Timeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A flattened outline: polylines in output (usually device) space, built from path commands.
///
/// Every point handed to the builder is first mapped by ``transform``; Bézier curves are then
/// flattened in output space, so ``tolerance`` is in output units (device pixels for a fill). Each
/// curve is cut into `n` equal parameter steps with `n` chosen analytically by Wang's bound
/// (Sederberg's formulation): a degree-`k` Bézier whose control points have second differences of at
/// most `M` is within `k(k − 1)/8 · M / n²` of its `n`-segment polyline. So `n = ⌈√(3M / 4ε)⌉` for a
/// cubic and `⌈√(M / 4ε)⌉` for a quadratic: deterministic, one square root per curve, no recursion.
/// When ``strokeRadius`` is positive (the path will be offset by that distance), curves are also cut
/// finely enough in angle that the offset curves stay within the tolerance.
///
/// Sub-paths are kept as ``Contour``s; a fill treats every one as closed. Points that are not finite
/// are skipped together with the command that carries them, and consecutive duplicate points are
/// dropped. The bounds of all points are tracked as they are added.
///
/// Storage is reusable: ``removeAll(keepingCapacity:)`` keeps the arrays, so a path rebuilt every
/// frame allocates only while it grows.
package struct RasterPath: Sendable, PathBuilding {
    /// One sub-path: ``RasterPath/points`` `[start..<end]`.
    package struct Contour: Sendable, Equatable {
        /// The index of the first point.
        package var start: Int
        /// One past the index of the last point.
        package var end: Int
        /// Whether the sub-path was closed with ``RasterPath/close()`` (a stroke joins it all round).
        package var isClosed: Bool
        /// The number of points.
        package var count: Int { end - start }
    }

    /// The most segments one curve is cut into (a curve a billion pixels long is still drawn in
    /// bounded time; it is then coarser than the tolerance).
    package static let maximumSegmentsPerCurve = 2048

    /// Maps every incoming point before it is stored or flattened. Set it before adding commands.
    package var transform: AffineMatrix = .identity
    /// The default flattening tolerance: 0.025 px, a quarter of the usual 0.1 px, because finer
    /// flattening costs almost nothing here (work grows with rows crossed, not with segments) and
    /// keeps curved edges within 6/255 of the true curve's coverage.
    package static let defaultTolerance = 0.025

    /// The largest distance, in output units, between a curve and its polyline.
    package var tolerance: Double = RasterPath.defaultTolerance
    /// The offset distance the flattened path is meant for (half a stroke's width, in output units),
    /// or zero. When positive, each polyline segment also turns by at most `2·acos(1 − ε/r)`.
    package var strokeRadius: Double = 0

    /// The most points the path stores: a curve or point past it is dropped and ``isTruncated``
    /// set, so that a hostile path (a short command can ask for 2,048 points) costs bounded memory.
    /// Whoever draws a truncated path must not show it (``Rasterizer`` reports it).
    package var pointLimit = Int.max
    /// Whether a point was dropped for ``pointLimit`` since the last ``removeAll(keepingCapacity:)``.
    package private(set) var isTruncated = false

    /// The points of every sub-path, in output space.
    private(set) var points: [RasterPoint] = []
    /// The sub-paths, in order.
    private(set) var contours: [Contour] = []
    /// The smallest x of any point (`+∞` when empty).
    private(set) var minX = Double.infinity
    /// The smallest y of any point (`+∞` when empty).
    private(set) var minY = Double.infinity
    /// The largest x of any point (`−∞` when empty).
    private(set) var maxX = -Double.infinity
    /// The largest y of any point (`−∞` when empty).
    private(set) var maxY = -Double.infinity

    /// The current point, in output space.
    private var current = RasterPoint(x: 0, y: 0)
    /// The start of the current sub-path, in output space.
    private var subpathStart = RasterPoint(x: 0, y: 0)
    /// Whether the last contour is open and takes more segments.
    private var isOpen = false

    /// Creates an empty path.
    ///
    /// - Parameters:
    ///   - transform: Maps incoming points to output space.
    ///   - tolerance: The flattening tolerance in output units.
    package init(transform: AffineMatrix = .identity, tolerance: Double = RasterPath.defaultTolerance) {
        self.transform = transform
        self.tolerance = tolerance
        current = RasterPoint(x: transform.tx, y: transform.ty)
        subpathStart = current
    }

    /// Whether the path has no point.
    package var isEmpty: Bool { points.isEmpty }

    /// The points stored, in every sub-path.
    package var pointCount: Int { points.count }

    /// Forgets every point and sub-path (the transform, tolerance and stroke radius stay).
    ///
    /// - Parameter keepingCapacity: Whether to keep the storage for the next use.
    /// - Complexity: O(1) when keeping capacity.
    package mutating func removeAll(keepingCapacity: Bool = true) {
        isTruncated = false
        points.removeAll(keepingCapacity: keepingCapacity)
        contours.removeAll(keepingCapacity: keepingCapacity)
        minX = .infinity
        minY = .infinity
        maxX = -.infinity
        maxY = -.infinity
        current = RasterPoint(x: transform.tx, y: transform.ty)
        subpathStart = current
        isOpen = false
    }

    /// Starts a new sub-path at `point` (mapped by ``transform``).
    ///
    /// - Parameter point: The start, in input space.
    /// - Complexity: Amortised O(1).
    mutating package func move(to point: RasterPoint) {
        guard point.isFinite else { return }
        let mapped = transform.apply(point.x, point.y)
        let start = RasterPoint(x: mapped.x, y: mapped.y)
        guard start.isFinite else { return }
        if isOpen, let last = contours.last, last.count == 1 {
            // A move after a lone move replaces it.
            points.removeLast()
            contours.removeLast()
        }
        contours.append(Contour(start: points.count, end: points.count, isClosed: false))
        isOpen = true
        current = start
        subpathStart = start
        append(start)
    }

    /// Adds a straight segment to `point` (mapped by ``transform``).
    ///
    /// - Parameter point: The end, in input space.
    /// - Complexity: Amortised O(1).
    mutating package func line(to point: RasterPoint) {
        guard point.isFinite else { return }
        let mapped = transform.apply(point.x, point.y)
        let end = RasterPoint(x: mapped.x, y: mapped.y)
        guard end.isFinite else { return }
        openIfNeeded()
        append(end)
    }

    /// Adds a quadratic Bézier, flattened into `⌈√(M / 4ε)⌉` segments.
    ///
    /// - Parameters:
    ///   - point: The end, in input space.
    ///   - control: The control point, in input space.
    /// - Complexity: O(n) in the segments.
    mutating package func quadCurve(to point: RasterPoint, control: RasterPoint) {
        guard point.isFinite, control.isFinite else { return }
        let m1 = transform.apply(control.x, control.y), m2 = transform.apply(point.x, point.y)
        guard m1.x.isFinite, m1.y.isFinite, m2.x.isFinite, m2.y.isFinite else { return }
        openIfNeeded()
        let p0 = current
        let ddx = p0.x - 2 * m1.x + m2.x, ddy = p0.y - 2 * m1.y + m2.y
        var n = segmentCount(bound: 0.25 * (ddx * ddx + ddy * ddy).squareRoot())
        if strokeRadius > 0 {
            let turn = turning(p0.x, p0.y, m1.x, m1.y, m1.x, m1.y, m2.x, m2.y)
            n = max(n, angularSegmentCount(turn: turn))
        }
        guard points.count + n <= pointLimit else {
            isTruncated = true
            return
        }
        // B(t) = p0 + 2t(p1 − p0) + t²(p0 − 2p1 + p2)
        let bx = 2 * (m1.x - p0.x), by = 2 * (m1.y - p0.y)
        let step = 1 / Double(n)
        for i in 1..<max(n, 1) {
            let t = Double(i) * step
            append(RasterPoint(x: p0.x + t * (bx + t * ddx), y: p0.y + t * (by + t * ddy)))
        }
        append(RasterPoint(x: m2.x, y: m2.y))
    }

    /// Adds a cubic Bézier, flattened into `⌈√(3M / 4ε)⌉` segments.
    ///
    /// - Parameters:
    ///   - point: The end, in input space.
    ///   - control1: The first control point, in input space.
    ///   - control2: The second control point, in input space.
    /// - Complexity: O(n) in the segments.
    mutating package func curve(to point: RasterPoint, control1: RasterPoint, control2: RasterPoint) {
        guard point.isFinite, control1.isFinite, control2.isFinite else { return }
        let q1 = transform.apply(control1.x, control1.y)
        let q2 = transform.apply(control2.x, control2.y)
        let q3 = transform.apply(point.x, point.y)
        guard q1.x.isFinite, q1.y.isFinite, q2.x.isFinite, q2.y.isFinite, q3.x.isFinite, q3.y.isFinite else {
            return
        }
        openIfNeeded()
        let p0 = current
        let d1x = p0.x - 2 * q1.x + q2.x, d1y = p0.y - 2 * q1.y + q2.y
        let d2x = q1.x - 2 * q2.x + q3.x, d2y = q1.y - 2 * q2.y + q3.y
        let m = max((d1x * d1x + d1y * d1y).squareRoot(), (d2x * d2x + d2y * d2y).squareRoot())
        var n = segmentCount(bound: 0.75 * m)
        if strokeRadius > 0 {
            n = max(n, angularSegmentCount(turn: turning(p0.x, p0.y, q1.x, q1.y, q2.x, q2.y, q3.x, q3.y)))
        }
        guard points.count + n <= pointLimit else {
            isTruncated = true
            return
        }
        // B(t) = p0 + t·c + t²·b + t³·a, by Horner.
        let cx = 3 * (q1.x - p0.x), cy = 3 * (q1.y - p0.y)
        let bx = 3 * d1x, by = 3 * d1y
        let ax = q3.x - p0.x - 3 * (q2.x - q1.x), ay = q3.y - p0.y - 3 * (q2.y - q1.y)
        let step = 1 / Double(n)
        for i in 1..<max(n, 1) {
            let t = Double(i) * step
            append(RasterPoint(x: p0.x + t * (cx + t * (bx + t * ax)), y: p0.y + t * (cy + t * (by + t * ay))))
        }
        append(RasterPoint(x: q3.x, y: q3.y))
    }

    /// Closes the current sub-path: a fill would anyway; a stroke joins it all round. The next
    /// command without a move starts a new sub-path at the same start, as in SVG.
    ///
    /// - Complexity: O(1).
    mutating package func close() {
        guard isOpen, !contours.isEmpty else { return }
        let last = contours.count - 1
        // Drop a final point equal to the start: the closing segment is implied.
        if contours[last].count > 1, points[points.count - 1] == points[contours[last].start] {
            points.removeLast()
            contours[last].end -= 1
        }
        contours[last].isClosed = true
        isOpen = false
        current = subpathStart
    }

    /// Starts a contour at the current point when none is open (a command after `close()` or first).
    @inline(__always)
    private mutating func openIfNeeded() {
        guard !isOpen else { return }
        contours.append(Contour(start: points.count, end: points.count, isClosed: false))
        isOpen = true
        subpathStart = current
        append(current)
    }

    /// Appends a point to the open contour, unless it repeats the last one.
    @inline(__always)
    private mutating func append(_ point: RasterPoint) {
        let last = contours.count - 1
        if contours[last].count > 0, points[points.count - 1] == point { return }
        guard points.count < pointLimit else {
            isTruncated = true
            return
        }
        points.append(point)
        contours[last].end += 1
        current = point
        minX = min(minX, point.x)
        maxX = max(maxX, point.x)
        minY = min(minY, point.y)
        maxY = max(maxY, point.y)
    }

    /// The segments Wang's bound asks for, given `k(k − 1)/8 · M`.
    private func segmentCount(bound: Double) -> Int {
        let ratio = bound / max(tolerance, 1e-6)
        guard ratio > 1 else { return 1 }
        let n = ratio.squareRoot().rounded(.up)
        return n < Double(Self.maximumSegmentsPerCurve) ? Int(n) : Self.maximumSegmentsPerCurve
    }

    /// The segments needed so that each turns by at most `2·acos(1 − ε/r)` over a total `turn`.
    private func angularSegmentCount(turn: Double) -> Int {
        guard turn > 0, tolerance < strokeRadius else { return 1 }
        let maximumAngle = 2 * acos(1 - tolerance / strokeRadius)
        let n = (turn / maximumAngle).rounded(.up)
        return n < Double(Self.maximumSegmentsPerCurve) ? max(1, Int(n)) : Self.maximumSegmentsPerCurve
    }

    /// The total turning of a control polygon, which bounds the curve's (variation diminishing).
    private func turning(
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double
    ) -> Double {
        var total = 0.0
        var px = 0.0, py = 0.0, hasPrevious = false
        @inline(__always) func leg(_ dx: Double, _ dy: Double) {
            guard dx != 0 || dy != 0 else { return }
            if hasPrevious { total += abs(atan2(px * dy - py * dx, px * dx + py * dy)) }
            px = dx
            py = dy
            hasPrevious = true
        }
        leg(x1 - x0, y1 - y0)
        leg(x2 - x1, y2 - y1)
        leg(x3 - x2, y3 - y2)
        return total
    }
}
