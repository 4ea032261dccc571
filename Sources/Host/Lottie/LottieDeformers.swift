#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Pucker and bloat (`pb`) as lottie-web applies it (its `PuckerAndBloatModifier`): each vertex
/// moves towards the mean of the outline's vertices by `a` percent, each control point away from
/// it by as much (a negative amount puckers, a positive one bloats). It reaches outlines as a
/// trim does (``LottieTrim``).
struct LottiePuckerBloat: Sendable {
    /// `a`: the amount, percent.
    var amount: LottieProperty
    /// The outlines it reaches, by ``LottieDrawing/Outline/id``.
    var outlines: [Int] = []

    func apply(to paths: inout [[LottieTrim.ShapePath]], at frame: Double, offset: Double) {
        let value = amount.value(at: frame, offset: offset).first ?? 0
        guard value != 0, value.isFinite else { return }
        for id in outlines { paths[id] = paths[id].map { Self.deformed($0, percent: value / 100) } }
    }

    static func deformed(_ path: LottieTrim.ShapePath, percent: Double) -> LottieTrim.ShapePath {
        let count = path.count
        guard count > 0 else { return path }
        var center = (0.0, 0.0)
        for k in 0..<count {
            let v = path.point(k, 0)
            center = (center.0 + v.0, center.1 + v.1)
        }
        center = (center.0 / Double(count), center.1 / Double(count))
        var result = LottieTrim.ShapePath()
        result.closed = path.closed
        func toward(_ point: (Double, Double), _ share: Double) -> (Double, Double) {
            (point.0 + (center.0 - point.0) * share, point.1 + (center.1 - point.1) * share)
        }
        for k in 0..<count {
            result.set(k, 0, toward(path.point(k, 0), percent))
            result.set(k, 4, toward(path.point(k, 4), -percent))
            result.set(k, 2, toward(path.point(k, 2), -percent))
        }
        return result
    }
}

/// Zig-zag (`zz`) as lottie-web applies it (its `ZigZagModifier`): each side gets `round(r)` points
/// evenly along its parameter, each `s` away from the side along its normal, alternately on
/// either side, and the vertices move too; points `pt` 1 are corners, 2 smooth (handles a share of
/// the side's chord). It reaches outlines as a trim does (``LottieTrim``).
struct LottieZigZag: Sendable {
    /// `s`: the amplitude; `r`: the points per side; `pt`: 1 corners, 2 smooth.
    var amplitude: LottieProperty
    var frequency: LottieProperty
    var pointType: LottieProperty
    /// The outlines it reaches, by ``LottieDrawing/Outline/id``.
    var outlines: [Int] = []

    /// The most points Cadence adds per side: 1,000 (more is drawn as 1,000).
    static let mostPoints = 1_000.0

    /// The most points it adds per side at any frame.
    var mostPointsPerSide: Double {
        var values = [frequency.value.first ?? 0]
        for keyframe in frequency.keyframes { values += [keyframe.start?.first, keyframe.end?.first].compactMap { $0 } }
        return min(values.filter(\.isFinite).max().map { max(0, $0.rounded()) } ?? 0, Self.mostPoints)
    }

    func apply(to paths: inout [[LottieTrim.ShapePath]], at frame: Double, offset: Double) {
        let size = amplitude.value(at: frame, offset: offset).first ?? 0
        guard size != 0, size.isFinite else { return }
        let ridges = frequency.value(at: frame, offset: offset).first ?? 0
        let count = ridges.isFinite ? Int(min(max(0, ridges.rounded()), Self.mostPoints)) : 0
        let smooth = pointType.value(at: frame, offset: offset).first == 2
        for id in outlines { paths[id] = paths[id].map { Self.zigZag($0, amplitude: size, frequency: count, smooth: smooth) } }
    }

    static func zigZag(_ path: LottieTrim.ShapePath, amplitude: Double, frequency: Int, smooth: Bool) -> LottieTrim.ShapePath {
        let length = path.count
        var result = LottieTrim.ShapePath()
        result.closed = path.closed
        let sides = path.closed ? length : length - 1
        guard sides > 0 else { return result }
        var index = 0
        func add(_ point: (Double, Double), angle: Double, direction: Double, outReach: Double, inReach: Double) {
            let px = point.0 + cos(angle) * direction * amplitude, py = point.1 - sin(angle) * direction * amplitude
            let outAngle = angle - Double.pi / 2, inAngle = angle + Double.pi / 2
            result.set(index, 0, (px, py))
            result.set(index, 4, (px + cos(outAngle) * outReach, py - sin(outAngle) * outReach))
            result.set(index, 2, (px + cos(inAngle) * inReach, py - sin(inAngle) * inReach))
            index += 1
        }
        func distance(_ a: (Double, Double), _ b: (Double, Double)) -> Double { ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)).squareRoot() }
        let share = Double((frequency + 1) * 2)
        func corner(_ current: Int, direction: Double) {
            // lottie-web's getProjectingAngle: the perpendicular of the line from the vertex before
            // (the last for the first, open or not) to the one after.
            let previous = path.point(current == 0 ? length - 1 : current - 1, 0), next = path.point((current + 1) % length, 0)
            let vector = (next.0 - previous.0, next.1 - previous.1)
            let rotated = (vector.1, -vector.0)  // rotated by −90°
            let angle = atan2(0, 1) - atan2(rotated.1, rotated.0)
            let point = path.point(current % length, 0)
            let outReach = smooth ? distance(point, next) / share : 0, inReach = smooth ? distance(point, previous) / share : 0
            add(point, angle: angle, direction: direction, outReach: outReach, inReach: inReach)
        }
        func side(_ number: Int, direction start: Double) -> Double {
            let next = (number + 1) % length
            let p0 = path.point(number, 0), p3 = path.point(next, 0)
            var p1 = path.point(number, 4), p2 = path.point(next, 2)
            func equal(_ a: (Double, Double), _ b: (Double, Double)) -> Bool {
                func same(_ x: Double, _ y: Double) -> Bool { abs(x - y) * 100_000 <= min(abs(x), abs(y)) }
                return same(a.0, b.0) && same(a.1, b.1)
            }
            if equal(p0, p1) { p1 = (p0.0 + (p3.0 - p0.0) / 3, p0.1 + (p3.1 - p0.1) / 3) }
            if equal(p2, p3) { p2 = (p0.0 + (p3.0 - p0.0) * 2 / 3, p0.1 + (p3.1 - p0.1) * 2 / 3) }
            func coefficients(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> (Double, Double, Double, Double) {
                (-a + 3 * b - 3 * c + d, 3 * a - 6 * b + 3 * c, -3 * a + 3 * b, a)
            }
            let x = coefficients(p0.0, p1.0, p2.0, p3.0), y = coefficients(p0.1, p1.1, p2.1, p3.1)
            let reach = smooth ? distance(p3, p0) / share : 0
            var direction = start
            for step in 0..<frequency {
                let t = Double(step + 1) / Double(frequency + 1)
                let point = (((x.0 * t + x.1) * t + x.2) * t + x.3, ((y.0 * t + y.1) * t + y.2) * t + y.3)
                let derivative = ((3 * t * x.0 + 2 * x.1) * t + x.2, (3 * t * y.0 + 2 * y.1) * t + y.2)
                add(point, angle: atan2(derivative.0, derivative.1), direction: direction, outReach: reach, inReach: reach)
                direction = -direction
            }
            return direction
        }
        var direction = -1.0
        corner(0, direction: direction)
        for number in 0..<sides {
            direction = side(number, direction: -direction)
            corner(number + 1, direction: direction)
        }
        return result
    }
}
