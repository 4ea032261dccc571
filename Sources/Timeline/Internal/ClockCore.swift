/// The shared machinery of clocks: the time mapping, the ordered handlers and serialised delivery.
final class ClockCore: Sendable {
    private struct Handler: Sendable {
        let id: Int
        let registration: Weak
        let body: @Sendable (Tick) -> Void
    }

    /// A weak reference to a registration, so the handler list never keeps tokens alive.
    private struct Weak: @unchecked Sendable {
        weak var value: ClockRegistration?
    }

    private struct State: Sendable {
        var time = ClockState()
        var handlers: [Handler] = []
        var nextID = 0
        var pending: [Tick] = []
        var isDelivering = false
    }

    private let state = Locked(State())
    /// Every tick, after the handlers.
    let ticks = Emitter<Tick, Never>()

    var lastTick: Tick? {
        state.withLock { state in
            state.time.lastTime.map { Tick(index: state.time.ticks - 1, time: $0, delta: .zero) }
        }
    }

    func now(atSource source: Duration) -> Duration {
        state.withLock { $0.time.time(atSource: source) }
    }

    var isPaused: Bool { state.withLock { $0.time.isPaused } }
    var rate: Double { state.withLock { $0.time.rate } }

    func pause(atSource source: Duration) { state.withLock { $0.time.pause(atSource: source) } }
    func resume(atSource source: Duration) { state.withLock { $0.time.resume(atSource: source) } }

    func setRate(_ rate: Double, atSource source: Duration) throws(ClockError) {
        guard rate.isFinite, rate >= 0, rate <= ClockState.maximumRate else { throw .invalidRate(rate) }
        state.withLock { $0.time.setRate(rate, atSource: source) }
    }

    func seek(to time: Duration, atSource source: Duration) {
        state.withLock { $0.time.seek(to: time, atSource: source) }
    }

    func addHandler(_ body: @escaping @Sendable (Tick) -> Void) -> ClockRegistration {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let registration = ClockRegistration { [weak self] in
            self?.state.withLock { state in state.handlers.removeAll { $0.id == id } }
        }
        state.withLock { state in
            state.handlers.append(Handler(id: id, registration: Weak(value: registration), body: body))
        }
        return registration
    }

    /// Records a tick at `source` and delivers it, unless another delivery is under way, in which
    /// case that delivery delivers this tick after its own.
    @discardableResult
    func tick(atSource source: Duration) -> Tick {
        let (tick, deliverNow) = state.withLock { state -> (Tick, Bool) in
            let tick = state.time.tick(atSource: source)
            state.pending.append(tick)
            if state.isDelivering { return (tick, false) }
            state.isDelivering = true
            return (tick, true)
        }
        guard deliverNow else { return tick }
        while true {
            let next = state.withLock { state -> (Tick, [Handler])? in
                guard !state.pending.isEmpty else {
                    state.isDelivering = false
                    return nil
                }
                return (state.pending.removeFirst(), state.handlers)
            }
            guard let (current, handlers) = next else { break }
            for handler in handlers where handler.registration.value?.isActive == true {
                handler.body(current)
            }
            ticks.send(current)
        }
        return tick
    }
}
