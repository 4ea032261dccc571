public import Timeline

// The easing plugin's curves as `TimingCurve` members, so that keyframes read
// `Keyframe(time: 1, value: 1.0, .timing(.easeInOut))`.
extension TimingCurve {
    /// CSS `ease`: `cubic-bezier(0.25, 0.1, 0.25, 1)`.
    public static let ease = TimingCurve(CubicBezierTiming.ease)
    /// CSS `ease-in`: `cubic-bezier(0.42, 0, 1, 1)`.
    public static let easeIn = TimingCurve(CubicBezierTiming.easeIn)
    /// CSS `ease-out`: `cubic-bezier(0, 0, 0.58, 1)`.
    public static let easeOut = TimingCurve(CubicBezierTiming.easeOut)
    /// CSS `ease-in-out`: `cubic-bezier(0.42, 0, 0.58, 1)`.
    public static let easeInOut = TimingCurve(CubicBezierTiming.easeInOut)

    /// Core Animation's `default` (`kCAMediaTimingFunctionDefault`): control points (0.25, 0.1)
    /// and (0.25, 1), the same curve as CSS `ease`. Prints as `ca-default`.
    public static let coreAnimationDefault = TimingCurve(CubicBezierTiming.coreAnimationDefault)
    /// Core Animation's `easeIn`: (0.42, 0) and (1, 1). Prints as `ca-ease-in`.
    public static let coreAnimationEaseIn = TimingCurve(CubicBezierTiming.coreAnimationEaseIn)
    /// Core Animation's `easeOut`: (0, 0) and (0.58, 1). Prints as `ca-ease-out`.
    public static let coreAnimationEaseOut = TimingCurve(CubicBezierTiming.coreAnimationEaseOut)
    /// Core Animation's `easeInEaseOut`: (0.42, 0) and (0.58, 1). Prints as
    /// `ca-ease-in-ease-out`.
    public static let coreAnimationEaseInEaseOut = TimingCurve(
        CubicBezierTiming.coreAnimationEaseInEaseOut)

    /// CSS `step-start`: `steps(1, jump-start)`, 1 from the start.
    public static let stepStart = TimingCurve(StepsTiming.stepStart)
    /// CSS `step-end`: `steps(1, jump-end)`, 0 until the end.
    public static let stepEnd = TimingCurve(StepsTiming.stepEnd)

    /// The largest slope magnitude a built-in curve's `derivative(at:)` reports: where the exact
    /// slope is infinite (a vertical tangent, such as `ease-out-circ` at 0), the derivative is this
    /// with the right sign, so that velocities stay finite.
    public static let maximumSlope: Double = 1e9

    /// `slope` limited to `±maximumSlope`.
    static func limitingSlope(_ slope: Double) -> Double {
        if slope > maximumSlope { return maximumSlope }
        if slope < -maximumSlope { return -maximumSlope }
        return slope
    }

    /// A CSS `cubic-bezier(x1, y1, x2, y2)` curve.
    ///
    /// ```swift
    /// let keyframe = Keyframe(time: 1, value: 1.0, .timing(try .cubicBezier(0.2, 0.8, 0.2, 1)))
    /// ```
    ///
    /// - Parameters:
    ///   - x1: The first control point's x, in `0...1`.
    ///   - y1: The first control point's y.
    ///   - x2: The second control point's x, in `0...1`.
    ///   - y2: The second control point's y.
    /// - Returns: The curve.
    /// - Throws: ``CubicBezierError`` for an x outside `0...1` or a non-finite coordinate.
    public static func cubicBezier(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double
    ) throws(CubicBezierError) -> TimingCurve {
        TimingCurve(try CubicBezierTiming(x1, y1, x2, y2))
    }

    /// A CSS `steps(count, position)` curve.
    ///
    /// - Parameters:
    ///   - count: The number of intervals (at least 1; at least 2 for `jump-none`).
    ///   - position: Where the jumps happen; `jump-end` by default.
    /// - Returns: The curve.
    /// - Throws: ``StepsTimingError`` when `count` is out of range.
    public static func steps(
        _ count: Int, _ position: StepPosition = .jumpEnd
    ) throws(StepsTimingError) -> TimingCurve {
        TimingCurve(try StepsTiming(count, position))
    }

    /// A CSS `linear(...)` piecewise-linear curve.
    ///
    /// ```swift
    /// let curve = try TimingCurve.linear([0, .init(0.25, at: 0.75), 1])  // linear(0, 0.25 75%, 1)
    /// ```
    ///
    /// - Parameter stops: At least two stops; inputs are fractions (`0.75` for `75%`).
    /// - Returns: The curve.
    /// - Throws: ``PiecewiseLinearTimingError`` for too few stops or a non-finite number.
    public static func linear(
        _ stops: [PiecewiseLinearTiming.Stop]
    ) throws(PiecewiseLinearTimingError) -> TimingCurve {
        TimingCurve(try PiecewiseLinearTiming(stops))
    }

    /// One of Penner's easing equations.
    ///
    /// - Parameters:
    ///   - family: The family, such as `.back`.
    ///   - direction: `.easeIn`, `.easeOut` or `.easeInOut`.
    /// - Returns: The curve, such as `ease-out-back`.
    public static func penner(
        _ family: PennerTiming.Family, _ direction: PennerTiming.Direction
    ) -> TimingCurve {
        TimingCurve(PennerTiming(family, direction))
    }

    /// A curve given by closures; see ``CustomTiming``.
    ///
    /// ```swift
    /// let smoothstep = TimingCurve.custom(name: "smoothstep") { x in x * x * (3 - 2 * x) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The name printed as `custom(name)`.
    ///   - value: The eased progress at linear progress `x` in `0...1`.
    ///   - derivative: `dy/dx`, or `nil` for central differences of `value`.
    ///   - inverse: The `x` at which the value is `y`, or `nil` for none.
    /// - Returns: The curve.
    public static func custom(
        name: String,
        value: @escaping @Sendable (Double) -> Double,
        derivative: (@Sendable (Double) -> Double)? = nil,
        inverse: (@Sendable (Double) -> Double?)? = nil
    ) -> TimingCurve {
        TimingCurve(CustomTiming(name: name, value: value, derivative: derivative, inverse: inverse))
    }
}

extension CubicBezierTiming {
    /// CSS `ease`: `cubic-bezier(0.25, 0.1, 0.25, 1)`.
    public static let ease = CubicBezierTiming(validated: 0.25, 0.1, 0.25, 1, name: .ease)
    /// CSS `ease-in`: `cubic-bezier(0.42, 0, 1, 1)`.
    public static let easeIn = CubicBezierTiming(validated: 0.42, 0, 1, 1, name: .easeIn)
    /// CSS `ease-out`: `cubic-bezier(0, 0, 0.58, 1)`.
    public static let easeOut = CubicBezierTiming(validated: 0, 0, 0.58, 1, name: .easeOut)
    /// CSS `ease-in-out`: `cubic-bezier(0.42, 0, 0.58, 1)`.
    public static let easeInOut = CubicBezierTiming(validated: 0.42, 0, 0.58, 1, name: .easeInOut)
    /// Core Animation `default`: (0.25, 0.1), (0.25, 1).
    public static let coreAnimationDefault = CubicBezierTiming(
        validated: 0.25, 0.1, 0.25, 1, name: .coreAnimationDefault)
    /// Core Animation `easeIn`: (0.42, 0), (1, 1).
    public static let coreAnimationEaseIn = CubicBezierTiming(
        validated: 0.42, 0, 1, 1, name: .coreAnimationEaseIn)
    /// Core Animation `easeOut`: (0, 0), (0.58, 1).
    public static let coreAnimationEaseOut = CubicBezierTiming(
        validated: 0, 0, 0.58, 1, name: .coreAnimationEaseOut)
    /// Core Animation `easeInEaseOut`: (0.42, 0), (0.58, 1).
    public static let coreAnimationEaseInEaseOut = CubicBezierTiming(
        validated: 0.42, 0, 0.58, 1, name: .coreAnimationEaseInEaseOut)
}
