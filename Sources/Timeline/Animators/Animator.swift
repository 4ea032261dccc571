import Synchronization

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

    private let clock: any FrameClock
    private let core: Mutex<Core>

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

    private struct Core: Sendable {
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
        core = Mutex(Core(machine: AnimatorStateMachine(duration: duration)))
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

    // MARK: - Commands

    /// Starts the animator, or resumes it after a pause, optionally after a delay.
    ///
    /// Values are applied at once at the current clock time, so an animator started from a
    /// completion handler begins on the same clock time, without a frame of lag.
    ///
    /// - Parameter delay: Seconds to wait before running; finite and not negative.
    /// - Throws: ``AnimatorError/invalidDelay(_:)`` or ``AnimatorError/alreadyCompleted``.
    public func start(afterDelay delay: Double = 0) throws(AnimatorError) {
        guard delay.isFinite, delay >= 0 else { throw .invalidDelay(delay) }
        let now = clock.now.inSeconds
        let current = state.value
        try command { core throws(AnimatorError) -> [AnimatorEvent] in
            guard core.machine.phase != .completed else { throw .alreadyCompleted }
            core.activate(from: current)
            return core.machine.start(at: now, delay: delay)
        }
        ensureRegistered()
        step(to: now)
    }

    /// Pauses the animator where it is.
    public func pause() {
        let now = clock.now.inSeconds
        try? command { core throws(AnimatorError) in core.machine.pause(at: now) }
    }

    /// Sets the fraction of the duration played (scrubbing) and applies the values at once.
    ///
    /// Scrubbing a running animator moves it; it keeps running from there.
    ///
    /// - Parameter fraction: Clamped to `0...1`.
    /// - Throws: ``AnimatorError/invalidFraction(_:)`` for NaN.
    public func scrub(toFraction fraction: Double) throws(AnimatorError) {
        guard !fraction.isNaN else { throw .invalidFraction(fraction) }
        let now = clock.now.inSeconds
        let current = state.value
        try command { core throws(AnimatorError) -> [AnimatorEvent] in
            guard core.machine.phase != .completed else { throw .alreadyCompleted }
            if core.machine.phase == .inactive {
                core.activate(from: current)
                _ = core.machine.pause(at: now)
            }
            core.machine.scrub(toFraction: fraction, at: now)
            return []
        }
        applyValues()
    }

    /// Makes the animator run towards its start (`true`) or its end (`false`) from where it is.
    public func setReversed(_ reversed: Bool) {
        let now = clock.now.inSeconds
        try? command { core throws(AnimatorError) in core.machine.setReversed(reversed, at: now) }
    }

    /// Flips the direction.
    public func reverse() { setReversed(!isReversed) }

    /// Continues from where the animator is, towards its end or its start, at `speed` times the
    /// normal rate: how an interactive transition finishes or cancels after the gesture ends.
    ///
    /// - Parameters:
    ///   - reversed: `true` to run back to the start.
    ///   - speed: Finite and greater than 0.
    /// - Throws: ``AnimatorError/invalidSpeed(_:)`` or ``AnimatorError/alreadyCompleted``.
    public func continueAnimation(reversed: Bool, speed: Double = 1) throws(AnimatorError) {
        guard speed.isFinite, speed > 0 else { throw .invalidSpeed(speed) }
        let now = clock.now.inSeconds
        let current = state.value
        try command { core throws(AnimatorError) -> [AnimatorEvent] in
            guard core.machine.phase != .completed else { throw .alreadyCompleted }
            core.activate(from: current)
            var events = core.machine.setReversed(reversed, at: now)
            core.machine.setSpeed(speed, at: now)
            events += core.machine.start(at: now, delay: 0)
            return events
        }
        ensureRegistered()
        step(to: now)
    }

    /// Continues from where the animator is with its fraction complete following `motion`, and
    /// completes at `position` when the motion ends: how an interactive transition hands over to a
    /// spring that starts from the gesture's velocity.
    ///
    /// ```swift
    /// // Released at fraction 0.6, moving at 1.5 per second: settle on the end with a spring.
    /// let release = try SpringAnimation(spring: spring, from: 0.6, to: 1.0, initialVelocity: 1.5)
    /// try animator.continueAnimation(following: release, towards: .end)
    /// ```
    ///
    /// - Parameters:
    ///   - motion: The fraction complete (0 at the start, 1 at the end) as a function of the seconds
    ///     since this call; values outside `0...1` are clamped.
    ///   - position: `.end` or `.start`: where the animator completes.
    /// - Throws: ``AnimatorError/alreadyCompleted``, or ``AnimatorError/invalidDuration(_:)`` for a
    ///   motion that never ends.
    public func continueAnimation(
        following motion: some Motion<Double>, towards position: AnimatorPosition
    ) throws(AnimatorError) {
        guard motion.duration.isFinite, motion.duration >= 0 else { throw .invalidDuration(motion.duration) }
        let now = clock.now.inSeconds
        let current = state.value
        try command { core throws(AnimatorError) -> [AnimatorEvent] in
            guard core.machine.phase != .completed else { throw .alreadyCompleted }
            core.activate(from: current)
            return core.machine.follow(motion, towards: position == .start ? .start : .end, at: now)
        }
        ensureRegistered()
        step(to: now)
    }

    /// Completes now at `position` with `finished: true`; `.end` and `.start` apply those values.
    public func finish(at position: AnimatorPosition = .end) {
        complete(at: position, finished: true)
    }

    /// Returns every animated value to where it started and completes with `finished: false`.
    public func cancel() {
        complete(at: .start, finished: false)
    }

    /// Stops where it is and completes with `finished: false` at the current position.
    public func stop() {
        complete(at: .current, finished: false)
    }

    // MARK: - Driving

    private func complete(at position: AnimatorPosition, finished: Bool) {
        let now = clock.now.inSeconds
        let completion = core.withLock { core in
            core.machine.complete(at: position, finished: finished, clock: now)
        }
        guard let completion else { return }
        refreshKeepAlive()
        applyValues()
        deliver(events: [], completion: completion)
    }

    /// Runs a state change under the lock, then delivers its events outside it.
    private func command(
        _ body: (inout Core) throws(AnimatorError) -> [AnimatorEvent]
    ) throws(AnimatorError) {
        let result: Result<[AnimatorEvent], AnimatorError> =
            core.withLock { core in
                do throws(AnimatorError) {
                    return .success(try body(&core))
                } catch {
                    return .failure(error)
                }
            }
        refreshKeepAlive()
        for event in try result.get() { events.send(event) }
    }

    private func ensureRegistered() {
        let needs = core.withLock { $0.registration == nil && $0.completion == nil }
        guard needs else { return }
        let registration = clock.addTickHandler { [weak self] tick in self?.step(to: tick.seconds) }
        let duplicate = core.withLock { core -> ClockRegistration? in
            if core.registration != nil || core.completion != nil { return registration }
            core.registration = registration
            return nil
        }
        duplicate?.cancel()
    }

    /// Holds the animator while it runs (or waits out its delay), and lets it go otherwise.
    private func refreshKeepAlive() {
        let released = core.withLock { core -> Animator? in
            switch core.machine.phase {
            case .running, .waiting:
                if core.keepAlive == nil { core.keepAlive = self }
                return nil
            case .inactive, .paused, .completed:
                defer { core.keepAlive = nil }
                return core.keepAlive
            }
        }
        _ = released  // released after the lock, never inside it
    }

    private func step(to clockTime: Double) {
        let (events, completion) = core.withLock { $0.machine.advance(to: clockTime) }
        refreshKeepAlive()
        applyValues()
        deliver(events: events, completion: completion)
    }

    /// Writes every animation's value at the current position into the state, and reports markers.
    private func applyValues() {
        let (entries, fraction, markerEvents) = core.withLock { core in
            let fraction = core.machine.fractionComplete
            var markerEvents: [AnimatorEvent] = []
            for index in core.entries.indices {
                let progress = Self.progress(of: core.entries[index], at: fraction, timing: timing)
                let entry = core.entries[index]
                if !entry.markers.isEmpty {
                    let from = entry.lastProgress * entry.clipDuration
                    let to = progress * entry.clipDuration
                    for marker in entry.markers
                    where (from < marker.time && marker.time <= to) || (to <= marker.time && marker.time < from) {
                        markerEvents.append(marker.event)
                    }
                }
                core.entries[index].lastProgress = progress
            }
            return (core.entries, fraction, markerEvents)
        }
        if !entries.isEmpty {
            state.update { root in
                for entry in entries {
                    entry.apply(Self.progress(of: entry, at: fraction, timing: timing), &root)
                }
            }
        }
        if !markerEvents.isEmpty { deliver(events: markerEvents, completion: nil) }
    }

    /// The eased progress of an entry at the animator's fraction complete.
    private static func progress(of entry: Entry, at fraction: Double, timing: TimingCurve) -> Double {
        let start = entry.startFraction
        let local: Double
        if fraction <= start {
            local = 0
        } else if start >= 1 {
            local = 1
        } else {
            local = min((fraction - start) / (1 - start), 1)
        }
        return timing.value(at: local)
    }

    private func deliver(events: [AnimatorEvent], completion: Completion?) {
        let (completionHandlers, registration) = core.withLock { core in
            guard let completion else { return ([@Sendable (Completion) -> Void](), ClockRegistration?.none) }
            core.completion = completion
            defer {
                core.completionHandlers = []
                core.registration = nil
            }
            return (core.completionHandlers, core.registration)
        }
        for event in events { self.events.send(event) }
        guard let completion else { return }
        registration?.cancel()
        self.events.send(.completed(completion))
        for handler in completionHandlers { handler(completion) }
    }
}
