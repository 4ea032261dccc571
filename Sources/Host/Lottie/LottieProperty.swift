import Timeline
import TimelinePlugins
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An animatable Lottie property (`{"a": 0|1, "k": …}`): a static value or keyframes, evaluated
/// as lottie-web evaluates them (the keyframe search, holds, per-dimension cubic easing, legacy
/// `e` end values, spatial tangents along the curve's arc length), with exact arithmetic: easing
/// curves solved to the double's precision and arc lengths integrated, not sampled.
struct LottieProperty: Sendable {
    /// An easing curve's handles as the file writes them: out tangent (x1, y1), in tangent (x2, y2).
    struct Handles: Sendable, Hashable {
        var x1: Double, y1: Double, x2: Double, y2: Double
    }

    /// An easing handle's number as the file writes it (`0.4` or `[0.4]`), for lottie-web's
    /// compatibility mode, which treats the two differently in places.
    struct RawNumber: Sendable, Hashable {
        var values: [Double]
        var isArray: Bool

        /// What JavaScript's arithmetic makes of it: the number, a one-element array's number, 0
        /// for an empty array, NaN for a longer one.
        var coerced: Double {
            guard isArray else { return values[0] }
            return values.count == 1 ? values[0] : values.isEmpty ? 0 : .nan
        }

        /// The element at `index`, as lottie-web picks per dimension (the first when missing).
        func element(_ index: Int) -> Double {
            guard isArray else { return values[0] }
            return index < values.count ? values[index] : values.first ?? .nan
        }
    }

    /// A keyframe's easing handles as written (`o` and `i`), and its cache name `n`.
    struct RawEasing: Sendable {
        var outX: RawNumber, outY: RawNumber, inX: RawNumber, inY: RawNumber
        package var name: String?
    }

    /// One keyframe.
    struct Keyframe: Sendable {
        /// Its frame.
        var time: Double
        /// Its start value (missing on a legacy file's last keyframe).
        var start: [Double]?
        /// A legacy end value.
        var end: [Double]?
        /// Whether the value holds until the next keyframe.
        var hold: Bool
        /// The easing curves, one per dimension (or one for all); `nil` where the curve is linear.
        var easing: [CubicBezierTiming?]
        /// The handles the curves were made from, unclamped (lottie-web's compatibility mode).
        var handles: [Handles]
        /// Spatial tangents, relative to the start and end values.
        var outTangent: [Double]?
        var inTangent: [Double]?
        /// The handles as written, for lottie-web's compatibility mode.
        var raw: RawEasing? = nil
    }

    /// The value, when static.
    var value: [Double]
    /// Whether a static value was written as an array (`[45]`) rather than a number (`45`).
    var isArray = true
    /// The keyframes, when animated.
    var keyframes: [Keyframe]
    /// Whether keyframes interpolate as orientations (`or`: Euler angles in degrees, along the
    /// shortest rotation between two keyframes, without easing), as lottie-web does.
    var sphericalInterpolation = false

    init(value: [Double], keyframes: [Keyframe]) {
        self.value = value
        self.keyframes = keyframes
    }

    /// Where lottie-web's search for the segment ends at a frame: the keyframe that gives the
    /// value and the next one.
    ///
    /// The segment whose next keyframe is after the frame; past the last keyframe, the last
    /// segment (or, when its first keyframe holds, the last keyframe itself).
    func segment(at frame: Double, offset: Double) -> (key: Keyframe, next: Keyframe, index: Int) {
        let last = keyframes.count - 1
        var index = 0
        while index < last {
            let next = keyframes[index + 1]
            if index == last - 1, frame >= next.time - offset {
                return (keyframes[index].hold ? next : keyframes[index], next, index)
            }
            if next.time - offset > frame || index == last - 1 { break }
            index += 1
        }
        return (keyframes[index], keyframes[index + 1], index)
    }

    /// The value at a composition frame, in the file's units.
    ///
    /// - Parameters:
    ///   - frame: The frame in the layer's time (its composition's frame minus its start time).
    ///   - offset: The layer's start time: keyframe times are in the composition's frames, so
    ///     they are compared as `t − offset`, the way lottie-web compares them.
    func value(at frame: Double, offset: Double = 0) -> [Double] {
        guard keyframes.count > 1 else { return keyframes.first?.start ?? keyframes.first?.end ?? value }
        // NaN is no frame: the first keyframe's value.
        let frame = frame.isNaN ? -Double.infinity : frame
        let (key, next, _) = segment(at: frame, offset: offset)
        guard let start = key.start else { return key.end ?? value }
        let end = next.start ?? key.end ?? start
        if key.hold { return start }
        let keyTime = key.time - offset, nextTime = next.time - offset
        if sphericalInterpolation, start.count >= 3, end.count >= 3 {
            if frame >= nextTime { return end }
            if frame <= keyTime { return start }
            return Orientation.interpolate(start, end, (frame - keyTime) / (nextTime - keyTime))
        }
        func progress(_ dimension: Int) -> Double {
            if frame >= nextTime { return 1 }
            if frame < keyTime { return 0 }
            let linear = (frame - keyTime) / (nextTime - keyTime)
            // A dimension without its own curve takes the first (lottie-web's rule).
            let curve = key.easing.isEmpty ? nil : key.easing[dimension < key.easing.count ? dimension : 0]
            return curve?.value(at: linear) ?? linear
        }
        if let out = key.outTangent, start.count >= 2, end.count >= 2 {
            // lottie-web takes the spatial path whenever the keyframe has an out tangent, with the
            // first dimension's easing for every dimension.
            let into = key.inTangent ?? []
            let fraction = progress(0)
            if out.allSatisfy({ $0 == 0 }), into.allSatisfy({ $0 == 0 }) {
                // The straight line: by length is by the fraction.
                return (0..<min(start.count, end.count)).map { start[$0] + (end[$0] - start[$0]) * fraction }
            }
            return SpatialCurve(start: start, end: end, outTangent: out, inTangent: into).point(atLengthFraction: fraction)
        }
        return (0..<start.count).map { dimension in
            let target = dimension < end.count ? end[dimension] : start[dimension]
            return start[dimension] + (target - start[dimension]) * progress(dimension)
        }
    }

    /// Whether it changes over time.
    var isAnimated: Bool { keyframes.count > 1 }

    /// Drops the spatial tangents of segments whose handles lie on the line between their values
    /// (or that stand still with zero handles): they interpolate dimension by dimension, with their
    /// easing, instead of by arc length along a curve that doubles back on the line.
    ///
    /// lottie-web's rule for multidimensional properties (anchor, position, scale), with its
    /// tolerances: in 2D the doubled triangle area within 0.001, in 3D the triangle inequality
    /// within 0.0001. The Lottie specification is silent.
    mutating func straightenCollinearTangents() {
        guard keyframes.count > 1 else { return }
        for index in 0..<(keyframes.count - 1) {
            guard let to = keyframes[index].outTangent, let s = keyframes[index].start, let e = keyframes[index + 1].start else { continue }
            let ti = keyframes[index].inTangent ?? []
            func at(_ values: [Double], _ i: Int) -> Double { i < values.count ? values[i] : .nan }
            var straight = false
            // The end value may be shorter than the start (a hostile file): its missing numbers are
            // NaN, as JavaScript's `undefined` makes them.
            let e0 = at(e, 0), e1 = at(e, 1), e2 = at(e, 2)
            if s.count == 2, !(s[0] == e0 && s[1] == e1) {
                straight = Self.onLine2D(s[0], s[1], e0, e1, s[0] + at(to, 0), s[1] + at(to, 1))
                    && Self.onLine2D(s[0], s[1], e0, e1, e0 + at(ti, 0), e1 + at(ti, 1))
            } else if s.count == 3, !(s[0] == e0 && s[1] == e1 && e2 == s[2]) {
                straight = Self.onLine3D(s[0], s[1], s[2], e0, e1, e2, s[0] + at(to, 0), s[1] + at(to, 1), s[2] + at(to, 2))
                    && Self.onLine3D(s[0], s[1], s[2], e0, e1, e2, e0 + at(ti, 0), e1 + at(ti, 1), e2 + at(ti, 2))
            }
            if s.count >= 2, e.count >= 2, s[0] == e[0], s[1] == e[1], at(to, 0) == 0, at(to, 1) == 0, at(ti, 0) == 0, at(ti, 1) == 0,
               s.count == 2 || (at(s, 2) == at(e, 2) && at(to, 2) == 0 && at(ti, 2) == 0) {
                straight = true
            }
            if straight {
                keyframes[index].outTangent = nil
                keyframes[index].inTangent = nil
            }
        }
    }

    static func onLine2D(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) -> Bool {
        let determinant = x1 * y2 + y1 * x3 + x2 * y3 - x3 * y2 - y3 * x1 - x2 * y1
        return determinant > -0.001 && determinant < 0.001
    }

    static func onLine3D(
        _ x1: Double, _ y1: Double, _ z1: Double, _ x2: Double, _ y2: Double, _ z2: Double, _ x3: Double, _ y3: Double, _ z3: Double
    ) -> Bool {
        if z1 == 0, z2 == 0, z3 == 0 { return onLine2D(x1, y1, x2, y2, x3, y3) }
        func distance(_ a: Double, _ b: Double, _ c: Double) -> Double { (a * a + b * b + c * c).squareRoot() }
        let d1 = distance(x2 - x1, y2 - y1, z2 - z1), d2 = distance(x3 - x1, y3 - y1, z3 - z1), d3 = distance(x3 - x2, y3 - y2, z3 - z2)
        let difference: Double
        if d1 > d2 {
            difference = d1 > d3 ? d1 - d2 - d3 : d3 - d2 - d1
        } else if d3 > d2 {
            difference = d3 - d2 - d1
        } else {
            difference = d2 - d1 - d3
        }
        return difference > -0.0001 && difference < 0.0001
    }
}

/// Orientations as lottie-web interpolates them: Euler angles (degrees) to a quaternion, the
/// shortest spherical interpolation, and back.
enum Orientation {
    static func interpolate(_ start: [Double], _ end: [Double], _ t: Double) -> [Double] {
        euler(slerp(quaternion(start), quaternion(end), t))
    }

    static func quaternion(_ degrees: [Double]) -> [Double] {
        let radians = Double.pi / 180
        let heading = degrees[0] * radians, attitude = degrees[1] * radians, bank = degrees[2] * radians
        let c1 = cos(heading / 2), c2 = cos(attitude / 2), c3 = cos(bank / 2)
        let s1 = sin(heading / 2), s2 = sin(attitude / 2), s3 = sin(bank / 2)
        return [s1 * s2 * c3 + c1 * c2 * s3, s1 * c2 * c3 + c1 * s2 * s3, c1 * s2 * c3 - s1 * c2 * s3, c1 * c2 * c3 - s1 * s2 * s3]
    }

    static func slerp(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
        var b = b
        var cosine = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
        if cosine < 0 {
            cosine = -cosine
            b = b.map { -$0 }
        }
        var scale0 = 1 - t, scale1 = t
        if 1 - cosine > 0.000001 {
            let omega = acos(cosine), sine = sin(omega)
            scale0 = sin((1 - t) * omega) / sine
            scale1 = sin(t * omega) / sine
        }
        return (0..<4).map { scale0 * a[$0] + scale1 * b[$0] }
    }

    static func euler(_ q: [Double]) -> [Double] {
        let (x, y, z, w) = (q[0], q[1], q[2], q[3])
        let heading = atan2(2 * y * w - 2 * x * z, 1 - 2 * y * y - 2 * z * z)
        let attitude = asin(2 * x * y + 2 * z * w)
        let bank = atan2(2 * x * w - 2 * y * z, 1 - 2 * x * x - 2 * z * z)
        let degrees = 180 / Double.pi
        return [heading * degrees, attitude * degrees, bank * degrees]
    }
}

/// Arc lengths of curves: adaptive Gauss–Legendre quadrature of order 5 (a piece is halved until
/// its two halves agree with it to 1e-13 of the curve's size), so that a speed with a sharp
/// minimum (a curve that nearly stops) is integrated as accurately as a smooth one.
enum ArcLength {
    static let nodes = (0.5384693101056831, 0.9061798459386640)
    static let weights = (0.5688888888888889, 0.4786286704993665, 0.2369268850561891)

    /// The size the tolerance is relative to: the largest distance between control points.
    static func scale(_ p0: [Double], _ p1: [Double], _ p2: [Double], _ p3: [Double]) -> Double {
        var scale = 0.0
        for d in 0..<p0.count { scale = max(scale, abs(p1[d] - p0[d]), abs(p2[d] - p1[d]), abs(p3[d] - p2[d])) }
        return scale
    }

    static func rule(_ a: Double, _ b: Double, _ speed: (Double) -> Double) -> Double {
        let half = (b - a) / 2, middle = (a + b) / 2
        var sum = weights.0 * speed(middle)
        sum += weights.1 * (speed(middle - half * nodes.0) + speed(middle + half * nodes.0))
        sum += weights.2 * (speed(middle - half * nodes.1) + speed(middle + half * nodes.1))
        return sum * half
    }

    static func integrate(from a: Double, to b: Double, scale: Double, _ speed: (Double) -> Double) -> Double {
        adaptive(a, b, rule(a, b, speed), tolerance: 1e-13 * max(scale, 1e-300), depth: 0, speed)
    }

    private static func adaptive(_ a: Double, _ b: Double, _ whole: Double, tolerance: Double, depth: Int, _ speed: (Double) -> Double) -> Double {
        let middle = (a + b) / 2
        let left = rule(a, middle, speed), right = rule(middle, b, speed)
        // A difference that is not a number (a length that overflowed) never meets the tolerance:
        // it stops too, rather than splitting 2^40 times.
        let difference = abs(left + right - whole)
        if depth >= 40 || difference <= tolerance || !difference.isFinite { return left + right }
        return adaptive(a, middle, left, tolerance: tolerance / 2, depth: depth + 1, speed)
            + adaptive(middle, b, right, tolerance: tolerance / 2, depth: depth + 1, speed)
    }
}

/// A cubic Bézier between two values with spatial tangents, walked by arc length.
struct SpatialCurve {
    let p0: [Double], p1: [Double], p2: [Double], p3: [Double]

    init(start: [Double], end: [Double], outTangent: [Double], inTangent: [Double]) {
        let count = min(start.count, end.count)
        p0 = Array(start.prefix(count))
        p3 = Array(end.prefix(count))
        p1 = (0..<count).map { start[$0] + (($0 < outTangent.count) ? outTangent[$0] : 0) }
        p2 = (0..<count).map { end[$0] + (($0 < inTangent.count) ? inTangent[$0] : 0) }
        turningPoints = Self.turningPoints(p0, p1, p2, p3)
    }

    func point(at t: Double) -> [Double] {
        let u = 1 - t
        return (0..<p0.count).map { u * u * u * p0[$0] + 3 * u * u * t * p1[$0] + 3 * u * t * t * p2[$0] + t * t * t * p3[$0] }
    }

    func speed(at t: Double) -> Double {
        let u = 1 - t
        var sum = 0.0
        for d in 0..<p0.count {
            let derivative = 3 * u * u * (p1[d] - p0[d]) + 6 * u * t * (p2[d] - p1[d]) + 3 * t * t * (p3[d] - p2[d])
            sum += derivative * derivative
        }
        return sum.squareRoot()
    }

    /// Where the curve stops and turns back (its derivative is zero), inside (0, 1): where its
    /// speed has a corner, which quadrature must not straddle.
    let turningPoints: [Double]

    static func turningPoints(_ p0: [Double], _ p1: [Double], _ p2: [Double], _ p3: [Double]) -> [Double] {
        // B'(t) / 3 = (a0 − 2·a1 + a2)·t² + 2·(a1 − a0)·t + a0 per dimension, a0 = p1 − p0, …
        var candidates: [Double] = []
        var scale = 0.0
        for d in 0..<p0.count {
            let a0 = p1[d] - p0[d], a1 = p2[d] - p1[d], a2 = p3[d] - p2[d]
            scale = max(scale, abs(a0), abs(a1), abs(a2))
            let a = a0 - 2 * a1 + a2, b = 2 * (a1 - a0), c = a0
            if a == 0 {
                if b != 0 { candidates.append(-c / b) }
            } else {
                let discriminant = b * b - 4 * a * c
                if discriminant >= 0 {
                    let root = discriminant.squareRoot()
                    candidates += [(-b - root) / (2 * a), (-b + root) / (2 * a)]
                }
            }
        }
        guard scale > 0 else { return [] }
        return candidates.filter { t in
            guard t > 0, t < 1 else { return false }
            for d in 0..<p0.count {
                let a0 = p1[d] - p0[d], a1 = p2[d] - p1[d], a2 = p3[d] - p2[d]
                let derivative = (a0 - 2 * a1 + a2) * t * t + 2 * (a1 - a0) * t + a0
                if abs(derivative) > 1e-9 * scale { return false }
            }
            return true
        }.sorted()
    }

    /// The arc length from 0 to `t`: adaptive quadrature between the turning points (where the
    /// speed has a corner).
    func length(to t: Double) -> Double {
        var total = 0.0
        var from = 0.0
        for end in turningPoints.filter({ $0 < t }) + [t] {
            total += length(from: from, to: end)
            from = end
        }
        return total
    }

    private func length(from start: Double, to end: Double) -> Double {
        ArcLength.integrate(from: start, to: end, scale: ArcLength.scale(p0, p1, p2, p3)) { speed(at: $0) }
    }

    /// The point a fraction of the way along the curve by length (0 and 1 are the ends; beyond
    /// them, the ends).
    func point(atLengthFraction fraction: Double) -> [Double] {
        if fraction <= 0 { return p0 }
        if fraction >= 1 { return p3 }
        let total = length(to: 1)
        guard total > 0 else { return p0 }
        let goal = fraction * total
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if length(to: middle) < goal { low = middle } else { high = middle }
        }
        return point(at: (low + high) / 2)
    }
}
