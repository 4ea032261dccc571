import Timeline
import TimelinePlugins
import TimelineHost

extension BenchmarkBaseline {
    /// The file's text.
    func encode() -> String {
        let q = ReportWriter.quoted
        var text = "{\n"
        text += "  \"format\": \(q(Self.formatName)),\n  \"version\": \(Self.version),\n"
        text += "  \"name\": \(q(name)),\n  \"created\": \(q(created)),\n  \"cadence\": \(q(cadenceVersion)),\n"
        text += "  \"machine\": {\"cpu\": \(q(machine.cpu)), \"cores\": \(machine.cores), "
        text += "\"system\": \(q(machine.system)), \"host\": \(q(machine.host))},\n"
        text += "  \"build\": {\"configuration\": \(q(build)), \"compiler\": \(q(compiler))},\n"
        text += "  \"commandLine\": \(q(commandLine)),\n"
        text += "  \"speedProbeNanoseconds\": [" + speed.map(ReportWriter.number).joined(separator: ", ") + "],\n"
        text += "  \"workloads\": [\n"
        text += workloads.map { workload in
            var fields = [
                "\"name\": \(q(workload.name))", "\"fingerprint\": \(q(workload.fingerprint))",
                "\"frames\": \(workload.frames)", "\"valuesPerFrame\": \(workload.valuesPerFrame)",
                "\"passesPerBatch\": \(workload.passesPerBatch)",
                "\"peakResidentBytes\": \(workload.peakResidentBytes.map(ReportWriter.number) ?? "null")",
            ]
            let samples = BenchmarkMetric.allCases.compactMap { metric in
                workload.samples[metric].map { "\"\(metric.rawValue)\": [" + $0.map(ReportWriter.number).joined(separator: ", ") + "]" }
            }
            fields.append("\"samples\": {\n      " + samples.joined(separator: ",\n      ") + "}")
            return "    {" + fields.joined(separator: ", ") + "}"
        }.joined(separator: ",\n")
        return text + "\n  ]\n}\n"
    }

    /// Reads a baseline file's text.
    ///
    /// - Throws: ``BenchmarkFailure`` naming the file and the JSON path of the first problem.
    static func decode(_ text: String, path: String) throws(BenchmarkFailure) -> BenchmarkBaseline {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch {
            throw BenchmarkFailure("baseline \(path) is corrupt: not valid JSON: \(error)")
        }
        let reader = Reader(path: path)
        guard case .object = root else { throw reader.failure("$", "expected an object") }
        guard case .string(formatName)? = root["format"] else {
            throw reader.failure("$.format", "expected \"\(formatName)\"; this is not a cadence bench baseline")
        }
        let version = try reader.number(root["version"], "$.version")
        guard version == version.rounded(), version >= 1 else { throw reader.failure("$.version", "expected 1") }
        guard version <= Double(Self.version) else {
            throw reader.failure(
                "$.version",
                "format version \(Int(version)) is newer than this cadence reads (\(Self.version)); update cadence or record the baseline again")
        }
        let machine = root["machine"]
        let build = root["build"]
        var baseline = BenchmarkBaseline(
            name: try reader.string(root["name"], "$.name"), created: try reader.string(root["created"], "$.created"),
            cadenceVersion: try reader.string(root["cadence"], "$.cadence"),
            machine: MachineIdentity(
                cpu: try reader.string(machine?["cpu"], "$.machine.cpu"),
                cores: Int(try reader.number(machine?["cores"], "$.machine.cores")),
                system: try reader.string(machine?["system"], "$.machine.system"),
                host: try reader.string(machine?["host"], "$.machine.host")),
            build: try reader.string(build?["configuration"], "$.build.configuration"),
            compiler: try reader.string(build?["compiler"], "$.build.compiler"),
            commandLine: try reader.string(root["commandLine"], "$.commandLine"), workloads: [])
        if let probe = root["speedProbeNanoseconds"] {
            guard case .array(let values) = probe else {
                throw reader.failure("$.speedProbeNanoseconds", "expected an array of numbers")
            }
            baseline.speed = try values.enumerated().map { (offset, value) throws(BenchmarkFailure) in
                try reader.number(value, "$.speedProbeNanoseconds[\(offset)]")
            }
        }
        guard case .array(let workloads)? = root["workloads"] else {
            throw reader.failure("$.workloads", "expected an array")
        }
        for (index, item) in workloads.enumerated() {
            let at = "$.workloads[\(index)]"
            var workload = WorkloadMeasurement(
                name: try reader.string(item["name"], at + ".name"),
                fingerprint: try reader.string(item["fingerprint"], at + ".fingerprint"),
                frames: Int(try reader.number(item["frames"], at + ".frames")),
                valuesPerFrame: Int(try reader.number(item["valuesPerFrame"], at + ".valuesPerFrame")))
            workload.passesPerBatch = Int(try reader.number(item["passesPerBatch"], at + ".passesPerBatch"))
            if case .null? = item["peakResidentBytes"] {} else {
                workload.peakResidentBytes = try reader.number(item["peakResidentBytes"], at + ".peakResidentBytes")
            }
            guard case .object(let samples)? = item["samples"] else {
                throw reader.failure(at + ".samples", "expected an object of per-batch samples")
            }
            for (key, value) in samples {
                guard let metric = BenchmarkMetric(rawValue: key) else {
                    throw reader.failure(at + ".samples.\(key)", "unknown metric")
                }
                guard case .array(let values) = value, !values.isEmpty else {
                    throw reader.failure(at + ".samples.\(key)", "expected a non-empty array of numbers")
                }
                workload.samples[metric] = try values.enumerated().map { (offset, value) throws(BenchmarkFailure) in
                    try reader.number(value, at + ".samples.\(key)[\(offset)]")
                }
            }
            guard workload.samples[.p50] != nil else {
                throw reader.failure(at + ".samples.p50", "missing: every baseline workload has per-batch frame times")
            }
            baseline.workloads.append(workload)
        }
        return baseline
    }

    /// Reads typed fields, failing with the file and the JSON path.
    private struct Reader {
        var path: String

        func failure(_ location: String, _ message: String) -> BenchmarkFailure {
            BenchmarkFailure("baseline \(path) is corrupt: \(location): \(message)")
        }

        func string(_ value: JSONValue?, _ location: String) throws(BenchmarkFailure) -> String {
            guard case .string(let text)? = value else {
                throw failure(location, "expected a string, got \(value?.typeName ?? "nothing")")
            }
            return text
        }

        func number(_ value: JSONValue?, _ location: String) throws(BenchmarkFailure) -> Double {
            guard case .number(let number)? = value, number.isFinite, number >= 0 else {
                throw failure(location, "expected a number at least 0, got \(value?.typeName ?? "nothing")")
            }
            return number
        }
    }
}
