import Testing
import Timeline
import TimelinePlugins
import TimelineHost

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Documents checked against values worked out independently: by hand (in the comments) or from
/// closed forms written here (the damped-spring step response, the Hermite basis, premultiplied
/// colour mixing), never from Cadence's own output. These cover what no browser or GSAP comparison
/// does: springs, cubic and hold keyframes, vectors, colours and paths inside repeats, autoreverse
/// and nested timelines, item fills, fractional and endless repeats, and the frames of events.
@Suite("Timing references")
struct TimingReferenceTests {
    // MARK: Independent references

    /// The share of the distance a spring of mass 1 released from rest still has to go after `t`
    /// seconds, a(t), so that x(t) = target + (start − target)·a(t); ω the natural frequency, ζ
    /// the damping ratio (the textbook solution of x'' + 2ζωx' + ω²x = 0, x(0) = 1, x'(0) = 0).
    static func remaining(zeta ζ: Double, omega ω: Double, _ t: Double) -> Double {
        if ζ < 1 {
            let ωd = ω * (1 - ζ * ζ).squareRoot()
            return exp(-ζ * ω * t) * (cos(ωd * t) + ζ * ω / ωd * sin(ωd * t))
        }
        if ζ == 1 { return exp(-ω * t) * (1 + ω * t) }
        // Over-damped: two decaying exponentials, r1,2 = −ζω ± ω√(ζ² − 1).
        let r1 = -ζ * ω + ω * (ζ * ζ - 1).squareRoot(), r2 = -ζ * ω - ω * (ζ * ζ - 1).squareRoot()
        return (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
    }

    /// The cubic Hermite segment from (p0, m0) to (p1, m1) over `span` seconds at fraction `s`.
    static func hermite(_ p0: Double, _ m0: Double, _ p1: Double, _ m1: Double, span: Double, _ s: Double) -> Double {
        let h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s
        let h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s
        return h00 * p0 + h10 * span * m0 + h01 * p1 + h11 * span * m1
    }

    static func numbers(_ r: Rendered, _ name: String, at index: Int) -> [Double] {
        Array(r.frames[index].numbers(of: r.frames[index].schema.channel(named: name)!))
    }

    // MARK: 1. Springs inside repeats and autoreverse

    /// Three regimes, as the document writes them, with the ζ and ω they stand for.
    static let springs: [(json: String, zeta: Double, omega: Double)] = [
        (#"{"response": 0.4, "dampingRatio": 0.55}"#, 0.55, 2 * Double.pi / 0.4),   // ω = 2π / response
        (#"{"stiffness": 100, "damping": 20}"#, 1, 10),                               // ω = √100, ζ = 20 / (2·10)
        (#"{"duration": 0.5, "bounce": -0.5}"#, 2, 2 * Double.pi / 0.5),              // ζ = 1 / (1 − 0.5)
    ]

    @Test(arguments: 0..<3)
    func springsInRepeatedAndAutoreversedTracks(spring index: Int) throws {
        let (json, ζ, ω) = Self.springs[index]
        // "held": 0 until 0.25 s, a hold to 2 (which ends at rest), then a spring from 2 towards 1,
        // cut at 1 s (where the track shows its last value, 1). Autoreversed (2 s) twice (4 s),
        // after a 0.5 s delay: cycle k forwards over 0.5 + 2k ... 1.5 + 2k, backwards to 2.5 + 2k.
        // "first": a spring from its first keyframe at rest, 0 → 1 over 0.8 s, in a group repeated
        // 1.5 times (1.2 s) at speed 2 (0.6 s): local time (2t mod 0.8), 0.4 at and after the end.
        let r = try renderDocument("""
            {"cadence":1,"fps":20,"tracks":[
              {"name":"held","autoreverse":true,"repeat":2,"delay":0.5,"keyframes":[{"time":0,"value":0},
                {"time":0.25,"value":2,"curve":"hold"},{"time":1,"value":1,"spring":\(json)}]},
              {"name":"first","keyframes":[{"time":0,"value":0},{"time":0.8,"value":1,"spring":\(json)}]}],
             "timeline":[{"track":"held"},{"group":[{"track":"first"}],"repeat":1.5,"speed":2,"at":0}]}
            """)
        #expect(r.frames.count == 91)                       // 4.5 s at 20 fps
        func held(_ local: Double) -> Double {
            local < 0.25 ? 0 : local >= 1 ? 1 : 1 + (2 - 1) * Self.remaining(zeta: ζ, omega: ω, local - 0.25)
        }
        // (frame, local time of "held"): t = frame / 20.
        let expectations: [(Int, Double)] = [
            (0, 0),         // the delay: the first value
            (14, 0.2),      // 0.7 s: before the hold
            (15, 0.25),     // 0.75 s: the hold's time, the spring's start: 2
            (26, 0.8),      // 1.3 s: 0.55 s into the spring
            (30, 1),        // 1.5 s: the end of the forward half: the last value, 1
            (36, 0.7),      // 1.8 s: backwards, mirrored: 2 − 1.3
            (45, 0.25),     // 2.25 s: backwards at the hold's time: its value, 2
            (46, 0.2),      // 2.3 s: backwards, just past the hold: 0
            (50, 0),        // 2.5 s: the second cycle starts
            (62, 0.6),      // 3.1 s: second cycle, forwards
            (80, 0.5),      // 4.0 s: second cycle, backwards (3.5 s into it: 2 − 1.5)
            (87, 0.15),     // 4.35 s: second cycle, backwards, before the hold
            (90, 0),        // 4.5 s: the end, reached backwards: the start
        ]
        for (frame, local) in expectations {
            #expect(isClose(r.value("held", at: frame), held(local), 1e-9), "frame \(frame)")
        }
        func first(_ local: Double) -> Double { 1 - Self.remaining(zeta: ζ, omega: ω, local) }
        #expect(isClose(r.value("first", at: 6), first(0.6), 1e-9))    // 0.3 s → 0.6
        #expect(r.value("first", at: 8) == 0)                           // 0.4 s → 0.8: the 2nd iteration starts
        #expect(isClose(r.value("first", at: 9), first(0.1), 1e-9))    // 0.45 s → 0.9 − 0.8
        #expect(isClose(r.value("first", at: 12), first(0.4), 1e-9))   // 0.6 s: the end, half-way through
        #expect(isClose(r.value("first", at: 90), first(0.4), 1e-9))   // and after it
    }

    // MARK: 2. Cubic keyframes in a repeat with autoreverse

    @Test func cubicKeyframesInARepeatWithAutoreverse() throws {
        // 0 → 10 linear over 0...1 (velocity 10), then cubic to 4 at 2 and to 6 at 3.
        // Segment 1→2: starts with the linear segment's velocity 10; ends with the Catmull-Rom
        // tangent at 2, (6 − 10) / (3 − 1) = −2. Segment 2→3: starts at −2; ends with the one-sided
        // tangent (6 − 4) / 1 = 2. Autoreversed (6 s) twice (12 s): local = c or 6 − c, c = t mod 6.
        let r = try renderDocument("""
            {"cadence":1,"fps":4,"tracks":[{"name":"c","autoreverse":true,"repeat":2,"keyframes":[
              {"time":0,"value":0},{"time":1,"value":10},{"time":2,"value":4,"curve":"cubic"},{"time":3,"value":6,"curve":"cubic"}]}]}
            """)
        func c(_ local: Double) -> Double {
            if local <= 1 { return 10 * local }
            if local <= 2 { return Self.hermite(10, 10, 4, -2, span: 1, local - 1) }
            return Self.hermite(4, -2, 6, 2, span: 1, local - 2)
        }
        // By hand: h00, h10, h01, h11 at s = ½ are ½, ⅛, ½, −⅛, so c(1.5) = 5 + 1.25 + 2 + 0.25 = 8.5
        // and c(2.5) = 2 − 0.25 + 3 − 0.25 = 4.5; at s = ¾ they are 5/32, 3/64, 27/32, −9/64, so
        // c(1.75) = 1.5625 + 0.46875 + 3.375 + 0.28125 = 5.6875, c(2.75) = 5.3125.
        #expect(c(1.5) == 8.5 && c(2.5) == 4.5 && c(1.75) == 5.6875 && c(2.75) == 5.3125)
        let expectations: [(frame: Int, local: Double)] = [
            (6, 1.5), (10, 2.5), (11, 2.75), (12, 3),     // forwards
            (13, 2.75), (18, 1.5), (22, 0.5),             // backwards: 3.25 s → 2.75, 4.5 s → 1.5, 5.5 s → 0.5
            (24, 0),                                      // 6 s: the second cycle starts
            (31, 1.75),                                   // 7.75 s
            (41, 1.75),                                   // 10.25 s: backwards, 6 − 4.25
            (48, 0),                                      // 12 s: the end, reached backwards
        ]
        #expect(r.frames.count == 49)
        for (frame, local) in expectations {
            #expect(isClose(r.value("c", at: frame), c(local), 1e-12), "frame \(frame)")
        }
    }

    // MARK: 3. Hold keyframes at iteration boundaries and backwards

    @Test func holdKeyframesAtIterationBoundaries() throws {
        // 0, then 5 from 0.5 s, then 10 from 1 s (the iteration's end). Repeated 2.5 times: a frame
        // on an inner boundary starts the next iteration (0, never the 10 at its end); the end
        // (2.5 s) is half-way through the third iteration: exactly the hold's time, so 5.
        let r = try renderDocument("""
            {"cadence":1,"fps":100,"duration":3,"tracks":[{"name":"h","repeat":2.5,"keyframes":[
              {"time":0,"value":0},{"time":0.5,"value":5,"curve":"hold"},{"time":1,"value":10,"curve":"hold"}]}]}
            """)
        let expected: [(Int, Double)] = [
            (49, 0), (50, 5), (99, 5), (100, 0), (149, 0), (150, 5), (199, 5), (200, 0), (249, 0), (250, 5), (300, 5),
        ]
        for (frame, value) in expected { #expect(r.value("h", at: frame) == value, "frame \(frame)") }
    }

    @Test func holdKeyframesInTheBackwardHalf() throws {
        // The same keyframes autoreversed twice after 0.25 s: cycle k forwards over
        // 0.25 + 2k ... 1.25 + 2k, backwards to 2.25 + 2k. Backwards, local time 2 − c: at 1.75 s
        // it is 0.5 (the hold's time: 5); a hundredth later 0.49 (0); a hundredth earlier 0.51 (5).
        let r = try renderDocument("""
            {"cadence":1,"fps":100,"tracks":[{"name":"h","autoreverse":true,"repeat":2,"delay":0.25,"keyframes":[
              {"time":0,"value":0},{"time":0.5,"value":5,"curve":"hold"},{"time":1,"value":10,"curve":"hold"}]}]}
            """)
        let expected: [(Int, Double)] = [
            (0, 0), (124, 5), (125, 10), (126, 5), (174, 5), (175, 5), (176, 0), (224, 0),
            (225, 0), (325, 10), (375, 5), (376, 0), (425, 0),
        ]
        #expect(r.frames.count == 426)
        for (frame, value) in expected { #expect(r.value("h", at: frame) == value, "frame \(frame)") }
    }

    // MARK: 4. Vectors, colours and paths in nested timelines with delays

    @Test func vectorsColoursAndPathsInSequencesAndStaggers() throws {
        // The sequence: v waits 0.25 s and plays 0.25...1.25; c follows, 1.25...2.25. The stagger
        // comes next (2.25) after a 0.5 s delay: p plays 2.75...3.75, w half a second later.
        let r = try renderDocument(##"""
            {"cadence":1,"fps":8,"tracks":[
              {"name":"v","keyframes":[{"time":0,"value":[0,0]},{"time":1,"value":[8,-4]}]},
              {"name":"c","keyframes":[{"time":0,"value":"#FF0000"},{"time":1,"value":"#00FF0080"}]},
              {"name":"p","type":"path","keyframes":[{"time":0,"value":"M0 0 L30 0"},{"time":1,"value":"M0 0 L60 12"}]},
              {"name":"w","keyframes":[{"time":0,"value":[1,1]},{"time":1,"value":[3,5]}]}],
             "timeline":[{"sequence":[{"track":"v","delay":0.25},{"track":"c"}]},
                         {"stagger":[{"track":"p"},{"track":"w"}],"each":0.5,"delay":0.5}]}
            """##)
        #expect(r.frames.count == 35)                                  // 4.25 s
        #expect(Self.numbers(r, "v", at: 0) == [0, 0])
        #expect(Self.numbers(r, "v", at: 2) == [0, 0])                 // 0.25 s: starts
        #expect(Self.numbers(r, "v", at: 6) == [4, -2])                // 0.75 s: half-way
        #expect(Self.numbers(r, "v", at: 34) == [8, -4])
        #expect(Self.numbers(r, "w", at: 26) == [1, 1])                // 3.25 s: starts
        #expect(Self.numbers(r, "w", at: 30) == [2, 3])                // 3.75 s: half-way
        // Colours mix premultiplied: red (1, 0, 0, 1) and green at alpha a = 128/255, (0, a, 0, a);
        // at fraction f: (1 − f, f·a, 0, A = 1 − f + f·a), printed straight: (1 − f)/A, f·a/A, 0, A.
        let a = 128.0 / 255
        func color(_ f: Double) -> [Double] {
            let alpha = 1 - f + f * a
            return [(1 - f) / alpha, f * a / alpha, 0, alpha]
        }
        #expect(Self.numbers(r, "c", at: 0) == [1, 0, 0, 1])
        for (frame, f) in [(10, 0.0), (12, 0.25), (14, 0.5), (18, 1.0), (34, 1.0)] {
            let got = Self.numbers(r, "c", at: frame), want = color(f)
            #expect(zip(got, want).allSatisfy { isClose($0, $1, 1e-12) }, "frame \(frame): \(got) against \(want)")
        }
        // Half-way the colour is 255/383 red, 128/383 green, alpha 383/510.
        #expect(isClose(color(0.5)[0], 255.0 / 383, 1e-15) && isClose(color(0.5)[3], 383.0 / 510, 1e-15))
        // Matching paths morph point by point; lines become cubic curves with their control points
        // at ⅓ and ⅔: (10, 0), (20, 0), (30, 0) against (20, 4), (40, 8), (60, 12).
        #expect(try r.path("p", at: 0) == Path(svgPathData: "M 0 0 L 30 0"))                  // fills backwards
        #expect(try r.path("p", at: 22) == Path(svgPathData: "M 0 0 L 30 0"))                 // 2.75 s: the first path itself
        #expect(try r.path("p", at: 24) == Path(svgPathData: "M 0 0 C 12.5 1 25 2 37.5 3"))   // 3.0 s: a quarter
        #expect(try r.path("p", at: 26) == Path(svgPathData: "M 0 0 C 15 2 30 4 45 6"))       // 3.25 s: half-way
        #expect(try r.path("p", at: 30) == Path(svgPathData: "M 0 0 L 60 12"))                // 3.75 s: the last path itself
        #expect(try r.path("p", at: 34) == Path(svgPathData: "M 0 0 L 60 12"))
    }

    // MARK: 5. Fill modes on timeline items

    static let fills = ["none", "forwards", "backwards", "both"]

    @Test(arguments: fills, fills)
    func fillOnAGroupAndOnATrackInsideIt(groupFill: String, trackFill: String) throws {
        // The group (2.5 s long, because of z) waits 1 s: it is active over 1...3.5 s; inside it a
        // and b play 1.5...2.5 s. a has "base": 3; b's base is its first value, 2.
        let r = try renderDocument("""
            {"cadence":1,"fps":4,"duration":4,"tracks":[
              {"name":"a","base":3,"keyframes":[{"time":0,"value":2},{"time":1,"value":10}]},
              {"name":"b","keyframes":[{"time":0,"value":2},{"time":1,"value":10}]},
              {"name":"z","keyframes":[{"time":0,"value":0},{"time":2.5,"value":1}]}],
             "timeline":[{"group":[{"track":"a","at":0.5,"fill":"\(trackFill)"},{"track":"b","at":0.5,"fill":"\(trackFill)"},
                                   {"track":"z"}],"delay":1,"fill":"\(groupFill)"}]}
            """)
        let groupBackwards = groupFill == "backwards" || groupFill == "both"
        let groupForwards = groupFill == "forwards" || groupFill == "both"
        let trackBackwards = trackFill == "backwards" || trackFill == "both"
        let trackForwards = trackFill == "forwards" || trackFill == "both"
        // What a shows (b shows the same with 2 for the base): the first value 2 where it fills
        // backwards, the last value 10 where it fills forwards, its base elsewhere.
        func expected(base: Double) -> [Double] {
            [
                groupBackwards && trackBackwards ? 2 : base,   // 0.5 s: the group's delay
                trackBackwards ? 2 : base,                      // 1.0 s: the group starts, a not yet
                trackBackwards ? 2 : base,                      // 1.25 s
                6,                                              // 2.0 s: a is half-way
                trackForwards ? 10 : base,                      // 2.5 s: a's end (end-exclusive)
                trackForwards ? 10 : base,                      // 3.0 s: the group is still active
                groupForwards && trackForwards ? 10 : base,     // 3.5 s: the group's end
                groupForwards && trackForwards ? 10 : base,     // 3.75 s
            ]
        }
        let frames = [2, 4, 5, 8, 10, 12, 14, 15]
        #expect(frames.map { r.value("a", at: $0) } == expected(base: 3))
        #expect(frames.map { r.value("b", at: $0) } == expected(base: 2))
    }

    // MARK: 6. Fractional and endless repeats in groups

    @Test func fractionalAndEndlessRepeatsInGroups() throws {
        // Group 1: r (0 → 8 in 0.5 s, 2.5 times) from 0.25 s, active 0.25...1.5; f (0 → 10 in
        // 0.5 s, forever) from 0.5 s. Group 2: g (0 → 10 in 1 s, twice), the group repeated 1.25
        // times: 2.5 s, ending a quarter into its second iteration.
        // Group 3: h (4 → 12 in 1 s) 0.25 s into a group repeated forever (iterations of 1.25 s).
        let r = try renderDocument("""
            {"cadence":1,"fps":8,"duration":3,"tracks":[
              {"name":"r","repeat":2.5,"keyframes":[{"time":0,"value":0},{"time":0.5,"value":8}]},
              {"name":"f","repeat":"forever","keyframes":[{"time":0,"value":0},{"time":0.5,"value":10}]},
              {"name":"g","repeat":2,"keyframes":[{"time":0,"value":0},{"time":1,"value":10}]},
              {"name":"h","keyframes":[{"time":0,"value":4},{"time":1,"value":12}]}],
             "timeline":[{"group":[{"track":"r","at":0.25},{"track":"f","at":0.5}]},
                         {"group":[{"track":"g"}],"repeat":1.25,"at":0},
                         {"group":[{"track":"h","at":0.25}],"repeat":"forever","at":0}]}
            """)
        #expect(r.frames.count == 25)
        // r: local (t − 0.25) mod 0.5, 16 per second; 0.25 (4) at and after the end.
        let rValues: [(Int, Double)] = [(0, 0), (4, 4), (6, 0), (9, 6), (10, 0), (11, 2), (12, 4), (16, 4), (24, 4)]
        // f: (t − 0.5) mod 0.5, 20 per second; the document ends inside its active interval, on a boundary.
        let fValues: [(Int, Double)] = [(3, 0), (5, 2.5), (8, 0), (23, 7.5), (24, 0)]
        // g: (t mod 2) mod 1, 10 per second, until the group's end at 2.5 s.
        let gValues: [(Int, Double)] = [(4, 5), (8, 0), (15, 8.75), (16, 0), (18, 2.5), (19, 3.75)]
        // h: group time u = t mod 1.25; before 0.25 it shows its first value 4, then 4 + 8(u − 0.25).
        let hValues: [(Int, Double)] = [(0, 4), (8, 10), (10, 4), (12, 4), (13, 5), (18, 10), (20, 4), (21, 4), (24, 6)]
        for (name, values) in [("r", rValues), ("f", fValues), ("g", gValues), ("h", hValues)] {
            for (frame, value) in values {
                #expect(r.value(name, at: frame) == value, "\(name) at frame \(frame)")
            }
        }
        // Where iterations start: r at 0.25 s, again at 0.75 and 1.25; f at 0.5 s and every half
        // second after, up to the document's end.
        func starts(_ name: String) -> [String] {
            r.events.filter { $0.1.source == name && ($0.1.kind == .started || $0.1.kind == .repeated) }
                .map { "\($0.0) \($0.1)" }
        }
        #expect(starts("r") == ["2 started r", "6 repeated r", "10 repeated r"])
        #expect(starts("f") == ["4 started f", "8 repeated f", "12 repeated f", "16 repeated f", "20 repeated f", "24 repeated f"])
    }

    // MARK: 7. The frames of events

    /// Every event of the document below, in time order, with its time in seconds.
    static let eventTimes: [(String, Double)] = [
        ("started document", 0), ("started a", 0), ("started s", 0.25), ("completed a (finished)", 0.5),
        ("started b", 0.6), ("marker mid of document", 0.75), ("repeated b", 0.9), ("completed b (finished)", 1.2),
        ("repeated s", 1.25), ("started e", 1.3), ("started d", 1.45), ("completed e (finished)", 1.5),
        ("started c", 1.6), ("completed d (finished)", 1.65), ("completed c (finished)", 1.8),
        ("completed s (finished)", 2.25), ("completed document (finished)", 2.25),
    ]

    // The first frame at or after each time, ceil(time × fps), by hand: at 20 fps every event falls
    // on a frame; at 8 and 30 fps most fall between frames.
    @Test(arguments: [
        (20, [0, 0, 5, 10, 12, 15, 18, 24, 25, 26, 29, 30, 32, 33, 36, 45, 45]),
        (8, [0, 0, 2, 4, 5, 6, 8, 10, 10, 11, 12, 12, 13, 14, 15, 18, 18]),     // 0.6 × 8 = 4.8 → 5, 1.45 × 8 = 11.6 → 12
        (30, [0, 0, 8, 15, 18, 23, 27, 36, 38, 39, 44, 45, 48, 50, 54, 68, 68]), // 0.25 × 30 = 7.5 → 8, 2.25 × 30 = 67.5 → 68
    ])
    func eventsAreReportedOnTheFirstFrameAtOrAfterThem(fps: Int, frames: [Int]) throws {
        // a: 0...0.5. b: after 0.1 s, twice 0.3 s: 0.6...1.2 (again at 0.9). The stagger starts at
        // 1.2 + 0.1 from the end: e at 1.3, d at 1.45, c at 1.6, 0.2 s each. s: 1 s autoreversed
        // (2 s), twice (4 s), at speed 2 (2 s), after a 0.25 s delay (not scaled): 0.25...2.25,
        // its second cycle from 1.25; it completes at the end of its last backward half.
        let leg = #"[{"time":0,"value":0},{"time":0.2,"value":1}]"#
        let r = try renderDocument("""
            {"cadence":1,"fps":\(fps),"labels":{"mid":0.75},"tracks":[
              {"name":"a","keyframes":[{"time":0,"value":0},{"time":0.5,"value":1}]},
              {"name":"b","keyframes":[{"time":0,"value":0},{"time":0.3,"value":1}]},
              {"name":"c","keyframes":\(leg)},{"name":"d","keyframes":\(leg)},{"name":"e","keyframes":\(leg)},
              {"name":"s","delay":0.25,"speed":2,"autoreverse":true,"repeat":2,"keyframes":[{"time":0,"value":0},{"time":1,"value":1}]}],
             "timeline":[{"sequence":[{"track":"a"},{"track":"b","delay":0.1,"repeat":2}]},
                         {"stagger":[{"track":"c"},{"track":"d"},{"track":"e"}],"each":0.15,"from":"end","at":"+=0.1"},
                         {"track":"s","at":0}]}
            """)
        #expect(r.frames.count == frames.last! + 1)
        let got = r.events.map { "\($0.0) \($0.1)" }
        let want = zip(Self.eventTimes, frames).map { "\($1) \($0.0)" }
        #expect(got == want)
    }

    @Test func repeatedEventsInJSONLines() throws {
        // At 8 fps frame 10 (1.25 s) reports b's completion (1.2 s, between frames 9 and 10) and
        // s's second cycle (1.25 s, on the frame).
        let document = try TimelineDocument(parsing: """
            {"cadence":1,"fps":8,"tracks":[
              {"name":"b","delay":0.6,"keyframes":[{"time":0,"value":0},{"time":0.6,"value":1}]},
              {"name":"s","delay":0.25,"speed":2,"autoreverse":true,"repeat":2,"keyframes":[{"time":0,"value":0},{"time":1,"value":1}]}]}
            """)
        var source = document.makeSource()
        var sink = JSONLinesSink(output: StringOutput())
        try HostLoop.renderOffline(&source, frameRate: document.frameRate, frames: 10...10, to: &sink)
        // b at 1.25 s: after its end, 1; s: 1.25 s is the start of its second cycle, 0.
        #expect(sink.output.text == #"""
            {"frame":10,"time":1.25,"values":{"b":1,"s":0},"events":[{"type":"completed","finished":true,"source":"b"},{"type":"repeated","source":"s"}]}

            """#)
    }
}
