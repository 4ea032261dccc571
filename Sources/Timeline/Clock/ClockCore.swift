import Synchronization

/// The shared machinery of clocks: the time mapping, the ordered handlers and serialised delivery.
final class ClockCore: Sendable {
    /// A handler and the flag its registration clears when cancelled or released: delivery
    /// reads one atomic flag per handler (no weak reference to copy), and the registration holds
    /// only the flag, never the handler's closure (which may hold what holds the registration).
    struct Handler: Sendable {
        let id: Int
        let flag: ActiveFlag
        let body: @Sendable (Tick) -> Void
    }

    /// Whether a handler still receives ticks.
    final class ActiveFlag: Sendable {
        let isActive = Atomic<Bool>(true)
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
    /// What runs on the clock, made for its first animator or playback and kept for the clock's
    /// life (an `AnimatorGroup`: `ClockCore+AnimatorGroup.swift`). A built-in clock finds it in
    /// itself, with no registry to lock and no weak reference to load. The clock does not know its
    /// type: clocks sit below animators.
    private let followersSlot = OnceReference<any AnyObject & Sendable>()

    /// What runs on the clock, if anything does yet.
    var existingFollowers: (any AnyObject & Sendable)? { followersSlot.object }

    /// What runs on the clock, made with `make` the first time.
    func followers(_ make: () -> any AnyObject & Sendable) -> any AnyObject & Sendable {
        followersSlot.object(orSettle: make)!
    }

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
        let flag = ActiveFlag()
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.handlers.append(Handler(id: state.nextID, flag: flag, body: body))
            return state.nextID
        }
        return ClockRegistration(flag) { [weak self] in
            self?.state.withLock { state in state.handlers.removeAll { $0.id == id } }
        }
    }

    /// Records a tick at `source` and delivers it, unless another delivery is under way, in which
    /// case that delivery delivers this tick after its own.
    @discardableResult
    func tick(atSource source: Duration) -> Tick {
        // The usual case, no delivery under way, takes the handlers with the tick in one critical
        // section; a tick that arrives during a delivery waits in `pending` for it.
        let (tick, handlers) = state.withLock { state -> (Tick, [Handler]?) in
            let tick = state.time.tick(atSource: source)
            if state.isDelivering {
                state.pending.append(tick)
                return (tick, nil)
            }
            state.isDelivering = true
            return (tick, state.handlers)
        }
        guard var handlers else { return tick }
        var current = tick
        while true {
            for handler in handlers where handler.flag.isActive.load(ordering: .acquiring) {
                handler.body(current)
            }
            ticks.send(current)
            let next = state.withLock { state -> (Tick, [Handler])? in
                guard !state.pending.isEmpty else {
                    state.isDelivering = false
                    return nil
                }
                return (state.pending.removeFirst(), state.handlers)
            }
            guard let next else { break }
            (current, handlers) = next
        }
        return tick
    }
}
