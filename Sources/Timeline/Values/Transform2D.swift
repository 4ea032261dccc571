#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2-D affine transform that animates by decomposition, as CSS transforms do.
///
/// A transform is stored as the parts CSS decomposes a matrix into: a translation, a rotation, a
/// horizontal and a vertical scale, and a horizontal skew. It maps a point by scaling it, then
/// skewing, then rotating, then translating, like CSS
/// `translate(tx, ty) rotate(θ) skewX(atan(skew)) scale(sx, sy)`:
///
///     matrix = T(translation) · R(rotation) · K(skew) · S(scaleX, scaleY)
///
/// Its ``Animatable`` arithmetic works on the parts, component by component, so interpolating two
/// transforms interpolates their translations, angles, scales and skews independently. That is
/// CSS's decomposed interpolation, and unlike interpolating matrix entries it never collapses:
/// halfway from the identity to a half turn is a quarter turn at full size, where the halfway
/// matrix would be all zeros.
///
/// ```swift
/// let start = Transform2D.identity
/// let end = Transform2D(translation: Point(x: 100, y: 0), rotation: .degrees(180))
/// let middle = start.interpolated(to: end, fraction: 0.5)
/// middle.rotation.degrees  // 90.0
/// middle.scaleX            // 1.0
/// ```
///
/// Because the angle is kept as a number, a transform can say "two full turns"
/// (`rotation: .degrees(720)`), which no matrix can. A matrix read with ``init(matrix:)`` gets an
/// angle in `-180°...180°`; see ``equivalent(nearestTo:)`` to take the short way round.
///
/// - Important: ``identity`` (scale 1) is the transform that does nothing. ``zero`` (every part
///   0, including the scales) is the additive identity of the vector space: it squashes the plane
///   onto a point, and appears as the velocity of a transform at rest.
public struct Transform2D: Animatable, Hashable, Codable, CustomStringConvertible {
    /// The translation, applied last.
    public var translation: Point
    /// The rotation about the origin, applied after the skew. Not wrapped: `.degrees(720)` is two
    /// turns.
    public var rotation: Angle
    /// The horizontal scale, applied first. Negative values mirror.
    public var scaleX: Double
    /// The vertical scale, applied first. Negative values mirror.
    public var scaleY: Double
    /// The horizontal shear factor, applied after the scale: `x' = x + skew·y`. It is the tangent
    /// of CSS's `skewX` angle (see ``skewAngle``) and the `skew[0]` factor of the CSS unmatrix
    /// decomposition.
    public var skew: Double

    /// Creates a transform from its parts.
    ///
    /// - Parameters:
    ///   - translation: The translation; none by default.
    ///   - rotation: The rotation; none by default.
    ///   - scaleX: The horizontal scale; 1 by default.
    ///   - scaleY: The vertical scale; 1 by default.
    ///   - skew: The horizontal shear factor; 0 by default.
    @inlinable
    public init(
        translation: Point = .zero, rotation: Angle = .zero, scaleX: Double = 1, scaleY: Double = 1,
        skew: Double = 0
    ) {
        self.translation = translation
        self.rotation = rotation
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.skew = skew
    }

    /// Creates a transform with a uniform scale.
    ///
    /// - Parameters:
    ///   - translation: The translation; none by default.
    ///   - rotation: The rotation; none by default.
    ///   - scale: The scale along both axes.
    @inlinable
    public init(translation: Point = .zero, rotation: Angle = .zero, scale: Double) {
        self.init(translation: translation, rotation: rotation, scaleX: scale, scaleY: scale)
    }

    /// The transform that leaves every point where it is.
    public static let identity = Transform2D()

    /// The skew as an angle: CSS `skewX(skewAngle)`. Setting it sets ``skew`` to its tangent.
    public var skewAngle: Angle {
        get { Angle(radians: atan(skew)) }
        set { skew = tan(newValue.radians) }
    }

    // MARK: Builders

    /// The transform moved by `offset` (added to ``translation``).
    ///
    /// - Parameter offset: The distance to move, in the parent coordinate space.
    /// - Returns: The moved transform.
    @inlinable
    public func translated(by offset: Point) -> Transform2D {
        var result = self
        result.translation = translation + offset
        return result
    }

    /// The transform turned by `angle` about its own origin (added to ``rotation``), like CSS's
    /// `rotate` property; the translation is unchanged.
    ///
    /// - Parameter angle: The extra rotation.
    /// - Returns: The rotated transform.
    @inlinable
    public func rotated(by angle: Angle) -> Transform2D {
        var result = self
        result.rotation = rotation + angle
        return result
    }

    /// The transform with its scales multiplied by `x` and `y`: the shape is scaled along its own
    /// axes, before its skew and rotation.
    ///
    /// This is geometric scaling. It is not ``scaled(by:)``, the vector-space operation that
    /// multiplies every part (translation and rotation included) by a factor.
    ///
    /// - Parameters:
    ///   - x: The factor for ``scaleX``.
    ///   - y: The factor for ``scaleY``.
    /// - Returns: The scaled transform.
    @inlinable
    public func scaled(x: Double, y: Double) -> Transform2D {
        var result = self
        result.scaleX = scaleX * x
        result.scaleY = scaleY * y
        return result
    }

    /// The transform with `factor` added to its ``skew`` (shears compose by adding factors).
    ///
    /// - Parameter factor: The extra horizontal shear factor.
    /// - Returns: The skewed transform.
    @inlinable
    public func skewed(by factor: Double) -> Transform2D {
        var result = self
        result.skew = skew + factor
        return result
    }

    /// The image of `point` under the transform.
    ///
    /// - Parameter point: The point to transform.
    /// - Returns: The point scaled, skewed, rotated and translated.
    public func applying(to point: Point) -> Point {
        matrix.applying(to: point)
    }

    // MARK: Animatable

    /// Every part 0, scales included: the additive identity (not ``identity``).
    public static let zero = Transform2D(
        translation: .zero, rotation: .zero, scaleX: 0, scaleY: 0, skew: 0)

    /// Adds the parts.
    @inlinable
    public static func + (lhs: Transform2D, rhs: Transform2D) -> Transform2D {
        Transform2D(
            translation: lhs.translation + rhs.translation, rotation: lhs.rotation + rhs.rotation,
            scaleX: lhs.scaleX + rhs.scaleX, scaleY: lhs.scaleY + rhs.scaleY,
            skew: lhs.skew + rhs.skew)
    }

    /// Subtracts the parts.
    @inlinable
    public static func - (lhs: Transform2D, rhs: Transform2D) -> Transform2D {
        Transform2D(
            translation: lhs.translation - rhs.translation, rotation: lhs.rotation - rhs.rotation,
            scaleX: lhs.scaleX - rhs.scaleX, scaleY: lhs.scaleY - rhs.scaleY,
            skew: lhs.skew - rhs.skew)
    }

    /// Multiplies every part (translation, angle in radians, scales and skew) by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> Transform2D {
        Transform2D(
            translation: translation.scaled(by: factor), rotation: rotation.scaled(by: factor),
            scaleX: scaleX * factor, scaleY: scaleY * factor, skew: skew * factor)
    }

    /// The sum of the squared parts: translation, rotation in radians, scales and skew.
    @inlinable
    public var magnitudeSquared: Double {
        translation.magnitudeSquared + rotation.magnitudeSquared + scaleX * scaleX + scaleY * scaleY
            + skew * skew
    }

    /// Whether every part is finite.
    @inlinable
    public var isFinite: Bool {
        translation.isFinite && rotation.isFinite && scaleX.isFinite && scaleY.isFinite
            && skew.isFinite
    }

    /// The transform in CSS syntax, for example
    /// `translate(10.0, 0.0) rotate(90.0deg) skewX(0.0deg) scale(1.0, 1.0)`.
    public var description: String {
        "translate(\(translation.x), \(translation.y)) rotate(\(rotation.degrees)deg) "
            + "skewX(\(skewAngle.degrees)deg) scale(\(scaleX), \(scaleY))"
    }
}
