/// A run of animators on a state, recorded frame by frame and compiled into a pure function of
/// the frame index: any frame's state, without a clock, an animator or a lock.
///
/// A ``StateRecorder`` records a plain-data state after each frame the app (or a preset) runs,
/// as a few **segments**: the state's bytes where a segment begins, and the lines of the
/// animators running through it (anchor, velocity, curve and the numbers each writes, as the
/// clock's batch runs them). A frame is then its segment's bytes, each line evaluated at the
/// frame's clock time. A segment ends where the lines no longer predict the live state bit for
/// bit: an animator starts or completes, a completion handler or a gesture writes the state.
/// Every frame is checked against the live state as it is recorded, so evaluating the recording
/// is the live run, bit for bit, by construction.
///
/// ```swift
/// let clock = ManualClock(frameRate: .fps60)
/// let card = AnimatedState(Card(scale: 1))
/// let animator = try Animator(duration: 1, timing: .easeInOut, state: card, clock: clock)
/// try animator.addAnimation(\.scale, to: 2)
/// var recorder = StateRecorder(state: card, clock: clock)
/// clock.tick()
/// try animator.start()
/// recorder.recordFrame()
/// for _ in 1...60 { clock.advanceFrame(); recorder.recordFrame() }
/// let recording = recorder.finish(settles: true)
/// recording.value(ofFrame: 30, as: Card.self)?.scale   // what the animator wrote at frame 30
/// ```
///
/// Only a state that is plain data (no references) is recorded: for any other, ``StateRecorder``
/// records no frame (``StateRecorder/isRecording`` is `false`).
public final class StateRecording: Sendable {
    /// The number of bytes of the state's value as recorded: its size rounded up to whole 64-bit
    /// words.
    public var byteCount: Int { 8 * wordCount }
    /// The number of frames recorded: frames `0..<frameCount`.
    public var frameCount: Int { times.count }
    /// The number of segments the frames were compiled into.
    public var segmentCount: Int { segmentStarts.count }
    /// Whether every frame past the recording is its last frame (the run had settled).
    public let settles: Bool
    /// The alignment a frame's bytes need: the state's own, and at least 16.
    public let alignment: Int

    let wordCount: Int
    /// The type of the recorded state.
    private let stateType: ObjectIdentifier
    /// The clock time of each recorded frame.
    private let times: [Double]
    /// The first frame of each segment, ascending, starting at 0.
    private let segmentStarts: [Int]
    /// Each segment's state words, `wordCount` per segment.
    private let snapshots: [UInt64]
    /// Where each segment's lines begin in `runs`, with one more entry for the end.
    private let runStarts: [Int]
    /// Every segment's lines, laid out for evaluation.
    private let runs: RecordedRunTable

    fileprivate init(
        stateType: ObjectIdentifier, alignment: Int, wordCount: Int, settles: Bool, times: [Double],
        segmentStarts: [Int], snapshots: [UInt64], runStarts: [Int], runs: [RecordedRun]
    ) {
        self.stateType = stateType
        self.alignment = alignment
        self.wordCount = wordCount
        self.settles = settles && !times.isEmpty
        self.times = times
        self.segmentStarts = segmentStarts
        self.snapshots = snapshots
        self.runStarts = runStarts
        self.runs = RecordedRunTable(runs)
    }

    /// Whether the recording gives frame `index`: a recorded frame, or any later one of a
    /// recording that settles.
    @inline(__always)
    public func covers(frame index: Int) -> Bool {
        index >= 0 && (index < frameCount || settles)
    }

    /// The clock time at which frame `index` (a recorded one) was recorded.
    public func time(ofFrame index: Int) -> Double {
        times[index]
    }

    /// Writes frame `index`'s state (``byteCount`` bytes) to `destination`, aligned to
    /// ``alignment``, if the recording covers the frame.
    ///
    /// - Parameters:
    ///   - index: The frame.
    ///   - destination: ``byteCount`` writable bytes.
    ///   - segmentHint: The segment of the frame asked for before, where the search starts
    ///     (0 at first): playing forward finds each frame's segment at once.
    /// - Returns: `false`, writing nothing, for a frame the recording does not cover
    ///   (``covers(frame:)``).
    @discardableResult
    public func writeState(
        ofFrame index: Int, into destination: UnsafeMutableRawPointer, segmentHint: inout Int
    ) -> Bool {
        guard covers(frame: index) else { return false }
        let frame = min(index, frameCount - 1)
        let segment = segment(of: frame, hint: segmentHint)
        segmentHint = segment
        snapshots.withUnsafeBufferPointer { snapshots in
            // A few words: a loop, not a call to `memmove`.
            let source = snapshots.baseAddress! + segment * wordCount
            for word in 0..<wordCount {
                destination.storeBytes(of: source[word], toByteOffset: 8 * word, as: UInt64.self)
            }
        }
        let range = runStarts[segment]..<runStarts[segment + 1]
        if !range.isEmpty { runs.write(runs: range, at: times[frame], intoWords: destination) }
        return true
    }

    /// Frame `index`'s state, or `nil` for a frame the recording does not cover
    /// (``covers(frame:)``).
    ///
    /// - Parameters:
    ///   - index: The frame.
    ///   - type: The type of the recorded state (another type is a programming error, and traps).
    public func value<State: Sendable>(ofFrame index: Int, as type: State.Type = State.self) -> State? {
        precondition(ObjectIdentifier(type) == stateType, "StateRecording: recorded another type than \(type)")
        var hint = 0
        return withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: alignment) { buffer in
            guard writeState(ofFrame: index, into: buffer.baseAddress!, segmentHint: &hint) else { return nil }
            return buffer.baseAddress!.load(as: State.self)
        }
    }

    /// The segment of recorded frame `index`, starting the search at `hint`.
    @inline(__always)
    private func segment(of index: Int, hint: Int) -> Int {
        let starts = segmentStarts
        if hint < starts.count, starts[hint] <= index {
            if hint + 1 == starts.count || index < starts[hint + 1] { return hint }
            if hint + 2 == starts.count || index < starts[hint + 2] { return hint + 1 }
        }
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

/// Records a state after each frame of a run, into a ``StateRecording``.
///
/// Call ``recordFrame()`` once per frame, after the clock's tick (and whatever the app does at
/// that frame); the frame's time is the clock's last tick. The recorder extends the current
/// segment while its animators' lines predict the live state exactly, and starts a new one where
/// they do not.
public struct StateRecorder<State: Sendable> {
    private let state: AnimatedState<State>
    private let clock: any FrameClock
    private let wordCount: Int
    private var times: [Double] = []
    private var segmentStarts: [Int] = []
    private var snapshots: [UInt64] = []
    private var runStarts: [Int] = [0]
    private var runs: [RecordedRun] = []
    /// The live words of the frame being recorded, and the current segment's prediction of them.
    private var live: [UInt64]
    private var predicted: [UInt64]
    /// The current segment's lines, as the recording will evaluate them.
    private var currentTable = RecordedRunTable([])
    private var lineCount = 0

    /// A recorder of `state`, whose animators run on `clock`.
    public init(state: AnimatedState<State>, clock: any FrameClock) {
        self.state = state
        self.clock = clock
        wordCount = state.isPlain ? state.cell.wordCount : 0
        live = Array(repeating: 0, count: wordCount)
        predicted = Array(repeating: 0, count: wordCount)
    }

    /// Whether frames are recorded: the state is plain data (numbers, points, colours; no
    /// references). Otherwise ``recordFrame()`` records nothing.
    public var isRecording: Bool { wordCount > 0 }

    /// The number of frames recorded so far.
    public var frameCount: Int { times.count }

    /// Records the next frame: the state as it is now, at the clock's last tick.
    public mutating func recordFrame() {
        guard wordCount > 0 else { return }
        let time = clock.lastTick?.seconds ?? 0
        times.append(time)
        live.withUnsafeMutableBytes { _ = state.copyPlainValue(to: $0.baseAddress!) }
        if !segmentStarts.isEmpty, predictsLive(at: time) { return }
        // A new segment: the live words, and the lines that reproduce them at this frame.
        segmentStarts.append(times.count - 1)
        snapshots += live
        let kept = state.recordedRuns(on: clock).filter { agreesWithLive($0, at: time) }
        runs += kept
        runStarts.append(runs.count)
        currentTable = RecordedRunTable(kept)
        lineCount = kept.count
    }

    /// The recording.
    ///
    /// - Parameter settles: Whether every later frame is the last recorded one (the run has
    ///   settled: every animator completed, as ``Transition/isSettled`` says).
    public consuming func finish(settles: Bool) -> StateRecording {
        StateRecording(
            stateType: ObjectIdentifier(State.self), alignment: max(16, MemoryLayout<State>.alignment),
            wordCount: wordCount, settles: settles, times: times, segmentStarts: segmentStarts,
            snapshots: snapshots, runStarts: runStarts, runs: runs)
    }

    /// Whether the current segment gives exactly the live words at clock time `time`, evaluated
    /// as the recording will evaluate it.
    private mutating func predictsLive(at time: Double) -> Bool {
        let base = snapshots.count - wordCount
        for word in 0..<wordCount { predicted[word] = snapshots[base + word] }
        let table = currentTable
        let count = lineCount
        predicted.withUnsafeMutableBytes { table.write(runs: 0..<count, at: time, intoWords: $0.baseAddress!) }
        return predicted == live
    }

    /// Whether a line, written over the live words at `time`, leaves them as they are.
    private func agreesWithLive(_ run: RecordedRun, at time: Double) -> Bool {
        var copy = live
        copy.withUnsafeMutableBytes { RecordedRunTable([run]).write(runs: 0..<1, at: time, intoWords: $0.baseAddress!) }
        return copy == live
    }
}
