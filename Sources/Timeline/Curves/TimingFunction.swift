/// A timing function: how a segment's progress advances over its duration.
///
/// A timing function maps linear progress `x` in `0...1` to eased progress `y`, usually with
/// `y(0) == 0` and `y(1) == 1`; `y` may leave `0...1` in between (overshooting curves such as back
/// easing), and some curves start or end elsewhere by definition (CSS `steps(n, jump-start)` is
/// already `1/n` at 0; a CSS `linear(...)` may start anywhere). A keyframe segment takes its
/// end value from the keyframe, not from `y(1)`.
/// The easing plugin provides cubic Béziers, steps, CSS `linear(...)`, the Penner family and
/// custom closures; any type conforming to this protocol can be used the same way.
///
/// ## Contract
/// - ``value(at:)`` and ``derivative(at:)`` are pure, thread-safe and defined for every `x` in
///   `0...1`; Cadence never calls them outside that range.
/// - ``value(at:beforeFlag:)`` is ``value(at:)`` except where the function jumps exactly at `x`:
///   there, with the flag set, it is the value just before the jump (CSS's *before flag*, which
///   Cadence sets before a clip's active interval and after one that ended playing backwards).
///   The default returns ``value(at:)``; step functions override it.
/// - ``derivative(at:)`` is `dy/dx`, used for velocities (0 where the function jumps).
/// - ``inverse(of:)`` returns an `x` with `value(at: x) == y` when the function is monotonic, and
///   `nil` when it has no inverse (the default).
/// - ``description`` is the curve in Cadence's textual syntax (`ease-in`, `cubic-bezier(...)`),
///   so that documents and the command-line tool can print what they parsed.
public protocol TimingFunction: Sendable, CustomStringConvertible {
    /// The eased progress at linear progress `x` in `0...1`.
    func value(at x: Double) -> Double

    /// The eased progress at linear progress `x` in `0...1`, with CSS's before flag.
    ///
    /// - Parameters:
    ///   - x: Linear progress in `0...1`.
    ///   - beforeFlag: Whether the value is taken just before `x`: set before an animation's
    ///     active interval and after one that ended playing backwards.
    func value(at x: Double, beforeFlag: Bool) -> Double

    /// The derivative `dy/dx` at linear progress `x` in `0...1`.
    func derivative(at x: Double) -> Double

    /// The linear progress at which the function reaches `y`, or `nil` if it has no inverse.
    func inverse(of y: Double) -> Double?
}

extension TimingFunction {
    /// ``value(at:)``, whatever the flag: right for every function that does not jump.
    public func value(at x: Double, beforeFlag: Bool) -> Double { value(at: x) }

    /// No inverse by default.
    public func inverse(of y: Double) -> Double? { nil }
}

/// The identity timing function: progress advances at a constant rate.
public struct LinearTiming: TimingFunction, Hashable {
    /// Creates the identity timing function.
    public init() {}

    /// Returns `x`.
    @inlinable public func value(at x: Double) -> Double { x }

    /// Returns 1.
    @inlinable public func derivative(at x: Double) -> Double { 1 }

    /// Returns `y`.
    @inlinable public func inverse(of y: Double) -> Double? { y }

    /// `linear`.
    public var description: String { "linear" }
}
