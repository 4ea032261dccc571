import CadenceTestSupport
import Testing
import Timeline
import TimelinePlugins

@Suite("Path: SVG path data printing")
struct PathPrintingTests {
    @Test func shapesPrintAsAbsoluteCommands() throws {
        #expect(
            try Path.rectangle(Rect(x: 0, y: 0, width: 390, height: 844)).svgPathData
                == "M 0 0 L 390 0 L 390 844 L 0 844 Z")
        #expect(try Path(svgPathData: "m 1 1 l 2 2 h 1 z").svgPathData == "M 1 1 L 3 3 L 4 3 Z")
        #expect(
            try Path(svgPathData: "M0 0Q1 2 3 4c1 1 1 1 2 0").svgPathData
                == "M 0 0 Q 1 2 3 4 C 4 5 4 5 5 4")
        #expect(Path().svgPathData == "")
        #expect(PathElement.curve(to: Point(x: 5, y: 6), control1: Point(x: 1, y: 2), control2: Point(x: 3, y: 4)).description == "C 1 2 3 4 5 6")
    }

    @Test(arguments: [
        (0.1, "0.1"), (2.5, "2.5"), (-0.0, "0"), (-3.0, "-3"), (1e-5, "1e-05"), (1e20, "1e+20"),
        (123456789.125, "123456789.125"), (9007199254740991, "9007199254740991"),
        (0.30000000000000004, "0.30000000000000004"), (Double.leastNonzeroMagnitude, "5e-324"),
    ])
    func numbersPrintShortestWithoutTrailingZero(value: Double, text: String) throws {
        let path = try Path(elements: [.move(to: Point(x: value, y: 0))])
        #expect(path.svgPathData == "M \(text) 0")
        // And parse back to the same bits (or to 0 for -0).
        let back = try Path(svgPathData: path.svgPathData)
        #expect(back.elements.first?.endPoint?.x == value)
    }

    @Test func printedDataParsesBackToTheSamePath() throws {
        var generator = SplitMix64(state: 7)
        for _ in 0..<200 {
            let path = try RandomPaths.path(elements: 1...12, using: &generator) { generator in
                // Mixed magnitudes and fractions: every finite Double must survive.
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: return Double(Int.random(in: -1000...1000, using: &generator))
                case 1: return Double.random(in: -1...1, using: &generator)
                case 2: return Double.random(in: -1e6...1e6, using: &generator) * 1e-12
                default: return Self.finiteBits(using: &generator)
                }
            }
            let text = path.svgPathData
            let parsed = try Path(svgPathData: text)
            #expect(parsed == path, "\(text)")
            #expect(parsed.svgPathData == text)
        }
    }

    @Test func printedNumbersAreTheirDescriptionsWholeNumbersWithoutFraction() throws {
        // The text the printer wrote before it wrote bytes itself: `description` per number.
        func reference(_ value: Double) -> String {
            if value == value.rounded(), abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
            return value.description
        }
        func reference(_ element: PathElement) -> String {
            func numbers(_ points: Point...) -> String {
                points.map { " \(reference($0.x)) \(reference($0.y))" }.joined()
            }
            switch element {
            case .move(let p): return "M" + numbers(p)
            case .line(let p): return "L" + numbers(p)
            case .quadCurve(let p, let c): return "Q" + numbers(c, p)
            case .curve(let p, let c1, let c2): return "C" + numbers(c1, c2, p)
            case .closeSubpath: return "Z"
            }
        }
        var generator = SplitMix64(state: 11)
        for _ in 0..<2_000 {
            let path = try RandomPaths.path(elements: 0...12, using: &generator) { generator in
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: return Double(Int.random(in: -1000...1000, using: &generator))
                case 1: return Double.random(in: -1000...1000, using: &generator)
                case 2: return Double.random(in: 0...1, using: &generator)
                case 3: return [-0.0, 0, 1e-5, 9_007_199_254_740_992, -9_007_199_254_740_994, 1e300, .leastNonzeroMagnitude,
                                -.greatestFiniteMagnitude, 0.1, 1e16, -1e-4.nextDown][Int.random(in: 0..<11, using: &generator)]
                case 4: return Double(Int64.random(in: -(1 << 60)...(1 << 60), using: &generator))
                default: return Self.finiteBits(using: &generator)
                }
            }
            let expected = path.elements.map(reference).joined(separator: " ")
            #expect(path.svgPathData == expected)
            for element in path.elements {
                #expect(element.description == reference(element))
            }
        }
    }

    /// A finite number from random bits: any exponent, any significand.
    static func finiteBits(using generator: inout SplitMix64) -> Double {
        var value: Double
        repeat { value = Double(bitPattern: generator.next()) } while !value.isFinite
        return value
    }

    @Test func parsedDataRoundTripsThroughPrinting() throws {
        for data in [
            "M10 30 A20 20 0 0 1 50 30 A20 20 0 0 1 90 30 Q90 60 50 90 Q10 60 10 30Z",
            "m 5 5 s 1 2 3 4 t 1 1 z m 2 2 h 3 v 3 a 3 4 10 1 0 -2 -2",
            "M.5.5-1-2 1e-3 2e2",
        ] {
            let path = try Path(svgPathData: data)
            #expect(try Path(svgPathData: path.svgPathData) == path)
            #expect(path.description == path.svgPathData)
        }
    }
}
