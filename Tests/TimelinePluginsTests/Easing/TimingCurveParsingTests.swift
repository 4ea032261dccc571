import Testing
import Timeline
import TimelinePlugins
import CadenceTestSupport

@Suite("TimingCurve parsing")
struct TimingCurveParsingTests {
    /// The same curve: same text and same values at many inputs.
    static func expectSameCurve(
        _ a: TimingCurve, _ b: TimingCurve, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(a.description == b.description, sourceLocation: sourceLocation)
        for index in 0...64 {
            let x = Double(index) / 64
            #expect(a.value(at: x) == b.value(at: x), "\(a) at \(x)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyAcceptedNameParsesAndPrintsItself() throws {
        let names = TimingCurve.acceptedNames
        #expect(names.count == 12 + 30)
        #expect(Set(names).count == names.count)
        for name in names {
            let curve = try TimingCurve(parsing: name)
            switch name {
            case "ca-linear": #expect(curve.description == "linear")
            case "step-start": #expect(curve.description == "steps(1, jump-start)")
            case "step-end": #expect(curve.description == "steps(1)")
            default: #expect(curve.description == name)
            }
            Self.expectSameCurve(try TimingCurve(parsing: curve.description), curve)
        }
    }

    @Test func namesMapToTheirCurves() throws {
        Self.expectSameCurve(try TimingCurve(parsing: "ease"), .ease)
        Self.expectSameCurve(try TimingCurve(parsing: "ease-in-out"), .easeInOut)
        Self.expectSameCurve(try TimingCurve(parsing: "ca-ease-in-ease-out"), .coreAnimationEaseInEaseOut)
        Self.expectSameCurve(try TimingCurve(parsing: "ease-out-back"), .easeOutBack)
        #expect(try TimingCurve(parsing: "linear").isLinear)
        #expect(try TimingCurve(parsing: "ca-linear").isLinear)
        let steps = try #require(try TimingCurve(parsing: "step-start").function as? StepsTiming)
        #expect(steps == StepsTiming.stepStart)
        let bezier = try #require(try TimingCurve(parsing: "ca-default").function as? CubicBezierTiming)
        #expect(bezier == (try CubicBezierTiming(0.25, 0.1, 0.25, 1)))
    }

    @Test func functionsParse() throws {
        let bezier = try #require(
            try TimingCurve(parsing: "cubic-bezier(0.42, 0, 0.58, 1)").function as? CubicBezierTiming)
        #expect([bezier.x1, bezier.y1, bezier.x2, bezier.y2] == [0.42, 0, 0.58, 1])
        let steps = try #require(try TimingCurve(parsing: "steps(4, jump-none)").function as? StepsTiming)
        #expect(steps.count == 4 && steps.position == .jumpNone)
        let plain = try #require(try TimingCurve(parsing: "steps(4)").function as? StepsTiming)
        #expect(plain.position == .jumpEnd)
        let aliased = try #require(try TimingCurve(parsing: "steps(2, start)").function as? StepsTiming)
        #expect(aliased.position == .jumpStart)
        let linear = try #require(
            try TimingCurve(parsing: "linear(0, 0.25 75%, 1)").function as? PiecewiseLinearTiming)
        #expect(linear.points.map(\.input) == [0, 0.75, 1])
        // Percentages may come before the output (CSS `<number> && <percentage>{1,2}`).
        let flipped = try #require(
            try TimingCurve(parsing: "linear(0, 25% 75% 0.25, 1)").function as? PiecewiseLinearTiming)
        #expect(flipped.points.map(\.input) == [0, 0.25, 0.75, 1])
        #expect(flipped.points.map(\.output) == [0, 0.25, 0.25, 1])
    }

    @Test func whitespaceAndCaseAreTolerated() throws {
        let variants = [
            "cubic-bezier(0.42,0,0.58,1)", "  cubic-bezier( 0.42 , 0 , 0.58 , 1 )  ",
            "CUBIC-BEZIER(.42, 0, .58, 1.0)", "cubic-bezier\t(42e-2,\n0, 0.58, +1)",
        ]
        for text in variants {
            Self.expectSameCurve(try TimingCurve(parsing: text), try .cubicBezier(0.42, 0, 0.58, 1))
        }
        Self.expectSameCurve(try TimingCurve(parsing: " Ease-In-Out-Bounce "), .easeInOutBounce)
        Self.expectSameCurve(try TimingCurve(parsing: "STEPS(3,JUMP-BOTH)"), try .steps(3, .jumpBoth))
    }

    @Test func printedCurvesReadBack() throws {
        var generator = SeededGenerator(seed: 99)
        var curves: [TimingCurve] = [
            .linear, .ease, .stepStart, .stepEnd, try .steps(7, .jumpBoth), try .steps(2, .jumpNone),
            try .linear([0, .init(0.25, from: 0.25, to: 0.75), 1]),
            try .linear([.init(0.2, at: 1.0 / 3), .init(-0.5, at: 0.1), 1e-7, 12_345.678]),
            try .cubicBezier(0, 1e-7, 1, -123_456.789),
        ]
        for _ in 0..<40 {
            curves.append(
                try .cubicBezier(
                    .random(in: 0...1, using: &generator), .random(in: -3...3, using: &generator),
                    .random(in: 0...1, using: &generator), .random(in: -3...3, using: &generator)))
            let stops = (0..<Int.random(in: 2...6, using: &generator)).map { _ in
                PiecewiseLinearTiming.Stop(
                    .random(in: -1...2, using: &generator), at: .random(in: -0.2...1.2, using: &generator))
            }
            curves.append(try .linear(stops))
        }
        for curve in curves {
            let reread = try TimingCurve(parsing: curve.description)
            Self.expectSameCurve(reread, curve)
            if let bezier = curve.function as? CubicBezierTiming {
                #expect(reread.function as? CubicBezierTiming == bezier, "exact control points")
            }
            if let linear = curve.function as? PiecewiseLinearTiming {
                #expect(reread.function as? PiecewiseLinearTiming == linear, "exact points")
            }
        }
    }

    /// Hostile text: the error and the character offset it reports.
    static let hostile: [(String, TimingCurveParseError)] = [
        ("", .empty),
        ("   ", .empty),
        ("eas", .unknownName("eas", offset: 0)),
        ("  bouncy", .unknownName("bouncy", offset: 2)),
        ("ease x", .trailingText("x", offset: 5)),
        ("ease-in)", .trailingText(")", offset: 7)),
        ("ease@", .trailingText("@", offset: 4)),
        ("@ease", .unexpectedCharacter("@", offset: 0)),
        ("éase", .unexpectedCharacter("é", offset: 0)),
        ("42", .expected("a curve name", found: "'42'", offset: 0, function: nil)),
        ("ease(1)", .unexpectedArguments(name: "ease", offset: 4)),
        ("cubic-bezier", .expected("'('", found: "the end of the text", offset: 12, function: "cubic-bezier")),
        ("cubic-bezier(1,2)", .wrongArgumentCount(function: "cubic-bezier", found: 2, offset: 16)),
        ("cubic-bezier(0, 0, 1, 1, 0)", .wrongArgumentCount(function: "cubic-bezier", found: 5, offset: 25)),
        ("cubic-bezier(0.42, 0, 0.58, 1", .expected("')'", found: "the end of the text", offset: 29, function: "cubic-bezier")),
        ("cubic-bezier(0.42, , 0.58, 1)", .expected("an argument", found: "','", offset: 19, function: "cubic-bezier")),
        ("cubic-bezier(nan, 0, 1, 1)", .expected("a number", found: "'nan'", offset: 13, function: "cubic-bezier")),
        ("cubic-bezier(0, 1e999, 1, 1)", .numberOutOfRange("1e999", offset: 16)),
        ("cubic-bezier(0.42 0, 0.58, 1)", .expected("','", found: "'0'", offset: 18, function: "cubic-bezier")),
        ("steps(4 jump-start)", .expected("','", found: "'jump-start'", offset: 8, function: "steps")),
        ("cubic-bezier(1.5, 0, 0.58, 1)", .invalidCubicBezier(.abscissaOutOfRange(parameter: "x1", value: 1.5), offset: 13)),
        ("cubic-bezier(0.42, 0, -1, 1)", .invalidCubicBezier(.abscissaOutOfRange(parameter: "x2", value: -1), offset: 22)),
        ("steps(0)", .invalidSteps(.countTooSmall(count: 0, position: .jumpEnd), offset: 6)),
        ("steps(1, jump-none)", .invalidSteps(.countTooSmall(count: 1, position: .jumpNone), offset: 6)),
        ("steps(-2)", .invalidSteps(.countTooSmall(count: -2, position: .jumpEnd), offset: 6)),
        ("steps(4.5)", .expected("a whole step count", found: "'4.5'", offset: 6, function: "steps")),
        ("steps(99999999999999999999)", .numberOutOfRange("99999999999999999999", offset: 6)),
        ("steps(4, sideways)", .expected("a step position", found: "'sideways'", offset: 9, function: "steps")),
        ("steps()", .wrongArgumentCount(function: "steps", found: 0, offset: 6)),
        ("steps(4, end, 2)", .wrongArgumentCount(function: "steps", found: 3, offset: 14)),
        ("linear()", .invalidLinear(.tooFewStops(count: 0), offset: 6)),
        ("linear(0.5)", .invalidLinear(.tooFewStops(count: 1), offset: 6)),
        ("linear(0, 1 2 3)", .expected("a percentage, ',' or ')'", found: "'2'", offset: 12, function: "linear")),
        ("linear(0, 10% 0.5 20%, 1)", .expected("',' or ')'", found: "'20%'", offset: 18, function: "linear")),
        ("linear(0, 0.5 10% 20% 30%, 1)", .expected("',' or ')'", found: "'30%'", offset: 22, function: "linear")),
        ("linear(0, 0.5 1e999%, 1)", .numberOutOfRange("1e999%", offset: 14)),
        ("linear(0, 5e7, 1)", .invalidLinear(.outOfRange(stop: 1, value: 5e7), offset: 10)),
        ("custom(smoothstep)", .customCurve(offset: 0)),
        ("wobble(1)", .unknownName("wobble", offset: 0)),
        ("cubic-bezier((0, 0, 1, 1)", .expected("an argument", found: "'('", offset: 13, function: "cubic-bezier")),
    ]

    @Test(arguments: 0..<hostile.count)
    func hostileTextIsATypedErrorWithItsOffset(row: Int) {
        let (text, expected) = Self.hostile[row]
        let error = #expect(throws: TimingCurveParseError.self, "\(text)") {
            try TimingCurve(parsing: text)
        }
        #expect(error == expected, "\(text)")
        #expect(error?.offset == expected.offset)
        let message = error?.description ?? ""
        #expect(message.hasPrefix(expected == .empty ? "empty" : "at character \(expected.offset): "), "\(message)")
    }

    @Test func messagesSayWhatIsAccepted() {
        let unknown = TimingCurveParseError.unknownName("ease-in-out-bonce", offset: 3).description
        #expect(unknown.contains("did you mean 'ease-in-out-bounce'?"))
        #expect(unknown.contains("ease-in-out-elastic"))
        #expect(unknown.contains("cubic-bezier(x1, y1, x2, y2)"))
        let count = TimingCurveParseError.wrongArgumentCount(function: "cubic-bezier", found: 2, offset: 16)
        #expect(count.description == "at character 16: cubic-bezier with 2 arguments; the syntax is cubic-bezier(x1, y1, x2, y2) with x1 and x2 in 0...1")
        let steps = TimingCurveParseError.invalidSteps(.countTooSmall(count: 0, position: .jumpEnd), offset: 6)
        #expect(steps.description.contains("steps(count) or steps(count, position)"))
        #expect(TimingCurveParseError.empty.description.contains("linear(output [input%] [input%], ...)"))
    }
}
