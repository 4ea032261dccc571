public import Timeline

/// A transition that should have completed by now and has not.
public struct StalledTransition: Sendable, Hashable, CustomStringConvertible {
    /// The name it was watched under.
    public var name: String
    /// The transition's reported duration.
    public var duration: Double
    /// Clock seconds since watching began, when the stall was reported.
    public var elapsed: Double

    /// `transition 'name' has not completed 2.5 s after it started (duration 1.0 s)`.
    public var description: String {
        "transition '\(name)' has not completed \(elapsed) s after it started (duration \(duration) s)"
    }
}

/// Reports transitions that never signal their completion, instead of leaving them hanging.
///
/// Cadence guarantees every completion fires exactly once (finished, cancelled, or released early),
/// but a transition can still be left paused and forgotten, or driven by a gesture that never
/// ends. The watchdog checks on every tick of its clock and reports a transition once when the
/// clock passes its start plus its duration plus a grace period without a completion.
///
/// ```swift
/// let watchdog = CompletionWatchdog(clock: clock, grace: 1) { stalled in log(stalled) }
/// watchdog.watch(transition, named: "card-expand")
/// try transition.start()
/// ```
public final class CompletionWatchdog: Sendable {
    private struct Watched: Sendable {
        let name: String
        let transition: Transition
        let start: Double
    }

    private let clock: any FrameClock
    private let grace: Double
    private let report: @Sendable (StalledTransition) -> Void
    private let watched = Locked<[Watched]>([])
    private let registration = Locked<ClockRegistration?>(nil)

    /// Creates a watchdog on a clock.
    ///
    /// - Parameters:
    ///   - clock: The clock the transitions run on.
    ///   - grace: Seconds allowed beyond a transition's duration; not negative (NaN counts as 0).
    ///     Make it longer than a frame: the watchdog checks once per tick, possibly before the
    ///     transition's own animators in the same tick.
    ///   - report: Called once per stalled transition, on the clock's delivering thread.
    public init(clock: any FrameClock, grace: Double = 1, report: @escaping @Sendable (StalledTransition) -> Void) {
        self.clock = clock
        self.grace = grace > 0 ? grace : 0
        self.report = report
    }

    /// Starts watching a transition from the clock's current time.
    public func watch(_ transition: Transition, named name: String) {
        let start = clock.now.inSeconds
        watched.withLock { $0.append(Watched(name: name, transition: transition, start: start)) }
        let needsHandler = registration.withLock { $0 == nil }
        guard needsHandler else { return }
        let token = clock.addTickHandler { [weak self] tick in self?.check(at: tick.seconds) }
        registration.withLock { current in
            if current == nil { current = token } else { token.cancel() }
        }
    }

    /// The transitions still watched (neither completed nor reported).
    public var watchedCount: Int { watched.withLock { $0.count } }

    private func check(at now: Double) {
        let stalled = watched.withLock { watched -> [StalledTransition] in
            var stalled: [StalledTransition] = []
            watched.removeAll { entry in
                if entry.transition.completion != nil { return true }
                let duration = entry.transition.duration
                guard now - entry.start > duration + grace else { return false }
                stalled.append(StalledTransition(name: entry.name, duration: duration, elapsed: now - entry.start))
                return true
            }
            return stalled
        }
        for entry in stalled { report(entry) }
    }
}
