import Timeline

/// How a ``PathMorph`` lines up the sub-paths of its two paths.
struct MorphPlan: Sendable {
    /// One pair of equal-length contours per output sub-path, in output order.
    var pairs: [(from: MorphContour, to: MorphContour)]

    /// Pairs the contours of `from` and `to` and brings each pair to the same segment count,
    /// start point and direction.
    init(from: Path, to: Path) {
        let a = MorphContour.contours(of: from)
        let b = MorphContour.contours(of: to)
        var matched: [(from: MorphContour, to: MorphContour, order: Int)] = []
        for pairing in Self.pairings(a, b) {
            switch (pairing.from, pairing.to) {
            case let (i?, j?):
                matched.append((a[i], b[j], j))
            case let (i?, nil):
                let shape = a[i]
                let point = shape.areaAndCentroid.centroid
                matched.append((shape, shape.collapsed(to: point), b.count + i))
            case let (nil, j?):
                let shape = b[j]
                matched.append((shape.collapsed(to: shape.areaAndCentroid.centroid), shape, j))
            case (nil, nil):
                break
            }
        }
        matched.sort { $0.order < $1.order }
        pairs = matched.map { Self.aligned($0.from, $0.to) }
    }

    /// Which contour of `a` goes with which of `b` (`nil`: grows from or shrinks to a point).
    ///
    /// Equal counts pair by index (the order the author drew them in). Otherwise the contours of
    /// the smaller set, largest area first, each take the closest free contour of the larger set,
    /// by centroid distance and size (`√|area|`) difference; the rest are unmatched.
    static func pairings(_ a: [MorphContour], _ b: [MorphContour]) -> [(from: Int?, to: Int?)] {
        if a.count == b.count { return a.indices.map { ($0, $0) } }
        return pairings(shapes: a.map(\.areaAndCentroid), b.map(\.areaAndCentroid))
    }

    /// ``pairings(_:_:)`` of contours given by their areas and centroids (counts that differ).
    static func pairings(
        shapes aShape: [(area: Double, centroid: Point)], _ bShape: [(area: Double, centroid: Point)]
    ) -> [(from: Int?, to: Int?)] {
        let aIsSmaller = aShape.count < bShape.count
        let small = aIsSmaller ? aShape : bShape
        let large = aIsSmaller ? bShape : aShape
        let order = small.indices.sorted { i, j in
            let (a, b) = (abs(small[i].area), abs(small[j].area))
            return a > b || (a == b && i < j)
        }
        func cost(_ i: Int, _ j: Int) -> Double {
            let offset = (small[i].centroid - large[j].centroid).magnitudeSquared
            let size = abs(small[i].area).squareRoot() - abs(large[j].area).squareRoot()
            return offset + size * size
        }
        var result: [(from: Int?, to: Int?)] = []
        // The same choices as the scan below, in O(n log n) for spread-out shapes.
        if var index = NearestContourIndex(large.map { ($0.centroid.x, $0.centroid.y, abs($0.area).squareRoot()) }),
            small.allSatisfy({ abs($0.centroid.x) < 1e150 && abs($0.centroid.y) < 1e150 && abs($0.area) < 1e300 })
        {
            var taken = [Bool](repeating: false, count: large.count)
            for i in order {
                let query = (small[i].centroid.x, small[i].centroid.y, abs(small[i].area).squareRoot())
                guard let best = index.takeNearest(to: query, cost: { cost(i, $0) }) else { break }
                taken[best] = true
                result.append(aIsSmaller ? (i, best) : (best, i))
            }
            for j in large.indices where !taken[j] {
                result.append(aIsSmaller ? (nil, j) : (j, nil))
            }
            return result
        }
        return scanPairings(small: small, large: large, order: order, aIsSmaller: aIsSmaller)
    }

    /// The pairing by scanning every free contour for each one: O(n²), for shapes whose
    /// coordinates are too large for the index, and the oracle the index is tested against.
    static func scanPairings(
        small: [(area: Double, centroid: Point)], large: [(area: Double, centroid: Point)], order: [Int], aIsSmaller: Bool
    ) -> [(from: Int?, to: Int?)] {
        var taken = [Bool](repeating: false, count: large.count)
        var result: [(from: Int?, to: Int?)] = []
        for i in order {
            var best = -1
            var bestCost = Double.infinity
            for j in large.indices where !taken[j] {
                let offset = (small[i].centroid - large[j].centroid).magnitudeSquared
                let size = abs(small[i].area).squareRoot() - abs(large[j].area).squareRoot()
                var cost = offset + size * size
                if cost.isNaN { cost = .infinity }
                if best < 0 || cost < bestCost {
                    best = j
                    bestCost = cost
                }
            }
            taken[best] = true
            result.append(aIsSmaller ? (i, best) : (best, i))
        }
        for j in large.indices where !taken[j] {
            result.append(aIsSmaller ? (nil, j) : (j, nil))
        }
        return result
    }

    /// The pair with equal segment counts, the start point and direction chosen to minimise the
    /// summed squared distance between corresponding points.
    static func aligned(
        _ from: MorphContour, _ to: MorphContour
    ) -> (from: MorphContour, to: MorphContour) {
        let count = max(from.segmentCount, to.segmentCount)
        var a = from.subdivided(toSegmentCount: count)
        var b = to.subdivided(toSegmentCount: count)
        // The contour that may move: a closed one (from first); else `from`, direction only.
        let movesTo = !a.isClosed && b.isClosed
        var moving = movesTo ? b : a
        let fixed = movesTo ? a : b
        moving = bestAlignment(of: moving, against: fixed)
        if movesTo { b = moving } else { a = moving }
        return (a, b)
    }

    /// The rotation (closed contours) and direction of `moving` closest to `fixed`.
    private static func bestAlignment(
        of moving: MorphContour, against fixed: MorphContour
    ) -> MorphContour {
        let n = moving.segmentCount
        let stride = max(1, n / 256)
        let rotations = moving.isClosed ? n : 1
        var bestCost = Double.infinity
        var best = (rotation: 0, reversed: false)
        let forward = moving.points
        let backward = Array(forward.reversed())
        fixed.points.withUnsafeBufferPointer { target in
            for (isReversed, candidate) in [(false, forward), (true, backward)] {
                candidate.withUnsafeBufferPointer { source in
                    for k in 0..<rotations {
                        var cost = 0.0
                        var segment = 0
                        while segment < n {
                            for j in 0..<3 {
                                let index = 3 * segment + j
                                var shifted = index + 3 * k
                                if shifted >= 3 * n { shifted -= 3 * n }
                                cost += (source[shifted] - target[index]).magnitudeSquared
                            }
                            segment += stride
                            // The cost only grows: a rotation already no better cannot win.
                            if cost >= bestCost { break }
                        }
                        if cost < bestCost {
                            bestCost = cost
                            best = (k, isReversed)
                        }
                    }
                }
            }
        }
        let oriented = best.reversed ? moving.reversed : moving
        return moving.isClosed ? oriented.rotated(bySegments: best.rotation) : oriented
    }
}
