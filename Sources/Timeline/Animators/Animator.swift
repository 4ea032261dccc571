/// Plays animations of a state on a clock, like `UIViewPropertyAnimator`: start, pause, resume,
/// scrub, reverse in flight, finish or cancel, with a completion that fires exactly once.
///
/// ```swift
/// let clock = ManualClock()
/// let card = AnimatedState(Card(scale: 1, alpha: 0))
/// let animator = try Animator(duration: 0.5, timing: .linear, state: card, clock: clock)
/// try animator.addAnimation(\.scale, to: 2)
/// try animator.addAnimations(fadeClip, delayFactor: 0.5)
/// animator.addCompletion { completion in print(completion) }   // finished at end
/// try animator.start()
/// clock.advance(by: .milliseconds(250))                        // scale 1.5
/// ```
///
/// Animations added before the animator starts run over its whole duration (after
/// `delayFactor × duration`); animations added while it runs run over the remaining time (after
/// `delayFactor ×` the remaining time), as UIKit's `addAnimations(_:delayFactor:)` does. Each
/// animation's progress is shaped by the animator's ``timing`` curve over its own window. Property
/// animations go from the property's value when the animation begins to the target; clips play
/// from their start to their end.
///
/// The completion fires exactly once: `finished: true` at the end (or at the start, when running
/// reversed) or through ``finish(at:)``; `finished: false` through ``cancel()``, ``stop()``, or
/// when the animator is released before it completes. A running animator keeps itself alive until
/// it completes; a paused one lives only as long as someone holds it (released, it completes with
/// `finished: false`).
public final class Animator<Root: Sendable>: Sendable {
    /// The animator's length in seconds.
    public let duration: Double
    /// The curve that shapes each animation's progress.
    public let timing: TimingCurve
    /// The state the animator writes into.
    public let state: AnimatedState<Root>

    let clock: any FrameClock
    let core: Locked<Core>

    /// Everything that happens to the animator: started, paused, resumed, reversed, markers of
    /// its clips, repeats of their named clips, and completed (always the last event).
    public let events = Emitter<AnimatorEvent, Never>()

    struct Entry: Sendable {
        var startFraction: Double
        var apply: @Sendable (Double, inout Root) -> Void
        /// The times at which clip markers produce events, with the event.
        var markers: [(time: Double, event: AnimatorEvent)] = []
        var clipDuration = 0.0
        var lastProgress = 0.0
    }

    struct Core: Sendable {
        var machine: AnimatorStateMachine
        var entries: [Entry] = []
        /// Animations added before the start, made into entries from the state at the start.
        var deferred: [@Sendable (Root) -> Entry] = []
        var completionHandlers: [@Sendable (Completion) -> Void] = []
        var eventObservations: [SignalObservation] = []
        var registration: ClockRegistration?
        var completion: Completion?
        /// The animator itself while it runs: a running animator stays alive until it completes,
        /// a paused or finished one is released with its last owner.
        var keepAlive: Animator?

        /// Before the first start (or scrub), turns the animations added so far into entries that
        /// begin from the state's current values.
        mutating func activate(from current: Root) {
            guard machine.phase == .inactive else { return }
            entries += deferred.map { $0(current) }
            deferred = []
        }
    }

    /// Creates an animator.
    ///
    /// - Parameters:
    ///   - duration: Seconds, finite and not negative (0 completes on the first tick).
    ///   - timing: The curve that shapes each animation's progress; linear by default.
    ///   - state: The state to animate.
    ///   - clock: The clock that drives the animator.
    /// - Throws: ``AnimatorError/invalidDuration(_:)``.
    public init(
        duration: Double, timing: TimingCurve = .linear, state: AnimatedState<Root>,
        clock: any FrameClock
    ) throws(AnimatorError) {
        guard duration.isFinite, duration >= 0 else { throw .invalidDuration(duration) }
        self.duration = duration
        self.timing = timing
        self.state = state
        self.clock = clock
        core = Locked(Core(machine: AnimatorStateMachine(duration: duration)))
    }

    /// Creates an animator with a state of its own.
    public convenience init(
        duration: Double, timing: TimingCurve = .linear, initialValue: Root, clock: any FrameClock
    ) throws(AnimatorError) {
        try self.init(duration: duration, timing: timing, state: AnimatedState(initialValue), clock: clock)
    }

    deinit {
        // Released before completing: the completion still fires, exactly once.
        let (handlers, fraction) = core.withLock { core in
            (core.completion == nil ? core.completionHandlers : [], core.machine.fractionComplete)
        }
        let completion = Completion(finished: false, position: .current, fractionComplete: fraction)
        for handler in handlers { handler(completion) }
    }

    // MARK: - Inspecting

    /// The fraction of the duration played: 0 at the start, 1 at the end.
    public var fractionComplete: Double { core.withLock { $0.machine.fractionComplete } }

    /// Whether the animator runs towards its start.
    public var isReversed: Bool { core.withLock { $0.machine.isReversed } }

    /// Whether the animator is running (or waiting out its start delay).
    public var isRunning: Bool {
        core.withLock { core in
            switch core.machine.phase {
            case .running, .waiting: true
            default: false
            }
        }
    }

    /// How the animator completed, once it has.
    public var completion: Completion? { core.withLock { $0.completion } }

    // MARK: - Adding animations

    /// Animates a property from its value when the animation begins to `target`.
    ///
    /// - Parameters:
    ///   - property: The property of the state to animate.
    ///   - target: The value at the end.
    ///   - delayFactor: In `0...1`: the animation starts after this fraction of the (remaining)
    ///     duration.
    /// - Throws: ``AnimatorError`` for a bad delay factor or a completed animator.
    public func addAnimation<Value: Animatable>(
        _ property: any WritableKeyPath<Root, Value> & Sendable, to target: Value,
        delayFactor: Double = 0
    ) throws(AnimatorError) {
        try add(delayFactor: delayFactor) { root, start in
            let from = root[keyPath: property]
            return Entry(startFraction: start) { progress, root in
                root[keyPath: property] = from.interpolated(to: target, fraction: progress)
            }
        }
    }

    /// Plays a clip over the animator's (remaining) duration: clip time = progress × clip duration.
    ///
    /// - Parameters:
    ///   - clip: The clip; a clip that never ends is played over its first `duration` seconds
    ///     without easing its infinite length.
    ///   - delayFactor: In `0...1`: the clip starts after this fraction of the (remaining) duration.
    /// - Throws: ``AnimatorError`` for a bad delay factor or a completed animator.
    public func addAnimations(_ clip: Clip<Root>, delayFactor: Double = 0) throws(AnimatorError) {
        let length = clip.duration.isFinite ? clip.duration : duration
        // Labels become marker events; a named clip starting again (a repeat) becomes a repeat event.
        var seen = Set<String>()
        var markers: [(time: Double, event: AnimatorEvent)] = []
        for marker in clip.markers {
            switch marker.kind {
            case .label: markers.append((marker.time, .marker(marker.name)))
            case .start: if !seen.insert(marker.name).inserted { markers.append((marker.time, .repeated(marker.name))) }
            case .end: break
            }
        }
        let events = markers
        try add(delayFactor: delayFactor) { _, start in
            Entry(
                startFraction: start, apply: { progress, root in clip.apply(at: progress * length, to: &root) },
                markers: events, clipDuration: length)
        }
    }

    private func add(
        delayFactor: Double, _ make: @escaping @Sendable (Root, Double) -> Entry
    ) throws(AnimatorError) {
        guard delayFactor.isFinite, (0...1).contains(delayFactor) else {
            throw .invalidDelayFactor(delayFactor)
        }
        let current = state.value
        let result: Result<Void, AnimatorError> = core.withLock { core in
            switch core.machine.phase {
            case .completed:
                return .failure(.alreadyCompleted)
            case .inactive:
                core.deferred.append { root in make(root, delayFactor) }
            case .waiting, .running, .paused:
                let now = core.machine.fractionComplete
                core.entries.append(make(current, now + delayFactor * (1 - now)))
            }
            return .success(())
        }
        try result.get()
    }

    /// Calls `handler` once when the animator completes (at once, if it already has).
    public func addCompletion(_ handler: @escaping @Sendable (Completion) -> Void) {
        let done = core.withLock { core -> Completion? in
            if let completion = core.completion { return completion }
            core.completionHandlers.append(handler)
            return nil
        }
        if let done { handler(done) }
    }

    /// Calls `handler` with every event from now on, for as long as the animator lives: a
    /// shorthand for observing ``events``.
    public func addEventHandler(_ handler: @escaping @Sendable (AnimatorEvent) -> Void) {
        let observation = events.observe(onValue: handler)
        core.withLock { $0.eventObservations.append(observation) }
    }
}
