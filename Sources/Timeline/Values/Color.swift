/// An sRGB colour with alpha that interpolates the way CSS interpolates colours.
///
/// Create colours from straight (not premultiplied) gamma-encoded sRGB components, from a hex
/// string, or from a named colour, and read straight components back:
///
/// ```swift
/// let accent = Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)
/// let brand = try Color(hex: "#3366CC")
/// accent.alpha  // 0.8
/// brand.green   // 0.4
/// ```
///
/// ## Interpolation space
/// A colour stores its **premultiplied** components `(r·a, g·a, b·a, a)` in gamma-encoded sRGB,
/// and its ``Animatable`` arithmetic works on them component by component. Linear interpolation
/// between two colours is therefore exactly what CSS Color 4 specifies for legacy sRGB colours
/// (hex, named and `rgb()` colours): interpolate in gamma-encoded sRGB (§13.2), premultiplying by
/// alpha first and dividing by the interpolated alpha afterwards (§13.4). The division happens
/// when you read ``red``, ``green`` or ``blue``.
///
/// Premultiplying is what keeps fades clean: halfway from opaque red to transparent black is red
/// at 50% alpha, not a dark half-transparent red, and halfway from opaque red to transparent
/// blue is red at 50% alpha, not purple. A fully transparent colour has no colour left: every
/// colour with alpha 0 equals ``clear``.
///
/// Springs and cubic segments can overshoot, so an animated colour may leave the gamut
/// (components outside `0...1`, alpha outside `0...1`); use ``clamped()`` before rendering.
/// Differences of colours (velocities) are also `Color` values; their straight components are
/// meaningless, only ``premultiplied`` is.
public struct Color: Animatable, Hashable, CustomStringConvertible {
    /// The premultiplied components `(red·alpha, green·alpha, blue·alpha, alpha)`.
    ///
    /// These are the coordinates of the colour in Cadence's interpolation space; every
    /// ``Animatable`` operation works on them.
    public var premultiplied: SIMD4<Double>

    /// Creates a colour from premultiplied components.
    ///
    /// - Parameter premultiplied: `(red·alpha, green·alpha, blue·alpha, alpha)`.
    @inlinable
    public init(premultiplied: SIMD4<Double>) {
        self.premultiplied = premultiplied
    }

    /// Creates a colour from straight (not premultiplied) gamma-encoded sRGB components.
    ///
    /// Components are normally in `0...1`; values outside that range are kept (extended range),
    /// and NaN or infinite values make ``isFinite`` false rather than trapping.
    ///
    /// - Parameters:
    ///   - red: The red component.
    ///   - green: The green component.
    ///   - blue: The blue component.
    ///   - alpha: The opacity, 0 for fully transparent and 1 (the default) for opaque.
    @inlinable
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        premultiplied = SIMD4(red * alpha, green * alpha, blue * alpha, alpha)
    }

    /// Creates a grey.
    ///
    /// - Parameters:
    ///   - white: The value of all three colour components.
    ///   - alpha: The opacity; 1 by default.
    @inlinable
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// The opacity: 0 is fully transparent, 1 is opaque.
    @inlinable
    public var alpha: Double { premultiplied.w }

    /// The straight (un-premultiplied) red component, or 0 when ``alpha`` is 0.
    @inlinable
    public var red: Double { straight(premultiplied.x) }

    /// The straight (un-premultiplied) green component, or 0 when ``alpha`` is 0.
    @inlinable
    public var green: Double { straight(premultiplied.y) }

    /// The straight (un-premultiplied) blue component, or 0 when ``alpha`` is 0.
    @inlinable
    public var blue: Double { straight(premultiplied.z) }

    @inlinable
    func straight(_ component: Double) -> Double {
        premultiplied.w == 0 ? 0 : component / premultiplied.w
    }

    /// The same colour with a different opacity.
    ///
    /// A colour with alpha 0 has no colour left, so `Color.clear.withAlpha(1)` is black.
    ///
    /// - Parameter alpha: The new opacity.
    /// - Returns: A colour with this colour's straight components and the given alpha.
    @inlinable
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The nearest colour inside the gamut: alpha in `0...1` and straight components in `0...1`.
    ///
    /// Use it after a segment that can overshoot (a spring) and before rendering. NaN components
    /// become 0.
    ///
    /// - Returns: The clamped colour.
    @inlinable
    public func clamped() -> Color {
        let alpha = Color.unitClamp(premultiplied.w)
        guard alpha > 0 else { return .clear }
        return Color(
            red: Color.unitClamp(red), green: Color.unitClamp(green), blue: Color.unitClamp(blue),
            alpha: alpha)
    }

    /// Clamps to `0...1`, sending NaN to 0.
    @inlinable
    static func unitClamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    /// The straight components, for example `rgba(1.0, 0.5, 0.0, 0.8)`.
    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}

// MARK: - Animatable

extension Color {
    /// Transparent black: all components 0. Also the additive identity ``zero``.
    public static let clear = Color(premultiplied: .zero)

    /// The additive identity: transparent black, the same as ``clear``.
    public static let zero = clear

    /// Adds the premultiplied components.
    @inlinable
    public static func + (lhs: Color, rhs: Color) -> Color {
        Color(premultiplied: lhs.premultiplied + rhs.premultiplied)
    }

    /// Subtracts the premultiplied components.
    @inlinable
    public static func - (lhs: Color, rhs: Color) -> Color {
        Color(premultiplied: lhs.premultiplied - rhs.premultiplied)
    }

    /// Multiplies the premultiplied components by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> Color { Color(premultiplied: premultiplied * factor) }

    /// The sum of the squared premultiplied components.
    @inlinable
    public var magnitudeSquared: Double { (premultiplied * premultiplied).sum() }

    /// Whether every premultiplied component is finite.
    @inlinable
    public var isFinite: Bool {
        premultiplied.x.isFinite && premultiplied.y.isFinite && premultiplied.z.isFinite
            && premultiplied.w.isFinite
    }
}

// MARK: - Named colours

extension Color {
    /// Opaque black, `#000000`.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white, `#FFFFFF`.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Opaque mid grey, `#808080` (components 0.5; the hex form rounds to 128).
    public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
    /// Opaque pure red, `#FF0000`.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Opaque pure green, `#00FF00` (CSS's keyword `green` is the darker `#008000`).
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Opaque pure blue, `#0000FF`.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// Opaque yellow, `#FFFF00`.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// Opaque cyan, `#00FFFF`.
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    /// Opaque magenta, `#FF00FF`.
    public static let magenta = Color(red: 1, green: 0, blue: 1)
}
