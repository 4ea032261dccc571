import Timeline
import TimelinePlugins
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// lottie-web 5.13's evaluation of a Lottie file, reproduced step by step, so that a team can get
/// the numbers their designer saw in a browser (`cadence lottie values --compat lottie-web`).
///
/// What it reproduces, and ``LottieAnimation/values(at:)`` (the exact mode) does not:
/// - its easing solver (`BezierEasing`: an 11-sample `Float32` table, four Newton steps or ten
///   bisections) and its cache of curves by name (a keyframe's `n`);
/// - spatial tangents walked along 150 sampled points joined by straight lines, with its cache of
///   sampled curves keyed by their first two coordinates, and its walk resumed from the last point;
/// - `Float32` storage of vector values and of every matrix step;
/// - its memory: a property changes only when the new value differs by more than 0.00001, and it
///   is evaluated only while its layer is in range (a parent's transform always; a null layer's
///   always); a layer that is hidden (out of range, or transparent) keeps its last world matrix
///   and opacity; a null layer's world matrix is never computed.
///
/// Because of that memory the values depend on the frames shown before, as in a browser: ask for
/// frames in the order lottie-web showed them. Like lottie-web, the player shows the first frame
/// (`round(ip)`) when it is created.
public struct LottieWebPlayer: Sendable {
    private let animation: LottieAnimation
    private var elements: [Element] = []
    /// The root composition's elements.
    private var roots: [Int] = []
    private var caches = Caches()
    private var renderedFrame: Double?
    /// lottie-web's `firstFrame`: `Math.round(ip)`.
    private let firstFrame: Double

    /// The most parent links a player follows in all: lottie-web multiplies, for every layer and
    /// every frame, the matrices of all its parents, so a file's cost per frame is the total length
    /// of its layers' parent chains (a chain of 10,000 layers is 50 million products a frame).
    public static let maximumParentLinks = 2_000_000

    /// A player for an animation, showing its first frame.
    ///
    /// - Throws: ``LottieWebPlayerError/parentChainsTooLong(links:)`` when the layers' parent
    ///   chains hold more than ``maximumParentLinks`` links in all (lottie-web's cost per frame;
    ///   the exact mode, ``LottieAnimation/values(at:)``, is linear in them).
    public init(animation: LottieAnimation) throws(LottieWebPlayerError) {
        try self.init(animation, linkLimit: Self.maximumParentLinks)
    }

    /// A player for an animation, showing its first frame, with no bound on its parent chains (as
    /// before ``init(animation:)``: a file with long chains is slow, not refused).
    @available(*, deprecated, renamed: "init(animation:)", message: "init(animation:) refuses parent chains too long to evaluate")
    public init(_ animation: LottieAnimation) {
        do {
            try self.init(animation, linkLimit: .max)
        } catch {
            // No chain holds more than Int.max links: this cannot be reached.
            preconditionFailure("\(error)")
        }
    }

    private init(_ animation: LottieAnimation, linkLimit: Int) throws(LottieWebPlayerError) {
        self.animation = animation
        firstFrame = Self.javaScriptRound(animation.inPoint)
        var links = 0
        roots = try build(composition: 0, path: "", links: &links, limit: linkLimit)
        render(firstFrame)
    }

    /// Every layer's values at a root composition frame, as lottie-web's `goToAndStop(frame − firstFrame, true)`
    /// leaves them, in the order of ``LottieAnimation/values(at:)``.
    public mutating func values(at frame: Double) -> [LottieLayerValues] {
        render((frame - firstFrame) + firstFrame)
        var output: [LottieLayerValues] = []
        output.reserveCapacity(elements.count)
        collect(roots, active: true, into: &output)
        return output
    }

    // MARK: - The element tree

    private enum Kind {
        /// Null layers and types the SVG renderer builds as nulls: always evaluated, never drawn.
        case null
        /// Shape, solid and image layers: hidden when transparent.
        case drawn
        /// Text layers: drawn, not hidden when transparent.
        case text
        /// Precomposition layers.
        case composition
    }

    private struct Element {
        let layer: LottieAnimation.Layer
        let path: String
        let kind: Kind
        var hierarchy: [Int] = []
        var isParent = false
        var children: [Int] = []
        var transform: Transform
        var opacity: Property?
        var timeRemap: Property?
        var isInRange = false
        var isTransparent = false
        var hidden = true
        var isFirstFrame = true
        var transformChanged = false
        var hasMatrix = false
        var matrix = Matrix()
        var world = Matrix()
        var localOpacity = 1.0
        var compositionFrame = 0.0
        var innerFrame = 0.0
    }

    private struct Transform {
        var anchor: Property
        var position: Property?
        var positionX: Property?, positionY: Property?, positionZ: Property?
        var scale: Property
        var rotation: Property?
        var rotationX: Property?, rotationY: Property?, rotationZ: Property?, orientation: Property?
        var skew: Property?, skewAxis: Property?
        let autoOrient: Bool
    }

    private mutating func build(composition: Int, path: String, links: inout Int, limit: Int) throws(LottieWebPlayerError) -> [Int] {
        let layers = animation.compositions[composition]
        var built: [Int] = []
        for (position, layer) in layers.enumerated() {
            let index = elements.count
            built.append(index)
            let t = layer.transform
            let st = layer.startTime
            let degrees = Double.pi / 180
            let kind: Kind = switch layer.type {
            case 0: .composition
            case 1, 2, 4: .drawn
            case 5: .text
            default: .null
            }
            var transform = Transform(
                anchor: Property(t.anchor, vector: true, mult: 1, offset: st),
                scale: Property(t.scale, vector: true, mult: 0.01, offset: st), autoOrient: layer.autoOrient)
            if let x = t.positionX, let y = t.positionY {
                transform.positionX = Property(x, vector: false, mult: 1, offset: st)
                transform.positionY = Property(y, vector: false, mult: 1, offset: st)
                transform.positionZ = t.positionZ.map { Property($0, vector: false, mult: 1, offset: st) }
            } else {
                transform.position = Property(t.position, vector: true, mult: 1, offset: st)
            }
            if let r = t.rotation3D {
                transform.rotationX = Property(r.x, vector: false, mult: degrees, offset: st)
                transform.rotationY = Property(r.y, vector: false, mult: degrees, offset: st)
                transform.rotationZ = Property(r.z, vector: false, mult: degrees, offset: st)
                transform.orientation = Property(r.orientation, vector: true, mult: degrees, offset: st)
            } else {
                transform.rotation = Property(t.rotation, vector: false, mult: degrees, offset: st)
            }
            if let skew = t.skew {
                transform.skew = Property(skew, vector: false, mult: degrees, offset: st)
                transform.skewAxis = Property(t.skewAxis ?? LottieProperty(value: [0], keyframes: []), vector: false, mult: degrees, offset: st)
            }
            elements.append(Element(
                layer: layer, path: path.isEmpty ? String(position) : path + "/" + String(position), kind: kind,
                transform: transform, opacity: Property(t.opacity, vector: false, mult: 0.01, offset: st),
                timeRemap: layer.timeRemap.map { Property($0, vector: false, mult: animation.frameRate, offset: st) }))
        }
        // Parents: the first layer of the composition with the `ind`; the chain up, nearest first,
        // stopping where it comes back. A chain that names a layer the composition does not have
        // is no chain at all: lottie-web's buildElementParenting sets a layer's hierarchy only
        // when the walk ends at a layer without a parent, so the layer moves alone (its parents
        // are still parents: lottie-ios__pr_1699.json).
        var positionOfIndex: [Int: Int] = [:]
        for (position, layer) in layers.enumerated() {
            if let index = layer.index, positionOfIndex[index] == nil { positionOfIndex[index] = position }
        }
        // The walk up from each layer marks the positions it passed with the layer's own stamp, so
        // that coming back is found at once (a walk is as long as its chain, not its square). A
        // walk that reaches a missing layer passed no layer twice, so every layer it passed has no
        // chain either: later walks that reach one of them stop there.
        var visited = [Int](repeating: -1, count: layers.count)
        var reachesMissing = [Bool](repeating: false, count: layers.count)
        for (position, layer) in layers.enumerated() {
            var chain: [Int] = []
            var passed: [Int] = []
            var parentIndex = layer.parent
            var complete = true
            visited[position] = position
            while let index = parentIndex {
                guard let above = positionOfIndex[index] else {
                    complete = false
                    break
                }
                guard !reachesMissing[above] else {
                    elements[built[above]].isParent = true
                    complete = false
                    break
                }
                guard visited[above] != position else { break }
                visited[above] = position
                links += 1
                guard links <= limit else { throw .parentChainsTooLong(links: limit) }
                chain.append(built[above])
                passed.append(above)
                elements[built[above]].isParent = true
                parentIndex = layers[above].parent
            }
            if complete {
                elements[built[position]].hierarchy = chain
            } else {
                elements[built[position]].hierarchy = []
                reachesMissing[position] = true
                for above in passed { reachesMissing[above] = true }
            }
        }
        for (position, layer) in layers.enumerated() {
            if let inner = layer.composition {
                let children = try build(composition: inner, path: elements[built[position]].path, links: &links, limit: limit)
                elements[built[position]].children = children
            }
        }
        return built
    }

    // MARK: - A frame

    private mutating func render(_ frame: Double) {
        guard frame != renderedFrame else { return }
        renderedFrame = frame
        var caches = self.caches
        prepare(roots, at: frame, caches: &caches)
        self.caches = caches
        draw(roots)
    }

    /// lottie-web's `prepareFrame`, last layer first.
    private mutating func prepare(_ list: [Int], at rendered: Double, caches: inout Caches) {
        for index in list.reversed() {
            let layer = elements[index].layer
            let num = rendered - layer.startTime
            elements[index].compositionFrame = rendered
            let kind = elements[index].kind
            if kind == .null {
                // A null layer evaluates everything, always, and has no range.
                elements[index].isInRange = true
                updateTransform(index, frame: rendered, caches: &caches)
                elements[index].opacity?.update(at: rendered, caches: &caches)
                continue
            }
            let inRange = layer.inPoint - layer.startTime <= num && layer.outPoint - layer.startTime > num
            if inRange != elements[index].isInRange {
                elements[index].isInRange = inRange
                if inRange { show(index) } else { hide(index) }
            }
            if inRange {
                updateTransform(index, frame: rendered, caches: &caches)
                elements[index].opacity?.update(at: rendered, caches: &caches)
                elements[index].timeRemap?.update(at: rendered, caches: &caches)
            } else if elements[index].isParent {
                updateTransform(index, frame: rendered, caches: &caches)
            }
            if kind == .drawn {
                // checkTransparency
                if (elements[index].opacity?.scalar ?? 1) <= 0 {
                    if !elements[index].isTransparent {
                        elements[index].isTransparent = true
                        hide(index)
                    }
                } else if elements[index].isTransparent {
                    elements[index].isTransparent = false
                    show(index)
                }
            }
            if kind == .composition, inRange {
                var inner = num / layer.stretch
                if let remap = elements[index].timeRemap {
                    inner = remap.scalar
                    if inner == layer.outPoint { inner = layer.outPoint - 1 }
                }
                elements[index].innerFrame = inner
                prepare(elements[index].children, at: inner, caches: &caches)
            }
        }
    }

    private mutating func show(_ index: Int) {
        if elements[index].isInRange, !elements[index].isTransparent {
            elements[index].hidden = false
            elements[index].isFirstFrame = true
        }
    }

    private mutating func hide(_ index: Int) {
        if !elements[index].hidden, !elements[index].isInRange || elements[index].isTransparent {
            elements[index].hidden = true
        }
    }

    /// lottie-web's `renderFrame`: world matrices and opacity of the layers shown.
    private mutating func draw(_ list: [Int]) {
        for index in list {
            let element = elements[index]
            // A layer exported hidden (`hd`) is never drawn: lottie-web's renderFrame returns at
            // once, so its world matrix and opacity keep their first values, and a hidden
            // precomposition draws none of its layers (lottie-web__bm_ronda.json).
            guard element.kind != .null, !element.hidden, !element.layer.hidden else { continue }
            let changed = element.isFirstFrame || element.transformChanged
                || element.hierarchy.contains { elements[$0].transformChanged }
            if changed, !element.hierarchy.isEmpty {
                var world = element.matrix
                for parent in element.hierarchy { world.multiply(elements[parent].matrix) }
                elements[index].world = world
            }
            if element.isFirstFrame || element.opacity?.changed == true {
                elements[index].localOpacity = element.opacity?.scalar ?? 1
            }
            if element.kind == .composition { draw(element.children) }
            elements[index].isFirstFrame = false
        }
    }

    /// The transform's `getValue`: its properties, then the matrix when one of them changed.
    private mutating func updateTransform(_ index: Int, frame: Double, caches: inout Caches) {
        var t = elements[index].transform
        var changed = false
        func update(_ property: inout Property?) {
            guard property != nil else { return }
            property!.update(at: frame, caches: &caches)
            if property!.changed { changed = true }
        }
        var anchor: Property? = t.anchor, scale: Property? = t.scale
        update(&anchor)
        update(&t.position)
        update(&t.positionX)
        update(&t.positionY)
        update(&t.positionZ)
        update(&scale)
        update(&t.rotation)
        update(&t.rotationX)
        update(&t.rotationY)
        update(&t.rotationZ)
        update(&t.orientation)
        update(&t.skew)
        update(&t.skewAxis)
        t.anchor = anchor!
        t.scale = scale!
        let first = !elements[index].hasMatrix
        if changed || first {
            elements[index].matrix = matrix(of: t, layer: elements[index].layer, caches: &caches)
            elements[index].hasMatrix = true
        }
        elements[index].transform = t
        elements[index].transformChanged = changed || first
    }

    /// lottie-web's `processKeys`.
    private func matrix(of t: Transform, layer: LottieAnimation.Layer, caches: inout Caches) -> Matrix {
        var m = Matrix()
        let a = t.anchor.v, s = t.scale.v
        m.translate(-a[0], -(a.count > 1 ? a[1] : .nan), a.count > 2 ? a[2] : nil)
        m.scale(s[0], s.count > 1 ? s[1] : .nan, s.count > 2 ? s[2] : nil)
        if let skew = t.skew, let axis = t.skewAxis { m.skewFromAxis(-skew.scalar, axis.scalar) }
        if let r = t.rotation {
            m.rotateZ(-r.scalar)
        } else if let x = t.rotationX, let y = t.rotationY, let z = t.rotationZ, let o = t.orientation {
            let or = o.v + Array(repeating: Double.nan, count: max(0, 3 - o.v.count))
            m.rotateZ(-z.scalar)
            m.rotateY(y.scalar)
            m.rotateX(x.scalar)
            m.rotateZ(-or[2])
            m.rotateY(or[1])
            m.rotateX(or[0])
        }
        if t.autoOrient {
            m.rotateZ(-autoOrientAngle(t, caches: &caches))
        }
        if let x = t.positionX, let y = t.positionY {
            m.translate(x.scalar, y.scalar, t.positionZ.map { -$0.scalar } ?? 0)
        } else if let p = t.position?.v {
            m.translate(p[0], p.count > 1 ? p[1] : .nan, p.count > 2 ? -p[2] : nil)
        }
        return m
    }

    /// The auto-orient turn, from lottie-web's `getValueAtTime` a hundredth of a frame apart.
    private func autoOrientAngle(_ t: Transform, caches: inout Caches) -> Double {
        let frameRate = animation.frameRate
        var v1: [Double] = [0, 0], v2: [Double] = [0, 0]
        if let p = t.position, p.source.keyframes.count > 1 {
            let keys = p.source.keyframes
            let time = p.caching.lastFrame + p.offset
            if time <= keys[0].time {
                v1 = p.value(atSeconds: (keys[0].time + 0.01) / frameRate, frameRate: frameRate, caches: &caches)
                v2 = p.value(atSeconds: keys[0].time / frameRate, frameRate: frameRate, caches: &caches)
            } else if time >= keys[keys.count - 1].time {
                v1 = p.value(atSeconds: keys[keys.count - 1].time / frameRate, frameRate: frameRate, caches: &caches)
                v2 = p.value(atSeconds: (keys[keys.count - 1].time - 0.05) / frameRate, frameRate: frameRate, caches: &caches)
            } else {
                v1 = p.pv
                v2 = p.value(atSeconds: (p.caching.lastFrame + p.offset - 0.01) / frameRate, frameRate: frameRate, caches: &caches)
            }
        } else if let x = t.positionX, let y = t.positionY, x.source.keyframes.count > 1, y.source.keyframes.count > 1 {
            let xKeys = x.source.keyframes, yKeys = y.source.keyframes
            let time = x.caching.lastFrame + x.offset
            func at(_ seconds: Double, _ secondsY: Double) -> [Double] {
                [x.value(atSeconds: seconds, frameRate: frameRate, caches: &caches).first ?? .nan,
                 y.value(atSeconds: secondsY, frameRate: frameRate, caches: &caches).first ?? .nan]
            }
            if time <= xKeys[0].time {
                v1 = at((xKeys[0].time + 0.01) / frameRate, (yKeys[0].time + 0.01) / frameRate)
                v2 = at(xKeys[0].time / frameRate, yKeys[0].time / frameRate)
            } else if time >= xKeys[xKeys.count - 1].time {
                v1 = at(xKeys[xKeys.count - 1].time / frameRate, yKeys[yKeys.count - 1].time / frameRate)
                v2 = at((xKeys[xKeys.count - 1].time - 0.01) / frameRate, (yKeys[yKeys.count - 1].time - 0.01) / frameRate)
            } else {
                v1 = [x.pv.first ?? .nan, y.pv.first ?? .nan]
                v2 = at((x.caching.lastFrame + x.offset - 0.01) / frameRate, (y.caching.lastFrame + y.offset - 0.01) / frameRate)
            }
        }
        func at(_ values: [Double], _ index: Int) -> Double { index < values.count ? values[index] : .nan }
        return atan2(at(v1, 1) - at(v2, 1), at(v1, 0) - at(v2, 0))
    }

    private func collect(_ list: [Int], active: Bool, into output: inout [LottieLayerValues]) {
        for index in list {
            let element = elements[index]
            let layer = element.layer
            let t = element.transform
            let isActive = active && element.isInRange
            let matrix = element.matrix.values
            output.append(LottieLayerValues(
                layer: element.path, name: layer.name, index: layer.index, type: layer.type, parent: layer.parent,
                anchor: t.anchor.v, position: t.position?.v ?? [t.positionX?.scalar ?? 0, t.positionY?.scalar ?? 0],
                scale: t.scale.v, rotation: t.rotation?.scalar ?? 0, opacity: element.opacity?.scalar ?? 1,
                positionX: t.positionX?.scalar, positionY: t.positionY?.scalar, positionZ: t.positionZ?.scalar,
                rotationX: t.rotationX?.scalar, rotationY: t.rotationY?.scalar, rotationZ: t.rotationZ?.scalar,
                orientation: t.orientation?.v, skew: t.skew?.scalar, skewAxis: t.skewAxis?.scalar,
                matrix: matrix, world: element.hierarchy.isEmpty ? matrix : element.world.values,
                inRange: element.isInRange, active: isActive, compositionFrame: element.compositionFrame,
                drawnOpacity: element.localOpacity))
            if element.kind == .composition { collect(element.children, active: isActive, into: &output) }
        }
    }

    /// JavaScript's `Math.round`: halves go up.
    static func javaScriptRound(_ x: Double) -> Double {
        let down = x.rounded(.down)
        return x - down >= 0.5 ? down + 1 : down
    }
}

/// Why lottie-web's evaluation of a file is refused.
public enum LottieWebPlayerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The layers' parent chains hold more than `links` links in all.
    case parentChainsTooLong(links: Int)

    /// A sentence that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .parentChainsTooLong(let links):
            "the layers' parent chains hold more than \(links) links in all: lottie-web multiplies every parent's matrix for every layer at every frame, "
                + "too slow to follow (evaluate without --compat lottie-web: the exact mode is linear in them)"
        }
    }
}
