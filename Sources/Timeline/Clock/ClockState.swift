/// The pure time mapping behind every clock: source time in, clock time out.
///
/// Clock time is `anchorTime + (source - anchorSource) × rate` while running and `anchorTime`
/// while paused. Pausing, resuming, seeking and changing the rate re-anchor the mapping, so clock
/// time is always computed from one anchor and never accumulated from frame deltas: at rate 1 it is
/// exact to the attosecond, whatever the number of ticks.
struct ClockState: Sendable {
    /// The fastest rate a clock accepts: a million times real time.
    static let maximumRate = 1e6

    private(set) var anchorSource: Duration = .zero
    private(set) var anchorTime: Duration = .zero
    private(set) var rate: Double = 1
    private(set) var isPaused = false
    private(set) var ticks = 0
    private(set) var lastTime: Duration? = nil

    /// The clock time at source time `source`.
    func time(atSource source: Duration) -> Duration {
        if isPaused { return anchorTime }
        let elapsed = source - anchorSource
        return anchorTime + (rate == 1 ? elapsed : elapsed * rate)
    }

    /// Records a tick at `source` and returns it.
    mutating func tick(atSource source: Duration) -> Tick {
        let time = time(atSource: source)
        let tick = Tick(index: ticks, time: time, delta: lastTime.map { time - $0 } ?? .zero)
        ticks += 1
        lastTime = time
        return tick
    }

    mutating func pause(atSource source: Duration) {
        guard !isPaused else { return }
        anchorTime = time(atSource: source)
        anchorSource = source
        isPaused = true
    }

    mutating func resume(atSource source: Duration) {
        guard isPaused else { return }
        anchorSource = source
        isPaused = false
    }

    mutating func setRate(_ newRate: Double, atSource source: Duration) {
        anchorTime = time(atSource: source)
        anchorSource = source
        rate = newRate
    }

    mutating func seek(to time: Duration, atSource source: Duration) {
        anchorTime = time
        anchorSource = source
    }
}
