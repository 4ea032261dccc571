import Testing
import Timeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A smooth test curve with a known closed form: the logistic-like `x³ (10 - 15x + 6x²)`
/// (smootherstep), flat at both ends, like ease-in-out.
struct SmootherstepTiming: TimingFunction, Hashable {
    func value(at x: Double) -> Double { x * x * x * (10 - 15 * x + 6 * x * x) }
    func derivative(at x: Double) -> Double { 30 * x * x * (1 - x) * (1 - x) }
    var description: String { "test-smootherstep" }
}

/// `sin(πx/2)`, Penner's ease-out-sine, written here from its formula.
struct SineTiming: TimingFunction, Hashable {
    func value(at x: Double) -> Double { sin(Double.pi * x / 2) }
    func derivative(at x: Double) -> Double { Double.pi / 2 * cos(Double.pi * x / 2) }
    var description: String { "test-sine" }
}

@Suite("TimingCurveTable")
struct TimingCurveTableTests {
    /// Dense inputs: a fine grid, both ends closely, and points around every top-level piece edge.
    static var inputs: [Double] {
        var inputs = (0...50_000).map { Double($0) / 50_000 }
        inputs += [1e-300, 1e-12, 1e-9, 1e-6, 1 - 1e-6, 1 - 1e-9, (1.0).nextDown]
        for k in 0...256 {
            let edge = (Double(k) + 0.5) / 256
            inputs += [edge.nextDown, edge, edge.nextUp]
        }
        return inputs.filter { $0 >= 0 && $0 <= 1 }
    }

    @Test("smooth curves are fully tabulated and within the tolerance everywhere, not only at check points",
          arguments: [TimingCurve(SmootherstepTiming()), TimingCurve(SineTiming()), TimingCurve(SquareTiming())])
    func smoothCurves(_ curve: TimingCurve) {
        let table = TimingCurveTable(curve)
        #expect(table.isFullyTabulated)
        #expect(table.maximumError <= 1e-9)
        var worst = 0.0
        for x in Self.inputs { worst = max(worst, abs(table.value(at: x) - curve.value(at: x))) }
        #expect(worst <= 1e-9, "\(table): \(worst)")
    }

    @Test("a singular end is refined and finally left to the curve, within the tolerance")
    func singularEnd() {
        let curve = TimingCurve(SingularEndTiming())
        let table = TimingCurveTable(curve)
        #expect(table.pieceCount > 257)          // refined near 1
        #expect(!table.isFullyTabulated)         // the last sliver calls the curve
        #expect(table.directFraction < 1e-5)
        for x in Self.inputs { #expect(abs(table.value(at: x) - curve.value(at: x)) <= 1e-9) }
    }

    @Test("jumps are never smoothed over: values on both sides of each jump are exact")
    func jumps() {
        let curve = TimingCurve(ThirdsTiming())
        let table = TimingCurveTable(curve)
        for jump in [1.0 / 3, 2.0 / 3] {
            for x in [jump - 1e-3, jump.nextDown, jump, jump.nextUp, jump + 1e-3] {
                #expect(table.value(at: x) == curve.value(at: x), "at \(x)")
            }
        }
    }

    @Test("inputs outside 0...1 and NaN are clamped as TimingCurve clamps them")
    func clamping() {
        let table = TimingCurveTable(TimingCurve(SmootherstepTiming()))
        #expect(table.value(at: -5) == 0)
        #expect(table.value(at: .nan) == 0)
        #expect(table.value(at: -.infinity) == 0)
        #expect(abs(table.value(at: 7) - 1) <= 1e-15)
        #expect(abs(table.value(at: .infinity) - 1) <= 1e-15)
    }

    @Test("a hostile tolerance is clamped; a curve that returns NaN is called, never tabulated")
    func hostileInput() {
        #expect(TimingCurveTable(TimingCurve(SquareTiming()), tolerance: .nan).tolerance == TimingCurveTable.defaultTolerance)
        #expect(TimingCurveTable(TimingCurve(SquareTiming()), tolerance: -1).tolerance == 1e-15)
        let broken = TimingCurveTable(TimingCurve(NaNTiming()))
        #expect(!broken.isFullyTabulated)
        #expect(broken.directFraction == 1)
        #expect(broken.description.contains("calls the curve"))
    }
}

/// A broken curve: NaN everywhere past 0.
struct NaNTiming: TimingFunction, Hashable {
    func value(at x: Double) -> Double { x > 0 ? .nan : 0 }
    func derivative(at x: Double) -> Double { .nan }
    var description: String { "test-nan" }
}
