#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The Mann-Whitney U test (Wilcoxon rank-sum test) of two independent samples: does one tend to
/// be larger than the other? It uses ranks only, so a few slow outliers cannot dominate it the
/// way they dominate a mean and standard deviation.
///
/// `U₁ = R₁ − n₁(n₁ + 1)/2`, with `R₁` the sum of the first sample's ranks in the pooled sample
/// (tied values share the average of their ranks). The two-sided p-value is exact, from the
/// distribution of U under the null hypothesis, when both samples have at most
/// ``exactLimit`` values and there are no ties; otherwise it comes from the normal
/// approximation with the tie correction and a continuity correction:
/// `σ² = n₁n₂/12 · ((n + 1) − Σ(t³ − t) / (n(n − 1)))`, `z = (|U₁ − n₁n₂/2| − ½) / σ`,
/// `p = erfc(z / √2)`.
struct MannWhitneyTest: Sendable, Hashable {
    /// The statistic of the first sample, `U₁` (from 0 to n₁n₂).
    var u: Double
    /// `min(U₁, U₂)`, the value printed tables of critical values use.
    var smallerU: Double
    /// The two-sided p-value.
    var pValue: Double
    /// Whether the p-value is exact (or from the normal approximation).
    var isExact: Bool
    /// The sizes of the first and the second sample.
    var firstCount = 0
    var secondCount = 0

    /// Samples this small (both), without ties, get an exact p-value.
    static let exactLimit = 25

    /// Tests `first` against `second`.
    ///
    /// - Complexity: O(n log n) for the ranks; O(n₁ · n₂ · min(n₁, n₂)) for an exact p-value.
    init(_ first: [Double], _ second: [Double]) {
        let n1 = first.count, n2 = second.count
        guard n1 > 0, n2 > 0 else {
            self.init(u: 0, smallerU: 0, pValue: 1, isExact: true)
            (firstCount, secondCount) = (n1, n2)
            return
        }
        let pooled = (first.map { ($0, true) } + second.map { ($0, false) }).sorted { $0.0 < $1.0 }
        var rankSum = 0.0
        var tieTerm = 0.0
        var start = 0
        while start < pooled.count {
            var end = start
            while end + 1 < pooled.count && pooled[end + 1].0 == pooled[start].0 { end += 1 }
            let averageRank = Double(start + end) / 2 + 1
            let tied = Double(end - start + 1)
            tieTerm += tied * tied * tied - tied
            for index in start...end where pooled[index].1 { rankSum += averageRank }
            start = end + 1
        }
        let u1 = rankSum - Double(n1 * (n1 + 1)) / 2
        let product = Double(n1 * n2)
        let smaller = min(u1, product - u1)
        if tieTerm == 0, n1 <= Self.exactLimit, n2 <= Self.exactLimit {
            let p = min(1, 2 * Self.exactLowerTail(Int(smaller.rounded()), n1, n2))
            self.init(u: u1, smallerU: smaller, pValue: p, isExact: true)
            (firstCount, secondCount) = (n1, n2)
            return
        }
        let n = Double(n1 + n2)
        let variance = product / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        guard variance > 0 else {
            self.init(u: u1, smallerU: smaller, pValue: 1, isExact: false)
            (firstCount, secondCount) = (n1, n2)
            return
        }
        let z = max(abs(u1 - product / 2) - 0.5, 0) / variance.squareRoot()
        self.init(u: u1, smallerU: smaller, pValue: min(1, erfc(z / 2.0.squareRoot())), isExact: false)
        (firstCount, secondCount) = (n1, n2)
    }

    private init(u: Double, smallerU: Double, pValue: Double, isExact: Bool) {
        self.u = u
        self.smallerU = smallerU
        self.pValue = pValue
        self.isExact = isExact
    }

    /// `P(U ≤ u)` for samples of `n1` and `n2` values without ties: the number of arrangements
    /// with statistic at most `u` over `C(n₁ + n₂, n₁)`, counted with the recurrence
    /// `f(m, n, u) = f(m − 1, n, u − n) + f(m, n − 1, u)`.
    static func exactLowerTail(_ u: Int, _ n1: Int, _ n2: Int) -> Double {
        guard u >= 0 else { return 0 }
        let maximum = n1 * n2
        if u >= maximum { return 1 }
        // counts[m][v]: arrangements of m first-sample values among the current n second-sample
        // values with statistic v; built up n = 0, 1, ..., n2.
        var counts = [[Double]](repeating: [Double](repeating: 0, count: maximum + 1), count: n1 + 1)
        for m in 0...n1 { counts[m][0] = 1 }  // n = 0: only U = 0
        if n2 > 0 {
            for n in 1...n2 {
                var next = counts
                for m in 1...n1 {
                    for v in 0...maximum {
                        // The largest value is from the second sample (f(m, n − 1, v)) or from
                        // the first, above all n second-sample values (f(m − 1, n, v − n)).
                        let fromSecond = counts[m][v]
                        let fromFirst = v >= n ? next[m - 1][v - n] : 0
                        next[m][v] = fromSecond + fromFirst
                    }
                }
                counts = next
            }
        }
        let row = counts[n1]
        let total = row.reduce(0, +)
        let tail = row[0...u].reduce(0, +)
        return tail / total
    }

    /// The smallest two-sided p-value samples of these sizes can reach (complete separation):
    /// `2 / C(n₁ + n₂, n₁)`. Fewer batches than it takes to go below α cannot show a difference.
    static func smallestPValue(_ n1: Int, _ n2: Int) -> Double {
        guard n1 > 0, n2 > 0 else { return 1 }
        var combinations = 1.0
        for index in 0..<min(n1, n2) {
            combinations = combinations * Double(n1 + n2 - index) / Double(index + 1)
        }
        return min(1, 2 / combinations)
    }
}
