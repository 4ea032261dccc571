public import Timeline
public import TimelinePlugins

/// One layer of a scene as it looks at one frame: every binding applied, ready to draw.
///
/// A ``BoundScene`` resolves a frame into resolved layers, back to front. Drawing one is:
/// apply ``matrix``, fade by ``opacity``, clip by ``mask``, draw ``shadow`` below the outline,
/// then fill and stroke the ``outline``. The mask and shadow paths are in the layer's coordinates
/// (the scene's, before ``matrix``), so they move with the layer.
///
/// Paths are geometry (``Path``), as the scene or the frame holds them: a renderer draws their
/// points, and the SVG writers print them as SVG path data. A path is drawn with the fill rule
/// given beside it; its own ``Path/fillRule`` is not used.
public struct ResolvedLayer: Sendable, Equatable {
    /// What to fill and stroke.
    public enum Outline: Sendable, Equatable {
        /// A rectangle with rounded corners.
        case rectangle(Rect, cornerRadius: Double)
        /// An ellipse inscribed in a rectangle.
        case oval(Rect)
        /// A path (empty: nothing drawn), drawn with a fill rule.
        case path(Path, fillRule: FillRule)
    }

    /// A mask: only what lies inside the path (by the rule) is drawn.
    public struct Mask: Sendable, Equatable {
        /// The mask's path, in the layer's coordinates.
        public var path: Path
        /// How the path's inside is decided.
        public var fillRule: FillRule
        /// How much of the layer shows inside the path, `0...1`.
        public var opacity: Double = 1

        /// Creates a mask.
        public init(path: Path, fillRule: FillRule) {
            self.path = path
            self.fillRule = fillRule
        }

        /// Creates a mask that shows the layer at `opacity` inside its path.
        public init(path: Path, fillRule: FillRule, opacity: Double) {
            self.path = path
            self.fillRule = fillRule
            self.opacity = opacity
        }
    }

    /// A blurred copy of the outline (or of its own path) drawn below the layer.
    public struct Shadow: Sendable, Equatable {
        /// The shadow's colour.
        public var color: Color
        /// The shadow's opacity, `0...1`.
        public var opacity: Double
        /// The blur radius (drawn as a Gaussian blur with standard deviation `radius / 2`).
        public var radius: Double
        /// The shadow's offset, in the layer's coordinates.
        public var offset: Point
        /// The shadow's own outline (drawn with the non-zero rule), or `nil` for the layer's
        /// outline.
        public var path: Path?

        /// Creates a shadow.
        public init(color: Color, opacity: Double, radius: Double, offset: Point, path: Path?) {
            self.color = color
            self.opacity = opacity
            self.radius = radius
            self.offset = offset
            self.path = path
        }
    }

    /// The layer's name.
    public var name: String
    /// The layer's position in ``Scene/layers``.
    public var index: Int
    /// The outline, in the layer's coordinates.
    public var outline: Outline
    /// The layer's frame after the `x`, `y`, `width` and `height` bindings.
    public var frame: Rect
    /// From the layer's coordinates to the scene's: translation, rotation, skew and scale about the
    /// frame's centre, with the rotation about the vertical axis drawn as a horizontal scale by its
    /// cosine.
    public var matrix: AffineMatrix
    /// The fill colour, or `nil` for none.
    public var fill: Color?
    /// The stroke colour, or `nil` for none.
    public var stroke: Color?
    /// The gradient that fills the outline instead of ``fill``, or `nil`.
    public var fillGradient: SceneLayer.Gradient?
    /// The gradient that paints the stroke instead of ``stroke``, or `nil`.
    public var strokeGradient: SceneLayer.Gradient?
    /// The image that fills the outline instead of ``fill`` and ``fillGradient``, or `nil`.
    public var fillImage: SceneLayer.ImageFill?
    /// The stroke width.
    public var strokeWidth: Double
    /// How the stroke ends at an open outline's ends.
    public var lineCap: SceneLayer.LineCap = .butt
    /// How the stroke turns at corners.
    public var lineJoin: SceneLayer.LineJoin = .miter
    /// The longest miter, as a multiple of the stroke width.
    public var miterLimit: Double = 4
    /// Dash and gap lengths of the stroke (empty for a solid stroke).
    public var dashes: [Double] = []
    /// How far into the dashes the stroke starts, after the `dashOffset` binding.
    public var dashOffset: Double = 0
    /// The layer's opacity, `0...1`, applied to the layer and its shadow as a group.
    public var opacity: Double
    /// The stacking order the layer was sorted by.
    public var zIndex: Double
    /// Whether the layer is hidden (hidden layers are resolved, but not drawn).
    public var isHidden: Bool
    /// The mask, if any.
    public var mask: Mask?
    /// The shadow, if any.
    public var shadow: Shadow?
    /// The group it is composited in (its position in ``Scene/groups``), or `nil`.
    public var group: Int? = nil

    /// Whether drawing the layer would show anything: not hidden and not fully transparent.
    public var isVisible: Bool { !isHidden && opacity > 0 }
}

/// One group of a scene as it is at one frame (``BoundScene/groups(at:)``): its opacity binding
/// applied and every name turned into a position in ``Scene/groups``.
public struct ResolvedGroup: Sendable, Equatable {
    /// The group's name.
    public var name: String
    /// The group it sits in, by position, or `nil`.
    public var parent: Int?
    /// The opacity, `0...1`, after its binding.
    public var opacity: Double
    /// How it combines with what is below it.
    public var blendMode: SceneGroup.BlendMode
    /// The group whose pixels hide part of this one, by position, and how they are read.
    public var matte: (group: Int, mode: SceneGroup.MatteMode)?
    /// Whether another group uses this one as its matte (it is then not drawn itself).
    public var isMatte: Bool
    /// Whether its layers blend only with each other (``SceneGroup/isolated``).
    public var isolated = false
    /// Its drop shadow after its bindings (``SceneGroup/shadow``), or `nil`.
    public var shadow: ResolvedLayer.Shadow? = nil
    /// Whether the shadow shows only within the bounding box of the group's outlines
    /// (``SceneGroup/shadowWithinBounds``).
    public var shadowWithinBounds = false
    /// Its blur's standard deviations across and down (``SceneGroup/blurX``), after its bindings.
    public var blurX = 0.0, blurY = 0.0

    /// Equal when every property is equal.
    public static func == (lhs: ResolvedGroup, rhs: ResolvedGroup) -> Bool {
        lhs.name == rhs.name && lhs.parent == rhs.parent && lhs.opacity == rhs.opacity && lhs.blendMode == rhs.blendMode
            && lhs.matte?.group == rhs.matte?.group && lhs.matte?.mode == rhs.matte?.mode && lhs.isMatte == rhs.isMatte
            && lhs.isolated == rhs.isolated && lhs.shadow == rhs.shadow && lhs.shadowWithinBounds == rhs.shadowWithinBounds
            && lhs.blurX == rhs.blurX && lhs.blurY == rhs.blurY
    }

    /// The groups a layer in `group` is drawn in, outermost first, written into `chain` (emptied
    /// first; its storage is kept). A cycle stops after as many groups as there are.
    static func chain(of group: Int?, in groups: [ResolvedGroup], into chain: inout [Int]) {
        chain.removeAll(keepingCapacity: true)
        var current = group
        while let index = current, chain.count <= groups.count {
            chain.append(index)
            current = groups[index].parent
        }
        chain.reverse()
    }

    /// The scene's groups as they are without bindings (their own opacities).
    ///
    /// - Parameter scene: A scene whose groups are valid (``Scene/groupErrors()`` empty); names
    ///   that are not found are left out.
    public static func groups(of scene: Scene) -> [ResolvedGroup] {
        var positions: [String: Int] = [:]
        for (index, group) in scene.groups.enumerated() where positions[group.name] == nil { positions[group.name] = index }
        let mattes = Set(scene.groups.compactMap { $0.matte.flatMap { positions[$0.group] } })
        return scene.groups.enumerated().map { index, group in
            ResolvedGroup(
                name: group.name, parent: group.parent.flatMap { positions[$0] },
                opacity: group.opacity.isFinite ? min(max(group.opacity, 0), 1) : 1, blendMode: group.blendMode,
                matte: group.matte.flatMap { matte in positions[matte.group].map { ($0, matte.mode) } }, isMatte: mattes.contains(index),
                isolated: group.isolated,
                shadow: group.shadow.map { ResolvedLayer.Shadow(color: $0.color, opacity: $0.opacity, radius: $0.radius, offset: $0.offset, path: nil) },
                shadowWithinBounds: group.shadowWithinBounds, blurX: group.blurX, blurY: group.blurY)
        }
    }
}
