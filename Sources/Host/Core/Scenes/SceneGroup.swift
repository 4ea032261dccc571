import Timeline
public import CadenceIO

/// Layers of a ``Scene`` composited together: drawn into a picture of their own, which is then
/// faded by the group's opacity, hidden where its matte says and blended onto what is below in its
/// blend mode. SVG's `<g>` with `opacity`, `mask` and `mix-blend-mode`; Core Animation's layer
/// with sublayers, `opacity`, `mask` and `compositingFilter`.
///
/// A layer joins a group by naming it (``SceneLayer/group``); a group can sit in another
/// (``parent``). The layers of a group are drawn together where they come one after another in
/// the drawing order (by z-index, then scene order): keep them together.
///
/// ```swift
/// var shine = SceneGroup(name: "shine")
/// shine.blendMode = .screen
/// var badge = SceneGroup(name: "badge")
/// badge.matte = SceneGroup.Matte(group: "badge-shape", mode: .luminance)
/// ```
///
/// A group that another group names as its matte is not drawn: its pixels are the matte, read by
/// their alpha or their luminance. Its layers must come before the layers of the group it mattes.
public struct SceneGroup: Sendable, Equatable {
    /// How a group's pixels combine with what is below them: CSS `mix-blend-mode`'s sixteen modes,
    /// by their CSS names, computed as the W3C Compositing and Blending specification defines them
    /// (in sRGB, on premultiplied colours, as browsers do).
    public enum BlendMode: String, Sendable, CaseIterable {
        /// Drawn over (source-over).
        case normal
        /// Colours multiplied: never lighter.
        case multiply
        /// Inverted colours multiplied: never darker.
        case screen
        /// Multiply or screen, by the colour below.
        case overlay
        /// The darker of each channel.
        case darken
        /// The lighter of each channel.
        case lighten
        /// The colour below brightened to reflect the group's.
        case colorDodge = "color-dodge"
        /// The colour below darkened to reflect the group's.
        case colorBurn = "color-burn"
        /// Multiply or screen, by the group's colour.
        case hardLight = "hard-light"
        /// A softer hard light.
        case softLight = "soft-light"
        /// The absolute difference of each channel.
        case difference
        /// As difference, with lower contrast.
        case exclusion
        /// The group's hue with the saturation and luminosity below.
        case hue
        /// The group's saturation with the hue and luminosity below.
        case saturation
        /// The group's hue and saturation with the luminosity below.
        case color
        /// The group's luminosity with the hue and saturation below.
        case luminosity
    }

    /// What a group's matte shows of it.
    public enum MatteMode: String, Sendable, CaseIterable {
        /// Where the matte is opaque, by its alpha.
        case alpha
        /// Where the matte is transparent.
        case alphaInverted = "alpha-inverted"
        /// Where the matte is light, by its luminance (`0.2125 R + 0.7154 G + 0.0721 B` of its
        /// sRGB colour, times its alpha: SVG's luminance mask).
        case luminance
        /// Where the matte is dark or transparent.
        case luminanceInverted = "luminance-inverted"
    }

    /// Another group whose pixels hide part of this one.
    public struct Matte: Sendable, Hashable {
        /// The matte group's name.
        public var group: String
        /// How its pixels are read.
        public var mode: MatteMode

        /// Creates a matte.
        public init(group: String, mode: MatteMode = .alpha) {
            self.group = group
            self.mode = mode
        }
    }

    /// The group's name, unique among the scene's groups.
    public var name: String
    /// The group it sits in, or `nil` for the scene itself.
    public var parent: String?
    /// The group's opacity, `0...1`, applied to its composited picture (overlapping layers do not
    /// show through each other, as they would with each layer's own opacity).
    public var opacity: Double = 1
    /// How it combines with what is below it in its parent.
    public var blendMode: BlendMode = .normal
    /// The group whose pixels hide part of this one, or `nil`.
    public var matte: Matte?
    /// A drop shadow of the group's composited picture, drawn beneath it (SVG's `feGaussianBlur`
    /// of the group's alpha, offset and flooded with the colour): its colour, opacity, radius
    /// (a Gaussian of standard deviation `radius / 2`) and offset, in scene coordinates; its
    /// `path` is not used.
    public var shadow: SceneLayer.Shadow?
    /// Whether the shadow shows only within the bounding box of the group's outlines (strokes and
    /// shadows left out): the region SVG gives a filter on an element by default
    /// (`objectBoundingBox`, 0 to 100 %), which lottie-web's drop shadow keeps.
    public var shadowWithinBounds = false

    /// The standard deviation of a Gaussian blur of the group's composited picture across, in
    /// scene units (SVG's `feGaussianBlur` on the group); 0 for none.
    public var blurX = 0.0
    /// The blur's standard deviation down, in scene units; 0 for none.
    public var blurY = 0.0

    /// The properties a number channel can drive.
    public enum Property: String, Sendable, CaseIterable {
        /// The group's opacity, clamped to `0...1`.
        case opacity
        /// The shadow's opacity, clamped to `0...1`.
        case shadowOpacity
        /// The shadow's radius, at least 0.
        case shadowRadius
        /// The shadow's horizontal offset.
        case shadowOffsetX
        /// The shadow's vertical offset.
        case shadowOffsetY
        /// The blur across, at least 0.
        case blurX
        /// The blur down, at least 0.
        case blurY
    }

    /// Which channel drives which property.
    public private(set) var bindings: [(property: Property, channel: String)] = []

    /// Drives `property` by the number channel named `channel`.
    public mutating func bind(_ property: Property, to channel: String) {
        bindings.removeAll { $0.property == property }
        bindings.append((property, channel))
    }

    /// The channel that drives `property`, if one does.
    public func channel(boundTo property: Property) -> String? {
        bindings.first { $0.property == property }?.channel
    }

    /// Equal when every property and every binding (in order) are equal.
    public static func == (lhs: SceneGroup, rhs: SceneGroup) -> Bool {
        lhs.name == rhs.name && lhs.parent == rhs.parent && lhs.opacity == rhs.opacity && lhs.blendMode == rhs.blendMode
            && lhs.matte == rhs.matte && lhs.isolated == rhs.isolated && lhs.shadow == rhs.shadow
            && lhs.shadowWithinBounds == rhs.shadowWithinBounds && lhs.blurX == rhs.blurX && lhs.blurY == rhs.blurY
            && lhs.bindings.elementsEqual(rhs.bindings) { $0.property == $1.property && $0.channel == $1.channel }
    }
    /// Whether the group's layers blend only with each other (CSS `isolation: isolate`), not with
    /// what is below the group. A group with an opacity below 1, a blend mode or a matte is
    /// isolated anyway.
    public var isolated = false

    /// Creates a group.
    public init(
        name: String, parent: String? = nil, opacity: Double = 1, blendMode: BlendMode = .normal, matte: Matte? = nil
    ) {
        self.name = name
        self.parent = parent
        self.opacity = opacity
        self.blendMode = blendMode
        self.matte = matte
    }
}

extension Scene {
    /// The errors in the scene's groups: names that are empty or repeated, groups, parents and
    /// mattes that do not exist, a group inside itself, a matte that is its own group or one it
    /// sits in; each with its path (`scene.groups[1].parent`, `scene.layers[2].group`).
    public func groupErrors() -> [DocumentError] {
        var errors: [DocumentError] = []
        var indices: [String: Int] = [:]
        for (index, group) in groups.enumerated() {
            if group.name.isEmpty {
                errors.append(DocumentError(path: "scene.groups[\(index)].name", message: "a group name must not be empty"))
            } else if indices[group.name] != nil {
                errors.append(DocumentError(path: "scene.groups[\(index)].name", message: "duplicate group name \"\(InputExcerpt.excerpt(group.name))\""))
            } else {
                indices[group.name] = index
            }
        }
        func unknown(_ name: String) -> String {
            let known = groups.prefix(12).map { "\"\(InputExcerpt.excerpt($0.name))\"" }.joined(separator: ", ")
            return "unknown group \"\(InputExcerpt.excerpt(name))\" (\(groups.isEmpty ? "the scene has no groups" : "groups: \(known)\(groups.count > 12 ? ", …" : "")"))"
        }
        for (index, group) in groups.enumerated() {
            if let parent = group.parent {
                if indices[parent] == nil {
                    errors.append(DocumentError(path: "scene.groups[\(index)].parent", message: unknown(parent)))
                } else if ancestors(of: index, indices).contains(index) {
                    errors.append(DocumentError(path: "scene.groups[\(index)].parent", message: "group \"\(InputExcerpt.excerpt(group.name))\" would sit inside itself"))
                }
            }
            if let matte = group.matte {
                if let source = indices[matte.group] {
                    if source == index || ancestors(of: index, indices).contains(source) {
                        errors.append(DocumentError(path: "scene.groups[\(index)].matte.group", message: "a group's matte must not be the group or one it sits in"))
                    }
                } else {
                    errors.append(DocumentError(path: "scene.groups[\(index)].matte.group", message: unknown(matte.group)))
                }
            }
            for binding in group.bindings where binding.property.rawValue.hasPrefix("shadow") && group.shadow == nil {
                errors.append(DocumentError(
                    path: "scene.groups[\(index)].bind.\(binding.property.rawValue)", message: "\"\(binding.property.rawValue)\" needs a \"shadow\" on the group"))
            }
            if !group.blurX.isFinite || !group.blurY.isFinite || group.blurX < 0 || group.blurY < 0 {
                errors.append(DocumentError(path: "scene.groups[\(index)].blur", message: "a blur must be a finite number, at least 0"))
            }
            if !group.opacity.isFinite {
                errors.append(DocumentError(path: "scene.groups[\(index)].opacity", message: "an opacity must be a finite number"))
            }
        }
        for (index, layer) in layers.enumerated() {
            if let group = layer.group, indices[group] == nil {
                errors.append(DocumentError(path: "scene.layers[\(index)].group", message: unknown(group)))
            }
        }
        return errors
    }

    /// The groups a group sits in, innermost first (stopping at a cycle).
    private func ancestors(of index: Int, _ indices: [String: Int]) -> [Int] {
        var chain: [Int] = []
        var current = groups[index].parent.flatMap { indices[$0] }
        while let next = current, chain.count <= groups.count {
            chain.append(next)
            if next == index { break }
            current = groups[next].parent.flatMap { indices[$0] }
        }
        return chain
    }
}
