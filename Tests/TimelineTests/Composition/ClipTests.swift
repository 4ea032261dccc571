import Testing
import Timeline

struct Stage: Sendable, Equatable {
    var x = 0.0
    var y = 0.0
    var a = 0.0
    var b = 0.0
    var c = 0.0
    var d = 0.0
}

/// x: 0 → 10 linearly over 1 s.
let rampX = Clip(try! Track<Double>(startingAt: 0, segments: [TrackSegment(to: 10, duration: 1)]), \Stage.x)
/// y: 0 → 1 linearly over 2 s.
let rampY = Clip(try! Track<Double>(startingAt: 0, segments: [TrackSegment(to: 1, duration: 2)]), \Stage.y)

func ramp(_ property: any WritableKeyPath<Stage, Double> & Sendable, from: Double = 0, to: Double = 10, over duration: Double = 1) -> Clip<Stage> {
    Clip(try! Track<Double>(startingAt: from, segments: [TrackSegment(to: to, duration: duration)]), property)
}

@Suite("Clip composition")
struct ClipTests {
    @Test func sequencePlaysOneAfterAnother() {
        let clip = Clip.sequence([rampX, rampY])
        #expect(clip.duration == 3)
        #expect(clip.value(at: 0.5, from: Stage()) == Stage(x: 5, y: 0))
        #expect(clip.value(at: 2, from: Stage()) == Stage(x: 10, y: 0.5))
        #expect(clip.value(at: 3, from: Stage()) == Stage(x: 10, y: 1))
        #expect(clip.value(at: 99, from: Stage()) == Stage(x: 10, y: 1))
    }

    @Test func groupPlaysTogether() {
        let clip = Clip.group([rampX, rampY])
        #expect(clip.duration == 2)
        #expect(clip.value(at: 0.5, from: Stage()) == Stage(x: 5, y: 0.25))
        #expect(clip.value(at: 1.5, from: Stage()) == Stage(x: 10, y: 0.75))
    }

    @Test func laterClipsWinOnTheSameProperty() {
        // x: 0 → 10 over [0, 1], then 10 → 20 over [1, 2].
        let clip = Clip.sequence([rampX, ramp(\.x, from: 10, to: 20)])
        #expect(clip.value(at: 0.5, from: Stage()).x == 5)
        #expect(clip.value(at: 1.5, from: Stage()).x == 15)
    }

    @Test func nestedRepeatAutoreverseAndSpeedByHand() throws {
        // autoreversed: 2 s; × 2.5: 5 s; at double speed: 2.5 s.
        let clip = try rampX.autoreversed().repeated(2.5).speed(2)
        #expect(clip.duration == 2.5)
        let expected: [(time: Double, x: Double)] = [
            (0, 0), (0.3, 6), (0.5, 10), (0.8, 4), (1.0, 0), (1.1, 2), (1.75, 5), (2.4, 8),
            (2.5, 10), (10, 10),
        ]
        for (time, x) in expected {
            #expect(abs(clip.value(at: time, from: Stage()).x - x) < 1e-9, "t = \(time)")
        }
    }

    @Test func fractionalRepeatEndsMidIteration() throws {
        let clip = try rampX.repeated(1.25)
        #expect(clip.duration == 1.25)
        #expect(abs(clip.value(at: 1.1, from: Stage()).x - 1) < 1e-9)
        #expect(clip.value(at: 1.25, from: Stage()).x == 2.5)
        let whole = try rampX.repeated(3)
        #expect(whole.value(at: 3, from: Stage()).x == 10)
        #expect(whole.value(at: 2, from: Stage()).x == 0)
    }

    @Test func repeatForeverNeverEnds() throws {
        let clip = try rampX.repeatedForever()
        #expect(clip.duration == .infinity)
        #expect(abs(clip.value(at: 7.3, from: Stage()).x - 3) < 1e-9)
        #expect(abs(clip.value(at: 1_000_000.25, from: Stage()).x - 2.5) < 1e-6)
    }

    @Test func delayAndFill() throws {
        let late = try ramp(\.x, from: 5, to: 10).delayed(by: 1)
        let base = Stage(x: -1)
        #expect(late.duration == 2)
        // Inside a group so that the group's placement rule (not the top-level clamp) applies.
        #expect(Clip.group([late, rampY]).value(at: 0.5, from: base).x == -1)
        #expect(Clip.group([late.filling(.both), rampY]).value(at: 0.5, from: base).x == 5)
        #expect(Clip.group([late, rampY]).value(at: 1.5, from: base).x == 7.5)
        // A clip that does not fill forwards stops applying after its end.
        let short = ramp(\.x, from: 5, to: 10, over: 0.5).filling(.none)
        #expect(Clip.group([short, rampY]).value(at: 1, from: base).x == -1)
        #expect(Clip.group([short.filling(.forwards), rampY]).value(at: 1, from: base).x == 10)
    }

    @Test func staggerFromStartEndAndCenter() throws {
        let items = [ramp(\.a), ramp(\.b), ramp(\.c)]
        let fromStart = try Clip.stagger(items, each: 0.5)
        #expect(fromStart.duration == 2)
        #expect(fromStart.value(at: 0.75, from: Stage()) == Stage(a: 7.5, b: 2.5, c: 0))
        let fromEnd = try Clip.stagger(items, each: 0.5, from: .end)
        #expect(fromEnd.value(at: 0.75, from: Stage()) == Stage(a: 0, b: 2.5, c: 7.5))
        let fromCenter = try Clip.stagger(items, each: 0.5, from: .center)
        #expect(fromCenter.duration == 1.5)
        #expect(fromCenter.value(at: 0.75, from: Stage()) == Stage(a: 2.5, b: 7.5, c: 2.5))
        let four = try Clip.stagger(items + [ramp(\.d)], each: 1, from: .center)
        #expect(four.value(at: 0.5, from: Stage()) == Stage(a: 0, b: 5, c: 5, d: 0))
        #expect(four.duration == 2)
    }

    @Test func badModifiersThrow() throws {
        #expect(throws: CompositionError.invalidSpeed(0)) { try rampX.speed(0) }
        #expect(throws: CompositionError.invalidSpeed(-2)) { try rampX.speed(-2) }
        #expect(throws: CompositionError.invalidRepeatCount(0)) { try rampX.repeated(0) }
        #expect(throws: CompositionError.invalidRepeatCount(.infinity)) { try rampX.repeated(.infinity) }
        #expect(throws: CompositionError.negativeTime("delay", -1)) { try rampX.delayed(by: -1) }
        #expect(CompositionError.negativeTime("delay", -1).description == "delay must not be negative, got -1.0")
        #expect(throws: CompositionError.emptyStagger) { try Clip<Stage>.stagger([], each: 1) }
        #expect(throws: CompositionError.infiniteDuration("repeated(2.0)")) {
            try rampX.repeatedForever().repeated(2)
        }
        #expect(throws: CompositionError.self) { try rampX.speed(.nan) }
        let tiny = Double.leastNonzeroMagnitude
        #expect(throws: CompositionError.invalidSpeed(tiny)) { try rampX.speed(tiny) }
        #expect(throws: CompositionError.invalidRepeatCount(1e308 * 10)) { try rampX.repeated(1e308 * 10) }
        // A huge finite count is fine, and cheap: markers are kept for the first 1,000 iterations.
        var labelled = Choreography<Stage>()
        try labelled.add(rampX)
        try labelled.addLabel("start", at: .time(0))
        let many = try labelled.clip.repeated(1e12)
        #expect(many.duration == 1e12)
        #expect(many.markers.count == 1000)
    }

    @Test func markersFollowTheTiming() throws {
        var choreography = Choreography<Stage>()
        try choreography.add(rampX)
        try choreography.addLabel("half", at: .time(0.5))
        let clip = try choreography.clip.repeated(2).speed(2)
        #expect(clip.markers.map(\.time) == [0.25, 0.75])
        #expect(clip.markers.allSatisfy { $0.name == "half" })
    }

    @Test func nestedRepeatsListMarkersInBoundedTimeAndMemory() throws {
        // The reliability audit's defect 1: three nested repeats of 1,000 copied 10^9 markers.
        let named = Clip(try Track<Double>(keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1)]), \Stage.x, name: "x")
        let nested = try named.repeated(1000).repeated(1000).repeated(1000)
        #expect(nested.duration == 1e9)
        let markers = nested.markers
        #expect(markers.count == Clip<Stage>.markerLimit)
        // The earliest ones, in order: start and end of every second.
        #expect(markers[0] == Marker(name: "x", time: 0, kind: .start))
        #expect(markers[1] == Marker(name: "x", time: 1, kind: .end))
        #expect(markers[2] == Marker(name: "x", time: 1, kind: .start))
        #expect(markers.last == Marker(name: "x", time: 50_000, kind: .end))
        #expect(zip(markers, markers.dropFirst()).allSatisfy { $0.time <= $1.time })
        // Thirty nested autoreverses (2^30 markers before): bounded too, and mirrored exactly.
        var reversed = named
        for _ in 0..<30 { reversed = try reversed.autoreversed() }
        #expect(reversed.markers.count == Clip<Stage>.markerLimit)
        let twice = try named.autoreversed().autoreversed().markers
        // Forwards 0...1, backwards 1...2 (it starts again where it ended: no second start at 1),
        // then that mirrored: ends at 1 and 2, starts again at 3, ends at 4.
        #expect(twice.map(\.time) == [0, 1, 2, 3, 4])
        #expect(twice.map(\.kind) == [.start, .end, .end, .start, .end])
    }

    @Test func aGroupOfManyRepeatsStopsAtTheLimitInTheChildrensOrder() throws {
        let named = Clip(try Track<Double>(keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1)]), \Stage.x, name: "x")
        let group = Clip.group(Array(repeating: try named.repeated(1000), count: 200))
        #expect(group.markers.count == Clip<Stage>.markerLimit)
        let small = Clip.group([try named.repeated(2), try named.delayed(by: 0.5)])
        #expect(small.markers.map(\.time) == [0, 0.5, 1, 1, 1.5, 2])
    }
}

@Suite("Choreography")
struct ChoreographyTests {
    @Test func positionsResolveLikeGSAP() throws {
        var choreography = Choreography<Stage>()
        #expect(try choreography.add(ramp(\.a)) == 0)                                    // 0...1
        #expect(try choreography.addLabel("mid", at: .time(0.5)) == 0.5)
        #expect(try choreography.add(ramp(\.b), at: .label("mid", offset: 0.25)) == 0.75) // 0.75...1.75
        #expect(try choreography.add(ramp(\.c), at: .withPrevious(offset: 0.1)) == 0.85)  // 0.85...1.85
        #expect(abs(try choreography.add(ramp(\.d), at: .afterPrevious(offset: -0.2)) - 1.65) < 1e-12)
        #expect(abs(choreography.duration - 2.65) < 1e-12)
        #expect(abs(try choreography.add(ramp(\.x, over: 0.1), at: .end(offset: 1)) - 3.65) < 1e-12)
        let clip = choreography.clip
        #expect(abs(clip.duration - 3.75) < 1e-12)
        let state = clip.value(at: 1.0, from: Stage())
        #expect(state.a == 10)
        #expect(abs(state.b - 2.5) < 1e-12)
        #expect(abs(state.c - 1.5) < 1e-12)
        #expect(state.d == 0)
        #expect(choreography.time(ofLabel: "mid") == 0.5)
        #expect(clip.markers == [Marker(name: "mid", time: 0.5)])
    }

    @Test func badPositionsThrow() throws {
        var choreography = Choreography<Stage>()
        try choreography.addLabel("intro")
        #expect(throws: CompositionError.unknownLabel("outro", known: ["intro"])) {
            try choreography.add(rampX, at: .label("outro"))
        }
        #expect(throws: CompositionError.duplicateLabel("intro")) { try choreography.addLabel("intro") }
        #expect(throws: CompositionError.negativeStart(-1)) { try choreography.add(rampX, at: .time(-1)) }
        #expect(throws: CompositionError.self) { try choreography.add(rampX, at: .end(offset: .nan)) }
        #expect(choreography.duration == 0)
    }
}

@Suite("PropertyTimeline")
struct PropertyTimelineTests {
    @Test func valueByTimeAndProgress() {
        let timeline = PropertyTimeline(initialValue: Stage(c: 7), clips: [rampX, rampY])
        #expect(timeline.duration == 2)
        #expect(timeline.value(time: 0.5) == Stage(x: 5, y: 0.25, c: 7))
        #expect(timeline.value(progress: 0.5) == Stage(x: 10, y: 0.5, c: 7))
        #expect(timeline.value(progress: 2) == Stage(x: 10, y: 1, c: 7))
        #expect(timeline.value(progress: -1) == Stage(x: 0, y: 0, c: 7))
        #expect(timeline.value(progress: .nan) == Stage(x: 0, y: 0, c: 7))
    }
}
