#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Timeline
import TimelinePlugins

@Suite("PennerTiming")
struct PennerTimingTests {
    /// Values worked out by hand from the published formulas.
    static let handPicked: [(String, Double, Double)] = [
        ("ease-out-bounce", 0.5, 0.765625),
        ("ease-in-bounce", 0.5, 0.234375),
        ("ease-in-out-bounce", 0.25, 0.1171875),
        ("ease-in-quad", 0.5, 0.25),
        ("ease-out-quad", 0.5, 0.75),
        ("ease-in-out-cubic", 0.25, 0.0625),
        ("ease-in-out-quart", 0.75, 0.96875),
        ("ease-in-quint", 0.5, 0.03125),
        ("ease-in-expo", 0.5, 0.03125),
        ("ease-out-expo", 0.5, 0.96875),
        ("ease-in-out-expo", 0.25, 0.015625),
        ("ease-in-circ", 0.6, 0.2),
        ("ease-out-circ", 0.4, 0.8),
        ("ease-in-sine", 1.0 / 3, 1 - 0.866_025_403_784_438_6),
        ("ease-in-out-sine", 0.5, 0.5),
        ("ease-in-back", 0.5, 2.70158 / 8 - 1.70158 / 4),
        ("ease-in-out-back", 0.25, 0.0625 * (1 - 1.70158 * 1.525)),
        ("ease-out-elastic", 0.1, 1.25),
        ("ease-in-elastic", 0.9, -0.25),
    ]

    @Test(arguments: 0..<handPicked.count)
    func handPickedValues(row: Int) throws {
        let (name, x, expected) = Self.handPicked[row]
        let curve = try TimingCurve(parsing: name)
        #expect(abs(curve.value(at: x) - expected) <= 1e-14, "\(name)(\(x))")
    }

    @Test(arguments: PennerTiming.all)
    func matchesPennersOriginalEquations(curve: PennerTiming) {
        for index in 0...400 {
            let x = Double(index) / 400
            let expected = PennerOriginal.evaluate(curve.family, curve.direction, x)
            #expect(abs(curve.value(at: x) - expected) <= 1e-12, "\(curve) at \(x)")
        }
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: -1) == 0)
        #expect(curve.value(at: 2) == 1)
        #expect(curve.value(at: .nan) == 0)
    }

    /// Where a curve's slope jumps (bounce arcs meet) or is infinite (circ), central differences
    /// say nothing useful.
    static func isNearKinkOrPole(_ curve: PennerTiming, _ x: Double) -> Bool {
        var points: [Double] = []
        if curve.family == .bounce {
            let out = [1 / 2.75, 2 / 2.75, 2.5 / 2.75]
            switch curve.direction {
            case .easeOut: points = out
            case .easeIn: points = out.map { 1 - $0 }
            case .easeInOut: points = out.map { (1 - $0) / 2 } + out.map { (1 + $0) / 2 } + [0.5]
            }
        }
        if curve.family == .circ { points = [0, 0.5, 1] }
        return points.contains { abs($0 - x) < 0.02 }
    }

    @Test(arguments: PennerTiming.all)
    func derivativeMatchesCentralDifferences(curve: PennerTiming) {
        for index in 1..<100 {
            let x = Double(index) / 100 + 0.003
            guard x < 1, !Self.isNearKinkOrPole(curve, x) else { continue }
            let estimate = centralDifference(curve.value(at:), at: x, step: 1e-6)
            let exact = curve.derivative(at: x)
            #expect(abs(exact - estimate) <= 2e-6 * max(1, abs(exact)), "\(curve) at \(x)")
        }
    }

    @Test func slopesAtTheEnds() {
        // Hand-computed: quad in starts flat and ends at slope 2; circ out starts vertical.
        #expect(PennerTiming(.quad, .easeIn).derivative(at: 0) == 0)
        #expect(PennerTiming(.quad, .easeIn).derivative(at: 1) == 2)
        #expect(PennerTiming(.cubic, .easeOut).derivative(at: 0) == 3)
        #expect(abs(PennerTiming(.sine, .easeInOut).derivative(at: 0.5) - .pi / 2) <= 1e-15)
        #expect(PennerTiming(.circ, .easeOut).derivative(at: 0) == TimingCurve.maximumSlope)
        #expect(PennerTiming(.circ, .easeIn).derivative(at: 1) == TimingCurve.maximumSlope)
        #expect(PennerTiming(.circ, .easeInOut).derivative(at: 0.5) == TimingCurve.maximumSlope)
        // Elastic in ends with the slope of 2^(10x - 10): 10 ln 2.
        #expect(abs(PennerTiming(.elastic, .easeIn).derivative(at: 1) - 10 * log(2.0)) <= 1e-12)
        for curve in PennerTiming.all {
            #expect(curve.derivative(at: 0).isFinite && curve.derivative(at: 1).isFinite)
        }
    }

    @Test(arguments: PennerTiming.all.filter(\.isMonotonic))
    func inverseRoundTrips(curve: PennerTiming) throws {
        for index in 0...200 {
            let y = Double(index) / 200
            guard let x = curve.inverse(of: y) else {
                // Only expo has gaps: it skips the values within 2^-10 of an end it pins.
                #expect(curve.family == .expo, "\(curve) has no inverse at \(y)")
                #expect(min(y, 1 - y) < 0x1p-10 || (curve.direction == .easeInOut && min(y, 1 - y) < 0x1p-11))
                continue
            }
            #expect(abs(curve.value(at: x) - y) <= 1e-12, "\(curve) at \(y)")
        }
        for index in 1..<50 {
            let x = Double(index) / 50
            guard curve.derivative(at: x) > 0.01 else { continue }
            let back = try #require(curve.inverse(of: curve.value(at: x)))
            #expect(abs(back - x) <= 1e-10, "\(curve) at \(x)")
        }
        #expect(curve.inverse(of: -0.1) == nil)
        #expect(curve.inverse(of: 1.1) == nil)
        #expect(curve.inverse(of: .nan) == nil)
    }

    @Test func nonMonotonicFamiliesHaveNoInverse() {
        for curve in PennerTiming.all where [.back, .elastic, .bounce].contains(curve.family) {
            #expect(!curve.isMonotonic)
            #expect(curve.inverse(of: 0.5) == nil)
        }
    }

    @Test func namesAndStaticMembers() {
        #expect(PennerTiming.all.count == 30)
        #expect(PennerTiming(.back, .easeOut).description == "ease-out-back")
        #expect(TimingCurve.easeOutBack.description == "ease-out-back")
        #expect(TimingCurve.easeInOutBounce.description == "ease-in-out-bounce")
        #expect(TimingCurve.easeInQuad.description == "ease-in-quad")
        #expect(TimingCurve.penner(.elastic, .easeInOut).description == "ease-in-out-elastic")
        #expect(TimingCurve.easeOutBounce.value(at: 0.5) == 0.765625)
    }
}

@Suite("PennerTiming expo gaps")
struct PennerExpoGapTests {
    @Test func expoSkipsValuesNearThePinnedEnds() throws {
        // 2^(10x - 10) is 2^-10 at x = 0+, but the equation pins x = 0 to 0.
        let easeIn = PennerTiming(.expo, .easeIn)
        #expect(easeIn.inverse(of: 0.0005) == nil)
        #expect(easeIn.inverse(of: 0) == 0)
        #expect(abs(try #require(easeIn.inverse(of: 0x1p-10))) <= 1e-15)
        let easeOut = PennerTiming(.expo, .easeOut)
        #expect(easeOut.inverse(of: 0.9995) == nil)
        #expect(easeOut.inverse(of: 1) == 1)
        let easeInOut = PennerTiming(.expo, .easeInOut)
        #expect(easeInOut.inverse(of: 0.0004) == nil)
        #expect(easeInOut.inverse(of: 0.9996) == nil)
        #expect(easeInOut.inverse(of: 0.5) == 0.5)
    }
}
