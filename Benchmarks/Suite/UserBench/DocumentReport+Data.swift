extension DocumentReport {
    /// The report as JSON: settings, machine, every workload's figures and per-batch samples, the
    /// comparison and the warnings.
    func json() -> String {
        let q = ReportWriter.quoted
        let n = ReportWriter.number
        var text = "{\n  \"command\": \(q(commandLine)),\n  \"seed\": \(seed),\n  \"alpha\": \(n(alpha)),\n"
        text += "  \"machine\": {\"cpu\": \(q(machine.cpu)), \"cores\": \(machine.cores), \"system\": \(q(machine.system))},\n"
        text += "  \"build\": \(q(build)),\n  \"loadAverage\": \(load.map(n) ?? "null"),\n"
        text += "  \"instructions\": \(q(instructionsUnavailable.map { "n/a: " + $0 } ?? "counted")),\n"
        text += "  \"speedProbeNanoseconds\": \(speed.isEmpty ? "null" : n(SampleStatistics.median(speed))), "
        text += "\"speedChangePercentAgainstBaseline\": \(speedChangePercent.map(n) ?? "null"),\n"
        text += "  \"workloads\": [\n"
        text += labelledMeasurements.map { label, measurement in
            var fields = [
                "\"name\": \(q(label))", "\"fingerprint\": \(q(measurement.fingerprint))",
                "\"frames\": \(measurement.frames)", "\"valuesPerFrame\": \(measurement.valuesPerFrame)",
                "\"batches\": \(measurement.batchCount)", "\"passesPerBatch\": \(measurement.passesPerBatch)",
            ]
            let metrics = BenchmarkMetric.allCases.map { "\"\($0.rawValue)\": \(measurement.value(of: $0).map(n) ?? "null")" }
            fields.append("\"metrics\": {" + metrics.joined(separator: ", ") + "}")
            fields.append("\"nanosecondsPerValue\": \(measurement.nanosecondsPerValue.map(n) ?? "null")")
            fields.append("\"framesPerSecond\": \(measurement.framesPerSecond.map(n) ?? "null")")
            fields.append("\"heapGrowthBytesPerFrame\": \(measurement.heapGrowthPerFrame.map(n) ?? "null")")
            fields.append("\"outlierBatches\": [" + measurement.outlierBatches.map { "\($0)" }.joined(separator: ", ") + "]")
            let samples = BenchmarkMetric.allCases.compactMap { metric in
                measurement.samples[metric].map { "\"\(metric.rawValue)\": [" + $0.map(n).joined(separator: ", ") + "]" }
            }
            fields.append("\"samples\": {" + samples.joined(separator: ", ") + "}")
            return "    {" + fields.joined(separator: ", ") + "}"
        }.joined(separator: ",\n")
        text += "\n  ],\n"
        if let summary {
            text += "  \"comparison\": {\"reference\": \(q(summary.referenceName)), \"verdict\": \(q(summary.verdictText)), "
            text += "\"exitStatus\": \(summary.exitStatus), \"alpha\": \(n(summary.alpha)), "
            text += "\"gatingTests\": \(summary.tests), \"alphaPerTest\": \(n(summary.testAlpha)), \"results\": [\n"
            text += summary.comparisons.map { comparison in
                let fields = [
                    "\"workload\": \(q(comparison.workload))", "\"metric\": \(q(comparison.metric.rawValue))",
                    "\"unit\": \(q(comparison.metric.unit))", "\"reference\": \(n(comparison.reference))",
                    "\"value\": \(n(comparison.value))", "\"changePercent\": \(n(comparison.changePercent))",
                    "\"pValue\": \(comparison.test.map { n($0.pValue) } ?? "null")",
                    "\"exactPValue\": \(comparison.test.map { "\($0.isExact)" } ?? "null")",
                    "\"thresholdPercent\": \(comparison.limit.percent.map(n) ?? "null")",
                    "\"thresholdAbsolute\": \(comparison.limit.absolute.map(n) ?? "null")",
                    "\"verdict\": \(q(comparison.verdict.rawValue))",
                ]
                return "      {" + fields.joined(separator: ", ") + "}"
            }.joined(separator: ",\n")
            text += "\n  ]},\n"
        }
        text += "  \"warnings\": [" + warnings.map(q).joined(separator: ", ") + "]\n}\n"
        return text
    }

    /// The report as CSV: one row per workload and metric, with the comparison's columns when
    /// there is one. Times in nanoseconds per frame, the units of the `unit` column otherwise.
    func csv() -> String {
        var lines = ["workload,metric,unit,value,reference,change_percent,p_value,threshold,verdict"]
        for (label, measurement) in labelledMeasurements {
            for metric in BenchmarkMetric.allCases {
                let comparison = summary?.comparisons.first { $0.workload == measurement.name && $0.metric == metric && label == measurement.name }
                let cells = [
                    Self.csvCell(label), metric.rawValue, metric.unit,
                    measurement.value(of: metric).map(ReportWriter.number) ?? "",
                    comparison.map { ReportWriter.number($0.reference) } ?? "",
                    comparison.map { ReportWriter.number($0.changePercent) } ?? "",
                    comparison?.test.map { ReportWriter.number($0.pValue) } ?? "",
                    comparison.map { Self.csvCell($0.limit.text(for: metric)) } ?? "",
                    comparison?.verdict.rawValue ?? "",
                ]
                lines.append(cells.joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A CSV cell, quoted when it holds a comma, a quote or a line break.
    static func csvCell(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return text }
        var result = "\""
        for character in text { result += character == "\"" ? "\"\"" : String(character) }
        return result + "\""
    }

    /// hyperfine's `--export-json` format, so that its plotting scripts work unchanged: one result
    /// per workload, a "run" being one pass over every frame, times in seconds.
    func hyperfine() -> String {
        let n = ReportWriter.number
        let results = labelledMeasurements.map { label, measurement in
            let times = measurement.passSeconds
            let fields = [
                "\"command\": \(ReportWriter.quoted(label))",
                "\"mean\": \(n(SampleStatistics.mean(times)))",
                "\"stddev\": \(n(SampleStatistics.standardDeviation(times)))",
                "\"median\": \(n(SampleStatistics.median(times)))",
                "\"user\": \(n(SampleStatistics.mean(measurement.userSeconds)))",
                "\"system\": \(n(SampleStatistics.mean(measurement.systemSeconds)))",
                "\"min\": \(n(times.min() ?? .nan))", "\"max\": \(n(times.max() ?? .nan))",
                "\"times\": [" + times.map(n).joined(separator: ", ") + "]",
                "\"exit_codes\": [" + times.map { _ in "0" }.joined(separator: ", ") + "]",
            ]
            return "    {\n      " + fields.joined(separator: ",\n      ") + "\n    }"
        }
        return "{\n  \"results\": [\n" + results.joined(separator: ",\n") + "\n  ]\n}\n"
    }
}
