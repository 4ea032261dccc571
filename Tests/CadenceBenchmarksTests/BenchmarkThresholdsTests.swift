import Testing
import Timeline
import TimelinePlugins
import TimelineHost

@testable import CadenceBenchmarks

@Suite("Benchmark thresholds")
struct BenchmarkThresholdsTests {
    @Test("a change must exceed every limit set, in percent of the reference and in the unit")
    func limits() {
        let relative = BenchmarkThresholds.Limit(percent: 3)
        #expect(relative.isExceeded(from: 100, to: 103.5, sign: 1))
        #expect(!relative.isExceeded(from: 100, to: 102.9, sign: 1))
        #expect(relative.isExceeded(from: 100, to: 96, sign: -1))
        #expect(!relative.isExceeded(from: 100, to: 96, sign: 1))
        let both = BenchmarkThresholds.Limit(percent: 3, absolute: 10)
        #expect(!both.isExceeded(from: 100, to: 105, sign: 1))  // +5 %, but only +5 ns
        #expect(both.isExceeded(from: 100, to: 111, sign: 1))
        #expect(!BenchmarkThresholds.Limit().isExceeded(from: 1, to: 100, sign: 1))
    }

    @Test("--threshold: percentages, units, off; a metric given replaces its defaults")
    func specification() throws {
        var thresholds = BenchmarkThresholds.defaults
        try thresholds.apply(specification: "p50=5%,p99=2us,p99=20%,allocations=1,rss=1MiB,bytes=off,cpu=+1.5ms")
        #expect(thresholds[.p50] == .init(percent: 5))
        #expect(thresholds[.p99] == .init(percent: 20, absolute: 2_000))
        #expect(thresholds[.allocations] == .init(absolute: 1))
        #expect(thresholds[.rss] == .init(absolute: 1_048_576))
        #expect(thresholds[.bytes] == .init())
        #expect(thresholds[.cpu] == .init(absolute: 1_500_000))
        #expect(thresholds[.p90] == .init())  // untouched default: reported, not gated
    }

    @Test("bad specifications say which item and why")
    func badSpecifications() {
        var thresholds = BenchmarkThresholds.defaults
        #expect(throws: BenchmarkFailure.self) { try thresholds.apply(specification: "p42=3%") }
        let unit = #expect(throws: BenchmarkFailure.self, "an unknown unit") {
            try thresholds.apply(specification: "p50=3parsecs")
        }
        #expect(unit?.message.contains("p50=3parsecs") == true && unit?.message.contains("unknown unit 'parsecs'") == true)
        let bytes = #expect(throws: BenchmarkFailure.self, "bytes for allocations") {
            try thresholds.apply(specification: "allocations=3KiB")
        }
        #expect(bytes?.message.contains("plain number of allocations per frame") == true)
        #expect(throws: BenchmarkFailure.self) { try thresholds.apply(specification: "p50=-3%") }
        #expect(throws: BenchmarkFailure.self) { try thresholds.apply(specification: "p50") }
    }

    @Test("thresholds files name their units and are checked key by key")
    func files() throws {
        var thresholds = BenchmarkThresholds.defaults
        try thresholds.apply(
            file: #"{"version": 1, "thresholds": {"p50": {"percent": 2, "nanoseconds": 100}, "bytes": {"bytes": 0}, "rss": "off"}}"#,
            path: "t.json")
        #expect(thresholds[.p50] == .init(percent: 2, absolute: 100))
        #expect(thresholds[.bytes] == .init(absolute: 0))
        #expect(thresholds[.rss] == .init())
        let cases = [
            (#"{"version": 2, "thresholds": {}}"#, "t.json: $.version: expected 1"),
            (#"{"version": 1, "thresholds": {"p50": {"bytes": 3}}}"#, "$.thresholds.p50.bytes: unknown key; p50 takes percent and nanoseconds"),
            (#"{"version": 1, "thresholds": {"speed": {}}}"#, "$.thresholds.speed: unknown metric"),
            (#"{"version": 1, "thresholds": {"p50": {"percent": "3"}}}"#, "$.thresholds.p50.percent: expected a number"),
            (#"{"version": 1, "thresholds": [}"#, "not valid JSON: line 1"),
        ]
        for (text, message) in cases {
            let error = #expect(throws: BenchmarkFailure.self, "\(text)") { try thresholds.apply(file: text, path: "t.json") }
            #expect(error?.message.contains(message) == true, "\(String(describing: error?.message))")
        }
    }

    @Test("by default the tails are reported, not gated: an A/A run whose p99 rose 36 %, significantly, with p50 and cpu unchanged passes")
    func tailsDoNotGateByDefault() {
        // The audit's false alarm: p99 +36 % with p < 0.0001, p50 and cpu the same.
        let before = (0..<20).map { 1_000 + Double($0 % 5) }
        let after = before.map { $0 * 1.36 }
        let defaults = BenchmarkThresholds.defaults
        let tail = MetricComparison(
            workload: "doc", metric: .p99, reference: (1_002, before), current: (1_362.7, after), limit: defaults[.p99], alpha: 0.01)
        #expect(tail.verdict == .reported)
        let median = MetricComparison(
            workload: "doc", metric: .p50, reference: (1_002, before), current: (1_002, before), limit: defaults[.p50], alpha: 0.01)
        #expect(median.verdict == .unchanged)
        // Asked for, the tail gates.
        var gated = defaults
        try? gated.apply(specification: "p99=10%")
        let asked = MetricComparison(
            workload: "doc", metric: .p99, reference: (1_002, before), current: (1_362.7, after), limit: gated[.p99], alpha: 0.01)
        #expect(asked.verdict == .regression)
    }
}
