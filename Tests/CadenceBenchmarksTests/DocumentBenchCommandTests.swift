import CadenceCommandHarness
import Foundation
import Synchronization
import Testing
import Timeline
import TimelinePlugins
import TimelineHost

@testable import CadenceBenchmarks

/// `cadence bench FILE…` end to end, in-process: every exit status of `--check`, the errors, the
/// output formats. The comparisons that must come out a certain way compare documents whose
/// speeds differ by far more than any noise (3 tracks against 300), so that no test depends on
/// timing.
@Suite("cadence bench FILE")
struct DocumentBenchCommandTests {
    let directory: String
    let small: String
    let large: String

    init() throws {
        directory = try temporaryDirectory()
        small = try write(benchDocument(tracks: 3), to: "small.json", in: directory)
        large = try write(benchDocument(tracks: 300), to: "large.json", in: directory)
    }

    /// Time metrics only, with a relative threshold: allocations and bytes per frame stay out of
    /// the verdicts these tests pin down.
    let timeOnly = ["--threshold", "p50=20%,p90=20%,p99=off,cpu=20%,allocations=off,bytes=off,instructions=off"]

    @Test("measuring a document prints its figures and exits 0")
    func measuresADocument() {
        let result = bench([small] + shortRun)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("workload") && result.out.contains("p50") && result.out.contains("small.json"))
        #expect(result.out.contains("peak resident memory (process):"))
        #expect(result.out.contains("8×"))  // eight batches
    }

    @Test("a thresholds file or a baseline past its size limit is an error, not an endless read")
    func filesHaveSizeLimits() throws {
        // The reliability audit's defect 4: `--thresholds /dev/urandom` never returned.
        let thresholds = try write(String(repeating: " ", count: 1_048_577), to: "thresholds.json", in: directory)
        let result = bench([small, "--thresholds", thresholds] + shortRun)
        #expect(result.status != 0)
        #expect(result.err.contains("thresholds file: cannot read \(thresholds): it is longer than 1048576 bytes, the most accepted"), "\(result.err)")
        let baselines = directory + "/baselines"
        try FileManager.default.createDirectory(atPath: baselines, withIntermediateDirectories: true)
        _ = try write(String(repeating: " ", count: 16_777_217), to: "big.json", in: baselines)
        let compared = bench([small, "--baseline", "big", "--baseline-dir", baselines] + shortRun)
        #expect(compared.status != 0)
        #expect(compared.err.contains("it is longer than 16777216 bytes, the most accepted"), "\(compared.err)")
    }

    @Test("--check exits 2 on a regression: 300 tracks against 3")
    func regressionExitsTwo() {
        let result = bench([large, "--compare", small, "--check"] + shortRun + timeOnly)
        #expect(result.status == 2, "\(result.out)\(result.err)")
        #expect(result.out.contains("REGRESSION") && result.out.contains("verdict: regression (exit status 2)"))
    }

    @Test("--check exits 4 when there are only improvements: 3 tracks against 300")
    func improvementExitsFour() {
        let result = bench([small, "--compare", large, "--check"] + shortRun + timeOnly)
        #expect(result.status == 4, "\(result.out)\(result.err)")
        #expect(result.out.contains("IMPROVEMENT") && !result.out.contains("REGRESSION"))
    }

    @Test("--check exits 0 within the thresholds: a document against itself, 1000 % allowed")
    func withinThresholdsExitsZero() {
        let result = bench([small, "--compare", small, "--check", "--threshold", "p50=1000%,p90=1000%,p99=off,cpu=1000%,allocations=off,bytes=off"] + shortRun)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.contains("verdict: no change beyond the thresholds (exit status 0)"))
    }

    @Test("outside --check a regression is reported but the exit status is 0")
    func noCheckNoGate() {
        let result = bench([large, "--compare", small] + shortRun + timeOnly)
        #expect(result.status == 0 && result.out.contains("verdict: regression\n"))
    }

    @Test("under --check every error exits 1, never 2")
    func checkErrorsExitOne() throws {
        let broken = try write(#"{"cadence": 1, "tracks": [{"name": "a", "keyframes": 3}]}"#, to: "broken.json", in: directory)
        let cases: [([String], String)] = [
            ([broken, "--compare", small, "--check"], "broken.json: tracks[0].keyframes"),
            ([directory + "/absent.json", "--compare", small, "--check"], "cannot read"),
            ([small, "--check", "--baseline", "none", "--baseline-dir", directory], "no baseline 'none'"),
            ([small, "--check"], "'--check' needs something to compare with"),
            ([small, "--check", "--compare", small, "--alpha", "2"], "'--alpha' needs a significance level"),
            ([small, "--check", "--compare", small, "--threshold", "p50=fast"], "'--threshold' p50=fast"),
            ([small, "--check", "--compare", small, "--thresholds", directory + "/none.json"], "thresholds file: cannot read"),
            ([small, "--check", "--bogus"], "unknown option '--bogus'"),
            ([small, "--check", "--compare", small, "--format", "yaml"], "unknown format 'yaml'"),
            ([small, "--check", "--compare", small, "--frames", "0..2000000"], "2000001 frames per pass, more than the 1000000"),
            ([small, "--check", "--compare", small, "--save-baseline", "x", "--baseline-dir", small], "cannot store baselines in \(small): it is not a directory"),
        ]
        for (arguments, message) in cases {
            let result = bench(arguments + shortRun)
            #expect(result.status == 1, "\(arguments): \(result.err)")
            #expect(result.err.contains("cadence: error: ") && result.err.contains(message), "\(result.err)")
        }
        // The same bad document outside --check: the tool's usual status for bad input.
        #expect(bench([broken] + shortRun).status == 2)
        #expect(bench([small, "--format", "yaml"]).status == 2)
    }

    @Test("baselines: saved, compared, corrupt, missing workloads, another machine")
    func baselines() throws {
        let store = directory + "/store"
        let saved = bench([small, "--save-baseline", "main", "--baseline-dir", store] + shortRun)
        #expect(saved.status == 0 && saved.err.contains("baseline 'main' saved to \(store)/main.json"), "\(saved.err)")
        let lenient = ["--threshold", "p50=1000%,p90=1000%,p99=off,cpu=1000%,allocations=off,bytes=off,rss=off"]
        let same = bench([small, "--check", "--baseline", "main", "--baseline-dir", store] + shortRun + lenient)
        #expect(same.status == 0, "\(same.out)\(same.err)")
        #expect(same.out.contains("compared with baseline 'main'") && same.out.contains("machine speed probe: "))
        // A machine that runs the speed probe far faster than when the baseline was recorded.
        let path = store + "/main.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let slowMachine = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("  \"speedProbeNanoseconds\": [") ? "  \"speedProbeNanoseconds\": [1e12]," : String(line)
        }.joined(separator: "\n")
        try slowMachine.write(toFile: path, atomically: true, encoding: .utf8)
        let drifted = bench([small, "--baseline", "main", "--baseline-dir", store] + shortRun)
        #expect(drifted.status == 0 && drifted.err.contains("ran a fixed probe") && drifted.err.contains("faster than when the baseline was recorded"), "\(drifted.err)")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        // A workload the baseline does not have.
        let other = bench([large, "--check", "--baseline", "main", "--baseline-dir", store] + shortRun)
        #expect(other.status == 1 && other.err.contains("has no workload '\(large)'; it has: \(small)"))
        // Another machine: a warning, or with --strict-machine an error.
        let moved = text.replacingOccurrences(of: #""cores": "#, with: #""cores": 1"#)
        try moved.write(toFile: path, atomically: true, encoding: .utf8)
        let warned = bench([small, "--check", "--baseline", "main", "--baseline-dir", store] + shortRun + lenient)
        #expect(warned.status == 0 && warned.err.contains("was recorded on another machine"), "\(warned.err)")
        let strict = bench([small, "--check", "--strict-machine", "--baseline", "main", "--baseline-dir", store] + shortRun)
        #expect(strict.status == 1 && strict.err.contains("another machine") && strict.err.contains("--strict-machine"))
        // Corrupt.
        try String(text.prefix(100)).write(toFile: path, atomically: true, encoding: .utf8)
        let corrupt = bench([small, "--check", "--baseline", "main", "--baseline-dir", store] + shortRun)
        #expect(corrupt.status == 1 && corrupt.err.contains("\(path) is corrupt: not valid JSON"), "\(corrupt.err)")
    }

    @Test("formats: JSON, CSV, Markdown, and hyperfine's JSON")
    func formats() throws {
        let json = bench([small, "--compare", small, "--format", "json"] + shortRun)
        #expect(json.status == 0)
        let root = try JSONParser.parse(json.out)
        #expect(root["seed"] == .number(7) && root["alpha"] == .number(0.01))
        guard case .array(let workloads)? = root["workloads"], case .array(let results)? = root["comparison"]?["results"] else {
            Issue.record("no workloads or comparison in \(json.out)")
            return
        }
        #expect(workloads.count == 2 && results.count >= 4)
        #expect(workloads[0]["metrics"]?["p50"] != nil && workloads[1]["name"] == .string(small + " (reference)"))

        let csv = bench([small, "--format", "csv"] + shortRun)
        #expect(csv.out.hasPrefix("workload,metric,unit,value,reference,change_percent,p_value,threshold,verdict\n"))
        #expect(csv.out.split(separator: "\n").count == 1 + BenchmarkMetric.allCases.count)

        let markdown = bench([small, "--preset", "cross-dissolve", "--format", "markdown"] + shortRun)
        #expect(markdown.status == 0 && markdown.out.hasPrefix("| workload | frames |"))
        #expect(markdown.out.contains("| preset:cross-dissolve |"))

        let export = directory + "/hyperfine.json"
        #expect(bench([small, "--export-hyperfine", export] + shortRun).status == 0)
        let hyperfine = try JSONParser.parse(String(contentsOfFile: export, encoding: .utf8))
        guard case .array(let entries)? = hyperfine["results"], let entry = entries.first,
            case .array(let times)? = entry["times"], case .number(let mean)? = entry["mean"]
        else {
            Issue.record("not hyperfine's format")
            return
        }
        #expect(entry["command"] == .string(small) && times.count == 8 && mean > 0 && mean < 1)
        for key in ["stddev", "median", "user", "system", "min", "max", "exit_codes"] { #expect(entry[key] != nil) }
    }

    @Test("allocations are counted by cadence-bench, which cadence bench starts; this process, like the cadence tool, counts none")
    func allocationsCounted() throws {
        // The test process links the suite but not the malloc counter: nothing is counted here.
        #expect(!AllocationCounter.isAvailable && AllocationCounter.read() == nil)
        #if os(Linux)
        let directory = try temporaryDirectory()
        let small = try write(benchDocument(tracks: 3), to: "small.json", in: directory)
        let report = directory + "/report.json"
        let run = bench([small, "--json", report] + shortRun)
        #expect(run.status == 0, "\(run.err)")
        let json = try JSONParser.parse(String(contentsOfFile: report, encoding: .utf8))
        guard case .array(let workloads)? = json["workloads"], let metrics = workloads.first?["metrics"] else {
            Issue.record("no workload in cadence-bench's report: \(json)")
            return
        }
        // Under a sanitizer (which brings its own malloc) cadence-bench counts nothing and says so.
        if isSanitized {
            #expect(metrics["allocations"] == .null && metrics["bytes"] == .null)
            return
        }
        guard case .number(let allocations)? = metrics["allocations"], case .number(let bytes)? = metrics["bytes"] else {
            Issue.record("no allocation counts in cadence-bench's report: \(metrics)")
            return
        }
        // Each pass makes its source (a document's clip and its program), spread over the frames.
        #expect(allocations > 0 && bytes > 0)
        #endif
    }
}


@Suite("cadence bench --check under load")
struct BenchUnderLoadTests {
    @Test("an A/A comparison with the default thresholds passes while another thread keeps a core busy")
    func aaUnderLoad() throws {
        let directory = try temporaryDirectory()
        let document = try write(benchDocument(tracks: 20), to: "aa.json", in: directory)
        let busy = Atomic<Bool>(true)
        let spinner = Thread {
            var x = 0.0
            while busy.load(ordering: .relaxed) { x = (x + 1).squareRoot() }
            _ = x
        }
        spinner.start()
        defer { busy.store(false, ordering: .relaxed) }
        let result = bench([document, "--compare", document, "--check", "--batches", "12", "--warmup", "1", "--seed", "3"])
        #expect(result.status == 0, "\(result.out)\n\(result.err)")
    }
}

/// Whether this process runs under AddressSanitizer or ThreadSanitizer (their runtimes define these).
private let isSanitized: Bool = {
    #if canImport(Glibc)
    guard let handle = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(handle) }
    return dlsym(handle, "__asan_init") != nil || dlsym(handle, "__tsan_init") != nil
    #else
    return false
    #endif
}()
