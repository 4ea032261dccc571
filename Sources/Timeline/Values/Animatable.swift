/// A value that Cadence can animate: an element of a real vector space.
///
/// Interpolation, cubic splines, springs and velocities are all linear combinations of values, so
/// a type that offers the vector-space operations below can be animated by every segment kind,
/// including the ones that plugins add.
///
/// ```swift
/// struct Offset: Animatable {
///     var dx = 0.0, dy = 0.0
///     static let zero = Offset()
///     static func + (a: Offset, b: Offset) -> Offset { Offset(dx: a.dx + b.dx, dy: a.dy + b.dy) }
///     static func - (a: Offset, b: Offset) -> Offset { Offset(dx: a.dx - b.dx, dy: a.dy - b.dy) }
///     func scaled(by factor: Double) -> Offset { Offset(dx: dx * factor, dy: dy * factor) }
///     var magnitudeSquared: Double { dx * dx + dy * dy }
///     var isFinite: Bool { dx.isFinite && dy.isFinite }
/// }
/// ```
///
/// ## Contract
/// - `+`, `-` and ``scaled(by:)`` behave as vector addition, subtraction and scalar multiplication:
///   `a + .zero == a`, `a - a == .zero`, `a.scaled(by: 1) == a`, `a.scaled(by: 0) == .zero`.
/// - ``magnitudeSquared`` is the squared Euclidean norm of the value's components; springs use it
///   to decide when motion has settled.
/// - ``isFinite`` is `false` when any component is NaN or infinite; tracks reject such values.
///
/// A type whose natural representation is not linear (a 2-D affine transform, a colour with alpha)
/// conforms through the representation that interpolates well: Cadence's ``Transform2D`` stores
/// its decomposition, ``Color`` its premultiplied components.
public protocol Animatable: Sendable, Equatable {
    /// The additive identity.
    static var zero: Self { get }

    /// Adds two values component by component.
    static func + (lhs: Self, rhs: Self) -> Self

    /// Subtracts one value from another component by component.
    static func - (lhs: Self, rhs: Self) -> Self

    /// Returns the value with every component multiplied by `factor`.
    func scaled(by factor: Double) -> Self

    /// The squared Euclidean norm of the value.
    var magnitudeSquared: Double { get }

    /// Whether every component is finite (neither NaN nor infinite).
    var isFinite: Bool { get }
}

extension Animatable {
    /// The Euclidean norm of the value.
    @inlinable
    public var magnitude: Double { magnitudeSquared.squareRoot() }

    /// Linear interpolation: `self` at `fraction == 0`, `other` at `fraction == 1`.
    ///
    /// - Parameters:
    ///   - other: The value at `fraction == 1`.
    ///   - fraction: The position between the two values; values outside `0...1` extrapolate.
    /// - Returns: `self × (1 − fraction) + other × fraction`, which is exactly `self` at 0 and
    ///   exactly `other` at 1.
    @inlinable
    public func interpolated(to other: Self, fraction: Double) -> Self {
        self.scaled(by: 1 - fraction) + other.scaled(by: fraction)
    }
}
