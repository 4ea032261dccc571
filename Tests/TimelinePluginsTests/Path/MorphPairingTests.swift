import Testing
import Timeline
@testable import TimelinePlugins

/// Sub-path pairing of morphs with different sub-path counts: the k-d index chooses exactly what
/// scanning every free contour chooses (issue 28, item 8: the scan was quadratic).
@Suite("Morph sub-path pairing")
struct MorphPairingTests {
    typealias Shape = (area: Double, centroid: Point)

    /// The scan, as the oracle: the smaller set largest area first, each taking its cheapest free
    /// contour of the larger set.
    func scanned(_ a: [Shape], _ b: [Shape]) -> [(from: Int?, to: Int?)] {
        let aIsSmaller = a.count < b.count
        let small = aIsSmaller ? a : b
        let order = small.indices.sorted { i, j in
            let (x, y) = (abs(small[i].area), abs(small[j].area))
            return x > y || (x == y && i < j)
        }
        return MorphPlan.scanPairings(small: small, large: aIsSmaller ? b : a, order: order, aIsSmaller: aIsSmaller)
    }

    func same(_ x: [(from: Int?, to: Int?)], _ y: [(from: Int?, to: Int?)]) -> Bool {
        x.count == y.count && zip(x, y).allSatisfy { $0.from == $1.from && $0.to == $1.to }
    }

    @Test(arguments: 1...30 as ClosedRange<UInt64>)
    func theIndexChoosesWhatTheScanChooses(seed: UInt64) {
        var random = SplitMix64(state: seed)
        // Spread out, clustered on a grid (many exact ties), and duplicated.
        let grid = seed % 3 == 0
        func shape() -> Shape {
            if grid {
                return (Double(Int.random(in: 1...3, using: &random)),
                        Point(x: Double(Int.random(in: 0...4, using: &random)), y: Double(Int.random(in: 0...4, using: &random))))
            }
            return (random.uniform(-500...500), Point(x: random.uniform(-1000...1000), y: random.uniform(-1000...1000)))
        }
        let small = (0..<Int.random(in: 1...60, using: &random)).map { _ in shape() }
        var large = (0..<(small.count + Int.random(in: 1...80, using: &random))).map { _ in shape() }
        if seed % 5 == 0 { large += large.prefix(10) }
        for (a, b) in [(small, large), (large, small)] {
            let indexed = MorphPlan.pairings(shapes: a, b)
            #expect(same(indexed, scanned(a, b)), "seed \(seed)")
        }
    }

    @Test func identicalSquaresPairInOrder() {
        // The audit's 16 MB document: 900,000 identical squares against 899,999 (here fewer).
        let square: Shape = (1, Point(x: 0.5, y: 0.5))
        let a = Array(repeating: square, count: 2_000), b = Array(repeating: square, count: 1_999)
        let pairs = MorphPlan.pairings(shapes: a, b)
        #expect(same(pairs, scanned(a, b)))
        #expect(pairs.prefix(3).map(\.from) == [0, 1, 2] && pairs.prefix(3).map(\.to) == [0, 1, 2])
        #expect(pairs.last.map { $0.from == 1_999 && $0.to == nil } == true)
    }

    @Test func hugeCoordinatesFallBackToTheScan() {
        let a: [Shape] = [(1, Point(x: 1e200, y: 0)), (2, Point(x: -1e200, y: 3))]
        let b: [Shape] = [(1, Point(x: 1e200, y: 1))]
        #expect(same(MorphPlan.pairings(shapes: a, b), scanned(a, b)))
    }
}
