
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
/// when the animator is released before it completes. While it runs, its clock keeps it alive until
/// it completes (as a display link keeps UIKit's running animators); a paused one lives only as
/// long as someone holds it (released, it completes with `finished: false`). The animator does not
/// keep its clock alive: releasing the clock releases the animators only it was running.
///
/// All the animators of one clock run as one batch: one tick handler, one lock per frame, and for
/// the common case (a `Double` property of a plain-data state, linear timing or a curve with a
/// shared table) a direct store per value. Progress is read from the timing curve's shared table,
/// within 1e-9 of the exact curve (``TimingCurveTable``); the state is published once per frame.
public final class Animator<Root: Sendable>: _AnimatorCore, @unchecked Sendable {
    /// The state the animator writes into.
    public let state: AnimatedState<Root>

    /// The batch that runs the animators of the clock; its lock guards the animator's core (the
    /// part the batch runs) and the generic part below.
    let group: AnimatorGroup
    /// What the batch runs: the animator itself (one object), by the name the commands use.
    @inline(__always) var program: AnimatorProgram { self }
    /// The animations that need the state's type, made the first time one is added: an animator
    /// of numbers makes none (and its making and freeing touch no metadata of closure types).
    @exclusivity(unchecked) nonisolated(unsafe) var typed: TypedAnimations?

    /// The animations that need the state's type (clips, other value types).
    final class TypedAnimations {
        /// By index: each takes its progress, the progress of the frame before, the state, and
        /// the events a clip's markers passed on the way are added to.
        var closures: [TypedApply] = []
        /// The makers of animations added before the start, made from the state at the start
        /// (their pending entries hold their indices).
        var deferred: [@Sendable (Root, Double) -> Animation] = []
    }

    /// The typed animations, made if need be.
    private var typedAnimations: TypedAnimations {
        if let typed { return typed }
        let made = TypedAnimations()
        typed = made
        return made
    }

    /// Everything that happens to the animator: started, paused, resumed, reversed, markers of
    /// its clips, repeats of their named clips, and completed (always the last event).
    ///
    /// Made the first time it is asked for; the animator delivers events from then on (as an
    /// emitter does to observers that subscribe later).
    public var events: Emitter<AnimatorEvent, Never> {
        group.lock.withLock {
            let listeners = madeListeners
            if let events = listeners.eventEmitter { return events }
            let events = Emitter<AnimatorEvent, Never>()
            listeners.eventEmitter = events
            return events
        }
    }

    /// An animation that needs the state's type: it takes its progress, the progress of the
    /// frame before, the state, and the events a clip's markers passed on the way are added to.
    typealias TypedApply = @Sendable (Double, Double, inout Root, inout [AnimatorEvent]) -> Void

    /// An animation as it is added: its entry, and its closure if it needs the state's type.
    struct Animation: Sendable {
        var entry: AnimatorProgram.Entry
        var apply: TypedApply?
    }

    /// A clip's markers, as events at clip times, and the clip's length: what an animation that
    /// plays the clip reports as it passes them (held by its closure).
    struct ClipMarkers: Sendable {
        var events: [(time: Double, event: AnimatorEvent)]
        var clipDuration: Double

        /// Appends to `events` the markers passed between progress `from` and progress `to`
        /// (either way).
        func pass(from: Double, to: Double, into events: inout [AnimatorEvent]) {
            let start = from * clipDuration, end = to * clipDuration
            for marker in self.events
            where (start < marker.time && marker.time <= end) || (end <= marker.time && marker.time < start) {
                events.append(marker.event)
            }
        }
    }

    /// Creates an animator.
    ///
    /// The animator does not keep its clock alive: whoever ticks the clock holds it. While the
    /// animator runs, the clock keeps it alive (as a display link keeps UIKit's running animators);
    /// releasing the clock completes every animator it was running (or delaying) with
    /// `finished: false` where it is, whether or not the app still holds it, and releases those
    /// only the clock kept.
    ///
    /// - Parameters:
    ///   - duration: Seconds, finite and not negative (0 completes on the first tick).
    ///   - timing: The curve that shapes each animation's progress; linear by default.
    ///   - state: The state to animate.
    ///   - clock: The clock that drives the animator.
    /// - Throws: ``AnimatorError/invalidDuration(_:)``.
    public init(
        duration: Double, timing: TimingCurve = .linear, state: AnimatedState<Root>,
        clock: borrowing any FrameClock
    ) throws(AnimatorError) {
        guard duration.isFinite, duration >= 0 else { throw .invalidDuration(duration) }
        let curvePieces = timing.sharedTablePieces
        self.state = state
        let group = AnimatorGroup.group(for: clock)
        self.group = group
        // A state another group owns is written by this one too: it stops being owned first.
        if let owner = state.ownerGroup, owner !== group { state.endGroupOwnership() }
        super.init(
            duration: duration, timing: timing, curvePieces: curvePieces, cell: state.cell, isPlainState: state.isPlain)
    }

    /// Creates an animator with a state of its own.
    ///
    /// The state is the animator's clock's until someone else writes it: while only the
    /// animators on that clock write it, each frame writes it without a compare-and-exchange
    /// (see ``AnimatedState``).
    @inlinable
    public convenience init(
        duration: Double, timing: TimingCurve = .linear, initialValue: Root, clock: borrowing any FrameClock
    ) throws(AnimatorError) {
        let group = AnimatorGroup.group(for: clock)
        try self.init(duration: duration, timing: timing, ownState: AnimatedState(initialValue, ownedBy: group), group: group)
    }

    /// Creates an animator of `group` with the state it made for itself.
    @usableFromInline
    init(duration: Double, timing: TimingCurve, ownState: AnimatedState<Root>, group: AnimatorGroup) throws(AnimatorError) {
        guard duration.isFinite, duration >= 0 else { throw .invalidDuration(duration) }
        // Everything read first: the state, the group and the curve then move in, with no call
        // between the stores that would make the compiler keep them with a retain and a release.
        let cell = ownState.cell, isPlain = ownState.isPlain, curvePieces = timing.sharedTablePieces
        self.group = group
        state = ownState
        super.init(duration: duration, timing: timing, curvePieces: curvePieces, cell: cell, isPlainState: isPlain)
    }

    deinit {
        // Completed: the handlers were called then, and nothing else is left to deliver.
        if isKnownCompleted { return }
        // Released before completing: the completion still fires, exactly once.
        let (handlers, fraction) = group.lock.withLock {
            (completionRecord == nil ? listeners?.completionHandlers ?? [] : [], machine.fractionComplete)
        }
        let completion = Completion(finished: false, position: .current, fractionComplete: fraction)
        for handler in handlers { handler(completion) }
    }

    /// Runs `body` under the group's lock, with the program.
    func withProgram<Result>(_ body: (AnimatorProgram) -> Result) -> Result {
        group.lock.lock()
        defer { group.lock.unlock() }
        group.syncLocked(program)
        return body(program)
    }

    /// Before the first start (or scrub), makes the pending entries begin from the state's
    /// current values (under the group's lock).
    ///
    /// The state is read here, as much as the entries need: numbers of a plain-data state from
    /// their words (``AnimatorProgram/activateNumbersLocked()``), the whole value only for
    /// animations made from it (closures, or numbers of a state that holds references). Starting
    /// an animator of numbers copies no value and looks up no type.
    func activateLocked() {
        guard program.machine.phase == .inactive, program.hasPending else { return }
        if program.activateNumbersLocked() {
            let current = state.value
            let makers = typedAnimations.deferred
            program.entries.updateEach { _, entry in
                guard entry.isPending else { return }
                if entry.closure >= 0 {
                    entry = entryLocked(makers[entry.closure](current, entry.startFraction))
                } else {
                    entry.isPending = false
                    entry.from = Self.number(atOffset: entry.offset, of: current)
                }
            }
            typed?.deferred = []
        }
        program.entriesChanged()
        group.refreshLocked(program)
    }

    /// An animation's entry, its closure kept among the animator's (under the group's lock).
    private func entryLocked(_ animation: Animation) -> AnimatorProgram.Entry {
        var entry = animation.entry
        if let apply = animation.apply {
            let typed = typedAnimations
            entry.closure = typed.closures.count
            typed.closures.append(apply)
        }
        return entry
    }

    override func publishState() {
        state.publish()
    }

    /// Applies every animation to the whole state: for closures, and for states that hold
    /// references (the group and the state's cell are locked).
    override func applyWholeStateLocked(fraction: Double, markers: inout [AnimatorEvent]) {
        var root = state.storage.take()
        var shared = SharedProgress()
        let program = self.program
        program.entries.updateEach { _, entry in
            let progress = shared.progress(startingAt: entry.startFraction) {
                program.progress(startingAt: $0, at: fraction)
            }
            if entry.closure >= 0 {
                typed.unsafelyUnwrapped.closures[entry.closure](progress, entry.lastProgress, &root, &markers)
            } else {
                let value = AnimatorProgram.Lane.value(from: entry.from, to: entry.to, at: progress)
                let offset = entry.offset
                withUnsafeMutableBytes(of: &root) { $0.storeBytes(of: value, toByteOffset: offset, as: Double.self) }
            }
            entry.lastProgress = progress
        }
        state.storage.put(root)
    }

    // MARK: - Inspecting

    /// The fraction of the duration played: 0 at the start, 1 at the end.
    public var fractionComplete: Double { withProgram { $0.machine.fractionComplete } }

    /// Whether the animator runs towards its start.
    public var isReversed: Bool { withProgram { $0.machine.isReversed } }

    /// Whether the animator is running (or waiting out its start delay).
    public var isRunning: Bool {
        withProgram { $0.isRunningOrWaiting }
    }

    /// How the animator completed, once it has.
    public var completion: Completion? { withProgram { $0.completionRecord } }

    // MARK: - Adding animations

    /// Animates a property from its value when the animation begins to `target`.
    ///
    /// - Parameters:
    ///   - property: The property of the state to animate.
    ///   - target: The value at the end.
    ///   - delayFactor: In `0...1`: the animation starts after this fraction of the (remaining)
    ///     duration.
    /// - Throws: ``AnimatorError/nonFiniteTarget(_:)`` for a target with a NaN or infinite
    ///   component (tracks refuse them too), or ``AnimatorError`` for a bad delay factor or a
    ///   completed animator.
    public func addAnimation<Value: Animatable>(
        _ property: any WritableKeyPath<Root, Value> & Sendable, to target: Value,
        delayFactor: Double = 0
    ) throws(AnimatorError) {
        guard target.isFinite else { throw .nonFiniteTarget(String(describing: target)) }
        if Value.self == Double.self,
            try addNumber(property, to: unsafeBitCast(target, to: Double.self), delayFactor: delayFactor)
        {
            return
        }
        try add(delayFactor: delayFactor) { root, start in
            let from = root[keyPath: property]
            return Animation(entry: .init(startFraction: start)) { progress, _, root, _ in
                root[keyPath: property] = from.interpolated(to: target, fraction: progress)
            }
        }
    }

    /// Plays a clip over the animator's (remaining) duration: clip time = progress × clip duration.
    ///
    /// The clip is time-scaled to the animator: a 1.5 s clip in a 0.5 s animator plays three times
    /// as fast (a spring in it is then no longer the spring you asked for). To keep the clip's own
    /// timing, make the animator as long as the clip: `Animator(duration: clip.duration, …)`.
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
        let clipMarkers = markers.isEmpty ? nil : ClipMarkers(events: markers, clipDuration: length)
        try add(delayFactor: delayFactor) { _, start in
            Animation(
                entry: .init(startFraction: start),
                apply: { progress, last, root, events in
                    clipMarkers?.pass(from: last, to: progress, into: &events)
                    // Moving back, leaves that start later show their start values, whatever
                    // their fills: cancelled or reversed to the start, every value is at its start.
                    if progress < last {
                        clip.applyReversed(at: progress * length, to: &root)
                    } else {
                        clip.apply(at: progress * length, to: &root)
                    }
                })
        }
    }

    /// Adds an animation that `make` makes from the state's value when it begins and the fraction
    /// at which it starts.
    private func add(
        delayFactor: Double, _ make: @escaping @Sendable (Root, Double) -> Animation
    ) throws(AnimatorError) {
        guard delayFactor.isFinite, (0...1).contains(delayFactor) else {
            throw .invalidDelayFactor(delayFactor)
        }
        let current = state.value
        let result: Result<Void, AnimatorError> = withProgram { program in
            switch program.machine.phase {
            case .completed:
                return .failure(.alreadyCompleted)
            case .inactive:
                let typed = typedAnimations
                program.append(
                    AnimatorProgram.Entry(startFraction: delayFactor, closure: typed.deferred.count, isPending: true))
                typed.deferred.append(make)
            case .waiting, .running, .paused:
                let now = program.machine.fractionComplete
                program.append(entryLocked(make(current, now + delayFactor * (1 - now))))
                group.refreshLocked(program)
            }
            return .success(())
        }
        try result.get()
    }

    /// Adds the animation of `property`, a `Double`, if it is stored at a fixed byte offset of
    /// the state: a number the batch stores straight into the state, with no closure to make.
    ///
    /// - Returns: `false`, adding nothing, for a property at no fixed offset (a computed one).
    private func addNumber<Value>(
        _ property: any WritableKeyPath<Root, Value> & Sendable, to target: Double, delayFactor: Double
    ) throws(AnimatorError) -> Bool {
        guard delayFactor.isFinite, (0...1).contains(delayFactor) else {
            throw .invalidDelayFactor(delayFactor)
        }
        group.lock.lock()
        guard let offset = group.storedOffsetLocked(of: property, computing: { MemoryLayout<Root>.offset(of: property) })
        else {
            group.lock.unlock()
            return false
        }
        group.syncLocked(program)
        switch program.machine.phase {
        case .completed:
            group.lock.unlock()
            throw .alreadyCompleted
        case .inactive:
            program.append(
                AnimatorProgram.Entry(startFraction: delayFactor, offset: offset, to: target, isPending: true))
            group.lock.unlock()
        case .waiting, .running, .paused:
            // From the value now, over the remaining time: as every other animation is added.
            group.lock.unlock()
            try add(delayFactor: delayFactor) { root, start in
                Animation(entry: .init(startFraction: start, offset: offset, from: Self.number(atOffset: offset, of: root), to: target))
            }
        }
        return true
    }

    /// The `Double` at byte offset `offset` of `root`.
    private static func number(atOffset offset: Int, of root: Root) -> Double {
        withUnsafeBytes(of: root) { $0.load(fromByteOffset: offset, as: Double.self) }
    }

    /// Calls `handler` once when the animator completes (at once, if it already has).
    public func addCompletion(_ handler: @escaping @Sendable (Completion) -> Void) {
        let done = withProgram { program -> Completion? in
            if let completion = program.completionRecord { return completion }
            program.madeListeners.completionHandlers.append(handler)
            return nil
        }
        if let done { handler(done) }
    }

    /// Calls `handler` with every event from now on, for as long as the animator lives: a
    /// shorthand for observing ``events``.
    public func addEventHandler(_ handler: @escaping @Sendable (AnimatorEvent) -> Void) {
        let observation = events.observe(onValue: handler)
        withProgram { $0.madeListeners.eventObservations.append(observation) }
    }
}
