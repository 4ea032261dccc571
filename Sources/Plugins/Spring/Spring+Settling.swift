import Timeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Settling. A motion x(t) = d a(t) + v b(t) (d, v of any dimension) settles at the last time its
// distance from the target exceeds the threshold. Cadence finds that time exactly, without
// sampling, from the structure of F(t) = |x(t)|² / threshold², which depends on d and v only
// through dd = |d|², dv = d·v and vv = |v|²:
//
// - The critical points of F are the zeros of x·v = e^(-2αt) (a0 C² + a1 C S + a2 S²), with
//   a0 = dv, a1 = vv - ω0² dd, a2 = -(α ω0² dd + (α² + ω0²) dv + α vv): a quadratic in u = S / C.
// - Over- and critically damped, u grows monotonically with t, so F has at most two critical
//   points and at most three monotonic pieces.
// - Under-damped, F(t + π/ωd) = e^(-2απ/ωd) F(t): the maxima repeat every half period and shrink
//   geometrically, so the last maximum above the threshold is found by a logarithm, not a loop.
//
// The settling time then lies on one known decreasing piece of F and is found by bisection on the
// bit patterns of the two ends (at most 64 steps). Every loop is bounded, so extreme parameters
// terminate; times too large for a `Double` are reported as infinity.

extension Spring {
    /// The time for a move of distance 1 to come within `threshold` of its target and stay there.
    ///
    /// The move starts at rest or with a velocity `relativeVelocity` relative to the distance
    /// (UIKit's convention: 1 means the whole distance per second, positive towards the target).
    /// The result is exact (to the last few bits of a `Double`): after it the distance to the
    /// target never exceeds `threshold`, and just before it, it does.
    ///
    /// ```swift
    /// let spring = try Spring(response: 0.5, dampingRatio: 0.7)
    /// let time = try spring.settlingDuration(threshold: 0.001)     // ≈ 0.82 s
    /// let thrown = try spring.settlingDuration(threshold: 0.001, relativeVelocity: -15)
    /// ```
    ///
    /// - Parameters:
    ///   - threshold: The tolerance as a fraction of the distance; `0 < threshold < 1`.
    ///   - relativeVelocity: The initial velocity in distances per second; finite. Default 0.
    /// - Returns: The settling time in seconds; 0 if the motion never leaves the threshold, and
    ///   `.infinity` for an undamped spring (or a time too large for a `Double`).
    /// - Throws: ``SpringError`` when the threshold or the velocity is invalid.
    /// - Complexity: O(1): at most about a hundred closed-form evaluations.
    public func settlingDuration(
        threshold: Double, relativeVelocity: Double = 0
    ) throws(SpringError) -> Double {
        try SpringError.requireRelativeThreshold(threshold)
        try SpringError.requireFinite(relativeVelocity, .relativeVelocity)
        // Displacement from the target -1 (the move is 0 -> 1), velocity towards it.
        return settlingTime(
            displacementSquared: 1, product: -relativeVelocity,
            velocitySquared: relativeVelocity * relativeVelocity, threshold: threshold)
    }

    /// The settling time of x(t) = d a(t) + v b(t) given `|d|²`, `d·v`, `|v|²` and an absolute
    /// threshold on `|x|`; `.infinity` when it never settles or overflows.
    func settlingTime(
        displacementSquared dd: Double, product dv: Double, velocitySquared vv: Double,
        threshold: Double
    ) -> Double {
        let scale = 1 / (threshold * threshold)
        let problem = SettlingProblem(
            spring: self, dd: dd * scale, dv: dv * scale, vv: vv * scale)
        guard problem.dd.isFinite, problem.dv.isFinite, problem.vv.isFinite else {
            return .infinity
        }
        if problem.dd == 0 && problem.vv == 0 { return 0 }
        return problem.solve()
    }
}

/// F(t) = |x(t)|² / threshold² and the search for its last crossing of 1.
private struct SettlingProblem {
    let spring: Spring
    let dd: Double
    let dv: Double
    let vv: Double

    /// F at `t`.
    func value(at t: Double) -> Double {
        let m = spring.transition(over: t)
        let a = m.displacementFromDisplacement
        let b = m.displacementFromVelocity
        return dd * a * a + 2 * dv * a * b + vv * b * b
    }

    func solve() -> Double {
        if spring.oscillationSquared > 0 {
            return solveUnderdamped()
        }
        return solveNonOscillating()
    }

    /// The roots `u` of `a0 + a1 u + a2 u²`, where `u = S / C`, and whether the leading
    /// coefficient vanishes (which puts a root at `C = 0`, `u = ∞`).
    func criticalRatios() -> (roots: [Double], rootAtInfinity: Bool) {
        let alpha = spring.decayRate
        let w2 = spring.naturalFrequencySquared
        var a0 = dv
        var a1 = vv - w2 * dd
        var a2 = -(alpha * w2 * dd + (alpha * alpha + w2) * dv + alpha * vv)
        let largest = max(abs(a0), abs(a1), abs(a2))
        guard largest > 0, largest.isFinite else { return ([], false) }
        a0 /= largest
        a1 /= largest
        a2 /= largest
        if a2 == 0 {
            return (a1 == 0 ? [] : [-a0 / a1], true)
        }
        let discriminant = a1 * a1 - 4 * a2 * a0
        guard discriminant > 0 else { return ([], false) }
        // The stable pair of roots: no cancellation between -a1 and the square root.
        let half = -(a1 + (a1 < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
        return (half == 0 ? [0] : [half / a2, a0 / half], false)
    }

    // MARK: Over- and critically damped

    func solveNonOscillating() -> Double {
        let q = spring.oscillationSquared
        let beta = (-q).squareRoot()
        var breakpoints: [Double] = [0]
        for u in criticalRatios().roots where u > 0 {
            if q == 0 {
                breakpoints.append(u)
            } else if beta * u < 1 {
                breakpoints.append(atanh(beta * u) / beta)
            }
        }
        breakpoints.sort()
        guard let last = breakpoints.lastIndex(where: { value(at: $0) > 1 }) else { return 0 }
        if last + 1 < breakpoints.count {
            return bisect(from: breakpoints[last], to: breakpoints[last + 1])
        }
        // The last piece decreases to 0: the slowest mode's rate sets the search scale.
        let slowRate = q == 0 ? spring.decayRate : spring.naturalFrequencySquared / (spring.decayRate + beta)
        return searchTail(from: breakpoints[last], rate: slowRate)
    }

    // MARK: Under-damped

    func solveUnderdamped() -> Double {
        let omegaD = spring.oscillationSquared.squareRoot()
        let halfPeriod = Double.pi / omegaD
        let alpha = spring.decayRate
        var times: [Double] = []
        let (ratios, rootAtInfinity) = criticalRatios()
        for u in ratios {
            var t = atan(omegaD * u) / omegaD
            if t <= 0 { t += halfPeriod }
            times.append(t)
        }
        if rootAtInfinity {
            times.append(halfPeriod / 2)
        }
        times.sort()
        let hasExtrema = times.count == 2 && times[0] < times[1]
        if alpha == 0 {
            // Undamped: F is periodic, so it either never exceeds 1 or never settles.
            let peak = ([0] + times).map(value(at:)).max() ?? 0
            return peak > 1 ? .infinity : 0
        }
        guard hasExtrema else {
            // No extrema: F decreases monotonically to 0.
            return value(at: 0) > 1 ? searchTail(from: 0, rate: alpha) : 0
        }
        let first = value(at: times[0])
        let second = value(at: times[1])
        // A maximum and the minimum that follows it.
        let (maximum, minimum) = first >= second
            ? (times[0], times[1]) : (times[1], times[0] + halfPeriod)
        let peak = value(at: maximum)
        guard peak > 1 else {
            // No maximum exceeds 1: only the initial descent to the first critical point can.
            return value(at: 0) > 1 ? bisect(from: 0, to: times[0]) : 0
        }
        // Maxima at maximum + k * halfPeriod with F = peak * e^(-2α halfPeriod k).
        let decayPerHalfPeriod = 2 * alpha * halfPeriod
        var k = (log(peak) / decayPerHalfPeriod).rounded(.down)
        guard k.isFinite else { return .infinity }
        for _ in 0..<4 where k > 0 && value(at: maximum + k * halfPeriod) <= 1 { k -= 1 }
        for _ in 0..<4 where value(at: maximum + (k + 1) * halfPeriod) > 1 { k += 1 }
        let start = maximum + k * halfPeriod
        let end = minimum + k * halfPeriod
        guard start.isFinite, end.isFinite else { return .infinity }
        return bisect(from: start, to: end)
    }

    // MARK: Searches

    /// The end of a piece on which F decreases from above 1 to 0 at infinity.
    func searchTail(from start: Double, rate: Double) -> Double {
        var step = 1 / rate
        guard step.isFinite else { return .infinity }
        var end = start + step
        for _ in 0..<2100 {
            guard end.isFinite else { return .infinity }
            if value(at: end) <= 1 { return bisect(from: start, to: end) }
            step *= 2
            end = start + step
        }
        return .infinity
    }

    /// The crossing of 1 on a piece where F decreases from `value(at: lower) > 1` to
    /// `value(at: upper) <= 1`; returns a time with F <= 1 whose predecessor has F > 1.
    func bisect(from lower: Double, to upper: Double) -> Double {
        guard upper.isFinite else { return .infinity }
        var low = max(lower, 0).bitPattern
        var high = max(upper, 0).bitPattern
        // Bit patterns of non-negative doubles are ordered like the doubles: at most 64 halvings.
        while high > low + 1 {
            let middle = low + (high - low) / 2
            if value(at: Double(bitPattern: middle)) > 1 { low = middle } else { high = middle }
        }
        return Double(bitPattern: high)
    }
}
