import Timeline

/// One sub-path in the form a ``PathMorph`` works on: a start point and cubic segments.
///
/// `points` holds the start point, then the two control points and the end point of each
/// segment (`1 + 3 · segmentCount` points). A closed contour ends exactly at its start point:
/// a closing line is added as a segment when the sub-path does not already end there.
struct MorphContour: Sendable, Hashable {
    var points: [Point]
    var isClosed: Bool

    /// The number of cubic segments.
    var segmentCount: Int { (points.count - 1) / 3 }

    /// The segment at `index`.
    func segment(_ index: Int) -> CubicSegment {
        let i = 3 * index
        return CubicSegment(points[i], points[i + 1], points[i + 2], points[i + 3])
    }

    /// The sub-paths of `path` that draw something, as contours. A lone move draws nothing and
    /// is dropped; a closed sub-path of a single point becomes one segment of length 0.
    static func contours(of path: Path) -> [MorphContour] {
        var result: [MorphContour] = []
        var current: [Point] = []
        func finish(closed: Bool) {
            defer { current = [] }
            guard let start = current.first else { return }
            if current.count == 1 {
                guard closed else { return }
                current += [start, start, start]
            }
            result.append(MorphContour(points: current, isClosed: closed))
        }
        func append(_ segment: CubicSegment) {
            current += [segment.p1, segment.p2, segment.p3]
        }
        var pointIndex = 0
        let points = path.points
        for verb in path.verbs {
            switch verb {
            case .move:
                finish(closed: false)
                current = [points[pointIndex]]
            case .line:
                append(.line(from: current[current.count - 1], to: points[pointIndex]))
            case .quadCurve:
                append(
                    .quadratic(
                        from: current[current.count - 1], control: points[pointIndex],
                        to: points[pointIndex + 1]))
            case .curve:
                current += [points[pointIndex], points[pointIndex + 1], points[pointIndex + 2]]
            case .close:
                if let start = current.first, current[current.count - 1] != start {
                    append(.line(from: current[current.count - 1], to: start))
                }
                finish(closed: true)
            }
            pointIndex += verb.pointCount
        }
        finish(closed: false)
        return result
    }

    // MARK: Shape measures

    /// The signed area and the centroid of the region the contour encloses (an open contour is
    /// closed by a straight line, as a fill closes it), from the contour flattened to 16 lines
    /// per segment. A contour without area reports the length-weighted centre of its outline,
    /// and one without length its start point.
    var areaAndCentroid: (area: Double, centroid: Point) {
        let origin = points[0]
        var polygon: [Point] = []
        polygon.reserveCapacity(16 * segmentCount + 1)
        polygon.append(.zero)
        for index in 0..<segmentCount {
            let segment = self.segment(index)
            for step in 1...16 { polygon.append(segment.point(at: Double(step) / 16) - origin) }
        }
        var twiceArea = 0.0
        var cx = 0.0
        var cy = 0.0
        var length = 0.0
        var mx = 0.0
        var my = 0.0
        for i in polygon.indices {
            let a = polygon[i]
            let b = polygon[(i + 1) % polygon.count]
            let cross = a.x * b.y - b.x * a.y
            twiceArea += cross
            cx += (a.x + b.x) * cross
            cy += (a.y + b.y) * cross
            let edge = (b - a).magnitude
            length += edge
            mx += (a.x + b.x) / 2 * edge
            my += (a.y + b.y) / 2 * edge
        }
        let box = controlBox
        let scale = max(box.width, box.height)
        var centroid: Point
        if abs(twiceArea) > 1e-12 * scale * scale {
            centroid = Point(x: cx / (3 * twiceArea), y: cy / (3 * twiceArea)) + origin
        } else if length > 0 {
            centroid = Point(x: mx / length, y: my / length) + origin
        } else {
            centroid = origin
        }
        if !centroid.isFinite { centroid = Point(x: box.midX, y: box.midY) }
        let area = twiceArea / 2
        return (area.isFinite ? area : 0, centroid)
    }

    /// The box around every point.
    private var controlBox: (width: Double, height: Double, midX: Double, midY: Double) {
        var box = BoundsAccumulator()
        for p in points { box.include(p) }
        return (
            box.maxX - box.minX, box.maxY - box.minY, box.minX * 0.5 + box.maxX * 0.5,
            box.minY * 0.5 + box.maxY * 0.5
        )
    }

    // MARK: Reshaping (the curve stays the same)

    /// The same curve with `target` segments: segments are split into equal-parameter pieces,
    /// longer segments (by estimated length) into more pieces, so that the longest piece is as
    /// short as possible.
    func subdivided(toSegmentCount target: Int) -> MorphContour {
        let count = segmentCount
        guard target > count else { return self }
        let lengths = (0..<count).map { segment($0).estimatedLength }
        var pieces = [Int](repeating: 1, count: count)
        var heap = PieceHeap(lengths: lengths)
        for _ in count..<target {
            let index = heap.popLongest()
            pieces[index] += 1
            heap.push(index, pieceLength: lengths[index] / Double(pieces[index]))
        }
        var result: [Point] = [points[0]]
        result.reserveCapacity(1 + 3 * target)
        for index in 0..<count {
            var rest = segment(index)
            var remaining = pieces[index]
            while remaining > 1 {
                let (piece, tail) = rest.split(at: 1 / Double(remaining))
                result += [piece.p1, piece.p2, piece.p3]
                rest = tail
                remaining -= 1
            }
            result += [rest.p1, rest.p2, rest.p3]
        }
        return MorphContour(points: result, isClosed: isClosed)
    }

    /// The same curve traversed backwards (a closed contour keeps its start point).
    var reversed: MorphContour { MorphContour(points: points.reversed(), isClosed: isClosed) }

    /// A closed contour starting at the start of segment `k`.
    func rotated(bySegments k: Int) -> MorphContour {
        guard k > 0 else { return self }
        let n = 3 * segmentCount
        var result = Array(points[(3 * k)..<n])
        result += points[0..<(3 * k)]
        result.append(points[3 * k])
        return MorphContour(points: result, isClosed: isClosed)
    }

    /// A contour with the same segment count and closedness, every point at `point`.
    func collapsed(to point: Point) -> MorphContour {
        MorphContour(points: [Point](repeating: point, count: points.count), isClosed: isClosed)
    }
}

/// A max-heap of segments by the length of their pieces (ties: the lower index first).
private struct PieceHeap {
    private var items: [(length: Double, index: Int)]

    init(lengths: [Double]) {
        items = []
        items.reserveCapacity(lengths.count)
        for (index, length) in lengths.enumerated() { push(index, pieceLength: length) }
    }

    private static func before(_ a: (length: Double, index: Int), _ b: (length: Double, index: Int)) -> Bool {
        a.length > b.length || (a.length == b.length && a.index < b.index)
    }

    mutating func push(_ index: Int, pieceLength: Double) {
        items.append((pieceLength.isNaN ? 0 : pieceLength, index))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popLongest() -> Int {
        let top = items[0].index
        let last = items.removeLast()
        guard !items.isEmpty else { return top }
        items[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var best = parent
            if left < items.count, Self.before(items[left], items[best]) { best = left }
            if right < items.count, Self.before(items[right], items[best]) { best = right }
            guard best != parent else { break }
            items.swapAt(parent, best)
            parent = best
        }
        return top
    }
}
