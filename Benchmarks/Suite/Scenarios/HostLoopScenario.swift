import Timeline
import TimelinePlugins
import TimelineHost

/// Scenario 6: the host loop offline, 10,000 frames of a 1,000-track document (number tracks with
/// eased, spring, cubic, linear and hold segments, and every tenth track a 2-D vector, staggered
/// over 167 seconds) to a null sink and to JSON Lines (written to an output that only counts bytes).
enum HostLoopScenario {
    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] {
        let frames = configuration.documentFrames
        return [
            render("host/null-sink/1000-tracks", frames: frames, json: false),
            render("host/json-lines/1000-tracks", frames: frames, json: true),
        ]
    }

    static func render(_ name: String, frames: Int, json: Bool) -> BenchmarkCase {
        BenchmarkCase(
            scenario: 6, name: name, valuesPerRepetition: frames * 1_100, framesPerRepetition: frames, target: nil
        ) {
            let document = try TimelineDocument(parsing: documentText(tracks: 1_000), file: "bench.json")
            var bytes = 0
            return Repetition(
                run: {
                    var source = document.makeSource()
                    if json {
                        var sink = JSONLinesSink(output: CountingOutput())
                        try HostLoop.renderOffline(&source, frameRate: document.frameRate, frames: 0...(frames - 1), to: &sink)
                        bytes = sink.output.count
                    } else {
                        var sink = NullSink()
                        try HostLoop.renderOffline(&source, frameRate: document.frameRate, frames: 0...(frames - 1), to: &sink)
                        blackHole(sink.checksum)
                    }
                },
                check: { json ? "\(bytes / max(frames, 1)) bytes of JSON per frame" : nil })
        }
    }

    /// The document: `tracks` tracks of four keyframes over 5 s, staggered by 0.16 s.
    static func documentText(tracks: Int) -> String {
        var random = SeededRandom(seed: 6)
        let kinds = [
            "\"curve\": \"ease-in-out\"", "\"spring\": {\"response\": 0.5, \"dampingRatio\": 0.7}",
            "\"curve\": \"cubic\"", "\"curve\": \"linear\"", "\"curve\": \"hold\"", "\"curve\": \"ease-out-back\"",
        ]
        var items: [String] = []
        var names: [String] = []
        for index in 0..<tracks {
            let isVector = index % 10 == 9
            func value() -> String {
                let x = ReportWriter.fixed(random.uniform(-500...500), 3)
                return isVector ? "[\(x), \(ReportWriter.fixed(random.uniform(0...1), 4))]" : x
            }
            var keyframes = ["{\"time\": 0, \"value\": \(value())}"]
            for step in 1...3 {
                let kind = kinds[(index + step) % kinds.count]
                keyframes.append("{\"time\": \(ReportWriter.fixed(Double(step) * 1.6 + random.uniform(0...0.2), 3)), \"value\": \(value()), \(kind)}")
            }
            items.append("{\"name\": \"t\(index)\", \"keyframes\": [\(keyframes.joined(separator: ", "))]}")
            names.append("{\"track\": \"t\(index)\"}")
        }
        return """
            {"cadence": 1, "name": "bench", "fps": 60,
             "tracks": [\(items.joined(separator: ",\n"))],
             "timeline": [{"stagger": [\(names.joined(separator: ", "))], "each": 0.16}]}
            """
    }
}

/// A text output that keeps nothing and counts the bytes written to it.
struct CountingOutput: TextOutput {
    private(set) var count = 0

    mutating func write(_ text: String) throws { count &+= text.utf8.count }
    mutating func write(bytes: UnsafeRawBufferPointer) throws { count &+= bytes.count }
    mutating func flush() throws {}
}
