@testable import CadenceCommandLine
import CadenceCommandHarness
import Foundation
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceHostCore

/// A source that counts the frames it evaluates: its value is the frame's index.
private struct TallySource: FrameSource {
    let isSeekable: Bool
    var evaluated = 0
    var schema: FrameSchema { FrameSchema([("index", .scalar)]) }
    var duration: Double { 1 }

    mutating func evaluate(into frame: inout Frame) throws {
        evaluated += 1
        frame.numbers[0] = Double(frame.index)
    }
}

/// No argument buys unbounded work: a late frame of a seekable source is one evaluation, a source
/// that is not seekable catches up at most `HostLoop.maximumCatchUpFrames` frames, and previews
/// cover at most `maximumPreviewFrames` frames.
@Suite("Work limits of renders")
struct WorkLimitTests {
    static let last = FrameRate.maximumFrameCount

    @Test func theLastFrameOfADocumentIsOneEvaluation() throws {
        let result = cadence("render", "Docs/examples/card.json", "--frames", "\(Self.last)..\(Self.last)")
        #expect(result.status == 0 && result.err.isEmpty)
        // 2147483647 / 60 s = 35791394.116666666… s, printed as the shortest Double that reads back.
        #expect(result.out.hasPrefix(#"{"frame":2147483647,"time":35791394.11666667,"values":"#))
        #expect(result.out.split(separator: "\n").count == 1)
        // One frame evaluated, not two billion.
        var source = TallySource(isSeekable: true)
        var sink = CallbackSink { frame in #expect(frame.numbers[0] == Double(Self.last)) }
        try HostLoop.renderOffline(&source, frameRate: .fps60, frames: Self.last...Self.last, to: &sink)
        #expect(source.evaluated == 1)
        var played = TallySource(isSeekable: true)
        try HostLoop.play(&played, frameRate: .fps60, frames: Self.last...Self.last, to: &sink)
        #expect(played.evaluated == 1)
    }

    @Test func aSourceThatIsNotSeekableCatchesUpAtMostTheLimit() throws {
        let limit = HostLoop.maximumCatchUpFrames
        #expect(limit == 1_000_000)
        var sink = CallbackSink { _ in Issue.record("nothing is written beyond the limit") }
        var source = TallySource(isSeekable: false)
        #expect(throws: HostLoop.RunError.startBeyondCatchUpLimit(start: limit + 1, limit: limit)) {
            try HostLoop.renderOffline(&source, frameRate: .fps60, frames: (limit + 1)...(limit + 1), to: &sink)
        }
        #expect(throws: HostLoop.RunError.startBeyondCatchUpLimit(start: Self.last, limit: limit)) {
            try HostLoop.play(&source, frameRate: .fps60, frames: Self.last...Self.last, to: &sink)
        }
        #expect(throws: HostLoop.RunError.startBeyondCatchUpLimit(start: limit + 1, limit: limit)) {
            _ = try HostLoop.frames(of: source, frameRate: .fps60, frames: (limit + 1)...(limit + 2))
        }
        #expect(source.evaluated == 0)
        // At the limit: frames 0 ... limit are evaluated, the last one written.
        var written: [Double] = []
        var recording = CallbackSink { frame in written.append(frame.numbers[0]) }
        try HostLoop.renderOffline(&source, frameRate: .fps60, frames: limit...limit, to: &recording)
        #expect(source.evaluated == limit + 1 && written == [Double(limit)])
    }

    @Test func aLateFrameOfAPresetIsItsSettledFrame() {
        // Presets seek: the frames before the start are replayed only until the transition
        // settles (about a second here), never two billion of them.
        let result = cadence("preset", "card-expand", "--frames", "\(Self.last)..\(Self.last)")
        #expect(result.status == 0 && result.err.isEmpty)
        #expect(result.out.hasPrefix(#"{"frame":2147483647,"#))
        #expect(result.out.split(separator: "\n").count == 1)
    }

    @Test func previewsCoverAtMostTheirFrameLimit() throws {
        #expect(CadenceTool.maximumPreviewFrames == 10_000_000)
        for format in ["svg", "html"] {
            let result = cadence("render", "Docs/examples/card.json", "--format", format, "--frames", "0..10000000")
            #expect(result.status == 2 && result.out.isEmpty)
            #expect(result.err.contains("preview covers at most 10000000 frames (it shows a few thousand of them), this render has 10000001"))
        }
        // A document whose duration is long at its rate says the same without --frames.
        let long = try temporaryFile("long.json", #"{"cadence": 1, "fps": 1000, "duration": 20000, "tracks": [{"name": "a", "keyframes": [{"value": 1}]}]}"#)
        #expect(cadence("render", long, "--format", "html").err.contains("this render has 20000001"))
        #expect(cadence("render", long, "--format", "csv", "--frames", "0..1").status == 0)
    }
}
