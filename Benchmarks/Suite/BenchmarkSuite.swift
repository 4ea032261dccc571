import Timeline
import TimelinePlugins
import TimelineHost

/// Cadence's benchmark suite: the scenarios of the benchmarks issue, measured by a small harness
/// of its own (warm-up, repetitions, median / min / max, nanoseconds per value, values per second,
/// heap growth per frame, resident memory).
///
/// Run it in release mode: `swift run -c release cadence bench [--quick] [--filter NAME] [--json FILE]`.
/// `Docs/Benchmarks.md` describes every scenario and lists the latest figures.
public enum BenchmarkSuite {
    /// The scenarios, by the names `--filter` matches (a case's name starts with its scenario's).
    public static let scenarioNames = [
        "scalar", "springs", "transitions", "signals", "morph", "host", "multicore", "authoring", "raster", "lottie",
    ]

    /// Runs the cases the request selects and writes the report line by line.
    ///
    /// - Parameters:
    ///   - request: Quick or full mode, a filter, a JSON file.
    ///   - write: Receives each line of the report.
    /// - Throws: Whatever a case or the JSON file throws.
    public static func run(_ request: BenchmarkRequest, write: (String) throws -> Void) throws {
        if isDebugBuild {
            try write(String(repeating: "!", count: 78))
            try write("!! WARNING: this is a DEBUG build. The figures mean nothing: run")
            try write("!!   swift run -c release cadence bench")
            try write(String(repeating: "!", count: 78))
        }
        let configuration = SuiteConfiguration(quick: request.quick)
        var cases = configuration.allCases()
        if let filter = request.filter {
            cases = cases.filter { Self.name($0.name, matches: filter) }
            guard !cases.isEmpty else {
                throw BenchmarkFailure(
                    "no case matches '\(filter)'; scenarios: \(scenarioNames.joined(separator: ", ")) (see 'cadence bench --help')")
            }
        }
        let machine = machineDescription(mode: request.quick ? "quick" : "full")
        try write("Cadence benchmarks, \(request.quick ? "quick" : "full") mode: " + machine.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
        try write(ReportWriter.header)
        var results: [BenchmarkResult] = []
        for benchmark in cases {
            let result = try configuration.harness.measure(benchmark)
            results.append(result)
            try write(ReportWriter.line(result, among: results))
        }
        if let path = request.jsonPath {
            let output = try FileOutput(path: path)
            try output.write(ReportWriter.json(results, machine: machine, mode: request.quick ? "quick" : "full"))
            try output.flush()
            try write("JSON written to \(path)")
        }
        if request.quick {
            try write("Quick mode: the targets set at 1,000,000 tracks (scenarios 1, 2 and 7) are measured in full mode only.")
        }
        let missed = results.filter { $0.meetsTarget(among: results) == false }.map(\.name)
        try write(missed.isEmpty ? "Every target met." : "Targets missed: \(missed.joined(separator: ", "))")
    }

    /// Whether a case's name matches a filter: contains it, or with a trailing `$` ends with it
    /// (`scalar/forward/1000$` is not `scalar/forward/10000`); `|` separates alternatives
    /// (`transitions|authoring/bank`: the cases of one scenario, then those of another, in one
    /// process, as the full suite runs them).
    public static func name(_ name: String, matches filter: String) -> Bool {
        filter.split(separator: "|").contains { part in
            part.hasSuffix("$") ? name.hasSuffix(part.dropLast()) : name.contains(part)
        }
    }

    /// Whether assertions are compiled in (a debug build), read out of line so that the optimiser
    /// does not fold the check away where it is used.
    static var isDebugBuild: Bool { debugAssertConfiguration() }

    @inline(never)
    private static func debugAssertConfiguration() -> Bool { _isDebugAssertConfiguration() }

    /// The machine and build the figures come from.
    static func machineDescription(mode: String) -> [(String, String)] {
        var fields = [
            ("cpu", SystemProbes.cpuModel), ("cores", "\(SystemProbes.coreCount)"),
            ("build", isDebugBuild ? "debug" : "release"),
        ]
        if let load = SystemProbes.loadAverage { fields.append(("load", ReportWriter.fixed(load, 2))) }
        return fields
    }
}

/// Quick or full: how big the cases are and how often they repeat.
struct SuiteConfiguration {
    let quick: Bool
    /// N in scenarios 1 and 2.
    let trackCounts: [Int]
    /// Frames of forward playback per repetition in scenarios 1, 2 and 7.
    let frames: Int
    /// Instances of each reference transition in scenario 3.
    let transitionInstances: Int
    /// Frames of the 1,000-track document in scenario 6.
    let documentFrames: Int
    /// Frames of every case of scenario 8 (the authoring paths, 10,000 values each).
    let authoringFrames: Int
    let harness: Harness

    init(quick: Bool) {
        self.quick = quick
        if quick {
            trackCounts = [1_000, 10_000, 100_000]
            frames = 60
            transitionInstances = 20
            documentFrames = 300
            authoringFrames = 10
            harness = Harness(warmUps: 1, repetitions: 3, repetitionsForLargeCases: 3)
        } else {
            trackCounts = [1_000, 10_000, 100_000, 1_000_000]
            frames = 600
            transitionInstances = 1_000
            documentFrames = 10_000
            authoringFrames = 60
            harness = Harness(warmUps: 1, repetitions: 7, repetitionsForLargeCases: 5)
        }
    }

    /// Every case, in scenario order.
    func allCases() -> [BenchmarkCase] {
        ScalarTracksScenario.cases(self) + SpringTracksScenario.cases(self)
            + TransitionSceneScenario.cases(self) + SignalScenario.cases(self) + PathMorphScenario.cases(self)
            + HostLoopScenario.cases(self) + MultiCoreScenario.cases(self) + AuthoringScenario.cases(self)
            + RasterScenario.cases(self) + LottieScenario.cases(self)
    }

    /// The N that scenario 7 uses.
    var largestTrackCount: Int { trackCounts.last ?? 1_000 }

    /// The N at which the benchmarks issue sets the targets of scenarios 1, 2 and 7: only full
    /// mode reaches it, so quick mode (100,000 tracks, 60 frames) never reports them.
    static let targetTrackCount = 1_000_000

    /// Whether the targets of scenarios 1, 2 and 7 apply to a case of `count` tracks.
    static func hasTargets(trackCount count: Int) -> Bool { count == targetTrackCount }
}
