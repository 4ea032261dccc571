public import Timeline

/// A piecewise-linear easing function, CSS Easing Level 2's `linear(...)`.
///
/// The function passes through a list of points and interpolates linearly between them; before
/// the first point and after the last it continues the line through the nearest two. Points come
/// from *stops*: an output with zero, one or two input positions. Missing inputs are filled in as
/// CSS does: the first stop gets 0, the last gets 1 (or the largest input so far), runs in between
/// are spread evenly, and an input smaller than an earlier one is raised to it.
///
/// ```swift
/// // linear(0, 0.25 75%, 1): a quarter of the way in three quarters of the time.
/// let curve = try PiecewiseLinearTiming([0, .init(0.25, at: 0.75), 1])
/// curve.value(at: 0.75)   // 0.25
/// curve.description       // "linear(0 0%, 0.25 75%, 1 100%)"
/// ```
///
/// Inputs are fractions in the Swift API (`0.75`) and percentages in text (`75%`).
public struct PiecewiseLinearTiming: TimingFunction, Hashable {
    /// The largest magnitude accepted for an output or an input.
    public static let maximumMagnitude: Double = 1e6

    /// A stop of `linear(...)`: an output and up to two input positions.
    ///
    /// A float or integer literal is a stop without an input.
    public struct Stop: Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
        /// The output progress value.
        public let output: Double
        /// The input position, a fraction (`0.75` for `75%`), or `nil` to have it filled in.
        public let input: Double?
        /// A second input position: the stop then makes two points with the same output.
        public let secondInput: Double?

        /// A stop whose input is filled in from its neighbours.
        public init(_ output: Double) {
            self.output = output
            input = nil
            secondInput = nil
        }

        /// A stop at input position `input` (a fraction: `0.75` for `75%`).
        public init(_ output: Double, at input: Double) {
            self.output = output
            self.input = input
            secondInput = nil
        }

        /// Two points with the same output, at inputs `start` and `end` (fractions): the
        /// function holds `output` from `start` to `end`.
        public init(_ output: Double, from start: Double, to end: Double) {
            self.output = output
            input = start
            secondInput = end
        }

        /// A stop without an input, from a float literal.
        public init(floatLiteral value: Double) { self.init(value) }

        /// A stop without an input, from an integer literal.
        public init(integerLiteral value: Int) { self.init(Double(value)) }
    }

    /// A point of the function: an input progress and the output there.
    public struct ControlPoint: Hashable, Sendable {
        /// The input progress (a fraction).
        public let input: Double
        /// The output progress.
        public let output: Double

        /// A point with the given input and output.
        public init(input: Double, output: Double) {
            self.input = input
            self.output = output
        }
    }

    /// The points after CSS's filling-in, with inputs that never decrease.
    public let points: [ControlPoint]
    /// The function on `0...1` as knots with strictly increasing inputs and outputs when it is
    /// continuous and strictly increasing there, for ``inverse(of:)``; `nil` otherwise.
    @usableFromInline let inverseKnots: [ControlPoint]?

    /// Creates `linear(stops...)`, filling in missing inputs as CSS Easing Level 2 does.
    ///
    /// - Parameter stops: At least two stops; outputs and inputs finite and at most
    ///   ``maximumMagnitude`` in size.
    /// - Throws: ``PiecewiseLinearTimingError`` naming the first offending stop.
    /// - Complexity: O(n) for n stops.
    public init(_ stops: [Stop]) throws(PiecewiseLinearTimingError) {
        guard stops.count >= 2 else { throw .tooFewStops(count: stops.count) }
        var outputs: [Double] = []
        var inputs: [Double?] = []
        var largestInput = -Double.infinity
        for (index, stop) in stops.enumerated() {
            let output = try Self.checked(stop.output, stop: index, isInput: false)
            outputs.append(output)
            if let first = stop.input {
                let input = max(try Self.checked(first, stop: index, isInput: true), largestInput)
                inputs.append(input)
                largestInput = input
                if let second = stop.secondInput {
                    let extra = max(try Self.checked(second, stop: index, isInput: true), largestInput)
                    outputs.append(output)
                    inputs.append(extra)
                    largestInput = extra
                }
            } else if index == 0 {
                inputs.append(0)
                largestInput = 0
            } else if index == stops.count - 1 {
                inputs.append(max(1, largestInput))
            } else {
                inputs.append(nil)
            }
        }
        let filled = Self.fillingRuns(of: inputs)
        points = zip(filled, outputs).map { ControlPoint(input: $0, output: $1) }
        inverseKnots = Self.inverseKnots(of: points)
        // Between stops the curve stays within their outputs; before the first stop and after the
        // last it extends a segment, which stops a hair apart (`linear(0, 5 2e-320%)`) turn into
        // an overflow. Checked at both ends, so every value in 0...1 is finite.
        if !value(at: 0).isFinite { throw .overflowingExtrapolation(stop: min(1, stops.count - 1)) }
        if !value(at: 1).isFinite { throw .overflowingExtrapolation(stop: stops.count - 1) }
    }

    private static func checked(
        _ value: Double, stop: Int, isInput: Bool
    ) throws(PiecewiseLinearTimingError) -> Double {
        guard value.isFinite else {
            throw isInput
                ? .nonFiniteInput(stop: stop, value: value)
                : .nonFiniteOutput(stop: stop, value: value)
        }
        guard abs(value) <= maximumMagnitude else { throw .outOfRange(stop: stop, value: value) }
        return value + 0
    }

    /// Gives each run of missing inputs evenly spaced values between the known inputs around it
    /// (the first and last inputs are always known).
    private static func fillingRuns(of inputs: [Double?]) -> [Double] {
        var filled = inputs.map { $0 ?? 0 }
        var index = 1
        while index < inputs.count {
            guard inputs[index] == nil else {
                index += 1
                continue
            }
            let start = index - 1
            var end = index
            while inputs[end] == nil { end += 1 }
            let low = filled[start]
            let high = filled[end]
            for run in index..<end {
                filled[run] = low + (high - low) * Double(run - start) / Double(end - start)
            }
            index = end + 1
        }
        return filled
    }

    /// The index of the segment the CSS algorithm uses at input `x`: the last point whose input
    /// is at most `x` (0 if none), moved back one if it is the last point.
    @inlinable
    func segmentIndex(at x: Double) -> Int {
        var low = 0
        var high = points.count
        while low < high {
            let middle = (low + high) / 2
            if points[middle].input <= x { low = middle + 1 } else { high = middle }
        }
        return min(max(low - 1, 0), points.count - 2)
    }

    /// The output at input `x` (clamped to `0...1`; NaN reads 0), by the CSS algorithm:
    /// interpolation on the segment found by ``segmentIndex(at:)``, or its second point's output
    /// if both points have the same input.
    ///
    /// - Complexity: O(log n) for n points, no allocation.
    @inlinable
    public func value(at x: Double) -> Double {
        let input = x > 0 ? min(x, 1) : 0
        let index = segmentIndex(at: input)
        let a = points[index]
        let b = points[index + 1]
        if a.input == b.input { return b.output }
        let progressBetweenPoints = (input - a.input) / (b.input - a.input)
        return a.output + progressBetweenPoints * (b.output - a.output)
    }

    /// The slope of the segment ``value(at:)`` uses at `x` (the right-hand one at a corner), 0 on
    /// a segment whose points share an input (a jump).
    public func derivative(at x: Double) -> Double {
        let input = x > 0 ? min(x, 1) : 0
        let index = segmentIndex(at: input)
        let a = points[index]
        let b = points[index + 1]
        if a.input == b.input { return 0 }
        return TimingCurve.limitingSlope((b.output - a.output) / (b.input - a.input))
    }

    /// Whether the function is continuous and strictly increasing on `0...1`, which is when
    /// ``inverse(of:)`` has answers.
    public var isStrictlyIncreasing: Bool { inverseKnots != nil }

    /// The input at which the output is `y`, when the function is continuous and strictly
    /// increasing on `0...1` and `y` is between its values at 0 and 1; `nil` otherwise.
    ///
    /// - Complexity: O(log n).
    public func inverse(of y: Double) -> Double? {
        guard let knots = inverseKnots, let first = knots.first, let last = knots.last,
            y >= first.output, y <= last.output
        else { return nil }
        var low = 0
        var high = knots.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if knots[middle].output <= y { low = middle } else { high = middle }
        }
        let a = knots[low]
        let b = knots[high]
        let x = a.input + (y - a.output) / (b.output - a.output) * (b.input - a.input)
        return min(max(x, 0), 1)
    }

    /// The knots of the function restricted to `0...1`, or `nil` when it jumps inside `(0, 1]` or
    /// fails to increase strictly.
    private static func inverseKnots(of points: [ControlPoint]) -> [ControlPoint]? {
        // A jump: points sharing an input inside (0, 1] whose first and last outputs differ.
        var index = 0
        while index < points.count {
            var last = index
            while last + 1 < points.count, points[last + 1].input == points[index].input { last += 1 }
            let input = points[index].input
            if input > 0, input <= 1, points[last].output != points[index].output { return nil }
            index = last + 1
        }
        let function = PiecewiseLinearTiming(uncheckedPoints: points)
        var inputs: [Double] = [0]
        for point in points where point.input > 0 && point.input < 1 && point.input != inputs.last {
            inputs.append(point.input)
        }
        inputs.append(1)
        let knots = inputs.map { ControlPoint(input: $0, output: function.value(at: $0)) }
        for (a, b) in zip(knots, knots.dropFirst()) where !(b.output > a.output) { return nil }
        return knots
    }

    private init(uncheckedPoints: [ControlPoint]) {
        points = uncheckedPoints
        inverseKnots = nil
    }

    /// The CSS serialisation: every point with its input, `linear(0 0%, 0.25 75%, 1 100%)`, with
    /// numbers that read back exactly.
    public var description: String {
        let stops = points.map {
            DecimalText.number($0.output) + " " + DecimalText.percentage($0.input) + "%"
        }
        return "linear(" + stops.joined(separator: ", ") + ")"
    }

    /// Two functions are equal when their points are.
    public static func == (lhs: PiecewiseLinearTiming, rhs: PiecewiseLinearTiming) -> Bool {
        lhs.points == rhs.points
    }

    /// Hashes the points.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(points)
    }
}
