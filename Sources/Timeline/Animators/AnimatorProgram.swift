import Synchronization

/// What an ``Animator``'s clock runs of it: its state machine, its animations and where they
/// write. Not used directly: every animator is one, and its members are Cadence's own.
///
/// Not generic, so the batch's loop runs compiled code with no type metadata: most animations
/// are numbers at a byte offset of a plain-data state (`addAnimation(\.x, to:)`), written straight
/// into the state's cell. The animator's generic part (closures that take the whole state: clips,
/// other value types, states that hold references) is its override of
/// `applyWholeStateLocked(fraction:markers:)`, called only for the animators that have such
/// animations. An animator is one object: this part and the generic one together.
///
/// Every stored property is guarded by the group's lock.
public class _AnimatorCore: @unchecked Sendable {
    /// One animation of the animator.
    struct Entry: Sendable {
        /// The fraction of the animator's duration at which the animation starts.
        var startFraction: Double
        /// For a `Double` property at a known byte offset of the state (`MemoryLayout.offset(of:)`):
        /// the offset, written with `from × (1 − p) + to × p`; otherwise -1.
        var offset = -1
        var from = 0.0
        var to = 0.0
        /// For every other animation: its closure's index in the animator's closures (or, while
        /// pending, its maker's index in the animator's deferred makers); otherwise -1.
        var closure = -1
        /// Added before the animator first ran: the animation begins from the state's value when
        /// the animator first starts (or is scrubbed), and `from` (or the closure) is made then.
        var isPending = false
        /// The progress of the last frame written: a closure is told when it moves backwards,
        /// and a clip's markers fire between it and the next.
        var lastProgress = 0.0

        /// The entry as a lane of the batch (a number at a byte offset: its word).
        var lane: Lane { Lane(startFraction: startFraction, from: from, to: to, word: offset >> 3) }
    }

    /// An animator's entries: the first held inline, the others in a buffer of their own (most
    /// animators animate one property, and then allocate nothing for their entries, and free
    /// nothing: entries are plain data, and an animator of one holds no reference for them).
    struct EntryList: ~Copyable {
        private var first = Entry(startFraction: 0)
        /// The entries after the first (`count - 1` of them, room for `othersCapacity`).
        private var others: UnsafeMutablePointer<Entry>?
        private var othersCapacity = 0
        /// The number of entries.
        private(set) var count = 0

        init() {}

        deinit { others?.deallocate() }

        /// Whether there are none.
        var isEmpty: Bool { count == 0 }

        /// The first entry's lane (there must be an entry), read in place.
        var firstLane: Lane { first.lane }

        /// Calls `body` with each entry and its index, in order, in place.
        @inline(__always)
        mutating func updateEach(_ body: (Int, inout Entry) throws -> Void) rethrows {
            guard count > 0 else { return }
            try body(0, &first)
            guard count > 1, let others else { return }
            for index in 0..<(count - 1) { try body(index + 1, &others[index]) }
        }

        /// Calls `body` with each entry and its index, in order, without copying them.
        @inline(__always)
        func readEach(_ body: (Int, borrowing Entry) throws -> Void) rethrows {
            guard count > 0 else { return }
            try body(0, first)
            guard count > 1, let others else { return }
            for index in 0..<(count - 1) { try body(index + 1, others[index]) }
        }

        /// Adds `entry` at the end.
        mutating func append(_ entry: Entry) {
            guard count > 0 else {
                first = entry
                count = 1
                return
            }
            if count - 1 == othersCapacity {
                // Entries are plain data: moved to a buffer twice the size (four at first).
                let capacity = Swift.max(4, 2 * othersCapacity)
                let grown = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
                if let others {
                    grown.moveInitialize(from: others, count: count - 1)
                    others.deallocate()
                }
                others = grown
                othersCapacity = capacity
            }
            (others.unsafelyUnwrapped + (count - 1)).initialize(to: entry)
            count += 1
        }
    }

    /// A number written straight into the state's cell, as the batch's loop reads it.
    struct Lane: Sendable {
        var startFraction: Double
        var from: Double
        var to: Double
        /// The word of the cell that holds the number.
        var word: Int

        /// The number at eased progress `progress`: `from × (1 − p) + to × p`, the one formula of
        /// every writer of animators' numbers (the batch's loop, the program's steps, recorded
        /// runs), so that they agree bit for bit.
        @inline(__always)
        static func value(from: Double, to: Double, at progress: Double) -> Double {
            from * (1 - progress) + to * progress
        }

        /// Writes `count` lanes: the one loop of every writer of animators' numbers (the batch's
        /// loop, the program's step, recorded runs), each giving where its lanes and its state's
        /// words are.
        ///
        /// Consecutive lanes that start at the same fraction share their eased progress
        /// (`progress(start)` is called once for them, as ``SharedProgress`` shares it in the
        /// whole-state step), and each lane's number
        /// is ``value(from:to:at:)``, so every writer stores the same bits.
        ///
        /// - Parameters:
        ///   - count: The number of lanes.
        ///   - lane: The lane at an index below `count`.
        ///   - progress: The eased progress of lanes starting at a fraction of the duration.
        ///   - store: Stores a number into a word of the state.
        @inline(__always)
        static func write(
            count: Int, lane: (Int) -> Lane, progress: (Double) -> Double, store: (Double, Int) -> Void
        ) {
            guard count > 0 else { return }
            // The first lane outside the loop (most animators animate one number): about 1 ns a
            // frame less, at 1,000 animators, than ``SharedProgress`` from the first lane on.
            let first = lane(0)
            var start = first.startFraction
            var eased = progress(start)
            store(value(from: first.from, to: first.to, at: eased), first.word)
            var index = 1
            while index < count {
                let lane = lane(index)
                if lane.startFraction != start {
                    start = lane.startFraction
                    eased = progress(start)
                }
                store(value(from: lane.from, to: lane.to, at: eased), lane.word)
                index += 1
            }
        }
    }

    // Stored in this order (words first, the flags together at the end), so that an animator is
    // as small as it can be: an app may hold thousands (312 bytes each with its state machine's
    // flags packed and its motion boxed, 456 before; no faster or slower to make or run).

    /// The animator's length in seconds.
    public let duration: Double
    /// The curve that shapes each animation's progress.
    public let timing: TimingCurve
    /// The pieces of the timing curve's shared table (kept alive by ``timing``, which holds the
    /// table), or `nil` for linear timing (or a curve no table follows): what the batch's slots
    /// read. Not a reference of its own: making an animator retains and releases one thing fewer.
    let curvePieces: UnsafePointer<Double>?
    /// Where the state's cell is (its words, not its count: a writer needs no more).
    let cellBase: UnsafeMutableRawPointer

    /// The state's cell.
    @inline(__always)
    var cell: StateCell { StateCell(base: cellBase) }
    @exclusivity(unchecked) final var machine: AnimatorStateMachine
    @exclusivity(unchecked) final var entries = EntryList()
    /// Who listens to the animator, made the first time someone asks for its events or adds a
    /// handler: most animators have no one (a list's rows), and then hold one empty reference,
    /// released with nothing to do.
    @exclusivity(unchecked) final var listeners: Listeners?

    /// Who listens to an animator (guarded by its group's lock).
    final class Listeners {
        /// The animator's events, made the first time someone asks for them: until then there is
        /// no one to deliver to, and a tick delivers nothing (an animator's completion, in a batch
        /// of 10,000, cost 85 ns more with an emitter of no observers to send to).
        var eventEmitter: Emitter<AnimatorEvent, Never>?
        /// The handlers to call when the animator completes (emptied then).
        var completionHandlers: [@Sendable (Completion) -> Void] = []
        /// The observations of the events that ``Animator/addEventHandler(_:)`` made, which live
        /// as long as the animator.
        var eventObservations: [SignalObservation] = []
    }

    /// The listeners, made if need be.
    final var madeListeners: Listeners {
        if let listeners { return listeners }
        let made = Listeners()
        listeners = made
        return made
    }

    /// The animator's events, if anyone has asked for them.
    final var eventEmitter: Emitter<AnimatorEvent, Never>? { listeners?.eventEmitter }
    /// How the animator completed, once it has.
    @exclusivity(unchecked) final var completionRecord: Completion? {
        didSet { hasCompleted.store(completionRecord != nil, ordering: .releasing) }
    }
    /// Every lane, when there are several (see ``isBatchable``); with one, the first entry is the
    /// lane (most animators animate one number, and then allocate no buffer).
    @exclusivity(unchecked) final var lanes: UnsafeMutablePointer<Lane>?
    @exclusivity(unchecked) final var laneCount = 0
    /// The place in the group's running list, or -1.
    @exclusivity(unchecked) final var runningIndex = -1
    /// Whether the animator holds a reference to itself, taken when it entered the running list:
    /// a running animator stays alive. Counted by hand (``keepAlive()``, ``releaseKeepAlive()``),
    /// so that the animators that finish in a tick are handed out of the lock with no retain.
    @exclusivity(unchecked) final var isKeptAlive = false
    /// Whether ``completionRecord`` is set, readable without the group's lock: an animator freed
    /// after it completed has nothing left to deliver, so its `deinit` takes no lock.
    final let hasCompleted = Atomic<Bool>(false)
    /// Whether the batch calls the curve: no table follows it everywhere, and it is not linear.
    let callsCurve: Bool
    /// Whether the numbers can be stored into the state's cell directly.
    let isPlainState: Bool
    /// Whether some entry needs the whole state; otherwise every entry is a direct store.
    @exclusivity(unchecked) final var usesClosures = false
    /// Whether some entry is pending (see ``Entry/isPending``).
    @exclusivity(unchecked) final var hasPending = false

    /// Takes the reference that keeps the animator alive while it runs.
    final func keepAlive() {
        guard !isKeptAlive else { return }
        isKeptAlive = true
        _ = Unmanaged.passUnretained(self).retain()
    }

    /// Gives up the reference that kept the animator alive, for the caller to release after
    /// unlocking (its `deinit` may call out), or `nil` if it held none. The reference itself
    /// moves out: no retain now, one release later.
    final func releaseKeepAlive() -> Unmanaged<_AnimatorCore>? {
        guard isKeptAlive else { return nil }
        isKeptAlive = false
        return Unmanaged.passUnretained(self)
    }

    /// ``hasCompleted``'s value.
    final var isKnownCompleted: Bool { hasCompleted.load(ordering: .acquiring) }

    /// Creates the core; `curvePieces` is `timing.sharedTablePieces`, read by the caller before
    /// it stores anything (a call between the stores made the compiler retain and release the
    /// state and the group around it).
    init(duration: Double, timing: TimingCurve, curvePieces: UnsafePointer<Double>?, cell: StateCell, isPlainState: Bool) {
        self.curvePieces = curvePieces
        callsCurve = curvePieces == nil && !timing.isLinear
        self.duration = duration
        cellBase = cell.base
        self.isPlainState = isPlainState
        machine = AnimatorStateMachine(duration: duration)
        // Stored last, when the curve is not read again: the parameter moves into the animator
        // (storing it first cost a retain and a release).
        self.timing = timing
    }

    deinit {
        lanes?.deallocate()
    }

    /// Whether every animation is a number stored into a plain-data state: the animator's
    /// numbers are then its lanes.
    var writesLanes: Bool {
        !usesClosures && isPlainState
    }

    /// Whether writing the values at the current position could change the state, just after a
    /// start from rest (the first start, whose numbers were read from the state under the same
    /// lock): `false` when every animation is a number stored into the state, the animator is at
    /// its start, runs forwards over a duration, no one observes the state, and the timing curve
    /// is 0 at 0. Each number is then `from × (1 − 0) + to × 0`, its `from`: the state's own
    /// value, so the frame is skipped (a start then costs no evaluation and no write).
    var firstFrameRewritesState: Bool {
        guard writesLanes, !hasPending, duration > 0, !machine.isReversed, machine.position == 0,
            !cell.isObserved
        else { return true }
        return progress(startingAt: 0, at: 0) != 0
    }

    /// Whether the batch can run this animator's frames itself while it runs at constant speed:
    /// it writes lanes, over a duration. Its curve is read from a table, or computed (linear
    /// timing), or called (a curve no table follows everywhere, a spring's).
    var isBatchable: Bool {
        writesLanes && duration > 0
    }

    /// Whether the animator runs (or waits out its delay): its group then keeps it alive.
    var isRunningOrWaiting: Bool {
        switch machine.phase {
        case .running, .waiting: true
        case .inactive, .paused, .completed: false
        }
    }

    /// The lane at `index` (below ``laneCount``).
    func lane(_ index: Int) -> Lane {
        index == 0 ? firstLane : lanes![index]
    }

    /// The first lane (there must be one): the first entry, as a lane.
    var firstLane: Lane { entries.firstLane }

    /// Adds an animation.
    func append(_ entry: Entry) {
        entries.append(entry)
        if entry.isPending {
            hasPending = true
        } else {
            entriesChanged()
        }
    }

    /// Makes the pending numbers of a plain-data state begin from the state's words, each read
    /// whole without locking the cell (``StateCell/number(atWord:)``).
    ///
    /// - Returns: Whether entries are still pending: those need the state's whole value.
    func activateNumbersLocked() -> Bool {
        var needsValue = false
        let isPlainState = self.isPlainState, cell = self.cell
        entries.updateEach { _, entry in
            guard entry.isPending else { return }
            if isPlainState, entry.closure < 0 {
                entry.isPending = false
                entry.from = cell.number(atWord: entry.offset >> 3)
            } else {
                needsValue = true
            }
        }
        return needsValue
    }

    /// Rebuilds the lanes after the entries changed (none of them pending).
    func entriesChanged() {
        hasPending = false
        var usesClosures = false
        entries.readEach { _, entry in if entry.closure >= 0 { usesClosures = true } }
        self.usesClosures = usesClosures
        lanes?.deallocate()
        lanes = nil
        laneCount = 0
        guard writesLanes, !entries.isEmpty else { return }
        laneCount = entries.count
        guard laneCount > 1 else { return }
        let buffer = UnsafeMutablePointer<Lane>.allocate(capacity: laneCount)
        entries.readEach { index, entry in
            (buffer + index).initialize(to: entry.lane)
        }
        lanes = buffer
    }

    // MARK: - Stepping (under the group's lock)

    /// Advances the state machine to `clockTime`, writes the values, and queues what happened.
    func advanceLocked(
        to clockTime: Double, epoch: UInt, deliveries: inout [AnimatorDelivery],
        publishing: inout [_AnimatorCore]
    ) {
        let (events, completion) = machine.advance(to: clockTime)
        let markers = applyValuesLocked(epoch: epoch, publishing: &publishing)
        if let completion {
            // Nothing to deliver to (no handlers, and no one has asked for the events): the
            // completion is only recorded (most animators, finishing in a tick of thousands).
            guard let listeners, listeners.eventEmitter != nil || !listeners.completionHandlers.isEmpty else {
                completionRecord = completion
                return
            }
            deliveries.append(
                finishLocked(events: listeners.eventEmitter == nil ? [] : markers + events, completion: completion))
        } else if let emitter = eventEmitter, !events.isEmpty || !markers.isEmpty {
            deliveries.append(AnimatorDelivery(emitter: emitter, events: markers + events))
        }
    }

    /// Records the completion and takes the handlers to call.
    func finishLocked(events: [AnimatorEvent], completion: Completion) -> AnimatorDelivery {
        completionRecord = completion
        guard let listeners else { return AnimatorDelivery(emitter: nil, events: events, completion: completion) }
        let handlers = listeners.completionHandlers
        listeners.completionHandlers = []
        return AnimatorDelivery(
            emitter: listeners.eventEmitter, events: events, completion: completion, handlers: handlers)
    }

    /// Writes every animation's value at the current position into the state, queues the state
    /// for publishing once this epoch if it is observed (a new epoch for
    /// ``AnimatorGroupEpoch/onDemand``), and returns the markers passed.
    func applyValuesLocked(epoch: UInt, publishing: inout [_AnimatorCore]) -> [AnimatorEvent] {
        // Pending entries (the animator has never run) have no values yet.
        guard !entries.isEmpty, !hasPending else { return [] }
        let fraction = machine.fractionComplete
        let sequence = cell.lockAsGroupWriter()
        var markerEvents: [AnimatorEvent] = []
        if writesLanes {
            // Numbers only: no markers (those are clips'), and no closure reads a last progress.
            let cell = self.cell
            // Closures, not the method `lane` itself: a method reference holds the program
            // strongly (a retain and a release for every animator's last frame).
            Lane.write(
                count: laneCount, lane: { self.lane($0) }, progress: { progress(startingAt: $0, at: fraction) },
                store: { cell.store($0, atWord: $1) })
        } else {
            applyWholeStateLocked(fraction: fraction, markers: &markerEvents)
        }
        if cell.isObserved {
            let stamp = epoch == AnimatorGroupEpoch.onDemand ? AnimatorGroupEpoch.next() : epoch
            if cell.flags != stamp {
                cell.flags = stamp
                publishing.append(self)
            }
        }
        cell.unlock(from: sequence)
        return markerEvents
    }

    /// Sends the state's current value to its observers, if any: once per frame, for the first of
    /// its animators that wrote it (the animator's generic part; the batch queues animators, not
    /// states, so that making an animator looks up no type metadata for its state).
    func publishState() {
        preconditionFailure("an animator publishes its state itself")
    }

    /// Applies every entry at `fraction` to the whole state (the cell is locked, and so is the
    /// group): the animator's generic part, for closures and states that hold references.
    func applyWholeStateLocked(fraction: Double, markers: inout [AnimatorEvent]) {
        preconditionFailure("an animator applies its whole state itself")
    }

    /// The eased progress of an entry starting at fraction `start`, at the animator's fraction
    /// complete `fraction`.
    @inline(__always)
    func progress(startingAt start: Double, at fraction: Double) -> Double {
        let local = Self.localProgress(startingAt: start, at: fraction)
        guard let curvePieces else { return timing.value(at: local) }
        return TimingCurveTable.lookup(local, base: 0, pieces: curvePieces) { timing }
    }

    /// An entry's own progress, before easing: 0 until its start fraction, then linear to 1 at the
    /// animator's end. The batch's loop and the program's step both use this, so their values
    /// agree bit for bit.
    @inline(__always)
    static func localProgress(startingAt start: Double, at fraction: Double) -> Double {
        if start == 0 { return fraction }   // (fraction - 0) / (1 - 0), without the division
        if fraction <= start { return 0 }
        if start >= 1 { return 1 }
        return min((fraction - start) / (1 - start), 1)
    }
}

/// The eased progress of consecutive animations that start at the same fraction, computed once:
/// animations added together start together, and a called curve (a spring's) costs a cosine, a
/// sine and an exponential. The whole-state step uses it; `Lane.write` shares progress the same way.
struct SharedProgress {
    private var start = Double.nan
    private var value = 0.0

    /// The progress of an animation starting at `start`: `compute(start)`, or the last result
    /// if the previous animation started at the same fraction.
    @inline(__always)
    mutating func progress(startingAt start: Double, _ compute: (Double) -> Double) -> Double {
        if start != self.start {
            self.start = start
            value = compute(start)
        }
        return value
    }
}

/// What a tick (or a command) leaves to deliver after unlocking: an animator's events, and its
/// completion with the handlers to call.
struct AnimatorDelivery {
    /// The animator's events, if anyone has asked for them.
    let emitter: Emitter<AnimatorEvent, Never>?
    let events: [AnimatorEvent]
    var completion: Completion? = nil
    var handlers: [@Sendable (Completion) -> Void] = []

    func deliver() {
        guard let completion else {
            if let emitter { for event in events { emitter.send(event) } }
            return
        }
        if let emitter {
            for event in events { emitter.send(event) }
            emitter.send(.completed(completion))
        }
        for handler in handlers { handler(completion) }
    }
}

/// The part of an animator its clock's batch runs (``_AnimatorCore``), by the name the engine's
/// code uses.
typealias AnimatorProgram = _AnimatorCore
