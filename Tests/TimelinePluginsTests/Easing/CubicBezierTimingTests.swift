import Testing
import Timeline
import TimelinePlugins
import CadenceTestSupport

@Suite("CubicBezierTiming")
struct CubicBezierTimingTests {
    /// The control points published by the CSS Easing spec and Apple's CAMediaTimingFunctionName
    /// documentation.
    static let published: [(CubicBezierTiming, [Double], String)] = [
        (.ease, [0.25, 0.1, 0.25, 1], "ease"),
        (.easeIn, [0.42, 0, 1, 1], "ease-in"),
        (.easeOut, [0, 0, 0.58, 1], "ease-out"),
        (.easeInOut, [0.42, 0, 0.58, 1], "ease-in-out"),
        (.coreAnimationDefault, [0.25, 0.1, 0.25, 1], "ca-default"),
        (.coreAnimationEaseIn, [0.42, 0, 1, 1], "ca-ease-in"),
        (.coreAnimationEaseOut, [0, 0, 0.58, 1], "ca-ease-out"),
        (.coreAnimationEaseInEaseOut, [0.42, 0, 0.58, 1], "ca-ease-in-ease-out"),
    ]

    @Test func namedCurvesHaveThePublishedControlPoints() {
        for (curve, points, name) in Self.published {
            #expect([curve.x1, curve.y1, curve.x2, curve.y2] == points, "\(name)")
            #expect(curve.description == name)
        }
        #expect(TimingCurve.easeInOut.description == "ease-in-out")
        #expect(TimingCurve.coreAnimationDefault.description == "ca-default")
    }

    @Test(arguments: 0..<8)
    func namedCurvesMatchTheReferenceEverywhere(index: Int) {
        let (curve, points, name) = Self.published[index]
        let reference = ReferenceBezier(x1: points[0], y1: points[1], x2: points[2], y2: points[3])
        var worst = 0.0
        for x in probeInputs(grid: 1000) {
            let error = abs(curve.value(at: x) - reference.value(at: x))
            worst = max(worst, error)
            #expect(error <= 1e-7, "\(name) at \(x)")
        }
        // The solver aims well inside the guaranteed bound.
        #expect(worst <= 1e-8, "\(name): worst error \(worst)")
    }

    /// Random control points, including x on the ends of 0...1 and y far outside it.
    static let randomCurves: [[Double]] = {
        var generator = SeededGenerator(seed: 20_240_917)
        var curves: [[Double]] = []
        for index in 0..<48 {
            func abscissa() -> Double {
                switch Int.random(in: 0..<8, using: &generator) {
                case 0: 0
                case 1: 1
                default: Double.random(in: 0...1, using: &generator)
                }
            }
            let span: ClosedRange<Double> = index % 6 == 5 ? -40...40 : -1.5...2.5
            curves.append([
                abscissa(), Double.random(in: span, using: &generator),
                abscissa(), Double.random(in: span, using: &generator),
            ])
        }
        return curves
    }()

    /// Curves whose x'(t) vanishes inside or at the ends, and extreme ordinates.
    static let degenerateCurves: [[Double]] = [
        [1, 0, 0, 1], [1, 0.3, 0, 0.7], [1, 1, 0, 0], [0, 1, 1, 0], [0, 0, 1, 1], [1, -0.5, 0, 1.5],
        [0.999_999, 0, 0.000_001, 1], [0, 1.5, 1, -0.5], [0.3, 1e6, 0.7, -1e6], [0, -1e6, 1, 1e6],
        [0.5, 100, 0.5, -100],
    ]

    @Test(arguments: randomCurves + degenerateCurves)
    func arbitraryCurvesMatchTheReference(points: [Double]) throws {
        let curve = try CubicBezierTiming(points[0], points[1], points[2], points[3])
        let reference = ReferenceBezier(x1: points[0], y1: points[1], x2: points[2], y2: points[3])
        for x in probeInputs(grid: 128) {
            let error = abs(curve.value(at: x) - reference.value(at: x))
            #expect(error <= 1e-7, "\(curve) at \(x): off by \(error)")
        }
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
    }

    @Test func curvesWithControlPointsOnTheDiagonalAreTheIdentity() throws {
        // y(t) = x(t) whenever y1 = x1 and y2 = x2, so the eased progress is the input.
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<20 {
            let a = Double.random(in: 0...1, using: &generator)
            let b = Double.random(in: 0...1, using: &generator)
            let curve = try CubicBezierTiming(a, a, b, b)
            for x in stride(from: 0.0, through: 1, by: 0.01) {
                #expect(abs(curve.value(at: x) - x) <= 1e-11)
                #expect(abs(curve.derivative(at: x) - 1) <= 1e-6, "\(curve) at \(x)")
            }
        }
    }

    @Test func symmetricCurvesPassThroughTheMiddle() throws {
        // Point symmetry about (0.5, 0.5) when (x2, y2) = (1 - x1, 1 - y1).
        #expect(CubicBezierTiming.easeInOut.value(at: 0.5) == 0.5)
        #expect(abs(try CubicBezierTiming(1, 0, 0, 1).value(at: 0.5) - 0.5) <= 1e-15)
        let curve = try CubicBezierTiming(0.3, -0.4, 0.7, 1.4)
        for x in stride(from: 0.0, through: 1, by: 0.05) {
            #expect(abs(curve.value(at: x) + curve.value(at: 1 - x) - 1) <= 1e-9)
        }
    }

    @Test func inputsOutsideTheUnitIntervalAreClamped() {
        let curve = CubicBezierTiming.ease
        #expect(curve.value(at: -3) == 0)
        #expect(curve.value(at: 4) == 1)
        #expect(curve.value(at: .nan) == 0)
        #expect(curve.value(at: .infinity) == 1)
        #expect(curve.derivative(at: .nan).isFinite)
    }

    @Test(arguments: randomCurves.prefix(16) + [[0.25, 0.1, 0.25, 1], [0.42, 0, 0.58, 1]])
    func derivativeMatchesCentralDifferences(points: [Double]) throws {
        let curve = try CubicBezierTiming(points[0], points[1], points[2], points[3])
        for x in stride(from: 0.02, through: 0.98, by: 0.02) {
            let estimate = centralDifference(curve.value(at:), at: x, step: 1e-5)
            let exact = curve.derivative(at: x)
            // Loose where the curve is steep: the difference quotient itself is then rough.
            #expect(abs(exact - estimate) <= 1e-4 * max(1, abs(exact)), "\(curve) at \(x)")
        }
    }

    @Test func derivativeAtTheEndsIsTheLimitingSlope() throws {
        // dy/dx at t = 0 is y1/x1, at t = 1 it is (1 - y2)/(1 - x2), hand-computed.
        #expect(abs(CubicBezierTiming.ease.derivative(at: 0) - 0.4) <= 1e-15)
        #expect(CubicBezierTiming.ease.derivative(at: 1) == 0)
        #expect(CubicBezierTiming.easeIn.derivative(at: 0) == 0)
        // ease-in ends at (1, 1) with x2 = 1, y2 = 1: x' and y' both vanish; L'Hôpital gives
        // y''/x'' = (6(1 - 2y2 + y1)) / (6(1 - 2x2 + x1)) = (1 - 2 + 0) / (1 - 2 + 0.42).
        #expect(abs(CubicBezierTiming.easeIn.derivative(at: 1) - (-1.0 / -0.58)) <= 1e-12)
        // ease-out starts with x1 = y1 = 0: y''/x'' = (y2 - 2y1) / (x2 - 2x1) = 1 / 0.58.
        #expect(abs(CubicBezierTiming.easeOut.derivative(at: 0) - 1 / 0.58) <= 1e-12)
        // Vertical tangents: x'(t) = 0 while y'(t) != 0.
        #expect(try CubicBezierTiming(0, 1, 1, 1).derivative(at: 0) == TimingCurve.maximumSlope)
        #expect(try CubicBezierTiming(0, -1, 1, 1).derivative(at: 0) == -TimingCurve.maximumSlope)
        #expect(try CubicBezierTiming(1, 0, 0, 1).derivative(at: 0.5) == TimingCurve.maximumSlope)
        // (1, 1, 0, 0) is the identity although x'(1/2) = 0: the third derivatives agree.
        #expect(try CubicBezierTiming(1, 1, 0, 0).derivative(at: 0.5) == 1)
    }

    @Test func inverseRoundTripsOnMonotonicCurves() throws {
        let curves: [CubicBezierTiming] = [
            .ease, .easeIn, .easeOut, .easeInOut, try CubicBezierTiming(1, 0, 0, 1),
            try CubicBezierTiming(0.1, 0.6, 0.7, 0.2),
        ]
        for curve in curves {
            #expect(curve.isMonotonic, "\(curve)")
            for y in stride(from: 0.0, through: 1, by: 0.01) {
                let x = try #require(curve.inverse(of: y), "\(curve) at \(y)")
                #expect(abs(curve.value(at: x) - y) <= 1e-9, "\(curve) at \(y)")
            }
            for x in stride(from: 0.05, through: 0.95, by: 0.05) where curve.derivative(at: x) > 0.05 {
                let back = try #require(curve.inverse(of: curve.value(at: x)))
                #expect(abs(back - x) <= 1e-8, "\(curve) at \(x)")
            }
        }
    }

    @Test func inverseIsNilWhenTheCurveOvershootsOrTheValueIsOutOfRange() throws {
        let overshooting = try CubicBezierTiming(0.3, -0.5, 0.7, 1.5)
        #expect(!overshooting.isMonotonic)
        #expect(overshooting.inverse(of: 0.5) == nil)
        #expect(CubicBezierTiming.ease.inverse(of: 1.2) == nil)
        #expect(CubicBezierTiming.ease.inverse(of: -0.1) == nil)
        #expect(CubicBezierTiming.ease.inverse(of: .nan) == nil)
    }

    @Test func hostileControlPointsAreTypedErrors() {
        #expect(throws: CubicBezierError.abscissaOutOfRange(parameter: "x1", value: 1.5)) {
            try CubicBezierTiming(1.5, 0, 0.58, 1)
        }
        #expect(throws: CubicBezierError.abscissaOutOfRange(parameter: "x2", value: -0.01)) {
            try CubicBezierTiming(0.42, 0, -0.01, 1)
        }
        #expect(throws: CubicBezierError.ordinateOutOfRange(parameter: "y2", value: 2e6)) {
            try CubicBezierTiming(0.42, 0, 0.58, 2e6)
        }
        for (index, points) in [
            [Double.nan, 0, 1, 1], [0, Double.nan, 1, 1], [0, 0, Double.infinity, 1],
            [0, 0, 1, -Double.infinity],
        ].enumerated() {
            let error = #expect(throws: CubicBezierError.self) {
                try CubicBezierTiming(points[0], points[1], points[2], points[3])
            }
            guard case .nonFinite(let parameter, _)? = error else {
                Issue.record("expected nonFinite, got \(String(describing: error))")
                continue
            }
            #expect(parameter == ["x1", "y1", "x2", "y2"][index])
            #expect(error?.argumentIndex == index)
        }
        #expect(
            CubicBezierError.abscissaOutOfRange(parameter: "x1", value: 1.5).description
                == "cubic-bezier: x1 = 1.5 is outside 0...1")
    }

    @Test func equalityIgnoresTheName() throws {
        #expect(CubicBezierTiming.ease == (try CubicBezierTiming(0.25, 0.1, 0.25, 1)))
        #expect(CubicBezierTiming.ease.hashValue == (try CubicBezierTiming(0.25, 0.1, 0.25, 1)).hashValue)
        #expect(try CubicBezierTiming(0.25, 0.1, 0.25, 1).description == "cubic-bezier(0.25, 0.1, 0.25, 1)")
        #expect(CubicBezierTiming.easeIn != CubicBezierTiming.easeOut)
    }
}
