/// The results of `cadence bench FILE…` as people and programs read them: a table (also in
/// Markdown), CSV, JSON, and hyperfine's JSON export.
struct DocumentReport: Sendable {
    var commandLine: String
    var seed: UInt64
    var alpha: Double
    var machine: MachineIdentity
    var build: String
    var load: Double?
    /// Why instructions per frame are not available, or `nil` when they are counted.
    var instructionsUnavailable: String?
    var measurements: [WorkloadMeasurement]
    /// The `--compare` document, measured interleaved with the workload.
    var reference: WorkloadMeasurement?
    var summary: ComparisonSummary?
    var warnings: [String] = []
    var check: Bool
    /// The ``SpeedProbe`` samples of this run and of the baseline, if any.
    var speed: [Double] = []
    var baselineSpeed: [Double] = []

    /// How much slower (positive) the machine ran than when the baseline was recorded, in percent.
    var speedChangePercent: Double? { SpeedProbe.changePercent(speed, from: baselineSpeed) }

    /// The metrics the table shows per workload, with their headers.
    static let columns: [(BenchmarkMetric, String)] = [
        (.p50, "p50"), (.p90, "p90"), (.p99, "p99"), (.cpu, "cpu/frame"), (.allocations, "allocs/frame"),
        (.bytes, "bytes/frame"), (.instructions, "instr/frame"),
    ]

    /// Every measured workload with its label (the reference marked as such).
    var labelledMeasurements: [(String, WorkloadMeasurement)] {
        measurements.map { ($0.name, $0) } + (reference.map { [($0.name + " (reference)", $0)] } ?? [])
    }

    /// The run's header line.
    var headline: String {
        let batches = measurements.first?.batchCount ?? 0
        var text = "cadence bench: \(batches) batches per workload in random order (seed \(seed)), \(build) build, "
        text += machine.description
        if let load { text += ", load \(ReportWriter.fixed(load, 2))" }
        return text
    }

    /// The report as a table (`markdown`: as Markdown tables).
    func table(markdown: Bool) -> String {
        var header = ["workload", "frames", "batches"] + Self.columns.map(\.1) + ["ns/value", "frames/s", "outliers"]
        var rows: [[String]] = labelledMeasurements.map { label, measurement in
            [label, "\(measurement.frames)", "\(measurement.batchCount)×\(measurement.passesPerBatch)"]
                + Self.columns.map { metric, _ in measurement.value(of: metric).map { Self.value($0, of: metric) } ?? "n/a" }
                + [measurement.nanosecondsPerValue.map { ReportWriter.fixed($0, 2) } ?? "n/a",
                   measurement.framesPerSecond.map(ReportWriter.rate) ?? "n/a",
                   "\(measurement.outlierBatches.count)"]
        }
        var text = (markdown ? "" : headline + "\n") + Self.render([header] + rows, markdown: markdown)
        let peak = measurements.first?.peakResidentBytes
        text += "peak resident memory (process): \(peak.map { Self.value($0, of: .rss) } ?? "n/a")\n"
        if let reason = instructionsUnavailable { text += "instructions per frame: n/a (\(reason))\n" }
        if let change = speedChangePercent {
            text += "machine speed probe: \(Self.value(SampleStatistics.median(speed), of: .p50)), "
            text += "\(Self.percent(change)) against the baseline's \(Self.value(SampleStatistics.median(baselineSpeed), of: .p50))\n"
        }
        guard let summary else { return text }
        text += "\ncompared with \(summary.referenceName) at α = \(ReportWriter.number(alpha))"
        text += summary.tests > 1 ? " (\(summary.tests) tests at α/\(summary.tests) each):\n" : ":\n"
        header = ["workload", "metric", "reference", "current", "change", "p-value", "threshold", "verdict"]
        rows = summary.comparisons.map { comparison in
            let metric = comparison.metric
            return [
                comparison.workload, metric.rawValue, Self.value(comparison.reference, of: metric),
                Self.value(comparison.value, of: metric), Self.percent(comparison.changePercent),
                comparison.test.map { Self.pValue($0.pValue) } ?? "-", comparison.limit.text(for: metric),
                comparison.verdict == .regression || comparison.verdict == .improvement
                    ? comparison.verdict.rawValue.uppercased() : comparison.verdict.rawValue,
            ]
        }
        text += Self.render([header] + rows, markdown: markdown)
        text += "verdict: \(summary.verdictText)"
        text += check ? " (exit status \(summary.exitStatus))\n" : "\n"
        return text
    }

    /// Rows as aligned columns or as a Markdown table.
    static func render(_ rows: [[String]], markdown: Bool) -> String {
        if markdown {
            var lines = rows.map { "| " + $0.map { $0.replacingPipes() }.joined(separator: " | ") + " |" }
            lines.insert("|" + rows[0].map { _ in " --- |" }.joined(), at: 1)
            return lines.joined(separator: "\n") + "\n\n"
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            let line = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 || column == row.count - 1 ? cell + padding : padding + cell
            }.joined(separator: "  ")
            return String(line.reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n") + "\n"
    }

    /// A metric's value with its unit: `12.3 µs`, `0.50`, `64.0 B`, `23.4 MiB`, `12.3 k`.
    static func value(_ value: Double, of metric: BenchmarkMetric) -> String {
        guard value.isFinite else { return "n/a" }
        switch metric {
        case .p50, .p90, .p99, .cpu:
            if value >= 1e9 { return ReportWriter.fixed(value / 1e9, 2) + " s" }
            if value >= 1e6 { return ReportWriter.fixed(value / 1e6, 2) + " ms" }
            if value >= 1e3 { return ReportWriter.fixed(value / 1e3, 2) + " µs" }
            return ReportWriter.fixed(value, 0) + " ns"
        case .instructions: return ReportWriter.rate(value)
        case .allocations: return ReportWriter.fixed(value, 2)
        case .bytes: return ReportWriter.fixed(value, 1) + " B"
        case .rss: return ReportWriter.fixed(value / 1_048_576, 1) + " MiB"
        }
    }

    /// `+4.2 %`.
    static func percent(_ value: Double) -> String {
        guard value.isFinite else { return value > 0 ? "+inf" : "n/a" }
        return (value >= 0 ? "+" : "") + ReportWriter.fixed(value, 1) + " %"
    }

    /// `0.0032`, or `< 0.0001`.
    static func pValue(_ value: Double) -> String {
        value < 0.0001 ? "< 0.0001" : ReportWriter.fixed(value, 4)
    }
}

extension String {
    /// The text with `|` escaped for a Markdown table cell.
    func replacingPipes() -> String {
        var result = ""
        for character in self { result += character == "|" ? "\\|" : String(character) }
        return result
    }
}
