import Timeline

/// One coordinate of a cubic Bézier curve from 0 to 1 with inner control values `p1` and `p2`:
/// `B(t) = 3(1-t)²t·p1 + 3(1-t)t²·p2 + t³`.
///
/// It is kept twice in power form: ``forward`` is `B(t)` and ``backward`` is `1 - B(1 - s)`, the
/// same curve seen from its far end. Solving near an end in the polynomial centred there keeps
/// rounding errors proportional to the distance from that end, so that Newton's method stays
/// accurate where the slope vanishes at an end (`ease-out` at 0, `ease-in` at 1).
@usableFromInline
struct BezierCoordinate: Sendable {
    @usableFromInline let p1: Double
    @usableFromInline let p2: Double
    @usableFromInline let forward: PowerCubic
    @usableFromInline let backward: PowerCubic

    /// The coordinate with inner control values `p1` and `p2` (finite).
    init(_ p1: Double, _ p2: Double) {
        self.p1 = p1
        self.p2 = p2
        forward = PowerCubic(p1, p2)
        backward = PowerCubic(1 - p2, 1 - p1)
    }

    /// `B(t)`.
    @inlinable
    func value(at t: Double) -> Double {
        forward.value(at: t)
    }

    /// `B'(t)` in Bernstein form: exact zeros at the ends when a control value sits on them.
    @inlinable
    func slope(at t: Double) -> Double {
        let s = 1 - t
        return 3 * (s * s * p1 + 2 * s * t * (p2 - p1) + t * t * (1 - p2))
    }

    /// `B''(t)` in Bernstein form.
    func secondDerivative(at t: Double) -> Double {
        6 * ((1 - t) * (p2 - 2 * p1) + t * (1 - 2 * p2 + p1))
    }

    /// `B'''`, constant.
    var thirdDerivative: Double {
        6 * (1 - 3 * p2 + 3 * p1)
    }

    /// Whether `B` is non-decreasing on `0...1` (then strictly increasing: `B'` has isolated
    /// zeros). `B'/3` is a quadratic with Bernstein coefficients `p1`, `p2 - p1`, `1 - p2`.
    var isMonotonic: Bool {
        let first = p1
        let middle = p2 - p1
        let last = 1 - p2
        guard first >= 0, last >= 0 else { return false }
        return middle >= 0 || middle * middle <= first * last
    }

    /// The parameter `t` in `0...1` at which `B(t) == target`, within `tolerance` of the exact
    /// root. Requires ``isMonotonic``.
    ///
    /// Newton's method in the power form centred on the nearer end
    /// (``PowerCubic/newtonRoot(of:tolerance:)``); where it cannot vouch for its answer (the slope
    /// vanishes inside the interval, as for `cubic-bezier(1, 0, 0, 1)` at ½),
    /// ``bisectingPrecisely(toward:lower:upper:tolerance:)`` finishes in double-double
    /// arithmetic. Exact at 0 and 1.
    ///
    /// - Parameters:
    ///   - target: The value of `B` to reach.
    ///   - tolerance: How close to the exact root the answer must be.
    ///   - guess: Where Newton's method starts; `target` if omitted.
    /// - Complexity: O(1): typically 2 to 5 Newton steps; at worst 16 and about 40
    ///   bisections. No allocation.
    @inlinable
    func parameter(reaching target: Double, tolerance: Double, guess: Double? = nil) -> Double {
        if !(target > 0) { return 0 }
        if target >= 1 { return 1 }
        let start = guess ?? target
        if target <= 0.5 {
            let root = forward.newtonRoot(of: target, from: start, tolerance: tolerance)
            if root.isAccepted { return root.t }
            return bisectingPrecisely(
                toward: target, lower: root.lower, upper: root.upper, tolerance: tolerance)
        }
        let root = backward.newtonRoot(of: 1 - target, from: 1 - start, tolerance: tolerance)
        if root.isAccepted { return 1 - root.t }
        return bisectingPrecisely(
            toward: target, lower: max((1 - root.upper).nextDown, 0),
            upper: min((1 - root.lower).nextUp, 1), tolerance: tolerance)
    }

    /// Bisection of `[lower, upper]` (which brackets the root) until it is `tolerance` wide, with
    /// residuals in double-double arithmetic from the exact control values: their sign is right
    /// even where `B'` vanishes (`cubic-bezier(1, 0, 0, 1)` at ½, where `B(t) - ½ = 4(t - ½)³`).
    @usableFromInline
    func bisectingPrecisely(
        toward target: Double, lower: Double, upper: Double, tolerance: Double
    ) -> Double {
        let cc = DoubleDouble.product(3, p1)
        let bb = DoubleDouble.product(3, p2) + DoubleDouble.product(-6, p1)
        let aa = DoubleDouble(1) + DoubleDouble.product(-3, p2) + DoubleDouble.product(3, p1)
        let negatedTarget = DoubleDouble(-target)
        var lower = lower
        var upper = upper
        for _ in 0..<128 {
            let middle = 0.5 * (lower + upper)
            if upper - lower <= tolerance || middle <= lower || middle >= upper { return middle }
            let residual = ((aa * middle + bb) * middle + cc) * middle + negatedTarget
            switch residual.signum {
            case 1: upper = middle
            case -1: lower = middle
            default: return middle
            }
        }
        return 0.5 * (lower + upper)
    }
}

/// A cubic `((a·t + b)·t + c)·t` from 0 to 1 (a Bézier coordinate in power form), with what
/// Newton's method needs to know how far to trust itself.
@usableFromInline
struct PowerCubic: Sendable {
    @usableFromInline let a: Double
    @usableFromInline let b: Double
    @usableFromInline let c: Double
    /// Half the largest `|B''(t)|` on `0...1`, for Newton's error estimate.
    @usableFromInline let halfCurvatureBound: Double

    /// The power form of the Bézier coordinate with inner control values `p1` and `p2`.
    init(_ p1: Double, _ p2: Double) {
        c = 3 * p1
        b = 3 * (p2 - p1) - c
        a = 1 - c - b
        // B''(t) = 6at + 2b is linear in t: its extremes are at the ends.
        halfCurvatureBound = max(abs(b), abs(3 * a + b))
    }

    @inlinable
    func value(at t: Double) -> Double {
        ((a * t + b) * t + c) * t
    }

    @inlinable
    func slope(at t: Double) -> Double {
        (3 * a * t + 2 * b) * t + c
    }

    /// A bound on the rounding error of `value(at: t) - target` for `t` in `0...1`, coefficient
    /// rounding included. It shrinks with `t`, so near `t = 0` residuals stay trustworthy.
    @inlinable
    func roundingBound(at t: Double) -> Double {
        16 * .ulpOfOne * (((abs(a) * t + abs(b)) * t + abs(c)) * t)
    }

    /// Newton's method for `value(at: t) == target` from `t = start`, kept inside a bracket
    /// whose ends have residuals of reliable sign (a step that leaves it is replaced by a
    /// bisection).
    ///
    /// The answer is accepted when both its rounding error (`roundingBound / slope`) and its
    /// truncation error (`halfCurvatureBound · step² / slope`) are within a quarter of
    /// `tolerance`; otherwise the bracket is returned for a careful finish.
    @inlinable
    func newtonRoot(
        of target: Double, from start: Double, tolerance: Double
    ) -> (t: Double, isAccepted: Bool, lower: Double, upper: Double) {
        var t = start > 0 && start < 1 ? start : target
        var lower = 0.0
        var upper = 1.0
        let quarter = 0.25 * tolerance
        for _ in 0..<16 {
            let residual = value(at: t) - target
            let bound = roundingBound(at: t)
            if residual > bound {
                upper = t
            } else if residual < -bound {
                lower = t
            }
            let slope = slope(at: t)
            if slope > 0 {
                let step = residual / slope
                let next = t - step
                if next > lower, next < upper {
                    t = next
                    if bound <= quarter * slope, halfCurvatureBound * step * step <= quarter * slope {
                        return (t, true, lower, upper)
                    }
                    continue
                }
            }
            t = 0.5 * (lower + upper)
        }
        return (t, false, lower, upper)
    }
}
