import Timeline

extension Path {
    /// Parses SVG path data (the `d` attribute).
    ///
    /// Every command of SVG 1.1 / SVG 2 path data is accepted, absolute (upper case) and relative
    /// (lower case): `M L H V C S Q T A Z`, with implicit repeated commands (`L 1 2 3 4`, and
    /// pairs after `M` as lines), numbers in every form SVG allows (`1e-3`, `.5.5` as `0.5 0.5`,
    /// `-1-2` as `-1 -2`) and packed arc flags (`a1 1 0 01 1 1`). The result holds absolute
    /// coordinates: `H`/`V` become lines, `S`/`T` become curves with the reflected control point,
    /// arcs become cubic curves (``addArc(to:radii:xAxisRotation:largeArc:sweep:)``). Empty (or
    /// all white-space) data gives an empty path.
    ///
    /// ```swift
    /// let heart = try Path(svgPathData: "M10 30 A20 20 0 0 1 50 30 A20 20 0 0 1 90 30 Q90 60 50 90 Q10 60 10 30Z")
    /// ```
    ///
    /// - Parameters:
    ///   - data: SVG path data.
    ///   - fillRule: The path's fill rule (SVG's `fill-rule` is not part of the data).
    /// - Throws: ``PathParseError`` with the character offset of the first problem. As SVG
    ///   requires, the data must start with a move command.
    /// - Complexity: O(n) in the length of the data.
    public init(svgPathData data: String, fillRule: FillRule = .nonZero) throws(PathParseError) {
        var parser = SVGPathParser(source: data, fillRule: fillRule)
        self = try parser.parse()
    }
}

/// A recursive-descent parser over the UTF-8 bytes of SVG path data.
struct SVGPathParser {
    let source: String
    let bytes: [UInt8]
    var index = 0
    var path: Path
    var current = Point.zero
    var subpathStart = Point.zero
    /// The second control point of the previous command, if it was `C`, `c`, `S` or `s`.
    var lastCubicControl: Point?
    /// The control point of the previous command, if it was `Q`, `q`, `T` or `t`.
    var lastQuadControl: Point?
    /// The byte offset of the argument set being parsed.
    var setOffset = 0

    init(source: String, fillRule: FillRule) {
        self.source = source
        bytes = Array(source.utf8)
        path = Path(fillRule: fillRule)
    }

    mutating func parse() throws(PathParseError) -> Path {
        skipWhitespace()
        guard index < bytes.count else { return path }
        guard bytes[index] == UInt8(ascii: "M") || bytes[index] == UInt8(ascii: "m") else {
            throw .missingMoveTo(offset: characterOffset(index), source: source)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { return path }
            let command = bytes[index]
            guard Self.isCommand(command) else {
                throw .expectedCommand(offset: characterOffset(index), source: source)
            }
            index += 1
            try parseArguments(of: command)
        }
    }

    // MARK: Commands

    private mutating func parseArguments(of command: UInt8) throws(PathParseError) {
        let upper = command & ~0x20
        let relative = command != upper
        if upper == UInt8(ascii: "Z") {
            path.closeSubpath()
            current = subpathStart
            lastCubicControl = nil
            lastQuadControl = nil
            return
        }
        var isFirstSet = true
        repeat {
            try parseArgumentSet(upper, relative: relative, isFirstSet: isFirstSet, command: command)
            isFirstSet = false
        } while try anotherArgumentSetFollows(command: command)
    }

    /// Parses one set of arguments and adds the element it describes.
    private mutating func parseArgumentSet(
        _ upper: UInt8, relative: Bool, isFirstSet: Bool, command: UInt8
    ) throws(PathParseError) {
        setOffset = firstNonSpace(from: index)
        let origin = relative ? current : .zero
        var cubicControl: Point?
        var quadControl: Point?
        switch upper {
        case UInt8(ascii: "M"):
            let p = origin + (try pair(command, first: isFirstSet))
            if isFirstSet {
                try append(.move(to: p))
                subpathStart = p
            } else {
                try append(.line(to: p))
            }
            current = p
        case UInt8(ascii: "L"):
            let p = origin + (try pair(command, first: isFirstSet))
            try append(.line(to: p))
            current = p
        case UInt8(ascii: "H"):
            let x = try number(command, first: isFirstSet)
            let p = Point(x: relative ? current.x + x : x, y: current.y)
            try append(.line(to: p))
            current = p
        case UInt8(ascii: "V"):
            let y = try number(command, first: isFirstSet)
            let p = Point(x: current.x, y: relative ? current.y + y : y)
            try append(.line(to: p))
            current = p
        case UInt8(ascii: "C"):
            let c1 = origin + (try pair(command, first: isFirstSet))
            let c2 = origin + (try pair(command, first: false))
            let p = origin + (try pair(command, first: false))
            try append(.curve(to: p, control1: c1, control2: c2))
            cubicControl = c2
            current = p
        case UInt8(ascii: "S"):
            let c2 = origin + (try pair(command, first: isFirstSet))
            let p = origin + (try pair(command, first: false))
            let c1 = lastCubicControl.map { current.scaled(by: 2) - $0 } ?? current
            try append(.curve(to: p, control1: c1, control2: c2))
            cubicControl = c2
            current = p
        case UInt8(ascii: "Q"):
            let c = origin + (try pair(command, first: isFirstSet))
            let p = origin + (try pair(command, first: false))
            try append(.quadCurve(to: p, control: c))
            quadControl = c
            current = p
        case UInt8(ascii: "T"):
            let p = origin + (try pair(command, first: isFirstSet))
            let c = lastQuadControl.map { current.scaled(by: 2) - $0 } ?? current
            try append(.quadCurve(to: p, control: c))
            quadControl = c
            current = p
        default:  // "A"
            let rx = try number(command, first: isFirstSet)
            let ry = try number(command, first: false)
            let rotation = try number(command, first: false)
            let largeArc = try flag(command)
            let sweep = try flag(command)
            let p = origin + (try pair(command, first: false))
            do {
                try path.addArc(
                    to: p, radii: Size(width: rx, height: ry), xAxisRotation: rotation,
                    largeArc: largeArc, sweep: sweep)
            } catch {
                throw .numberOutOfRange(offset: characterOffset(setOffset), source: source)
            }
            current = p
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    /// Adds an element; coordinates that overflowed are reported at the argument set.
    private mutating func append(_ element: PathElement) throws(PathParseError) {
        do {
            switch element {
            case .move(let p): try path.move(to: p)
            case .line(let p): try path.addLine(to: p)
            case .quadCurve(let p, let c): try path.addQuadCurve(to: p, control: c)
            case .curve(let p, let c1, let c2): try path.addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: path.closeSubpath()
            }
        } catch {
            throw .numberOutOfRange(offset: characterOffset(setOffset), source: source)
        }
    }

    /// Skips white space and at most one comma; says whether another set of numbers follows.
    private mutating func anotherArgumentSetFollows(command: UInt8) throws(PathParseError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            guard index < bytes.count, Self.startsNumber(bytes[index]) else {
                throw .expectedNumber(
                    command: Character(Unicode.Scalar(command)), offset: characterOffset(index),
                    source: source)
            }
            return true
        }
        return Self.startsNumber(bytes[index])
    }

    // MARK: Numbers

    private mutating func pair(_ command: UInt8, first: Bool) throws(PathParseError) -> Point {
        let x = try number(command, first: first)
        let y = try number(command, first: false)
        return Point(x: x, y: y)
    }

    /// Reads one number, after white space (and a comma unless it is a command's first number).
    private mutating func number(_ command: UInt8, first: Bool) throws(PathParseError) -> Double {
        skipSeparator(allowingComma: !first)
        let start = index
        var i = index
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        let integerStart = i
        while i < bytes.count, Self.isDigit(bytes[i]) { i += 1 }
        var digits = i - integerStart
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            let fractionStart = i + 1
            var j = fractionStart
            while j < bytes.count, Self.isDigit(bytes[j]) { j += 1 }
            digits += j - fractionStart
            i = j
        }
        guard digits > 0 else {
            throw .expectedNumber(
                command: Character(Unicode.Scalar(command)), offset: characterOffset(start),
                source: source)
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") {
                j += 1
            }
            let exponentStart = j
            while j < bytes.count, Self.isDigit(bytes[j]) { j += 1 }
            if j > exponentStart { i = j }  // else the 'e' is not part of the number
        }
        index = i
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw .numberOutOfRange(offset: characterOffset(start), source: source)
        }
        return value
    }

    /// Reads an arc flag: a single `0` or `1`, after optional white space and comma.
    private mutating func flag(_ command: UInt8) throws(PathParseError) -> Bool {
        skipSeparator(allowingComma: true)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1")
        else {
            throw .expectedFlag(
                command: Character(Unicode.Scalar(command)), offset: characterOffset(index),
                source: source)
        }
        index += 1
        return bytes[index - 1] == UInt8(ascii: "1")
    }

    // MARK: Characters

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    private mutating func skipSeparator(allowingComma: Bool) {
        skipWhitespace()
        if allowingComma, index < bytes.count, bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
        }
    }

    private func firstNonSpace(from offset: Int) -> Int {
        var i = offset
        while i < bytes.count, Self.isWhitespace(bytes[i]) || bytes[i] == UInt8(ascii: ",") { i += 1 }
        return min(i, bytes.count)
    }

    /// The offset in `Character`s of the byte at `byteOffset`.
    private func characterOffset(_ byteOffset: Int) -> Int {
        String(decoding: bytes[0..<byteOffset], as: UTF8.self).count
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func startsNumber(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+")
    }

    private static func isCommand(_ byte: UInt8) -> Bool {
        switch byte & ~0x20 {
        case UInt8(ascii: "M"), UInt8(ascii: "L"), UInt8(ascii: "H"), UInt8(ascii: "V"),
            UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "Q"), UInt8(ascii: "T"),
            UInt8(ascii: "A"), UInt8(ascii: "Z"):
            // Letters only: `& ~0x20` also maps some punctuation onto these codes.
            return (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        default:
            return false
        }
    }
}
