import Testing
import Timeline
import TimelinePlugins
import CadenceTestSupport

/// The tables a bank builds for the easing plugin's curves, checked against an independent
/// reference (de Casteljau in double-double, inverted by bisection) at dense inputs.
@Suite("TimingCurveTable accuracy")
struct CurveTableAccuracyTests {
    static let bezierCurves: [(String, Double, Double, Double, Double)] = [
        ("ease", 0.25, 0.1, 0.25, 1), ("ease-in", 0.42, 0, 1, 1), ("ease-out", 0, 0, 0.58, 1),
        ("ease-in-out", 0.42, 0, 0.58, 1), ("overshoot", 0.3, -0.6, 0.5, 1.8),
        ("steep middle", 0.9, 0, 0.1, 1),
    ]

    @Test("cubic Béziers tabulate fully and stay within 1e-7 of the exact curve", arguments: bezierCurves)
    func bezierTables(_ curve: (String, Double, Double, Double, Double)) throws {
        let (name, x1, y1, x2, y2) = curve
        let table = TimingCurveTable(try .cubicBezier(x1, y1, x2, y2))
        #expect(table.isFullyTabulated, "\(name) has direct pieces")
        #expect(table.maximumError <= TimingCurveTable.defaultTolerance)
        let reference = ReferenceBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        var random = SeededGenerator(seed: 11)
        // A grid, both ends closely, and random points: about 12,000 inputs.
        var inputs = probeInputs(grid: 4_096)
        inputs += (0..<8_000).map { _ in Double.random(in: 0...1, using: &random) }
        var worst = 0.0
        for x in inputs {
            worst = max(worst, abs(table.value(at: x) - reference.value(at: x)))
        }
        #expect(worst <= 1e-7, "\(name): \(worst)")
    }

    @Test("Penner ease-out-back, a cubic polynomial, tabulates to rounding error")
    func backTable() {
        let table = TimingCurveTable(.easeOutBack)
        #expect(table.isFullyTabulated)
        // easings.net: 1 + c3 (x - 1)³ + c1 (x - 1)², c1 = 1.70158, c3 = c1 + 1.
        let c1 = 1.70158
        let c3 = c1 + 1
        for step in 0...10_000 {
            let x = Double(step) / 10_000
            let exact = 1 + c3 * (x - 1) * (x - 1) * (x - 1) + c1 * (x - 1) * (x - 1)
            #expect(abs(table.value(at: x) - exact) <= 1e-12)
        }
    }

    @Test("a vertical tangent cannot be tabulated around it, and is called there")
    func verticalTangent() throws {
        // cubic-bezier(1, 0, 0, 1): x'(1/2) = 0 while y'(1/2) = 3/2, a vertical tangent at x = 1/2.
        let table = TimingCurveTable(try .cubicBezier(1, 0, 0, 1))
        #expect(!table.isFullyTabulated)
        let reference = ReferenceBezier(x1: 1, y1: 0, x2: 0, y2: 1)
        for step in 0...20_000 {
            let x = Double(step) / 20_000
            #expect(abs(table.value(at: x) - reference.value(at: x)) <= 1e-7)
        }
    }

    @Test("steps cannot be tabulated: the jumps are left to the curve itself")
    func stepsTable() throws {
        let table = TimingCurveTable(try .steps(4))
        #expect(!table.isFullyTabulated)
        #expect(table.directFraction > 0 && table.directFraction < 1e-4)
        for x in [0.0, 0.1, 0.2499, 0.25, 0.26, 0.5, 0.74, 0.75, 0.99, 1.0] {
            #expect(table.value(at: x) == (x == 1 ? 1 : (x * 4).rounded(.down) / 4))
        }
    }
}
