import Testing
import Timeline
import TimelinePlugins

/// The examples of Docs/Easing.md, compiled and checked. Keep the two in step.
@Suite("Easing guide examples")
struct EasingGuideExamplesTests {
    @Test func keyframesWithNamedCurves() throws {
        // Guide: "Easing a track"
        let opacity = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0),
            Keyframe(time: 0.35, value: 1, .timing(.easeIn)),
            Keyframe(time: 0.7, value: 0.5, .timing(.easeOutBack)),
            Keyframe(time: 1.0, value: 0, .timing(try .cubicBezier(0.2, 0.8, 0.2, 1))),
        ])
        let halfway = opacity.value(at: 0.175)  // ease-in at 0.5: 0.3153…
        #expect(abs(halfway - 0.315_357_4) < 1e-6)
    }

    @Test func curvesFromText() throws {
        // Guide: "One syntax"
        let curve = try TimingCurve(parsing: "cubic-bezier(0.42, 0, 0.58, 1)")
        let text = curve.description  // "cubic-bezier(0.42, 0, 0.58, 1)"
        let again = try TimingCurve(parsing: text)  // the same curve
        #expect(text == "cubic-bezier(0.42, 0, 0.58, 1)")
        #expect(again.value(at: 0.3) == curve.value(at: 0.3))

        let stepped = try TimingCurve(parsing: "steps(4, jump-start)")
        #expect(stepped.value(at: 0) == 0.25)

        let ramp = try TimingCurve(parsing: "linear(0, 0.25 75%, 1)")
        #expect(ramp.value(at: 0.75) == 0.25)
        #expect(ramp.description == "linear(0 0%, 0.25 75%, 1 100%)")

        let error = try #require(throws: TimingCurveParseError.self) {
            try TimingCurve(parsing: "cubic-bezier(0.42, 0, 1.5, 1)")
        }
        // "at character 22: cubic-bezier: x2 = 1.5 is outside 0...1; the syntax is …"
        #expect(error.offset == 22)
        #expect(error.description.hasPrefix("at character 22: cubic-bezier: x2 = 1.5 is outside 0...1"))
    }

    @Test func concreteTypes() throws {
        // Guide: "The curves"
        let bezier = try CubicBezierTiming(0.25, 0.1, 0.25, 1)
        #expect(bezier == CubicBezierTiming.ease)
        let steps = try StepsTiming(5, .jumpNone)
        #expect(steps.value(at: 0.5) == 0.5)
        let ramp = try PiecewiseLinearTiming([0, .init(0.25, from: 0.25, to: 0.75), 1])
        #expect(ramp.value(at: 0.5) == 0.25)
        let bounce = PennerTiming(.bounce, .easeOut)
        #expect(bounce.value(at: 0.5) == 0.765625)
        let smoothstep = TimingCurve.custom(name: "smoothstep") { x in x * x * (3 - 2 * x) }
        #expect(abs(smoothstep.derivative(at: 0.5) - 1.5) < 1e-9)
    }

    @Test func slopesAndInverses() throws {
        // Guide: "Slopes and inverses"
        let curve = CubicBezierTiming.easeInOut
        let slope = curve.derivative(at: 0.5)  // dy/dx in the middle: 1.5 / 0.87
        let x = curve.inverse(of: 0.8)  // when 80% of the change is done (an optional)
        let none = PennerTiming(.elastic, .easeOut).inverse(of: 0.5)  // nil: not monotonic
        #expect(abs(slope - 1.5 / 0.87) < 1e-12)  // y'(½) / x'(½), by hand
        #expect(abs(curve.value(at: try #require(x)) - 0.8) < 1e-9)
        #expect(none == nil)
    }

    @Test func stepsBeforeFlag() throws {
        // Guide: "Steps and the before flag"
        let steps = try StepsTiming(5, .start)
        #expect(steps.value(at: 0) == 0.2)  // active interval: top of the first step
        #expect(steps.value(at: 0, beforeFlag: true) == 0)  // delay phase: bottom
    }
}
