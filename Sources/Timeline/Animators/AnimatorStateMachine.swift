/// The pure state of an animator: phase, position and direction as functions of clock time.
///
/// Position (seconds into the animator, `0...duration`) is computed from its ``AnimatorLine``:
/// `anchorPosition + (clock - anchorClock) × velocity`, where the velocity is the speed, negative
/// when reversed. Every command re-anchors the line, so the position never accumulates rounding
/// from frame deltas.
struct AnimatorStateMachine: Sendable {
    enum Phase: Sendable, Hashable {
        case inactive
        case waiting(until: Double)
        case running
        case paused
        case completed
    }

    /// How close to an end, in seconds, counts as reaching it: one nanosecond.
    static let tolerance = 1e-9

    // Stored in this order (numbers, the line, then the phase and the flags together), so that
    // the machine packs into 80 bytes (138 with a flag between numbers and the motion inline):
    // every animator holds one.
    let duration: Double
    private(set) var position = 0.0
    private(set) var speed = 1.0
    /// The line the position follows while running (its velocity is set at each anchoring).
    private var line: AnimatorLine
    private(set) var phase: Phase = .inactive
    private(set) var isReversed = false
    /// Whether ``drive`` is set: what ``linearRun`` reads, so that a batch making a slot reads
    /// plain fields.
    private var isFollowingMotion = false
    private var hasStarted = false
    /// For a zero-length animator, whether it is at its end.
    private var isAtEnd = false
    /// While set, the fraction complete follows a motion from a clock time, towards a target:
    /// boxed, because few animators ever follow one (a gesture's release), and an existential
    /// held inline made every animator 56 bytes larger.
    private var drive: MotionDrive? {
        didSet { isFollowingMotion = drive != nil }
    }

    init(duration: Double) {
        self.duration = duration
        line = AnimatorLine(anchorClock: 0, anchorPosition: 0, velocity: 1, duration: duration)
    }

    /// The position over the duration; exactly 1 at the end, known there without dividing (the
    /// frame where an animator finishes then starts its last values' arithmetic at once).
    var fractionComplete: Double {
        guard duration > 0 else { return isAtEnd ? 1 : 0 }
        return position == duration ? 1 : position / duration
    }

    var isCompleted: Bool { phase == .completed }

    /// The line the position follows while the animator runs at a constant speed (not waiting,
    /// not following a motion). A batch evaluates it directly and hands the frame back to
    /// ``advance(to:)`` when it reaches an end.
    @inline(__always)
    var linearRun: AnimatorLine? {
        guard case .running = phase, !isFollowingMotion else { return nil }
        return line
    }

    /// Records the position a batch computed on the ``linearRun`` line.
    mutating func recordPosition(_ position: Double) {
        self.position = position
    }

    /// Stops following a motion and runs on a line through the current position at `clock`.
    private mutating func anchor(at clock: Double) {
        // Checked first: most animators never follow a motion, and clearing an empty box still
        // released it.
        if isFollowingMotion { drive = nil }
        anchorLine(at: clock)
    }

    /// Moves the line through the current position at `clock`, at the current speed and direction.
    private mutating func anchorLine(at clock: Double) {
        line = AnimatorLine(
            anchorClock: clock, anchorPosition: position, velocity: isReversed ? -speed : speed, duration: duration)
    }

    /// Starts or resumes at clock time `clock`, after `delay` seconds.
    mutating func start(at clock: Double, delay: Double) -> MachineEvents {
        switch phase {
        case .inactive, .paused:
            let wasPaused = phase == .paused && hasStarted
            if delay > 0 {
                phase = .waiting(until: clock + delay)
                return wasPaused ? .resumed : MachineEvents()
            }
            phase = .running
            anchor(at: clock)
            defer { hasStarted = true }
            return wasPaused ? .resumed : .started
        case .waiting, .running, .completed:
            return MachineEvents()
        }
    }

    mutating func pause(at clock: Double) -> MachineEvents {
        switch phase {
        case .running:
            position = position(at: clock)
            phase = .paused
            return .paused
        case .waiting, .inactive:
            phase = .paused
            return .paused
        case .paused, .completed:
            return MachineEvents()
        }
    }

    /// ``advance(to:)`` while following a motion: moves to the motion's position at `clock`, and
    /// returns the completion if the motion has ended (otherwise the position may still reach an
    /// end, as on a line).
    private mutating func advanceFollowingMotion(to clock: Double) -> Completion? {
        position = position(at: clock)
        guard let drive, clock - drive.start >= drive.motion.duration - Self.tolerance else { return nil }
        phase = .completed
        self.drive = nil
        let atEnd = drive.target == .end
        position = atEnd ? duration : 0
        isAtEnd = atEnd
        return Completion(finished: true, position: drive.target, fractionComplete: atEnd ? 1 : 0)
    }

    /// The position at clock time `clock` if running, unclamped.
    private func position(at clock: Double) -> Double {
        if let drive {
            let fraction = drive.motion.value(at: min(max(clock - drive.start, 0), drive.motion.duration))
            return min(max(fraction.isFinite ? fraction : 0, 0), 1) * duration
        }
        return line.position(at: clock)
    }

    /// Moves to clock time `clock`. Returns the events (a delayed start) and the completion if the
    /// animator reached its end (or its start, when reversed).
    mutating func advance(to clock: Double) -> (events: MachineEvents, completion: Completion?) {
        var events = MachineEvents()
        if case .waiting(let until) = phase {
            guard clock >= until else { return (MachineEvents(), nil) }
            phase = .running
            anchorLine(at: until)
            if !hasStarted {
                events.append(.started)
                hasStarted = true
            }
        }
        guard phase == .running else { return (events, nil) }
        // On a line, only the line is read: reading the position through `position(at:)` copied
        // the whole machine to the stack first, and reading its motion back from the copy waited
        // for the copy's stores (a store-forwarding stall, a tenth of an animator's last frame).
        if !isFollowingMotion {
            position = line.position(at: clock)
        } else if let completion = advanceFollowingMotion(to: clock) {
            return (events, completion)
        }
        // Clock times are converted to seconds, so an end reached exactly in clock time can be a
        // rounding error short in seconds: within a nanosecond counts as there.
        if !isReversed, position >= duration - Self.tolerance {
            position = duration
            phase = .completed
            isAtEnd = true
            return (events, Completion(finished: true, position: .end, fractionComplete: 1))
        }
        if isReversed, position <= Self.tolerance {
            position = 0
            phase = .completed
            return (events, Completion(finished: true, position: .start, fractionComplete: 0))
        }
        return (events, nil)
    }

    mutating func scrub(toFraction fraction: Double, at clock: Double) {
        guard phase != .completed else { return }
        position = min(max(fraction, 0), 1) * duration
        isAtEnd = fraction >= 1
        anchor(at: clock)
    }

    mutating func setReversed(_ reversed: Bool, at clock: Double) -> MachineEvents {
        guard phase != .completed, reversed != isReversed else { return MachineEvents() }
        if phase == .running { position = position(at: clock) }
        isReversed = reversed
        anchor(at: clock)
        return MachineEvents(.reversed(reversed))
    }

    mutating func setSpeed(_ newSpeed: Double, at clock: Double) {
        guard phase != .completed else { return }
        if phase == .running { position = position(at: clock) }
        speed = newSpeed
        anchor(at: clock)
    }

    /// Runs from now on with the fraction complete following `motion` (of clock time since now),
    /// completing at `target` when the motion ends.
    mutating func follow(_ motion: any Motion<Double>, towards target: AnimatorPosition, at clock: Double) -> MachineEvents {
        guard phase != .completed else { return MachineEvents() }
        if phase == .running { position = position(at: clock) }
        var events = start(at: clock, delay: 0)
        let reversed = target == .start
        if reversed != isReversed {
            isReversed = reversed
            events.append(.reversed(reversed))
        }
        anchor(at: clock)
        drive = MotionDrive(start: clock, motion: motion, target: target)
        return events
    }

    /// Completes now at `target`: `.end` and `.start` move the position there.
    mutating func complete(at target: AnimatorPosition, finished: Bool, clock: Double) -> Completion? {
        guard phase != .completed else { return nil }
        if phase == .running { position = position(at: clock) }
        switch target {
        case .end:
            position = duration
            isAtEnd = true
        case .start:
            position = 0
            isAtEnd = false
        case .current: break
        }
        phase = .completed
        return Completion(finished: finished, position: target, fractionComplete: fractionComplete)
    }
}

/// What a state machine's command or step reports: at most a few of `started`, `paused`,
/// `resumed` and `reversed`, in order, held inline (starting 10,000 animators makes no arrays).
struct MachineEvents: Sequence {
    /// The events, four bits each, the first in the lowest bits.
    private var packed: UInt32 = 0
    private(set) var count = 0

    init() {}

    init(_ event: AnimatorEvent) {
        append(event)
    }

    /// A state machine's event as the four bits it is packed in: one table for packing, for
    /// unpacking, and for the events a start or a pause makes without an ``AnimatorEvent``.
    private enum Code: UInt32 {
        case started = 1, paused, resumed, reversedForwards, reversedBackwards

        var event: AnimatorEvent {
            switch self {
            case .started: .started
            case .paused: .paused
            case .resumed: .resumed
            case .reversedForwards: .reversed(false)
            case .reversedBackwards: .reversed(true)
            }
        }
    }

    /// One event, made from its code (a start's or a pause's: no ``AnimatorEvent`` made,
    /// switched over and destroyed).
    private init(_ code: Code) {
        append(code)
    }

    /// `started`.
    static var started: MachineEvents { MachineEvents(Code.started) }
    /// `paused`.
    static var paused: MachineEvents { MachineEvents(Code.paused) }
    /// `resumed`.
    static var resumed: MachineEvents { MachineEvents(Code.resumed) }

    var isEmpty: Bool { count == 0 }

    /// Appends one of the state machine's events (`started`, `paused`, `resumed`, `reversed`).
    mutating func append(_ event: AnimatorEvent) {
        switch event {
        case .started: append(Code.started)
        case .paused: append(Code.paused)
        case .resumed: append(Code.resumed)
        case .reversed(false): append(Code.reversedForwards)
        case .reversed(true): append(Code.reversedBackwards)
        case .marker, .repeated, .completed: preconditionFailure("not a state machine's event: \(event)")
        }
    }

    private mutating func append(_ code: Code) {
        precondition(count < 8, "a state machine reports at most eight events at once")
        packed |= code.rawValue << (4 * UInt32(count))
        count += 1
    }

    static func += (events: inout MachineEvents, more: MachineEvents) {
        for event in more { events.append(event) }
    }

    func makeIterator() -> Iterator { Iterator(packed: packed, remaining: count) }

    struct Iterator: IteratorProtocol {
        var packed: UInt32
        var remaining: Int

        mutating func next() -> AnimatorEvent? {
            guard remaining > 0 else { return nil }
            defer {
                packed >>= 4
                remaining -= 1
            }
            return Code(rawValue: packed & 0xF).unsafelyUnwrapped.event
        }
    }
}

/// A motion an animator's fraction complete follows from a clock time, towards a target.
final class MotionDrive: Sendable {
    /// The clock time the motion started at.
    let start: Double
    /// The fraction complete as a function of clock time since ``start``.
    let motion: any Motion<Double>
    /// Where the animator completes when the motion ends.
    let target: AnimatorPosition

    init(start: Double, motion: any Motion<Double>, target: AnimatorPosition) {
        self.start = start
        self.motion = motion
        self.target = target
    }
}
