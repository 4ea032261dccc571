public import Timeline

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Arc length along a ``Path``: its length, and the point and direction at a distance along it,
/// for moving something along the path at a steady speed.
///
/// Lengths are integrals of the curve's speed by adaptive 8-point Gauss-Legendre quadrature
/// (to about 1e-13 of each segment's length). Each curve keeps a table of the length at 16
/// parameter steps; a position is found by binary search in the tables and then Newton's method
/// (safeguarded by bisection) on the exact integral, so positions are accurate to about 1e-12 of
/// the segment's length, not to a table's resolution.
///
/// ```swift
/// let orbit = PathMeasure(try .circle(center: Point(x: 0, y: 0), radius: 100))
/// orbit.length                               // ≈ 628.3 (the 4-curve circle: +0.02 %)
/// orbit.position(atProgress: 0.25)           // ≈ (0, 100)
/// orbit.tangentAngle(atProgress: 0.25)       // ≈ π (moving towards -x)
/// ```
///
/// The length covers every drawing segment of every sub-path, closing lines included; the moves
/// between sub-paths add nothing (a point moving along the path jumps to the next sub-path).
/// A path that draws nothing has length 0: every position is its first point (the origin for an
/// empty path) and every tangent angle is 0.
public struct PathMeasure: Sendable {
    /// The total length of the path's segments (infinite only if it exceeds
    /// `Double.greatestFiniteMagnitude`; positions stay finite even then).
    public let length: Double
    /// The length in the scaled units of the stored segments.
    private let internalLength: Double
    private let segments: [CubicSegment]
    private let straight: [Bool]
    /// `starts[i]` is the length before segment `i`; `starts[segments.count] == length`.
    private let starts: [Double]
    /// 17 cumulative lengths per segment, at parameters 0, 1/16, ..., 1 (from the segment start).
    private let table: [Double]
    private let firstPoint: Point
    /// Segments are stored multiplied by `scale`, an exact power of two that keeps speeds and
    /// lengths finite for coordinates near the limits of `Double`; `1 / scale` undoes it.
    private let scale: Double
    private let unscale: Double

    private static let steps = 16

    /// Measures a path.
    ///
    /// - Complexity: O(n) in the number of segments (a few hundred speed evaluations each).
    public init(_ path: Path) {
        let largest = path.points.reduce(0.0) { max($0, abs($1.x), abs($1.y)) }
        let exponent = largest > 0x1p500 ? largest.exponent - 500 : 0
        let scale = Double(sign: .plus, exponent: -exponent, significand: 1)
        var segments: [CubicSegment] = []
        var straight: [Bool] = []
        path.forEachSegment { event in
            if case .segment(let cubic, let isStraight) = event {
                segments.append(
                    CubicSegment(
                        cubic.p0.scaled(by: scale), cubic.p1.scaled(by: scale),
                        cubic.p2.scaled(by: scale), cubic.p3.scaled(by: scale)))
                straight.append(isStraight)
            }
        }
        var starts: [Double] = [0]
        var table: [Double] = []
        starts.reserveCapacity(segments.count + 1)
        table.reserveCapacity(segments.count * (Self.steps + 1))
        var total = 0.0
        for (index, segment) in segments.enumerated() {
            let tolerance = 1e-14 * max(segment.estimatedLength, Double.leastNormalMagnitude)
            var cumulative = 0.0
            table.append(0)
            for step in 0..<Self.steps {
                if straight[index] {
                    cumulative = (segment.p3 - segment.p0).magnitude * Double(step + 1) / Double(Self.steps)
                } else {
                    let a = Double(step) / Double(Self.steps)
                    let b = Double(step + 1) / Double(Self.steps)
                    cumulative += GaussLegendre.adaptiveIntegral(from: a, to: b, tolerance: tolerance) {
                        segment.derivative(at: $0).magnitude
                    }
                }
                table.append(cumulative)
            }
            total += cumulative
            starts.append(total)
        }
        self.segments = segments
        self.straight = straight
        self.starts = starts
        self.table = table
        self.scale = scale
        unscale = Double(sign: .plus, exponent: exponent, significand: 1)
        internalLength = total
        length = total * unscale
        firstPoint = path.points.first ?? .zero
    }

    /// The point at a fraction of the length.
    ///
    /// - Parameter progress: `0` is the start, `1` the end; clamped to `0...1`, NaN counts as 0.
    /// - Complexity: O(log n) plus a few Newton steps.
    public func position(atProgress progress: Double) -> Point {
        position(atInternalDistance: Self.clamped(progress) * internalLength)
    }

    /// The direction of travel at a fraction of the length: the angle of the tangent from the
    /// x axis, in radians in `-π...π` (`atan2(dy, dx)`; on a y-down screen positive angles turn
    /// clockwise).
    ///
    /// - Parameter progress: `0` is the start, `1` the end; clamped to `0...1`, NaN counts as 0.
    public func tangentAngle(atProgress progress: Double) -> Double {
        tangentAngle(atInternalDistance: Self.clamped(progress) * internalLength)
    }

    /// The point at `distance` along the path, clamped to `0...length` (NaN counts as 0).
    public func position(atDistance distance: Double) -> Point {
        position(atInternalDistance: distance * scale)
    }

    /// The tangent angle (see ``tangentAngle(atProgress:)``) at `distance` along the path.
    public func tangentAngle(atDistance distance: Double) -> Double {
        tangentAngle(atInternalDistance: distance * scale)
    }

    private func position(atInternalDistance distance: Double) -> Point {
        guard let (index, t) = locate(distance) else { return firstPoint }
        let segment = segments[index]
        let point: Point
        if straight[index] {
            point = Point.lerp(segment.p0, segment.p3, t)
        } else {
            point = t == 1 ? segment.p3 : segment.point(at: t)
        }
        return scale == 1 ? point : point.scaled(by: unscale)
    }

    private func tangentAngle(atInternalDistance distance: Double) -> Double {
        guard let (index, t) = locate(distance) else { return 0 }
        let segment = segments[index]
        var direction = segment.derivative(at: t)
        let size = segment.estimatedLength
        if direction.magnitude <= 1e-9 * size {
            // A stationary point (a control point on an end point, or a cusp): the chord around it.
            let h = 1e-4
            direction = segment.point(at: min(t + h, 1)) - segment.point(at: max(t - h, 0))
        }
        if direction.magnitude == 0 { direction = segment.p3 - segment.p0 }
        if direction.magnitude == 0 { return 0 }
        return atan2(direction.y, direction.x)
    }

    private static func clamped(_ progress: Double) -> Double {
        progress.isNaN ? 0 : min(max(progress, 0), 1)
    }

    /// The segment and parameter at `distance`, or `nil` if the path has no length.
    private func locate(_ distance: Double) -> (Int, Double)? {
        let length = internalLength
        guard length > 0 else { return nil }
        let d = distance.isNaN ? 0 : min(max(distance, 0), length)
        if d >= length {
            let last = segments.indices.last { starts[$0 + 1] > starts[$0] }!
            return (last, 1)
        }
        // The last segment whose start is at or before d.
        var low = 0
        var high = segments.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= d { low = middle } else { high = middle }
        }
        let within = d - starts[low]
        if straight[low] {
            let segmentLength = starts[low + 1] - starts[low]
            return (low, segmentLength > 0 ? min(within / segmentLength, 1) : 0)
        }
        return (low, parameter(inSegment: low, atLength: within))
    }

    /// Solves `length(0...t) == target` in a curve segment.
    private func parameter(inSegment index: Int, atLength target: Double) -> Double {
        let base = index * (Self.steps + 1)
        var bin = 0
        while bin < Self.steps - 1, table[base + bin + 1] <= target { bin += 1 }
        let segment = segments[index]
        let binStart = Double(bin) / Double(Self.steps)
        var low = binStart
        var high = Double(bin + 1) / Double(Self.steps)
        let before = table[base + bin]
        let binLength = table[base + bin + 1] - before
        guard binLength > 0 else { return low }
        var t = low + (high - low) * min(max((target - before) / binLength, 0), 1)
        let tolerance = 1e-13 * max(starts[index + 1] - starts[index], Double.leastNormalMagnitude)
        for _ in 0..<50 {
            let travelled = before + GaussLegendre.adaptiveIntegral(
                from: binStart, to: t, tolerance: tolerance * 0.1
            ) { segment.derivative(at: $0).magnitude }
            let error = travelled - target
            if abs(error) <= tolerance { break }
            if error > 0 { high = t } else { low = t }
            let speed = segment.derivative(at: t).magnitude
            var next = speed > 0 ? t - error / speed : (low + high) / 2
            if !(next > low && next < high) { next = (low + high) / 2 }
            if next == t { break }
            t = next
        }
        return t
    }
}
