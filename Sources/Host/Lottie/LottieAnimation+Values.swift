import Timeline
import TimelinePlugins
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
    /// The layer's position path: its index in the root composition's `layers`, then its index in
    /// each enclosing precomposition's, joined by `/` (`"3/0"`).
    public var layer: String
    /// `nm`, `ind`, `ty`, `parent`.
    public var name: String?, index: Int?, type: Int, parent: Int?
    /// `a`, `p`, `s` (fractions), `r` (radians), `o` (0…1).
    public var anchor: [Double], position: [Double], scale: [Double], rotation: Double, opacity: Double
    /// Split position, where the layer has it (`z` only where the file gives one).
    public var positionX: Double?, positionY: Double?, positionZ: Double?
    /// The 3D rotations (radians), where the layer has them (then ``rotation`` is 0 and unused).
    public var rotationX: Double?, rotationY: Double?, rotationZ: Double?
    /// The 3D orientation `or` (radians), where the layer has the 3D rotations.
    public var orientation: [Double]?
    /// Skew and skew axis (radians), where the layer has them.
    public var skew: Double?, skewAxis: Double?
    /// The layer's own matrix, and with its parents' in the same composition.
    public var matrix: [Double], world: [Double]
    /// Whether the frame is within the layer's in and out points.
    public var inRange: Bool
    /// Whether the layer and every precomposition layer around it are in range: what a player shows.
    public var active: Bool
    /// The frame of the composition that holds the layer (the root's frame at the top; inside a
    /// precomposition, its frame after start time, stretch and time remapping).
    public var compositionFrame: Double
    /// The opacity the layer was last drawn with (lottie-web's `localOpacity`, which a hidden
    /// layer does not update); ``opacity`` itself in the exact mode.
    public var drawnOpacity: Double
}

extension LottieAnimation {
    /// Every layer's transform values at a root composition frame: the root's layers in order, each
    /// precomposition layer followed by its composition's layers.
    public func values(at frame: Double) -> [LottieLayerValues] {
        var values: [LottieLayerValues] = []
        values.reserveCapacity(layerCount)
        append(composition: 0, at: frame, path: "", active: true, into: &values)
        return values
    }

    /// One layer where it is placed: the root's layers in order, each precomposition layer
    /// followed by its composition's layers (the order of ``values(at:)``).
    struct Placement: Sendable {
        var layer: Layer
        /// The precomposition layer it is inside, as an index in the placements.
        var container: Int?
        /// Its position path (`3/0`).
        var path: String
    }

    /// Every placement, in the order of ``values(at:)``.
    func placements() -> [Placement] {
        var placements: [Placement] = []
        func append(composition: Int, container: Int?, path: String) {
            for (position, layer) in compositions[composition].enumerated() {
                let own = path.isEmpty ? String(position) : path + "/" + String(position)
                placements.append(Placement(layer: layer, container: container, path: own))
                if let inner = layer.composition { append(composition: inner, container: placements.count - 1, path: own) }
            }
        }
        append(composition: 0, container: nil, path: "")
        return placements
    }

    private func append(composition: Int, at frame: Double, path: String, active: Bool, into output: inout [LottieLayerValues]) {
        let layers = compositions[composition]
        var local = layers.enumerated().map { position, layer in
            Self.values(of: layer, at: frame, path: path.isEmpty ? String(position) : path + "/" + String(position), active: active)
        }
        Self.applyParents(layers, &local)
        for (position, layer) in layers.enumerated() {
            output.append(local[position])
            guard let inner = layer.composition else { continue }
            append(
                composition: inner, at: Self.innerFrame(of: layer, at: frame, frameRate: frameRate), path: local[position].layer,
                active: local[position].active, into: &output)
        }
    }

    /// A precomposition's frame inside a layer that places it at `frame` of its composition: its
    /// time remapping (seconds, times the root's frame rate) or `(frame − st) / sr`.
    static func innerFrame(of layer: Layer, at frame: Double, frameRate: Double) -> Double {
        if let remap = layer.timeRemap {
            let remapped = (remap.value(at: frame - layer.startTime, offset: layer.startTime).first ?? 0) * frameRate
            // lottie-web shows the frame before a remapped time equal to the layer's out point.
            return remapped == layer.outPoint ? layer.outPoint - 1 : remapped
        }
        return (frame - layer.startTime) / layer.stretch
    }

    /// World matrices: each layer's matrix times its parent's world (a parent is the first layer
    /// of the composition with its `ind`), each computed once; a cycle of parents ends where it
    /// comes back.
    static func applyParents(_ layers: [Layer], _ values: inout [LottieLayerValues]) {
        var positionOfIndex: [Int: Int] = [:]
        for (position, layer) in layers.enumerated() {
            if let index = layer.index, positionOfIndex[index] == nil { positionOfIndex[index] = position }
        }
        var worlds: [[Double]?] = Array(repeating: nil, count: layers.count)
        for start in layers.indices where worlds[start] == nil {
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
                let world = above.map { multiply(values[position].matrix, $0) } ?? values[position].matrix
                worlds[position] = world
                above = world
            }
        }
        for position in values.indices { values[position].world = worlds[position]! }
    }

    /// One layer's values at a frame of its composition.
    private static func values(of layer: Layer, at compositionFrame: Double, path: String, active: Bool) -> LottieLayerValues {
        let t = layer.transform
        let offset = layer.startTime
        let frame = compositionFrame - offset
        func value(_ property: LottieProperty) -> [Double] { property.value(at: frame, offset: offset) }
        func scalar(_ property: LottieProperty) -> Double { value(property).first ?? 0 }
        let degrees = Double.pi / 180
        let anchorValue = value(t.anchor)
        let anchor = padded(anchorValue, 3, 0)
        var positionValue = value(t.position)
        var px: Double?, py: Double?, pz: Double?
        if let x = t.positionX, let y = t.positionY {
            px = scalar(x)
            py = scalar(y)
            pz = t.positionZ.map(scalar)
            positionValue = [px!, py!] + (pz.map { [$0] } ?? [])
        }
        let position = padded(positionValue, 3, 0)
        let scaleValue = value(t.scale).map { $0 / 100 }
        let scale = padded(scaleValue, 3, 1)
        let rotation = t.rotation3D == nil ? scalar(t.rotation) * degrees : 0
        let opacity = (value(t.opacity).first ?? 100) / 100
        let skew = t.skew.map { scalar($0) * degrees }
        let skewAxis = t.skewAxis.map { scalar($0) * degrees }
        let rotation3D = t.rotation3D.map { r in
            (x: scalar(r.x) * degrees, y: scalar(r.y) * degrees, z: scalar(r.z) * degrees,
             orientation: padded(value(r.orientation), 3, 0).map { $0 * degrees })
        }
        // lottie-web's order: translate(−a), scale, skew, rotate(−r) (or the 3D rotations), the
        // auto-orient turn, translate(p); each step multiplies on the right (points are row vectors).
        var m = identity
        m = multiply(m, translation(-anchor[0], -anchor[1], anchor[2]))
        m = multiply(m, scaling(scale[0], scale[1], scaleValue.count > 2 ? scale[2] : 1))
        if let skew {
            let axis = skewAxis ?? 0
            m = multiply(m, rotationZ(-axis))
            m = multiply(m, [1, 0, 0, 0, tan(-skew), 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
            m = multiply(m, rotationZ(axis))
        }
        if let r = rotation3D {
            m = multiply(m, rotationZ(-r.z))
            m = multiply(m, rotationY(r.y))
            m = multiply(m, rotationX(r.x))
            m = multiply(m, rotationZ(-r.orientation[2]))
            m = multiply(m, rotationY(r.orientation[1]))
            m = multiply(m, rotationX(r.orientation[0]))
        } else {
            m = multiply(m, rotationZ(-rotation))
        }
        if layer.autoOrient, let turn = autoOrientAngle(t, frame: frame, offset: offset) {
            m = multiply(m, rotationZ(-turn))
        }
        m = multiply(m, translation(position[0], position[1], pz == nil && px != nil ? 0 : -position[2]))
        let inRange = layer.inPoint - layer.startTime <= frame && layer.outPoint - layer.startTime > frame
        return LottieLayerValues(
            layer: path, name: layer.name, index: layer.index, type: layer.type, parent: layer.parent,
            anchor: anchorValue, position: positionValue, scale: scaleValue, rotation: rotation, opacity: opacity,
            positionX: px, positionY: py, positionZ: pz,
            rotationX: rotation3D?.x, rotationY: rotation3D?.y, rotationZ: rotation3D?.z, orientation: rotation3D?.orientation,
            skew: skew, skewAxis: skewAxis, matrix: m, world: m,
            inRange: inRange, active: active && inRange, compositionFrame: compositionFrame, drawnOpacity: opacity)
    }

    /// The auto-orient turn (radians): the direction of travel, from the position a hundredth of
    /// a frame apart (lottie-web's rule: at the first keyframe, ahead of it; at the last, 0.05
    /// frames before it for a position, 0.01 for a split one); `nil` for a still position.
    private static func autoOrientAngle(_ t: Transform, frame: Double, offset: Double) -> Double? {
        func direction(_ sample: (Double) -> [Double], first: Double, last: Double, backAtEnd: Double) -> Double {
            let time = frame + offset
            let v1: [Double], v2: [Double]
            if time <= first {
                v1 = sample(first + 0.01)
                v2 = sample(first)
            } else if time >= last {
                v1 = sample(last)
                v2 = sample(last - backAtEnd)
            } else {
                v1 = sample(time)
                v2 = sample(time - 0.01)
            }
            return atan2(v1[1] - v2[1], v1[0] - v2[0])
        }
        if t.positionX == nil, t.position.isAnimated {
            let keys = t.position.keyframes
            return direction(
                { padded(t.position.value(at: $0 - offset, offset: offset), 2, 0) },
                first: keys[0].time, last: keys[keys.count - 1].time, backAtEnd: 0.05)
        }
        if let x = t.positionX, let y = t.positionY, x.isAnimated, y.isAnimated {
            return direction(
                { [x.value(at: $0 - offset, offset: offset).first ?? 0, y.value(at: $0 - offset, offset: offset).first ?? 0] },
                first: x.keyframes[0].time, last: x.keyframes[x.keyframes.count - 1].time, backAtEnd: 0.01)
        }
        return nil
    }

    static func padded(_ values: [Double], _ count: Int, _ filler: Double) -> [Double] {
        values.count >= count ? values : values + Array(repeating: filler, count: count - values.count)
    }

    static let identity: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

    static func translation(_ x: Double, _ y: Double, _ z: Double) -> [Double] {
        [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1]
    }

    static func scaling(_ x: Double, _ y: Double, _ z: Double) -> [Double] {
        [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1]
    }

    static func rotationZ(_ angle: Double) -> [Double] {
        if angle == 0 { return identity }
        let c = cos(angle), s = sin(angle)
        return [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    }

    static func rotationY(_ angle: Double) -> [Double] {
        if angle == 0 { return identity }
        let c = cos(angle), s = sin(angle)
        return [c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0, 0, 0, 0, 1]
    }

    static func rotationX(_ angle: Double) -> [Double] {
        if angle == 0 { return identity }
        let c = cos(angle), s = sin(angle)
        return [1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0, 0, 0, 0, 1]
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
