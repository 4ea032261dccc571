/// An animatable Lottie property (`{"a": 0|1, "k": …}`): a static value or keyframes, evaluated
/// as lottie-web evaluates them (the keyframe search, holds, per-dimension cubic easing, legacy
/// `e` end values, spatial tangents along the curve's arc length), with exact arithmetic: easing
/// curves solved to the double's precision and arc lengths integrated, not sampled.
struct LottieProperty: Sendable {
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
        /// The easing curves, one per dimension (or one for all): out tangent (x1, y1), in tangent (x2, y2).
        var easing: [CubicBezierTiming?]
        /// Spatial tangents, relative to the start and end values.
        var outTangent: [Double]?
        var inTangent: [Double]?
    }

    /// The value, when static.
    var value: [Double]
    /// The keyframes, when animated.
    var keyframes: [Keyframe]

    /// The value at a composition frame, in the file's units.
    func value(at frame: Double) -> [Double] {
        guard keyframes.count > 1 else { return keyframes.first?.start ?? keyframes.first?.end ?? value }
        // NaN is no frame: the first keyframe's value.
        let frame = frame.isNaN ? -Double.infinity : frame
        let last = keyframes.count - 1
        var index = 0
        var key = keyframes[0]
        var next = keyframes[1]
        // lottie-web's search: the segment whose next keyframe is after the frame; past the last,
        // the last segment (or, when it holds, its end keyframe).
        while index < last {
            key = keyframes[index]
            next = keyframes[index + 1]
            if index == last - 1, frame >= next.time {
                if key.hold { key = next }
                break
            }
            if next.time > frame || index == last - 1 { break }
            index += 1
        }
        guard let start = key.start else { return key.end ?? value }
        let end = next.start ?? key.end ?? start
        if key.hold { return start }
        var progress: (Int) -> Double = { _ in 0 }
        if frame >= next.time {
            progress = { _ in 1 }
        } else if frame >= key.time {
            let linear = (frame - key.time) / (next.time - key.time)
            let curves = key.easing
            progress = { dimension in
                let curve = curves.isEmpty ? nil : curves[min(dimension, curves.count - 1)]
                return curve?.value(at: linear) ?? linear
            }
        }
        if let out = key.outTangent, let into = key.inTangent, start.count >= 2, end.count >= 2,
           !(out.allSatisfy { $0 == 0 } && into.allSatisfy { $0 == 0 }) {
            return SpatialCurve(start: start, end: end, outTangent: out, inTangent: into).point(atLengthFraction: progress(0))
        }
        return (0..<start.count).map { dimension in
            let target = dimension < end.count ? end[dimension] : start[dimension]
            return start[dimension] + (target - start[dimension]) * progress(dimension)
        }
    }

    /// Whether it changes over time.
    var isAnimated: Bool { keyframes.count > 1 }
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

    /// The arc length from 0 to `t`: Gauss–Legendre quadrature of order 5 on 32 pieces.
    func length(to t: Double) -> Double {
        let nodes = [0.0, -0.5384693101056831, 0.5384693101056831, -0.9061798459386640, 0.9061798459386640]
        let weights = [0.5688888888888889, 0.4786286704993665, 0.4786286704993665, 0.2369268850561891, 0.2369268850561891]
        let pieces = 32
        var total = 0.0
        for piece in 0..<pieces {
            let a = t * Double(piece) / Double(pieces), b = t * Double(piece + 1) / Double(pieces)
            let half = (b - a) / 2, middle = (a + b) / 2
            for (node, weight) in zip(nodes, weights) { total += weight * half * speed(at: middle + half * node) }
        }
        return total
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
