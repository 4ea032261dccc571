import Testing
import Timeline
import TimelinePlugins

@Suite("TimingCurve easing members")
struct TimingCurveEasingTests {
    @Test func membersReadAsPhrasesInKeyframes() throws {
        let keyframes: [Keyframe<Double>] = [
            Keyframe(time: 0, value: 0),
            Keyframe(time: 1, value: 1, .timing(.linear)),
            Keyframe(time: 2, value: 2, .timing(.easeInOut)),
            Keyframe(time: 3, value: 3, .timing(.coreAnimationDefault)),
            Keyframe(time: 4, value: 4, .timing(try .steps(4, .jumpBoth))),
            Keyframe(time: 5, value: 5, .timing(try .linear([0, 0.8, 1]))),
            Keyframe(time: 6, value: 6, .timing(.easeOutBounce)),
        ]
        let track = try Track(keyframes: keyframes)
        // Hand-computed: the steps segment at a quarter of the way is 2/5 (jump-both, 5 jumps).
        #expect(track.value(at: 3.25) == 3.4)
        // linear(0, 0.8, 1) at half way is 0.8.
        #expect(track.value(at: 4.5) == 4.8)
        // ease-in-out is symmetric: half way is exactly half.
        #expect(track.value(at: 1.5) == 1.5)
        #expect(track.value(at: 5.5) == 5.765625)
    }

    @Test func membersWrapTheExpectedTypes() throws {
        #expect(TimingCurve.ease.function as? CubicBezierTiming == CubicBezierTiming.ease)
        #expect(TimingCurve.coreAnimationEaseInEaseOut.function as? CubicBezierTiming == .easeInOut)
        #expect(TimingCurve.stepStart.function as? StepsTiming == StepsTiming.stepStart)
        #expect(TimingCurve.easeInElastic.function as? PennerTiming == PennerTiming(.elastic, .easeIn))
        #expect(try TimingCurve.cubicBezier(0, 0, 1, 1).function as? CubicBezierTiming == (try CubicBezierTiming(0, 0, 1, 1)))
        #expect(throws: CubicBezierError.abscissaOutOfRange(parameter: "x2", value: 2)) {
            try TimingCurve.cubicBezier(0, 0, 2, 1)
        }
        #expect(throws: StepsTimingError.countTooSmall(count: 0, position: .jumpEnd)) {
            try TimingCurve.steps(0)
        }
        #expect(throws: PiecewiseLinearTimingError.tooFewStops(count: 1)) {
            try TimingCurve.linear([1])
        }
    }

    @Test func everyBuiltInDerivativeIsFiniteAndBounded() throws {
        var curves: [TimingCurve] = TimingCurve.acceptedNames.compactMap { try? TimingCurve(parsing: $0) }
        curves += [try .cubicBezier(0, 1, 1, 0), try .cubicBezier(1, 0, 0, 1), try .linear([0, .init(1, at: 0.5), 1])]
        for curve in curves {
            for index in 0...200 {
                let slope = curve.derivative(at: Double(index) / 200)
                #expect(slope.isFinite && abs(slope) <= TimingCurve.maximumSlope, "\(curve)")
                #expect(!curve.value(at: Double(index) / 200).isNaN)
            }
        }
    }
}
