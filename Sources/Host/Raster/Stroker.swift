import Timeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a flattened path into the outline of its stroke, to be filled with the non-zero rule: SVG's
/// `stroke` with its caps (butt, round, square) and joins (miter, falling back to bevel beyond the
/// miter limit; round; bevel).
///
/// The stroke is built in the path's own space (a layer's coordinates) and written into an output
/// ``RasterPath`` whose ``RasterPath/transform`` then maps it to device space, so a non-uniformly
/// scaled layer gets a non-uniform stroke, as in SVG.
///
/// Each open sub-path becomes one closed polygon: its left offset forwards, a butt cap, its right
/// offset backwards, a butt cap. Each closed sub-path becomes two loops, the left offset forwards and
/// the right offset backwards, so non-zero fills the ring between them. At a vertex the outer side
/// gets a miter point when the miter ratio `1 / sin(φ/2)` (`φ` the angle between the segments) is at
/// most the limit, else a bevel; the inner side goes straight to the intersection of the two offset
/// lines when both segments are long enough to hold it (so flattened curves give simple polygons
/// with exact coverage), else through the vertex itself, which non-zero fills correctly.
///
/// Round caps and joins are arcs of radius `width / 2` about the end or the vertex, cut into
/// chords that stay within the flattening tolerance of the circle.
///
/// Segments shorter than a relative 1e-12 are skipped; a sub-path with no segment left draws
/// nothing with butt caps, and a dot (a circle, or a square along x) with round or square caps, as
/// SVG draws a zero-length sub-path.
package struct Stroker: Sendable {
    /// SVG's default miter limit.
    package static let defaultMiterLimit = 4.0

    /// How an open sub-path's stroke ends (SVG's `stroke-linecap`).
    package enum Cap: Sendable { case butt, round, square }
    /// How the stroke turns at a vertex, on the outer side (SVG's `stroke-linejoin`).
    package enum Join: Sendable { case miter, round, bevel }

    /// The stroke's style: its caps, joins, miter limit, and the tolerance its arcs keep.
    package struct Style: Sendable {
        package var cap: Cap = .butt
        package var join: Join = .miter
        /// The largest miter ratio drawn as a miter (SVG's `stroke-miterlimit`).
        package var miterLimit: Double = Stroker.defaultMiterLimit
        /// How far a chord of a round cap or join may stray from its circle, in the path's units.
        package var tolerance: Double = 0.1
        /// Dash and gap lengths (``Dasher``); empty, or a list ``Dasher/dashes(_:)`` refuses, for a
        /// solid stroke.
        package var dashes: [Double] = []
        /// How far into ``dashes`` each sub-path starts.
        package var dashOffset: Double = 0
        /// Butt caps, miter joins with a limit of 4.
        package init() {}
        package init(cap: Cap, join: Join, miterLimit: Double, tolerance: Double) {
            self.cap = cap
            self.join = join
            self.miterLimit = miterLimit
            self.tolerance = tolerance
        }
    }

    /// The sub-path's points, without zero-length segments.
    private var points: [RasterPoint] = []
    /// Unit direction of segment `i` (from point `i` to point `i + 1`, wrapping when closed).
    private var directions: [RasterPoint] = []
    /// Length of segment `i`.
    private var lengths: [Double] = []
    /// Whether the inner side of the join at point `i` may go straight to the offset lines' meeting
    /// point (that point lies within both segments, after what the neighbouring joins on the same
    /// side take of them).
    private var meets: [Bool] = []
    /// How far along each segment the inner meeting point of the join at point `i` lies.
    private var cuts: [Double] = []
    /// Which way the path turns at point `i` (the sign of the cross product; 0 when straight).
    private var turns: [Double] = []

    /// Creates a stroker with empty scratch storage.
    package init() {}

    /// Appends the stroke outline of every sub-path of `path` to `output`.
    ///
    /// - Parameters:
    ///   - path: The flattened path, in the space the width is measured in.
    ///   - width: The stroke width (nothing is drawn unless it is positive and finite).
    ///   - miterLimit: The largest miter ratio drawn as a miter (SVG's `stroke-miterlimit`, default 4).
    ///   - output: Receives closed polygons, mapped by its own transform.
    /// - Complexity: O(n) in the path's points.
    package mutating func stroke(
        _ path: RasterPath, width: Double, miterLimit: Double = Stroker.defaultMiterLimit, into output: inout RasterPath
    ) {
        var style = Style()
        style.miterLimit = miterLimit
        stroke(path, width: width, style: style, into: &output)
    }

    /// Appends the stroke outline of every sub-path of `path` to `output`, in a style.
    ///
    /// - Parameters:
    ///   - path: The flattened path, in the space the width is measured in.
    ///   - width: The stroke width (nothing is drawn unless it is positive and finite).
    ///   - style: The caps, joins, miter limit and arc tolerance.
    ///   - output: Receives closed polygons, mapped by its own transform.
    /// - Complexity: O(n) in the path's points, plus the arcs' chords.
    package mutating func stroke(_ path: RasterPath, width: Double, style: Style, into output: inout RasterPath) {
        guard width > 0, width.isFinite else { return }
        let half = width / 2
        let miterLimit = style.join == .bevel ? 1 : style.miterLimit
        let limitSquared = miterLimit.isFinite ? max(1, miterLimit) * max(1, miterLimit) : .infinity
        arcStep = Self.arcStep(radius: half, tolerance: style.tolerance)
        roundJoins = style.join == .round
        for contour in path.contours {
            collect(path.points, contour)
            let count = points.count
            let closed = contour.isClosed
            let segments = closed ? count : count - 1
            if count == 1 && style.cap != .butt {
                dot(at: points[0], half: half, cap: style.cap, into: &output)
                continue
            }
            guard count >= 2 else { continue }
            directions.removeAll(keepingCapacity: true)
            lengths.removeAll(keepingCapacity: true)
            for index in 0..<segments {
                let from = points[index], to = points[(index + 1) % count]
                let dx = to.x - from.x, dy = to.y - from.y
                let length = (dx * dx + dy * dy).squareRoot()
                directions.append(RasterPoint(x: dx / length, y: dy / length))
                lengths.append(length)
            }
            planInnerJoins(count: count, closed: closed, half: half)
            if closed {
                // Left loop forwards, then right loop backwards.
                for index in 0..<count {
                    let before = (index + count - 1) % count
                    join(at: index, incoming: before, outgoing: index, reversed: false,
                         first: index == 0, half: half, limitSquared: limitSquared, into: &output)
                }
                output.close()
                for step in 0..<count {
                    let index = (count - step) % count
                    let before = (index + count - 1) % count
                    join(at: index, incoming: index, outgoing: before, reversed: true,
                         first: step == 0, half: half, limitSquared: limitSquared, into: &output)
                }
                output.close()
            } else {
                let first = directions[0], last = directions[segments - 1]
                let start = points[0], end = points[count - 1]
                output.move(to: RasterPoint(x: start.x + first.y * half, y: start.y - first.x * half))
                for index in 1..<(count - 1) {
                    join(at: index, incoming: index - 1, outgoing: index, reversed: false,
                         first: false, half: half, limitSquared: limitSquared, into: &output)
                }
                output.line(to: RasterPoint(x: end.x + last.y * half, y: end.y - last.x * half))
                cap(at: end, direction: last, half: half, cap: style.cap, into: &output)
                output.line(to: RasterPoint(x: end.x - last.y * half, y: end.y + last.x * half))
                for index in stride(from: count - 2, through: 1, by: -1) {
                    join(at: index, incoming: index, outgoing: index - 1, reversed: true,
                         first: false, half: half, limitSquared: limitSquared, into: &output)
                }
                output.line(to: RasterPoint(x: start.x - first.y * half, y: start.y + first.x * half))
                cap(at: start, direction: RasterPoint(x: -first.x, y: -first.y), half: half, cap: style.cap, into: &output)
                output.close()
            }
        }
    }

    /// Decides, for every join, whether its inner side can use the offset lines' meeting point: it
    /// lies `half · tan(θ/2)` along both segments (θ the turn), and a segment must hold that plus
    /// what the join at its other end takes on the same side. Otherwise the inner side runs
    /// through the vertex, which non-zero fills correctly but not with exact edge coverage.
    private mutating func planInnerJoins(count: Int, closed: Bool, half: Double) {
        cuts.removeAll(keepingCapacity: true)
        turns.removeAll(keepingCapacity: true)
        meets.removeAll(keepingCapacity: true)
        let segments = directions.count
        for index in 0..<count {
            guard closed || (index > 0 && index < count - 1) else {
                cuts.append(0)
                turns.append(0)
                continue
            }
            let a = directions[(index + segments - 1) % segments], b = directions[index % segments]
            let dot = a.x * b.x + a.y * b.y, cross = a.x * b.y - a.y * b.x
            let ratio = (1 - dot) / (1 + dot)
            cuts.append(1 + dot > 1e-12 && ratio.isFinite ? half * max(0, ratio).squareRoot() : .infinity)
            turns.append(abs(cross) <= 1e-12 ? 0 : cross)
        }
        for index in 0..<count {
            let previous = (index + count - 1) % count, next = (index + 1) % count
            guard closed || (index > 0 && index < count - 1) else {
                meets.append(false)
                continue
            }
            let side = turns[index]
            let before = (turns[previous] > 0) == (side > 0) && turns[previous] != 0 ? cuts[previous] : 0
            let after = (turns[next] > 0) == (side > 0) && turns[next] != 0 ? cuts[next] : 0
            let incoming = lengths[(index + segments - 1) % segments], outgoing = lengths[index % segments]
            meets.append(cuts[index] + before <= incoming && cuts[index] + after <= outgoing)
        }
    }

    /// The largest angle a chord of a circle of `radius` may span within `tolerance` of it:
    /// `2 acos(1 − tolerance / radius)`, at most π/2 (at least 4 chords a circle).
    static func arcStep(radius: Double, tolerance: Double) -> Double {
        guard radius > 0, tolerance > 0, tolerance.isFinite else { return .pi / 2 }
        let cosine = 1 - tolerance / radius
        return cosine <= 0 ? .pi / 2 : min(.pi / 2, max(2 * acos(cosine), 1e-3))
    }

    /// The angle step of round caps and joins for the stroke being built.
    private var arcStep = Double.pi / 2
    /// Whether the stroke being built has round joins.
    private var roundJoins = false

    /// Adds the points strictly between `from` and `to` on the circle of radius `half` about
    /// `center`, turning from the unit vector `from` by `angle` (signed, radians).
    private func arc(about center: RasterPoint, from: RasterPoint, angle: Double, half: Double, into output: inout RasterPath) {
        let steps = Int((abs(angle) / arcStep).rounded(.up))
        guard steps > 1 else { return }
        for step in 1..<steps {
            let turn = angle * Double(step) / Double(steps)
            let c = cos(turn), s = sin(turn)
            let x = from.x * c - from.y * s, y = from.x * s + from.y * c
            output.line(to: RasterPoint(x: center.x + x * half, y: center.y + y * half))
        }
    }

    /// The cap at an open end reached along `direction` (unit), from the left offset point (the
    /// last point added) to the right one (added by the caller).
    private func cap(at end: RasterPoint, direction: RasterPoint, half: Double, cap: Cap, into output: inout RasterPath) {
        let left = RasterPoint(x: direction.y, y: -direction.x)
        switch cap {
        case .butt:
            break
        case .square:
            output.line(to: RasterPoint(x: end.x + (left.x + direction.x) * half, y: end.y + (left.y + direction.y) * half))
            output.line(to: RasterPoint(x: end.x + (direction.x - left.x) * half, y: end.y + (direction.y - left.y) * half))
        case .round:
            // From the left normal through the direction to the right normal: half a turn, whose
            // sign takes it through `direction` (left rotated by the turn's first quarter).
            let angle = left.x * direction.y - left.y * direction.x > 0 ? Double.pi : -Double.pi
            arc(about: end, from: left, angle: angle, half: half, into: &output)
        }
    }

    /// What a sub-path of one point draws with round or square caps: a circle, or a square along x.
    private func dot(at center: RasterPoint, half: Double, cap: Cap, into output: inout RasterPath) {
        if cap == .square {
            output.move(to: RasterPoint(x: center.x - half, y: center.y - half))
            output.line(to: RasterPoint(x: center.x + half, y: center.y - half))
            output.line(to: RasterPoint(x: center.x + half, y: center.y + half))
            output.line(to: RasterPoint(x: center.x - half, y: center.y + half))
        } else {
            output.move(to: RasterPoint(x: center.x + half, y: center.y))
            arc(about: center, from: RasterPoint(x: 1, y: 0), angle: 2 * .pi, half: half, into: &output)
        }
        output.close()
    }

    /// Copies a contour's points, skipping segments of (relatively) zero length.
    private mutating func collect(_ source: [RasterPoint], _ contour: RasterPath.Contour) {
        points.removeAll(keepingCapacity: true)
        for index in contour.start..<contour.end {
            let point = source[index]
            if let previous = points.last, Self.isNegligible(previous, point) { continue }
            points.append(point)
        }
        if contour.isClosed, points.count > 1, Self.isNegligible(points[points.count - 1], points[0]) {
            points.removeLast()
        }
    }

    /// Whether the segment from `a` to `b` is too short to have a direction.
    private static func isNegligible(_ a: RasterPoint, _ b: RasterPoint) -> Bool {
        let scale = 1 + max(abs(a.x), abs(a.y), abs(b.x), abs(b.y))
        return abs(b.x - a.x) <= 1e-12 * scale && abs(b.y - a.y) <= 1e-12 * scale
    }

    /// Emits the offset points at one vertex on the left of the travel direction (the right of the
    /// path when `reversed`, where segments are walked backwards).
    ///
    /// - Parameters:
    ///   - vertexIndex: The vertex's index in ``points``.
    ///   - incoming: The index of the segment arriving at the vertex (in path order).
    ///   - outgoing: The index of the segment leaving it.
    ///   - reversed: Whether the walk runs against the path's direction.
    ///   - first: Whether this starts a loop (a move rather than a line).
    private func join(
        at vertexIndex: Int, incoming: Int, outgoing: Int, reversed: Bool, first: Bool,
        half: Double, limitSquared: Double, into output: inout RasterPath
    ) {
        let vertex = points[vertexIndex]
        let sign: Double = reversed ? -1 : 1
        let a = RasterPoint(x: directions[incoming].x * sign, y: directions[incoming].y * sign)
        let b = RasterPoint(x: directions[outgoing].x * sign, y: directions[outgoing].y * sign)
        // The walk's left normals, n = (dy, −dx) (left on a y-down screen).
        let na = RasterPoint(x: a.y, y: -a.x), nb = RasterPoint(x: b.y, y: -b.x)
        let cross = a.x * b.y - a.y * b.x
        let dot = a.x * b.x + a.y * b.y
        let startPoint = RasterPoint(x: vertex.x + na.x * half, y: vertex.y + na.y * half)
        let endPoint = RasterPoint(x: vertex.x + nb.x * half, y: vertex.y + nb.y * half)
        func emit(_ point: RasterPoint, _ isFirst: Bool, _ output: inout RasterPath) {
            if isFirst { output.move(to: point) } else { output.line(to: point) }
        }
        if abs(cross) <= 1e-12 && dot > 0 {
            // Straight on: one point.
            emit(endPoint, first, &output)
            return
        }
        // The intersection of the two offset lines: vertex + half · (na + nb) / (1 + dot).
        let outer = cross > 0  // turning right of the left normal puts the left side outside
        if outer {
            emit(startPoint, first, &output)
            if roundJoins {
                // The arc from one offset to the other about the vertex, the short way round.
                arc(about: vertex, from: na, angle: atan2(na.x * nb.y - na.y * nb.x, na.x * nb.x + na.y * nb.y), half: half, into: &output)
                output.line(to: endPoint)
                return
            }
            // Miter ratio 1/sin(φ/2) = 1/cos(θ/2) with cos²(θ/2) = (1 + dot)/2; miter when ≤ limit.
            if (1 + dot) * limitSquared >= 2 {
                let k = half / (1 + dot)
                output.line(to: RasterPoint(x: vertex.x + (na.x + nb.x) * k, y: vertex.y + (na.y + nb.y) * k))
            }
            output.line(to: endPoint)
            return
        }
        // Inner side: the offset lines meet half·tan(θ/2) from the vertex along each segment.
        if meets[vertexIndex] {
            let k = half / (1 + dot)
            emit(RasterPoint(x: vertex.x + (na.x + nb.x) * k, y: vertex.y + (na.y + nb.y) * k), first, &output)
        } else {
            emit(startPoint, first, &output)
            output.line(to: vertex)
            output.line(to: endPoint)
        }
    }
}
