public import Timeline
public import TimelinePlugins
public import CadenceIO

/// What a preview draws: named layers whose properties are bound to frame channels, so that SVG and
/// HTML previews show a transition as a person would see it.
///
/// ```swift
/// var card = SceneLayer(name: "card", shape: .rectangle(cornerRadius: 12),
///                       frame: Rect(x: 20, y: 100, width: 350, height: 200))
/// card.fill = .white
/// card.bind(.scale, to: "card.scale")
/// card.bind(.opacity, to: "card.alpha")
/// let scene = Scene(size: Size(width: 390, height: 844), background: .black, layers: [card])
/// ```
public struct Scene: Sendable, Equatable {
    /// The viewport: the container's size, with the origin at the top left and y pointing down.
    public var size: Size
    /// The colour behind every layer.
    public var background: Color
    /// The layers, back to front (a layer's ``SceneLayer/zIndex`` can raise it).
    public var layers: [SceneLayer]
    /// The groups layers are composited in (``SceneLayer/group``): opacity over the composited
    /// group, blend modes and mattes.
    public var groups: [SceneGroup]

    /// Creates a scene.
    public init(size: Size, background: Color = .white, layers: [SceneLayer] = [], groups: [SceneGroup] = []) {
        self.size = size
        self.background = background
        self.layers = layers
        self.groups = groups
    }
}

/// One drawable layer of a ``Scene``.
public struct SceneLayer: Sendable, Equatable {
    /// The layer's outline.
    public enum Shape: Sendable, Hashable {
        /// A rectangle filling ``SceneLayer/frame``, with rounded corners.
        case rectangle(cornerRadius: Double)
        /// An ellipse filling ``SceneLayer/frame``.
        case oval
        /// A path in scene coordinates (the frame is then only the transform's anchor box).
        case path(Path)
    }

    /// A shadow drawn below the layer.
    public struct Shadow: Sendable, Hashable {
        /// The shadow's colour.
        public var color: Color
        /// The shadow's opacity, `0...1`.
        public var opacity: Double
        /// The blur radius in points.
        public var radius: Double
        /// The shadow's offset.
        public var offset: Point
        /// The shadow's outline, if it differs from the layer's (the punch-out's morphing hole).
        public var path: Path?

        /// Creates a shadow.
        public init(color: Color = .black, opacity: Double = 1, radius: Double = 6, offset: Point = .zero, path: Path? = nil) {
            self.color = color
            self.opacity = opacity
            self.radius = radius
            self.offset = offset
            self.path = path
        }
    }

    /// A mask: only the parts of the layer inside the path (by its fill rule) are drawn, faded by
    /// its opacity.
    public struct Mask: Sendable, Hashable {
        /// The mask's outline in scene coordinates.
        public var path: Path
        /// How the outline's inside is decided.
        public var fillRule: FillRule
        /// How much of the layer shows inside the outline, `0...1` (SVG's `mask` with a white
        /// fill at this opacity; 1 is a `clip-path`).
        public var opacity: Double = 1

        /// Creates a mask.
        public init(path: Path, fillRule: FillRule = .nonZero) {
            self.path = path
            self.fillRule = fillRule
        }

        /// Creates a mask that shows the layer at `opacity` inside its outline.
        public init(path: Path, fillRule: FillRule = .nonZero, opacity: Double) {
            self.path = path
            self.fillRule = fillRule
            self.opacity = opacity
        }
    }

    /// The properties a channel can drive.
    public enum Property: String, Sendable, Hashable, CaseIterable {
        /// Opacity, `0...1` (scalar).
        case opacity
        /// Uniform scale about the frame's centre (scalar).
        case scale
        /// Horizontal scale (scalar).
        case scaleX
        /// Vertical scale (scalar).
        case scaleY
        /// Rotation about the frame's centre, radians (scalar).
        case rotation
        /// Rotation about the vertical axis, radians, drawn as a horizontal squash by `cos` (scalar).
        case rotationY
        /// Horizontal translation (scalar).
        case translationX
        /// Vertical translation (scalar).
        case translationY
        /// The frame's origin x (scalar).
        case x
        /// The frame's origin y (scalar).
        case y
        /// The frame's width (scalar).
        case width
        /// The frame's height (scalar).
        case height
        /// Corner radius of a rectangle (scalar).
        case cornerRadius
        /// Fill colour (colour channel).
        case fill
        /// Stroke colour (colour channel).
        case stroke
        /// Stroke width in points, at least 0 (scalar).
        case strokeWidth
        /// The outline of a path layer (path channel).
        case path
        /// The mask's outline (path channel).
        case maskPath
        /// The mask's opacity, clamped to `0...1` (scalar).
        case maskOpacity
        /// The shadow's outline (path channel).
        case shadowPath
        /// The shadow's opacity (scalar).
        case shadowOpacity
        /// Stacking order; higher is in front (scalar).
        case zIndex
        /// Hidden when the value is at least 0.5 (scalar).
        case hidden
        /// How far into its dashes the stroke starts (scalar).
        case dashOffset
        /// The stroke's dash and gap lengths (a vector channel of as many numbers as the scene's
        /// ``SceneLayer/dashes``).
        case dashes
        /// The fill gradient's points, transform and stops (a vector channel laid out as
        /// ``SceneLayer/Gradient/channelNumbers``, for the layer's number of stops).
        case fillGradient
        /// The stroke gradient's points, transform and stops (as ``fillGradient``).
        case strokeGradient
        /// The fill image's placement (a vector channel laid out as
        /// ``SceneLayer/ImageFill/channelNumbers``).
        case fillImage
    }

    /// The layer's name.
    public var name: String
    /// The outline.
    public var shape: Shape
    /// The layer's box in scene coordinates (for paths, the anchor box for transforms).
    public var frame: Rect
    /// The fill colour, or `nil` for none.
    public var fill: Color?
    /// The stroke colour, or `nil` for none.
    public var stroke: Color?
    /// A gradient that fills the outline instead of ``fill``, or `nil`.
    public var fillGradient: Gradient?
    /// A gradient that paints the stroke instead of ``stroke``, or `nil`.
    public var strokeGradient: Gradient?
    /// An image that fills the outline instead of ``fill`` and ``fillGradient``, or `nil`.
    public var fillImage: ImageFill?
    /// The stroke width in points.
    public var strokeWidth: Double = 1
    /// How the stroke ends at an open outline's ends.
    public var lineCap: LineCap = .butt
    /// How the stroke turns at the outline's corners.
    public var lineJoin: LineJoin = .miter
    /// The longest miter drawn, as a multiple of the stroke width (longer ones are bevelled); at
    /// least 1. SVG's `stroke-miterlimit`, Core Animation's `miterLimit`.
    public var miterLimit: Double = 4
    /// Dash and gap lengths of the stroke, in turn (an odd list repeats to make it even), as SVG's
    /// `stroke-dasharray` and Core Animation's `lineDashPattern`; empty for a solid stroke.
    public var dashes: [Double] = []
    /// How far into ``dashes`` the stroke starts (SVG's `stroke-dashoffset`, Core Animation's
    /// `lineDashPhase`).
    public var dashOffset: Double = 0

    /// How a stroke ends at an open outline's ends: SVG's `stroke-linecap`, Core Animation's
    /// `lineCap`, with their names.
    public enum LineCap: String, Sendable, CaseIterable {
        /// At the end, square across.
        case butt
        /// Half a circle beyond the end.
        case round
        /// Half a square beyond the end.
        case square
    }

    /// How a stroke turns at a corner: SVG's `stroke-linejoin`, Core Animation's `lineJoin`.
    public enum LineJoin: String, Sendable, CaseIterable {
        /// The outer edges extended until they meet (bevelled past ``SceneLayer/miterLimit``).
        case miter
        /// An arc about the corner.
        case round
        /// The outer edges' ends joined by a straight line.
        case bevel
    }
    /// The opacity, `0...1`.
    public var opacity: Double = 1
    /// A transform about the frame's centre.
    public var transform: Transform2D = .identity
    /// Rotation about the vertical axis, in radians.
    public var rotationY: Double = 0
    /// A mask, if any.
    public var mask: Mask?
    /// A shadow, if any.
    public var shadow: Shadow?
    /// Stacking order among the scene's layers; higher is in front.
    public var zIndex: Double = 0
    /// Whether the layer is hidden.
    public var isHidden = false
    /// The group (``Scene/groups``) the layer is composited in, or `nil` for the scene itself.
    public var group: String?
    /// Which channel drives which property.
    public var bindings: [(property: Property, channel: String)] = []

    /// Creates a layer.
    public init(name: String, shape: Shape, frame: Rect) {
        self.name = name
        self.shape = shape
        self.frame = frame
    }

    /// Drives `property` by the channel named `channel`.
    public mutating func bind(_ property: Property, to channel: String) {
        bindings.removeAll { $0.property == property }
        bindings.append((property, channel))
    }

    /// The channel that drives `property`, if one does.
    public func channel(boundTo property: Property) -> String? {
        bindings.first { $0.property == property }?.channel
    }

    /// Equal when every property and every binding (in order) are equal.
    public static func == (lhs: SceneLayer, rhs: SceneLayer) -> Bool {
        lhs.name == rhs.name && lhs.shape == rhs.shape && lhs.frame == rhs.frame && lhs.fill == rhs.fill
            && lhs.stroke == rhs.stroke && lhs.fillGradient == rhs.fillGradient && lhs.strokeGradient == rhs.strokeGradient && lhs.strokeWidth == rhs.strokeWidth && lhs.lineCap == rhs.lineCap
            && lhs.lineJoin == rhs.lineJoin && lhs.miterLimit == rhs.miterLimit && lhs.dashes == rhs.dashes
            && lhs.dashOffset == rhs.dashOffset && lhs.opacity == rhs.opacity
            && lhs.transform == rhs.transform && lhs.rotationY == rhs.rotationY && lhs.mask == rhs.mask
            && lhs.shadow == rhs.shadow && lhs.zIndex == rhs.zIndex && lhs.isHidden == rhs.isHidden && lhs.group == rhs.group
            && lhs.bindings.elementsEqual(rhs.bindings) { $0.property == $1.property && $0.channel == $1.channel }
    }
}

/// What a preview is given to draw: a scene built in Swift, or the `"scene"` of a document.
public enum SceneDescription: Sendable {
    /// A scene built in Swift (the presets).
    case scene(Scene)
    /// A document's `"scene"` object, parsed when the preview starts.
    case json(JSONValue)
}
