import Timeline
public import TimelinePlugins

/// Random paths for property tests.
public enum RandomPaths {
    /// A move, then a random number of elements in `elements` (lines, quadratic and cubic curves,
    /// closes and moves, equally likely), every coordinate drawn by `coordinate`.
    public static func path<Generator: RandomNumberGenerator>(
        elements: ClosedRange<Int>, fillRule: FillRule = .nonZero, using generator: inout Generator,
        coordinate: (inout Generator) -> Double
    ) throws -> Path {
        func point() -> Point { Point(x: coordinate(&generator), y: coordinate(&generator)) }
        var path = Path(fillRule: fillRule)
        try path.move(to: point())
        for _ in 0..<Int.random(in: elements, using: &generator) {
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: try path.addLine(to: point())
            case 1: try path.addQuadCurve(to: point(), control: point())
            case 2: try path.addCurve(to: point(), control1: point(), control2: point())
            case 3: path.closeSubpath()
            default: try path.move(to: point())
            }
        }
        return path
    }
}
