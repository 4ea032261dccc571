import CadenceCommandHarness
import Foundation
import Testing
import Timeline
import TimelinePlugins
import TimelineHost

@testable import CadenceBenchmarks

@Suite("Benchmark baselines")
struct BenchmarkBaselineTests {
    static func sample(name: String = "main") -> BenchmarkBaseline {
        var workload = WorkloadMeasurement(name: "card.json", fingerprint: "00ff", frames: 31, valuesPerFrame: 2)
        workload.passesPerBatch = 3
        workload.samples = [.p50: [1_000, 1_010.5], .cpu: [1_100, 1_090], .allocations: [0.5, 0.5]]
        workload.peakResidentBytes = 12_345_678
        return BenchmarkBaseline(
            name: name, created: "2026-11-24T08:30:00Z", cadenceVersion: "1.0",
            machine: MachineIdentity(cpu: "Test CPU \"9\"", cores: 8, system: "Linux 6.1", host: "ci"),
            build: "release", compiler: "Swift 6.3", commandLine: "cadence bench card.json", workloads: [workload],
            speed: [500_000, 510_000])
    }

    @Test("a saved baseline reads back the same: machine, build, samples")
    func roundTrip() throws {
        let directory = try temporaryDirectory() + "/nested"
        let baseline = Self.sample()
        try baseline.save(directory: directory)
        let text = try String(contentsOfFile: directory + "/main.json", encoding: .utf8)
        #expect(text.contains(#""format": "cadence-bench-baseline""#) && text.contains(#""version": 1"#))
        let loaded = try BenchmarkBaseline.load(name: "main", directory: directory)
        #expect(loaded.machine == baseline.machine && loaded.build == "release" && loaded.created == baseline.created)
        #expect(loaded.speed == [500_000, 510_000])
        let workload = try #require(loaded.workloads.first)
        #expect(workload.name == "card.json" && workload.frames == 31 && workload.passesPerBatch == 3)
        #expect(workload.samples[.p50] == [1_000, 1_010.5] && workload.samples[.allocations] == [0.5, 0.5])
        #expect(workload.peakResidentBytes == 12_345_678)
        #expect(workload.value(of: .p50) == 1_005.25)
    }

    @Test("missing, corrupt, newer and malformed baselines are errors that say which file and where")
    func badBaselines() throws {
        let directory = try temporaryDirectory()
        func failure(_ text: String?, name: String = "main") -> String {
            if let text { try? text.write(toFile: directory + "/\(name).json", atomically: true, encoding: .utf8) }
            do {
                _ = try BenchmarkBaseline.load(name: name, directory: directory)
                return "loaded"
            } catch {
                return error.message
            }
        }
        #expect(failure(nil, name: "absent") == "no baseline 'absent': \(directory)/absent.json does not exist; record one with --save-baseline absent")
        #expect(failure("{ not json").contains("main.json is corrupt: not valid JSON: line 1, column 3"))
        #expect(failure(#"{"format": "something-else"}"#).contains("$.format: expected \"cadence-bench-baseline\""))
        let valid = Self.sample().encode()
        #expect(failure(valid.replacingOccurrences(of: #""version": 1"#, with: #""version": 7"#))
            .contains("$.version: format version 7 is newer than this cadence reads (1)"))
        #expect(failure(valid.replacingOccurrences(of: "1010.5", with: "\"x\""))
            .contains("$.workloads[0].samples.p50[1]: expected a number at least 0, got a string"))
        #expect(failure(valid.replacingOccurrences(of: #""cores": 8"#, with: #""cores": "8""#))
            .contains("$.machine.cores: expected a number"))
        #expect(failure(String(valid.prefix(200))).contains("is corrupt: not valid JSON"))
        #expect(failure(nil, name: "../escape").contains("must be 1 to 100 letters, digits"))
    }

    @Test("machines compare by CPU model and cores")
    func machines() {
        let machine = MachineIdentity(cpu: "A", cores: 2, system: "Linux 6.1", host: "one")
        #expect(machine.isComparable(with: MachineIdentity(cpu: "A", cores: 2, system: "Linux 6.8", host: "two")))
        #expect(!machine.isComparable(with: MachineIdentity(cpu: "B", cores: 2, system: "Linux 6.1", host: "one")))
        #expect(!machine.isComparable(with: MachineIdentity(cpu: "A", cores: 4, system: "Linux 6.1", host: "one")))
    }
}
