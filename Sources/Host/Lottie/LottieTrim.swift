/// Trim paths (`tm`) as lottie-web applies them: which outlines a trim reaches, how its start, end
/// and offset become a window over their lengths, and how each outline is cut to that window.
///
/// lottie-web reads a group's items from last to first; a trim then reaches every outline read
/// after it until its group is done, that is the outlines before it in its group, nested groups
/// included. A layer's trims are applied one after the other, the one read last (the one nearest
/// its outlines) first, each to the outlines the ones before it left. Lengths are measured in each
/// outline's own coordinates, before the transforms of the groups around it, as lottie-web
/// measures them: each cubic side as the polyline through 150 points of it, and a length along a
/// side turned back into the curve's parameter by interpolating in that table.
struct LottieTrim: Sendable {
    /// The start, `0...100` percent of the length.
    var start: LottieProperty
    /// The end, `0...100` percent.
    var end: LottieProperty
    /// The offset, in degrees: 360 is the whole length.
    var offset: LottieProperty
    /// `m` 2 ("individually" in After Effects): the outlines are trimmed as one path, one after the
    /// other; otherwise ("simultaneously") each is trimmed by the same window.
    var individually: Bool
    /// The outlines it reaches (``LottieDrawing/Outline/id``), in the order lottie-web adds them:
    /// the last outline in the file first.
    var outlines: [Int] = []

    /// One sub-path with absolute control points: per vertex its x, y, in-control x, y and
    /// out-control x, y.
    struct ShapePath: Sendable {
        var points: [Double] = []
        var closed = false

        /// The number of vertices.
        var count: Int { points.count / 6 }

        /// The sub-path of Cadence's outline layout (tangents relative to their vertex).
        init(relative numbers: [Double], closed: Bool) {
            points = numbers
            var index = 0
            while index + 6 <= points.count {
                points[index + 2] += points[index]
                points[index + 3] += points[index + 1]
                points[index + 4] += points[index]
                points[index + 5] += points[index + 1]
                index += 6
            }
            self.closed = closed
        }

        init() {}

        /// The sub-path in Cadence's outline layout (tangents relative to their vertex).
        var relative: [Double] {
            var numbers = points
            var index = 0
            while index + 6 <= numbers.count {
                numbers[index + 2] -= numbers[index]
                numbers[index + 3] -= numbers[index + 1]
                numbers[index + 4] -= numbers[index]
                numbers[index + 5] -= numbers[index + 1]
                index += 6
            }
            return numbers
        }

        /// Vertex `index`'s point of `kind` (0 the vertex, 2 its in-control, 4 its out-control).
        func point(_ index: Int, _ kind: Int) -> (Double, Double) {
            (points[index * 6 + kind], points[index * 6 + kind + 1])
        }

        /// Sets vertex `index`'s point of `kind`, adding vertices (zeros) up to it as needed.
        mutating func set(_ index: Int, _ kind: Int, _ point: (Double, Double)) {
            if index * 6 + 6 > points.count { points += repeatElement(0, count: index * 6 + 6 - points.count) }
            points[index * 6 + kind] = point.0
            points[index * 6 + kind + 1] = point.1
        }
    }

    /// A cubic side's length table: the polyline through `samples` points at even parameters, and
    /// the length so far at each.
    struct SideLength: Sendable {
        static let samples = 150
        var lengths: [Double]
        var total: Double

        init(_ p0: (Double, Double), _ p3: (Double, Double), _ c1: (Double, Double), _ c2: (Double, Double)) {
            lengths = []
            lengths.reserveCapacity(Self.samples)
            var added = 0.0, last: (Double, Double)?
            for k in 0..<Self.samples {
                let t = Double(k) / Double(Self.samples - 1), u = 1 - t
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                let point = (a * p0.0 + b * c1.0 + c * c2.0 + d * p3.0, a * p0.1 + b * c1.1 + c * c2.1 + d * p3.1)
                if let last {
                    let dx = point.0 - last.0, dy = point.1 - last.1
                    added += (dx * dx + dy * dy).squareRoot()
                }
                lengths.append(added)
                last = point
            }
            total = added
        }

        /// The parameter at a fraction of the length (lottie-web's `getDistancePerc`).
        func parameter(at fraction: Double) -> Double {
            let count = lengths.count
            let step = 1 / Double(count - 1)
            var position = Int((Double(count - 1) * fraction).rounded(.down))
            let target = fraction * total
            if position >= count - 1 || position <= 0 || target == lengths[position] {
                return Double(min(max(position, 0), count - 1)) * step
            }
            let direction = lengths[position] > target ? -1 : 1
            while true {
                if lengths[position] <= target && lengths[position + 1] > target {
                    let part = (target - lengths[position]) / (lengths[position + 1] - lengths[position])
                    return (Double(position) + part) * step
                }
                position += direction
                if position < 0 || position >= count - 1 {
                    return position >= count - 1 ? 1 : 0
                }
            }
        }
    }

    /// The window the trim shows at a frame, as lottie-web rounds it: `nil` for the whole
    /// outline, an empty window (`start == end`) for nothing.
    func window(at frame: Double, offset timeOffset: Double) -> (start: Double, end: Double)? {
        var turn = (offset.value(at: frame, offset: timeOffset).first ?? 0).truncatingRemainder(dividingBy: 360) / 360
        if turn < 0 { turn += 1 }
        func edge(_ property: LottieProperty) -> Double {
            let value = (property.value(at: frame, offset: timeOffset).first ?? 0) / 100
            return value > 1 ? 1 + turn : value < 0 ? turn : value + turn
        }
        var s = edge(start), e = edge(end)
        if s > e { swap(&s, &e) }
        // Math.round: halves up.
        s = (s * 10_000 + 0.5).rounded(.down) * 0.0001
        e = (e * 10_000 + 0.5).rounded(.down) * 0.0001
        guard s.isFinite, e.isFinite else { return nil }
        if (e == 1 && s == 0) || (e == 0 && s == 1) { return nil }
        return (s, e)
    }

    /// Applies the trim at a frame to the outlines it reaches (`paths`, by outline id).
    func apply(to paths: inout [[ShapePath]], at frame: Double, offset timeOffset: Double) {
        guard let (s, e) = window(at: frame, offset: timeOffset) else { return }
        if s == e {
            for id in outlines { paths[id] = [] }
            return
        }
        // Each outline's sides' lengths and its total.
        var tables: [[[SideLength]]] = []
        var totals: [Double] = []
        var modifierTotal = 0.0
        for id in outlines {
            var outline: [[SideLength]] = []
            var total = 0.0
            for path in paths[id] {
                let sides = Self.sides(of: path)
                total += sides.reduce(0) { $0 + $1.total }
                outline.append(sides)
            }
            tables.append(outline)
            totals.append(total)
            modifierTotal += total
        }
        var added = 0.0
        for position in outlines.indices.reversed() {
            let id = outlines[position], length = totals[position]
            let edges: [(Double, Double)]
            if individually && outlines.count > 1 {
                edges = Self.edges(s, e, length: length, before: added, total: modifierTotal)
                added += length
            } else {
                edges = [(s, e)]
            }
            var result: [ShapePath] = []
            for (shapeS, shapeE) in edges {
                var segments: [(s: Double, e: Double)]
                if shapeE <= 1 {
                    segments = [(length * shapeS, length * shapeE)]
                } else if shapeS >= 1 {
                    segments = [(length * (shapeS - 1), length * (shapeE - 1))]
                } else {
                    segments = [(length * shapeS, length), (0, length * (shapeE - 1))]
                }
                var pieces = Self.cut(paths[id], tables[position], to: segments[0], continuing: nil)
                guard segments[0].s != segments[0].e else { continue }
                if segments.count > 1 {
                    if paths[id].last?.closed == true, let last = pieces.popLast() {
                        // Across the start of a closed outline: the two parts are one piece.
                        result += pieces
                        pieces = Self.cut(paths[id], tables[position], to: segments[1], continuing: last)
                    } else {
                        result += pieces
                        pieces = Self.cut(paths[id], tables[position], to: segments[1], continuing: nil)
                    }
                }
                result += pieces
            }
            paths[id] = result
        }
    }

    /// The length tables of a sub-path's sides (its closing side last when it closes).
    static func sides(of path: ShapePath) -> [SideLength] {
        let count = path.count
        guard count > 0 else { return [] }
        var sides: [SideLength] = []
        sides.reserveCapacity(count)
        for index in 0..<count - 1 {
            sides.append(SideLength(path.point(index, 0), path.point(index + 1, 0), path.point(index, 4), path.point(index + 1, 2)))
        }
        if path.closed {
            sides.append(SideLength(path.point(count - 1, 0), path.point(0, 0), path.point(count - 1, 4), path.point(0, 2)))
        }
        return sides
    }

    /// For trimming individually: the part of the window `s...e` (of the whole length `total`) on
    /// one outline of `length` that starts `before` along (lottie-web's `calculateShapeEdges`).
    static func edges(_ s: Double, _ e: Double, length: Double, before: Double, total: Double) -> [(Double, Double)] {
        let windows: [(Double, Double)] = e <= 1 ? [(s, e)] : s >= 1 ? [(s - 1, e - 1)] : [(s, 1), (0, e - 1)]
        var edges: [(Double, Double)] = []
        for (ws, we) in windows where !(we * total < before || ws * total > before + length) {
            let shapeS = ws * total <= before ? 0 : (ws * total - before) / length
            let shapeE = we * total >= before + length ? 1 : (we * total - before) / length
            edges.append((shapeS, shapeE))
        }
        return edges.isEmpty ? [(0, 0)] : edges
    }

    /// The pieces of an outline's sub-paths between two lengths along them (lottie-web's
    /// `addShapes`), the first continuing `continuing` when given.
    static func cut(
        _ paths: [ShapePath], _ tables: [[SideLength]], to segment: (s: Double, e: Double), continuing: ShapePath?
    ) -> [ShapePath] {
        var shapes: [ShapePath] = []
        var current = continuing ?? ShapePath()
        var vertex = current.count, first = current.count
        var newShape = true
        var added = 0.0
        for (index, path) in paths.enumerated() {
            let lengths = tables[index]
            current.closed = path.closed
            let sideCount = path.closed ? lengths.count : lengths.count + 1
            var j = 1
            func addWhole(_ from: Int, _ to: Int) {
                current.set(vertex, 4, path.point(from, 4))
                current.set(vertex + 1, 2, path.point(to, 2))
                if newShape { current.set(vertex, 0, path.point(from, 0)) }
                current.set(vertex + 1, 0, path.point(to, 0))
            }
            func addPart(_ from: Int, _ to: Int, _ table: SideLength, _ startFraction: Double, _ endFraction: Double) {
                let points = Self.subcurve(
                    path.point(from, 0), path.point(to, 0), path.point(from, 4), path.point(to, 2),
                    table.parameter(at: min(max(startFraction, 0), 1)), table.parameter(at: min(endFraction, 1)))
                current.set(vertex, 4, points[1])
                current.set(vertex + 1, 2, points[2])
                if newShape { current.set(vertex, 0, points[0]) }
                current.set(vertex + 1, 0, points[3])
            }
            while j < sideCount {
                let side = lengths[j - 1].total
                if added + side < segment.s {
                    added += side
                    current.closed = false
                } else if added > segment.e {
                    current.closed = false
                    break
                } else {
                    if segment.s <= added && segment.e >= added + side {
                        addWhole(j - 1, j)
                    } else {
                        addPart(j - 1, j, lengths[j - 1], (segment.s - added) / side, (segment.e - added) / side)
                        current.closed = false
                    }
                    newShape = false
                    added += side
                    vertex += 1
                }
                j += 1
            }
            if path.closed && !lengths.isEmpty {
                let closing = lengths[j - 1]
                if added <= segment.e {
                    let side = closing.total
                    let last = path.count - 1
                    if segment.s <= added && segment.e >= added + side {
                        addWhole(last, 0)
                    } else {
                        addPart(last, 0, closing, (segment.s - added) / side, (segment.e - added) / side)
                        current.closed = false
                    }
                    newShape = false
                } else {
                    current.closed = false
                }
                added += closing.total
                vertex += 1
            }
            if current.count > 0 {
                current.set(first, 2, current.point(first, 0))
                current.set(current.count - 1, 4, current.point(current.count - 1, 0))
            }
            if added > segment.e { break }
            if index < paths.count - 1 {
                shapes.append(current)
                current = ShapePath()
                newShape = true
                vertex = 0
                first = 0
            }
        }
        shapes.append(current)
        return shapes
    }

    /// The part of a cubic between parameters `t0` and `t1`: its start, two controls and end
    /// (lottie-web's `getNewSegment`, without its rounding to thousandths).
    static func subcurve(
        _ p0: (Double, Double), _ p3: (Double, Double), _ c1: (Double, Double), _ c2: (Double, Double), _ t0: Double, _ t1: Double
    ) -> [(Double, Double)] {
        // Blossoms of the cubic at (t0, t0, t0), (t0, t0, t1), (t0, t1, t1), (t1, t1, t1).
        func blossom(_ a: Double, _ b: Double, _ c: Double) -> (Double, Double) {
            let ua = 1 - a, ub = 1 - b, uc = 1 - c
            let w0 = ua * ub * uc
            let w1 = a * ub * uc + ua * b * uc + ua * ub * c
            let w2 = a * b * uc + a * ub * c + ua * b * c
            let w3 = a * b * c
            return (w0 * p0.0 + w1 * c1.0 + w2 * c2.0 + w3 * p3.0, w0 * p0.1 + w1 * c1.1 + w2 * c2.1 + w3 * p3.1)
        }
        return [blossom(t0, t0, t0), blossom(t0, t0, t1), blossom(t0, t1, t1), blossom(t1, t1, t1)]
    }
}
