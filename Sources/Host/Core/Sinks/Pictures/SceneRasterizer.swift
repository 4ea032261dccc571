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
/// rasterizer.draw(bound.layers(at: frame), groups: bound.groups(at: frame), into: &pixels)
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
    /// Cleared pictures kept for groups (``draw(_:groups:into:)``).
    private var spare: [PixelBuffer] = []
    /// A group shadow's coverage, kept for its storage.
    private var shadowMask = CoverageMask()
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

    /// A picture of the layers in their groups at a frame (``draw(_:groups:into:)``): a new buffer.
    public mutating func picture(of layers: [ResolvedLayer], groups: [ResolvedGroup]) -> PixelBuffer {
        var pixels = PixelBuffer(width: width, height: height)
        draw(layers, groups: groups, into: &pixels)
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
        draw(layers, groups: scene.groups.isEmpty ? [] : ResolvedGroup.groups(of: scene), into: &pixels)
    }

    /// Draws the background and the visible layers, back to front, into `pixels`, each in its
    /// group: a group is drawn into a picture of its own, then composited onto its parent's (or
    /// the scene's) with its opacity, its matte and its blend mode; a group that is another's
    /// matte is kept for it, not drawn. A group whose opacity is 1, in the normal blend mode,
    /// without a matte, not isolated and no matte itself, draws straight into its parent (which is
    /// the same).
    ///
    /// - Parameters:
    ///   - layers: The layers, back to front (``BoundScene/layers(at:)``).
    ///   - groups: The scene's groups at the frame (``BoundScene/groups(at:)``).
    ///   - pixels: The picture; replaced by a buffer of this rasterizer's size if it has another.
    public mutating func draw(_ layers: [ResolvedLayer], groups: [ResolvedGroup], into pixels: inout PixelBuffer) {
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
        if groups.isEmpty {
            for resolved in layers where resolved.isVisible {
                // A frame over its point budget is not shown: the layers after are not drawn.
                guard !rasterizer.exceededPointBudget else { break }
                dirty = dirty.union(draw(resolved, into: &pixels))
            }
        } else {
            dirty = drawGrouped(layers, groups: groups, into: &pixels)
        }
        pixels.knownBackground = PixelBuffer.KnownBackground(pixel: background.packed, dirty: dirty)
    }

    /// A group being drawn: its pixels (none when it draws straight into its parent) and where
    /// they changed.
    private struct OpenGroup {
        var index: Int
        var pixels: PixelBuffer?
        var touched = PixelRect.zero
        /// The device bounding box of its layers' outlines (strokes left out): min x, min y, max x, max y.
        var bounds = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
    }

    /// Draws the layers group by group (``draw(_:groups:into:)``) and returns the pixels of
    /// `pixels` that may have changed.
    private mutating func drawGrouped(_ layers: [ResolvedLayer], groups: [ResolvedGroup], into pixels: inout PixelBuffer) -> PixelRect {
        var dirty = PixelRect.zero
        var open: [OpenGroup] = []
        var chain: [Int] = []
        var mattes: [Int: (pixels: PixelBuffer, touched: PixelRect)] = [:]
        /// Composites the innermost open group onto what holds it.
        func close() {
            var group = open.removeLast()
            let resolved = groups[group.index]
            guard var picture = group.pixels else {
                // Drawn straight into its parent: what it touched, the parent touched.
                if open.isEmpty { dirty = dirty.union(group.touched) } else { open[open.count - 1].touched = open[open.count - 1].touched.union(group.touched) }
                return
            }
            if resolved.blurX > 0 || resolved.blurY > 0 {
                // SVG's filter, before the matte, opacity and blend mode, in scene units scaled to pixels.
                let scales = transform.axisScales
                let rasterizer = self.rasterizer
                group.touched = picture.blur(
                    region: group.touched, sigmaX: resolved.blurX * scales.x, sigmaY: resolved.blurY * scales.y, mask: &shadowMask
                ) { mask, sigmaX, sigmaY, limit in rasterizer.blur(&mask, sigmaX: sigmaX, sigmaY: sigmaY, limit: limit) }
            }
            if let shadow = resolved.shadow, shadow.opacity > 0,
                let color = Self.pixel(shadow.color.withAlpha(shadow.color.alpha * min(shadow.opacity, 1)))
            {
                // Beneath the group's picture, before its matte, opacity and blend mode (SVG's
                // filter comes first), in scene units scaled to pixels.
                let scales = transform.axisScales
                let offset = (x: shadow.offset.x * transform.a + shadow.offset.y * transform.c, y: shadow.offset.x * transform.b + shadow.offset.y * transform.d)
                let sigma = shadow.radius.isFinite ? max(shadow.radius, 0) / 2 : 0
                let rasterizer = self.rasterizer
                if offset.x.isFinite, offset.y.isFinite, abs(offset.x) < 1e6, abs(offset.y) < 1e6 {
                    var within: PixelRect?
                    if resolved.shadowWithinBounds {
                        let (minX, minY, maxX, maxY) = group.bounds
                        within = minX <= maxX && minY <= maxY
                            ? PixelRect.covering(minX: minX, minY: minY, maxX: maxX, maxY: maxY, within: picture.rect) : .zero
                    }
                    group.touched = picture.dropShadow(
                        region: group.touched, offsetX: Int(offset.x.rounded()), offsetY: Int(offset.y.rounded()), sigmaX: sigma * scales.x,
                        sigmaY: sigma * scales.y, color: color, mask: &shadowMask, within: within
                    ) { mask, sigmaX, sigmaY, limit in rasterizer.blur(&mask, sigmaX: sigmaX, sigmaY: sigmaY, limit: limit) }
                }
            }
            if resolved.isMatte {
                if let old = mattes[group.index] { release(old.pixels, touched: old.touched) }
                mattes[group.index] = (picture, group.touched)
                return
            }
            var matte: RasterMatte?
            if let (source, mode) = resolved.matte {
                let luminance = mode == .luminance || mode == .luminanceInverted
                let inverted = mode == .alphaInverted || mode == .luminanceInverted
                if let kept = mattes[source] {
                    matte = RasterMatte(pixels: kept.pixels, luminance: luminance, inverted: inverted)
                } else if !inverted {
                    // No matte drawn (its layers hidden or not before): nothing shows.
                    release(picture, touched: group.touched)
                    return
                }
            }
            let blend = RasterBlendMode(rawValue: SceneGroup.BlendMode.allCases.firstIndex(of: resolved.blendMode) ?? 0) ?? .normal
            // Onto the innermost open group with a picture of its own (groups that draw straight
            // into their parent have none), or the canvas; every group in between touched it too.
            let target = open.lastIndex { $0.pixels != nil }
            let touched: PixelRect
            if let at = target {
                touched = open[at].pixels!.composite(
                    group: picture, opacity: resolved.opacity, blendMode: blend, matte: matte, region: group.touched)
            } else {
                touched = pixels.composite(group: picture, opacity: resolved.opacity, blendMode: blend, matte: matte, region: group.touched)
                dirty = dirty.union(touched)
            }
            for position in (target ?? 0)..<open.count { open[position].touched = open[position].touched.union(touched) }
            matte = nil
            picture.clear(group.touched)
            spare.append(picture)
        }
        for resolved in layers where resolved.isVisible {
            guard !rasterizer.exceededPointBudget else { break }
            ResolvedGroup.chain(of: resolved.group, in: groups, into: &chain)
            var shared = 0
            while shared < open.count, shared < chain.count, open[shared].index == chain[shared] { shared += 1 }
            while open.count > shared { close() }

            for index in chain[shared...] {
                let group = groups[index]
                let direct = !group.isMatte && group.matte == nil && group.blendMode == .normal && group.opacity >= 1 && !group.isolated
                    && group.shadow == nil && group.blurX == 0 && group.blurY == 0
                open.append(OpenGroup(index: index, pixels: direct ? nil : takeSpare()))
            }
            if !open.isEmpty {
                // The outline's bounding box, for shadows shown within their group's bounds.
                let box = Self.bounds(of: resolved.outline, through: transform * resolved.matrix)
                for position in open.indices {
                    open[position].bounds = (
                        min(open[position].bounds.0, box.0), min(open[position].bounds.1, box.1),
                        max(open[position].bounds.2, box.2), max(open[position].bounds.3, box.3))
                }
            }
            if open.isEmpty {
                dirty = dirty.union(draw(resolved, into: &pixels))
            } else if let at = open.lastIndex(where: { $0.pixels != nil }) {
                var target = open[at].pixels!
                open[at].pixels = nil
                let touched = draw(resolved, into: &target)
                open[at].pixels = target
                for position in at..<open.count { open[position].touched = open[position].touched.union(touched) }
            } else {
                let touched = draw(resolved, into: &pixels)
                dirty = dirty.union(touched)
                for position in open.indices { open[position].touched = open[position].touched.union(touched) }
            }
        }
        while !open.isEmpty { close() }
        for (_, kept) in mattes { release(kept.pixels, touched: kept.touched) }
        return dirty
    }

    /// An outline's bounding box after a matrix, in device pixels: min x, min y, max x, max y.
    private static func bounds(of outline: ResolvedLayer.Outline, through m: AffineMatrix) -> (Double, Double, Double, Double) {
        let rect: Rect
        switch outline {
        case .rectangle(let box, _), .oval(let box): rect = box
        case .path(let path, _): rect = path.isEmpty ? Rect(x: .infinity, y: .infinity, width: 0, height: 0) : path.bounds
        }
        guard rect.minX.isFinite, rect.minY.isFinite else { return (.infinity, .infinity, -.infinity, -.infinity) }
        var box = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            let px = m.a * x + m.c * y + m.tx, py = m.b * x + m.d * y + m.ty
            box = (min(box.0, px), min(box.1, py), max(box.2, px), max(box.3, py))
        }
        return box
    }

    /// A cleared picture of this rasterizer's size, reused from an earlier group when there is one.
    private mutating func takeSpare() -> PixelBuffer {
        spare.popLast() ?? PixelBuffer(width: width, height: height)
    }

    /// Clears a group's picture where it was drawn and keeps it for the next group.
    private mutating func release(_ picture: PixelBuffer, touched: PixelRect) {
        var picture = picture
        picture.clear(touched)
        spare.append(picture)
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
        if let image = resolved.fillImage {
            var raster = image.image.raster
            raster.transform = image.transform
            layer.fillImage = raster
        }
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
        layer.fillImage = nil
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
