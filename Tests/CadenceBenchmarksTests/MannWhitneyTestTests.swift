import Foundation
import Testing

@testable import CadenceBenchmarks

/// The Mann-Whitney U test against hand-computed values and published tables of critical values.
@Suite("Mann-Whitney U test")
struct MannWhitneyTestTests {
    @Test("exact p-values: complete separation and small hand-counted cases")
    func exactSmallSamples() {
        let separated = MannWhitneyTest([1, 2, 3], [4, 5, 6])
        #expect(separated.u == 0 && separated.isExact)
        #expect(abs(separated.pValue - 0.1) < 1e-12)  // 2 × 1 / C(6, 3)
        let five = MannWhitneyTest([10, 11, 12, 13, 14], [1, 2, 3, 4, 5])
        #expect(five.u == 25 && five.smallerU == 0)
        #expect(abs(five.pValue - 2.0 / 252) < 1e-12)
        // U = 1 for [1, 3] against [2, 4, 5]: P(U <= 1) = 2 / C(5, 2) = 0.2, two-sided 0.4.
        #expect(abs(MannWhitneyTest([1, 3], [2, 4, 5]).pValue - 0.4) < 1e-12)
        #expect(MannWhitneyTest.smallestPValue(5, 5) == 2.0 / 252)
    }

    /// Two-sided critical values of U for equal samples, as printed in standard tables: the
    /// largest U with p <= α.
    @Test(
        "the exact distribution reproduces published critical values",
        arguments: [(5, 0.05, 2), (8, 0.05, 13), (10, 0.05, 23), (10, 0.01, 16), (20, 0.05, 127), (20, 0.01, 105)])
    func criticalValues(n: Int, alpha: Double, critical: Int) {
        #expect(2 * MannWhitneyTest.exactLowerTail(critical, n, n) <= alpha)
        #expect(2 * MannWhitneyTest.exactLowerTail(critical + 1, n, n) > alpha)
    }

    @Test("ties: average ranks, tie-corrected variance, continuity correction (hand-computed)")
    func ties() {
        // Pooled ranks: 1 → 1; 2, 2, 2 → 3; 3, 3 → 5.5; 4 → 7; 5 → 8. R₁ = 1 + 3 + 3 + 5.5 = 12.5,
        // U₁ = 12.5 − 10 = 2.5. σ² = 16/12 · (9 − (24 + 6)/56) = 11.285714…,
        // z = (|2.5 − 8| − 0.5)/σ = 1.488351…, p = erfc(z/√2) = 0.136658…
        let test = MannWhitneyTest([1, 2, 2, 3], [2, 3, 4, 5])
        #expect(test.u == 2.5 && !test.isExact)
        #expect(abs(test.pValue - 0.1366582477) < 1e-9)
        #expect(MannWhitneyTest([3, 3, 3], [3, 3]).pValue == 1)  // all tied
    }

    @Test("the normal approximation agrees with the exact distribution at n = 25")
    func approximationAgrees() {
        let first = (0..<25).map { Double($0 * 2) }
        let second = (0..<25).map { Double($0 * 2 + 17) }
        let exact = MannWhitneyTest(first, second)
        let approximate = MannWhitneyTest(first + [1000], second + [1001])  // 26: approximation
        #expect(exact.isExact && !approximate.isExact)
        #expect(exact.pValue < 0.05 && approximate.pValue < 0.05)
        // Exact p for U = 153 of 625 against the approximation, same data without the extremes.
        let approximated = 2 * (1 - normalCDF((312.5 - exact.smallerU - 0.5) / (625.0 * 51 / 12).squareRoot()))
        #expect(abs(exact.pValue - approximated) < 0.003)
    }

    private func normalCDF(_ z: Double) -> Double {
        // Abramowitz and Stegun 26.2.17, |error| < 7.5e-8.
        let t = 1 / (1 + 0.2316419 * abs(z))
        let density = 0.3989422804014327 * Foundation.exp(-z * z / 2)
        let tail = density * t * (0.319381530 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))))
        return z >= 0 ? 1 - tail : tail
    }
}
