import Testing
import Timeline
import TimelinePlugins

@Suite("CustomTiming")
struct CustomTimingTests {
    /// Smoothstep, 3x² - 2x³, whose slope 6x(1 - x) is known in closed form; it answers NaN
    /// outside 0...1 so that any call out there would show.
    static let smoothstep = CustomTiming(name: "smoothstep") { x in
        (0...1).contains(x) ? x * x * (3 - 2 * x) : .nan
    }

    @Test func differencesEstimateTheSlopeEverywhereIncludingTheEnds() {
        for index in 0...100 {
            let x = Double(index) / 100
            let exact = 6 * x * (1 - x)
            #expect(abs(Self.smoothstep.derivative(at: x) - exact) <= 1e-8, "at \(x)")
        }
        #expect(Self.smoothstep.derivative(at: -1).isFinite)
        #expect(Self.smoothstep.derivative(at: 2).isFinite)
    }

    @Test func valuesAreClampedBeforeTheClosureSeesThem() {
        #expect(Self.smoothstep.value(at: 0.5) == 0.5)
        #expect(Self.smoothstep.value(at: -3) == 0)
        #expect(Self.smoothstep.value(at: 7) == 1)
        #expect(Self.smoothstep.value(at: .nan) == 0)
        #expect(Self.smoothstep.inverse(of: 0.5) == nil)
    }

    @Test func suppliedDerivativeAndInverseAreUsed() throws {
        let exponent = 3.0
        let cubic = TimingCurve.custom(
            name: "cube", value: { x in x * x * x }, derivative: { x in exponent * x * x },
            inverse: { y in (0...1).contains(y) ? Self.cubeRoot(y) : nil })
        #expect(cubic.derivative(at: 0.5) == 0.75)
        #expect(abs(try #require(cubic.inverse(of: 0.125)) - 0.5) <= 1e-15)
        #expect(cubic.inverse(of: 2) == nil)
        #expect(cubic.description == "custom(cube)")
    }

    static func cubeRoot(_ y: Double) -> Double {
        // Newton's method for t³ = y, from 1: enough for a test.
        var t = 1.0
        for _ in 0..<60 { t -= (t * t * t - y) / (3 * t * t) }
        return t
    }

    @Test func customCurvesPrintButDoNotParse() {
        let curve = TimingCurve(Self.smoothstep)
        #expect(curve.description == "custom(smoothstep)")
        #expect(throws: TimingCurveParseError.customCurve(offset: 0)) {
            try TimingCurve(parsing: curve.description)
        }
    }

    @Test func customCurvesCrossConcurrencyDomains() async {
        let curve = TimingCurve.custom(name: "identity") { x in x }
        let values = await withTaskGroup(of: Double.self) { group in
            for index in 0..<8 { group.addTask { curve.value(at: Double(index) / 8) } }
            var collected: [Double] = []
            for await value in group { collected.append(value) }
            return collected.sorted()
        }
        #expect(values == (0..<8).map { Double($0) / 8 })
    }
}
