import Testing
import Timeline

private struct Pair: Sendable, Equatable {
    var a = 0.0
    var b = 0.0
}

private struct Labelled: Sendable, Equatable {
    var x = 0.0
    var label = "card"
}

/// A run recorded frame by frame and evaluated as a pure function of the frame index, against
/// values worked out by hand and against the live run.
@Suite("State recording")
struct StateRecordingTests {
    /// `a` goes 0 → 60 linearly over 1 s from frame 0; `b` goes 0 → 10 over 0.5 s from frame 30
    /// (started by the app after that frame's tick). At 60 fps, frame n is at n / 60 s.
    private func recordTwoAnimators(frames: Int) throws -> (StateRecording, live: [Pair]) {
        let clock = ManualClock(frameRate: .fps60)
        let state = AnimatedState(Pair())
        let first = try Animator(duration: 1, state: state, clock: clock)
        try first.addAnimation(\.a, to: 60)
        let second = try Animator(duration: 0.5, state: state, clock: clock)
        try second.addAnimation(\.b, to: 10)
        var recorder = StateRecorder(state: state, clock: clock)
        #expect(recorder.isRecording)
        var live: [Pair] = []
        clock.tick()
        try first.start()
        recorder.recordFrame()
        live.append(state.value)
        for frame in 1..<frames {
            clock.advanceFrame()
            if frame == 30 { try second.start() }
            recorder.recordFrame()
            live.append(state.value)
        }
        #expect(recorder.frameCount == frames)
        return (recorder.finish(settles: first.completion != nil && second.completion != nil), live)
    }

    @Test("frames are the hand-computed values, bit for bit the live run, in a few segments")
    func framesAreTheLiveRun() throws {
        let (recording, live) = try recordTwoAnimators(frames: 91)
        #expect(recording.frameCount == 91)
        #expect(recording.byteCount == 16)
        // Frame 0 is segment 0; one more where b starts moving, one where both end: each
        // segment's lines carry it, not a segment per frame.
        #expect(recording.segmentCount >= 2 && recording.segmentCount <= 5)
        let expected: [(frame: Int, a: Double, b: Double)] = [
            (0, 0, 0), (15, 15, 0), (30, 30, 0), (45, 45, 5), (59, 59, 29.0 / 3), (60, 60, 10), (90, 60, 10),
        ]
        for (frame, a, b) in expected {
            let value = try #require(recording.value(ofFrame: frame, as: Pair.self))
            #expect(abs(value.a - a) < 1e-12, "a at frame \(frame): \(value.a), expected \(a)")
            #expect(abs(value.b - b) < 1e-12, "b at frame \(frame): \(value.b), expected \(b)")
        }
        for frame in 0..<91 {
            #expect(recording.value(ofFrame: frame, as: Pair.self) == live[frame], "frame \(frame)")
        }
        // Played backwards with a hint, as a seeking reader does: the same bits.
        var hint = 0
        for frame in stride(from: 90, through: 0, by: -7) {
            var words = Pair()
            let written = withUnsafeMutableBytes(of: &words) { recording.writeState(ofFrame: frame, into: $0.baseAddress!, segmentHint: &hint) }
            #expect(written)
            #expect(words == live[frame], "frame \(frame) read backwards")
        }
        #expect(abs(recording.time(ofFrame: 45) - 0.75) < 1e-15)
    }

    @Test("a settled recording covers every later frame with its last; an unsettled one covers only its own")
    func settledRecordingsCoverLaterFrames() throws {
        let (settled, _) = try recordTwoAnimators(frames: 61)
        #expect(settled.settles)
        #expect(settled.covers(frame: 1_000_000))
        #expect(settled.value(ofFrame: 1_000_000, as: Pair.self) == Pair(a: 60, b: 10))
        #expect(!settled.covers(frame: -1))
        #expect(settled.value(ofFrame: -1, as: Pair.self) == nil)
        let (unsettled, _) = try recordTwoAnimators(frames: 40)
        #expect(!unsettled.settles)
        #expect(unsettled.covers(frame: 39))
        #expect(!unsettled.covers(frame: 40))
        // A frame it does not cover: nothing written, and `false`.
        var untouched = Pair(a: -1, b: -1)
        var hint = 0
        let written = withUnsafeMutableBytes(of: &untouched) { unsettled.writeState(ofFrame: 40, into: $0.baseAddress!, segmentHint: &hint) }
        #expect(!written)
        #expect(untouched == Pair(a: -1, b: -1))
    }

    @Test("a state that holds references is not recorded")
    func statesWithReferencesAreNotRecorded() throws {
        let clock = ManualClock()
        let state = AnimatedState(Labelled())
        var recorder = StateRecorder(state: state, clock: clock)
        #expect(!recorder.isRecording)
        clock.tick()
        recorder.recordFrame()
        let recording = recorder.finish(settles: true)
        #expect(recording.frameCount == 0)
        #expect(!recording.covers(frame: 0))
    }

    @Test("a state's value read through a pointer is its value, plain or not")
    func valuePointerReadsTheValue() throws {
        let plain = AnimatedState(Pair(a: 1.5, b: -2))
        #expect(plain.withUnsafeValuePointer { $0.load(as: Pair.self) } == Pair(a: 1.5, b: -2))
        let labelled = AnimatedState(Labelled(x: 3, label: "row"))
        #expect(labelled.withUnsafeValuePointer { $0.assumingMemoryBound(to: Labelled.self).pointee } == Labelled(x: 3, label: "row"))
    }
}
