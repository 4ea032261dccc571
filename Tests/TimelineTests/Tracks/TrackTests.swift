import Testing
import Timeline

@Suite("Track")
struct TrackTests {
    /// The track of the JSON format's example, with a cubic in place of the spring.
    let mixed = try! Track<Double>(keyframes: [
        Keyframe(time: 0, value: 0.3),
        Keyframe(time: 0.5, value: 1.0),
        Keyframe(time: 1.5, value: 1.2, .cubic),
        Keyframe(time: 2.0, value: 0.0, .hold),
    ])

    @Test func linearSegmentByHand() {
        #expect(isClose(mixed.value(at: 0.25), 0.65))
        #expect(isClose(mixed.velocity(at: 0.25), 1.4))
        #expect(isClose(mixed.value(at: 0.1), 0.3 + 0.7 * 0.2))
    }

    @Test func cubicAfterLinearCarriesVelocityIn() {
        // Start velocity = the linear segment's 1.4/s; end velocity = the hold's 0.
        // Hermite at u = 0.5, d = 1: 0.5·1.0 + 0.5·1.2 + 0.125·1.4 − 0.125·0 = 1.275.
        #expect(isClose(mixed.value(at: 1.0), 1.275))
        #expect(isClose(mixed.velocity(at: 0.5), 1.4))
        #expect(isClose(mixed.velocity(at: 1.5 - 1e-9), 0, tolerance: 1e-7))
    }

    @Test func holdJumpsAtItsKeyframe() {
        #expect(mixed.value(at: 1.99) == 1.2)
        #expect(mixed.value(at: 2.0) == 0.0)
        #expect(mixed.velocity(at: 1.75) == 0)
    }

    @Test func valuesOutsideTheKeyframesHold() {
        #expect(mixed.value(at: -1) == 0.3)
        #expect(mixed.value(at: 0) == 0.3)
        #expect(mixed.value(at: 100) == 0.0)
        #expect(mixed.velocity(at: -1) == 0)
        #expect(mixed.velocity(at: 100) == 0)
        #expect(mixed.value(at: .nan) == 0.3)
        #expect(mixed.value(at: .infinity) == 0.0)
        #expect(mixed.value(at: -.infinity) == 0.3)
        #expect(mixed.duration == 2.0)
    }

    @Test func keyframeValuesAreHitExactly() {
        #expect(mixed.value(at: 0.5) == 1.0)
        #expect(mixed.value(at: 1.5) == 1.2)
    }

    @Test func adjacentCubicKeyframesFormACatmullRomSpline() throws {
        let points: [Double] = [0, 1, 0, 1, 3]
        let track = try Track(keyframes: points.enumerated().map {
            Keyframe(time: Double($0.offset), value: $0.element, .cubic)
        })
        // Uniform Catmull-Rom between P1 and P2 (matrix form, tension 0.5), independent of Hermite.
        func catmullRom(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ t: Double) -> Double {
            0.5 * (2 * p1 + (p2 - p0) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t
                + (3 * p1 - p0 - 3 * p2 + p3) * t * t * t)
        }
        for segment in 1...2 {
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                let expected = catmullRom(
                    points[segment - 1], points[segment], points[segment + 1], points[segment + 2], t)
                #expect(isClose(track.value(at: Double(segment) + t), expected, tolerance: 1e-12))
            }
        }
        // Velocity is continuous across interior keyframes.
        for k in 1...3 {
            let before = track.velocity(at: Double(k) - 1e-9)
            let after = track.velocity(at: Double(k))
            #expect(isClose(before, after, tolerance: 1e-6))
        }
    }

    @Test func nonUniformCatmullRomTangentUsesTheTimeSpan() throws {
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 2, .cubic),
            Keyframe(time: 4, value: 8, .cubic),
        ])
        // Tangent at keyframe 1 = (8 − 0) / (4 − 0) = 2 per second.
        #expect(isClose(track.velocity(at: 1), 2))
        #expect(isClose(track.velocity(at: 1 - 1e-9), 2, tolerance: 1e-6))
    }

    @Test func explicitCubicVelocitiesAreUsed() throws {
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0),
            Keyframe(time: 2, value: 10, .cubic(startVelocity: 0, endVelocity: 0)),
        ])
        // Zero end velocities on one segment: smoothstep, 10·(3u² − 2u³).
        #expect(isClose(track.value(at: 0.5), 10 * (3 * 0.0625 - 2 * 0.015625)))
        #expect(isClose(track.value(at: 1), 5))
        #expect(track.velocity(at: 0) == 0)
        // Peak velocity of smoothstep over 2 s: 10 · 1.5 / 2.
        #expect(isClose(track.velocity(at: 1), 7.5))
    }

    @Test func explicitCubicVelocitiesCarryAcrossNeighbouringCubics() throws {
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0),
            Keyframe(time: 1, value: 1, .cubic(startVelocity: 0, endVelocity: 5)),
            Keyframe(time: 2, value: 0, .cubic),
            Keyframe(time: 3, value: 2, .cubic(startVelocity: -3)),
        ])
        // The middle cubic starts with the previous explicit end velocity and ends with the next
        // explicit start velocity: motion stays smooth across both keyframes.
        #expect(isClose(track.velocity(at: 1 - 1e-9), 5, tolerance: 1e-6))
        #expect(isClose(track.velocity(at: 1), 5))
        #expect(isClose(track.velocity(at: 2 - 1e-9), -3, tolerance: 1e-6))
        #expect(isClose(track.velocity(at: 2), -3))
    }

    /// A curve that starts vertically, reporting its slope as the easing plugin does (1e9).
    struct VerticalStart: TimingFunction {
        func value(at x: Double) -> Double { x.squareRoot() }
        func derivative(at x: Double) -> Double { x > 0 ? min(0.5 / x.squareRoot(), 1e9) : 1e9 }
        var description: String { "sqrt" }
    }

    @Test func aCubicBeforeAVerticalStartKeepsItsTangent() throws {
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1, .cubic),
            Keyframe(time: 2, value: 2, .timing(TimingCurve(VerticalStart()))),
        ])
        // Catmull-Rom tangent at keyframe 1: (2 − 0) / (2 − 0) = 1, not the curve's 1e9.
        #expect(isClose(track.velocity(at: 1 - 1e-9), 1, tolerance: 1e-6))
        #expect(track.value(at: 0.5) > 0 && track.value(at: 0.5) < 1)
    }

    @Test func timingCurveShapesProgress() throws {
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 1, value: 2), Keyframe(time: 3, value: 6, .timing(TimingCurve(QuadraticTiming()))),
        ])
        // u = 0.5 → eased 0.25 → 2 + 4 · 0.25.
        #expect(isClose(track.value(at: 2), 3))
        // d/dt = Δ · 2u / duration = 4 · 1 / 2.
        #expect(isClose(track.velocity(at: 2), 2))
        #expect(track.startTime == 1)
    }

    @Test func pluginSegmentsInterpolateThroughTheirWeights() throws {
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 10, .custom(WiggleSegment())),
        ])
        // 10·(u + 0.1·sin(4πu)) at u = 0.125: 10·(0.125 + 0.1).
        #expect(isClose(track.value(at: 0.125), 2.25, tolerance: 1e-12))
        #expect(isClose(track.value(at: 1), 10))
    }

    @Test func brokenPluginIsRejectedWithItsKeyframe() {
        #expect(throws: TrackError.invalidSegment(keyframe: 1, kind: "broken")) {
            try Track<Double>(keyframes: [
                Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1, .custom(BrokenSegment())),
            ])
        }
    }

    @Test func segmentDurationsBecomeAbsoluteTimes() throws {
        let track = try Track<Double>(startingAt: 1, segments: [
            TrackSegment(to: 3, duration: 0.5), TrackSegment(to: 0, duration: 0.25, .hold),
        ])
        #expect(track.keyframes.map(\.time) == [0, 0.5, 0.75])
        #expect(isClose(track.value(at: 0.25), 2))
        #expect(track.value(at: 0.7) == 3)
        #expect(track.duration == 0.75)
    }

    @Test func vectorValuesInterpolateComponentwise() throws {
        let track = try Track<SIMD2<Double>>(keyframes: [
            Keyframe(time: 0, value: [0, 10]), Keyframe(time: 2, value: [4, -10]),
        ])
        #expect(track.value(at: 0.5) == [1, 5])
        #expect(track.velocity(at: 1) == [2, -10])
        let points = try Track<Point>(keyframes: [
            Keyframe(time: 0, value: Point(x: 0, y: 0)), Keyframe(time: 1, value: Point(x: 2, y: 4)),
        ])
        #expect(points.value(at: 0.25) == Point(x: 0.5, y: 1))
    }

    @Test func singleKeyframeIsConstant() throws {
        let track = try Track<Double>.constant(4)
        #expect(track.value(at: -3) == 4)
        #expect(track.value(at: 3) == 4)
        #expect(track.velocity(at: 0) == 0)
    }

    @Test func cursorPlaybackMatchesRandomAccess() throws {
        var keyframes = [Keyframe<Double>(time: 0, value: 0)]
        for i in 1...50 {
            let kind: SegmentKind<Double> = i % 3 == 0 ? .cubic : (i % 3 == 1 ? .linear : .hold)
            keyframes.append(Keyframe(time: Double(i) * 0.1, value: Double(i % 7), kind))
        }
        let track = try Track(keyframes: keyframes)
        var cursor = TrackCursor()
        // Forward, with large jumps, then backward.
        let times = stride(from: -0.2, through: 5.3, by: 0.013).map { $0 } + [1.0, 4.9, 0.05, 2.5, 2.4]
        for t in times {
            #expect(track.value(at: t, cursor: &cursor) == track.value(at: t))
            #expect(track.velocity(at: t, cursor: &cursor) == track.velocity(at: t))
        }
    }
}

@Suite("Track validation")
struct TrackValidationTests {
    @Test func emptyTrack() {
        #expect(throws: TrackError.empty) { try Track<Double>(keyframes: []) }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteTime(_ time: Double) {
        #expect(throws: TrackError.nonFiniteTime(keyframe: 1)) {
            try Track<Double>(keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: time, value: 1)])
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteValue(_ value: Double) {
        #expect(throws: TrackError.nonFiniteValue(keyframe: 2)) {
            try Track<Double>(keyframes: [
                Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1), Keyframe(time: 2, value: value),
            ])
        }
        #expect(throws: TrackError.nonFiniteValue(keyframe: 0)) {
            try Track<SIMD2<Double>>(keyframes: [Keyframe(time: 0, value: [0, value])])
        }
    }

    @Test func duplicateAndUnsortedTimes() {
        #expect(throws: TrackError.timeNotIncreasing(keyframe: 2, time: 1, previous: 1)) {
            try Track<Double>(keyframes: [
                Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1), Keyframe(time: 1, value: 2),
            ])
        }
        #expect(throws: TrackError.timeNotIncreasing(keyframe: 1, time: 0.5, previous: 2)) {
            try Track<Double>(keyframes: [Keyframe(time: 2, value: 0), Keyframe(time: 0.5, value: 1)])
        }
    }

    @Test func oneKeyframeTimeIsCheckedAsTracksCheckTheirs() throws {
        try TrackError.checkKeyframeTime(0, keyframe: 0, previous: nil)
        try TrackError.checkKeyframeTime(0.25, keyframe: 4, previous: 0.125)
        #expect(throws: TrackError.nonFiniteTime(keyframe: 2)) {
            try TrackError.checkKeyframeTime(.nan, keyframe: 2, previous: 1)
        }
        #expect(throws: TrackError.nonFiniteTime(keyframe: 0)) {
            try TrackError.checkKeyframeTime(.infinity, keyframe: 0, previous: nil)
        }
        // Negative before not increasing: -0.5 after 1 is named for its sign.
        #expect(throws: TrackError.negativeTime(keyframe: 1, time: -0.5)) {
            try TrackError.checkKeyframeTime(-0.5, keyframe: 1, previous: 1)
        }
        #expect(throws: TrackError.timeNotIncreasing(keyframe: 3, time: 1, previous: 1)) {
            try TrackError.checkKeyframeTime(1, keyframe: 3, previous: 1)
        }
        // -0 is not negative, but it is no later than 0.
        #expect(throws: TrackError.timeNotIncreasing(keyframe: 1, time: -0.0, previous: 0)) {
            try TrackError.checkKeyframeTime(-0.0, keyframe: 1, previous: 0)
        }
    }

    @Test func negativeTime() {
        #expect(throws: TrackError.negativeTime(keyframe: 0, time: -1)) {
            try Track<Double>(keyframes: [Keyframe(time: -1, value: 0)])
        }
    }

    @Test(arguments: [0.0, -0.5, .nan, .infinity])
    func invalidDurations(_ duration: Double) throws {
        let error = #expect(throws: TrackError.self) {
            try Track<Double>(startingAt: 0, segments: [
                TrackSegment(to: 1, duration: 1), TrackSegment(to: 2, duration: duration),
            ])
        }
        guard case .invalidDuration(let keyframe, let reported) = try #require(error) else {
            Issue.record("expected invalidDuration, got \(String(describing: error))")
            return
        }
        #expect(keyframe == 2)
        #expect(reported == duration || (reported.isNaN && duration.isNaN))
    }

    @Test func missingDuration() {
        #expect(throws: TrackError.missingDuration(keyframe: 1)) {
            try Track<Double>(startingAt: 0, segments: [TrackSegment(to: 1, duration: nil)])
        }
    }

    @Test func nonFiniteVelocity() {
        #expect(throws: TrackError.nonFiniteVelocity(keyframe: 1)) {
            try Track<Double>(keyframes: [
                Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1, .cubic(startVelocity: .nan)),
            ])
        }
    }

    @Test func segmentsThatOverflowAreRefused() {
        #expect(throws: TrackError.segmentOutOfRange(keyframe: 1)) {
            try Track<Double>(keyframes: [Keyframe(time: 0, value: -1e308), Keyframe(time: 1, value: 1e308)])
        }
        #expect(throws: TrackError.segmentOutOfRange(keyframe: 1)) {
            try Track<Double>(keyframes: [
                Keyframe(time: 0, value: 0), Keyframe(time: .leastNonzeroMagnitude * 2000, value: 1, .cubic), Keyframe(time: 1, value: 0, .cubic),
            ])
        }
    }

    @Test func hermiteVelocitiesThatOverflowOverTheSegmentAreRefused() {
        // The reliability audit's defect 6: finite velocity × a 10 s segment overflows.
        #expect(throws: TrackError.segmentOutOfRange(keyframe: 1)) {
            try Track<Double>(keyframes: [
                Keyframe(time: 0, value: 0), Keyframe(time: 10, value: 1, .cubic(startVelocity: 1.7e308)),
            ])
        }
        #expect(throws: TrackError.segmentOutOfRange(keyframe: 2)) {
            try Track<Double>(keyframes: [
                Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1),
                Keyframe(time: 3, value: 2, .cubic(startVelocity: 1, endVelocity: -1e308)),
            ])
        }
        #expect(throws: TrackError.segmentOutOfRange(keyframe: 1)) {
            try Track<SIMD2<Double>>(keyframes: [
                Keyframe(time: 0, value: [0, 1e308]), Keyframe(time: 1, value: [1, 1e308], .cubic(startVelocity: [0, 1e308])),
            ])
        }
    }

    @Test func timingCurvesThatOvershootPastTheLargestDoubleAreRefused() {
        // Overshoots 100 times its change: 0 → 1e307 would peak at 1e309.
        struct Overshoot: TimingFunction {
            func value(at x: Double) -> Double { x == 1 ? 1 : 400 * x * (1 - x) }
            func derivative(at x: Double) -> Double { 400 - 800 * x }
            var description: String { "overshoot" }
        }
        #expect(throws: TrackError.segmentOutOfRange(keyframe: 1)) {
            try Track<Double>(keyframes: [
                Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1e307, .timing(TimingCurve(Overshoot()))),
            ])
        }
        // The same curve over ordinary values is fine.
        let track = try? Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1, .timing(TimingCurve(Overshoot()))),
        ])
        #expect(track?.value(at: 0.5) == 100)
    }

    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func acceptedTracksNeverEvaluateToANonFiniteNumber(seed: UInt64) {
        // Huge values, velocities and tiny durations: a track either refuses them or stays finite.
        var random = SplitMix64(state: seed)
        for _ in 0..<200 {
            let scale = [1.0, 1e150, 1e300, 1e307, 1.7e308][Int.random(in: 0..<5, using: &random)]
            var keyframes = [Keyframe(time: 0, value: random.uniform(-1...1) * scale)]
            var time = 0.0
            for _ in 0..<3 {
                time += [1e-300, 1e-3, 1, 1e6][Int.random(in: 0..<4, using: &random)]
                let velocity = random.uniform(-1...1) * [0, 1, 1e300, 1.7e308][Int.random(in: 0..<4, using: &random)]
                let kind: SegmentKind<Double> = [.linear, .cubic, .cubic(startVelocity: velocity), .cubic(startVelocity: 0, endVelocity: velocity)][Int.random(in: 0..<4, using: &random)]
                keyframes.append(Keyframe(time: time, value: random.uniform(-1...1) * scale, kind))
            }
            guard let track = try? Track<Double>(keyframes: keyframes) else { continue }
            for step in 0...64 {
                let t = time * Double(step) / 64
                #expect(track.value(at: t).isFinite, "\(keyframes) at \(t)")
                #expect(track.velocity(at: t).isFinite, "\(keyframes) at \(t)")
            }
        }
    }

    @Test func errorsSayWhere() {
        #expect(TrackError.timeNotIncreasing(keyframe: 3, time: 1, previous: 2).description
            == "keyframe 3: time 1.0 must be greater than the previous keyframe's time 2.0")
        #expect(TrackError.nonFiniteValue(keyframe: 4).keyframe == 4)
    }
}
