import Timeline

/// Reads Cadence's timing-curve syntax (see `TimingCurve(parsing:)`): a keyword, or a function
/// `cubic-bezier(...)`, `steps(...)` or `linear(...)` with comma-separated arguments.
///
/// Names are ASCII and case-insensitive; whitespace is allowed around every token. Offsets count
/// characters (grapheme clusters) from the start of the text.
struct TimingCurveParser {
    let characters: [Character]
    var position = 0

    init(_ text: String) {
        characters = Array(text)
    }

    /// Reads the whole text as one curve.
    mutating func parseCurve() throws(TimingCurveParseError) -> TimingCurve {
        let first = try nextToken()
        guard case .name(let name) = first.kind else {
            if first.kind == .end { throw .empty }
            throw .expected("a curve name", found: first.quoted, offset: first.offset, function: nil)
        }
        let mark = position
        skipWhitespace()
        let curve: TimingCurve
        if position < characters.count, characters[position] == "(" {
            let open = position
            position += 1
            curve = try parseFunction(name, at: first.offset, open: open)
        } else {
            position = mark
            curve = try keyword(name, at: first.offset)
        }
        skipWhitespace()
        if position < characters.count {
            throw .trailingText(String(characters[position...]), offset: position)
        }
        return curve
    }

    private mutating func keyword(_ name: String, at offset: Int) throws(TimingCurveParseError) -> TimingCurve {
        if let curve = TimingCurve.namedCurve(name) { return curve }
        if name == "cubic-bezier" || name == "steps" {
            let next = try nextToken()
            throw .expected("'('", found: next.quoted, offset: next.offset, function: name)
        }
        throw .unknownName(spelling(of: name, at: offset), offset: offset)
    }

    /// A name as it is written in the text (tokens are lowercased; names are ASCII, so the
    /// lowercased name is as long as the written one).
    private func spelling(of name: String, at offset: Int) -> String {
        guard offset >= 0, offset + name.count <= characters.count else { return name }
        return String(characters[offset..<offset + name.count])
    }

    private mutating func parseFunction(
        _ name: String, at offset: Int, open: Int
    ) throws(TimingCurveParseError) -> TimingCurve {
        switch name {
        case "cubic-bezier": return try parseCubicBezier()
        case "steps": return try parseSteps()
        case "linear": return try parseLinear(open: open)
        case "custom": throw .customCurve(offset: offset)
        default:
            if TimingCurve.namedCurve(name) != nil { throw .unexpectedArguments(name: name, offset: open) }
            throw .unknownName(spelling(of: name, at: offset), offset: offset)
        }
    }

    // MARK: Functions

    private mutating func parseCubicBezier() throws(TimingCurveParseError) -> TimingCurve {
        let function = "cubic-bezier"
        let (arguments, close) = try parseArguments(of: function)
        var numbers: [Double] = []
        for argument in arguments {
            numbers.append(try singleNumber(argument, function: function))
        }
        guard arguments.count == 4 else {
            let offset = arguments.count > 4 ? arguments[4][0].offset : close
            throw .wrongArgumentCount(function: function, found: arguments.count, offset: offset)
        }
        do {
            return TimingCurve(try CubicBezierTiming(numbers[0], numbers[1], numbers[2], numbers[3]))
        } catch {
            throw .invalidCubicBezier(error, offset: arguments[error.argumentIndex][0].offset)
        }
    }

    private mutating func parseSteps() throws(TimingCurveParseError) -> TimingCurve {
        let function = "steps"
        let (arguments, close) = try parseArguments(of: function)
        guard arguments.count == 1 || arguments.count == 2 else {
            let offset = arguments.count > 2 ? arguments[2][0].offset : close
            throw .wrongArgumentCount(function: function, found: arguments.count, offset: offset)
        }
        for argument in arguments where argument.count > 1 {
            throw .expected("','", found: argument[1].quoted, offset: argument[1].offset, function: function)
        }
        let countToken = arguments[0][0]
        guard case .number(let text) = countToken.kind,
            !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        else {
            throw .expected(
                "a whole step count", found: countToken.quoted, offset: countToken.offset, function: function)
        }
        guard let count = Int(text) else { throw .numberOutOfRange(text, offset: countToken.offset) }
        var position = StepPosition.jumpEnd
        if arguments.count == 2 {
            let token = arguments[1][0]
            guard case .name(let keyword) = token.kind, let parsed = StepPosition(keyword: keyword) else {
                throw .expected("a step position", found: token.quoted, offset: token.offset, function: function)
            }
            position = parsed
        }
        do {
            return TimingCurve(try StepsTiming(count, position))
        } catch {
            throw .invalidSteps(error, offset: countToken.offset)
        }
    }

    private mutating func parseLinear(open: Int) throws(TimingCurveParseError) -> TimingCurve {
        let function = "linear"
        let (arguments, _) = try parseArguments(of: function)
        var stops: [PiecewiseLinearTiming.Stop] = []
        for argument in arguments {
            stops.append(try linearStop(argument))
        }
        do {
            return TimingCurve(try PiecewiseLinearTiming(stops))
        } catch {
            let offset = error.stopIndex.map { arguments[$0][0].offset } ?? open
            throw .invalidLinear(error, offset: offset)
        }
    }

    /// A `linear()` stop: an output number and up to two input percentages, the number written
    /// first (`0.5 25% 75%`) or last (`25% 75% 0.5`).
    private func linearStop(_ tokens: [Token]) throws(TimingCurveParseError) -> PiecewiseLinearTiming.Stop {
        let numberFirst: Bool = if case .number = tokens[0].kind { true } else { false }
        var output: Double?
        var inputs: [Double] = []
        for token in tokens {
            switch token.kind {
            case .number(let text) where output == nil:
                output = try number(text, at: token.offset)
            case .percentage(let text) where inputs.count < 2 && (numberFirst || output == nil):
                guard let value = DecimalText.value(of: text, dividedByPowerOfTen: 2), value.isFinite else {
                    throw .numberOutOfRange(text + "%", offset: token.offset)
                }
                inputs.append(value)
            default:
                let what =
                    if output == nil {
                        inputs.count < 2 ? "an output number or a percentage" : "an output number"
                    } else if numberFirst && inputs.count < 2 {
                        "a percentage, ',' or ')'"
                    } else {
                        "',' or ')'"
                    }
                throw .expected(what, found: token.quoted, offset: token.offset, function: "linear")
            }
        }
        guard let output else {
            let last = tokens[tokens.count - 1]
            throw .expected("an output number", found: last.quoted, offset: last.offset, function: "linear")
        }
        switch inputs.count {
        case 0: return .init(output)
        case 1: return .init(output, at: inputs[0])
        default: return .init(output, from: inputs[0], to: inputs[1])
        }
    }

    // MARK: Arguments and numbers

    /// Reads comma-separated arguments up to `)`; each argument is its tokens (never empty).
    /// Returns them with the offset of the `)`.
    private mutating func parseArguments(
        of function: String
    ) throws(TimingCurveParseError) -> ([[Token]], close: Int) {
        var arguments: [[Token]] = []
        var current: [Token] = []
        while true {
            let token = try nextToken()
            switch token.kind {
            case .close:
                if current.isEmpty {
                    guard arguments.isEmpty else {
                        throw .expected("an argument", found: token.quoted, offset: token.offset, function: function)
                    }
                    return ([], token.offset)
                }
                arguments.append(current)
                return (arguments, token.offset)
            case .comma:
                guard !current.isEmpty else {
                    throw .expected("an argument", found: token.quoted, offset: token.offset, function: function)
                }
                arguments.append(current)
                current = []
            case .end:
                throw .expected("')'", found: token.quoted, offset: token.offset, function: function)
            case .open:
                throw .expected("an argument", found: token.quoted, offset: token.offset, function: function)
            case .name, .number, .percentage:
                current.append(token)
            }
        }
    }

    /// The number an argument consists of.
    private func singleNumber(_ tokens: [Token], function: String) throws(TimingCurveParseError) -> Double {
        guard case .number(let text) = tokens[0].kind else {
            throw .expected("a number", found: tokens[0].quoted, offset: tokens[0].offset, function: function)
        }
        guard tokens.count == 1 else {
            throw .expected("','", found: tokens[1].quoted, offset: tokens[1].offset, function: function)
        }
        return try number(text, at: tokens[0].offset)
    }

    private func number(_ text: String, at offset: Int) throws(TimingCurveParseError) -> Double {
        guard let value = DecimalText.value(of: text), value.isFinite else {
            throw .numberOutOfRange(text, offset: offset)
        }
        return value
    }
}
