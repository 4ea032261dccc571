import Timeline
import TimelinePlugins
import TimelineHost

/// `cadence bench FILE… | --preset NAME`: measures users' documents and presets through the render
/// path, compares them with another document (interleaved) or a stored baseline, and gates CI.
///
/// `Docs/BenchmarkingYourWork.md` is the guide; `cadence bench` calls ``run(_:console:)``.
public enum DocumentBenchmark {
    /// Batches per workload by default (`--quick`: ``quickBatches``).
    static let defaultBatches = 30
    /// Batches per workload with `--quick`.
    static let quickBatches = 10
    /// The significance level by default.
    static let defaultAlpha = 0.01

    /// Runs a request: measures, compares, reports, saves a baseline.
    ///
    /// - Parameters:
    ///   - request: The workloads and options.
    ///   - console: Where the report, the warnings and the progress go.
    /// - Returns: The exit status: under `--check` 0 within the thresholds, 2 on a regression, 4
    ///   on improvements only; 0 otherwise.
    /// - Throws: ``TimelineHost/BenchmarkFailure`` for a bad thresholds file or option, a missing or
    ///   corrupt baseline, a workload the baseline lacks, a baseline from another machine under
    ///   `--strict-machine`; whatever rendering throws.
    public static func run(_ request: DocumentBenchmarkRequest, console: BenchmarkConsole) throws -> Int32 {
        var thresholds = BenchmarkThresholds.defaults
        if let path = request.thresholdsFile {
            let bytes: [UInt8]
            do { bytes = try FileInput.read(path, maximumCount: BenchmarkThresholds.maximumFileSize) } catch { throw BenchmarkFailure("thresholds file: \(error.description)") }
            try thresholds.apply(file: String(decoding: bytes, as: UTF8.self), path: path)
        }
        if let specification = request.thresholds { try thresholds.apply(specification: specification) }
        if let name = request.saveBaseline {
            try BenchmarkBaseline.validate(name: name)
            try BenchmarkBaseline.checkDirectory(request.baselineDirectory)
        }
        let alpha = request.alpha ?? defaultAlpha
        let machine = MachineIdentity.current
        var warnings: [String] = []
        let baseline = try request.baseline.map { name throws(BenchmarkFailure) in
            try BenchmarkBaseline.load(name: name, directory: request.baselineDirectory)
        }
        if let baseline {
            warnings += try baselineWarnings(baseline, request: request, machine: machine)
        }
        if BenchmarkSuite.isDebugBuild {
            warnings.append("this is a debug build: its figures mean little; build with -c release")
        }
        let load = SystemProbes.loadAverage
        if let load, load > max(1, 0.5 * Double(SystemProbes.coreCount)) {
            warnings.append(
                "the machine is busy (1-minute load average \(ReportWriter.fixed(load, 2)) on \(SystemProbes.coreCount) cores): timings will be noisy")
        }
        let counter: InstructionCounter?
        var unavailable: String?
        switch InstructionCounter.open() {
        case .success(let opened): counter = opened
        case .failure(let reason):
            counter = nil
            unavailable = reason.reason  // said once, under the table (and in JSON)
        }
        let batches = request.batches ?? (request.quick ? quickBatches : defaultBatches)
        var session = BenchmarkSession(
            workloads: request.workloads + (request.reference.map { [$0] } ?? []), batches: batches,
            warmupPasses: request.warmupPasses, seed: request.seed ?? SystemProbes.now(), counter: counter)
        session.progress = progressLine(console)
        var (measurements, speed) = try session.run()
        let reference = request.reference == nil ? nil : measurements.removeLast()
        var report = DocumentReport(
            commandLine: request.commandLine, seed: session.seed, alpha: alpha, machine: machine,
            build: BenchmarkSuite.isDebugBuild ? "debug" : "release", load: load, instructionsUnavailable: unavailable,
            measurements: measurements, reference: reference, check: request.check)
        report.speed = speed
        report.baselineSpeed = baseline?.speed ?? []
        report.summary = compare(measurements, reference: reference, baseline: baseline, thresholds: thresholds, alpha: alpha)
        report.warnings = warnings + runWarnings(report)
        try write(report, request: request, console: console)
        if let name = request.saveBaseline {
            let stored = BenchmarkBaseline(
                name: name, created: BenchmarkBaseline.timestamp(), cadenceVersion: CadenceRelease.version, machine: machine,
                build: report.build, compiler: compilerVersion, commandLine: request.commandLine, workloads: measurements,
                speed: speed)
            try stored.save(directory: request.baselineDirectory)
            try console.error("cadence: baseline '\(name)' saved to \(BenchmarkBaseline.path(name: name, directory: request.baselineDirectory))\n")
        }
        return request.check ? (report.summary?.exitStatus ?? 0) : 0
    }

    /// The comparison with the `--compare` document or the baseline, if any.
    ///
    /// α is the run's family-wise level: each of the k significance tests that can gate (noisy
    /// metrics with thresholds, over all workloads) runs at α / k (Bonferroni), so that a run of
    /// identical code fails with probability at most α, however many metrics and documents it has.
    static func compare(
        _ measurements: [WorkloadMeasurement], reference: WorkloadMeasurement?, baseline: BenchmarkBaseline?,
        thresholds: BenchmarkThresholds, alpha: Double
    ) -> ComparisonSummary? {
        var pairs: [(current: WorkloadMeasurement, reference: WorkloadMeasurement, metrics: [BenchmarkMetric])] = []
        let referenceName: String
        if let reference, let current = measurements.first {
            pairs = [(current, reference, BenchmarkMetric.allCases.filter { $0 != .rss })]  // one process: one peak
            referenceName = reference.name
        } else if let baseline {
            for current in measurements {
                guard let stored = baseline.workloads.first(where: { $0.name == current.name }) else { continue }
                pairs.append((current, stored, BenchmarkMetric.allCases))
            }
            referenceName = "baseline '\(baseline.name)' (\(baseline.created))"
        } else {
            return nil
        }
        func comparisons(at level: Double) -> [MetricComparison] {
            pairs.flatMap { pair in
                ComparisonSummary.compare(
                    pair.current, with: pair.reference, metrics: pair.metrics, thresholds: thresholds, alpha: level)
            }
        }
        let tests = comparisons(at: alpha).filter { $0.test != nil && $0.limit.isSet }.count
        let level = alpha / Double(max(tests, 1))
        return ComparisonSummary(
            referenceName: referenceName, comparisons: comparisons(at: level), alpha: alpha, testAlpha: level, tests: tests)
    }

    /// The compiler that built this program.
    static var compilerVersion: String {
        #if compiler(>=6.3)
        "Swift 6.3 or later"
        #elseif compiler(>=6.2)
        "Swift 6.2"
        #elseif compiler(>=6.1)
        "Swift 6.1"
        #else
        "Swift 6.0"
        #endif
    }
}
