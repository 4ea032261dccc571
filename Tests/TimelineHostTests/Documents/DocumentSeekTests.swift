import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// A source that counts the frames it evaluates: its value is the frame's index.
private struct CountingSource: FrameSource {
    let isSeekable: Bool
    var evaluated: [Int] = []
    var schema: FrameSchema { FrameSchema([("index", .scalar)]) }
    var duration: Double { 1 }

    mutating func evaluate(into frame: inout Frame) throws {
        evaluated.append(frame.index)
        frame.numbers[0] = Double(frame.index)
    }
}

/// Documents are pure functions of time: a frame costs the same wherever it is, and slices agree
/// with the whole render byte for byte.
@Suite("Seeking documents")
struct DocumentSeekTests {
    /// A document with delays, repeats, autoreverse, springs, steps, labels and nesting.
    static let busy = """
        {"cadence":1,"fps":30,"labels":{"mid":1.1},"tracks":[
          {"name":"a","repeat":3,"autoreverse":true,"keyframes":[{"time":0,"value":0},{"time":0.4,"value":10,"curve":"steps(3, jump-start)"}]},
          {"name":"b","delay":0.35,"keyframes":[{"time":0,"value":[0,1]},{"time":0.5,"value":[4,5],"spring":{"response":0.3,"dampingRatio":0.6}}]},
          {"name":"c","fill":"none","base":"#808080","keyframes":[{"time":0,"value":"#ff0000"},{"time":0.7,"value":"#0000ff","curve":"ease-in-out"}]}],
         "timeline":[{"track":"a"},{"sequence":[{"track":"b"},{"track":"c","at":"<0.1"}]}]}
        """

    static func jsonLines(_ document: TimelineDocument, frames: ClosedRange<Int>? = nil) throws -> String {
        var source = document.makeSource()
        var sink = JSONLinesSink(output: StringOutput())
        try HostLoop.renderOffline(&source, frameRate: document.frameRate, frames: frames, to: &sink)
        return sink.output.text
    }

    @Test(arguments: [1, 7, 33, 60, 95])
    func slicesConcatenateToTheWholeRender(split: Int) throws {
        let document = try TimelineDocument(parsing: Self.busy)
        let whole = try Self.jsonLines(document)
        let count = whole.split(separator: "\n").count
        let first = try Self.jsonLines(document, frames: 0...(split - 1))
        let second = try Self.jsonLines(document, frames: split...(count - 1))
        #expect(first + second == whole)
    }

    @Test func everyFrameAloneIsTheSameFrameOfTheWholeRender() throws {
        let document = try TimelineDocument(parsing: Self.busy)
        let lines = try Self.jsonLines(document).split(separator: "\n", omittingEmptySubsequences: false)
        for index in stride(from: 0, to: lines.count - 1, by: 1) {
            #expect(try Self.jsonLines(document, frames: index...index) == lines[index] + "\n", "frame \(index)")
        }
    }

    @Test func aSeekableSourceIsEvaluatedAtTheWrittenFramesOnly() throws {
        var seekable = CountingSource(isSeekable: true)
        var sink = CallbackSink { _ in }
        try HostLoop.renderOffline(&seekable, frameRate: .fps60, frames: 1_000_000...1_000_002, to: &sink)
        #expect(seekable.evaluated == [1_000_000, 1_000_001, 1_000_002])
        // A source that depends on the frames before it is evaluated from frame 0.
        var sequential = CountingSource(isSeekable: false)
        try HostLoop.renderOffline(&sequential, frameRate: .fps60, frames: 5...6, to: &sink)
        #expect(sequential.evaluated == Array(0...6))
    }

    @Test func theAsyncFramesOfASeekableSourceStartAtTheSlice() async throws {
        var frames: [Int] = []
        for try await frame in try HostLoop.frames(of: CountingSource(isSeekable: true), frameRate: .fps60, frames: 40...42) {
            frames.append(frame.index)
            #expect(frame.numbers[0] == Double(frame.index))
        }
        #expect(frames == [40, 41, 42])
    }

    @Test func eventsFollowTheRunsFrameRateNotTheDocuments() throws {
        // A label at 0.5 s: frame 15 at 30 fps (the document's), frame 5 at 10 fps (the run's).
        let document = try TimelineDocument(parsing: """
            {"cadence":1,"fps":30,"labels":{"half":0.5},"tracks":[{"name":"a","keyframes":[{"time":0,"value":0},{"time":1,"value":1}]}]}
            """)
        var source = document.makeSource()
        var marked: [Int] = []
        var sink = CallbackSink { frame in
            if frame.events.contains(where: { $0.kind == .marker("half") }) { marked.append(frame.index) }
        }
        try HostLoop.renderOffline(&source, frameRate: FrameRate(10)!, frames: 3...9, to: &sink)
        #expect(marked == [5])
    }
}
