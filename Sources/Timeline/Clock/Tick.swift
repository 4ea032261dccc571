/// One step of a clock: what every animator and observer driven by the clock sees.
public struct Tick: Sendable, Hashable, CustomStringConvertible {
    /// How many ticks came before this one (0 for the first tick).
    public var index: Int
    /// The clock's time: source time mapped through pauses, seeks and rate changes.
    public var time: Duration
    /// The clock time since the previous tick (zero for the first tick; negative after a seek
    /// backwards).
    public var delta: Duration

    /// Creates a tick.
    public init(index: Int, time: Duration, delta: Duration) {
        self.index = index
        self.time = time
        self.delta = delta
    }

    /// ``time`` in seconds.
    @inlinable
    public var seconds: Double { time.inSeconds }

    /// ``delta`` in seconds.
    @inlinable
    public var deltaSeconds: Double { delta.inSeconds }

    /// `tick 3 at 0.05 s`.
    public var description: String { "tick \(index) at \(seconds) s" }
}
