/// A plane angle, stored in radians.
///
/// Create angles in either unit and read them back in either unit:
///
/// ```swift
/// let quarter = Angle.degrees(90)
/// quarter.radians       // 1.5707963267948966 (exactly .pi / 2)
/// Angle.radians(.pi).degrees  // 180.0
/// ```
///
/// Angles are not wrapped: `.degrees(720)` is two full turns, and animating from `.zero` to it
/// turns twice. Use ``normalized()`` to bring an angle into `-180°...180°` when only the
/// direction matters.
///
/// An angle is ``Animatable``: it interpolates linearly in radians.
public struct Angle: Animatable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The angle in radians.
    public var radians: Double

    /// Creates an angle from radians.
    ///
    /// - Parameter radians: The angle in radians; any value, including NaN (which makes
    ///   ``isFinite`` false).
    @inlinable
    public init(radians: Double) {
        self.radians = radians
    }

    /// Creates an angle from degrees.
    ///
    /// - Parameter degrees: The angle in degrees.
    @inlinable
    public init(degrees: Double) {
        // Dividing first keeps the multiples of 45° exact: 90 / 180 * π is exactly π / 2.
        self.radians = degrees / 180 * .pi
    }

    /// An angle of `radians` radians.
    ///
    /// - Parameter radians: The angle in radians.
    /// - Returns: The angle.
    @inlinable
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }

    /// An angle of `degrees` degrees.
    ///
    /// - Parameter degrees: The angle in degrees.
    /// - Returns: The angle.
    @inlinable
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }

    /// The angle in degrees.
    ///
    /// Setting it sets ``radians``.
    @inlinable
    public var degrees: Double {
        get { radians / .pi * 180 }
        set { radians = newValue / 180 * .pi }
    }

    /// The zero angle.
    public static let zero = Angle(radians: 0)

    /// The same direction, expressed in `-π...π` (`-180°...180°`).
    ///
    /// Exactly `π` and `-π` are both kept as they are; every other angle is reduced into the open
    /// interval. A non-finite angle is returned unchanged.
    ///
    /// ```swift
    /// Angle.degrees(270).normalized().degrees  // -90.0
    /// ```
    ///
    /// - Returns: An angle that differs from this one by a whole number of turns.
    @inlinable
    public func normalized() -> Angle {
        guard radians.isFinite, abs(radians) > .pi else { return self }
        let turn = 2 * Double.pi
        var reduced = radians.truncatingRemainder(dividingBy: turn)
        if reduced > .pi { reduced -= turn } else if reduced < -.pi { reduced += turn }
        return Angle(radians: reduced)
    }

    /// The opposite angle.
    @inlinable
    public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }

    /// Adds the angles.
    @inlinable
    public static func + (lhs: Angle, rhs: Angle) -> Angle {
        Angle(radians: lhs.radians + rhs.radians)
    }

    /// Subtracts the angles.
    @inlinable
    public static func - (lhs: Angle, rhs: Angle) -> Angle {
        Angle(radians: lhs.radians - rhs.radians)
    }

    /// The angle multiplied by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> Angle { Angle(radians: radians * factor) }

    /// The square of the angle in radians.
    @inlinable
    public var magnitudeSquared: Double { radians * radians }

    /// Whether the angle is finite.
    @inlinable
    public var isFinite: Bool { radians.isFinite }

    /// Orders angles by their value in radians (not by direction: 350° is greater than 10°).
    @inlinable
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }

    /// The angle in degrees, for example `90.0°`.
    public var description: String { "\(degrees)°" }
}
