/// A clock whose source time is the system's monotonic clock: for real-time playback.
///
/// The host loop calls ``tick()`` once per frame; each tick reads the monotonic clock, so a late
/// frame reports the real time (a larger delta), never a time that runs backwards, and ticks never
/// pile up.
public final class WallClock: FrameClock {
    /// Time, handlers, and the clock's animator group.
    let core = ClockCore()
    let origin = ContinuousClock.now

    /// Creates a clock at time zero that starts running now.
    public init() {}

    /// Monotonic time since the clock was created.
    public var sourceTime: Duration { ContinuousClock.now - origin }

    /// The clock time.
    public var now: Duration { core.now(atSource: sourceTime) }

    /// The most recent tick.
    public var lastTick: Tick? { core.lastTick }

    /// Whether the clock is paused.
    public var isPaused: Bool { core.isPaused }

    /// How fast clock time runs relative to real time.
    public var rate: Double { core.rate }

    /// Reads the monotonic clock and delivers a tick.
    @discardableResult
    public func tick() -> Tick { core.tick(atSource: sourceTime) }

    /// Stops clock time.
    public func pause() { core.pause(atSource: sourceTime) }

    /// Lets clock time run again.
    public func resume() { core.resume(atSource: sourceTime) }

    /// Changes how fast clock time runs relative to real time.
    public func setRate(_ rate: Double) throws(ClockError) {
        try core.setRate(rate, atSource: sourceTime)
    }

    /// Makes the current clock time `time`.
    public func seek(to time: Duration) { core.seek(to: time, atSource: sourceTime) }

    /// Every tick, after the tick handlers have run.
    public var ticks: Emitter<Tick, Never> { core.ticks }

    /// Calls `handler` with every tick until the registration is cancelled or released.
    public func addTickHandler(_ handler: @escaping @Sendable (Tick) -> Void) -> ClockRegistration {
        core.addHandler(handler)
    }
}
