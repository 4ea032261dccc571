import Timeline

/// The contours of the larger set of a morph, searched for the free one nearest to a contour of
/// the smaller set: a k-d tree over `(centroid x, centroid y, √|area|)`, so that pairing n sub-paths
/// costs O(n log n) for spread-out shapes instead of the O(n²) of scanning every free contour.
///
/// It finds exactly what the scan finds: the free contour of least cost, and of those the lowest
/// index. The cost is computed by the caller's closure, the very expression the scan evaluates, so
/// the two agree bit for bit; the tree only skips subtrees whose lower bound (the squared distance
/// to the splitting plane) exceeds the best cost found, with a margin far wider than rounding.
/// Contours at exactly the same coordinates share a node, taken lowest index first, so a thousand
/// identical squares cost a thousand steps, not a million.
struct NearestContourIndex {
    /// A node: one distinct point and its contours (ascending indices, `next` the first free one).
    private struct Node {
        var x: Double
        var y: Double
        var s: Double
        var first: Int
        var end: Int
        var next: Int
    }

    private var nodes: [Node] = []
    /// The contours' indices, grouped by node.
    private var members: [Int] = []
    /// Free contours in the subtree whose root is at each position of `nodes` (the tree is
    /// implicit: the range `lo..<hi` has its root at `(lo + hi) / 2`).
    private var free: [Int] = []

    /// Builds the index over points `(x, y, s)`, one per contour, or returns `nil` when a
    /// coordinate is not finite or so large that squaring it could overflow (the scan handles
    /// those).
    init?(_ points: [(x: Double, y: Double, s: Double)]) {
        guard points.allSatisfy({ abs($0.x) < 1e150 && abs($0.y) < 1e150 && abs($0.s) < 1e150 }) else { return nil }
        // Group equal points, lowest index first.
        let order = points.indices.sorted { i, j in
            let (a, b) = (points[i], points[j])
            if a.x != b.x { return a.x < b.x }
            if a.y != b.y { return a.y < b.y }
            if a.s != b.s { return a.s < b.s }
            return i < j
        }
        var index = 0
        while index < order.count {
            let point = points[order[index]]
            let first = members.count
            while index < order.count, points[order[index]] == point {
                members.append(order[index])
                index += 1
            }
            nodes.append(Node(x: point.x, y: point.y, s: point.s, first: first, end: members.count, next: first))
        }
        free = Array(repeating: 0, count: nodes.count)
        build(0, nodes.count, axis: 0)
    }

    private mutating func build(_ lo: Int, _ hi: Int, axis: Int) {
        guard lo < hi else { return }
        let mid = (lo + hi) / 2
        // A median split: sorting the range costs O(n log n) a level, O(n log² n) in all.
        nodes[lo..<hi].sort { Self.coordinate($0, axis) < Self.coordinate($1, axis) }
        build(lo, mid, axis: (axis + 1) % 3)
        build(mid + 1, hi, axis: (axis + 1) % 3)
        var count = nodes[mid].end - nodes[mid].first
        if lo < mid { count += free[(lo + mid) / 2] }
        if mid + 1 < hi { count += free[(mid + 1 + hi) / 2] }
        free[mid] = count
    }

    private static func coordinate(_ node: Node, _ axis: Int) -> Double {
        axis == 0 ? node.x : axis == 1 ? node.y : node.s
    }

    /// Takes the free contour of least `cost` (lowest index among equal costs) nearest to
    /// `(x, y, s)`, and returns its index.
    ///
    /// - Parameter cost: The cost of pairing with contour `j`, as the scan computes it (NaN counts
    ///   as infinite).
    mutating func takeNearest(to query: (x: Double, y: Double, s: Double), cost: (Int) -> Double) -> Int? {
        var best = (cost: Double.infinity, index: Int.max, node: -1)
        search(0, nodes.count, axis: 0, query, cost, &best)
        guard best.node >= 0 else { return nil }
        take(best.node)
        return best.index
    }

    private func search(
        _ lo: Int, _ hi: Int, axis: Int, _ query: (x: Double, y: Double, s: Double), _ cost: (Int) -> Double,
        _ best: inout (cost: Double, index: Int, node: Int)
    ) {
        guard lo < hi else { return }
        let mid = (lo + hi) / 2
        guard free[mid] > 0 else { return }
        let node = nodes[mid]
        if node.next < node.end {
            let index = members[node.next]
            var value = cost(index)
            if value.isNaN { value = .infinity }
            if value < best.cost || (value == best.cost && index < best.index) { best = (value, index, mid) }
        }
        let q = axis == 0 ? query.x : axis == 1 ? query.y : query.s
        let distance = q - Self.coordinate(node, axis)
        let (near, far) = distance < 0 ? ((lo, mid), (mid + 1, hi)) : ((mid + 1, hi), (lo, mid))
        let next = (axis + 1) % 3
        search(near.0, near.1, axis: next, query, cost, &best)
        // Every point beyond the plane costs at least distance²; keep ties (and a margin for
        // rounding) reachable.
        if !(distance * distance > best.cost * (1 + 1e-9) + 1e-300) {
            search(far.0, far.1, axis: next, query, cost, &best)
        }
    }

    /// Marks the first free contour of the node at position `target` taken.
    private mutating func take(_ target: Int) {
        nodes[target].next += 1
        var lo = 0
        var hi = nodes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            free[mid] -= 1
            if mid == target { return }
            // The target's position decides the side: the tree is implicit over positions.
            if target < mid { hi = mid } else { lo = mid + 1 }
        }
    }
}
