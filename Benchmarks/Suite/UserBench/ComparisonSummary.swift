/// Every comparison of a run, and the exit status of `--check`.
struct ComparisonSummary: Sendable {
    /// What the run was compared with: `OTHER.json` or `baseline 'main'`.
    var referenceName: String
    var comparisons: [MetricComparison]
    /// The family-wise significance level, and the level of each of the `tests` gating tests.
    var alpha: Double
    var testAlpha: Double
    var tests: Int

    /// 2 on any regression, else 4 on any improvement, else 0.
    var exitStatus: Int32 {
        if comparisons.contains(where: { $0.verdict == .regression }) { return 2 }
        if comparisons.contains(where: { $0.verdict == .improvement }) { return 4 }
        return 0
    }

    /// The verdict in words.
    var verdictText: String {
        switch exitStatus {
        case 2: "regression"
        case 4: "improvement only"
        default: "no change beyond the thresholds"
        }
    }

    /// Compares each metric of `current` with `reference`.
    static func compare(
        _ current: WorkloadMeasurement, with reference: WorkloadMeasurement, metrics: [BenchmarkMetric],
        thresholds: BenchmarkThresholds, alpha: Double
    ) -> [MetricComparison] {
        metrics.compactMap { metric in
            guard let before = reference.value(of: metric), let after = current.value(of: metric) else { return nil }
            return MetricComparison(
                workload: current.name, metric: metric, reference: (before, reference.samples[metric]),
                current: (after, current.samples[metric]), limit: thresholds[metric], alpha: alpha)
        }
    }
}
