public import Timeline
import TimelinePlugins

/// A preset compiled for one frame rate: its frames as a pure function of the frame index,
/// evaluated without a clock, an animator or a lock, and shared by any number of sources.
///
/// Compiling runs the preset's transition once, frame by frame, as ``PresetSource`` always has
/// rendered it (the start at frame 0, a tick per frame, the preset's script after each tick), and
/// records it as a few **segments**: the state's words where a segment begins, and the lines of
/// the animators running through it (``RecordedRun``: anchor, velocity, curve and the numbers
/// each writes). A frame is then its segment's words, each running line evaluated at the frame's
/// clock time, and the preset's channels read from that state. A segment ends where the lines no
/// longer predict the live state bit for bit: an animator starts or completes, a completion
/// handler updates the state, a gesture scrubs (a scrubbed frame is a segment of its own). Every
/// recorded frame is checked against the live run while compiling, so evaluating the program is
/// the live run, bit for bit, by construction.
///
/// The recording stops at the first frame after frame 0 at which the transition is settled
/// (``Transition/isSettled``: every later frame is the same), or at the end of the render length
/// (``TransitionPreset/renderDuration(of:)``) if it never settles there, or after
/// ``maximumRecordedFrames``. A frame past a settled
/// recording is its last frame; a frame past an unsettled one, or any frame of a state that is not
/// plain data (it cannot be copied as words), is rendered by replaying the transition live.
///
/// Compile once and share: sources of the same preset and frame rate (a list of cards that all
/// expand the same way) evaluate one program.
///
/// ```swift
/// let program = try PresetProgram(preset: CardExpandPreset(context: context, parameters: [:]), frameRate: .fps60)
/// var sources = (0..<100).map { _ in PresetSource(program: program) }
/// ```
public final class PresetProgram<Preset: TransitionPreset>: Sendable {
    /// The preset.
    public let preset: Preset
    /// The rate the program's frames are at (frame `i` is at `i / frameRate`).
    public let frameRate: FrameRate
    /// The frames' layout: the preset's channels.
    public let schema: FrameSchema
    /// The default render length in seconds.
    public let duration: Double
    /// The recorded frames, without the preset's type.
    let frames: RecordedFrames
    /// The preset's channels, made once (a preset makes them anew each time it is asked); they
    /// own the writers.
    let channels: [PresetChannel<Preset.State>]
    /// The channels' writers, each reading the state from a pointer and writing at its offset in
    /// the frame.
    let writers: [ChannelWriter]
    /// The alignment of the scratch space a frame's state is built in: the state's own, and at
    /// least 16.
    var stateAlignment: Int { frames.alignment }

    /// Compiles `preset` at `frameRate`: runs its transition once and records it.
    ///
    /// - Throws: What the preset's `makeTransition` or its script (`update`) throws.
    public init(preset: Preset, frameRate: FrameRate) throws {
        self.preset = preset
        self.frameRate = frameRate
        var run = try LivePresetRun(preset: preset, frameRate: frameRate)
        duration = preset.renderDuration(of: run.transition)
        let channels = preset.channels
        schema = FrameSchema(channels.map { ($0.name, $0.kind) })
        self.channels = channels
        writers = zip(channels, schema.channels).map { ChannelWriter($0.writer, offset: $1.offset) }
        frames = try Self.record(&run, frameRate: frameRate, duration: duration, writers: writers)
    }

    /// Runs the transition frame by frame and records it (see the type's discussion).
    private static func record(
        _ run: inout LivePresetRun<Preset>, frameRate: FrameRate, duration: Double, writers: [ChannelWriter]
    ) throws -> RecordedFrames {
        let wordCount = run.state.plainByteCount / 8
        let alignment = max(16, MemoryLayout<Preset.State>.alignment)
        var recorder = PresetFrameRecorder(wordCount: wordCount)
        guard wordCount > 0 else { return recorder.finish(settles: false, writers: writers, alignment: alignment) }
        let limit = min((frameRate.frameCount(covering: duration) ?? 0) + 1, maximumRecordedFrames)
        return try withUnsafeTemporaryAllocation(byteCount: 8 * wordCount, alignment: alignment) { buffer in
            let words = buffer.baseAddress!
            var events: [FrameEvent] = []
            for index in 0..<limit {
                try run.tick(frame: index, at: frameRate.seconds(ofFrame: index), events: &events)
                _ = run.state.copyPlainValue(to: words)
                let time = run.clock.lastTick?.seconds ?? 0
                recorder.record(
                    frame: index, time: time, words: UnsafeRawPointer(words), events: events,
                    runs: run.state.recordedRuns(on: run.clock))
                events.removeAll(keepingCapacity: true)
                if index > 0, run.transition.isSettled {
                    return recorder.finish(settles: true, writers: writers, alignment: alignment)
                }
            }
            return recorder.finish(settles: false, writers: writers, alignment: alignment)
        }
    }

    /// The most frames a program records: 262,144 (about 73 minutes at 60 fps), so that the
    /// first frame of a preset costs at most that whatever its duration (`--duration 1000000`).
    /// Frames past an unsettled recording are replayed live, from the last frame rendered or
    /// from frame 0.
    public static var maximumRecordedFrames: Int { 262_144 }

    /// The number of frames recorded (0 for a state that is not plain data).
    public var recordedFrameCount: Int { frames.count }

    /// The number of segments the recorded frames were compiled into.
    public var segmentCount: Int { frames.segmentCount }

    /// Whether every frame past the recording is the recording's last frame (the transition
    /// settled while compiling).
    public var settles: Bool { frames.settles }
}

/// The recorded frames of a preset, without its type: segments of state words and animator
/// lines, the clock time of each frame, and the events.
final class RecordedFrames: Sendable {
    /// The number of 64-bit words of the state.
    let wordCount: Int
    /// Frames `0..<count` are recorded.
    let count: Int
    /// Whether frames past the recording repeat its last frame.
    let settles: Bool
    /// The clock time of each recorded frame's tick.
    let times: [Double]
    /// The first frame of each segment, ascending, starting at 0.
    let segmentStarts: [Int]
    /// Each segment's state words, `wordCount` per segment.
    let snapshots: [UInt64]
    /// Where each segment's lines begin in `runs`, with one more entry for the end.
    let runStarts: [Int]
    /// Every segment's lines, laid out for evaluation.
    let runs: RecordedRunTable
    /// The frames that have events, ascending, and their events.
    let eventFrames: [Int]
    let events: [[FrameEvent]]
    /// Whether each recorded frame has events.
    let hasEvents: [Bool]
    /// The preset's channels' writers, and the writers themselves, kept alive.
    let writers: [ChannelWriter]
    private let owners: [PresetChannelWriter]
    /// The alignment of the scratch space a frame's state is built in.
    let alignment: Int

    init(
        writers: [ChannelWriter], alignment: Int, wordCount: Int, settles: Bool, times: [Double], segmentStarts: [Int], snapshots: [UInt64],
        runStarts: [Int], runs: [RecordedRun], eventFrames: [Int], events: [[FrameEvent]]
    ) {
        self.writers = writers
        owners = writers.map { $0.writer.takeUnretainedValue() }
        self.alignment = alignment
        self.wordCount = wordCount
        count = times.count
        self.settles = settles && !times.isEmpty
        self.times = times
        self.segmentStarts = segmentStarts
        self.snapshots = snapshots
        self.runStarts = runStarts
        self.runs = RecordedRunTable(runs)
        self.eventFrames = eventFrames
        self.events = events
        var hasEvents = Array(repeating: false, count: times.count)
        for frame in eventFrames { hasEvents[frame] = true }
        self.hasEvents = hasEvents
    }

    var segmentCount: Int { segmentStarts.count }

    /// Fills `frame` if the program covers its index (otherwise returns `false`, touching nothing).
    func evaluate(into frame: inout Frame, segmentHint: inout Int) -> Bool {
        let index = frame.index
        guard covers(index) else { return false }
        let segment = segment(of: min(index, count - 1), hint: segmentHint)
        segmentHint = segment
        withUnsafeTemporaryAllocation(byteCount: 8 * wordCount, alignment: alignment) { buffer in
            state(ofFrame: index, segment: segment, into: buffer.baseAddress!)
            ChannelWriter.write(writers, from: UnsafeRawPointer(buffer.baseAddress!), into: &frame)
        }
        appendEvents(ofFrame: index, to: &frame.events)
        return true
    }

    /// Whether the program can give frame `index` (otherwise it is replayed live).
    @inline(__always)
    func covers(_ index: Int) -> Bool {
        index >= 0 && (index < count || settles)
    }

    /// The segment of recorded frame `index`, starting the search at `hint`.
    @inline(__always)
    func segment(of index: Int, hint: Int) -> Int {
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

    /// Builds frame `index`'s state (a frame this program covers) in `words`.
    @inline(__always)
    func state(ofFrame index: Int, segment: Int, into words: UnsafeMutableRawPointer) {
        let frame = min(index, count - 1)
        snapshots.withUnsafeBufferPointer { snapshots in
            // A few words: a loop, not a call to `memmove`.
            let source = snapshots.baseAddress! + segment * wordCount
            for word in 0..<wordCount { words.storeBytes(of: source[word], toByteOffset: 8 * word, as: UInt64.self) }
        }
        let range = runStarts[segment]..<runStarts[segment + 1]
        guard !range.isEmpty else { return }
        let time = times[frame]
        runs.write(runs: range, at: time, intoWords: words)
    }

    /// Appends frame `index`'s events.
    @inline(__always)
    func appendEvents(ofFrame index: Int, to list: inout [FrameEvent]) {
        guard index < count, hasEvents[index] else { return }
        var low = 0
        var high = eventFrames.count
        while low < high {
            let middle = (low + high) / 2
            if eventFrames[middle] < index { low = middle + 1 } else { high = middle }
        }
        if low < eventFrames.count, eventFrames[low] == index { list += events[low] }
    }
}

/// Builds ``RecordedFrames`` frame by frame: extends the current segment while its lines
/// predict the live state exactly, and starts a new one where they do not.
struct PresetFrameRecorder {
    private let wordCount: Int
    private var times: [Double] = []
    private var segmentStarts: [Int] = []
    private var snapshots: [UInt64] = []
    private var runStarts: [Int] = [0]
    private var runs: [RecordedRun] = []
    private var eventFrames: [Int] = []
    private var events: [[FrameEvent]] = []
    /// Scratch space for predictions.
    private var predicted: [UInt64]
    /// The current segment's lines, as the program will evaluate them.
    private var currentTable = RecordedRunTable([])
    private var lineCount = 0

    init(wordCount: Int) {
        self.wordCount = wordCount
        predicted = Array(repeating: 0, count: wordCount)
    }

    /// Records frame `frame` (the next one): its tick's clock time, the live state's words, its
    /// events, and the lines of the animators running into the state now.
    mutating func record(frame: Int, time: Double, words: UnsafeRawPointer, events frameEvents: [FrameEvent], runs current: [RecordedRun]) {
        times.append(time)
        if !frameEvents.isEmpty {
            eventFrames.append(frame)
            events.append(frameEvents)
        }
        let live = UnsafeRawBufferPointer(start: words, count: 8 * wordCount)
        if !segmentStarts.isEmpty, predicts(segment: segmentStarts.count - 1, at: time, live) { return }
        // A new segment: the live words, and the lines that reproduce them at this frame.
        segmentStarts.append(frame)
        let snapshot = live.bindMemory(to: UInt64.self)
        snapshots += snapshot
        let kept = current.filter { Self.agrees($0, at: time, with: snapshot) }
        runs += kept
        runStarts.append(runs.count)
        currentTable = RecordedRunTable(kept)
        lineCount = kept.count
    }

    /// Whether segment `segment` gives exactly the live words at clock time `time`, evaluated as
    /// the program will evaluate it.
    private mutating func predicts(segment: Int, at time: Double, _ live: UnsafeRawBufferPointer) -> Bool {
        let base = segment * wordCount
        for word in 0..<wordCount { predicted[word] = snapshots[base + word] }
        let table = currentTable
        return predicted.withUnsafeMutableBytes { bytes in
            table.write(runs: 0..<lineCount, at: time, intoWords: bytes.baseAddress!)
            return bytes.elementsEqual(live)
        }
    }

    /// Whether a line, written over the live words at `time`, leaves them as they are.
    private static func agrees(_ run: RecordedRun, at time: Double, with live: UnsafeBufferPointer<UInt64>) -> Bool {
        var copy = Array(live)
        copy.withUnsafeMutableBytes { RecordedRunTable([run]).write(runs: 0..<1, at: time, intoWords: $0.baseAddress!) }
        return copy.elementsEqual(live)
    }

    /// The recording, read through the preset's channels' `writers` from scratch space of
    /// `alignment`.
    consuming func finish(settles: Bool, writers: [ChannelWriter], alignment: Int) -> RecordedFrames {
        RecordedFrames(
            writers: writers, alignment: alignment, wordCount: wordCount, settles: settles, times: times, segmentStarts: segmentStarts, snapshots: snapshots,
            runStarts: runStarts, runs: runs, eventFrames: eventFrames, events: events)
    }
}
