import Testing
import Timeline
import TimelinePlugins
@testable import CadenceIO
@testable import CadenceHostCore

/// A seekable source of `count` frames over one scalar channel (the frame's index), with a
/// marker event on every frame named after its index.
private struct IndexSource: FrameSource {
    let count: Int
    var schema: FrameSchema { FrameSchema([("index", .scalar)]) }
    var duration: Double { Double(count - 1) / 60 }
    var isSeekable: Bool { true }

    mutating func evaluate(into frame: inout Frame) throws {
        frame.numbers[0] = Double(frame.index)
        frame.events.append(FrameEvent(.marker("e\(frame.index)"), source: "s"))
    }
}

/// The recorder behind the previews keeps at most its capacity (and the last frame), evenly
/// spaced, and loses no event; the HTML page is bounded by it and says so.
@Suite("Bounded preview recording")
struct FrameRecorderTests {
    func record(_ count: Int, capacity: Int) -> FrameRecorder {
        var recorder = FrameRecorder(capacity: capacity)
        let schema = FrameSchema([("x", .scalar)])
        for index in 0..<count {
            var frame = Frame(schema: schema, index: index, time: Double(index) / 60)
            frame.events.append(FrameEvent(.marker("e\(index)"), source: "s"))
            recorder.record(frame)
        }
        return recorder
    }

    /// Marker names of a recorded frame's events.
    func markers(_ frame: FrameRecorder.Recorded) -> [String] {
        frame.events.map { if case .marker(let name) = $0.kind { name } else { "?" } }
    }

    @Test func longRunsKeepEvenlySpacedFramesAndTheLast() {
        // 100 frames, at most 4: every 32nd (16 would keep 7), so 0, 32, 64, 96 and the last, 99.
        let recorder = record(100, capacity: 4)
        #expect(recorder.frames.map(\.index) == [0, 32, 64, 96, 99])
        #expect(recorder.stride == 32 && recorder.offeredCount == 100)
        // Every event once, in order, on the first kept frame at or after its own.
        #expect(recorder.frames.flatMap(markers) == (0..<100).map { "e\($0)" })
        #expect(markers(recorder.frames[1]) == (1...32).map { "e\($0)" })
        #expect(markers(recorder.frames[4]) == (97...99).map { "e\($0)" })
    }

    @Test func aHalvingThatDropsTheLatestFrameKeepsItAsTheLast() {
        // Capacity 3: frames 0...3 exceed it, the halving keeps 0 and 2, and 3 stays the last.
        let recorder = record(4, capacity: 3)
        #expect(recorder.frames.map(\.index) == [0, 2, 3])
        #expect(recorder.frames.map(markers) == [["e0"], ["e1", "e2"], ["e3"]])
        // Short runs keep everything.
        #expect(record(3, capacity: 3).frames.map(\.index) == [0, 1, 2])
        #expect(FrameRecorder().frames.isEmpty)
    }

    @Test func theRecorderNeverHoldsMoreThanItsCapacity() {
        var recorder = FrameRecorder(capacity: 1_000)
        let schema = FrameSchema([("x", .scalar)])
        for index in 0..<200_000 {
            recorder.record(Frame(schema: schema, index: index, time: Double(index)))
            guard index % 97 == 0 else { continue }
            #expect(recorder.frames.count <= 1_001, "frame \(index)")
            if recorder.frames.count > 1_001 { break }
        }
        // 200,000 frames, at most 1,000: every 256th (128 would keep 1,563), so 782 and the last.
        #expect(recorder.stride == 256 && recorder.frames.count == 783)
    }

    @Test func theHTMLPageHoldsAtMostItsLimitAndSaysSo() throws {
        #expect(HTMLPreviewSink<StringOutput>.maximumFrames == 10_000)
        var source = IndexSource(count: 25_001)
        var sink = HTMLPreviewSink(output: StringOutput(), scene: nil, frameRate: .fps60)
        try HostLoop.renderOffline(&source, frameRate: .fps60, to: &sink)
        let html = sink.output.text
        // 25,001 frames, at most 10,000: every 4th (2 would keep 12,501), frames 0, 4, …, 25,000.
        #expect(html.contains(#"<p id="summary">6251 of 25001 frames: every 4th (a preview holds at most 10000) at 60 fps (no scene: each channel over time)</p>"#))
        #expect(html.contains(#"data-frame-count="6251""#))
        #expect(html.contains(#""frameCount":6251,"stride":4,"renderedCount":25001,"maximumFrames":10000"#))
        // Every event is on the page, once.
        #expect(html.split(separator: "\"marker e", omittingEmptySubsequences: false).count - 1 == 25_001)
        // Frame 24,997's event is on the next frame held, 25,000, the 6,251st.
        #expect(html.contains(#"[6250,"marker e24997 of s"]"#))
    }

    @Test func wideFramesAreHeldInFewerFrames() throws {
        // 999 numbers and 1: at most 2,000,000 / 1,000 = 2,000 frames at any time.
        var recorder = FrameRecorder(capacity: 10_000, maximumWeight: 2_000_000)
        var wide = Frame(schema: FrameSchema((0..<999).map { ("c\($0)", FrameSchema.Kind.scalar) }))
        for index in 0..<5_000 {
            wide.index = index
            recorder.record(wide)
        }
        let frames = recorder.frames
        #expect(frames.count <= 2_001)
        #expect(frames.count >= 1_000, "halved no more than needed")
        #expect(frames.last?.index == 4_999)
    }

    @Test func framesThatGrowLaterInTheRunAreBoundedToo() throws {
        // The reliability audit's defect 2: the budget was sized on frame 0 only, so a path that
        // grows after it kept 10,000 frames of 11 MB each (an abort at 7 GB).
        var small = Frame(schema: FrameSchema([("p", .path)]))
        try small.paths[0].move(to: .zero)
        var large = small
        for step in 0..<100_000 { try large.paths[0].addLine(to: Point(x: Double(step), y: 0)) }
        let largeWeight = 6 * 100_001 + 1
        var recorder = FrameRecorder(capacity: 10_000, maximumWeight: 2_000_000)
        for index in 0..<1_000 {
            var frame = index < 100 ? small : large
            frame.index = index
            recorder.record(frame)
        }
        let frames = recorder.frames
        let weight = frames.reduce(0) { $0 + $1.weight }
        #expect(weight <= 2_000_000 + largeWeight, "the kept frames, and the last")
        #expect(frames.count >= 2)
        #expect(frames.first?.index == 0)
        #expect(frames.last?.index == 999)
    }
}
