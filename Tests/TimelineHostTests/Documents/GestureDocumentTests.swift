import Foundation
import Testing
import Timeline
import TimelinePlugins
import TimelineHost
import CadenceCommandHarness
@testable import CadenceHostCore

/// A track's `"gesture"`: the samples, then the release, as ``GestureTrack`` builds it.
@Suite("Gesture tracks in documents")
struct GestureDocumentTests {
    static func document(_ gesture: String) throws -> TimelineDocument {
        try TimelineDocument(parsing: #"{"cadence": 1, "fps": 60, "tracks": [{"name": "y", "gesture": "# + gesture + "}]}", file: "g.json")
    }

    static func values(_ document: TimelineDocument) throws -> [Double] {
        var source = document.makeSource()
        var values: [Double] = []
        var sink = ValueSink { values.append($0.numbers[0]) }
        try HostLoop.renderOffline(&source, frameRate: .fps60, to: &sink)
        return values
    }

    @Test("the document plays the track GestureTrack.make builds, frame for frame, on the compiled path")
    func matchesTheSwiftAPI() throws {
        // 100 Hz samples at 800 points per second from 0; released at 0.1 s at 80.
        let samples = (0...10).map { (Double($0) / 100, 8 * Double($0)) }
        let text = samples.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ")
        let releases: [(String, GestureTrack.Release)] = [
            (#"{"decay": {"rate": 0.99}}"#, .decay(.rate(0.99))),
            (#"{"decay": {"timeConstant": 0.3, "power": 0.5}}"#, .decay(.timeConstant(0.3, power: 0.5))),
            (#"{"snap": {"detents": [0, 300], "spring": {"response": 0.4, "dampingRatio": 0.8}}}"#,
             .snap(detents: [0, 300], spring: try Spring(response: 0.4, dampingRatio: 0.8))),
            (#"{"inertia": {"bounds": [0, 200]}}"#, .inertia(bounds: 0...200, deceleration: .rate(0.998), spring: Inertia.boundarySpring)),
        ]
        for (json, release) in releases {
            let document = try Self.document(#"{"samples": [\#(text)], "release": \#(json)}"#)
            let track = try GestureTrack.make(samples: samples, release: release)
            let values = try Self.values(document)
            #expect(values.count == Int((track.duration * 60).rounded(.up)) + 1, "\(json)")
            // The document plays on the compiled path (a bank's transition tables): the track's
            // values within a few units in the last place.
            for (frame, value) in values.enumerated() {
                let expected = track.value(at: Double(frame) / 60)
                #expect(abs(value - expected) <= 1e-12 * max(1, abs(expected)), "\(json) frame \(frame): \(value) vs \(expected)")
            }
        }
        // The decay at 0.99 per ms from 80 at 800/s rests at 80 − 800 / (1000 · ln 0.99) = 159.6.
        let decay = try Self.values(try Self.document(#"{"samples": [\#(text)], "release": {"decay": {"rate": 0.99}}}"#))
        #expect(abs(decay.last! - (80 - 800 / (1_000 * log(0.99)))) <= 1e-9)
    }

    @Test("the example sheet lands on the top detent, and a gesture's errors say where")
    func exampleAndErrors() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Docs/examples/sheet.json")
        let sheet = try TimelineDocument(parsing: String(contentsOf: url, encoding: .utf8), file: "sheet.json")
        // Released at 222 at −1500/s (a quadratic's samples): 222 − 749.2 → the detent at 60.
        #expect(try Self.values(sheet).last == 60)
        func error(_ gesture: String) -> String {
            do {
                _ = try Self.document(gesture)
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(error(#"{"samples": [[0, 1]], "release": {"decay": {}}}"#) == "g.json: tracks[0].gesture.samples: a gesture needs at least two samples [time, position]")
        #expect(error(#"{"samples": [[0, 1], [0.1]], "release": {"decay": {}}}"#) == "g.json: tracks[0].gesture.samples[1]: a sample is [time, position], two numbers")
        #expect(error(#"{"samples": [[0, 1], [0.1, 2]], "release": {"decay": {"rate": 1}}}"#).hasPrefix("g.json: tracks[0].gesture.release.decay.rate: a deceleration rate"))
        #expect(error(#"{"samples": [[0, 1], [0.1, 2]], "release": {"fling": {}}}"#).contains("tracks[0].gesture.release"))
        #expect(error(#"{"samples": [[0, 1], [0.1, 2]], "release": {"decay": {}, "snap": {}}}"#).contains("a release is one of"))
        #expect(error(#"{"samples": [[0, 1], [0.1, 2]], "tracker": "psychic", "release": {"decay": {}}}"#).contains("unknown tracker \"psychic\""))
        #expect(error(#"{"samples": [[0, 1], [0.1, 2]], "release": {"inertia": {"bounds": [5, 1]}}}"#).contains("tracks[0].gesture.release.inertia.bounds"))
        #expect(error(#"{"samples": [[0, 1], [0, 2]], "release": {"decay": {}}}"#).contains("must not all be the same"))
    }
}

/// Hands each frame to a closure.
private struct ValueSink: FrameSink {
    let body: (borrowing Frame) -> Void
    init(_ body: @escaping (borrowing Frame) -> Void) { self.body = body }
    mutating func begin(schema: FrameSchema) throws {}
    mutating func write(_ frame: borrowing Frame) throws { body(frame) }
}

@Suite("Gesture plots")
struct GesturePlotTests {
    @Test("a plot of a flick from 1e308 labels its axis with numbers, never null (L4)")
    func plotOfAHugeFlick() {
        let plot = cadence("gesture", "decay", "--from", "1e308", "--velocity", "1e308", "--format", "svg")
        #expect(plot.status == 0 && !plot.out.contains("null") && plot.out.contains(">1e+308</text>"), "\(plot.out.prefix(600))")
        #expect(PlotSVG.format(1.5e308) == "1.5e+308" && PlotSVG.format(0.123456) == "0.12")
    }
}
