import Testing
import Timeline
import TimelinePlugins

@Suite("PiecewiseLinearTiming")
struct PiecewiseLinearTimingTests {
    typealias Stop = PiecewiseLinearTiming.Stop

    static func inputs(of curve: PiecewiseLinearTiming) -> [Double] { curve.points.map(\.input) }
    static func outputs(of curve: PiecewiseLinearTiming) -> [Double] { curve.points.map(\.output) }

    @Test func specExampleEvenlySpreadStops() throws {
        // CSS Easing 2: linear(0, 0.25, 1) moves linearly from 0 to 0.25, then to 1.
        let curve = try PiecewiseLinearTiming([0, 0.25, 1])
        #expect(Self.inputs(of: curve) == [0, 0.5, 1])
        #expect(curve.value(at: 0.25) == 0.125)
        #expect(curve.value(at: 0.5) == 0.25)
        #expect(curve.value(at: 0.75) == 0.625)
        #expect(curve.description == "linear(0 0%, 0.25 50%, 1 100%)")
    }

    @Test func specExampleExplicitInput() throws {
        // linear(0, 0.25 75%, 1): 75% of the time from 0 to 0.25, the last 25% from 0.25 to 1.
        let curve = try PiecewiseLinearTiming([0, Stop(0.25, at: 0.75), 1])
        #expect(Self.inputs(of: curve) == [0, 0.75, 1])
        #expect(curve.value(at: 0.375) == 0.125)
        #expect(curve.value(at: 0.75) == 0.25)
        #expect(curve.value(at: 0.875) == 0.625)
        #expect(curve.derivative(at: 0.5) == 0.25 / 0.75)
        #expect(curve.derivative(at: 0.9) == 3)
    }

    @Test func specExampleDoubleInput() throws {
        // linear(0, 0.25 25% 75%, 1) is linear(0, 0.25 25%, 0.25 75%, 1): flat in the middle.
        let curve = try PiecewiseLinearTiming([0, Stop(0.25, from: 0.25, to: 0.75), 1])
        #expect(Self.inputs(of: curve) == [0, 0.25, 0.75, 1])
        #expect(Self.outputs(of: curve) == [0, 0.25, 0.25, 1])
        #expect(curve.value(at: 0.5) == 0.25)
        #expect(curve.derivative(at: 0.5) == 0)
        #expect(curve.value(at: 0.875) == 0.625)
        #expect(curve.description == "linear(0 0%, 0.25 25%, 0.25 75%, 1 100%)")
        #expect(curve.inverse(of: 0.25) == nil, "flat parts have no inverse")
    }

    @Test func specSerialisationExamples() throws {
        // The spec's serialisation note, verbatim.
        let raised = try PiecewiseLinearTiming([Stop(0, at: 0.2), Stop(0.5, at: 0.1), 1])
        #expect(raised.description == "linear(0 20%, 0.5 20%, 1 100%)")
        let plain = try PiecewiseLinearTiming([0, 1])
        #expect(plain.description == "linear(0 0%, 1 100%)")
    }

    @Test func equalInputsJumpToTheSecondOutput() throws {
        // linear(0 20%, 0.5 20%, 1): before 20% the first segment has no width, so the algorithm
        // returns its second point's output, 0.5; from 20% on it interpolates 0.5 → 1.
        let curve = try PiecewiseLinearTiming([Stop(0, at: 0.2), Stop(0.5, at: 0.1), 1])
        #expect(curve.value(at: 0) == 0.5)
        #expect(curve.value(at: 0.2) == 0.5)
        #expect(curve.value(at: 0.6) == 0.75)
        #expect(curve.derivative(at: 0.1) == 0)
        // A jump inside the interval: no inverse.
        let jumping = try PiecewiseLinearTiming([0, Stop(0.2, at: 0.5), Stop(0.8, at: 0.5), 1])
        #expect(jumping.value(at: 0.5) == 0.8)
        #expect(jumping.value(at: 0.25) == 0.1)
        #expect(jumping.inverse(of: 0.5) == nil)
    }

    @Test func bounceExampleFillsRunsBetweenExplicitInputs() throws {
        // The spec's "bounce" example: five stops up to 36.4% are spread 9.1% apart.
        let stops: [Stop] = [
            0, 0.063, 0.25, 0.563, Stop(1, at: 0.364), 0.812, 0.75, 0.813, Stop(1, at: 0.727),
            0.953, 0.938, 0.953, Stop(1, at: 0.909), 0.984, Stop(1, from: 1, to: 1),
        ]
        let curve = try PiecewiseLinearTiming(stops)
        let inputs = Self.inputs(of: curve)
        let expected = [0, 0.091, 0.182, 0.273, 0.364, 0.45475, 0.5455, 0.63625, 0.727, 0.7725, 0.818,
                        0.8635, 0.909, 0.9545, 1, 1]
        #expect(inputs.count == expected.count)
        for (input, value) in zip(inputs, expected) { #expect(abs(input - value) <= 1e-12) }
        #expect(curve.value(at: 0.364) == 1)
        #expect(abs(curve.value(at: 0.1365) - (0.063 + 0.25) / 2) <= 1e-12)
        #expect(curve.value(at: 1) == 1)
    }

    @Test func extrapolationContinuesTheEndSegments() throws {
        // Points only inside (0, 1): the ends continue the nearest segment's line.
        let curve = try PiecewiseLinearTiming([Stop(0.2, at: 0.2), Stop(0.6, at: 0.6)])
        #expect(abs(curve.value(at: 0) - 0) <= 1e-15)
        #expect(abs(curve.value(at: 1) - 1) <= 1e-15)
        #expect(curve.value(at: -4) == curve.value(at: 0), "value(at:) clamps the input")
        #expect(curve.value(at: .nan) == curve.value(at: 0))
    }

    @Test func derivativeMatchesCentralDifferencesAwayFromCorners() throws {
        let curve = try PiecewiseLinearTiming([0, 0.7, Stop(0.4, at: 0.6), 1])
        for x in stride(from: 0.013, through: 0.99, by: 0.037) {
            let estimate = centralDifference(curve.value(at:), at: x, step: 1e-7)
            #expect(abs(curve.derivative(at: x) - estimate) <= 1e-6, "at \(x)")
        }
    }

    @Test func inverseRoundTripsWhenStrictlyIncreasing() throws {
        let curve = try PiecewiseLinearTiming([0, 0.1, Stop(0.7, at: 0.4), 0.9, 1])
        #expect(curve.isStrictlyIncreasing)
        for y in stride(from: 0.0, through: 1, by: 0.01) {
            let x = try #require(curve.inverse(of: y))
            #expect(abs(curve.value(at: x) - y) <= 1e-14)
        }
        #expect(curve.inverse(of: 1.01) == nil)
        #expect(curve.inverse(of: .nan) == nil)
        let dipping = try PiecewiseLinearTiming([0, 0.5, 0.3, 1])
        #expect(!dipping.isStrictlyIncreasing)
        #expect(dipping.inverse(of: 0.4) == nil)
    }

    @Test func hostileStopsAreTypedErrors() {
        #expect(throws: PiecewiseLinearTimingError.tooFewStops(count: 0)) {
            try PiecewiseLinearTiming([])
        }
        #expect(throws: PiecewiseLinearTimingError.tooFewStops(count: 1)) {
            try PiecewiseLinearTiming([0.5])
        }
        #expect(throws: PiecewiseLinearTimingError.outOfRange(stop: 1, value: 1e7)) {
            try PiecewiseLinearTiming([0, Stop(1e7), 1])
        }
        let error = #expect(throws: PiecewiseLinearTimingError.self) {
            try PiecewiseLinearTiming([0, Stop(.nan), 1])
        }
        #expect(error?.stopIndex == 1)
        let inputError = #expect(throws: PiecewiseLinearTimingError.self) {
            try PiecewiseLinearTiming([0, 0.5, Stop(1, at: .infinity)])
        }
        guard case .nonFiniteInput(let stop, _)? = inputError else {
            Issue.record("expected nonFiniteInput, got \(String(describing: inputError))")
            return
        }
        #expect(stop == 2)
    }

    @Test func stopsAHairApartThatWouldExtrapolateBeyondADoubleAreAnError() throws {
        // Found by the fuzzer (FuzzTimingCurve): the last two stops 2e-322 apart, so CSS's
        // extension of their segment to input 1 is 5 / 2e-322 ≈ 2.5e322: no Double holds it.
        #expect(throws: PiecewiseLinearTimingError.overflowingExtrapolation(stop: 1)) {
            _ = try PiecewiseLinearTiming([0, .init(5, at: 40 * Double.leastNonzeroMagnitude)])
        }
        let error = try #require(throws: TimingCurveParseError.self) { try TimingCurve(parsing: "linear(0 , 05 2E-320%)") }
        #expect("\(error)".contains("linear(): stop 2 is so close to its neighbour"))
        // Close stops whose extension stays finite are fine, and every value in 0...1 is finite:
        // the segment 0 → 1e-3 over 0.1 % extends to 1 at input 1.
        let steep = try PiecewiseLinearTiming([0, .init(1e-3, at: 1e-3)])
        #expect(abs(steep.value(at: 1) - 1) < 1e-12)
    }
}
