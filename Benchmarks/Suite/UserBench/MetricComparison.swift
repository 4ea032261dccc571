/// One metric of one workload compared with its reference (another document run interleaved, or
/// a baseline), and the verdict.
///
/// A metric **regresses** when its value got worse by more than every threshold set for it and,
/// for a noisy metric (times, instructions), the Mann-Whitney U test of the per-batch samples
/// rejects "no difference" at α. An **improvement** is the same downwards. The value compared is
/// the median of the batches (for p50 / p90 / p99: of the batches' percentiles), so that a few
/// disturbed batches move neither the estimate nor the test.
struct MetricComparison: Sendable {
    /// What a comparison found.
    enum Verdict: String, Sendable {
        /// Worse beyond the thresholds, and significant.
        case regression
        /// Better beyond the thresholds, and significant.
        case improvement
        /// Within the thresholds, or not significant.
        case unchanged
        /// Beyond a threshold, but too few batches or too much noise to be significant.
        case undecided
        /// No thresholds: reported, never gating.
        case reported
    }

    var workload: String
    var metric: BenchmarkMetric
    /// The reference's figure and this run's.
    var reference: Double
    var value: Double
    /// The test, for noisy metrics with samples on both sides.
    var test: MannWhitneyTest?
    var limit: BenchmarkThresholds.Limit
    var verdict: Verdict

    /// The relative change in percent.
    var changePercent: Double {
        reference == 0 ? (value == 0 ? 0 : .infinity) : (value - reference) / abs(reference) * 100
    }

    /// Compares `metric`'s figures and samples.
    ///
    /// - Parameters:
    ///   - reference: The reference's figure and per-batch samples.
    ///   - current: This run's figure and per-batch samples.
    init(
        workload: String, metric: BenchmarkMetric, reference: (value: Double, samples: [Double]?),
        current: (value: Double, samples: [Double]?), limit: BenchmarkThresholds.Limit, alpha: Double
    ) {
        self.workload = workload
        self.metric = metric
        self.reference = reference.value
        self.value = current.value
        self.limit = limit
        if metric.isNoisy, let before = reference.samples, let after = current.samples, !before.isEmpty, !after.isEmpty {
            test = MannWhitneyTest(before, after)
        }
        let worse = limit.isExceeded(from: reference.value, to: current.value, sign: 1)
        let better = limit.isExceeded(from: reference.value, to: current.value, sign: -1)
        let significant = !metric.isNoisy || (test.map { $0.pValue < alpha } ?? false)
        if !limit.isSet {
            verdict = .reported
        } else if !worse && !better {
            verdict = .unchanged
        } else if !significant {
            verdict = .undecided
        } else {
            verdict = worse ? .regression : .improvement
        }
    }
}
