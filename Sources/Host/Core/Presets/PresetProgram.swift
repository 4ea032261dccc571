public import Timeline
import TimelinePlugins

/// A preset compiled for one frame rate: its frames as a pure function of the frame index,
/// evaluated without a clock, an animator or a lock, and shared by any number of sources.
///
/// Compiling runs the preset's transition once, frame by frame, as ``PresetSource`` always has
/// rendered it (the start at frame 0, a tick per frame, the preset's script after each tick), and
/// records its state with Timeline's `StateRecorder` as a few **segments**: the state's words
/// where a segment begins, and the lines of the animators running through it (anchor, velocity,
/// curve and the numbers each writes). A frame is then its segment's words, each running line evaluated at the frame's
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
    package let frames: RecordedFrames
    /// The preset's channels, made once (a preset makes them anew each time it is asked); they
    /// own the writers.
    let channels: [PresetChannel<Preset.State>]
    /// The channels' writers, each reading the state from a pointer and writing at its offset in
    /// the frame.
    let writers: [ChannelWriter]

    /// The recorded states of the preset's transition, frame by frame.
    public var states: StateRecording { frames.states }

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
        var recorder = StateRecorder(state: run.state, clock: run.clock)
        var events = PresetEventRecorder()
        guard recorder.isRecording else {
            return RecordedFrames(writers: writers, states: recorder.finish(settles: false), events: events)
        }
        let limit = min((frameRate.frameCount(covering: duration) ?? 0) + 1, maximumRecordedFrames)
        var frameEvents: [FrameEvent] = []
        for index in 0..<limit {
            try run.tick(frame: index, at: frameRate.seconds(ofFrame: index), events: &frameEvents)
            recorder.recordFrame()
            events.record(frameEvents, ofFrame: index)
            frameEvents.removeAll(keepingCapacity: true)
            if index > 0, run.transition.isSettled {
                return RecordedFrames(writers: writers, states: recorder.finish(settles: true), events: events)
            }
        }
        return RecordedFrames(writers: writers, states: recorder.finish(settles: false), events: events)
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

/// The recorded frames of a preset, without its type: its state's recording (Timeline's
/// ``StateRecording``), read into frames through the preset's channels, and its events.
final package class RecordedFrames: Sendable {
    /// The recorded states.
    let states: StateRecording
    /// The frames that have events, ascending, and their events.
    let eventFrames: [Int]
    let events: [[FrameEvent]]
    /// Whether each recorded frame has events.
    let hasEvents: [Bool]
    /// The preset's channels' writers, and the writers themselves, kept alive.
    let writers: [ChannelWriter]
    private let owners: [PresetChannelWriter]
    /// The scratch space a frame's state is built in: the recording's size and alignment.
    private let byteCount: Int
    private let alignment: Int

    init(writers: [ChannelWriter], states: StateRecording, events: PresetEventRecorder) {
        self.writers = writers
        byteCount = states.byteCount
        alignment = states.alignment
        owners = writers.map { $0.writer.takeUnretainedValue() }
        self.states = states
        eventFrames = events.frames
        self.events = events.events
        var hasEvents = Array(repeating: false, count: states.frameCount)
        for frame in eventFrames where frame < states.frameCount { hasEvents[frame] = true }
        self.hasEvents = hasEvents
    }

    /// The number of frames recorded.
    var count: Int { states.frameCount }
    var segmentCount: Int { states.segmentCount }
    var settles: Bool { states.settles }

    /// Fills `frame` if the program covers its index (otherwise returns `false`, touching nothing).
    func evaluate(into frame: inout Frame, segmentHint: inout Int) -> Bool {
        let index = frame.index
        // One call into the recording per frame: it says whether it covers the frame.
        let covered = withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: alignment) { buffer in
            guard states.writeState(ofFrame: index, into: buffer.baseAddress!, segmentHint: &segmentHint) else {
                return false
            }
            ChannelWriter.write(writers, from: UnsafeRawPointer(buffer.baseAddress!), into: &frame)
            return true
        }
        if covered { appendEvents(ofFrame: index, to: &frame.events) }
        return covered
    }

    /// Appends frame `index`'s events.
    @inline(__always)
    func appendEvents(ofFrame index: Int, to list: inout [FrameEvent]) {
        guard index < hasEvents.count, hasEvents[index] else { return }
        var low = 0
        var high = eventFrames.count
        while low < high {
            let middle = (low + high) / 2
            if eventFrames[middle] < index { low = middle + 1 } else { high = middle }
        }
        if low < eventFrames.count, eventFrames[low] == index { list += events[low] }
    }
}

/// The events of a preset's recorded frames, frame by frame.
struct PresetEventRecorder {
    /// The frames that have events, ascending, and their events.
    private(set) var frames: [Int] = []
    private(set) var events: [[FrameEvent]] = []

    /// Records frame `frame`'s events (none: nothing).
    mutating func record(_ frameEvents: [FrameEvent], ofFrame frame: Int) {
        guard !frameEvents.isEmpty else { return }
        frames.append(frame)
        events.append(frameEvents)
    }
}
