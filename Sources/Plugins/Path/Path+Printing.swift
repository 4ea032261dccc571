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
    /// - Complexity: O(n) in the number of elements.
    public var svgPathData: String {
        var text = ""
        text.reserveCapacity(points.count * 8 + verbs.count * 2)
        for element in elements {
            if !text.isEmpty { text += " " }
            Self.appendSVG(of: element, to: &text)
        }
        return text
    }

    /// Appends one element as absolute SVG path data.
    static func appendSVG(of element: PathElement, to text: inout String) {
        func append(_ points: Point...) {
            for p in points {
                text += " "
                text += svgNumber(p.x)
                text += " "
                text += svgNumber(p.y)
            }
        }
        switch element {
        case .move(let p):
            text += "M"
            append(p)
        case .line(let p):
            text += "L"
            append(p)
        case .quadCurve(let p, let c):
            text += "Q"
            append(c, p)
        case .curve(let p, let c1, let c2):
            text += "C"
            append(c1, c2, p)
        case .closeSubpath:
            text += "Z"
        }
    }

    /// A number as the shortest text that parses back to it, whole numbers without `.0`.
    static func svgNumber(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return String(Int64(value))
        }
        return value.description
    }
}
