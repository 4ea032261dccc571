import Testing
import Timeline

/// Collects what handlers saw, safely across threads.
final class Inbox<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])
    func append(_ element: Element) { storage.withLock { $0.append(element) } }
    var all: [Element] { storage.withLock { $0 } }
}

@Suite("Clocks")
struct ClockTests {
    @Test func a120HzClockDoesNotDriftOverAnHour() {
        // An hour of frames, one by one (the 24-hour run is the soak, `.ci/soak`): frame times come
        // from frame numbers, so the error stays below a nanosecond where adding 1/120 s as a
        // Double each frame is already 10 ns off.
        let clock = ManualClock(frameRate: FrameRate(120)!)
        let frames = 120 * 60 * 60
        var last = Tick(index: 0, time: .zero, delta: .zero)
        for _ in 0..<frames { last = clock.advanceFrame() }
        #expect(last.index == frames - 1)
        let error = last.time - .seconds(3_600)
        #expect(error < .nanoseconds(1) && error > .nanoseconds(-1), "drift \(error)")
        // The naive approach the clock must not take: adding 1/120 s as a Double each frame.
        var naive = 0.0
        for _ in 0..<frames { naive += 1.0 / 120 }
        #expect(abs(naive - 3_600) > 5e-9, "the reference drift this test guards against")
    }

    @Test func aHalfSpeedClockAdvancedByFrameDurationsDoesNotDrift() throws {
        // advance(by:) adds Durations (attoseconds) and the rate maps from one anchor: over a
        // million steps of 1/120 s at rate 0.5 the clock is within a microsecond of the exact time.
        let clock = ManualClock()
        try clock.setRate(0.5)
        let step = Duration.seconds(1) / 120
        for _ in 0..<1_000_000 { clock.advance(by: step) }
        let error = clock.now - .seconds(1_000_000.0 / 240)
        #expect(error < .microseconds(1) && error > .microseconds(-1), "drift \(error)")
    }

    @Test func advanceFrameAfterALongJumpFindsTheNextFrameAtOnce() throws {
        let clock = ManualClock(frameRate: FrameRate(60)!)
        clock.advance(by: .seconds(400_000))
        let tick = clock.advanceFrame()
        #expect(tick.time == .seconds(400_000) + .seconds(1) / 60)
        #expect(throws: ClockError.invalidRate(1e300)) { try clock.setRate(1e300) }
    }

    @Test func frameTimesAreTheExactRatioTruncatedToTheAttosecond() {
        // The definition: index × denominator / numerator seconds in 128-bit attoseconds,
        // truncated; hand-checked cases first, then the definition over many rates and indices.
        #expect(FrameRate(3)!.time(ofFrame: 1) == Duration(secondsComponent: 0, attosecondsComponent: 333_333_333_333_333_333))
        #expect(FrameRate(30_000, per: 1001)!.time(ofFrame: 1) == Duration(secondsComponent: 0, attosecondsComponent: 33_366_666_666_666_666))
        #expect(FrameRate.fps60.time(ofFrame: 180_000) == .seconds(3000))
        let rates = [FrameRate.fps60, FrameRate(24)!, FrameRate(30_000, per: 1001)!, FrameRate(7, per: 3)!,
                     FrameRate(100_000)!, FrameRate(Int.max / 3, per: 7)!, FrameRate(1, per: Int.max / 5)!]
        var random = SystemRandomNumberGenerator()
        for rate in rates {
            let indices = [0, 1, 2, -1, -61, Int(Int32.max), Int.max / 2, Int.max, Int.min + 1]
                + (0..<200).map { _ in Int.random(in: -1_000_000...100_000_000, using: &random) }
            for index in indices {
                let (scaled, overflow) = (Int128(index) * 1_000_000_000_000_000_000)
                    .multipliedReportingOverflow(by: Int128(rate.denominator))
                guard !overflow else { continue }
                let exact = scaled / Int128(rate.numerator)
                guard let expected = Int64(exactly: exact / 1_000_000_000_000_000_000) else { continue }
                let value = rate.time(ofFrame: index)
                #expect(value == Duration(secondsComponent: expected, attosecondsComponent: Int64(exact % 1_000_000_000_000_000_000)),
                        "frame \(index) at \(rate.numerator)/\(rate.denominator)")
            }
        }
    }

    @Test func frameRatesAreExactRatios() {
        let ntsc = FrameRate(framesPerSecond: 29.97)!
        #expect(ntsc.numerator == 30_000 && ntsc.denominator == 1001)
        #expect(ntsc.time(ofFrame: 30_000) == .seconds(1001))
        #expect(FrameRate(framesPerSecond: 60) == .fps60)
        #expect(FrameRate(framesPerSecond: .nan) == nil)
        #expect(FrameRate(framesPerSecond: 0) == nil)
        #expect(FrameRate(framesPerSecond: -24) == nil)
        #expect(FrameRate(0) == nil)
        #expect(FrameRate.fps60.frameCount(covering: 1.0) == 60)
        #expect(FrameRate.fps60.frameCount(covering: 1.01) == 61)
        #expect(FrameRate.fps60.frameCount(covering: 1e300) == nil)
        #expect(FrameRate.fps60.frameCount(covering: .nan) == nil)
        #expect(FrameRate.fps60.frameCount(covering: -1) == 0)
    }

    @Test func pauseResumeRateAndSeek() throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(1))
        #expect(clock.now == .seconds(1))
        clock.pause()
        clock.advance(by: .seconds(2))
        #expect(clock.now == .seconds(1))
        #expect(clock.isPaused)
        clock.resume()
        clock.advance(by: .seconds(1))
        #expect(clock.now == .seconds(2))
        try clock.setRate(0.5)
        clock.advance(by: .seconds(2))
        #expect(clock.now == .seconds(3))
        clock.seek(to: .milliseconds(250))
        #expect(clock.now == .milliseconds(250))
        try clock.setRate(2)
        let tick = clock.advance(by: .seconds(1))
        #expect(tick.time == .milliseconds(2250))
        #expect(tick.delta == .milliseconds(-750), "relative to the last tick, at 3 s, before the seek")
        #expect(throws: ClockError.invalidRate(-1)) { try clock.setRate(-1) }
        #expect(throws: ClockError.self) { try clock.setRate(.nan) }
        #expect(clock.rate == 2)
    }

    /// Animators read a manual clock's time as every change left it (the clock stores it in
    /// seconds): an animator started after a seek, a rate change, a pause or a resume begins at
    /// that clock time, checked by hand against where the clock is.
    @Test func animatorsStartAtAManualClocksTimeAfterEveryKindOfChange() throws {
        struct Box: Sendable { var x = 0.0 }
        let clock = ManualClock()
        /// A 1 s animator of `x` from 0 to `target`, started now.
        func started(to target: Double) throws -> Animator<Box> {
            let animator = try Animator(duration: 1, initialValue: Box(), clock: clock)
            try animator.addAnimation(\.x, to: target)
            try animator.start()
            return animator
        }
        clock.advance(by: .seconds(1))
        clock.seek(to: .seconds(10))
        // Clock time is 10 s: a 1 s animator started now is a quarter through 0.25 s later (had it
        // started at the 1 s of the last tick, it would have finished).
        let afterSeek = try started(to: 100)
        clock.advance(by: .milliseconds(250))
        #expect(abs(afterSeek.state.value.x - 25) < 1e-9)
        // At rate 2, 0.25 s of source time is 0.5 s of clock time.
        try clock.setRate(2)
        let afterRate = try started(to: 100)
        clock.advance(by: .milliseconds(250))
        #expect(abs(afterRate.state.value.x - 50) < 1e-9)
        // Paused, the clock's time stands still; resumed, it runs from where it stopped.
        clock.pause()
        let afterPause = try started(to: 100)
        clock.advance(by: .seconds(5))
        #expect(afterPause.state.value.x == 0)
        clock.resume()
        clock.advance(by: .milliseconds(100))
        #expect(abs(afterPause.state.value.x - 20) < 1e-9)
        // advanceFrame moves it too: a frame at rate 2 is 2/60 s of clock time.
        let afterFrame = try started(to: 60)
        clock.advanceFrame()
        #expect(abs(afterFrame.state.value.x - 2) < 1e-9)
    }

    @Test func sourceTimeNeverRunsBackwards() {
        let clock = ManualClock()
        clock.advance(to: .seconds(2))
        clock.advance(to: .seconds(1))
        #expect(clock.now == .seconds(2))
        clock.advance(by: .seconds(-5))
        #expect(clock.now == .seconds(2))
    }

    @Test func handlersRunInOrderAndStopWhenCancelledOrReleased() {
        let clock = ManualClock()
        let seen = Inbox<String>()
        let first = clock.addTickHandler { seen.append("first \($0.index)") }
        var second: ClockRegistration? = clock.addTickHandler { seen.append("second \($0.index)") }
        clock.tick()
        first.cancel()
        clock.tick()
        _ = second
        second = nil
        clock.tick()
        #expect(seen.all == ["first 0", "second 0", "second 1"])
    }

    @Test func reentrantTicksAreDeliveredAfterTheCurrentOne() {
        let clock = ManualClock()
        let seen = Inbox<String>()
        let a = clock.addTickHandler { tick in
            seen.append("a\(tick.index)")
            if tick.index == 0 { clock.advanceFrame() }
        }
        let b = clock.addTickHandler { seen.append("b\($0.index)") }
        clock.tick()
        #expect(seen.all == ["a0", "b0", "a1", "b1"])
        withExtendedLifetime((a, b)) {}
    }

    @Test func handlerCancelledDuringDeliveryReceivesNothingMore() {
        let clock = ManualClock()
        let seen = Inbox<String>()
        let victim = Locked<ClockRegistration?>(nil)
        let killer = clock.addTickHandler { _ in
            seen.append("killer")
            victim.withLock { $0?.cancel() }
        }
        victim.withLock { $0 = clock.addTickHandler { _ in seen.append("victim") } }
        var added: ClockRegistration?
        let adder = clock.addTickHandler { _ in seen.append("adder") }
        clock.tick()
        added = clock.addTickHandler { _ in seen.append("late") }
        clock.tick()
        #expect(seen.all == ["killer", "adder", "killer", "adder", "late"])
        withExtendedLifetime((killer, adder, added)) {}
    }

    @Test func wallClockIsMonotonic() throws {
        let clock = WallClock()
        var previous = clock.tick()
        for _ in 0..<1000 {
            let tick = clock.tick()
            #expect(tick.time >= previous.time)
            #expect(tick.index == previous.index + 1)
            previous = tick
        }
        clock.pause()
        let paused = clock.tick().time
        #expect(clock.tick().time == paused)
    }
}
