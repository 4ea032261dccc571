import Synchronization

/// A clock whose source time moves only when told to: for tests and offline rendering.
///
/// Every call that moves the clock delivers one tick, synchronously, before it returns.
///
/// ```swift
/// let clock = ManualClock(frameRate: .fps60)
/// animator.start()
/// clock.advanceFrame()            // frame 1: t = 1/60 s
/// clock.advance(by: .milliseconds(500))
/// clock.advance(to: .seconds(2))
/// ```
///
/// With a frame rate, ``advanceFrame()`` sets the source time to exactly `frame / rate` (computed
/// from the frame number, never accumulated), so a 120 Hz clock ticking for 24 hours is exact.
public final class ManualClock: FrameClock {
    /// Time, handlers, and the clock's animator group.
    let core = ClockCore()
    private let source = Locked<(time: Duration, frame: Int)>((.zero, 0))
    /// The clock time in seconds, stored at every change (under the source's lock, before the
    /// tick that brings it), for the animators of the clock: a command reads it with one atomic
    /// load instead of two locks and a weak reference. Held by the clock's animator group too.
    let currentSeconds = ClockSeconds()

    /// The frame rate used by ``advanceFrame()``.
    public let frameRate: FrameRate

    /// Creates a manual clock at time zero.
    ///
    /// - Parameter frameRate: The rate at which ``advanceFrame()`` steps; 60 fps by default.
    public init(frameRate: FrameRate = .fps60) {
        self.frameRate = frameRate
    }

    /// The source time: the time the clock was last set or advanced to.
    public var sourceTime: Duration { source.withLock { $0.time } }

    /// The clock time: source time mapped through pause, seek and rate.
    public var now: Duration { core.now(atSource: sourceTime) }

    /// The most recent tick.
    public var lastTick: Tick? { core.lastTick }

    /// Whether the clock is paused.
    public var isPaused: Bool { core.isPaused }

    /// How fast clock time runs relative to source time.
    public var rate: Double { core.rate }

    /// Delivers a tick at the current time without moving it (for example, to start animators
    /// at time zero).
    @discardableResult
    public func tick() -> Tick { core.tick(atSource: sourceTime) }

    /// Moves source time forward by `duration` and delivers a tick.
    ///
    /// - Parameter duration: Not negative (source time never runs backwards; use ``seek(to:)``).
    @discardableResult
    public func advance(by duration: Duration) -> Tick {
        let time = source.withLock { state in
            // Saturating: past the largest time the clock keeps, it stays there.
            let step = max(duration, .zero)
            state.time = step > Self.maximumTime - state.time ? Self.maximumTime : state.time + step
            storeSeconds(atSource: state.time)
            return state.time
        }
        return core.tick(atSource: time)
    }

    /// Moves source time to `time` (if it is later than now) and delivers a tick.
    @discardableResult
    public func advance(to time: Duration) -> Tick {
        let time = source.withLock { state in
            state.time = max(state.time, min(time, Self.maximumTime))
            storeSeconds(atSource: state.time)
            return state.time
        }
        return core.tick(atSource: time)
    }

    /// Moves source time to the next frame at ``frameRate`` and delivers a tick.
    ///
    /// The source time of frame `n` is `n / frameRate` exactly; if the clock was advanced by other
    /// calls, the first frame after the current source time is used.
    @discardableResult
    public func advanceFrame() -> Tick {
        let time = source.withLock { state in
            // The first frame after both the last frame and the current source time, found
            // directly (a clock advanced by days must not step through every frame).
            var next = state.frame + 1
            if frameRate.time(ofFrame: next) <= state.time {
                let estimate = state.time.inSeconds * Double(frameRate.numerator) / Double(frameRate.denominator)
                guard estimate.rounded(.down) < Double(Self.lastFrame), state.frame < Self.lastFrame else {
                    // No later frame can be counted: a tick at the current time.
                    state.frame = Self.lastFrame
                    storeSeconds(atSource: state.time)
                    return state.time
                }
                next = max(next, Int(estimate.rounded(.down)))
                while frameRate.time(ofFrame: next) <= state.time { next += 1 }
                while next > state.frame + 1, frameRate.time(ofFrame: next - 1) > state.time { next -= 1 }
            }
            state.frame = next
            state.time = frameRate.time(ofFrame: next)
            storeSeconds(atSource: state.time)
            return state.time
        }
        return core.tick(atSource: time)
    }

    /// The latest time the clock keeps: `Int64.max` seconds (about 292 billion years). Advancing
    /// past it stays there.
    public static let maximumTime = Duration.seconds(Int64.max)

    /// The last frame ``advanceFrame()`` counts to (`Int.max / 2`); past it, it ticks at the
    /// current time.
    static let lastFrame = Int.max / 2

    /// Advances frame by frame `count` times.
    public func advanceFrames(_ count: Int) {
        for _ in 0..<max(count, 0) { advanceFrame() }
    }

    /// Stops clock time; later ticks report the same time until ``resume()``.
    public func pause() {
        source.withLock { state in
            core.pause(atSource: state.time)
            storeSeconds(atSource: state.time)
        }
    }

    /// Lets clock time run again.
    public func resume() {
        source.withLock { state in
            core.resume(atSource: state.time)
            storeSeconds(atSource: state.time)
        }
    }

    /// Changes how fast clock time runs relative to source time.
    public func setRate(_ rate: Double) throws(ClockError) {
        try source.withLock { state throws(ClockError) in
            try core.setRate(rate, atSource: state.time)
            storeSeconds(atSource: state.time)
        }
    }

    /// Makes the current clock time `time`.
    public func seek(to time: Duration) {
        source.withLock { state in
            core.seek(to: time, atSource: state.time)
            storeSeconds(atSource: state.time)
        }
    }

    /// Stores the clock time at source time `source` in ``currentSeconds`` (under the source's lock, so
    /// that changes store in the order they happen).
    private func storeSeconds(atSource source: Duration) {
        currentSeconds.store(core.now(atSource: source).inSeconds)
    }

    /// Every tick, after the tick handlers have run.
    public var ticks: Emitter<Tick, Never> { core.ticks }

    /// Calls `handler` with every tick until the registration is cancelled or released.
    public func addTickHandler(_ handler: @escaping @Sendable (Tick) -> Void) -> ClockRegistration {
        core.addHandler(handler)
    }
}

/// A clock's time in seconds, as its last change left it: read with one atomic load.
final class ClockSeconds: Sendable {
    private let bits = Atomic<UInt64>(0)

    /// The time in seconds.
    var value: Double { Double(bitPattern: bits.load(ordering: .acquiring)) }

    /// Stores a new time in seconds.
    func store(_ seconds: Double) { bits.store(seconds.bitPattern, ordering: .releasing) }
}
