import Timeline
import TimelinePlugins
import TimelineHost

extension BenchmarkThresholds {
    /// Applies `--threshold` specifications: `METRIC=LIMIT` separated by commas, where LIMIT is a
    /// percentage (`3%`), an amount with its unit (`200ns`, `1.5us`, `2ms` for times; `64B`,
    /// `4KiB`, `1MiB` for bytes; a plain number for instructions and allocations, or for times in
    /// nanoseconds and bytes in bytes), or `off`. A metric named twice gets both limits.
    ///
    /// - Throws: ``BenchmarkFailure`` naming the item that is wrong.
    mutating func apply(specification: String) throws(BenchmarkFailure) {
        var replaced: Set<BenchmarkMetric> = []
        for item in specification.split(separator: ",", omittingEmptySubsequences: false) {
            let text = item.trimmingCharacters()
            guard let equals = text.firstIndex(of: "="), let metric = BenchmarkMetric(rawValue: String(text[..<equals])) else {
                throw BenchmarkFailure(
                    "'--threshold' item '\(text)' is not METRIC=LIMIT; metrics: \(Self.metricNames)")
            }
            if replaced.insert(metric).inserted { self[metric] = Limit() }
            let value = String(text[text.index(after: equals)...])
            if value == "off" { continue }
            try Self.parse(value, for: metric, into: &self[metric]) { "'--threshold' \(metric.rawValue)=\(value): \($0)" }
        }
    }

    /// Applies a thresholds file:
    /// `{"version": 1, "thresholds": {"p50": {"percent": 3, "nanoseconds": 500}, "rss": "off"}}`,
    /// where the absolute key names the unit (``BenchmarkMetric/absoluteKey``).
    ///
    /// - Throws: ``BenchmarkFailure`` saying where in the file the problem is.
    mutating func apply(file text: String, path: String) throws(BenchmarkFailure) {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch { throw BenchmarkFailure("thresholds file \(path) is not valid JSON: \(error)") }
        guard case .object(let members) = root else { throw BenchmarkFailure("thresholds file \(path): $: expected an object") }
        guard case .number(1)? = root["version"] else {
            throw BenchmarkFailure("thresholds file \(path): $.version: expected 1 (the thresholds format version)")
        }
        for member in members where member.key != "version" && member.key != "thresholds" {
            throw BenchmarkFailure("thresholds file \(path): $.\(member.key): unknown key; keys: version, thresholds")
        }
        guard case .object(let metrics)? = root["thresholds"] else {
            throw BenchmarkFailure("thresholds file \(path): $.thresholds: expected an object of metrics")
        }
        for (key, value) in metrics {
            let location = "thresholds file \(path): $.thresholds.\(key)"
            guard let metric = BenchmarkMetric(rawValue: key) else {
                throw BenchmarkFailure("\(location): unknown metric; metrics: \(Self.metricNames)")
            }
            var limit = Limit()
            switch value {
            case .string("off"): break
            case .object(let fields):
                for (name, field) in fields {
                    guard case .number(let number) = field, number.isFinite, number >= 0 else {
                        throw BenchmarkFailure("\(location).\(name): expected a number at least 0, got \(field.typeName)")
                    }
                    switch name {
                    case "percent": limit.percent = number
                    case metric.absoluteKey: limit.absolute = number
                    default:
                        throw BenchmarkFailure("\(location).\(name): unknown key; \(key) takes percent and \(metric.absoluteKey) (\(metric.unit))")
                    }
                }
            default:
                throw BenchmarkFailure("\(location): expected an object like {\"percent\": 3} or \"off\", got \(value.typeName)")
            }
            self[metric] = limit
        }
    }

    static var metricNames: String { BenchmarkMetric.allCases.map(\.rawValue).joined(separator: ", ") }

    /// Parses one LIMIT into `limit`.
    private static func parse(
        _ value: String, for metric: BenchmarkMetric, into limit: inout Limit, message: (String) -> String
    ) throws(BenchmarkFailure) {
        var text = Substring(value)
        if text.hasPrefix("+") { text = text.dropFirst() }
        let digits = text.prefix { $0.isNumber || $0 == "." || $0 == "e" || $0 == "E" }
        let suffix = String(text.dropFirst(digits.count))
        guard let number = Double(digits), number.isFinite, number >= 0 else {
            throw BenchmarkFailure(message("expected a number at least 0 with a unit or %, like 3% or 200ns"))
        }
        if suffix == "%" {
            limit.percent = number
            return
        }
        let scales: [String: Double]
        switch metric {
        case .p50, .p90, .p99, .cpu: scales = ["": 1, "ns": 1, "us": 1e3, "µs": 1e3, "ms": 1e6, "s": 1e9]
        case .bytes, .rss: scales = ["": 1, "B": 1, "KB": 1e3, "KiB": 1024, "MB": 1e6, "MiB": 1_048_576, "GB": 1e9, "GiB": 1_073_741_824]
        case .instructions, .allocations: scales = ["": 1]
        }
        guard let scale = scales[suffix] else {
            let units = scales.keys.filter { !$0.isEmpty }.sorted()
            throw BenchmarkFailure(message(
                "unknown unit '\(suffix)'; \(metric.rawValue) takes %\(units.isEmpty ? "" : ", " + units.joined(separator: ", ")) or a plain number of \(metric.unit)"))
        }
        limit.absolute = number * scale
    }
}
