import Timeline
import TimelinePlugins
import TimelineHost

/// Formats results as a table for people and as JSON for comparing runs over time.
enum ReportWriter {
    /// The table's header.
    static let header =
        "case                                     median      min      max    ns/value    values/s   µs/frame  heap B/frame  target"

    /// One line of the table.
    static func line(_ result: BenchmarkResult, among results: [BenchmarkResult]) -> String {
        var text = pad(result.name, 38)
        text += column(seconds(result.median), 9) + column(seconds(result.minimum), 9)
        text += column(seconds(result.maximum), 9)
        text += column(fixed(result.nanosecondsPerValue, 2), 12) + column(rate(result.valuesPerSecond), 12)
        text += column(fixed(result.microsecondsPerFrame, 1), 11)
        text += column(result.heapBytesPerFrame.map { fixed($0, 1) } ?? "n/a", 14)
        text += "  " + targetText(result, among: results)
        if let note = result.note { text += "  [\(note)]" }
        return text
    }

    static func targetText(_ result: BenchmarkResult, among results: [BenchmarkResult]) -> String {
        let verdict: String
        switch result.meetsTarget(among: results) {
        case .some(true): verdict = "met"
        case .some(false): verdict = "MISSED"
        case .none: verdict = ""
        }
        switch result.target {
        case .none: return "-"
        case .nanosecondsPerValue(let limit): return "<= \(fixed(limit, 0)) ns: \(verdict)"
        case .microsecondsPerFrame(let limit): return "< \(fixed(limit, 0)) µs/frame: \(verdict)"
        case .speedUp(let factor, _):
            let speedUp = result.speedUp(among: results).map { fixed($0, 2) + "x" } ?? "?"
            return "\(speedUp) >= \(fixed(factor, 1))x: \(verdict)"
        case .atMostPlus(let plus, let factor, let baseline):
            let limit = results.first(where: { $0.name == plus }).flatMap { extra in
                results.first(where: { $0.name == baseline }).map { extra.nanosecondsPerValue + factor * $0.nanosecondsPerValue }
            }
            let short = { (name: String) in name.split(separator: "/").dropFirst().first.map(String.init) ?? name }
            return "<= \(limit.map { fixed($0, 0) } ?? "?") ns (\(short(plus)) + \(fixed(factor, 0))x \(short(baseline))): \(verdict)"
        case .atMostTimes(let factor, let baseline):
            let ratio = result.ratio(among: results).map { fixed($0, 1) + "x" } ?? "?"
            return "\(ratio) <= \(fixed(factor, 0))x \(baseline.split(separator: "/").dropFirst().first ?? ""): \(verdict)"
        }
    }

    /// The results and the machine as JSON.
    static func json(_ results: [BenchmarkResult], machine: [(String, String)], mode: String) -> String {
        var text = "{\n  \"mode\": \(quoted(mode)),\n  \"machine\": {"
        text += machine.map { "\(quoted($0.0)): \(quoted($0.1))" }.joined(separator: ", ") + "},\n"
        text += "  \"results\": [\n"
        text += results.map { result in
            var fields: [(String, String)] = [
                ("scenario", "\(result.scenario)"), ("name", quoted(result.name)),
                ("repetitions", "\(result.repetitions)"),
                ("valuesPerRepetition", "\(result.valuesPerRepetition)"),
                ("framesPerRepetition", "\(result.framesPerRepetition)"),
                ("medianSeconds", number(result.median)), ("minimumSeconds", number(result.minimum)),
                ("maximumSeconds", number(result.maximum)),
                ("nanosecondsPerValue", number(result.nanosecondsPerValue)),
                ("valuesPerSecond", number(result.valuesPerSecond)),
                ("microsecondsPerFrame", number(result.microsecondsPerFrame)),
                ("heapBytesPerFrame", result.heapBytesPerFrame.map(number) ?? "null"),
                ("residentBytes", result.residentBytes.map { "\($0)" } ?? "null"),
                ("peakResidentBytes", "\(result.peakResidentBytes)"),
                ("seconds", "[" + result.seconds.map(number).joined(separator: ", ") + "]"),
            ]
            if result.target != nil {
                fields.append(("target", quoted(targetText(result, among: results))))
                fields.append(("targetMet", result.meetsTarget(among: results).map { "\($0)" } ?? "null"))
            }
            if let note = result.note { fields.append(("note", quoted(note))) }
            return "    {" + fields.map { "\(quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }.joined(separator: ",\n")
        return text + "\n  ]\n}\n"
    }

    // MARK: Formatting

    static func seconds(_ value: Double) -> String {
        if !value.isFinite { return "n/a" }
        if value >= 1 { return fixed(value, 2) + " s" }
        if value >= 1e-3 { return fixed(value * 1e3, 1) + " ms" }
        return fixed(value * 1e6, 1) + " µs"
    }

    static func rate(_ value: Double) -> String {
        if !value.isFinite { return "n/a" }
        if value >= 1e9 { return fixed(value / 1e9, 2) + " G" }
        if value >= 1e6 { return fixed(value / 1e6, 1) + " M" }
        if value >= 1e3 { return fixed(value / 1e3, 1) + " k" }
        return fixed(value, 0)
    }

    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "n/a" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (abs(value) * scale).rounded()
        let whole = Int(rounded / scale)
        var text = (value < 0 && rounded > 0 ? "-" : "") + "\(whole)"
        if digits > 0 {
            let fraction = Int(rounded - Double(whole) * scale)
            let digitsText = String(fraction)
            text += "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
        }
        return text
    }

    static func number(_ value: Double) -> String {
        value.isFinite ? NumberFormat.string(value) : "null"
    }

    /// `text` as a JSON string literal: the host's own quoting (`JSONText`), one writer of JSON
    /// strings for the sinks and the reports.
    static func quoted(_ text: String) -> String {
        JSONText.quoted(text)
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    static func column(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }
}
