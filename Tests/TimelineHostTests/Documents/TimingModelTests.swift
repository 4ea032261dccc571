import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// The boundaries of the timing model (Docs/TimingModel.md) where Cadence once disagreed with the
/// Web Animations specification or GSAP. Every expected value is worked out by hand from the
/// specification, in the comment beside it.
@Suite("Timing model boundaries")
struct TimingModelTests {
    /// `"name": {0 → from, 1 s → to}` with extra keys.
    static func track(_ name: String, _ from: Double = 0, _ to: Double = 10, _ extra: String = "") -> String {
        let keys = extra.isEmpty ? "" : ", " + extra
        return #"{"name": "\#(name)", "keyframes": [{"time": 0, "value": \#(from)}, {"time": 1, "value": \#(to)}]\#(keys)}"#
    }

    // MARK: 1. What a track shows before it starts and when it does not fill

    @Test func aTrackNestedInASequenceShowsItsFirstValueBeforeItStarts() throws {
        // The issue's document: b starts at 1 s inside a sequence; it fills both ways by default,
        // so from 0 s it shows its first value 5 (GSAP shows the first value too), never 0.
        let r = try renderDocument(#"""
            {"cadence":1,"fps":4,"tracks":[{"name":"a","keyframes":[{"time":0,"value":0},{"time":1,"value":10}]},
             {"name":"b","keyframes":[{"time":0,"value":5},{"time":1,"value":15}]}],
             "timeline":[{"track":"a"},{"sequence":[{"track":"b"}]}]}
            """#)
        #expect((0...4).map { r.value("b", at: $0) } == [5, 5, 5, 5, 5])
        #expect(r.value("b", at: 6) == 10)
        #expect(r.value("b", at: 8) == 15)
    }

    @Test(arguments: ["group", "sequence", "stagger"])
    func containersPassTheirChildrensFillThrough(container: String) throws {
        // b starts at 0.5 s (after a's half-second), nested one level down.
        let r = try renderDocument("""
            {"cadence":1,"fps":4,"tracks":[\(Self.track("a", 0, 10)), {"name":"b","keyframes":[{"time":0,"value":7},{"time":0.5,"value":9}]}],
             "timeline":[{"group":[{"track":"a","speed":2}]},{"\(container)":[{"track":"b"}]}]}
            """)
        #expect(r.value("b", at: 0) == 7)
        #expect(r.value("b", at: 1) == 7)
        #expect(r.value("b", at: 3) == 8)
        #expect(r.value("b", at: 4) == 9)
    }

    @Test func anUnfilledTrackShowsItsBaseValueOutsideItsActiveInterval() throws {
        // a plays from 0.5 s to 1.5 s. fill "forwards" before it: the base (its first value, 0 by
        // default; 3 here); fill "none" after it: the base again (the active interval is
        // end-exclusive, so the frame at exactly 1.5 s already shows it).
        let r = try renderDocument("""
            {"cadence":1,"fps":4,"duration":2,"tracks":[
              \(Self.track("f", 2, 10, #""fill": "forwards", "delay": 0.5"#)),
              \(Self.track("n", 2, 10, #""fill": "none", "delay": 0.5, "base": 3"#)),
              \(Self.track("b", 2, 10, #""fill": "backwards", "delay": 0.5, "base": -1"#))]}
            """)
        #expect((0...8).map { r.value("f", at: $0) } == [2, 2, 2, 4, 6, 8, 10, 10, 10])
        #expect((0...8).map { r.value("n", at: $0) } == [3, 3, 2, 4, 6, 8, 3, 3, 3])
        #expect((0...8).map { r.value("b", at: $0) } == [2, 2, 2, 4, 6, 8, -1, -1, -1])
    }

    @Test func baseValuesOfEveryKindAndTheirErrors() throws {
        let r = try renderDocument(#"""
            {"cadence":1,"fps":2,"duration":1.5,"tracks":[
              {"name":"v","fill":"none","delay":0.5,"base":[1,2],"keyframes":[{"time":0,"value":[0,0]},{"time":0.5,"value":[4,4]}]},
              {"name":"c","fill":"none","delay":0.5,"base":"#ff000080","keyframes":[{"time":0,"value":"#000000"},{"time":0.5,"value":"#ffffff"}]},
              {"name":"p","type":"path","fill":"none","delay":0.5,"base":"M0 0 L1 1","keyframes":[{"time":0,"value":"M0 0 L2 2"},{"time":0.5,"value":"M0 0 L4 4"}]}]}
            """#)
        let frame = r.frames[0]
        let vector = frame.schema.channel(named: "v")!, color = frame.schema.channel(named: "c")!
        #expect(Array(frame.numbers(of: vector)) == [1, 2])
        #expect(Array(frame.numbers(of: color)) == [1, 0, 0, 128.0 / 255])
        #expect(try r.path("p", at: 0) == Path(svgPathData: "M 0 0 L 1 1"))
        #expect(try r.path("p", at: 1) == Path(svgPathData: "M 0 0 L 2 2"))
        #expect(try r.path("p", at: 3) == Path(svgPathData: "M 0 0 L 1 1"))
        #expect(errors(#"{"cadence":1,"tracks":[{"name":"a","base":"x","keyframes":[{"value":1}]}]}"#)
            == ["tracks[0].base: expected a number, found a string"])
        #expect(errors(#"{"cadence":1,"tracks":[{"name":"a","base":[1],"keyframes":[{"value":[1,2]}]}]}"#)
            == ["tracks[0].base: expected 2 numbers like the track's first value, found 1"])
        #expect(errors(##"{"cadence":1,"tracks":[{"name":"a","base":"#12","keyframes":[{"value":"#000"}]}]}"##).count == 1)
    }

    // MARK: 2. "<" counts the previous item's delay

    @Test func withPreviousStartsWhereADelayedItemStartsPlaying() throws {
        // a waits 0.5 s; b "<" starts with a's playing start (GSAP's startTime), at 0.5 s, so at
        // 0.5 s b is at its local time 0 (value 0), not 0.5 (value 5).
        let r = try renderDocument("""
            {"cadence":1,"fps":4,"tracks":[\(Self.track("a", 0, 10, #""delay": 0.5"#)), \(Self.track("b"))],
             "timeline":[{"track":"a"},{"track":"b","at":"<"}]}
            """)
        #expect((0...6).map { r.value("b", at: $0) } == [0, 0, 0, 2.5, 5, 7.5, 10])
        #expect((0...6).map { r.value("a", at: $0) } == [0, 0, 0, 2.5, 5, 7.5, 10])
        let started = r.events.filter { $0.1.kind == .started && $0.1.source != "document" }
        #expect(started.map(\.0) == [2, 2])
    }

    // MARK: 3. The end of a repeat is exact

    @Test func theLastFrameOfARepeatIsItsEndValue() throws {
        // 3 × 0.65 s ends at 1.95 s (frame 39 at 20 fps), although 0.65 × 3 rounds to
        // 1.9500000000000002: that frame, the last, shows the end value 10, not the start of a
        // 4th iteration.
        let r = try renderDocument("""
            {"cadence":1,"fps":20,"tracks":[{"name":"a","repeat":3,"keyframes":[{"time":0,"value":0},{"time":0.65,"value":10}]}]}
            """)
        #expect(r.frames.count == 40)
        #expect(r.value("a", at: 39) == 10)
        // Iteration boundaries inside the active interval start the next iteration.
        #expect(r.value("a", at: 13) == 0)
        #expect(r.value("a", at: 26) == 0)
        #expect(isClose(r.value("a", at: 12), 10 * 0.6 / 0.65, 1e-12))
        #expect(isClose(r.value("a", at: 38), 10 * (1.9 - 1.3) / 0.65, 1e-12))
        // One "repeated" event a boundary, one "completed" at the end.
        let events = r.events.filter { $0.1.source == "a" }.map { "\($0.0) \($0.1)" }
        #expect(events == ["0 started a", "13 repeated a", "26 repeated a", "39 completed a (finished)"])
    }

    @Test(arguments: [(0.1, 3.0, 10), (0.7, 7.0, 30), (1.1, 5.0, 60), (0.3, 10.0, 120)])
    func repeatsEndExactlyAtOtherLengthsToo(length: Double, count: Double, fps: Int) throws {
        let r = try renderDocument("""
            {"cadence":1,"fps":\(fps),"tracks":[{"name":"a","repeat":\(count),"keyframes":[{"time":0,"value":0},{"time":\(length),"value":10}]}]}
            """)
        // The last frame is ceil(duration × fps): at or after the end, where the value is 10.
        #expect(r.frames.last.map { $0.scalar("a") } == 10)
        // Every frame at a whole number of lengths (i / fps = k × length) inside the active
        // interval starts an iteration.
        for (index, frame) in r.frames.enumerated() {
            let iterations = (Double(index) / Double(fps) / length)
            let nearest = iterations.rounded()
            if abs(iterations - nearest) < 1e-9, nearest > 0, nearest < count {
                #expect(frame.scalar("a") == 0, "frame \(index)")
            }
        }
    }

    // MARK: 4. The before flag

    @Test func stepsDuringADelayUseTheBeforeFlag() throws {
        // steps(4, jump-start) with a 0.5 s delay: CSS's before flag during the delay gives 0;
        // at the start of the active interval the first step is already taken (¼ of 10).
        let r = try renderDocument("""
            {"cadence":1,"fps":4,"tracks":[{"name":"a","delay":0.5,"keyframes":[{"time":0,"value":0},{"time":1,"value":10,"curve":"steps(4, jump-start)"}]}]}
            """)
        #expect((0...6).map { r.value("a", at: $0) } == [0, 0, 2.5, 5, 7.5, 10, 10])
    }

    @Test func stepsAfterEndingBackwardsUseTheBeforeFlag() throws {
        // Forwards then backwards: the backward half is active (no flag): at 1.25 s progress 0.75
        // gives floor(3) + 1 = 4 steps; after the end (playing backwards) the flag gives 0.
        let r = try renderDocument("""
            {"cadence":1,"fps":4,"duration":3,"tracks":[{"name":"a","autoreverse":true,"keyframes":[{"time":0,"value":0},{"time":1,"value":10,"curve":"steps(4, jump-start)"}]}]}
            """)
        #expect((0...12).map { r.value("a", at: $0) } == [2.5, 5, 7.5, 10, 10, 10, 7.5, 5, 0, 0, 0, 0, 0])
    }

    @Test func stepsBeforeATrackStartsInAGroupUseTheBeforeFlag() throws {
        // b starts at 0.5 s inside a group and fills backwards: before then, the before flag.
        let r = try renderDocument("""
            {"cadence":1,"fps":4,"tracks":[{"name":"b","keyframes":[{"time":0,"value":0},{"time":1,"value":10,"curve":"steps(2, jump-both)"}]}],
             "timeline":[{"group":[{"track":"b","at":0.5}]}]}
            """)
        // jump-both with 2 steps: 3 jumps; at progress 0 in the active interval 1/3, 1/3 until
        // 0.5, then 2/3, and 1 at the end.
        #expect(r.value("b", at: 0) == 0)
        #expect(r.value("b", at: 1) == 0)
        #expect(isClose(r.value("b", at: 2), 10.0 / 3, 1e-12))
        #expect(isClose(r.value("b", at: 4), 20.0 / 3, 1e-12))
        #expect(r.value("b", at: 6) == 10)
    }

    @Test func fractionalRepeatsOfAnAutoreverseEndWithTheFlagOnlyWhenGoingBackwards() throws {
        // Forwards-backwards cycle of 2 s, repeated 0.75 times: ends at 1.5 s in the backward half
        // (after phase, going backwards: the flag), at progress 0.5 of the steps segment.
        // steps(2, jump-end) at 0.5: floor(1) = 1 → 5; with the flag, 0.5 × 2 is whole → 0.
        let backwards = try renderDocument("""
            {"cadence":1,"fps":4,"duration":2,"tracks":[{"name":"a","autoreverse":true,"repeat":0.75,"keyframes":[{"time":0,"value":0},{"time":1,"value":10,"curve":"steps(2)"}]}]}
            """)
        #expect(backwards.value("a", at: 5) == 5)           // 1.25 s: backwards, progress 0.75
        #expect(backwards.value("a", at: 6) == 0)           // 1.5 s: the end, going backwards
        #expect(backwards.value("a", at: 8) == 0)
        // Repeated 0.25 times it ends at 0.5 s going forwards: no flag, 5.
        let forwards = try renderDocument("""
            {"cadence":1,"fps":4,"duration":1,"tracks":[{"name":"a","autoreverse":true,"repeat":0.25,"keyframes":[{"time":0,"value":0},{"time":1,"value":10,"curve":"steps(2)"}]}]}
            """)
        #expect(forwards.value("a", at: 2) == 5)
        #expect(forwards.value("a", at: 4) == 5)
    }

    // MARK: Stagger children place themselves

    @Test(arguments: ["at", "label"])
    func atAndLabelOnAStaggerChildAreErrors(key: String) {
        let value = key == "at" ? "0.5" : #""x""#
        let text = """
            {"cadence":1,"tracks":[\(Self.track("a")), \(Self.track("b"))],
             "timeline":[{"stagger":[{"track":"a"},{"track":"b","\(key)":\(value)}],"each":0.1}]}
            """
        #expect(errors(text) == [
            #"timeline[0].stagger[1].\#(key): a stagger places its children itself: "at" and "label" are not allowed on them (use a "group" with "at" on each item, or put the label on the stagger)"#
        ])
    }
}

/// Boundaries found by the reference tests and the timing-model page, each once wrong.
@Suite("Timing model boundaries, nested")
struct NestedTimingModelTests {
    @Test func aTrackThatDoesNotFillBackwardsShowsItsBaseBeforeItsContainerStarts() throws {
        // The group starts at 1 s; its first track starts with it and fills forwards only, so
        // before 1 s it shows its base (3), not its first value; the second fills both ways.
        let r = try renderDocument("""
            {"cadence":1,"fps":4,"tracks":[\(TimingModelTests.track("a", 0, 10)),
              \(TimingModelTests.track("b", 6, 10, #""fill": "forwards", "base": 3"#)),
              \(TimingModelTests.track("c", 7, 10))],
             "timeline":[{"track":"a"},{"group":[{"track":"b"},{"track":"c"}]}]}
            """)
        #expect((0...4).map { r.value("b", at: $0) } == [3, 3, 3, 3, 6])
        #expect((0...4).map { r.value("c", at: $0) } == [7, 7, 7, 7, 7])
    }

    @Test func aTrackFrozenPartWayByItsContainersEndShowsItsValueThere() throws {
        // The group (2 s) repeats 1.25 times: it ends at 2.5 s at its local 0.5 s, where g (two
        // 1-s iterations) is half-way through its first iteration: 5, not g's own end (10).
        let r = try renderDocument("""
            {"cadence":1,"fps":4,"tracks":[\(TimingModelTests.track("g", 0, 10, #""repeat": 2"#))],
             "timeline":[{"group":[{"track":"g"}],"repeat":1.25}]}
            """)
        #expect(r.value("g", at: 9) == 2.5)
        #expect(r.value("g", at: 10) == 5)
        #expect(r.frames.count == 11)
    }

    @Test func aFractionalRepeatCompletesWhereItEnds() throws {
        // 2.5 iterations of 1 s: repeated at 1 and 2 s, completed at 2.5 s (frame 10).
        let r = try renderDocument("""
            {"cadence":1,"fps":4,"tracks":[\(TimingModelTests.track("r", 0, 8, #""repeat": 2.5"#))]}
            """)
        let events = r.events.filter { $0.1.source == "r" }.map { "\($0.0) \($0.1)" }
        #expect(events == ["0 started r", "4 repeated r", "8 repeated r", "10 completed r (finished)"])
        // Autoreversed, 0.75 of a 2-s cycle: completed at 1.5 s, where it ends.
        let reversed = try renderDocument("""
            {"cadence":1,"fps":4,"tracks":[\(TimingModelTests.track("r", 0, 8, #""autoreverse": true, "repeat": 0.75"#))]}
            """)
        #expect(reversed.events.filter { $0.1.source == "r" }.map { "\($0.0) \($0.1)" } == ["0 started r", "6 completed r (finished)"])
    }

    @Test func aTrackRepeatedForeverNeverCompletes() throws {
        let r = try renderDocument("""
            {"cadence":1,"fps":4,"duration":2,"tracks":[{"name":"f","repeat":"forever","keyframes":[{"time":0,"value":0},{"time":0.5,"value":10}]}]}
            """)
        let events = r.events.filter { $0.1.source == "f" }.map { "\($0.0) \($0.1)" }
        #expect(events == ["0 started f", "2 repeated f", "4 repeated f", "6 repeated f", "8 repeated f"])
    }
}

/// Ends reached through a delay and a speed change, found by the Web Animations check.
@Suite("Timing model boundaries, exact ends")
struct ExactEndTests {
    @Test func aDelayedSpedUpTrackHoldsItsLastStepAfterItsEnd() throws {
        // 0 → 6 over 0.05 s in six steps, 1.5 times as fast, after 0.1 s: it ends at 0.1 + 0.05 /
        // 1.5 = 0.1333… s; from then on its end value 6, although (0.15 − 0.1) × 1.5 rounds to
        // 0.04999999999999999, a hair before the last step.
        let r = try renderDocument("""
            {"cadence":1,"fps":40,"duration":0.2,"tracks":[{"name":"a","keyframes":[{"time":0,"value":0},{"time":0.05,"value":6,"curve":"steps(6)"}],"delay":0.1,"speed":1.5}]}
            """)
        #expect((6...8).map { r.value("a", at: $0) } == [6, 6, 6])
        #expect(r.value("a", at: 5) == 4)   // 0.125 s: (0.025 × 1.5) / 0.05 = 0.75 of the way: step 4
    }

    @Test func anAutoreverseTurnsAroundAtItsChildsEnd() throws {
        // steps(2) 0 → 10 over 0.3 s, autoreversed: at 0.3 s (progress 1, the turn) the child's end, 10.
        let r = try renderDocument("""
            {"cadence":1,"fps":10,"duration":0.6,"tracks":[{"name":"a","autoreverse":true,"keyframes":[{"time":0,"value":0},{"time":0.3,"value":10,"curve":"steps(2)"}]}]}
            """)
        #expect(r.value("a", at: 3) == 10)
        #expect(r.value("a", at: 6) == 0)
    }
}

/// Step curves whose only jump is at an end, which a table follows everywhere else.
@Suite("Timing model boundaries, steps at the ends")
struct StepEndsTests {
    @Test(arguments: ["step-start", "steps(1, jump-both)", "steps(4, jump-start)"])
    func aStepAtTheStartShowsTheStartValueDuringTheDelay(curve: String) throws {
        let r = try renderDocument("""
            {"cadence":1,"fps":4,"tracks":[{"name":"a","delay":0.5,"keyframes":[{"time":0,"value":0},{"time":1,"value":8,"curve":"\(curve)"}]}]}
            """)
        #expect(r.value("a", at: 0) == 0)
        #expect(r.value("a", at: 1) == 0)
        #expect(r.value("a", at: 2) > 0)   // active: the first jump is taken at the start
    }
}

/// Many labels and tracks: every label resolves, and errors name a bounded number of them.
@Suite("Documents with many labels")
struct ManyLabelsTests {
    @Test func tenThousandLabelsResolveAndErrorsListAtMostTwenty() throws {
        let labels = (0..<10_000).map { #""l\#($0)": \#(Double($0) / 1000)"# }.joined(separator: ",")
        func text(at label: String) -> String {
            """
            {"cadence":1,"fps":10,"labels":{\(labels)},"tracks":[{"name":"a","keyframes":[{"time":0,"value":0},{"time":1,"value":1}]}],
             "timeline":[{"track":"a","at":"\(label)"}]}
            """
        }
        let document = try TimelineDocument(parsing: text(at: "l9999"))
        #expect(document.duration == 9.999 + 1)
        let wrong = text(at: "nowhere")
        let message = try #require(errors(wrong).first)
        #expect(message.hasPrefix("timeline[0].at: unknown label 'nowhere'; labels: l0, l1,"))
        #expect(message.hasSuffix("l19 and 9980 more"))
    }
}
