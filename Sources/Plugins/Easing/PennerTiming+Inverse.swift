import Timeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension PennerTiming {
    /// Whether the equation never decreases, so that ``inverse(of:)`` has answers: true for quad,
    /// cubic, quart, quint, sine, expo and circ; false for back, elastic and bounce.
    public var isMonotonic: Bool { family.isMonotonic }

    /// The linear progress at which the eased progress is `y`, in closed form.
    ///
    /// `nil` for back, elastic and bounce (not monotonic), for `y` outside `0...1`, and for the
    /// values expo skips: it jumps from 0 to `2⁻¹⁰` at the start of ease in (and likewise at the
    /// ends of ease out and ease in-out), so no input reaches `y` in between.
    ///
    /// - Complexity: O(1).
    public func inverse(of y: Double) -> Double? {
        guard family.isMonotonic, y >= 0, y <= 1 else { return nil }
        let x: Double?
        switch direction {
        case .easeIn: x = Self.easeInInverse(family, y)
        case .easeOut: x = Self.easeInInverse(family, 1 - y).map { 1 - $0 }
        case .easeInOut:
            if y < 0.5 {
                x = Self.easeInInverse(family, 2 * y).map { $0 / 2 }
            } else {
                x = Self.easeInInverse(family, 2 - 2 * y).map { 1 - $0 / 2 }
            }
        }
        return x.map { min(max($0, 0), 1) }
    }

    /// The inverse of the ease-in equation `f` on `0...1`. Every monotonic family's ease out is
    /// `1 - f(1 - x)` and its ease in-out is `f(2x)/2`, then `1 - f(2 - 2x)/2`, so they invert
    /// through it too.
    private static func easeInInverse(_ family: Family, _ y: Double) -> Double? {
        switch family {
        case .quad: return y.squareRoot()
        case .cubic: return cbrt(y)
        case .quart: return y.squareRoot().squareRoot()
        case .quint: return pow(y, 0.2)
        case .sine: return acos(1 - y) * 2 / .pi
        case .expo:
            if y == 0 { return 0 }
            // 2^(10x - 10) = y, with x in (0, 1]: y from 2^-10 up.
            guard y >= 0x1p-10 else { return nil }
            return (log2(y) + 10) / 10
        case .circ: return (1 - (1 - y) * (1 - y)).squareRoot()
        case .back, .elastic, .bounce: return nil
        }
    }
}
