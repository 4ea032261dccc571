/// A clock that drives animators, timelines and observers frame by frame.
///
/// One clock drives any number of animators and observers. Each ``Tick`` is delivered to the
/// handlers in the order they were added; a tick requested while another is being delivered (a
/// handler that advances the clock) is delivered after it, never interleaved. Clock time is
/// source time mapped through ``pause()``, ``resume()``, ``seek(to:)`` and ``rate``; see
/// ``ManualClock`` for tests and offline rendering and ``WallClock`` for real time.
///
/// ## Contract
/// - Tick indices increase by one per tick; times are computed from one anchor, never accumulated.
/// - A handler added during a delivery receives the next tick; a handler cancelled during a
///   delivery receives nothing after ``ClockRegistration/cancel()`` returns.
/// - Handlers run without any clock lock held: they may add handlers, cancel, pause or tick.
/// - ``ticks`` observers receive each tick after every handler has, in the same order as ticks.
public protocol FrameClock: AnyObject, Sendable {
    /// The clock's current time: how to read what time it is on a clock.
    ///
    /// A `Duration` since the clock's start (after pauses, rate changes and seeks); in seconds,
    /// `clock.now.inSeconds`. A ``ManualClock``'s time moves only when it is advanced.
    ///
    /// ```swift
    /// let clock = ManualClock(frameRate: .fps60)
    /// clock.advanceFrames(30)
    /// print(clock.now.inSeconds)   // 0.5
    /// ```
    var now: Duration { get }

    /// The most recent tick, if the clock has ticked.
    var lastTick: Tick? { get }

    /// Whether the clock is paused (time stands still while paused).
    var isPaused: Bool { get }

    /// How fast clock time runs relative to source time (1 is real speed).
    var rate: Double { get }

    /// Stops time; ticks still happen and report the same time.
    func pause()

    /// Lets time run again from where it was paused.
    func resume()

    /// Changes how fast clock time runs from now on.
    ///
    /// - Throws: ``ClockError/invalidRate(_:)`` unless `rate` is in `0...1_000_000`.
    func setRate(_ rate: Double) throws(ClockError)

    /// Makes the current clock time `time`; later ticks continue from there.
    func seek(to time: Duration)

    /// Calls `handler` with every tick from now on, until the returned registration is cancelled
    /// or released.
    func addTickHandler(_ handler: @escaping @Sendable (Tick) -> Void) -> ClockRegistration

    /// Every tick, as a signal, delivered after the tick handlers (animators) have run, so that
    /// observers see the values of that tick.
    var ticks: Emitter<Tick, Never> { get }
}

/// Why a clock operation was refused.
public enum ClockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A rate that is NaN, infinite or negative.
    case invalidRate(Double)
    /// A time or duration that is NaN or infinite.
    case invalidTime(Double)

    /// A sentence that says what is wrong.
    public var description: String {
        switch self {
        case .invalidRate(let rate): "clock rate must be a number in 0...1000000, got \(rate)"
        case .invalidTime(let time): "time must be a finite number, got \(time)"
        }
    }
}
