import Testing

@testable import CadenceBenchmarks

/// Percentiles, spread and outliers against hand-computed values.
@Suite("Sample statistics")
struct SampleStatisticsTests {
    @Test("percentiles interpolate linearly between order statistics (type 7)")
    func percentiles() {
        #expect(SampleStatistics.percentile([4, 1, 3, 2], 0.5) == 2.5)
        #expect(abs(SampleStatistics.percentile([1, 2, 3, 4], 0.9) - 3.7) < 1e-12)  // h = 2.7
        #expect(abs(SampleStatistics.percentile((1...100).map(Double.init), 0.99) - 99.01) < 1e-9)
        #expect(SampleStatistics.percentile([7], 0.99) == 7)
        #expect(SampleStatistics.percentile([], 0.5).isNaN)
        #expect(abs(SampleStatistics.standardDeviation([2, 4, 4, 4, 5, 5, 7, 9]) - 2.138089935) < 1e-8)
    }

    @Test("modified z-scores flag what lies beyond 3.5 (Iglewicz and Hoaglin)")
    func outliers() {
        // median 3, absolute deviations 2, 1, 0, 1, 97: MAD 1, so M = 0.6745 (x - 3).
        let scores = SampleStatistics.modifiedZScores([1, 2, 3, 4, 100])
        #expect(abs(scores[0] + 1.349) < 1e-12 && abs(scores[4] - 65.4265) < 1e-9)
        #expect(SampleStatistics.outlierIndices([1, 2, 3, 4, 100]) == [4])
        // 8 is 0.6745 × 5 / 1 = 3.37 away: not an outlier; 9 is 4.05: one.
        #expect(SampleStatistics.outlierIndices([2, 3, 3, 4, 8]).isEmpty)
        #expect(SampleStatistics.outlierIndices([2, 3, 3, 4, 9]) == [4])
        #expect(SampleStatistics.outlierIndices([5, 5, 5, 5, 6]).isEmpty)  // MAD 0: nothing flagged
    }
}
