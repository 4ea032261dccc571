import Timeline
import TimelinePlugins
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `Double` rounded to the nearest `Float`, as a `Float32Array` stores it.
@inline(__always)
func float32(_ value: Double) -> Double { Double(Float(value)) }

extension LottieWebPlayer {
    /// lottie-web's `initialDefaultFrame`: no frame yet.
    static let noFrame = -999_999.0

    /// The caches lottie-web keeps for a whole animation: easing curves by name, sampled spatial
    /// curves by their first two coordinates.
    struct Caches: Sendable {
        var easings: [String: Easing] = [:]
        var curves: [CurveKey: Curve] = [:]

        /// lottie-web's `getBezierEasing(a, b, c, d, nm)`: the curve first made under that name.
        mutating func easing(
            _ x1: LottieProperty.RawNumber, _ y1: LottieProperty.RawNumber, _ x2: LottieProperty.RawNumber,
            _ y2: LottieProperty.RawNumber, name: String? = nil
        ) -> Easing {
            func text(_ number: LottieProperty.RawNumber) -> String { number.values.map { "\($0)" }.joined(separator: ",") }
            let key = name ?? "bez_\(text(x1))_\(text(y1))_\(text(x2))_\(text(y2))"
            if let known = easings[key] { return known }
            let made = Easing(x1, y1, x2, y2)
            easings[key] = made
            return made
        }

        /// lottie-web's `buildBezierData`, cached under its key.
        mutating func curve(_ start: [Double], _ end: [Double], _ outTangent: [Double], _ inTangent: [Double]) -> Curve {
            func at(_ values: [Double], _ index: Int) -> Double { index < values.count ? values[index] : .nan }
            let key = CurveKey(numbers: [at(start, 0), at(start, 1), at(end, 0), at(end, 1), at(outTangent, 0), at(outTangent, 1), at(inTangent, 0), at(inTangent, 1)].map(\.bitPattern))
            if let known = curves[key] { return known }
            let made = Curve(start, end, outTangent, inTangent)
            curves[key] = made
            return made
        }
    }

    struct CurveKey: Hashable, Sendable {
        var numbers: [UInt64]
    }

    /// lottie-web's `BezierEasing` (after Gaëtan Renaudeau's bezier-easing): an 11-sample table in
    /// `Float32`, Newton's method from the table's guess, bisection where the slope is small.
    struct Easing: Sendable {
        let x1: Double, y1: Double, x2: Double, y2: Double
        /// `mX1 === mY1 && mX2 === mY2`: never for handles written as arrays (JavaScript compares
        /// arrays by identity).
        let isLinear: Bool
        let samples: [Double]
        static let step = 1.0 / (11.0 - 1.0)

        init(_ x1: LottieProperty.RawNumber, _ y1: LottieProperty.RawNumber, _ x2: LottieProperty.RawNumber, _ y2: LottieProperty.RawNumber) {
            self.x1 = x1.coerced
            self.y1 = y1.coerced
            self.x2 = x2.coerced
            self.y2 = y2.coerced
            isLinear = !x1.isArray && !y1.isArray && !x2.isArray && !y2.isArray && x1.values[0] == y1.values[0] && x2.values[0] == y2.values[0]
            if isLinear {
                samples = []
            } else {
                let a = self.x1, b = self.x2
                samples = (0..<11).map { float32(Self.bezier(Double($0) * Self.step, a, b)) }
            }
        }

        static func a(_ a1: Double, _ a2: Double) -> Double { 1.0 - 3.0 * a2 + 3.0 * a1 }
        static func b(_ a1: Double, _ a2: Double) -> Double { 3.0 * a2 - 6.0 * a1 }
        static func c(_ a1: Double) -> Double { 3.0 * a1 }
        static func bezier(_ t: Double, _ a1: Double, _ a2: Double) -> Double { ((a(a1, a2) * t + b(a1, a2)) * t + c(a1)) * t }
        static func slope(_ t: Double, _ a1: Double, _ a2: Double) -> Double { 3.0 * a(a1, a2) * t * t + 2.0 * b(a1, a2) * t + c(a1) }

        func value(_ x: Double) -> Double {
            if isLinear { return x }
            if x == 0 { return 0 }
            if x == 1 { return 1 }
            return Self.bezier(t(forX: x), y1, y2)
        }

        private func t(forX x: Double) -> Double {
            var intervalStart = 0.0
            var current = 1
            while current != 10, samples[current] <= x {
                intervalStart += Self.step
                current += 1
            }
            current -= 1
            let distance = (x - samples[current]) / (samples[current + 1] - samples[current])
            var guess = intervalStart + distance * Self.step
            let initialSlope = Self.slope(guess, x1, x2)
            if initialSlope >= 0.001 {
                for _ in 0..<4 {
                    let slope = Self.slope(guess, x1, x2)
                    if slope == 0 { return guess }
                    guess -= (Self.bezier(guess, x1, x2) - x) / slope
                }
                return guess
            }
            if initialSlope == 0 { return guess }
            var low = intervalStart, high = intervalStart + Self.step
            var t = 0.0, error = 0.0, iteration = 0
            repeat {
                t = low + (high - low) / 2
                error = Self.bezier(t, x1, x2) - x
                if error > 0 { high = t } else { low = t }
                iteration += 1
            } while abs(error) > 0.0000001 && iteration < 10
            return t
        }
    }

    /// A spatial curve sampled at 150 points (2 for a straight 2D segment), with the length of
    /// each chord, as lottie-web's `buildBezierData` makes it.
    struct Curve: Sendable {
        var partials: [Double] = []
        var points: [[Double]] = []
        var length = 0.0

        init(_ pt1: [Double], _ pt2: [Double], _ pt3: [Double], _ pt4: [Double]) {
            func at(_ values: [Double], _ index: Int) -> Double { index < values.count ? values[index] : .nan }
            var segments = 150
            if pt1.count == 2, at(pt1, 0) != at(pt2, 0) || at(pt1, 1) != at(pt2, 1),
               LottieProperty.onLine2D(pt1[0], pt1[1], at(pt2, 0), at(pt2, 1), pt1[0] + at(pt3, 0), pt1[1] + at(pt3, 1)),
               LottieProperty.onLine2D(pt1[0], pt1[1], at(pt2, 0), at(pt2, 1), at(pt2, 0) + at(pt4, 0), at(pt2, 1) + at(pt4, 1)) {
                segments = 2
            }
            var last: [Double]?
            for k in 0..<segments {
                let perc = Double(k) / Double(segments - 1)
                var point = [Double](repeating: 0, count: pt3.count)
                var distance = 0.0
                for i in 0..<pt3.count {
                    let a = pow(1 - perc, 3) * at(pt1, i)
                    let b = 3 * pow(1 - perc, 2) * perc * (at(pt1, i) + pt3[i])
                    let c = 3 * (1 - perc) * pow(perc, 2) * (at(pt2, i) + at(pt4, i))
                    point[i] = a + b + c + pow(perc, 3) * at(pt2, i)
                    if let last { distance += pow(point[i] - last[i], 2) }
                }
                distance = distance.squareRoot()
                length += distance
                partials.append(distance)
                points.append(point)
                last = point
            }
        }
    }

    /// A lottie-web `Matrix`: 16 numbers in a `Float32Array`, each step computed in `Double` and stored.
    struct Matrix: Sendable {
        var values: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

        // swiftlint:disable:next function_parameter_count
        mutating func transform(
            _ a2: Double, _ b2: Double, _ c2: Double, _ d2: Double, _ e2: Double, _ f2: Double, _ g2: Double, _ h2: Double,
            _ i2: Double, _ j2: Double, _ k2: Double, _ l2: Double, _ m2: Double, _ n2: Double, _ o2: Double, _ p2: Double
        ) {
            var p = values
            if a2 == 1, b2 == 0, c2 == 0, d2 == 0, e2 == 0, f2 == 1, g2 == 0, h2 == 0, i2 == 0, j2 == 0, k2 == 1, l2 == 0 {
                p[12] = float32(p[12] * a2 + p[15] * m2)
                p[13] = float32(p[13] * f2 + p[15] * n2)
                p[14] = float32(p[14] * k2 + p[15] * o2)
                p[15] = float32(p[15] * p2)
                values = p
                return
            }
            let (a1, b1, c1, d1, e1, f1, g1, h1) = (p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7])
            let (i1, j1, k1, l1, m1, n1, o1, p1) = (p[8], p[9], p[10], p[11], p[12], p[13], p[14], p[15])
            p[0] = float32(a1 * a2 + b1 * e2 + c1 * i2 + d1 * m2)
            p[1] = float32(a1 * b2 + b1 * f2 + c1 * j2 + d1 * n2)
            p[2] = float32(a1 * c2 + b1 * g2 + c1 * k2 + d1 * o2)
            p[3] = float32(a1 * d2 + b1 * h2 + c1 * l2 + d1 * p2)
            p[4] = float32(e1 * a2 + f1 * e2 + g1 * i2 + h1 * m2)
            p[5] = float32(e1 * b2 + f1 * f2 + g1 * j2 + h1 * n2)
            p[6] = float32(e1 * c2 + f1 * g2 + g1 * k2 + h1 * o2)
            p[7] = float32(e1 * d2 + f1 * h2 + g1 * l2 + h1 * p2)
            p[8] = float32(i1 * a2 + j1 * e2 + k1 * i2 + l1 * m2)
            p[9] = float32(i1 * b2 + j1 * f2 + k1 * j2 + l1 * n2)
            p[10] = float32(i1 * c2 + j1 * g2 + k1 * k2 + l1 * o2)
            p[11] = float32(i1 * d2 + j1 * h2 + k1 * l2 + l1 * p2)
            p[12] = float32(m1 * a2 + n1 * e2 + o1 * i2 + p1 * m2)
            p[13] = float32(m1 * b2 + n1 * f2 + o1 * j2 + p1 * n2)
            p[14] = float32(m1 * c2 + n1 * g2 + o1 * k2 + p1 * o2)
            p[15] = float32(m1 * d2 + n1 * h2 + o1 * l2 + p1 * p2)
            values = p
        }

        mutating func multiply(_ other: Matrix) {
            let o = other.values
            transform(o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7], o[8], o[9], o[10], o[11], o[12], o[13], o[14], o[15])
        }

        /// `translate(tx, ty, tz)`: `tz || 0`; nothing when all three are 0.
        mutating func translate(_ x: Double, _ y: Double, _ z: Double?) {
            let z = (z == nil || z!.isNaN) ? 0 : z!
            guard x != 0 || y != 0 || z != 0 else { return }
            transform(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1)
        }

        /// `scale(sx, sy, sz)`: a missing `sz` is 1; nothing when all three are 1.
        mutating func scale(_ x: Double, _ y: Double, _ z: Double?) {
            let z = (z == nil || z!.isNaN) ? 1 : z!
            guard !(x == 1 && y == 1 && z == 1) else { return }
            transform(x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1)
        }

        mutating func rotateZ(_ angle: Double) {
            guard angle != 0 else { return }
            let c = cos(angle), s = sin(angle)
            transform(c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
        }

        mutating func rotateY(_ angle: Double) {
            guard angle != 0 else { return }
            let c = cos(angle), s = sin(angle)
            transform(c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0, 0, 0, 0, 1)
        }

        mutating func rotateX(_ angle: Double) {
            guard angle != 0 else { return }
            let c = cos(angle), s = sin(angle)
            transform(1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0, 0, 0, 0, 1)
        }

        mutating func skewFromAxis(_ skew: Double, _ angle: Double) {
            let c = cos(angle), s = sin(angle)
            transform(c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
            transform(1, 0, 0, 0, tan(skew), 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
            transform(c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
        }
    }

    /// lottie-web's `_caching` of a keyframed property.
    struct Caching: Sendable {
        var lastFrame = LottieWebPlayer.noFrame
        var lastIndex = 0
        var lastKeyframeIndex = -1
        var lastPoint = 0
        var lastAddedLength = 0.0
    }

    /// One animatable property as lottie-web holds it: its shown value `v` (what changed by more
    /// than 0.00001), its interpolated value `pv`, and the caches of its last evaluation.
    struct Property: Sendable {
        package let source: LottieProperty
        /// Stored in a `Float32Array` (lottie-web's multidimensional properties).
        let isVector: Bool
        let mult: Double
        /// The layer's start time.
        let offset: Double
        let isKeyframed: Bool
        var v: [Double]
        var pv: [Double]
        var caching = Caching()
        var changed = false
        var isFirstFrame = true

        /// - Parameter vector: lottie-web's property type 1 (anchor, position, scale, orientation),
        ///   which decides the storage of keyframed values; a static value is a vector when written
        ///   as an array.
        init(_ source: LottieProperty, vector: Bool, mult: Double, offset: Double) {
            self.source = source
            self.mult = mult
            self.offset = offset
            isKeyframed = source.keyframes.count > 1
            if isKeyframed {
                isVector = vector
                let count = vector ? max(1, source.keyframes[0].start?.count ?? 1) : 1
                v = Array(repeating: LottieWebPlayer.noFrame, count: count)
                pv = v
            } else {
                let value = source.keyframes.first?.start ?? source.value
                isVector = source.keyframes.isEmpty ? source.isArray : vector
                v = isVector ? value.map { float32($0 * mult) } : [value[0] * mult]
                pv = value
            }
        }

        /// The value as a number (a one-element `Float32Array` coerces to its element).
        var scalar: Double { v.first ?? .nan }

        /// `getValue` at the frame of the composition that holds the layer.
        mutating func update(at rendered: Double, caches: inout Caches) {
            changed = false
            guard isKeyframed else { return }
            let frame = rendered - offset
            let keys = source.keyframes
            let initial = keys[0].time - offset, end = keys[keys.count - 1].time - offset
            let last = caching.lastFrame
            let same = frame == last
                || (last != LottieWebPlayer.noFrame && ((last >= end && frame >= end) || (last < initial && frame < initial)))
            if !same {
                if last >= frame {
                    caching.lastKeyframeIndex = -1
                    caching.lastIndex = 0
                }
                pv = interpolate(frame, &caching, &caches)
            }
            caching.lastFrame = frame
            changed = isFirstFrame
            isFirstFrame = false
            for index in v.indices {
                let multiplied = (index < pv.count ? pv[index] : .nan) * mult
                if abs(v[index] - multiplied) > 0.00001 {
                    v[index] = isVector ? float32(multiplied) : multiplied
                    changed = true
                }
            }
        }

        /// `getValueAtTime(seconds)` (expressions' helper, used by auto-orient), from a fresh cache.
        func value(atSeconds seconds: Double, frameRate: Double, caches: inout Caches) -> [Double] {
            var caching = Caching()
            return interpolate(seconds * frameRate - offset, &caching, &caches)
        }

        /// lottie-web's `interpolateValue`.
        func interpolate(_ frame: Double, _ caching: inout Caching, _ caches: inout Caches) -> [Double] {
            let keys = source.keyframes
            let count = keys.count - 1
            var i = caching.lastIndex
            var iterationIndex = i
            var key = keys[i], next = keys[min(i + 1, count)]
            while true {
                key = keys[i]
                next = keys[i + 1]
                if i == count - 1, frame >= next.time - offset {
                    if key.hold { key = next }
                    iterationIndex = 0
                    break
                }
                if next.time - offset > frame {
                    iterationIndex = i
                    break
                }
                if i < count - 1 {
                    i += 1
                } else {
                    iterationIndex = 0
                    break
                }
            }
            var result = isVector ? [Double](repeating: 0, count: pv.count) : [Double.nan]
            let nextTime = next.time - offset, keyTime = key.time - offset
            let start = key.start ?? key.end ?? []
            let endValue = next.start ?? key.end ?? start
            func store(_ values: [Double]) {
                for index in 0..<min(values.count, result.count) { result[index] = isVector ? float32(values[index]) : values[index] }
            }
            if let to = key.outTangent {
                let curve = caches.curve(start, endValue, to, key.inTangent ?? [])
                if frame >= nextTime || frame < keyTime {
                    store(curve.points[frame >= nextTime ? curve.points.count - 1 : 0])
                } else {
                    var progress = (frame - keyTime) / (nextTime - keyTime)
                    if let raw = key.raw {
                        progress = caches.easing(raw.outX, raw.outY, raw.inX, raw.inY, name: raw.name).value(progress)
                    }
                    let distance = curve.length * progress
                    let resume = caching.lastFrame < frame && caching.lastKeyframeIndex == i
                    var added = resume ? caching.lastAddedLength : 0
                    var j = resume ? caching.lastPoint : 0
                    while true {
                        added += curve.partials[j]
                        if distance == 0 || progress == 0 || j == curve.points.count - 1 {
                            store(curve.points[j])
                            break
                        } else if distance >= added, distance < added + curve.partials[j + 1] {
                            let fraction = (distance - added) / curve.partials[j + 1]
                            let a = curve.points[j], b = curve.points[j + 1]
                            store((0..<a.count).map { a[$0] + (b[$0] - a[$0]) * fraction })
                            break
                        }
                        if j < curve.points.count - 1 { j += 1 } else { break }
                    }
                    caching.lastPoint = j
                    caching.lastAddedLength = added - curve.partials[j]
                    caching.lastKeyframeIndex = i
                }
            } else if source.sphericalInterpolation, !key.hold {
                func three(_ values: [Double]) -> [Double] { (0..<3).map { $0 < values.count ? values[$0] : .nan } }
                if frame >= nextTime {
                    store(three(endValue))
                } else if frame <= keyTime {
                    store(three(start))
                } else {
                    store(Orientation.interpolate(three(start), three(endValue), (frame - keyTime) / (nextTime - keyTime)))
                }
            } else {
                var progress = 0.0
                for d in 0..<start.count {
                    if !key.hold {
                        if frame >= nextTime {
                            progress = 1
                        } else if frame < keyTime {
                            progress = 0
                        } else {
                            progress = (frame - keyTime) / (nextTime - keyTime)
                            if let raw = key.raw {
                                let easing = raw.outX.isArray
                                    ? caches.easing(
                                        .init(values: [raw.outX.element(d)], isArray: false), .init(values: [raw.outY.element(d)], isArray: false),
                                        .init(values: [raw.inX.element(d)], isArray: false), .init(values: [raw.inY.element(d)], isArray: false))
                                    : caches.easing(raw.outX, raw.outY, raw.inX, raw.inY)
                                progress = easing.value(progress)
                            }
                        }
                    }
                    let target = d < endValue.count ? endValue[d] : .nan
                    let value = key.hold ? start[d] : start[d] + (target - start[d]) * progress
                    if isVector {
                        if d < result.count { result[d] = float32(value) }
                    } else {
                        result[0] = value
                    }
                }
            }
            caching.lastIndex = iterationIndex
            return result
        }
    }
}
