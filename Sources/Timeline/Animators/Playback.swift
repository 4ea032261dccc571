import Synchronization

/// A track, property timeline or any other motion bound to a clock: its value every frame, its
/// velocity on request, and its lifecycle, as signals.
///
/// ```swift
/// let clock = ManualClock(frameRate: .fps60)
/// let playback = Playback(track: scaleTrack, clock: clock)
/// let observation = playback.values.observe { scale in view.scale = scale }
/// for await event in playback.events.values(buffering: .unbounded) { ... }   // started, completed
/// ```
///
/// The motion starts at the clock's time when the playback is created and its value at each tick
/// is the motion's value `tick.time − start` seconds in. When the motion's duration has passed,
/// the playback sends its last value, a `completed` event, finishes its signals and detaches from
/// the clock. Velocities (for tracks) are computed only while someone observes ``velocities``.
///
/// A playback runs in its clock's batch, with the clock's animators: at each tick it steps after
/// them, once they have written and published their states. The clock does not keep a playback
/// alive: released, it completes with `finished: false`.
public final class Playback<Value: Sendable>: Sendable, ClockFollower {
    /// The motion's value at every tick (and, first, at the start).
    public let values: StateEmitter<Value, Never>
    /// The track's velocity at every tick, computed only while observed (tracks only; a playback
    /// of another motion never sends velocities).
    public let velocities = Emitter<Value, Never>()
    /// `started`, then `completed(finished: true, position: .end)`; or `completed(finished:
    /// false, ...)` when stopped or released before the end.
    public let events = Emitter<AnimatorEvent, Never>()
    /// The motion's length in seconds.
    public let duration: Double

    private let evaluate: @Sendable (Double) -> Value
    private let velocity: (@Sendable (Double) -> Value)?
    private let start: Double
    private let done = Atomic<Bool>(false)

    /// Plays a motion on a clock, from the clock's current time.
    public convenience init<M: Motion>(_ motion: M, clock: any FrameClock) where M.Value == Value {
        self.init(duration: motion.duration, clock: clock, evaluate: { motion.value(at: $0) }, velocity: nil)
    }

    private init(
        duration: Double, clock: any FrameClock, evaluate: @escaping @Sendable (Double) -> Value,
        velocity: (@Sendable (Double) -> Value)?
    ) {
        self.duration = duration
        self.evaluate = evaluate
        self.velocity = velocity
        start = clock.now.inSeconds
        values = StateEmitter(evaluate(0))
        events.send(.started)
        AnimatorGroup.group(for: clock).follow(self)
    }

    deinit {
        if !done.load(ordering: .acquiring) {
            events.send(.completed(Completion(finished: false, position: .current, fractionComplete: 0)))
        }
    }

    /// Stops following the clock: sends `completed(finished: false, position: .current)`.
    public func stop() {
        finish(Completion(finished: false, position: .current, fractionComplete: 0))
    }

    /// Whether the playback has finished or been stopped.
    var isDone: Bool { done.load(ordering: .acquiring) }

    /// Sends the value at clock time `clockTime` (and completes at the end); `false` once done.
    func step(to clockTime: Double) -> Bool {
        guard !done.load(ordering: .acquiring) else { return false }
        let time = min(max(clockTime - start, 0), duration)
        values.send(evaluate(time))
        if let velocity, velocities.observerCount > 0 { velocities.send(velocity(time)) }
        if time >= duration {
            finish(Completion(finished: true, position: .end, fractionComplete: 1))
            return false
        }
        return true
    }

    private func finish(_ completion: Completion) {
        guard !done.exchange(true, ordering: .acquiringAndReleasing) else { return }
        events.send(.completed(completion))
        events.finish()
        values.finish()
        velocities.finish()
    }
}

extension Playback where Value: Animatable {
    /// Plays a track on a clock, from the clock's current time, with velocities on request.
    ///
    /// Forward playback finds each tick's segment from the last one in O(1).
    public convenience init(track: Track<Value>, clock: any FrameClock) {
        let cursor = Locked(TrackCursor())
        self.init(
            duration: track.duration, clock: clock,
            evaluate: { time in cursor.withLock { track.value(at: time, cursor: &$0) } },
            velocity: { time in track.velocity(at: time) })
    }
}

extension PropertyTimeline: Motion {
    /// The value at `time` seconds: ``value(time:)``.
    public func value(at time: Double) -> Root { value(time: time) }
}
