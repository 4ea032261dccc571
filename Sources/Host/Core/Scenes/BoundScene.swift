import Timeline
import TimelinePlugins
public import CadenceIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A scene whose bindings have been checked against a frame layout, ready to resolve frames.
///
/// ```swift
/// let bound = try BoundScene(scene: preset.scene, schema: source.schema)
/// for layer in bound.layers(at: frame) where layer.isVisible {
///     draw(layer)   // back to front
/// }
/// ```
///
/// Resolution is pure: the layers depend only on the scene and the frame's values.
///
/// | binding | effect |
/// |---|---|
/// | `x`, `y`, `width`, `height` | replace the frame's origin and size (for a path layer, the anchor box only) |
/// | `translationX`, `translationY`, `rotation`, `scaleX`, `scaleY` | replace that part of the layer's transform |
/// | `scale` | a uniform factor (default 1) multiplying both scales |
/// | `rotationY` | replaces the vertical-axis rotation, drawn as a horizontal scale by its cosine |
/// | `opacity`, `shadowOpacity`, `maskOpacity` | replace them, clamped to `0...1` |
/// | `cornerRadius` | replaces the rectangle's corner radius (at least 0) |
/// | `zIndex` | the stacking order; equal values keep the scene's order |
/// | `hidden` | hidden when the value is at least 0.5 |
/// | `fill`, `stroke` | the colour channel's value, clamped into the gamut |
/// | `dashes` | the dash and gap lengths from a vector channel (all finite, none negative, not all 0) |
/// | `fillGradient`, `strokeGradient` | the gradient's points, transform and stops from a vector channel |
/// | `fillImage` | the image's transform (a, b, c, d, tx, ty) from a vector channel |
/// | `path`, `maskPath`, `shadowPath` | the path channel's path (drawn with the layer's fill rule, or the mask's) |
/// | a group's `opacity` | replaces the group's opacity, clamped to `0...1` (``groups(at:)``) |
///
/// A value that is not finite leaves the property as the scene sets it.
public struct BoundScene: Sendable {
    /// The scene.
    public let scene: Scene
    /// The frame layout the bindings were checked against.
    public let schema: FrameSchema
    private let layerBindings: [[(property: SceneLayer.Property, offset: Int)]]
    /// The groups without their bindings.
    private let staticGroups: [ResolvedGroup]
    /// For each group, its bound properties and their channels' offsets.
    private let groupBindings: [[(property: SceneGroup.Property, offset: Int)]]
    /// For each layer, its group's position.
    private let layerGroups: [Int?]

    /// Checks the scene's bindings against `schema`.
    ///
    /// - Throws: ``DocumentErrors`` naming each binding (`scene.layers[2].bind.fill`) whose channel
    ///   is missing or of the wrong kind, or whose property the layer cannot have.
    public init(scene: Scene, schema: FrameSchema) throws(DocumentErrors) {
        let errors = scene.groupErrors() + scene.bindingErrors(against: schema)
        guard errors.isEmpty else { throw DocumentErrors(errors: errors) }
        self.scene = scene
        self.schema = schema
        layerBindings = scene.layers.map { layer in
            layer.bindings.map { ($0.property, schema.channel(named: $0.channel)!.offset) }
        }
        staticGroups = ResolvedGroup.groups(of: scene)
        groupBindings = scene.groups.map { group in group.bindings.map { ($0.property, schema.channel(named: $0.channel)!.offset) } }
        var positions: [String: Int] = [:]
        for (index, group) in scene.groups.enumerated() { positions[group.name] = index }
        layerGroups = scene.layers.map { $0.group.flatMap { positions[$0] } }
    }

    /// The scene's groups at a frame, in the scene's order, their bindings applied (a value that is
    /// not finite leaves the scene's): opacities clamped to `0...1`, a radius at least 0.
    ///
    /// - Parameter frame: A frame laid out by ``schema``.
    /// - Returns: One resolved group per scene group; empty for a scene without groups.
    public func groups(at frame: borrowing Frame) -> [ResolvedGroup] {
        var groups = staticGroups
        for (index, bindings) in groupBindings.enumerated() {
            for (property, offset) in bindings where offset < frame.numbers.count {
                let value = frame.numbers[offset]
                guard value.isFinite else { continue }
                switch property {
                case .opacity: groups[index].opacity = min(max(value, 0), 1)
                case .shadowOpacity: groups[index].shadow?.opacity = min(max(value, 0), 1)
                case .shadowRadius: groups[index].shadow?.radius = max(value, 0)
                case .shadowOffsetX: groups[index].shadow?.offset.x = value
                case .shadowOffsetY: groups[index].shadow?.offset.y = value
                case .blurX: groups[index].blurX = max(value, 0)
                case .blurY: groups[index].blurY = max(value, 0)
                }
            }
        }
        return groups
    }

    /// The scene's layers at a frame, back to front (by z-index; equal z-indices keep the scene's
    /// order), hidden layers included.
    ///
    /// - Parameter frame: A frame laid out by ``schema``. Bindings whose values the frame does not
    ///   have (a frame of another layout) are left unapplied.
    /// - Returns: One resolved layer per scene layer.
    /// - Complexity: O(n log n) in the number of layers, plus one pass over the bindings.
    public func layers(at frame: borrowing Frame) -> [ResolvedLayer] {
        var resolved: [ResolvedLayer] = []
        resolved.reserveCapacity(scene.layers.count)
        for index in scene.layers.indices {
            resolved.append(resolve(index, frame))
        }
        return resolved.enumerated()
            .sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }
            .map(\.element)
    }

    private func resolve(_ index: Int, _ frame: borrowing Frame) -> ResolvedLayer {
        let layer = scene.layers[index]
        var box = layer.frame
        var transform = layer.transform
        var scale = 1.0
        var rotationY = layer.rotationY
        var cornerRadius = 0.0
        if case .rectangle(let radius) = layer.shape { cornerRadius = radius }
        var opacity = layer.opacity
        var fill = layer.fill
        var stroke = layer.stroke
        var fillGradient = layer.fillGradient
        var strokeGradient = layer.strokeGradient
        var fillImage = layer.fillImage
        var strokeWidth = layer.strokeWidth
        var dashOffset = layer.dashOffset
        var dashes = layer.dashes
        var zIndex = layer.zIndex
        var isHidden = layer.isHidden
        var outlinePath: Path?
        if case .path(let path) = layer.shape { outlinePath = path }
        var mask = layer.mask.map { ResolvedLayer.Mask(path: $0.path, fillRule: $0.fillRule, opacity: $0.opacity) }
        var shadow = layer.shadow.map {
            ResolvedLayer.Shadow(color: $0.color, opacity: $0.opacity, radius: $0.radius, offset: $0.offset, path: $0.path)
        }

        for (property, offset) in layerBindings[index] {
            switch property.channelKind {
            case .vector:
                switch property {
                case .fillGradient: fillGradient?.apply(frame.numbers, from: offset)
                case .strokeGradient: strokeGradient?.apply(frame.numbers, from: offset)
                case .fillImage: fillImage?.apply(frame.numbers, from: offset)
                default:
                    // Dashes: lengths that are all finite, none negative and not all 0, else the scene's.
                    guard offset + dashes.count <= frame.numbers.count else { continue }
                    let lengths = frame.numbers[offset ..< offset + dashes.count]
                    if lengths.allSatisfy({ $0.isFinite && $0 >= 0 }), lengths.contains(where: { $0 > 0 }) {
                        for index in dashes.indices { dashes[index] = lengths[offset + index] }
                    }
                }
            case .path:
                guard offset < frame.paths.count else { continue }
                let path = frame.paths[offset]
                switch property {
                case .path: outlinePath = path
                case .maskPath: mask?.path = path
                default: shadow?.path = path
                }
            case .color:
                guard offset + 4 <= frame.numbers.count else { continue }
                let color = Color(
                    red: frame.numbers[offset], green: frame.numbers[offset + 1], blue: frame.numbers[offset + 2],
                    alpha: frame.numbers[offset + 3])
                guard color.isFinite else { continue }
                let clamped = color.clamped()
                if property == .fill { fill = clamped } else { stroke = clamped }
            case .number:
                guard offset < frame.numbers.count else { continue }
                let value = frame.numbers[offset]
                guard value.isFinite else { continue }
                switch property {
                case .x: box.origin.x = value
                case .y: box.origin.y = value
                case .width: box.size.width = value
                case .height: box.size.height = value
                case .translationX: transform.translation.x = value
                case .translationY: transform.translation.y = value
                case .rotation: transform.rotation = .radians(value)
                case .scaleX: transform.scaleX = value
                case .scaleY: transform.scaleY = value
                case .scale: scale = value
                case .rotationY: rotationY = value
                case .opacity: opacity = min(max(value, 0), 1)
                case .shadowOpacity: shadow?.opacity = min(max(value, 0), 1)
                case .maskOpacity: mask?.opacity = min(max(value, 0), 1)
                case .cornerRadius: cornerRadius = max(value, 0)
                case .strokeWidth: strokeWidth = max(value, 0)
                case .dashOffset: dashOffset = value
                case .zIndex: zIndex = value
                case .hidden: isHidden = value >= 0.5
                default: break
                }
            }
        }

        let outline: ResolvedLayer.Outline
        switch layer.shape {
        case .rectangle: outline = .rectangle(box, cornerRadius: cornerRadius)
        case .oval: outline = .oval(box)
        case .path(let path): outline = .path(outlinePath ?? Path(), fillRule: path.fillRule)
        }
        var resolved = ResolvedLayer(
            name: layer.name, index: index, outline: outline, frame: box,
            matrix: Self.matrix(frame: box, transform: transform, scale: scale, rotationY: rotationY),
            fill: fill, stroke: stroke, fillGradient: fillGradient, strokeGradient: strokeGradient, strokeWidth: strokeWidth, lineCap: layer.lineCap, lineJoin: layer.lineJoin,
            miterLimit: layer.miterLimit, dashes: dashes, dashOffset: dashOffset, opacity: opacity, zIndex: zIndex,
            isHidden: isHidden, mask: mask, shadow: shadow, group: layerGroups[index])
        resolved.fillImage = fillImage
        return resolved
    }

    /// `T(centre) · T(translation) · R(rotation) · K(skew) · S(scaleX·scale·cos(rotationY), scaleY·scale) · T(−centre)`.
    static func matrix(frame: Rect, transform: Transform2D, scale: Double, rotationY: Double) -> AffineMatrix {
        let center = frame.center
        var parts = transform
        parts.translation = Point(x: center.x + transform.translation.x, y: center.y + transform.translation.y)
        parts.scaleX = transform.scaleX * scale * cos(rotationY)
        parts.scaleY = transform.scaleY * scale
        return parts.matrix * AffineMatrix.translation(x: -center.x, y: -center.y)
    }
}

extension BoundScene {
    /// Binds a scene built in Swift, or reads and binds a document's `"scene"` JSON.
    ///
    /// - Throws: ``DocumentErrors`` for an invalid scene or a binding the schema cannot satisfy.
    public init(_ description: SceneDescription, schema: FrameSchema) throws(DocumentErrors) {
        switch description {
        case .scene(let scene): try self.init(scene: scene, schema: schema)
        case .json(let json): try self.init(scene: try Scene(json: json, schema: schema), schema: schema)
        }
    }
}
