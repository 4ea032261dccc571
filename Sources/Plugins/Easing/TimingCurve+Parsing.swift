public import Timeline

// One textual syntax for timing curves, shared by the Swift API, JSON documents and the command
// line: what `TimingCurve(parsing:)` reads, every curve's `description` prints.
extension TimingCurve {
    /// Reads a timing curve from Cadence's textual syntax, the CSS easing syntax plus names for
    /// Core Animation's and Penner's curves.
    ///
    /// | text | curve |
    /// |---|---|
    /// | `linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out` | CSS keywords |
    /// | `cubic-bezier(0.42, 0, 0.58, 1)` | a cubic Bézier, x1 and x2 in `0...1` |
    /// | `steps(4)`, `steps(4, jump-none)`, `step-start`, `step-end` | CSS steps |
    /// | `linear(0, 0.25 75%, 1)` | CSS Level 2 piecewise linear |
    /// | `ca-default`, `ca-ease-in`, `ca-ease-out`, `ca-ease-in-ease-out`, `ca-linear` | Core Animation |
    /// | `ease-in-quad` … `ease-in-out-bounce` | Penner's equations |
    ///
    /// Names are case-insensitive (ASCII, as in CSS) and print in lowercase; whitespace may
    /// surround every token. A curve's `description` reads back to an equal curve:
    /// `try TimingCurve(parsing: curve.description)` (custom closure curves excepted).
    ///
    /// ```swift
    /// let curve = try TimingCurve(parsing: "cubic-bezier(0.42, 0, 0.58, 1)")
    /// let keyframe = Keyframe(time: 1, value: 1.0, .timing(curve))
    /// ```
    ///
    /// - Parameter text: The curve's text.
    /// - Throws: ``TimingCurveParseError`` with the character offset of the problem and what is
    ///   accepted there.
    /// - Complexity: O(n) in the length of the text.
    public init(parsing text: String) throws(TimingCurveParseError) {
        var parser = TimingCurveParser(text)
        self = try parser.parseCurve()
    }

    /// Every curve name the parser accepts (the functions are in ``acceptedFunctions``).
    public static var acceptedNames: [String] { namedCurves.map(\.name) }

    /// The curve functions the parser accepts, as templates.
    public static let acceptedFunctions: [String] = [
        "cubic-bezier(x1, y1, x2, y2)",
        "steps(count[, jump-start | jump-end | jump-none | jump-both | start | end])",
        "linear(output [input%] [input%], ...)",
    ]

    /// The curve with the given lowercase name, if there is one.
    static func namedCurve(_ name: String) -> TimingCurve? {
        namedCurves.first { $0.name == name }?.curve
    }

    /// The named curves in the order the guide lists them.
    static let namedCurves: [(name: String, curve: TimingCurve)] =
        [
            ("linear", .linear),
            ("ease", .ease),
            ("ease-in", .easeIn),
            ("ease-out", .easeOut),
            ("ease-in-out", .easeInOut),
            ("step-start", .stepStart),
            ("step-end", .stepEnd),
            ("ca-linear", .linear),
            ("ca-default", .coreAnimationDefault),
            ("ca-ease-in", .coreAnimationEaseIn),
            ("ca-ease-out", .coreAnimationEaseOut),
            ("ca-ease-in-ease-out", .coreAnimationEaseInEaseOut),
        ] + PennerTiming.all.map { ($0.description, TimingCurve($0)) }
}
