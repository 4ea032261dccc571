import Timeline

extension Path {
    /// The path as SVG path data with absolute commands: `M x y`, `L x y`, `Q cx cy x y`,
    /// `C c1x c1y c2x c2y x y` and `Z`, separated by single spaces.
    ///
    /// Numbers print in the shortest form that parses back to the same `Double` (Swift's
    /// `description`), and whole numbers print without `.0`; so
    /// `Path(svgPathData: path.svgPathData) == path` for every path with the default fill rule
    /// (the fill rule is not part of path data).
    ///
    /// ```swift
    /// try Path.rectangle(Rect(x: 0, y: 0, width: 2.5, height: 1)).svgPathData
    /// // "M 0 0 L 2.5 0 L 2.5 1 L 0 1 Z"
    /// ```
    ///
    /// - Complexity: O(n) in the number of elements. The text is written into one temporary
    ///   buffer (on the stack when it is small) and copied into the string once.
    public var svgPathData: String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: svgPathDataCapacity + NumberText.scratchByteCount) { buffer in
            let count = writeSVGPathData(to: UnsafeMutableRawPointer(buffer.baseAddress!))
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// The most bytes ``svgPathData`` takes: an upper bound of its length, computed without
    /// printing (O(1)).
    ///
    /// A verb and the space before the next element take 2 bytes, a number and the space
    /// before it at most 25.
    package var svgPathDataCapacity: Int { verbs.count * 2 + points.count * 2 * Self.svgNumberCapacity }

    /// Writes ``svgPathData``'s text at `start`, byte for byte, and returns its length in bytes:
    /// the path of the text sinks, which write it straight into their line buffers.
    ///
    /// The text is ASCII letters, digits, `.`, `-`, `+` and spaces only (no quote, backslash,
    /// comma or control character), so it needs no escaping in a JSON string and no quoting in
    /// a CSV field.
    ///
    /// - Parameter start: Memory with room for ``svgPathDataCapacity`` bytes and
    ///   `NumberText.scratchByteCount` more; bytes past the returned length may be overwritten
    ///   with anything.
    /// - Complexity: O(n) in the number of elements; allocates nothing.
    package func writeSVGPathData(to start: UnsafeMutableRawPointer) -> Int {
        verbs.withUnsafeBufferPointer { verbs in
            points.withUnsafeBufferPointer { points in
                var count = 0
                var point = 0
                for verb in verbs {
                    if count > 0 {
                        start.storeBytes(of: Self.space, toByteOffset: count, as: UInt8.self)
                        count &+= 1
                    }
                    start.storeBytes(of: verb.svgCommand, toByteOffset: count, as: UInt8.self)
                    count &+= 1
                    // Quadratic curves store control then end, cubic ones control 1, control 2,
                    // end: the order path data lists them in.
                    for _ in 0..<verb.pointCount {
                        start.storeBytes(of: Self.space, toByteOffset: count, as: UInt8.self)
                        count &+= 1
                        count &+= Self.writeSVGNumber(points[point].x, to: start + count)
                        start.storeBytes(of: Self.space, toByteOffset: count, as: UInt8.self)
                        count &+= 1
                        count &+= Self.writeSVGNumber(points[point].y, to: start + count)
                        point &+= 1
                    }
                }
                return count
            }
        }
    }

    /// The most bytes one number of path data and the space before it take.
    static var svgNumberCapacity: Int { NumberText.maximumLength + 1 }

    /// The most bytes ``writeSVG(of:to:)`` writes for one element, words past the text included.
    static var svgElementCapacity: Int { 1 + 6 * svgNumberCapacity + NumberText.scratchByteCount }

    /// ASCII space.
    static var space: UInt8 { UInt8(ascii: " ") }

    /// Writes one element as absolute SVG path data (`M 1 2`, `C 1 2 3 4 5 6`, `Z`) at `start`
    /// and returns its length in bytes.
    ///
    /// - Parameter start: Memory with room for ``svgElementCapacity`` bytes; bytes past the
    ///   returned length may be overwritten with anything.
    static func writeSVG(of element: PathElement, to start: UnsafeMutableRawPointer) -> Int {
        var count = 1
        func write(_ point: Point) {
            start.storeBytes(of: space, toByteOffset: count, as: UInt8.self)
            count += 1
            count += writeSVGNumber(point.x, to: start + count)
            start.storeBytes(of: space, toByteOffset: count, as: UInt8.self)
            count += 1
            count += writeSVGNumber(point.y, to: start + count)
        }
        switch element {
        case .move(let p):
            start.storeBytes(of: UInt8(ascii: "M"), as: UInt8.self)
            write(p)
        case .line(let p):
            start.storeBytes(of: UInt8(ascii: "L"), as: UInt8.self)
            write(p)
        case .quadCurve(let p, let c):
            start.storeBytes(of: UInt8(ascii: "Q"), as: UInt8.self)
            write(c)
            write(p)
        case .curve(let p, let c1, let c2):
            start.storeBytes(of: UInt8(ascii: "C"), as: UInt8.self)
            write(c1)
            write(c2)
            write(p)
        case .closeSubpath:
            start.storeBytes(of: UInt8(ascii: "Z"), as: UInt8.self)
        }
        return count
    }

    /// Writes a number as the shortest text that parses back to it, whole numbers below 2^53
    /// without `.0` (and `-0.0` as `0`), and returns its length in bytes.
    ///
    /// - Parameter start: Memory with room for `NumberText.scratchByteCount` bytes.
    static func writeSVGNumber(_ value: Double, to start: UnsafeMutableRawPointer) -> Int {
        // Whole below 2^53, where the conversion is exact (and cheaper than rounding).
        if value.magnitude < 9_007_199_254_740_992, Double(Int64(value)) == value {
            return NumberText.writeWholeNumber(value, signedZero: false, to: start)
        }
        return NumberText.write(value, to: start)
    }
}

extension PathVerb {
    /// The verb's absolute SVG command letter: `M`, `L`, `Q`, `C` or `Z`.
    var svgCommand: UInt8 {
        switch self {
        case .move: UInt8(ascii: "M")
        case .line: UInt8(ascii: "L")
        case .quadCurve: UInt8(ascii: "Q")
        case .curve: UInt8(ascii: "C")
        case .close: UInt8(ascii: "Z")
        }
    }
}
