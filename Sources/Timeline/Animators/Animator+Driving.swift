import Synchronization

/// The animator's machinery: commands under the lock, ticks, values and delivery.
extension Animator {
    func complete(at position: AnimatorPosition, finished: Bool) {
        let now = clock.now.inSeconds
        let completion = core.withLock { core in
            core.machine.complete(at: position, finished: finished, clock: now)
        }
        guard let completion else { return }
        refreshKeepAlive()
        applyValues()
        deliver(events: [], completion: completion)
    }

    /// Runs a state change under the lock, then delivers its events outside it.
    func command(
        _ body: (inout Core) throws(AnimatorError) -> [AnimatorEvent]
    ) throws(AnimatorError) {
        let result: Result<[AnimatorEvent], AnimatorError> =
            core.withLock { core in
                do throws(AnimatorError) {
                    return .success(try body(&core))
                } catch {
                    return .failure(error)
                }
            }
        refreshKeepAlive()
        for event in try result.get() { events.send(event) }
    }

    func ensureRegistered() {
        let needs = core.withLock { $0.registration == nil && $0.completion == nil }
        guard needs else { return }
        let registration = clock.addTickHandler { [weak self] tick in self?.step(to: tick.seconds) }
        let duplicate = core.withLock { core -> ClockRegistration? in
            if core.registration != nil || core.completion != nil { return registration }
            core.registration = registration
            return nil
        }
        duplicate?.cancel()
    }

    /// Holds the animator while it runs (or waits out its delay), and lets it go otherwise.
    func refreshKeepAlive() {
        let released = core.withLock { core -> Animator? in
            switch core.machine.phase {
            case .running, .waiting:
                if core.keepAlive == nil { core.keepAlive = self }
                return nil
            case .inactive, .paused, .completed:
                defer { core.keepAlive = nil }
                return core.keepAlive
            }
        }
        _ = released  // released after the lock, never inside it
    }

    func step(to clockTime: Double) {
        let (events, completion) = core.withLock { $0.machine.advance(to: clockTime) }
        refreshKeepAlive()
        applyValues()
        deliver(events: events, completion: completion)
    }

    /// Writes every animation's value at the current position into the state, and reports markers.
    func applyValues() {
        let (entries, fraction, markerEvents) = core.withLock { core in
            let fraction = core.machine.fractionComplete
            var markerEvents: [AnimatorEvent] = []
            for index in core.entries.indices {
                let progress = Self.progress(of: core.entries[index], at: fraction, timing: timing)
                let entry = core.entries[index]
                if !entry.markers.isEmpty {
                    let from = entry.lastProgress * entry.clipDuration
                    let to = progress * entry.clipDuration
                    for marker in entry.markers
                    where (from < marker.time && marker.time <= to) || (to <= marker.time && marker.time < from) {
                        markerEvents.append(marker.event)
                    }
                }
                core.entries[index].lastProgress = progress
            }
            return (core.entries, fraction, markerEvents)
        }
        if !entries.isEmpty {
            state.update { root in
                for entry in entries {
                    entry.apply(Self.progress(of: entry, at: fraction, timing: timing), &root)
                }
            }
        }
        if !markerEvents.isEmpty { deliver(events: markerEvents, completion: nil) }
    }

    /// The eased progress of an entry at the animator's fraction complete.
    static func progress(of entry: Entry, at fraction: Double, timing: TimingCurve) -> Double {
        let start = entry.startFraction
        let local: Double
        if fraction <= start {
            local = 0
        } else if start >= 1 {
            local = 1
        } else {
            local = min((fraction - start) / (1 - start), 1)
        }
        return timing.value(at: local)
    }

    func deliver(events: [AnimatorEvent], completion: Completion?) {
        let (completionHandlers, registration) = core.withLock { core in
            guard let completion else { return ([@Sendable (Completion) -> Void](), ClockRegistration?.none) }
            core.completion = completion
            defer {
                core.completionHandlers = []
                core.registration = nil
            }
            return (core.completionHandlers, core.registration)
        }
        for event in events { self.events.send(event) }
        guard let completion else { return }
        registration?.cancel()
        self.events.send(.completed(completion))
        for handler in completionHandlers { handler(completion) }
    }
}
