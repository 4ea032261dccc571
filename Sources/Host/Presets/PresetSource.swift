/// Renders a transition preset: runs its transition on a manual clock, one tick per frame, and
/// reads its state into the frames.
///
/// Frame 0 starts the transition at time 0; frame `i` advances the clock to exactly `i / fps`, then
/// lets the preset's script (an interactive gesture) act at that time.
/// Events: `started` at frame 0, and `completed` (finished or cancelled) at the frame in which the
/// transition's completion fires. Frames are always evaluated from 0, so slices agree with the whole.
public struct PresetSource<Preset: TransitionPreset>: FrameSource {
    /// The preset.
    public let preset: Preset
    /// The frame layout: the preset's channels.
    public let schema: FrameSchema
    /// The length to render.
    public let duration: Double
    /// The state, as the transition leaves it after the last evaluated frame.
    public let state: AnimatedState<Preset.State>
    /// The transition being rendered.
    public let transition: Transition

    private let clock: ManualClock
    private let frameRate: FrameRate
    private let offsets: [Int]
    private let pending = PendingEvents()

    /// Builds the preset's transition on a fresh clock.
    public init(preset: Preset, frameRate: FrameRate) throws {
        self.preset = preset
        self.frameRate = frameRate
        clock = ManualClock(frameRate: frameRate)
        state = AnimatedState(preset.initialState)
        transition = try preset.makeTransition(state: state, clock: clock)
        duration = preset.renderDuration(of: transition)
        schema = FrameSchema(preset.channels.map { ($0.name, $0.kind) })
        offsets = schema.channels.map(\.offset)
        let events = pending
        transition.addCompletion { completion in
            events.append(FrameEvent(.completed(finished: completion.finished), source: Preset.name))
        }
    }

    /// Runs the transition to the frame's time and writes its state.
    public mutating func evaluate(into frame: inout Frame) throws {
        if frame.index == 0 {
            frame.events.append(FrameEvent(.started, source: Preset.name))
            clock.tick()
            if !preset.isInteractive { try transition.start() }
        } else {
            clock.advance(to: frameRate.time(ofFrame: frame.index))
        }
        // A scripted gesture acts at the frame's clock time, after the tick.
        try preset.update(transition, at: frame.time)
        frame.events += pending.take()
        let current = state.value
        for (index, channel) in preset.channels.enumerated() {
            channel.write(current, &frame, offsets[index])
        }
    }
}

/// Events reported from completion handlers, collected until the frame that reports them.
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
