import Timeline
import TimelinePlugins
import Synchronization
import CadenceHostCore
import CadenceIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The frame source of `cadence soak`: a host loop that keeps adding and removing animators,
/// observers and tracks on a manual clock, one frame at a time, through public API only.
///
/// Every frame advances the clock by one frame (ticking every running animator); on a fixed,
/// deterministic schedule it also
/// - starts a new animator (of 0.05 to 2 s, animating a property and a clip made from a fresh
///   track) with a completion handler and an event observation, and ends some early: cancelled,
///   stopped, finished at the start, or paused and released (which completes it unfinished);
/// - adds a tick handler to the clock and cancels the oldest one;
/// - builds a track, samples it, and drops it.
///
/// Every completion is counted once per animator: ``duplicateCompletions`` counts any second
/// call. The frame's numbers are the live animators, the completions so far and the state's sum.
struct SoakSource: FrameSource {
    /// The animated state: two numbers, one for property animations and one for clips.
    struct Pair: Sendable {
        var x = 0.0
        var y = 0.0
    }

    /// How many completions one animator has delivered.
    final class CompletionCount: Sendable {
        let calls = Atomic<Int>(0)
    }

    /// Counters shared with the callbacks.
    final class Tally: Sendable {
        let completions = Atomic<Int>(0)
        let duplicates = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
        let events = Atomic<Int>(0)
        let ticks = Atomic<Int>(0)
    }

    let schema = FrameSchema([("animators", .scalar), ("completions", .scalar), ("state", .scalar)])
    let duration: Double
    let clock: ManualClock
    let tally = Tally()
    /// The animators still referenced here, each with its completion count and event observation.
    private var live: [(animator: Animator<Pair>, count: CompletionCount, observation: SignalObservation)] = []
    private var tickHandlers: [ClockRegistration] = []
    /// Animators created.
    private(set) var created = 0
    /// The completion counts not yet seen at 1; a sweep drops those that are, so this stays as
    /// small as the number of animators in flight.
    private var unconfirmed: [CompletionCount] = []
    /// Tick handlers added, and tracks built and sampled.
    private(set) var tickHandlersAdded = 0
    private(set) var tracksBuilt = 0
    /// A sum of sampled values, so that nothing is optimised away.
    private(set) var checksum = 0.0

    /// The frame after which the resident set is first measured (the end of the warm-up).
    let warmUpFrame: Int
    /// The resident set and peak at ``warmUpFrame``, in kilobytes.
    private(set) var residentAtWarmUp: (resident: Int, peak: Int)?

    init(duration: Double, frameRate: FrameRate, warmUpFrame: Int) {
        self.duration = duration
        self.warmUpFrame = warmUpFrame
        clock = ManualClock(frameRate: frameRate)
    }

    /// Second calls of a completion handler (must stay 0).
    var duplicateCompletions: Int { tally.duplicates.load(ordering: .relaxed) }
    /// Completions delivered.
    var completions: Int { tally.completions.load(ordering: .relaxed) }
    /// Completions delivered with `finished: true`.
    var finishedCompletions: Int { tally.finished.load(ordering: .relaxed) }
    /// Animator events observed.
    var eventsObserved: Int { tally.events.load(ordering: .relaxed) }
    /// Ticks seen by the tick handlers.
    var ticksObserved: Int { tally.ticks.load(ordering: .relaxed) }

    mutating func evaluate(into frame: inout Frame) throws {
        let index = frame.index
        if index > 0 { _ = clock.advanceFrame() }
        if index % 30 == 0 { try startAnimator(number: index / 30) }
        if index % 30 == 15 { endSome(number: index / 30) }
        if index % 7 == 0 { churnTickHandlers() }
        if index % 45 == 0 { sampleTrack(number: index / 45) }
        // Completed animators are dropped, and completions seen once are confirmed.
        if index % 60 == 59 {
            live.removeAll { $0.animator.completion != nil }
            unconfirmed.removeAll { $0.calls.load(ordering: .relaxed) == 1 }
        }
        frame.numbers[0] = Double(live.count)
        frame.numbers[1] = Double(completions)
        frame.numbers[2] = live.first?.animator.state.value.x ?? 0
        if index == warmUpFrame { residentAtWarmUp = ResidentSet.current() }
    }

    /// Starts animator `number`: a property animation and a clip, 0.05 to 2 s.
    private mutating func startAnimator(number: Int) throws {
        let length = 0.05 + Double((number * 37) % 40) * 0.05
        let animator = try Animator(duration: length, timing: .easeInOut, initialValue: Pair(), clock: clock)
        try animator.addAnimation(\Pair.x, to: Double(number % 10))
        let track = try Track<Double>(startingAt: 0, segments: [TrackSegment(to: 1, duration: length / 2), TrackSegment(to: 0, duration: length / 2)])
        try animator.addAnimations(Clip(track, \Pair.y, name: "bump"), delayFactor: 0.1)
        let count = CompletionCount()
        let tally = self.tally
        animator.addCompletion { completion in
            if count.calls.add(1, ordering: .relaxed).newValue == 1 {
                tally.completions.add(1, ordering: .relaxed)
                if completion.finished { tally.finished.add(1, ordering: .relaxed) }
            } else {
                tally.duplicates.add(1, ordering: .relaxed)
            }
        }
        let observation = animator.events.observe { _ in tally.events.add(1, ordering: .relaxed) }
        try animator.start()
        live.append((animator, count, observation))
        unconfirmed.append(count)
        created += 1
    }

    /// Ends one live animator early, in one of five ways, every other time; drops an observation.
    private mutating func endSome(number: Int) {
        guard number % 2 == 1, !live.isEmpty else { return }
        let position = (number / 2) % live.count
        let animator = live[position].animator
        switch (number / 2) % 5 {
        case 0: animator.cancel()
        case 1: animator.stop()
        case 2: animator.finish(at: .start)
        case 3:
            // Paused and released: it completes, unfinished, when the last reference goes.
            animator.pause()
            live.remove(at: position)
        default:
            // The event observation ends; the animator runs on.
            live[position].observation.cancel()
        }
    }

    /// Adds a tick handler and cancels the oldest once there are eight.
    private mutating func churnTickHandlers() {
        let tally = self.tally
        tickHandlers.append(clock.addTickHandler { _ in tally.ticks.add(1, ordering: .relaxed) })
        tickHandlersAdded += 1
        if tickHandlers.count > 8 { tickHandlers.removeFirst().cancel() }
    }

    /// Builds a track of a few keyframes, samples it, and drops it.
    private mutating func sampleTrack(number: Int) {
        let count = 2 + number % 6
        let keyframes = (0..<count).map { Keyframe(time: Double($0) * 0.1, value: Double(($0 * 7 + number) % 11), .linear) }
        guard let track = try? Track(keyframes: keyframes) else { return }
        for step in 0..<4 { checksum += track.value(at: Double(step) * 0.05) }
        tracksBuilt += 1
    }

    /// Ends the run: cancels the tick handlers and every animator still live, advances the clock
    /// past any completion in flight, and releases them.
    mutating func windDown() {
        for handler in tickHandlers { handler.cancel() }
        tickHandlers.removeAll()
        for entry in live { entry.animator.cancel() }
        _ = clock.advanceFrame()
        live.removeAll()
    }

    /// Animators whose completion was not delivered exactly once (checked after ``windDown()``).
    var animatorsNotCompletedOnce: Int {
        unconfirmed.reduce(0) { $0 + ($1.calls.load(ordering: .relaxed) == 1 ? 0 : 1) }
    }
}

/// The resident set and its peak, from `/proc/self/status` (Linux; `nil` elsewhere).
enum ResidentSet {
    /// `VmRSS` and `VmHWM` in kilobytes.
    static func current() -> (resident: Int, peak: Int)? {
        guard let bytes = try? FileInput.read("/proc/self/status") else { return nil }
        var resident: Int?
        var peak: Int?
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count >= 2 else { continue }
            if parts[0] == "VmRSS:" { resident = Int(parts[1]) }
            if parts[0] == "VmHWM:" { peak = Int(parts[1]) }
        }
        guard let resident, let peak else { return nil }
        return (resident, peak)
    }
}
