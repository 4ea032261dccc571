/// How much worse a metric may get before `cadence bench --check` calls it a regression (and how
/// much better before it is an improvement): a relative limit in percent, an absolute limit in the
/// metric's unit (``BenchmarkMetric/unit``), or both, in which case a change must exceed both.
///
/// Defaults gate the robust figures: p50 and cpu 3 %, instructions 1 %, allocations 10 % and
/// 0.5 per frame, bytes 10 % and 64 per frame, peak resident memory 10 % and 1 MiB. The tails, p90
/// and p99, are reported but do not gate unless thresholds are given for them: another process on
/// the machine moves them (an unchanged document's p99 rose 36 % with the other core busy, its p50
/// and cpu unchanged). Thresholds given for a metric (in a file, or with `--threshold`, which wins
/// over the file) replace all of that metric's defaults.
struct BenchmarkThresholds: Sendable, Hashable {
    /// The largest thresholds file read (1 MiB; one is a few hundred bytes).
    static var maximumFileSize: Int { 1 << 20 }

    /// The limits of one metric; both `nil`: the metric is reported but never gates.
    struct Limit: Sendable, Hashable {
        /// A relative limit, in percent of the reference value.
        var percent: Double?
        /// An absolute limit, in the metric's unit.
        var absolute: Double?

        /// Whether the metric is gated at all.
        var isSet: Bool { percent != nil || absolute != nil }

        /// Whether a change from `reference` to `value` exceeds every limit set, upwards (`sign`
        /// 1) or downwards (`sign` −1).
        func isExceeded(from reference: Double, to value: Double, sign: Double) -> Bool {
            guard isSet, reference.isFinite, value.isFinite else { return false }
            let change = (value - reference) * sign
            if let percent, !(change > abs(reference) * percent / 100) { return false }
            if let absolute, !(change > absolute) { return false }
            return true
        }

        /// `+3 %`, `+200 ns`, `+3 % and +200 ns`, or `none`.
        func text(for metric: BenchmarkMetric) -> String {
            var parts: [String] = []
            if let percent { parts.append("+" + ReportWriter.fixed(percent, percent < 1 ? 2 : 1) + " %") }
            if let absolute { parts.append("+" + DocumentReport.value(absolute, of: metric)) }
            return parts.isEmpty ? "none" : parts.joined(separator: " and ")
        }
    }

    /// Each metric's limit.
    private(set) var limits: [BenchmarkMetric: Limit]

    /// The defaults.
    static let defaults = BenchmarkThresholds(limits: [
        .p50: Limit(percent: 3), .cpu: Limit(percent: 3),
        .instructions: Limit(percent: 1), .allocations: Limit(percent: 10, absolute: 0.5),
        .bytes: Limit(percent: 10, absolute: 64), .rss: Limit(percent: 10, absolute: 1_048_576),
    ])

    /// The limit of `metric`.
    subscript(metric: BenchmarkMetric) -> Limit {
        get { limits[metric] ?? Limit() }
        set { limits[metric] = newValue }
    }
}
