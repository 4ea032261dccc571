import Testing
import Timeline
import TimelinePlugins
import TimelineHost

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The example of the host issue, exactly as written there.
let issueExample = """
    { "cadence": 1, "fps": 60, "duration": 2.0,
      "tracks": [
        { "name": "card.scale",
          "keyframes": [
            { "time": 0,   "value": 0.3 },
            { "time": 0.5, "value": 1.0, "curve": "ease-in-out" },
            { "time": 1.5, "value": 1.2, "spring": { "dampingRatio": 0.55, "response": 0.4 } },
            { "time": 2.0, "value": 0.0, "curve": "hold" } ] } ] }
    """

func renderDocument(_ text: String, file: String? = nil) throws -> Rendered {
    let document = try TimelineDocument(parsing: text, file: file)
    var source = document.makeSource()
    var frames: [Frame] = []
    var sink = CallbackSink { frames.append($0) }
    try HostLoop.renderOffline(&source, frameRate: document.frameRate, to: &sink)
    return Rendered(frames: frames)
}

/// The errors a document produces, as `path: message` lines.
func errors(_ text: String, file: String? = nil) -> [String] {
    do {
        _ = try TimelineDocument(parsing: text, file: file)
        return []
    } catch {
        return error.errors.map(\.description)
    }
}

@Suite("Timeline documents")
struct DocumentTests {
    @Test func theIssueExampleWorksExactlyAsWritten() throws {
        let r = try renderDocument(issueExample)
        #expect(r.frames.count == 121)
        #expect(r.value("card.scale", at: 0) == 0.3)
        #expect(isClose(r.value("card.scale", at: 15), 0.3 + 0.7 * referenceEaseInOut(0.5), 1e-7))
        #expect(r.value("card.scale", at: 30) == 1.0)
        // The spring segment from rest (ease-in-out ends with zero velocity) towards 1.2:
        // ω = 2π / 0.4, ζ = 0.55, the textbook under-damped step response.
        let omega = 2 * Double.pi / 0.4, zeta = 0.55, damped = omega * (1 - zeta * zeta).squareRoot()
        for index in [36, 45, 60, 80] {
            let t = Double(index) / 60 - 0.5
            let step = 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
            #expect(isClose(r.value("card.scale", at: index), 1.0 + 0.2 * step, 1e-9))
        }
        #expect(r.value("card.scale", at: 119) == 1.2)      // hold: the previous value until 2.0
        #expect(r.value("card.scale", at: 120) == 0.0)
        #expect(r.events.map { "\($0.0) \($0.1)" } == [
            "0 started document", "0 started card.scale", "120 completed card.scale (finished)",
            "120 completed document (finished)",
        ])
    }

    @Test func aVelocityThatOverflowsOverItsSegmentIsAnErrorNotNull() {
        // The reliability audit's defect 6: this validated and rendered `null`.
        let text = """
            {"cadence":1,"duration":10,"fps":1,"tracks":[{"name":"a","keyframes":[{"time":0,"value":0},
            {"time":10,"value":1,"curve":"cubic","startVelocity":1.7e308}]}]}
            """
        let found = errors(text, file: "v.json")
        #expect(found.count == 1)
        #expect(found.first?.contains("tracks[0].keyframes[1]") == true, "\(found)")
        #expect(found.first?.contains("changes too fast") == true, "\(found)")
    }

    @Test func jsonLinesOfTheExample() throws {
        let document = try TimelineDocument(parsing: issueExample)
        var source = document.makeSource()
        var sink = JSONLinesSink(output: StringOutput())
        try HostLoop.renderOffline(&source, frameRate: document.frameRate, frames: 30...30, to: &sink)
        #expect(sink.output.text == "{\"frame\":30,\"time\":0.5,\"values\":{\"card.scale\":1}}\n")
    }

    @Test func defaultsAreSixtyFramesPerSecondAndTheEndOfTheLastTrack() throws {
        let document = try TimelineDocument(parsing: """
            {"cadence": 1, "tracks": [
              {"name": "a", "keyframes": [{"value": 0}, {"duration": 0.25, "value": 1}]},
              {"name": "b", "keyframes": [{"time": 0, "value": [0, 10]}, {"time": 0.75, "value": [3, -20]}]}]}
            """)
        #expect(document.frameRate == .fps60)
        #expect(document.duration == 0.75)
        #expect(document.schema.channels.map(\.name) == ["a", "b"])
        let r = try renderDocument("""
            {"cadence": 1, "fps": 4, "tracks": [
              {"name": "b", "keyframes": [{"time": 0, "value": [0, 10]}, {"time": 0.5, "value": [2, -10], "curve": "linear"}]}]}
            """)
        #expect(Array(r.frames[1].numbers) == [1, 0])
    }

    @Test func coloursInterpolatePremultipliedAndPrintStraight() throws {
        let r = try renderDocument("""
            {"cadence": 1, "fps": 2, "tracks": [
              {"name": "tint", "keyframes": [{"time": 0, "value": "#FF0000"}, {"time": 1, "value": "#0000FF00"}]}]}
            """)
        // Halfway from opaque red to transparent blue: red at half alpha, never purple.
        #expect(Array(r.frames[1].numbers) == [1, 0, 0, 0.5])
    }

    @Test("colour tracks play as lanes: every frame is the colour track's own value, bit for bit, before, during and after")
    func colourLanesAreTheColourTrack() throws {
        // Placed at 0.4 s, so that frames before it show its first value (fill backwards).
        let r = try renderDocument("""
            {"cadence": 1, "fps": 20, "duration": 3, "tracks": [
              {"name": "tint", "fill": "both", "keyframes": [
                {"time": 0, "value": "#FF000080"},
                {"time": 0.5, "value": "#00FF00", "curve": "ease-in-out"},
                {"time": 1, "value": "#0000FF00", "curve": "cubic"},
                {"time": 1.5, "value": "#336699CC", "curve": "cubic"},
                {"time": 2, "value": "#FFFFFF", "curve": "hold"}]}],
             "timeline": [{"track": "tint", "at": 0.4}]}
            """)
        let track = try Track<Color>(keyframes: [
            Keyframe(time: 0, value: try Color(hex: "#FF000080")),
            Keyframe(time: 0.5, value: try Color(hex: "#00FF00"), .timing(.easeInOut)),
            Keyframe(time: 1, value: try Color(hex: "#0000FF00"), .cubic),
            Keyframe(time: 1.5, value: try Color(hex: "#336699CC"), .cubic),
            Keyframe(time: 2, value: try Color(hex: "#FFFFFF"), .hold),
        ])
        #expect(r.frames.count == 61)
        for frame in r.frames {
            let color = track.value(at: min(max(frame.time - 0.4, 0), 2))
            let expected = [color.red, color.green, color.blue, color.alpha]
            #expect(Array(frame.numbers).map(\.bitPattern) == expected.map(\.bitPattern), "frame \(frame.index): \(Array(frame.numbers)) against \(expected)")
        }
        // Transparent throughout: red, green and blue are 0, not NaN (0 / 0).
        let clear = try renderDocument("""
            {"cadence": 1, "fps": 4, "tracks": [
              {"name": "tint", "keyframes": [{"time": 0, "value": "#FF000000"}, {"time": 1, "value": "#00FF0000"}]}]}
            """)
        for frame in clear.frames { #expect(Array(frame.numbers) == [0, 0, 0, 0], "frame \(frame.index)") }
    }

    @Test func pathTracksMorph() throws {
        let r = try renderDocument("""
            {"cadence": 1, "fps": 2, "tracks": [
              {"name": "shape", "type": "path", "keyframes": [
                {"time": 0, "value": "M 0 0 L 10 0 L 10 10 Z"}, {"time": 1, "value": "M 0 0 L 20 0 L 20 20 Z"}]}]}
            """)
        #expect(try r.path("shape", at: 0) == Path(svgPathData: "M 0 0 L 10 0 L 10 10 Z"))
        #expect(try r.path("shape", at: 2) == Path(svgPathData: "M 0 0 L 20 0 L 20 20 Z"))
        let middle = r.path("shape", at: 1).bounds
        #expect(isClose(middle.maxX, 15, 1e-9) && isClose(middle.maxY, 15, 1e-9))
    }

    @Test("path channels are written in place: a frame reused from frame to frame keeps its storage and equals a fresh one")
    func pathChannelsAreWrittenInPlace() throws {
        // "shape" morphs a triangle into a square (the point count changes mid-way); "late"
        // starts after a delay (its base path before), and grows a square from 4 to 8.
        let document = try TimelineDocument(parsing: """
            {"cadence": 1, "fps": 4, "tracks": [
              {"name": "shape", "type": "path", "keyframes": [
                {"time": 0, "value": "M 0 0 L 10 0 L 10 10 Z"},
                {"time": 1, "value": "M 0 0 L 20 0 L 20 20 L 0 20 Z"}]},
              {"name": "late", "type": "path", "delay": 1, "keyframes": [
                {"time": 0, "value": "M 0 0 L 4 0 L 4 4 Z"}, {"time": 1, "value": "M 0 0 L 8 0 L 8 8 Z"}]}]}
            """)
        var source = document.makeSource()
        source.begin(frameRate: document.frameRate)
        var reused = Frame(schema: document.schema)
        var addresses: [Int: [UnsafeRawPointer?]] = [:]
        for index in 0...12 {
            reused.index = index
            reused.time = document.frameRate.seconds(ofFrame: index)
            reused.events.removeAll(keepingCapacity: true)
            try source.evaluate(into: &reused)
            var fresh = Frame(schema: document.schema, index: index, time: reused.time)
            var freshSource = document.makeSource()
            freshSource.begin(frameRate: document.frameRate)
            try freshSource.evaluate(into: &fresh)
            #expect(reused.paths == fresh.paths, "frame \(index)")
            addresses[index] = reused.paths.map(\._pointStorageAddress)
        }
        // Hand values: "late" is its first path until 1 s, then 0.5 s in (frame 6) a square of 6.
        #expect(try reused.paths[1] == Path(svgPathData: "M 0 0 L 8 0 L 8 8 Z"))
        var frame = Frame(schema: document.schema, index: 6, time: 1.5)
        var again = document.makeSource()
        again.begin(frameRate: document.frameRate)
        try again.evaluate(into: &frame)
        #expect(isClose(frame.paths[1].bounds.maxX, 6, 1e-9) && isClose(frame.paths[1].bounds.maxY, 6, 1e-9))
        frame.time = 0.5
        try again.evaluate(into: &frame)
        #expect(try frame.paths[1] == Path(svgPathData: "M 0 0 L 4 0 L 4 4 Z"))
        // After the first frames have grown the buffers, no frame allocates a path's points anew.
        for index in 6...12 { #expect(addresses[index] == addresses[5], "frame \(index)") }
    }

    @Test func timelinesPlaceTracksWithLabelsAndPositions() throws {
        let text = """
            {"cadence": 1, "fps": 10,
             "labels": {"intro": 0.2},
             "tracks": [
               {"name": "a", "keyframes": [{"value": 0}, {"time": 1, "value": 10}]},
               {"name": "b", "keyframes": [{"value": 0}, {"time": 0.5, "value": 5}], "repeat": 2, "autoreverse": true},
               {"name": "c", "keyframes": [{"value": 1}]}],
             "timeline": [
               {"track": "a", "at": "intro"},
               {"track": "b", "at": "<0.1", "label": "bee"}]}
            """
        let document = try TimelineDocument(parsing: text)
        // a: 0.2...1.2; b (0.5 s, autoreversed, twice: 2 s) starts at 0.3; c plays from 0.
        #expect(isClose(document.duration, 2.3, 1e-12))
        let r = try renderDocument(text)
        #expect(isClose(r.value("a", at: 7), 5, 1e-12))
        #expect(isClose(r.value("b", at: 5), 2, 1e-9))       // 0.2 s into b
        #expect(isClose(r.value("b", at: 10), 3, 1e-9))      // 0.7 s: on the way back
        #expect(r.value("c", at: 0) == 1)
        let markers = r.events.compactMap { index, event -> String? in
            if case .marker(let name) = event.kind { return "\(index) \(name)" }
            return nil
        }
        #expect(markers == ["2 intro", "3 bee"])
    }

    @Test func delayedTracksShowTheirFirstValueAndEventsComeOnceAtAnyFrameRate() throws {
        let document = try TimelineDocument(parsing: """
            {"cadence": 1, "fps": 60, "tracks": [
              {"name": "a", "keyframes": [{"value": 5}, {"time": 0.2, "value": 7}], "delay": 0.2}]}
            """)
        var source = document.makeSource()
        var frames: [Frame] = []
        var sink = CallbackSink { frames.append($0) }
        try HostLoop.renderOffline(&source, frameRate: FrameRate(10)!, to: &sink)   // not the document's 60
        let r = Rendered(frames: frames)
        #expect(r.value("a", at: 0) == 5)            // before its delay, the first value, not 0
        #expect(r.value("a", at: 3) == 6)
        #expect(r.events.map { "\($0.0) \($0.1)" } == [
            "0 started document", "2 started a", "4 completed a (finished)", "4 completed document (finished)",
        ])
    }

    @Test func uikitSpringVelocityIsRelativeToTheDistance() throws {
        let r = try renderDocument("""
            {"cadence": 1, "fps": 1000, "tracks": [
              {"name": "x", "keyframes": [{"value": 0}, {"time": 0.5, "value": 2,
                "spring": {"dampingRatio": 1, "duration": 0.5, "initialVelocity": 3}}]}]}
            """)
        // Starts at 0 moving at 3 × (2 − 0) = 6 per second: the critically damped response
        // x(t) = 2 + e^(−ωt) (−2 + (6 − 2ω) t), with ω of UIKit's spring for (1, 0.5 s, 3).
        let omega = try Spring(dampingRatio: 1, duration: 0.5, relativeVelocity: 3).naturalFrequency
        for index in [1, 50, 200, 400] {
            let t = Double(index) / 1000
            #expect(isClose(r.value("x", at: index), 2 + exp(-omega * t) * (-2 + (6 - 2 * omega) * t), 1e-9))
        }
    }
}

@Suite("Timeline document errors")
struct DocumentErrorTests {
    func track(_ keyframes: String, extra: String = "") -> String {
        #"{"cadence": 1, "tracks": [{"name": "t", "keyframes": [\#(keyframes)]\#(extra)}]}"#
    }

    @Test func everyErrorNamesTheFileAndTheJSONPath() {
        #expect(errors(track(#"{"time": 0, "value": 0}, {"time": 1, "value": 1}, {"time": 0.5, "value": 2}"#), file: "card.json")
            == ["card.json: tracks[0].keyframes[2].time: time 0.5 must be greater than the previous keyframe's time 1.0"])
        #expect(errors(track(#"{"time": 0, "value": 0}, {"time": 0, "value": 1}"#))
            == ["tracks[0].keyframes[1].time: time 0.0 must be greater than the previous keyframe's time 0.0"])
        #expect(errors(track(#"{"time": 0, "value": 0}, {"duration": -1, "value": 1}"#))
            == ["tracks[0].keyframes[1].duration: duration must be a number greater than 0, got -1"])
        #expect(errors(track(#"{"time": -1, "value": 0}"#))
            == ["tracks[0].keyframes[0].time: time -1.0 is negative"])
    }

    @Test func unknownNamesListWhatIsAccepted() {
        let unknownKey = errors(track(#"{"time": 0, "value": 0}, {"time": 1, "value": 1, "curv": "ease-in"}"#))
        #expect(unknownKey.count == 1)
        #expect(unknownKey[0].hasPrefix("tracks[0].keyframes[1].curv: unknown key \"curv\" (expected one of: time, duration, value, curve, spring"))
        let unknownCurve = errors(track(#"{"time": 0, "value": 0}, {"time": 1, "value": 1, "curve": "ease-inn"}"#))
        #expect(unknownCurve.count == 1)
        #expect(unknownCurve[0].hasPrefix("tracks[0].keyframes[1].curve: "))
        #expect(unknownCurve[0].contains("ease-in-out"))
        #expect(errors(track(#"{"time": 0, "value": 0}"#, extra: #", "type": "angle""#))
            == [#"tracks[0].type: unknown track type "angle" (expected one of: number, vector, color, path)"#])
    }

    @Test func mismatchedValueTypes() {
        #expect(errors(track(#"{"time": 0, "value": 0}, {"time": 1, "value": [1, 2]}"#))
            == ["tracks[0].keyframes[1].value: expected a number, found an array"])
        #expect(errors(track(#"{"time": 0, "value": [0, 1]}, {"time": 1, "value": [1, 2, 3]}"#))
            == ["tracks[0].keyframes[1].value: expected 2 numbers like the track's first value, found 3"])
        #expect(errors(track(##"{"time": 0, "value": "#FF0000"}, {"time": 1, "value": "#GG0000"}"##)).first?
            .hasPrefix("tracks[0].keyframes[1].value: invalid colour") == true)
        #expect(errors(track(#"{"time": 0, "value": "M 0 0"}, {"time": 1, "value": "L 1 1"}"#, extra: #", "type": "path""#))
            == ["tracks[0].keyframes[1].value: invalid path data at character 0: path data must start with a move command ('M' or 'm'), found 'L'"])
    }

    @Test func everyErrorIsReportedNotJustTheFirst() {
        let text = """
            {"cadence": 1, "tracks": [
              {"name": "a", "keyframes": [{"time": 0, "value": 0}, {"time": 0, "value": 1}]},
              {"name": "b", "keyframes": []},
              {"name": "a", "keyframes": [{"value": 1}]},
              {"name": "c", "keyframes": [{"value": 1}, {"value": 2}]}]}
            """
        #expect(errors(text) == [
            "tracks[0].keyframes[1].time: time 0.0 must be greater than the previous keyframe's time 0.0",
            "tracks[1].keyframes: a track needs at least one keyframe",
            #"tracks[2].name: duplicate track name "a""#,
            #"tracks[3].keyframes[1]: missing "time" or "duration""#,
        ])
    }

    @Test func badDocumentsAsAWhole() {
        #expect(errors("") == ["$: invalid JSON: line 1, column 1: expected a value, found the end of the document"])
        #expect(errors(#"{"cadence": 1, "tracks": [], "tracks": []}"#)
            == [#"$: invalid JSON: line 1, column 30: duplicate key "tracks""#])
        // What JSON.parse does, for files written for browsers: the last value, at the first place.
        let kept = try? JSONParser.parse(bytes: Array(#"{"a": 1, "b": 2, "a": [3]}"#.utf8), duplicateKeys: .keepLast)
        #expect(kept == .object([("a", .array([.number(3)])), ("b", .number(2))]))
        #expect(errors(#"{"cadence": 2, "tracks": []}"#)
            == ["cadence: unsupported format version 2 (this build reads version 1)"])
        #expect(errors(#"{"tracks": []}"#) == [#"$: missing required key "cadence""#])
        #expect(errors(#"{"cadence": 1, "tracks": []}"#) == ["tracks: a document needs at least one track"])
        #expect(errors(#"{"cadence": 1, "fps": 0, "tracks": [{"name": "a", "keyframes": [{"value": 1}]}]}"#)
            == ["fps: must be greater than 0, got 0"])
        #expect(errors(#"{"cadence": 1, "tracks": [{"name": "a", "keyframes": [{"value": 1e999}]}]}"#).first?
            .contains("out of range") == true)
        #expect(errors("[1, 2") == ["$: invalid JSON: line 1, column 6: expected ',' or ']', found the end of the document"])
        let deep = String(repeating: "[", count: 10_000)
        #expect(errors(deep).first?.contains("nesting deeper than") == true)
    }

    @Test func badSpringsAndTimelines() {
        #expect(errors(track(#"{"value": 0}, {"time": 1, "value": 1, "spring": {"response": 0.4, "bounce": 0.2}}"#))
            == [#"tracks[0].keyframes[1].spring.bounce: "bounce" does not belong to the response/dampingRatio form of a spring"#])
        #expect(errors(track(#"{"value": 0}, {"time": 1, "value": 1, "spring": {"response": -1}}"#)).first?
            .hasPrefix("tracks[0].keyframes[1].spring.response: ") == true)
        #expect(errors(#"{"cadence": 1, "tracks": [{"name": "a", "keyframes": [{"value": 1}]}], "timeline": [{"track": "z"}]}"#)
            == [#"timeline[0].track: unknown track "z" (tracks: a)"#])
        #expect(errors(#"{"cadence": 1, "tracks": [{"name": "a", "keyframes": [{"value": 1}]}], "timeline": [{"track": "a", "at": "nowhere"}]}"#)
            == ["timeline[0].at: unknown label 'nowhere' (no labels are defined)"])
        #expect(errors(#"{"cadence": 1, "tracks": [{"name": "a", "keyframes": [{"value": 0}, {"time": 1, "value": 1}], "repeat": "forever"}]}"#)
            == [#"$: a track repeats forever, so the document needs an explicit "duration""#])
        #expect(errors(#"{"cadence": 1, "tracks": [{"name": "a", "keyframes": [{"value": 1}], "speed": 0}]}"#)
            == ["tracks[0].speed: speed must be a finite number greater than 0, got 0.0"])
    }

    @Test func theTimelineReportsEveryErrorAndNeverCallsAnInvalidTrackUnknown() {
        // "b" fails its own check (unsorted keyframes); the timeline names it, then two unknown
        // tracks and a bad position follow, in a sequence and in a stagger.
        let text = #"""
            {"cadence": 1,
             "tracks": [{"name": "a", "keyframes": [{"time": 0, "value": 0}, {"time": 1, "value": 1}]},
                        {"name": "b", "keyframes": [{"time": 1, "value": 0}, {"time": 0.5, "value": 1}]}],
             "timeline": [{"track": "b"},
                          {"sequence": [{"track": "ghost"}, {"track": "a", "at": "<<"}]},
                          {"stagger": [{"track": "phantom"}], "each": 0.1}]}
            """#
        #expect(errors(text) == [
            "tracks[1].keyframes[1].time: time 0.5 must be greater than the previous keyframe's time 1.0",
            // The hint lists every track, "b" too (issue 28, item 16).
            #"timeline[1].sequence[0].track: unknown track "ghost" (tracks: a, b)"#,
            #"timeline[1].sequence[1].at: invalid position "<<": "<" is not a number"#,
            #"timeline[2].stagger[0].track: unknown track "phantom" (tracks: a, b)"#,
        ])
    }

    @Test func theRelativeVelocityHasItsOwnNameAndItsOldOne() throws {
        func spring(_ velocity: String) -> String {
            #"{"cadence": 1, "tracks": [{"name": "a", "keyframes": [{"time": 0, "value": 0}, {"time": 0.5, "value": 1, "spring": {"dampingRatio": 1, "duration": 0.5, \#(velocity)}}]}]}"#
        }
        let new = try TimelineDocument(parsing: spring(#""relativeVelocity": 3"#))
        let old = try TimelineDocument(parsing: spring(#""initialVelocity": 3"#))
        var a = new.makeSource(), b = old.makeSource()
        var frameA = Frame(schema: a.schema, index: 10, time: 10.0 / 60), frameB = Frame(schema: b.schema, index: 10, time: 10.0 / 60)
        try a.evaluate(into: &frameA)
        try b.evaluate(into: &frameB)
        #expect(frameA.numbers == frameB.numbers)
        #expect(errors(spring(#""relativeVelocity": 3, "initialVelocity": 3"#))
            == [#"tracks[0].keyframes[1].spring.initialVelocity: "initialVelocity" is the old name of "relativeVelocity": give one of them"#])
    }
}
