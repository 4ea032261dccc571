import Synchronization

/// The animators on one clock, run as one batch.
///
/// The clock has one tick handler per group, not one per animator. Each tick takes the group's
/// lock once and advances every running animator in a flat loop: position from its anchor, eased
/// progress from the shared curve table, and writes straight into its state's cell (a store per
/// number for the common `addAnimation(\.x, to:)`, no closure, no key path). Events, completions
/// and the states' publications are delivered after the loop, outside the lock, each state once
/// per frame. Every command on an animator (start, pause, scrub, reverse, add an animation) takes
/// the same lock, so the batch always sees a consistent program.
///
/// Ownership: the clock keeps the group (through its tick handler) and the group keeps its running
/// animators, as a display link keeps UIKit's running animators. The animators do not keep the
/// clock, so releasing a clock completes its running animators with `finished: false` and
/// releases those only it kept.
@usableFromInline
final class AnimatorGroup: @unchecked Sendable {
    /// Guards every animator's program, `running` and `registration`.
    let lock = GroupLock()
    /// A built-in clock's core (its tick handlers and its time), while the clock is alive.
    ///
    /// The group refers to the core, not to the clock: a weakly referenced object keeps its
    /// counts in a side table, where every retain and release takes the runtime's slow path, and
    /// an app's code retains its clock at every `Animator(…, clock:)` (slow retains were a
    /// fourteenth of making, adding and starting an animator). Weak fields of the group itself,
    /// read in place (a struct around a weak reference was copied, side table and all, at every
    /// read).
    @exclusivity(unchecked) private weak var core: ClockCore?
    /// Any other clock, while it is alive.
    @exclusivity(unchecked) fileprivate weak var customClock: (any FrameClock)?
    /// The clock's identity: the group's key in the registry.
    private let clockKey: ObjectIdentifier
    /// A manual clock's time, which it stores at every change: read without loading the clock.
    private let manualSeconds: ClockSeconds?
    /// The animators that run or wait out a delay, in the order they started: what the loop
    /// needs to run each one's frame without touching it. Each is kept alive by its own
    /// reference to itself while it is here (`isKeptAlive`), so the list retains nothing.
    @exclusivity(unchecked) private var slots: [RunSlot] = []
    @exclusivity(unchecked) private var registration: ClockRegistration?
    /// Whether the clock is gone: nothing runs any more.
    @exclusivity(unchecked) private var isDetached = false
    /// The last clock time a tick brought, for commands issued after the clock is gone.
    @exclusivity(unchecked) private(set) var lastTime = 0.0
    /// Counts ticks (never 0, see ``RunSlot/madeAtTick``): a slot made at an earlier tick than the
    /// current one has run its frame at ``lastTime``.
    @exclusivity(unchecked) private var tickStamp: UInt32 = 1
    /// Reused between ticks: the animators whose states to publish after a tick (the first
    /// animator of each observed state that wrote it).
    @exclusivity(unchecked) private var publishBuffer: [_AnimatorCore] = []
    /// Reused between ticks: the animators that finished in a tick, released after it unlocks.
    /// A tick in which 10,000 finish together allocates nothing for them (freeing an 80 KB
    /// array also made the allocator consolidate every small block freed before it).
    @exclusivity(unchecked) private var finishedBuffer: [Unmanaged<AnimatorProgram>] = []
    /// The motions played on the clock (``Playback``), not kept alive, stepped after the
    /// animators in each tick, in the order they started.
    @exclusivity(unchecked) private var followers: [WeakFollower] = []
    /// The byte offsets of the numbers its animators animated lately, by key path (see
    /// ``storedOffsetLocked(of:computing:)``).
    @exclusivity(unchecked) private var keyPathOffsets = KeyPathOffsets()
    /// A wall clock's origin: its time is its core's at the source time `now − origin`. Stored
    /// last: the standard library may change `ContinuousClock.Instant`'s layout, so the offsets of
    /// the fields after it would be read from the class's metadata at run time, not compiled in.
    private let wallOrigin: ContinuousClock.Instant?

    fileprivate init(clock: any FrameClock) {
        clockKey = ObjectIdentifier(clock)
        lastTime = clock.now.inSeconds
        if let manual = clock as? ManualClock {
            core = manual.core
            manualSeconds = manual.currentSeconds
            wallOrigin = nil
        } else if let wall = clock as? WallClock {
            core = wall.core
            manualSeconds = nil
            wallOrigin = wall.origin
        } else {
            customClock = clock
            manualSeconds = nil
            wallOrigin = nil
        }
    }

    /// The current clock time, or the last known one once the clock is gone (a manual clock's
    /// last time, whether or not it ticked at it).
    var now: Double {
        if let manualSeconds { return manualSeconds.value }
        return nowOfOtherClock
    }

    /// ``now`` for a clock that is not a manual one. Apart: a wall clock's origin is a type of
    /// the standard library whose size is looked up at run time, and `now` then looked up its
    /// metadata before it read a manual clock's time (two calls for every animator started).
    @inline(never)
    private var nowOfOtherClock: Double {
        if let wallOrigin {
            if let core { return core.now(atSource: .now - wallOrigin).inSeconds }
        } else if let customClock {
            return customClock.now.inSeconds
        }
        return lock.withLock { lastTime }
    }

    // MARK: - Membership (under the lock)

    /// Adds or removes `program` (an animator) from the running list after a command changed its
    /// phase.
    ///
    /// - Returns: An animator to release after unlocking (never inside the lock: its `deinit`
    ///   calls out).
    func updateMembershipLocked(_ program: AnimatorProgram) -> Unmanaged<AnimatorProgram>? {
        let runs = program.isRunningOrWaiting && !isDetached
        let index = program.runningIndex
        if runs, index < 0 {
            program.runningIndex = slots.count
            program.keepAlive()
            slots.append(RunSlot(program, madeAtTick: tickStamp))
            return nil
        }
        if runs {
            slots[index] = RunSlot(program, madeAtTick: tickStamp)
            return nil
        }
        if index >= 0 {
            let last = slots.count - 1
            if index != last {
                slots.swapAt(index, last)
                slots[index].program._withUnsafeGuaranteedRef { $0.runningIndex = index }
            }
            slots.removeLast()
            program.runningIndex = -1
            return program.releaseKeepAlive()
        }
        return nil
    }

    /// The byte offset of the number `keyPath` names in its root (`computing()`'s answer: nil for
    /// a property stored at no fixed offset), remembered for the next animator of this group that
    /// animates it (under the lock).
    ///
    /// `MemoryLayout.offset(of:)` walks the key path's components, 13 ns, and every row of a list
    /// asks it for the same literal (`\.x`), which the runtime makes once: the same object each
    /// time, compared here by identity. The key paths remembered are held, so an address met
    /// again is always the key path remembered there.
    func storedOffsetLocked(of keyPath: AnyKeyPath, computing: () -> Int?) -> Int? {
        keyPathOffsets.offset(of: keyPath, computing: computing)
    }

    /// Brings the program's position up to date with the frames the loop ran for it (before a
    /// command or an inspection reads it).
    func syncLocked(_ program: AnimatorProgram) {
        let index = program.runningIndex
        if index >= 0 { syncLocked(slots[index], program: program) }
    }

    /// Records in `program` (the program of `slot`) the position of the last frame the loop ran
    /// for it, if it ran one: the loop writes no position, as it runs each frame on the line its
    /// slot copied from the state machine, and the last tick was at ``lastTime``.
    private func syncLocked(_ slot: RunSlot, program: AnimatorProgram) {
        if slot.isFast, slot.madeAtTick != tickStamp {
            program.machine.recordPosition(slot.line.position(at: lastTime))
        }
    }

    /// Rebuilds the loop's view of a running program after its animations changed.
    func refreshLocked(_ program: AnimatorProgram) {
        let index = program.runningIndex
        if index >= 0 { slots[index] = RunSlot(program, madeAtTick: tickStamp) }
    }

    /// Whether the group's tick handler is not on the clock yet, and should be (under the lock).
    var needsRegistrationLocked: Bool { registration == nil && !isDetached }

    /// Registers the group's tick handler with the clock, once.
    func ensureRegistered() {
        let needed = lock.withLock { registration == nil && !isDetached }
        guard needed else { return }
        let link = ClockLink(self)
        let handler: @Sendable (Tick) -> Void = { tick in link.group.tick(at: tick.seconds) }
        let token: ClockRegistration
        if let core {
            token = core.addHandler(handler)
        } else if let customClock {
            token = customClock.addTickHandler(handler)
        } else {
            return
        }
        let duplicate = lock.withLock { () -> ClockRegistration? in
            if registration != nil || isDetached { return token }
            registration = token
            return nil
        }
        duplicate?.cancel()
    }

    /// Steps `follower` at every tick from now on, after the animators, until it says it is done
    /// or is released (the group does not keep it alive).
    func follow(_ follower: any ClockFollower) {
        lock.withLock { if !isDetached { followers.append(WeakFollower(follower)) } }
        ensureRegistered()
    }

    // MARK: - Ticks

    /// Advances every running animator to clock time `time`, then delivers what happened.
    func tick(at time: Double) {
        var deliveries: [AnimatorDelivery] = []
        lock.lock()
        var finished = finishedBuffer
        finishedBuffer = []
        lastTime = time
        nextTickStamp()
        let epoch = AnimatorGroupEpoch.next()
        var publishing = publishBuffer
        publishBuffer = []
        var kept = 0
        var memo = ProgressMemo()
        let count = slots.count
        slots.withUnsafeMutableBufferPointer { slots in
            for index in 0..<count {
                if slots[index].runFrame(at: time, epoch: epoch, memo: &memo, publishing: &publishing) {
                    if kept != index {
                        slots[kept] = slots[index]
                        slots[kept].program._withUnsafeGuaranteedRef { $0.runningIndex = kept }
                    }
                    kept += 1
                    continue
                }
                // The program keeps itself alive: no retain (a cold cache line written)
                // for each animator that completes.
                let stillRuns = slots[index].program._withUnsafeGuaranteedRef { program in
                    program.advanceLocked(to: time, epoch: epoch, deliveries: &deliveries, publishing: &publishing)
                    if program.isRunningOrWaiting {
                        slots[index] = RunSlot(program, madeAtTick: tickStamp)
                        if kept != index { program.runningIndex = kept }
                        return true
                    }
                    program.runningIndex = -1
                    // Moved out, released after unlocking.
                    if let animator = program.releaseKeepAlive() { finished.append(animator) }
                    return false
                }
                if stillRuns {
                    if kept != index { slots[kept] = slots[index] }
                    kept += 1
                }
            }
        }
        if kept < count { slots.removeLast(count - kept) }
        // Taken in the tick's one critical section: a group with no playbacks pays nothing more.
        let following = followers
        lock.unlock()
        if !publishing.isEmpty {
            for animator in publishing { animator.publishState() }
            publishing.removeAll(keepingCapacity: true)
        }
        for delivery in deliveries { delivery.deliver() }
        if !finished.isEmpty {
            for animator in finished { animator.release() }
            finished.removeAll(keepingCapacity: true)
        }
        // The buffers go back for the next frame; one that never held anything has nothing to
        // keep.
        if publishing.capacity > 0 || finished.capacity > 0 {
            lock.withLock {
                if publishBuffer.isEmpty { publishBuffer = publishing }
                if finishedBuffer.isEmpty { finishedBuffer = finished }
            }
        }
        if !following.isEmpty { stepFollowers(following, at: time) }
    }

    /// Moves to the next tick's stamp (under the lock). Once in 2³² − 2 ticks the stamps start
    /// again from 1, and every slot then takes the stamp 0, which no tick has: each of them runs
    /// in this tick (or is remade by it), so each has run a frame at ``lastTime`` by the next
    /// command, as its stamp says.
    private func nextTickStamp() {
        tickStamp &+= 1
        guard tickStamp == .max else { return }
        tickStamp = 1
        for index in slots.indices { slots[index].madeAtTick = 0 }
    }

    /// Steps the motions that follow the clock (`current`, taken under the lock), outside the lock
    /// (each sends its value to its observers, who may start another), and drops those that are
    /// done or released.
    private func stepFollowers(_ current: [WeakFollower], at time: Double) {
        var ended = false
        for entry in current {
            guard let follower = entry.value, follower.step(to: time) else {
                ended = true
                continue
            }
        }
        guard ended else { return }
        lock.withLock {
            followers.removeAll { entry in
                guard let follower = entry.value else { return true }
                return follower.isDone
            }
        }
    }

    /// The clock is gone: the running animators (and those waiting out a delay) complete with
    /// `finished: false` where they are, whether or not the app still holds them, and the group
    /// lets them go.
    fileprivate func detach() {
        // Out of the registry now, not at a later sweep: each entry's weak reference keeps a
        // side table of the runtime's alive, and thousands of those, left among the freed
        // objects of thousands of released clocks, scattered every later allocation of the
        // same sizes (10,000 tracks read 2× slower after a scene of 9,000 preset clocks).
        let key = clockKey
        animatorGroups.withLock { registry in
            if let entry = registry.groups[key], entry.value == nil || entry.value === self {
                registry.groups[key] = nil
            }
        }
        var deliveries: [AnimatorDelivery] = []
        let released = lock.withLock { () -> [Unmanaged<AnimatorProgram>?] in
            isDetached = true
            for slot in slots {
                slot.program._withUnsafeGuaranteedRef { syncLocked(slot, program: $0) }
            }
            defer {
                slots = []
                followers = []
            }
            return slots.map { slot in
                let program = slot.program.takeUnretainedValue()
                if let completion = program.machine.complete(at: .current, finished: false, clock: lastTime) {
                    deliveries.append(program.finishLocked(events: [], completion: completion))
                }
                program.runningIndex = -1
                return program.releaseKeepAlive()
            }
        }
        // Outside the lock: a completion handler may command any animator.
        for delivery in deliveries { delivery.deliver() }
        for animator in released { animator?.release() }
    }

    // MARK: - One group per clock

    /// The group of `clock`, if it has one.
    static func existingGroup(for clock: any FrameClock) -> AnimatorGroup? {
        if let found = withBuiltInCore(of: clock, { $0.existingAnimatorGroup }) { return found }
        return animatorGroups.withLock { $0.group(of: clock) }
    }

    /// Calls `body` with the core of a built-in clock, which keeps the clock's group itself;
    /// `nil` for any other clock.
    ///
    /// Neither the clock nor its core is retained: both are weakly referenced (by the group, by
    /// registrations), which moves their counts to a side table where every retain and release
    /// takes the slow path, and making an animator paid two of each here.
    @inline(__always)
    private static func withBuiltInCore<Result>(
        of clock: any FrameClock, _ body: (ClockCore) -> Result
    ) -> Result? {
        let address = UnsafeRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(clock)))!
        if type(of: clock) == ManualClock.self {
            return Unmanaged<ManualClock>.fromOpaque(address)._withUnsafeGuaranteedRef { body($0.core) }
        }
        if type(of: clock) == WallClock.self {
            return Unmanaged<WallClock>.fromOpaque(address)._withUnsafeGuaranteedRef { body($0.core) }
        }
        return nil
    }

    /// The lines of the running animators that write numbers straight into the cell at `cellBase`,
    /// as the loop would run their next frame (see ``RecordedRun``).
    func recordedRuns(writingTo cellBase: UnsafeMutableRawPointer) -> [RecordedRun] {
        lock.withLock {
            var runs: [RecordedRun] = []
            for slot in slots where slot.isFast && slot.cellBase == cellBase && slot.laneCount > 0 {
                runs.append(RecordedRun(slot, program: slot.program.takeUnretainedValue()))
            }
            return runs
        }
    }

    /// The group of `clock`, made on first use.
    ///
    /// A built-in clock keeps its group in its core (made once, released with the clock); any
    /// other clock's group is found in a registry by the clock's identity.
    @usableFromInline
    static func group(for clock: any FrameClock) -> AnimatorGroup {
        if let group = withBuiltInCore(of: clock, { $0.animatorGroup { AnimatorGroup(clock: clock) } }) {
            return group
        }
        return animatorGroups.withLock { registry in
            if let known = registry.group(of: clock) { return known }
            let group = AnimatorGroup(clock: clock)
            // Groups of released clocks are swept when the table has doubled since the last sweep:
            // amortised constant time per clock, however many clocks are alive at once.
            if registry.groups.count >= registry.sweepAt {
                registry.groups = registry.groups.filter { $0.value.value != nil }
                registry.sweepAt = max(64, 2 * registry.groups.count)
            }
            registry.groups[ObjectIdentifier(clock)] = WeakGroup(value: group)
            return group
        }
    }
}

/// One running animator as the batch's loop sees it: the line its position follows (copied from
/// its state machine, which keeps it), the numbers it writes and where. The loop only reads slots:
/// the position of a slot's last frame is its line's at the group's last tick, recorded in the
/// state machine when a command needs it (``AnimatorGroup/syncLocked(_:)``).
struct RunSlot {
    /// The program (it keeps itself alive while it has a slot: `isKeptAlive`).
    var program: Unmanaged<AnimatorProgram>
    var line = AnimatorLine(anchorClock: 0, anchorPosition: 0, velocity: 0, duration: 0)
    /// The state's cell's memory (`nil`: nothing to write).
    var cellBase: UnsafeMutableRawPointer?
    /// The timing curve's table, or `nil` for linear timing and curves without one.
    var curve: UnsafePointer<Double>?
    /// The first lane, kept in the slot itself: most animators animate one number, and the loop
    /// then reads nothing but the slot and the state's cell (the others are the program's
    /// ``AnimatorProgram/lanes``).
    var firstStart = 0.0
    var firstFrom = 0.0
    var firstTo = 0.0
    var firstWord: Int32 = 0
    var laneCount: Int32 = 0
    /// The group's tick stamp when the slot was made: if the group has ticked since, the loop has
    /// run the slot's frame at the last tick's time.
    var madeAtTick: UInt32
    /// Whether the loop runs the frame itself (see ``AnimatorProgram/isBatchable`` and
    /// ``AnimatorStateMachine/linearRun``); otherwise the program's own step does.
    var isFast = false
    /// Whether the curve is called (no table follows it everywhere, and it is not linear).
    var callsCurve = false

    init(_ program: borrowing AnimatorProgram, madeAtTick: UInt32) {
        self.program = .passUnretained(program)
        self.madeAtTick = madeAtTick
        guard program.isBatchable, let line = program.machine.linearRun else { return }
        isFast = true
        self.line = line
        cellBase = program.cellBase
        if program.laneCount > 0 {
            let first = program.firstLane
            firstStart = first.startFraction
            firstFrom = first.from
            firstTo = first.to
            firstWord = Int32(first.word)
        }
        laneCount = Int32(program.laneCount)
        curve = program.curvePieces
        callsCurve = program.callsCurve
    }

    /// Runs the frame at clock time `time` unless the animator reaches an end there (or is not
    /// on a line at all): then returns `false`, and the program's step runs it.
    @inline(__always)
    func runFrame(
        at time: Double, epoch: UInt, memo: inout ProgressMemo, publishing: inout [_AnimatorCore]
    ) -> Bool {
        guard isFast else { return false }
        let position = line.position(at: time)
        guard line.isShortOfEnd(position) else { return false }
        guard let cellBase, laneCount > 0 else { return true }
        let cell = StateCell(base: cellBase)
        let fraction = memo.fraction(of: position, over: line.duration)
        let sequence = cell.lockAsGroupWriter()
        let program = program, curve = curve, callsCurve = callsCurve
        let firstLane = AnimatorProgram.Lane(startFraction: firstStart, from: firstFrom, to: firstTo, word: Int(firstWord))
        AnimatorProgram.Lane.write(
            count: Int(laneCount),
            lane: { index in
                index == 0 ? firstLane : program._withUnsafeGuaranteedRef { $0.lanes.unsafelyUnwrapped[index] }
            },
            progress: { start in
                if callsCurve {
                    let local = AnimatorProgram.localProgress(startingAt: start, at: fraction)
                    return program._withUnsafeGuaranteedRef { $0.timing.value(at: local) }
                }
                return memo.progress(startingAt: start, curve: curve) {
                    let local = AnimatorProgram.localProgress(startingAt: start, at: fraction)
                    return Self.progress(local, curve: curve) { program._withUnsafeGuaranteedRef { $0.timing } }
                }
            },
            store: { cell.store($0, atWord: $1) })
        if cell.isObserved, cell.flags != epoch {
            cell.flags = epoch
            publishing.append(program.takeUnretainedValue())
        }
        cell.unlock(from: sequence)
        return true
    }
}

extension RunSlot {
    /// The eased progress at local progress `local` from a curve's table, or linear for `nil`.
    @inline(__always)
    static func progress(_ local: Double, curve: UnsafePointer<Double>?, timing: () -> TimingCurve) -> Double {
        guard let curve else { return local > 0 ? min(local, 1) : 0 }
        return TimingCurveTable.lookup(local, base: 0, pieces: curve, curve: timing)
    }
}

/// What the previous animator of a tick computed, for the next one to reuse when its inputs are
/// the same bits: animators started together with the same duration and curve (a list's rows
/// fading in) are at the same fraction and progress in every frame, and the loop then divides and
/// reads the curve's table once for all of them. A cache of a pure function on exact inputs, so
/// every animator's numbers are the bits it computes alone.
struct ProgressMemo {
    private var position = UInt64.max
    private var duration = UInt64.max
    private var lastFraction = 0.0
    private var start = UInt64.max
    private var curve: UnsafePointer<Double>?
    private var lastProgress = 0.0

    /// `position / duration`, or the last result for the same bits.
    @inline(__always)
    mutating func fraction(of position: Double, over duration: Double) -> Double {
        if position.bitPattern != self.position || duration.bitPattern != self.duration {
            self.position = position.bitPattern
            self.duration = duration.bitPattern
            lastFraction = position / duration
            start = .max
        }
        return lastFraction
    }

    /// The eased progress of an animation starting at `start` (a table curve, or linear timing
    /// for `nil`) at the last fraction: `compute()`, or the last result for the same start and
    /// curve.
    @inline(__always)
    mutating func progress(
        startingAt start: Double, curve: UnsafePointer<Double>?, _ compute: () -> Double
    ) -> Double {
        if start.bitPattern != self.start || curve != self.curve {
            self.start = start.bitPattern
            self.curve = curve
            lastProgress = compute()
        }
        return lastProgress
    }
}

/// Keeps a group alive from the clock's side and lets it go when the clock goes.
private final class ClockLink: Sendable {
    let group: AnimatorGroup

    init(_ group: AnimatorGroup) { self.group = group }

    deinit { group.detach() }
}

/// Something other than an animator that follows its clock's ticks in the group's batch: a
/// ``Playback``.
protocol ClockFollower: AnyObject, Sendable {
    /// Steps to clock time `time`; `false` once done (the group then drops it).
    func step(to time: Double) -> Bool
    /// Whether it is done (finished or stopped): it follows the clock no more.
    var isDone: Bool { get }
}

/// A follower, not kept alive.
private struct WeakFollower: @unchecked Sendable {
    weak var value: (any ClockFollower)?

    init(_ value: any ClockFollower) { self.value = value }
}

/// A group, not kept alive, in the registry: a class, so that a lookup reads the weak reference
/// in place (a struct's was copied, side table and all, at every lookup).
private final class WeakGroup: @unchecked Sendable {
    weak var value: AnimatorGroup?

    init(value: AnimatorGroup) { self.value = value }
}

/// What tests may ask of the registry of animator groups.
package enum AnimatorGroupRegistry {
    /// Whether the registry has an entry for the clock of this identity (a released clock's group
    /// leaves it when the clock goes).
    package static func isRegistered(clockIdentity: ObjectIdentifier) -> Bool {
        animatorGroups.withLock { $0.groups[clockIdentity] != nil }
    }
}

/// The group of every clock that has animators but is not a built-in one (whose core keeps its
/// group), by the clock's identity.
private struct GroupRegistry: Sendable {
    var groups: [ObjectIdentifier: WeakGroup] = [:]
    /// The table's size at which the next sweep of released clocks' groups runs.
    var sweepAt = 64

    /// The live group of `clock` (not that of a released clock whose identity it reuses).
    func group(of clock: any FrameClock) -> AnimatorGroup? {
        guard let known = groups[ObjectIdentifier(clock)]?.value, known.customClock === clock
        else { return nil }
        return known
    }
}

private let animatorGroups = Locked(GroupRegistry())

/// A process-wide tick count that marks which states a tick already queued for publishing.
enum AnimatorGroupEpoch {
    private static let counter = Atomic<UInt>(0)

    /// What a command passes for its epoch: a new one, taken only if a state it writes is
    /// observed (most are not, and taking one is an atomic add: a command on an unobserved state
    /// then touches no shared counter).
    static let onDemand: UInt = 0

    /// A new epoch, as a cell's publish stamp: odd (observed), never equal to a plain mark (nor
    /// to ``onDemand``).
    static func next() -> UInt {
        (counter.add(1, ordering: .relaxed).newValue << 1) | 1
    }
}

/// The states a transition-wide command changed, published together once it is done: a scrub of a
/// transition publishes each state once, with every animator's value in it, not once per
/// animator (the first half-updated).
final class PublicationBatch: @unchecked Sendable {
    /// The batch of the command running on this thread or task, if any.
    @TaskLocal static var current: PublicationBatch?

    private let lock = SpinLock()
    /// For each state to publish, the first of its animators queued.
    @exclusivity(unchecked) private var publishers: [_AnimatorCore] = []

    /// Runs `body` collecting publications, then publishes each state once.
    static func publishingOnce<Value>(_ body: () throws(AnimatorError) -> Value) throws(AnimatorError) -> Value {
        let batch = PublicationBatch()
        let result: Result<Value, AnimatorError> = $current.withValue(batch) {
            do throws(AnimatorError) { return .success(try body()) } catch { return .failure(error) }
        }
        batch.flush()
        return try result.get()
    }

    /// Queues animators' states for publishing at the end (each state once, whichever of its
    /// animators queued it).
    func add(_ new: [_AnimatorCore]) {
        lock.withLock {
            for animator in new where !publishers.contains(where: { $0.cell.base == animator.cell.base }) {
                publishers.append(animator)
            }
        }
    }

    private func flush() {
        let pending = lock.withLock {
            defer { publishers = [] }
            return publishers
        }
        for animator in pending { animator.publishState() }
    }
}

/// The last few key paths a group's animators animated as numbers, with their byte offsets (or
/// -1 for a property at no fixed offset), replaced in turn once full.
struct KeyPathOffsets {
    /// How many are remembered: the properties of one kind of row (position, size, opacity…).
    static let capacity = 8
    private var keyPaths: [AnyKeyPath] = []
    private var offsets: [Int] = []
    /// Where the next one goes once full.
    private var next = 0

    /// The offset remembered for `keyPath`, or `computing()`'s, remembered now.
    mutating func offset(of keyPath: AnyKeyPath, computing: () -> Int?) -> Int? {
        for index in keyPaths.indices where keyPaths[index] === keyPath {
            let offset = offsets[index]
            return offset >= 0 ? offset : nil
        }
        let offset = computing()
        if keyPaths.count < Self.capacity {
            keyPaths.append(keyPath)
            offsets.append(offset ?? -1)
        } else {
            keyPaths[next] = keyPath
            offsets[next] = offset ?? -1
            next = (next + 1) % Self.capacity
        }
        return offset
    }
}
