import Timeline
import TimelinePlugins
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every layer's values at one frame of a ``LottieProgram``, in the program's layer order; made
/// once by ``LottieProgram/makeFrame()`` and filled again for each frame without allocating.
public struct LottieFrame: Sendable {
    /// The root composition frame evaluated.
    public internal(set) var frame = 0.0
    /// Each layer's own matrix, 16 numbers per layer (lottie-web's row-vector layout).
    public internal(set) var matrices: [Double]
    /// Each layer's matrix times its parents' in its composition, 16 numbers per layer.
    public internal(set) var worlds: [Double]
    /// Each layer's opacity, 0…1.
    public internal(set) var opacities: [Double]
    /// The frame of the composition that holds each layer.
    public internal(set) var compositionFrames: [Double]
    /// Whether each layer is within its in and out points.
    public internal(set) var inRange: [Bool]
    /// Whether each layer and every precomposition layer around it are in range.
    public internal(set) var active: [Bool]
    /// A precomposition layer's inner frame (unused for other layers).
    var innerFrames: [Double]

    init(layerCount: Int) {
        matrices = Array(repeating: 0, count: 16 * layerCount)
        worlds = matrices
        opacities = Array(repeating: 0, count: layerCount)
        compositionFrames = opacities
        innerFrames = opacities
        inRange = Array(repeating: false, count: layerCount)
        active = inRange
    }

    /// A layer's world matrix.
    public func world(of layer: Int) -> ArraySlice<Double> { worlds[(16 * layer)..<(16 * layer + 16)] }

    /// A layer's own matrix.
    public func matrix(of layer: Int) -> ArraySlice<Double> { matrices[(16 * layer)..<(16 * layer + 16)] }
}

/// Builds a 4×4 matrix in place, step by step as ``LottieAnimation`` does (each step multiplies on
/// the right), computing only the entries a step changes: the products it skips are exact zeros,
/// so the numbers are the full multiplication's.
struct MatrixBuilder {
    let m: UnsafeMutablePointer<Double>

    init(_ storage: UnsafeMutablePointer<Double>) {
        m = storage
        for index in 0..<16 { m[index] = index % 5 == 0 ? 1 : 0 }
    }

    func translate(_ x: Double, _ y: Double, _ z: Double) {
        for row in 0..<4 {
            let w = m[row * 4 + 3]
            m[row * 4] = m[row * 4] + w * x
            m[row * 4 + 1] = m[row * 4 + 1] + w * y
            m[row * 4 + 2] = m[row * 4 + 2] + w * z
        }
    }

    func scale(_ x: Double, _ y: Double, _ z: Double) {
        for row in 0..<4 {
            m[row * 4] *= x
            m[row * 4 + 1] *= y
            m[row * 4 + 2] *= z
        }
    }

    /// Right-multiplies by `[1 0 0 0; k 1 0 0; 0 0 1 0; 0 0 0 1]`.
    func shear(_ k: Double) {
        for row in 0..<4 { m[row * 4] = m[row * 4] + m[row * 4 + 1] * k }
    }

    func rotateZ(_ angle: Double) {
        guard angle != 0 else { return }
        let c = cos(angle), s = sin(angle)
        for row in 0..<4 {
            let a = m[row * 4], b = m[row * 4 + 1]
            m[row * 4] = a * c + b * s
            m[row * 4 + 1] = a * -s + b * c
        }
    }

    func rotateY(_ angle: Double) {
        guard angle != 0 else { return }
        let c = cos(angle), s = sin(angle)
        for row in 0..<4 {
            let a = m[row * 4], b = m[row * 4 + 2]
            m[row * 4] = a * c + b * -s
            m[row * 4 + 2] = a * s + b * c
        }
    }

    func rotateX(_ angle: Double) {
        guard angle != 0 else { return }
        let c = cos(angle), s = sin(angle)
        for row in 0..<4 {
            let a = m[row * 4 + 1], b = m[row * 4 + 2]
            m[row * 4 + 1] = a * c + b * s
            m[row * 4 + 2] = a * -s + b * c
        }
    }

    /// `a × b` into `result` (which may not be `a` or `b`), summed in ``LottieAnimation``'s order.
    static func multiply(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into result: UnsafeMutablePointer<Double>) {
        for row in 0..<4 {
            for column in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += a[row * 4 + k] * b[k * 4 + column] }
                result[row * 4 + column] = sum
            }
        }
    }

    static func multiply(_ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>, into result: UnsafeMutablePointer<Double>) {
        multiply(UnsafePointer(a), UnsafePointer(b), into: result)
    }
}

/// A cubic Bézier walked by arc length: its length tabulated at 64 pieces, split where the curve
/// turns back (Gauss–Legendre of order 5 each), the parameter for a length found in its piece by
/// Newton's method on the arc length, safeguarded by bisection.
struct ArcLengthCurve: Sendable {
    let count: Int
    let p0: (Double, Double, Double), p1: (Double, Double, Double), p2: (Double, Double, Double), p3: (Double, Double, Double)
    /// Where each piece starts and ends (0 … 1).
    let knots: [Double]
    /// The tolerance's scale (``ArcLength/scale(_:_:_:_:)``).
    let scale: Double
    /// The length from 0 to the end of each piece.
    let lengths: [Double]
    static let pieces = 64

    init(_ curve: SpatialCurve) {
        func triple(_ values: [Double]) -> (Double, Double, Double) {
            (values.count > 0 ? values[0] : 0, values.count > 1 ? values[1] : 0, values.count > 2 ? values[2] : 0)
        }
        count = min(curve.p0.count, 3)
        p0 = triple(curve.p0)
        p1 = triple(curve.p1)
        p2 = triple(curve.p2)
        p3 = triple(curve.p3)
        scale = ArcLength.scale(curve.p0, curve.p1, curve.p2, curve.p3)
        var knots = (0...Self.pieces).map { Double($0) / Double(Self.pieces) }
        knots = Array(Set(knots + curve.turningPoints)).sorted()
        var lengths: [Double] = []
        var total = 0.0
        for piece in 0..<(knots.count - 1) {
            total += Self.length(p0, p1, p2, p3, from: knots[piece], to: knots[piece + 1], scale: scale)
            lengths.append(total)
        }
        self.knots = knots
        self.lengths = lengths
    }

    static func speed(_ p0: (Double, Double, Double), _ p1: (Double, Double, Double), _ p2: (Double, Double, Double), _ p3: (Double, Double, Double), _ t: Double) -> Double {
        let u = 1 - t
        let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
        let x = a * (p1.0 - p0.0) + b * (p2.0 - p1.0) + c * (p3.0 - p2.0)
        let y = a * (p1.1 - p0.1) + b * (p2.1 - p1.1) + c * (p3.1 - p2.1)
        let z = a * (p1.2 - p0.2) + b * (p2.2 - p1.2) + c * (p3.2 - p2.2)
        return (x * x + y * y + z * z).squareRoot()
    }

    static func length(
        _ p0: (Double, Double, Double), _ p1: (Double, Double, Double), _ p2: (Double, Double, Double), _ p3: (Double, Double, Double),
        from a: Double, to b: Double, scale: Double
    ) -> Double {
        ArcLength.integrate(from: a, to: b, scale: scale) { speed(p0, p1, p2, p3, $0) }
    }

    func point(at t: Double) -> (Double, Double, Double) {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return (a * p0.0 + b * p1.0 + c * p2.0 + d * p3.0,
                count > 1 ? a * p0.1 + b * p1.1 + c * p2.1 + d * p3.1 : 0,
                count > 2 ? a * p0.2 + b * p1.2 + c * p2.2 + d * p3.2 : 0)
    }

    /// The point a fraction of the way along by length (0 and 1 are the ends; beyond them, the ends).
    func point(atLengthFraction fraction: Double, into result: inout (Double, Double, Double)) {
        if !(fraction > 0) { result = (p0.0, count > 1 ? p0.1 : 0, count > 2 ? p0.2 : 0); return }
        let total = lengths[lengths.count - 1]
        if fraction >= 1 || !(total > 0) {
            result = fraction >= 1 ? (p3.0, count > 1 ? p3.1 : 0, count > 2 ? p3.2 : 0) : (p0.0, count > 1 ? p0.1 : 0, count > 2 ? p0.2 : 0)
            return
        }
        let goal = fraction * total
        // The piece that holds the goal.
        var low = 0, high = lengths.count - 1
        while low < high {
            let middle = (low + high) / 2
            if lengths[middle] < goal { low = middle + 1 } else { high = middle }
        }
        var a = knots[low], b = knots[low + 1]
        let before = low == 0 ? 0 : lengths[low - 1]
        var t = a + (b - a) * ((goal - before) / max(lengths[low] - before, .leastNormalMagnitude))
        let start = a
        for _ in 0..<30 {
            let error = before + Self.length(p0, p1, p2, p3, from: start, to: t, scale: scale) - goal
            if error > 0 { b = t } else { a = t }
            if abs(error) <= 1e-13 * max(1, total) { break }
            let speed = Self.speed(p0, p1, p2, p3, t)
            var next = speed > 0 ? t - error / speed : (a + b) / 2
            if !(next > a && next < b) { next = (a + b) / 2 }
            if next == t { break }
            t = next
        }
        result = point(at: t)
    }
}

extension LottieProgram {
    /// Lays out an animation's layers and compiles their properties.
    struct Builder {
        let animation: LottieAnimation
        var elements: [Element] = []
        var paths: [String] = []
        package var names: [String?] = []
        var worldOrder: [Int32] = []
        var properties: [Property] = []
        var times: [Double] = []
        var values: [Double] = []
        var segments: [Segment] = []
        var easings: [CubicBezierTiming?] = []
        var curves: [ArcLengthCurve] = []
        /// Each composition's layers compiled once (their property tables shared by every
        /// placement: a precomposition placed a thousand times costs its tables once).
        var templates: [Int: [Element]] = [:]

        init(animation: LottieAnimation) {
            self.animation = animation
        }

        mutating func place(composition: Int, path: String, parentElement: Int32) {
            let layers = animation.compositions[composition]
            if templates[composition] == nil {
                templates[composition] = layers.map { element($0, composition: -1) }
            }
            let template = templates[composition]!
            var placed: [Int] = []
            for (position, layer) in layers.enumerated() {
                let index = elements.count
                placed.append(index)
                let layerPath = path.isEmpty ? String(position) : path + "/" + String(position)
                paths.append(layerPath)
                names.append(layer.name)
                var placedElement = template[position]
                placedElement.composition = parentElement
                elements.append(placedElement)
                if let inner = layer.composition { place(composition: inner, path: layerPath, parentElement: Int32(index)) }
            }
            // World parents, found as LottieAnimation.applyParents finds them.
            var positionOfIndex: [Int: Int] = [:]
            for (position, layer) in layers.enumerated() {
                if let index = layer.index, positionOfIndex[index] == nil { positionOfIndex[index] = position }
            }
            var done = Array(repeating: false, count: layers.count)
            for start in layers.indices where !done[start] {
                var chain: [Int] = []
                var onChain: Set<Int> = []
                var current: Int? = start
                while let position = current, !done[position], !onChain.contains(position) {
                    chain.append(position)
                    onChain.insert(position)
                    current = layers[position].parent.flatMap { positionOfIndex[$0] }
                }
                var above: Int32 = current.map { done[$0] ? Int32(placed[$0]) : -1 } ?? -1
                for position in chain.reversed() {
                    elements[placed[position]].worldParent = above
                    worldOrder.append(Int32(placed[position]))
                    done[position] = true
                    above = Int32(placed[position])
                }
            }
        }

        private mutating func element(_ layer: LottieAnimation.Layer, composition: Int32) -> Element {
            let t = layer.transform
            var element = Element(
                composition: composition, worldParent: -1, inPoint: layer.inPoint, outPoint: layer.outPoint,
                startTime: layer.startTime, stretch: layer.stretch, timeRemap: -1,
                anchor: compile(t.anchor), position: -1, positionX: -1, positionY: -1, positionZ: -1,
                scale: compile(t.scale), rotation: -1, rotationX: -1, rotationY: -1, rotationZ: -1, orientation: -1,
                skew: -1, skewAxis: -1, opacity: compile(t.opacity), autoOrient: layer.autoOrient,
                isPrecomposition: layer.composition != nil)
            if let x = t.positionX, let y = t.positionY {
                element.positionX = compile(x)
                element.positionY = compile(y)
                element.positionZ = t.positionZ.map { compile($0) } ?? -1
            } else {
                element.position = compile(t.position)
            }
            if let r = t.rotation3D {
                element.rotationX = compile(r.x)
                element.rotationY = compile(r.y)
                element.rotationZ = compile(r.z)
                element.orientation = compile(r.orientation)
            } else {
                element.rotation = compile(t.rotation)
            }
            if let skew = t.skew {
                element.skew = compile(skew)
                element.skewAxis = compile(t.skewAxis ?? LottieProperty(value: [0], keyframes: []))
            }
            if let remap = layer.timeRemap { element.timeRemap = compile(remap) }
            return element
        }

        /// Three numbers (the first `count` meaningful) into `values`.
        /// (Tables hold what the file holds once: far below `Int32`'s range for files of at most
        /// ``TimelineDocument/maximumSize`` bytes.)
        private mutating func store(_ numbers: [Double], padding: [Double] = []) -> Int32 {
            let at = Int32(values.count)
            for index in 0..<3 {
                values.append(index < numbers.count ? numbers[index] : index < padding.count ? padding[index] : .nan)
            }
            return at
        }

        private mutating func compile(_ property: LottieProperty) -> Int32 {
            let reference = Int32(properties.count)
            let keys = property.keyframes
            if keys.count <= 1 {
                let value = keys.first?.start ?? keys.first?.end ?? property.value
                properties.append(Property(dimensions: Int32(min(value.count, 3)), first: store(value), count: Int32(keys.count)))
                return reference
            }
            let first = Int32(times.count)
            for (index, key) in keys.enumerated() {
                times.append(key.time)
                guard index < keys.count - 1 else {
                    segments.append(Segment(mode: .constant, start: 0, end: 0, count: 0, easing: 0, easingCount: 0, curve: -1, pastEnd: 0, pastEndCount: 0, holds: false))
                    continue
                }
                let next = keys[index + 1]
                let pastEnd = next.start ?? next.end ?? property.value
                var segment = Segment(
                    mode: .constant, start: 0, end: 0, count: 0, easing: Int32(easings.count), easingCount: Int32(key.easing.count),
                    curve: -1, pastEnd: store(pastEnd), pastEndCount: Int32(min(pastEnd.count, 3)), holds: key.hold)
                easings.append(contentsOf: key.easing)
                if let start = key.start {
                    let end = next.start ?? key.end ?? start
                    segment.start = store(start)
                    segment.end = store(end, padding: start)
                    if key.hold {
                        segment.mode = .constant
                        segment.count = Int32(min(start.count, 3))
                    } else if property.sphericalInterpolation, start.count >= 3, end.count >= 3 {
                        segment.mode = .spherical
                        segment.count = 3
                    } else if let out = key.outTangent, start.count >= 2, end.count >= 2 {
                        let into = key.inTangent ?? []
                        segment.count = Int32(min(start.count, end.count, 3))
                        if out.allSatisfy({ $0 == 0 }), into.allSatisfy({ $0 == 0 }) {
                            segment.mode = .straight
                        } else {
                            segment.mode = .spatial
                            segment.curve = Int32(curves.count)
                            curves.append(ArcLengthCurve(SpatialCurve(start: start, end: end, outTangent: out, inTangent: into)))
                        }
                    } else {
                        segment.mode = .perDimension
                        segment.count = Int32(min(start.count, 3))
                    }
                } else {
                    let value = key.end ?? property.value
                    segment.start = store(value)
                    segment.count = Int32(min(value.count, 3))
                }
                for dimension in 1..<3 {
                    let own = dimension < key.easing.count ? key.easing[dimension] : nil
                    if segment.mode == .straight || dimension >= key.easing.count || own == key.easing[0] {
                        segment.sharesEasing |= UInt8(1 << dimension)
                    }
                }
                segments.append(segment)
            }
            properties.append(Property(dimensions: 3, first: first, count: Int32(keys.count)))
            return reference
        }
    }
}
