public import Timeline

/// Robert Penner's easing equations, in the form easings.net publishes them.
///
/// Ten families, each easing in (slow start), out (slow end) or in and out:
///
/// | family | ease in, `f(x)` | notes |
/// |---|---|---|
/// | ``Family/quad`` … ``Family/quint`` | `x²` … `x⁵` | |
/// | ``Family/sine`` | `1 - cos(πx/2)` | |
/// | ``Family/expo`` | `2^(10x - 10)`, and 0 at 0 | jumps by `2⁻¹⁰` at the end it pins |
/// | ``Family/circ`` | `1 - √(1 - x²)` | vertical tangent at 1 |
/// | ``Family/back`` | `c3·x³ - c1·x²`, `c1 = 1.70158`, `c3 = c1 + 1` | dips below 0; in-out uses `c2 = c1 · 1.525` |
/// | ``Family/elastic`` | `-2^(10x - 10)·sin((10x - 10.75)·c4)`, `c4 = 2π/3` | in-out uses `c5 = 2π/4.5` |
/// | ``Family/bounce`` | `1 - easeOutBounce(1 - x)`, `n1 = 7.5625`, `d1 = 2.75` | |
///
/// Ease out is `1 - f(1 - x)`; ease in-out runs ease in over the first half and ease out over the
/// second, each squeezed into half the time and half the output (with its own constants for back
/// and elastic, as published).
///
/// ```swift
/// let bounce = PennerTiming(.bounce, .easeOut)
/// bounce.value(at: 0.5)   // 0.765625
/// bounce.description      // "ease-out-bounce"
/// ```
///
/// ``derivative(at:)`` is analytic. ``inverse(of:)`` is closed-form for the monotonic families
/// (quad, cubic, quart, quint, sine, expo, circ) and `nil` for back, elastic and bounce.
public struct PennerTiming: TimingFunction, Hashable {
    /// An easing family.
    public enum Family: String, CaseIterable, Hashable, Sendable {
        /// `x²`.
        case quad
        /// `x³`.
        case cubic
        /// `x⁴`.
        case quart
        /// `x⁵`.
        case quint
        /// A quarter sine wave.
        case sine
        /// An exponential, `2^(10x - 10)`.
        case expo
        /// A quarter circle.
        case circ
        /// Backs up before moving forward (overshoots on the way out).
        case back
        /// An exponentially growing sine wave.
        case elastic
        /// Bounces like a ball dropped on the floor.
        case bounce

        /// Whether every direction of the family is monotonic (and so invertible).
        public var isMonotonic: Bool {
            switch self {
            case .back, .elastic, .bounce: false
            default: true
            }
        }
    }

    /// Which end of the motion the easing slows.
    public enum Direction: String, CaseIterable, Hashable, Sendable {
        /// Slow start: `f(x)`.
        case easeIn = "in"
        /// Slow end: `1 - f(1 - x)`.
        case easeOut = "out"
        /// Slow start and end: `f` over the first half, its mirror over the second.
        case easeInOut = "in-out"
    }

    /// The family of equations.
    public let family: Family
    /// Which end the easing slows.
    public let direction: Direction

    /// The equation of `family` easing in `direction`.
    ///
    /// - Parameters:
    ///   - family: The family, such as ``Family/bounce``.
    ///   - direction: ``Direction/easeIn``, ``Direction/easeOut`` or ``Direction/easeInOut``.
    public init(_ family: Family, _ direction: Direction) {
        self.family = family
        self.direction = direction
    }

    /// Every equation: ten families in three directions.
    public static let all: [PennerTiming] = Family.allCases.flatMap { family in
        Direction.allCases.map { PennerTiming(family, $0) }
    }

    /// The name in Cadence's syntax: `ease-in-quad`, `ease-out-back`, `ease-in-out-bounce`.
    public var description: String {
        "ease-\(direction.rawValue)-\(family.rawValue)"
    }

    /// The constants of the published equations.
    enum Constant {
        /// Back: `c1`.
        static let c1 = 1.70158
        /// Back in-out: `c2 = c1 · 1.525`.
        static let c2 = c1 * 1.525
        /// Back: `c3 = c1 + 1`.
        static let c3 = c1 + 1
        /// Elastic: `c4 = 2π/3`.
        static let c4 = 2 * Double.pi / 3
        /// Elastic in-out: `c5 = 2π/4.5`.
        static let c5 = 2 * Double.pi / 4.5
        /// Bounce: `n1`.
        static let n1 = 7.5625
        /// Bounce: `d1`.
        static let d1 = 2.75
        /// Expo: `10 ln 2`, the slope factor of `2^(10x)`.
        static let tenLn2 = 10 * 0.693_147_180_559_945_3
    }
}
