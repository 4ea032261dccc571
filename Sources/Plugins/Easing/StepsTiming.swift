public import Timeline

/// A step easing function, exactly as CSS Easing Functions (levels 1 and 2) define `steps()`.
///
/// Input progress is divided into `count` equal intervals; the output holds still within each and
/// jumps between them. ``position`` says whether jumps happen at input 0, at input 1, at both or at
/// neither (see ``StepPosition``).
///
/// ```swift
/// let steps = try StepsTiming(4)                // steps(4), that is steps(4, jump-end)
/// steps.value(at: 0.3)                         // 0.25
/// try StepsTiming(4, .jumpStart).value(at: 0)   // 0.25
/// ```
///
/// ## The before flag
/// The CSS algorithm takes a *before flag*, set only while an animation is in its delay phase,
/// that makes a step point give the bottom of its step. A timing segment is only evaluated once it
/// has started, so ``value(at:)`` computes with the flag **unset**, as CSS does during the active
/// interval: at input 0 a `jump-start` or `jump-both` function already gives its first rise
/// (`1/n` and `1/(n+1)`), and at a step point the output is the top of the step. The full algorithm
/// is ``value(at:beforeFlag:)``.
///
/// The product `input × count` is computed in `Double`, as browsers do, so that a decimal input
/// such as 0.3 with 10 steps lands on the step point 3 it denotes.
public struct StepsTiming: TimingFunction, Hashable {
    /// The most steps accepted.
    public static let maximumCount = Int(Int32.max)

    /// The number of equal intervals.
    public let count: Int
    /// Where the jumps happen.
    public let position: StepPosition

    /// Creates the step function `steps(count, position)`.
    ///
    /// - Parameters:
    ///   - count: The number of intervals: at least 1, at least 2 with ``StepPosition/jumpNone``,
    ///     at most ``maximumCount``.
    ///   - position: Where the jumps happen; ``StepPosition/jumpEnd`` by default, as in CSS.
    /// - Throws: ``StepsTimingError`` when `count` is out of range.
    public init(_ count: Int, _ position: StepPosition = .jumpEnd) throws(StepsTimingError) {
        guard count >= position.minimumCount else {
            throw .countTooSmall(count: count, position: position)
        }
        guard count <= Self.maximumCount else { throw .countTooLarge(count: count) }
        self.count = count
        self.position = position
    }

    /// CSS `step-start`: `steps(1, jump-start)`, which is 1 from input 0 on.
    public static let stepStart = StepsTiming(validated: 1, .jumpStart)

    /// CSS `step-end`: `steps(1, jump-end)`, which is 0 until input 1.
    public static let stepEnd = StepsTiming(validated: 1, .jumpEnd)

    init(validated count: Int, _ position: StepPosition) {
        self.count = count
        self.position = position
    }

    /// The output at input `x`, clamped to `0...1` (NaN reads 0), with the before flag unset.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func value(at x: Double) -> Double {
        let input = x > 0 ? min(x, 1) : 0
        return value(at: input, beforeFlag: false)
    }

    /// The CSS step easing algorithm, for any input progress (NaN reads 0).
    ///
    /// 1. `step = floor(x × count)`, plus one for `jump-start` and `jump-both`;
    /// 2. minus one when `beforeFlag` is set and `x × count` is an integer;
    /// 3. at least 0 when `x >= 0`; at most `jumps` when `x <= 1`, where `jumps` is `count`,
    ///    `count - 1` (`jump-none`) or `count + 1` (`jump-both`);
    /// 4. the output is `step / jumps`.
    ///
    /// - Parameters:
    ///   - x: The input progress value.
    ///   - beforeFlag: Whether the animation has yet to reach its active interval.
    /// - Returns: The output progress value.
    @inlinable
    public func value(at x: Double, beforeFlag: Bool) -> Double {
        let input = x.isNaN ? 0 : x
        let product = input * Double(count)
        let floor = product.rounded(.down)
        var step = floor
        if position.risesAtStart { step += 1 }
        if beforeFlag, product == floor { step -= 1 }
        if input >= 0, step < 0 { step = 0 }
        let jumps = Double(position.jumps(forCount: count))
        if input <= 1, step > jumps { step = jumps }
        return step / jumps
    }

    /// Always 0: the function is flat between its jumps, and a jump has no finite slope.
    @inlinable
    public func derivative(at x: Double) -> Double { 0 }

    /// The CSS text: `steps(n)` for `jump-end`, `steps(n, position)` otherwise (CSS serialises
    /// `jump-end` and `end` the same way).
    public var description: String {
        position == .jumpEnd ? "steps(\(count))" : "steps(\(count), \(position))"
    }
}
