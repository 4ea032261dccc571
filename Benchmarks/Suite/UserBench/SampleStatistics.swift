/// Descriptive statistics of a sample: percentiles, mean, spread and outliers.
///
/// Percentiles interpolate linearly between order statistics (Hyndman and Fan's type 7, the
/// default of R and NumPy): the p-th percentile of `x₁ ≤ … ≤ xₙ` is `x_{⌊h⌋} + (h − ⌊h⌋)(x_{⌊h⌋+1} − x_{⌊h⌋})`
/// with `h = (n − 1)p + 1`.
enum SampleStatistics {
    /// The `fraction` percentile (0...1) of `values`, or NaN for an empty sample.
    ///
    /// - Complexity: O(n log n) (it sorts a copy).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        percentile(sorted: values.sorted(), fraction)
    }

    /// The `fraction` percentile (0...1) of values already sorted in increasing order.
    static func percentile(sorted values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let position = Double(values.count - 1) * min(max(fraction, 0), 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, values.count - 1)
        return values[lower] + (position - Double(lower)) * (values[upper] - values[lower])
    }

    /// The median, or NaN for an empty sample.
    static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    /// The arithmetic mean, or NaN for an empty sample.
    static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
    }

    /// The sample standard deviation (divisor n − 1), or 0 for fewer than two values.
    static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let average = mean(values)
        let squares = values.reduce(0) { $0 + ($1 - average) * ($1 - average) }
        return (squares / Double(values.count - 1)).squareRoot()
    }

    /// The median absolute deviation from the median.
    static func medianAbsoluteDeviation(_ values: [Double]) -> Double {
        let center = median(values)
        return median(values.map { abs($0 - center) })
    }

    /// Iglewicz and Hoaglin's modified z-scores, `0.6745 (xᵢ − median) / MAD`; all 0 when the MAD
    /// is 0 (more than half the values are equal), so that equal values are never outliers.
    static func modifiedZScores(_ values: [Double]) -> [Double] {
        let center = median(values)
        let deviation = medianAbsoluteDeviation(values)
        guard deviation > 0, deviation.isFinite else { return values.map { _ in 0 } }
        return values.map { 0.6745 * ($0 - center) / deviation }
    }

    /// The indices of the values whose modified z-score exceeds `limit` in absolute value
    /// (Iglewicz and Hoaglin recommend 3.5).
    static func outlierIndices(_ values: [Double], limit: Double = 3.5) -> [Int] {
        modifiedZScores(values).enumerated().filter { abs($0.element) > limit }.map(\.offset)
    }
}
