import TimelineHost

/// The benchmark suite that `cadence bench` runs (built out by the benchmarks issue).
public enum BenchmarkSuite {
    /// The names of the scenarios.
    public static let scenarioNames: [String] = []
}
