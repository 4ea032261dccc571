/// Renders a transition preset: runs its transition on a manual clock, one tick per frame, and
/// reads its state into the frames.
///
/// Frame 0 starts the transition at time 0; frame `i` advances the clock to exactly `i / fps`, then
/// lets the preset's script (an interactive gesture) act at that time.
/// Events: `started` at frame 0, and `completed` (finished or cancelled) at the frame in which the
/// transition's completion fires.
///
/// Presets are seekable: a frame depends only on its index, its time and the preset's recorded
/// script. Asked for frame `n`, the source replays the ticks before it (silently) only until the
/// transition has settled (``Transition/isSettled``: every animator completed, so every later frame
/// is the same); from there it jumps. A slice `A...B` therefore costs its own frames plus at most
/// the transition's length, never `A`, and seek is play, bit for bit: the replayed ticks are the
/// ticks a whole render runs. Asking for an earlier frame than the last starts the transition over.
public struct PresetSource<Preset: TransitionPreset>: FrameSource {
    /// The preset.
    public let preset: Preset
    /// The frames' layout: the preset's channels.
    public let schema: FrameSchema
    /// The default render length in seconds.
    public let duration: Double
    /// The state the transition animates (a new one when the source starts over).
    public private(set) var state: AnimatedState<Preset.State>
    /// The transition (a new one when the source starts over).
    public private(set) var transition: Transition

    private var clock: ManualClock
    private let frameRate: FrameRate
    /// The preset's channels, made once (a preset builds them anew each time it is asked), each
    /// reading the state from a pointer at its offset in the frame.
    private let writers: [ChannelWriter]
    /// The alignment of the scratch space a plain-data state is copied into: the state's own,
    /// and at least 16.
    private let stateAlignment = max(16, MemoryLayout<Preset.State>.alignment)
    private var pending = PendingEvents()
    /// The frame the running transition expects next.
    private var nextFrame = 0

    /// Makes the preset's transition, ready for frame 0.
    ///
    /// - Parameters:
    ///   - preset: The preset.
    ///   - frameRate: The rate of the frames (frame `i` is at `i / frameRate`).
    /// - Throws: What the preset's `makeTransition` throws.
    public init(preset: Preset, frameRate: FrameRate) throws {
        self.preset = preset
        self.frameRate = frameRate
        (clock, state, transition, pending) = try Self.make(preset, frameRate: frameRate)
        duration = preset.renderDuration(of: transition)
        let channels = preset.channels
        schema = FrameSchema(channels.map { ($0.name, $0.kind) })
        writers = zip(channels, schema.channels).map { ChannelWriter(write: $0.write, offset: $1.offset) }
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

    /// `true`: any frame can be asked for, in any order (see the type's discussion).
    public var isSeekable: Bool { true }

    /// Fills the frame: replays the ticks before it if needed, ticks at its time, reads the state.
    public mutating func evaluate(into frame: inout Frame) throws {
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
        // A plain-data state is copied as words into scratch space and read from there: no
        // type lookups per frame in this generic code, which the tool reaches through a list of
        // preset types and so cannot be specialised.
        let byteCount = state.plainByteCount
        if byteCount > 0 {
            withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: stateAlignment) { buffer in
                _ = state.copyPlainValue(to: buffer.baseAddress!)
                Self.write(writers, from: UnsafeRawPointer(buffer.baseAddress!), into: &frame)
            }
        } else {
            withUnsafePointer(to: state.value) { Self.write(writers, from: UnsafeRawPointer($0), into: &frame) }
        }
    }

    private static func write(_ writers: [ChannelWriter], from state: UnsafeRawPointer, into frame: inout Frame) {
        for writer in writers { writer.write(state, &frame, writer.offset) }
    }

    /// Frame `index`'s tick: the start at frame 0, the clock at the frame's time otherwise, then
    /// the preset's script at that time.
    private mutating func tick(frame index: Int, at time: Double, events: inout [FrameEvent]) throws {
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

/// A preset channel's writer, without the state's type: reads the state at a pointer and writes
/// the channel's value at its offset in the frame.
struct ChannelWriter: Sendable {
    let write: @Sendable (UnsafeRawPointer, inout Frame, Int) -> Void
    let offset: Int
}
