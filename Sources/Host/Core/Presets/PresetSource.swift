public import Timeline
import TimelinePlugins

/// Renders a transition preset: the frames of its compiled ``PresetProgram``, each read into the
/// frame through the preset's channels.
///
/// Frame 0 starts the transition at time 0; frame `i` is the transition at exactly `i / fps`,
/// after the preset's script (an interactive gesture) has acted at that time.
/// Events: `started` at frame 0, and `completed` (finished or cancelled) at the frame in which the
/// transition's completion fires.
///
/// Presets are seekable: a frame depends only on its index (and the preset's recorded script),
/// so any frame costs the same whatever was asked before, and seek is play, bit for bit. The few
/// frames a program does not cover (past the render length of a transition that has not settled
/// by then, or every frame of a state that holds references) are replayed live: the ticks before
/// the frame run again, silently, until the transition settles.
public struct PresetSource<Preset: TransitionPreset>: FrameSource {
    /// The compiled preset.
    public let program: PresetProgram<Preset>
    /// The program's recording (the program keeps it too).
    private let frames: RecordedFrames
    /// The segment of the last frame, where the next search starts.
    private var segmentHint = 0
    /// The live run for the frames the program does not cover, made when first needed.
    private var live: LivePresetRun<Preset>?

    /// Compiles the preset and makes a source of it (to render many sources of the same preset,
    /// compile it once and use ``init(program:)``).
    ///
    /// - Parameters:
    ///   - preset: The preset.
    ///   - frameRate: The rate of the frames (frame `i` is at `i / frameRate`).
    /// - Throws: What the preset's `makeTransition` or its script throws.
    public init(preset: Preset, frameRate: FrameRate) throws {
        self.init(program: try PresetProgram(preset: preset, frameRate: frameRate))
    }

    /// A source of a compiled preset.
    public init(program: PresetProgram<Preset>) {
        self.program = program
        frames = program.frames
    }

    /// The preset.
    public var preset: Preset { program.preset }
    /// The frames' layout: the preset's channels.
    public var schema: FrameSchema { program.schema }
    /// The default render length in seconds.
    public var duration: Double { program.duration }

    /// `true`: any frame can be asked for, in any order (see the type's discussion).
    public var isSeekable: Bool { true }

    /// Fills the frame with the preset's values at its index.
    public mutating func evaluate(into frame: inout Frame) throws {
        // The source keeps the recording alive: no retain of it, or of what it holds, per frame.
        let covered = Unmanaged.passUnretained(frames)._withUnsafeGuaranteedRef { frames in
            frames.evaluate(into: &frame, segmentHint: &segmentHint)
        }
        if !covered { try evaluateLive(into: &frame) }
    }

    /// A frame the program does not cover, from the live run.
    private mutating func evaluateLive(into frame: inout Frame) throws {
        if live == nil { live = try LivePresetRun(preset: program.preset, frameRate: program.frameRate) }
        try live!.evaluate(into: &frame, writers: program.writers)
    }
}

/// A preset's transition run live on a manual clock, one tick per frame: what a program records,
/// and what renders the frames a program does not cover.
///
/// Asked for frame `n`, it replays the ticks before it (silently) only until the transition has
/// settled (``Transition/isSettled``: every animator completed, so every later frame is the
/// same); from there it jumps. Asking for an earlier frame than the last starts the transition
/// over.
package struct LivePresetRun<Preset: TransitionPreset> {
    let preset: Preset
    package let frameRate: FrameRate
    private(set) var clock: ManualClock
    private(set) var state: AnimatedState<Preset.State>
    private(set) var transition: Transition
    private var pending: PendingEvents
    /// The frame the running transition expects next.
    private var nextFrame = 0

    /// The transition, ready for frame 0.
    package init(preset: Preset, frameRate: FrameRate) throws {
        self.preset = preset
        self.frameRate = frameRate
        (clock, state, transition, pending) = try Self.make(preset, frameRate: frameRate)
    }

    private static func make(
        _ preset: Preset, frameRate: FrameRate
    ) throws -> (ManualClock, AnimatedState<Preset.State>, Transition, PendingEvents) {
        let clock = ManualClock(frameRate: frameRate)
        let state = AnimatedState(preset.initialState)
        let transition = try preset.makeTransition(state: state, clock: clock)
        let events = PendingEvents()
        transition.addCompletion { completion in
            events.append(FrameEvent(.completed(finished: completion.finished), source: Preset.name))
        }
        return (clock, state, transition, events)
    }

    /// Fills the frame: replays the ticks before it if needed, ticks at its time, reads the state.
    mutating func evaluate(into frame: inout Frame, writers: [ChannelWriter]) throws {
        if frame.index < nextFrame {
            (clock, state, transition, pending) = try Self.make(preset, frameRate: frameRate)
            nextFrame = 0
        }
        var discarded: [FrameEvent] = []
        while nextFrame < frame.index {
            if nextFrame > 0, transition.isSettled {
                nextFrame = frame.index
                break
            }
            try tick(frame: nextFrame, at: frameRate.seconds(ofFrame: nextFrame), events: &discarded)
            discarded.removeAll(keepingCapacity: true)
        }
        try tick(frame: frame.index, at: frame.time, events: &frame.events)
        // A plain-data state is read as words: no type lookups per frame in this generic code,
        // which the tool reaches through a list of preset types and so cannot be specialised.
        state.withUnsafeValuePointer { ChannelWriter.write(writers, from: $0, into: &frame) }
    }

    /// Frame `index`'s tick: the start at frame 0, the clock at the frame's time otherwise, then
    /// the preset's script at that time.
    mutating func tick(frame index: Int, at time: Double, events: inout [FrameEvent]) throws {
        if index == 0 {
            events.append(FrameEvent(.started, source: Preset.name))
            clock.tick()
            if !preset.isInteractive { try transition.start() }
        } else {
            clock.advance(to: frameRate.time(ofFrame: index))
        }
        // A scripted gesture acts at the frame's clock time, after the tick.
        try preset.update(transition, at: time)
        events += pending.take()
        nextFrame = index + 1
    }

    /// Fills the frame through the preset's channels (as a source of `program` reads them).
    package mutating func evaluate(into frame: inout Frame, channelsOf program: PresetProgram<Preset>) throws {
        try evaluate(into: &frame, writers: program.writers)
    }
}

final class PendingEvents: Sendable {
    private let events = Locked<[FrameEvent]>([])

    func append(_ event: FrameEvent) { events.withLock { $0.append(event) } }

    func take() -> [FrameEvent] {
        events.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}

/// A preset channel's writer at its offset in the frame, unowned (the preset's channels, which a
/// program keeps, own the writers).
struct ChannelWriter: @unchecked Sendable {
    let writer: Unmanaged<PresetChannelWriter>
    let offset: Int

    init(_ writer: PresetChannelWriter, offset: Int) {
        self.writer = .passUnretained(writer)
        self.offset = offset
    }

    /// Writes every channel's value, read from the state at `state`, into the frame.
    static func write(_ writers: [ChannelWriter], from state: UnsafeRawPointer, into frame: inout Frame) {
        frame.numbers.withUnsafeMutableBufferPointer { numbers in
            writers.withUnsafeBufferPointer { writers in
                for writer in writers {
                    writer.writer._withUnsafeGuaranteedRef { $0.write(state, numbers, &frame.paths, writer.offset) }
                }
            }
        }
    }
}
