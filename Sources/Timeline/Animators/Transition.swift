/// Several animators that together make one transition, with one completion.
///
/// The transition reports its ``duration`` before it runs (the longest animator's), starts its
/// animators together, and completes exactly once, when its *completing* animator completes: by
/// default the longest, or the one added with `completesTransition: true` (reference transition 6
/// completes with its fade at `d` while its spring runs on until `2d`). Its completion is
/// `finished: !cancelled` with the completing animator's position.
///
/// What happens to animators still running when the transition completes is the author's choice
/// (``InFlightPolicy``): they run to their end (the default), jump to their end, or stop where they
/// are.
///
/// Interactive transitions drive every animator with ``scrub(toFraction:)`` and then
/// ``finishInteractive(speed:)`` or ``cancelInteractive(speed:)``, which continue from where the
/// scrubbing left off; a cancelled transition returns every value to where it started.
public final class Transition: Sendable {
    /// What happens to animators still running when the transition completes.
    public enum InFlightPolicy: Sendable, Hashable {
        /// They keep running to their own end, and their own completions fire then.
        case runToEnd
        /// They jump to their end values and complete with `finished: true`.
        case finishAtEnd
        /// They stop where they are and complete with `finished: false`.
        case stopWhereTheyAre
    }

    /// Type-erased control of one animator.
    private struct Member: Sendable {
        let duration: Double
        /// When the member starts, relative to the transition's start (chained members start
        /// when their predecessor ends).
        let offset: Double
        /// The member this one starts after, if it is chained.
        let predecessor: Int?
        let start: @Sendable () throws(AnimatorError) -> Void
        let scrub: @Sendable (Double) throws(AnimatorError) -> Void
        let continueAnimation: @Sendable (Bool, Double) throws(AnimatorError) -> Void
        let follow: @Sendable (any Motion<Double>, AnimatorPosition) throws(AnimatorError) -> Void
        let finish: @Sendable () -> Void
        let stop: @Sendable () -> Void
        let cancel: @Sendable () -> Void
        let isCompleted: @Sendable () -> Bool
        let isRunning: @Sendable () -> Bool
        let fractionComplete: @Sendable () -> Double
    }

    private struct State: Sendable {
        var members: [Member] = []
        var identities: [ObjectIdentifier] = []
        var completingIndex: Int?
        var explicitCompleting = false
        var handlers: [@Sendable (Completion) -> Void] = []
        var completion: Completion?
        var cancelled = false
        var started = false
    }

    /// What happens to animators still running when the transition completes.
    public let inFlightPolicy: InFlightPolicy
    private let state = Locked(State())

    /// The transition's lifecycle: `started` once, when the transition first starts (``start()``,
    /// or for an interactive transition its first ``scrub(toFraction:)``, finish or cancel),
    /// `reversed(true)` when an interactive transition is cancelled, and `completed` (always the
    /// last event).
    public let events = Emitter<AnimatorEvent, Never>()

    /// Creates an empty transition.
    ///
    /// - Parameter inFlightPolicy: What happens to animators still running when the transition
    ///   completes; they run to their end by default.
    public init(inFlightPolicy: InFlightPolicy = .runToEnd) {
        self.inFlightPolicy = inFlightPolicy
    }

    deinit {
        let handlers = state.withLock { $0.completion == nil ? $0.handlers : [] }
        let completion = Completion(finished: false, position: .current, fractionComplete: 0)
        if !handlers.isEmpty || state.withLock({ $0.completion == nil }) { events.send(.completed(completion)) }
        for handler in handlers { handler(completion) }
    }

    /// The transition's duration: when its last animator ends (the longest one, or the end of a
    /// chain of animators that start one after another).
    public var duration: Double {
        state.withLock { $0.members.map { $0.offset + $0.duration }.max() ?? 0 }
    }

    /// How the transition completed, once it has.
    public var completion: Completion? { state.withLock { $0.completion } }

    /// How far the transition is, from 0 at its start to 1 at its end, on its own timeline (as
    /// ``scrub(toFraction:)`` sets it): the position of the animator that ends last, or, while that
    /// one waits for its predecessor, of the predecessor.
    ///
    /// ```swift
    /// try transition.scrub(toFraction: 0.4)
    /// transition.fractionComplete   // 0.4
    /// ```
    public var fractionComplete: Double {
        let members = state.withLock { $0.members }
        let total = members.map { $0.offset + $0.duration }.max() ?? 0
        guard total > 0, var index = members.indices.max(by: { members[$0].offset + members[$0].duration < members[$1].offset + members[$1].duration }) else {
            return members.allSatisfy { $0.isCompleted() } && !members.isEmpty ? 1 : 0
        }
        var fraction = members[index].fractionComplete()
        while fraction == 0, let predecessor = members[index].predecessor {
            index = predecessor
            fraction = members[index].fractionComplete()
        }
        return min(max((members[index].offset + fraction * members[index].duration) / total, 0), 1)
    }

    /// Whether one of the transition's animators is running (or waiting out its delay): false before
    /// the start, while an interactive transition is only scrubbed, and once everything stopped.
    public var isRunning: Bool {
        let members = state.withLock { $0.members }
        return members.contains { $0.isRunning() }
    }

    /// Whether the transition and every animator in it have completed: nothing it runs changes
    /// any more, so every later frame shows the same values.
    public var isSettled: Bool {
        let (completed, members) = state.withLock { ($0.completion != nil, $0.members) }
        return completed && members.allSatisfy { $0.isCompleted() }
    }

    /// Adds an animator.
    ///
    /// - Parameters:
    ///   - animator: An animator that has not started.
    ///   - completesTransition: `true` makes this animator's completion the transition's. By
    ///     default the longest animator completes the transition.
    public func add<Root>(_ animator: Animator<Root>, completesTransition: Bool = false) {
        add(animator, predecessor: nil, completesTransition: completesTransition)
    }

    /// Adds an animator that starts when another animator of this transition finishes, on the
    /// same clock time (the expanding view's fade starts when its expansion ends).
    ///
    /// If the predecessor is cancelled or stopped instead, this animator is cancelled too, so the
    /// transition still completes exactly once.
    ///
    /// - Parameters:
    ///   - animator: An animator that has not started.
    ///   - predecessor: An animator already added to this transition.
    ///   - completesTransition: `true` makes this animator's completion the transition's.
    /// - Throws: ``AnimatorError/notInTransition`` if `predecessor` was not added first.
    public func add<Root, Other>(
        _ animator: Animator<Root>, startingAfter predecessor: Animator<Other>, completesTransition: Bool = false
    ) throws(AnimatorError) {
        let index = state.withLock { state in state.identities.firstIndex { $0 == ObjectIdentifier(predecessor) } }
        guard let index else { throw .notInTransition }
        add(animator, predecessor: index, completesTransition: completesTransition)
        predecessor.addCompletion { completion in
            if completion.finished, completion.position == .end {
                do { try animator.start() } catch { animator.cancel() }
            } else {
                animator.cancel()
            }
        }
    }

    private func add<Root>(_ animator: Animator<Root>, predecessor: Int?, completesTransition: Bool) {
        let offset = state.withLock { state in
            predecessor.map { state.members[$0].offset + state.members[$0].duration } ?? 0
        }
        let member = Member(
            duration: animator.duration,
            offset: offset,
            predecessor: predecessor,
            start: { () throws(AnimatorError) in try animator.start() },
            scrub: { fraction throws(AnimatorError) in try animator.scrub(toFraction: fraction) },
            continueAnimation: { reversed, speed throws(AnimatorError) in
                try animator.continueAnimation(reversed: reversed, speed: speed)
            },
            follow: { motion, position throws(AnimatorError) in
                try animator.continueAnimation(following: motion, towards: position)
            },
            finish: { animator.finish(at: .end) },
            stop: { animator.stop() },
            cancel: { animator.cancel() },
            isCompleted: { animator.completion != nil },
            isRunning: { animator.isRunning },
            fractionComplete: { animator.fractionComplete })
        let index = state.withLock { state -> Int in
            state.members.append(member)
            state.identities.append(ObjectIdentifier(animator))
            let index = state.members.count - 1
            if completesTransition {
                state.completingIndex = index
                state.explicitCompleting = true
            } else if !state.explicitCompleting {
                let current = state.completingIndex.map { state.members[$0].offset + state.members[$0].duration } ?? -1
                // Among equally long animators the one added last completes the transition, so
                // that it completes after all of them.
                if member.offset + member.duration >= current { state.completingIndex = index }
            }
            return index
        }
        animator.addCompletion { [weak self] completion in
            self?.memberCompleted(index, completion)
        }
    }

    /// Calls `handler` once when the transition completes (at once if it already has).
    public func addCompletion(_ handler: @escaping @Sendable (Completion) -> Void) {
        let done = state.withLock { state -> Completion? in
            if let completion = state.completion { return completion }
            state.handlers.append(handler)
            return nil
        }
        if let done { handler(done) }
    }

    /// Starts every animator that is not chained after another.
    public func start() throws(AnimatorError) {
        markStarted()
        let members = state.withLock { $0.members }
        // One publication per state for the whole start, with every animator's first values.
        try PublicationBatch.publishingOnce { () throws(AnimatorError) in
            for member in members where member.predecessor == nil { try member.start() }
        }
    }

    /// Sends `started` the first time any path starts the transition.
    private func markStarted() {
        let first = state.withLock { state in
            defer { state.started = true }
            return !state.started
        }
        if first { events.send(.started) }
    }

    /// Scrubs the transition: every animator is placed at `fraction × duration` of the
    /// transition's time (an animator shorter than that sits at its end).
    ///
    /// The first scrub starts an interactive transition: its `started` event is sent then.
    ///
    /// - Parameter fraction: Clamped to `0...1`.
    public func scrub(toFraction fraction: Double) throws(AnimatorError) {
        guard !fraction.isNaN else { throw .invalidFraction(fraction) }
        markStarted()
        let (members, total) = state.withLock { ($0.members, $0.members.map { $0.offset + $0.duration }.max() ?? 0) }
        let time = min(max(fraction, 0), 1) * total
        // One publication per state for the whole scrub, with every animator's value in it.
        try PublicationBatch.publishingOnce { () throws(AnimatorError) in
            for member in members {
                let local = member.duration > 0 ? min(max((time - member.offset) / member.duration, 0), 1) : 1
                try member.scrub(local)
            }
        }
    }

    /// Continues every animator to its end from where it is, at `speed` times the normal rate; the
    /// transition then completes with `finished: true`.
    public func finishInteractive(speed: Double = 1) throws(AnimatorError) {
        markStarted()
        let members = state.withLock { $0.members }
        try PublicationBatch.publishingOnce { () throws(AnimatorError) in
            for member in members where !member.isCompleted() {
                try member.continueAnimation(false, speed)
            }
        }
    }

    /// Runs every animator back to its start from where it is, at `speed` times the normal rate;
    /// the transition then completes with `finished: false` and every value where it started.
    public func cancelInteractive(speed: Double = 1) throws(AnimatorError) {
        markStarted()
        let members = state.withLock { state in
            state.cancelled = true
            return state.members
        }
        events.send(.reversed(true))
        try PublicationBatch.publishingOnce { () throws(AnimatorError) in
            for member in members where !member.isCompleted() {
                try member.continueAnimation(true, speed)
            }
        }
    }

    /// Continues every animator to its end with the transition's fraction complete following
    /// `motion` (a spring that starts from the gesture's velocity, say); the transition then
    /// completes with `finished: true`.
    ///
    /// - Parameter motion: The transition's fraction complete as a function of the seconds since
    ///   this call; its duration must be finite.
    public func finishInteractive(following motion: some Motion<Double>) throws(AnimatorError) {
        markStarted()
        try continueInteractive(following: motion, towards: .end)
    }

    /// Runs every animator back to its start with the transition's fraction complete following
    /// `motion`; the transition then completes with `finished: false`, every value where it started.
    public func cancelInteractive(following motion: some Motion<Double>) throws(AnimatorError) {
        markStarted()
        state.withLock { $0.cancelled = true }
        events.send(.reversed(true))
        try continueInteractive(following: motion, towards: .start)
    }

    private func continueInteractive(
        following motion: some Motion<Double>, towards position: AnimatorPosition
    ) throws(AnimatorError) {
        guard motion.duration.isFinite, motion.duration >= 0 else { throw .invalidDuration(motion.duration) }
        let (members, total) = state.withLock { ($0.members, $0.members.map { $0.offset + $0.duration }.max() ?? 0) }
        try PublicationBatch.publishingOnce { () throws(AnimatorError) in
            for member in members where !member.isCompleted() {
                let mapped = MemberMotion(base: motion, total: total, offset: member.offset, duration: member.duration)
                try member.follow(mapped, position)
            }
        }
    }

    /// The transition's fraction mapped to one member's fraction.
    private struct MemberMotion<Base: Motion<Double>>: Motion {
        let base: Base
        let total: Double
        let offset: Double
        let memberDuration: Double

        init(base: Base, total: Double, offset: Double, duration: Double) {
            self.base = base
            self.total = total
            self.offset = offset
            memberDuration = duration
        }

        var duration: Double { base.duration }

        func value(at time: Double) -> Double {
            guard memberDuration > 0 else { return base.value(at: time) >= 0.5 ? 1 : 0 }
            return min(max((base.value(at: time) * total - offset) / memberDuration, 0), 1)
        }
    }

    /// Cancels at once: every value returns to where it started; completion `finished: false`.
    public func cancel() {
        let members = state.withLock { state in
            state.cancelled = true
            return state.members
        }
        for member in members { member.cancel() }
    }

    private func memberCompleted(_ index: Int, _ memberCompletion: Completion) {
        let outcome = state.withLock { state -> (Completion, [@Sendable (Completion) -> Void], [Member])? in
            guard state.completion == nil, index == state.completingIndex else { return nil }
            let completion = Completion(
                finished: !state.cancelled && memberCompletion.finished,
                position: memberCompletion.position,
                fractionComplete: memberCompletion.fractionComplete)
            state.completion = completion
            defer { state.handlers = [] }
            let others = state.members.enumerated().filter { $0.offset != index }.map(\.element)
            return (completion, state.handlers, others)
        }
        guard let (completion, handlers, others) = outcome else { return }
        switch inFlightPolicy {
        case .runToEnd: break
        case .finishAtEnd: for member in others where !member.isCompleted() { member.finish() }
        case .stopWhereTheyAre: for member in others where !member.isCompleted() { member.stop() }
        }
        events.send(.completed(completion))
        for handler in handlers { handler(completion) }
    }
}
