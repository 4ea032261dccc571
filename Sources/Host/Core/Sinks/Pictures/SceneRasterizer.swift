public import Timeline
import TimelinePlugins
public import CadenceRaster

/// Draws a scene's resolved layers into pixels, as a browser draws the SVG that
/// ``SVGContactSheetSink`` and the HTML preview write for them.
///
/// Each visible layer is a group: its matrix, its opacity and its mask (clip path, with the mask's
/// rule) apply to its shadow (the outline, or the shadow's own path with the non-zero rule, in the
/// shadow's colour and opacity, offset and blurred by a Gaussian of standard deviation
/// `radius / 2`) and then to the outline, filled and stroked (miter joins with limit 4, butt caps).
/// Fills use exact area coverage; colours are composited premultiplied, source-over, in sRGB, as
/// browsers composite them. Colours are rounded to 8 bits as the SVG writer prints them.
///
/// ```swift
/// let bound = try BoundScene(scene: preset.scene, schema: source.schema)
/// var rasterizer = SceneRasterizer(scene: bound.scene, width: 390, height: 844, transform: .identity)
/// var pixels = PixelBuffer(width: 390, height: 844)
/// rasterizer.draw(bound.layers(at: frame), into: &pixels)
/// ```
///
/// A rasterizer keeps its scratch buffers between frames: drawing frame after frame of one size
/// allocates nothing after the first (beyond what resolving the layers allocates). It is not
/// `Sendable`: give each thread its own.
public struct SceneRasterizer {
    /// The scene: its background fills the picture.
    public let scene: Scene
    /// The picture's width in pixels.
    public let width: Int
    /// The picture's height in pixels.
    public let height: Int
    /// From scene coordinates to pixels.
    public let transform: AffineMatrix

    private let rasterizer = Rasterizer()

    /// The most points of flattened outlines a frame may store: 4 million (64 MB). A short path
    /// command can ask for 2,048 points (a huge curve, or a small one under a wide stroke), so a
    /// document of a few hundred kilobytes could otherwise need gigabytes a frame.
    public static let maximumPointsPerFrame = 4_000_000

    /// Whether the last frame drawn needed more than ``maximumPointsPerFrame`` points: its picture
    /// is incomplete and must not be shown. Picture sinks throw ``PictureError/tooComplex(frame:)``.
    public var lastFrameExceededPointBudget: Bool { rasterizer.exceededPointBudget }
    private var layer = RasterLayer()
    private var maskOutline = RasterOutline()
    private var shadowOutline = RasterOutline()
    /// The gradients of the layer drawn, kept for their stops' storage.
    private var fillGradient = RasterGradient(), strokeGradient = RasterGradient()

    /// Creates a rasterizer for pictures of `width × height` pixels.
    ///
    /// - Parameters:
    ///   - scene: The scene (its size, background and layers).
    ///   - width: The picture's width in pixels.
    ///   - height: The picture's height in pixels.
    ///   - transform: From scene coordinates to pixels; see ``PictureSize/pixels(for:)``.
    public init(scene: Scene, width: Int, height: Int, transform: AffineMatrix) {
        self.scene = scene
        self.width = width
        self.height = height
        self.transform = transform
    }

    /// Creates a rasterizer for a scene drawn at a size.
    ///
    /// - Throws: ``PictureError/invalidSize(_:)``.
    public init(scene: Scene, size: PictureSize = .natural) throws(PictureError) {
        let pixels = try size.pixels(for: scene.size)
        self.init(scene: scene, width: pixels.width, height: pixels.height, transform: pixels.transform)
    }

    /// A picture of the layers: a new buffer (``draw(_:into:)`` reuses one).
    public mutating func picture(of layers: [ResolvedLayer]) -> PixelBuffer {
        var pixels = PixelBuffer(width: width, height: height)
        draw(layers, into: &pixels)
        return pixels
    }

    /// Draws the background and the visible layers, back to front, into `pixels`.
    ///
    /// A buffer drawn into frame after frame is reset to the background only where the previous
    /// frame's layers drew (the buffer remembers it), so the pixels no layer reaches, such as the
    /// margins of a scene fitted into a wider picture, cost nothing after the first frame.
    ///
    /// - Parameters:
    ///   - layers: The layers, back to front (``BoundScene/layers(at:)``).
    ///   - pixels: The picture; replaced by a buffer of this rasterizer's size if it has another.
    public mutating func draw(_ layers: [ResolvedLayer], into pixels: inout PixelBuffer) {
        if pixels.width != width || pixels.height != height { pixels = PixelBuffer(width: width, height: height) }
        rasterizer.beginFrame(pointBudget: Self.maximumPointsPerFrame)
        let background = Self.pixel(scene.background) ?? .transparent
        // A buffer this rasterizer drew last, with the same background, is reset only where its
        // layers drew (a frame of a small scene fitted into 1080p leaves most pixels alone).
        if let known = pixels.knownBackground, known.pixel == background.packed {
            pixels.clear(known.dirty, to: background)
        } else {
            pixels.clear(to: background)
        }
        var dirty = PixelRect.zero
        for resolved in layers where resolved.isVisible {
            // A frame over its point budget is not shown: the layers after are not drawn.
            guard !rasterizer.exceededPointBudget else { break }
            dirty = dirty.union(draw(resolved, into: &pixels))
        }
        pixels.knownBackground = PixelBuffer.KnownBackground(pixel: background.packed, dirty: dirty)
    }

    /// Draws one layer and returns the pixels it may have changed.
    private mutating func draw(_ resolved: ResolvedLayer, into pixels: inout PixelBuffer) -> PixelRect {
        // The layer's matrix first, then scene coordinates to pixels.
        let m = transform * resolved.matrix
        layer.transform = m
        layer.opacity = min(max(resolved.opacity, 0), 1)
        layer.outline.removeAll(keepingCapacity: true)
        layer.fillRule = Self.append(resolved.outline, to: &layer.outline)
        layer.fill = Self.pixel(resolved.fill)
        layer.stroke = resolved.strokeWidth > 0 ? Self.pixel(resolved.stroke) : nil
        layer.fillGradient = resolved.fillGradient.map { Self.gradient($0, into: &fillGradient) }
        layer.strokeGradient = resolved.strokeGradient.map { Self.gradient($0, into: &strokeGradient) }
        layer.strokeWidth = resolved.strokeWidth.isFinite ? max(resolved.strokeWidth, 0) : 0
        layer.strokeStyle.cap = switch resolved.lineCap { case .butt: .butt; case .round: .round; case .square: .square }
        layer.strokeStyle.join = switch resolved.lineJoin { case .miter: .miter; case .round: .round; case .bevel: .bevel }
        layer.strokeStyle.miterLimit = resolved.miterLimit
        layer.strokeStyle.dashes = resolved.dashes
        layer.strokeStyle.dashOffset = resolved.dashOffset
        if let mask = resolved.mask {
            maskOutline.removeAll(keepingCapacity: true)
            Self.append(mask.path, to: &maskOutline)
            let opacity = mask.opacity.isFinite ? min(max(mask.opacity, 0), 1) : 1
            layer.clip = RasterLayer.Clip(outline: maskOutline, rule: Self.rule(mask.fillRule), opacity: opacity)
        } else {
            layer.clip = nil
        }
        if let shadow = resolved.shadow, shadow.opacity > 0,
            let color = Self.pixel(shadow.color.withAlpha(shadow.color.alpha * min(shadow.opacity, 1)))
        {
            var own: RasterOutline?
            if let path = shadow.path {
                shadowOutline.removeAll(keepingCapacity: true)
                Self.append(path, to: &shadowOutline)
                own = shadowOutline
            }
            layer.shadow = RasterLayer.Shadow(
                color: color, sigma: shadow.radius.isFinite ? max(shadow.radius, 0) / 2 : 0,
                offsetX: shadow.offset.x, offsetY: shadow.offset.y, outline: own, rule: own == nil ? layer.fillRule : .nonZero)
        } else {
            layer.shadow = nil
        }
        let touched = rasterizer.draw(layer, into: &pixels)
        // The outlines are kept for their storage; the layer lets go of the copies it holds.
        layer.clip = nil
        layer.shadow = nil
        layer.fillGradient = nil
        layer.strokeGradient = nil
        return touched
    }

    /// A scene gradient for the rasteriser, its stop colours rounded to 8 bits as the SVG writer
    /// prints them, written into `storage`, whose stops' buffer is reused: the layer lets go of
    /// its copy after each draw, so the buffer is not shared when it is written again.
    private static func gradient(_ gradient: SceneLayer.Gradient, into storage: inout RasterGradient) -> RasterGradient {
        storage.kind = gradient.kind == .linear ? .linear : .radial
        storage.start = RasterPoint(x: gradient.start.x, y: gradient.start.y)
        storage.end = RasterPoint(x: gradient.end.x, y: gradient.end.y)
        let focus = gradient.focus ?? gradient.start
        storage.focus = RasterPoint(x: focus.x, y: focus.y)
        storage.transform = gradient.transform
        storage.stops.removeAll(keepingCapacity: true)
        func byte(_ value: Double) -> Double { (min(max(value, 0), 1) * 255).rounded() / 255 }
        for stop in gradient.stops {
            let color = stop.color.clamped()
            storage.stops.append(RasterGradient.Stop(
                offset: stop.offset, red: byte(color.red), green: byte(color.green), blue: byte(color.blue),
                alpha: color.alpha * stop.opacity))
        }
        storage.normalizeStops()
        return storage
    }

    /// Appends an outline and returns the rule to fill it with.
    @discardableResult
    private static func append(_ outline: ResolvedLayer.Outline, to builder: inout RasterOutline) -> RasterFillRule {
        switch outline {
        case .rectangle(let rect, let cornerRadius):
            let radius = cornerRadius.isFinite ? min(max(cornerRadius, 0), rect.width / 2, rect.height / 2) : 0
            builder.addRoundedRectangle(
                x: rect.minX, y: rect.minY, width: rect.width, height: rect.height, radiusX: radius, radiusY: radius)
            return .nonZero
        case .oval(let rect):
            builder.addEllipse(centerX: rect.midX, centerY: rect.midY, radiusX: rect.width / 2, radiusY: rect.height / 2)
            return .nonZero
        case .path(let path, let fillRule):
            append(path, to: &builder)
            return rule(fillRule)
        }
    }

    /// Appends a path's elements.
    private static func append(_ path: Path, to builder: inout RasterOutline) {
        for element in path.elements {
            switch element {
            case .move(let p): builder.move(to: RasterPoint(x: p.x, y: p.y))
            case .line(let p): builder.line(to: RasterPoint(x: p.x, y: p.y))
            case .quadCurve(let p, let c): builder.quadCurve(to: RasterPoint(x: p.x, y: p.y), control: RasterPoint(x: c.x, y: c.y))
            case .curve(let p, let c1, let c2):
                builder.curve(
                    to: RasterPoint(x: p.x, y: p.y), control1: RasterPoint(x: c1.x, y: c1.y), control2: RasterPoint(x: c2.x, y: c2.y))
            case .closeSubpath: builder.close()
            }
        }
    }

    private static func rule(_ rule: FillRule) -> RasterFillRule {
        rule == .evenOdd ? .evenOdd : .nonZero
    }

    /// A colour as the SVG writer prints it (straight channels and opacity rounded to 8 bits),
    /// premultiplied as a browser premultiplies it; `nil` for none or a transparent one.
    static func pixel(_ color: Color?) -> PixelBuffer.Pixel? {
        guard let color = color?.clamped(), color.alpha > 0 else { return nil }
        return .premultiplying(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}
