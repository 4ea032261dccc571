#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A layer's transform values at a frame, in lottie-web's units (scale as a fraction, angles in
/// radians, opacity 0…1, 4×4 matrices in its row-vector layout).
public struct LottieLayerValues: Sendable {
    /// The layer's position in the composition's `layers` (`"3"`).
    public var layer: String
    /// `nm`, `ind`, `ty`, `parent`.
    public var name: String?, index: Int?, type: Int, parent: Int?
    /// `a`, `p`, `s` (fractions), `r` (radians), `o` (0…1).
    public var anchor: [Double], position: [Double], scale: [Double], rotation: Double, opacity: Double
    /// Split position, where the layer has it.
    public var positionX: Double?, positionY: Double?
    /// Skew and skew axis (radians), where the layer has them.
    public var skew: Double?, skewAxis: Double?
    /// The layer's own matrix, and with its parents'.
    public var matrix: [Double], world: [Double]
    /// Whether the frame is within the layer's in and out points.
    public var inRange: Bool
}

extension LottieAnimation {
    /// Every layer's transform values at a composition frame.
    public func values(at frame: Double) -> [LottieLayerValues] {
        var values = layers.enumerated().map { position, layer in Self.values(of: layer, at: frame, position: position) }
        // World matrices: each layer's matrix times its parent's world (a parent is the first layer
        // with its `ind`), each computed once; a cycle of parents ends where it comes back.
        var positionOfIndex: [Int: Int] = [:]
        for (position, layer) in layers.enumerated() {
            if let index = layer.index, positionOfIndex[index] == nil { positionOfIndex[index] = position }
        }
        var worlds: [[Double]?] = Array(repeating: nil, count: layers.count)
        for start in layers.indices where worlds[start] == nil {
            // The chain of parents up from `start` that have no world yet, stopping at a cycle.
            var chain: [Int] = []
            var onChain: Set<Int> = []
            var current: Int? = start
            while let position = current, worlds[position] == nil, !onChain.contains(position) {
                chain.append(position)
                onChain.insert(position)
                current = layers[position].parent.flatMap { positionOfIndex[$0] }
            }
            var above: [Double]? = current.flatMap { worlds[$0] }
            for position in chain.reversed() {
                let world = above.map { Self.multiply(values[position].matrix, $0) } ?? values[position].matrix
                worlds[position] = world
                above = world
            }
        }
        for position in values.indices { values[position].world = worlds[position]! }
        return values
    }

    private static func values(of layer: Layer, at frame: Double, position index: Int) -> LottieLayerValues {
        let t = layer.transform
        let anchor = padded(t.anchor.value(at: frame), 3, 0)
        var position = padded(t.position.value(at: frame), 3, 0)
        var px: Double?, py: Double?
        if let x = t.positionX, let y = t.positionY {
            px = x.value(at: frame).first ?? 0
            py = y.value(at: frame).first ?? 0
            position = [px!, py!, 0]
        }
        let scale = padded(t.scale.value(at: frame), 3, 100).map { $0 / 100 }
        let degrees = Double.pi / 180
        let rotation = (t.rotation.value(at: frame).first ?? 0) * degrees
        let opacity = (t.opacity.value(at: frame).first ?? 100) / 100
        let skew = t.skew.map { ($0.value(at: frame).first ?? 0) * degrees }
        let skewAxis = t.skewAxis.map { ($0.value(at: frame).first ?? 0) * degrees }
        // lottie-web's order: translate(−a), scale, skew, rotate(−r), translate(p); each step
        // multiplies on the right (points are row vectors).
        var m = identity
        m = multiply(m, translation(-anchor[0], -anchor[1], anchor[2]))
        m = multiply(m, scaling(scale[0], scale[1], t.scale.value(at: frame).count > 2 ? scale[2] : 1))
        if let skew {
            let axis = skewAxis ?? 0
            let c = cos(axis), s = sin(axis)
            m = multiply(m, [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
            m = multiply(m, [1, 0, 0, 0, tan(-skew), 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
            m = multiply(m, [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        }
        if rotation != 0 {
            let c = cos(-rotation), s = sin(-rotation)
            m = multiply(m, [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        }
        m = multiply(m, translation(position[0], position[1], -position[2]))
        return LottieLayerValues(
            layer: String(index), name: layer.name, index: layer.index, type: layer.type, parent: layer.parent,
            anchor: Array(t.anchor.value(at: frame)), position: px != nil ? [px!, py!] : Array(t.position.value(at: frame)),
            scale: t.scale.value(at: frame).map { $0 / 100 }, rotation: rotation, opacity: opacity,
            positionX: px, positionY: py, skew: skew, skewAxis: skewAxis, matrix: m, world: m,
            inRange: layer.inPoint <= frame && frame < layer.outPoint)
    }

    private static func padded(_ values: [Double], _ count: Int, _ filler: Double) -> [Double] {
        values.count >= count ? values : values + Array(repeating: filler, count: count - values.count)
    }

    private static let identity: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

    private static func translation(_ x: Double, _ y: Double, _ z: Double) -> [Double] {
        [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1]
    }

    private static func scaling(_ x: Double, _ y: Double, _ z: Double) -> [Double] {
        [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1]
    }

    /// `a × b` for 4×4 matrices stored row by row.
    static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        var result = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += a[row * 4 + k] * b[k * 4 + column] }
                result[row * 4 + column] = sum
            }
        }
        return result
    }
}
