import Timeline
import TimelinePlugins
import TimelineHost

extension DocumentBenchmark {
    /// What differs between a baseline and this run, as warnings; a workload the baseline lacks,
    /// or another machine under `--strict-machine`, is an error.
    static func baselineWarnings(
        _ baseline: BenchmarkBaseline, request: DocumentBenchmarkRequest, machine: MachineIdentity
    ) throws(BenchmarkFailure) -> [String] {
        var warnings: [String] = []
        let path = BenchmarkBaseline.path(name: baseline.name, directory: request.baselineDirectory)
        if !machine.isComparable(with: baseline.machine) {
            let message = "baseline '\(baseline.name)' was recorded on another machine (\(baseline.machine.description)); this is \(machine.description): timings across machines are not comparable"
            if request.strictMachine { throw BenchmarkFailure(message + " (--strict-machine)") }
            warnings.append(message)
        }
        let build = BenchmarkSuite.isDebugBuild ? "debug" : "release"
        if baseline.build != build {
            warnings.append("baseline '\(baseline.name)' comes from a \(baseline.build) build, this is a \(build) build")
        }
        if baseline.cadenceVersion != CadenceRelease.version {
            warnings.append("baseline '\(baseline.name)' was recorded by cadence \(baseline.cadenceVersion), this is \(CadenceRelease.version)")
        }
        for workload in request.workloads {
            guard let stored = baseline.workloads.first(where: { $0.name == workload.name }) else {
                let names = baseline.workloads.map(\.name).joined(separator: ", ")
                throw BenchmarkFailure(
                    "baseline '\(baseline.name)' (\(path)) has no workload '\(workload.name)'; it has: \(names.isEmpty ? "none" : names). Record it with --save-baseline")
            }
            if stored.fingerprint != workload.fingerprint {
                warnings.append("\(workload.name) changed since baseline '\(baseline.name)' was recorded (its contents differ)")
            }
            if stored.frames != workload.framesPerPass {
                warnings.append("\(workload.name) has \(workload.framesPerPass) frames per pass, the baseline \(stored.frames): per-frame figures still compare")
            }
        }
        return warnings
    }

    /// Warnings about the measurement itself: outliers, too few batches, undecided changes.
    static func runWarnings(_ report: DocumentReport) -> [String] {
        var warnings: [String] = []
        if let change = report.speedChangePercent, abs(change) > SpeedProbe.warningPercent {
            warnings.append("this machine ran a fixed probe \(DocumentReport.percent(abs(change)).dropFirst()) \(change > 0 ? "slower" : "faster") than when the baseline was recorded: time comparisons with it are unreliable (allocations, bytes and instructions are not affected); compare on a quiet machine, or interleaved with --compare")
        }
        for (label, measurement) in report.labelledMeasurements {
            let outliers = measurement.outlierBatches.count
            if outliers * 20 > measurement.batchCount {
                warnings.append("\(label): \(outliers) of \(measurement.batchCount) batches are outliers (modified z-score > 3.5): the machine was disturbed during the run, or the document's speed depends on where it lands in memory")
            }
        }
        guard let summary = report.summary else { return warnings }
        if let test = summary.comparisons.compactMap(\.test).first {
            let reachable = MannWhitneyTest.smallestPValue(test.firstCount, test.secondCount)
            if reachable >= summary.testAlpha {
                warnings.append("too few batches to decide: \(test.secondCount) against \(test.firstCount) cannot reach p < \(ReportWriter.number(summary.testAlpha)) (the smallest possible p is \(DocumentReport.pValue(reachable))); use --batches 10 or more")
            }
        }
        for comparison in summary.comparisons where comparison.verdict == .undecided {
            warnings.append("\(comparison.workload) \(comparison.metric.rawValue) changed by \(DocumentReport.percent(comparison.changePercent)) but p = \(comparison.test.map { DocumentReport.pValue($0.pValue) } ?? "n/a") is not below α = \(ReportWriter.number(summary.testAlpha)): too short or too noisy to decide (it does not fail --check); run more --batches")
        }
        return warnings
    }

    /// Prints the report in the requested format, its warnings on standard error, and the files.
    static func write(_ report: DocumentReport, request: DocumentBenchmarkRequest, console: BenchmarkConsole) throws {
        switch request.format {
        case "json": try console.output(report.json())
        case "csv": try console.output(report.csv())
        case "markdown": try console.output(report.table(markdown: true))
        default: try console.output(report.table(markdown: false))
        }
        for warning in report.warnings { try console.error("cadence: warning: \(warning)\n") }
        for (path, text) in [(request.jsonPath, report.json()), (request.hyperfinePath, report.hyperfine())] {
            guard let path else { continue }
            do {
                let output = try FileOutput(path: path)
                try output.write(text)
                try output.flush()
            } catch {
                throw BenchmarkFailure("cannot write \(path): \(error)", isBadInput: false)
            }
        }
    }

    /// A progress line on standard error for runs on a terminal, at most ten updates a second.
    static func progressLine(_ console: BenchmarkConsole) -> ((Int, Int) -> Void)? {
        guard console.showsProgress else { return nil }
        var last: UInt64 = 0
        return { done, total in
            let now = SystemProbes.now()
            guard done == total || now - last > 100_000_000 else { return }
            last = now
            try? console.error("\rcadence: bench: batch \(done)/\(total)" + (done == total ? "\r\u{1B}[K" : ""))
        }
    }
}
