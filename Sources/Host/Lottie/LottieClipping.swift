import Timeline
import TimelinePlugins
import CadenceHostCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Polygon clipping for what clips a Lottie layer: precompositions' rectangles (parallelograms
/// once transformed, so convex) and the mask inside them.
enum LottieClipping {
    /// The part of `subject` inside the convex polygon `clip` (Sutherland–Hodgman), either
    /// orientation. For a subject that is not convex the result may run along the clip's edges
    /// between its parts, which a fill covers with no area.
    static func clip(_ subject: [Point], by clip: [Point]) -> [Point] {
        guard clip.count >= 3 else { return [] }
        // The clip's orientation: inside is where every edge's cross product has its sign.
        var area = 0.0
        for i in clip.indices {
            let a = clip[i], b = clip[(i + 1) % clip.count]
            area += a.x * b.y - b.x * a.y
        }
        guard area != 0, area.isFinite else { return [] }
        let sign: Double = area > 0 ? 1 : -1
        var output = subject
        for i in clip.indices where !output.isEmpty {
            let a = clip[i], b = clip[(i + 1) % clip.count]
            func side(_ p: Point) -> Double { sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) }
            let input = output
            output = []
            for j in input.indices {
                let current = input[j], previous = input[(j + input.count - 1) % input.count]
                let now = side(current), before = side(previous)
                if now >= 0 {
                    if before < 0 { output.append(crossing(previous, current, before, now)) }
                    output.append(current)
                } else if before >= 0 {
                    output.append(crossing(previous, current, before, now))
                }
            }
        }
        return output
    }

    /// Where the segment from `p` to `q` crosses the line their sides `sp` and `sq` are measured from.
    private static func crossing(_ p: Point, _ q: Point, _ sp: Double, _ sq: Double) -> Point {
        let t = sp / (sp - sq)
        return Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
    }

    /// Decides which track mattes are drawn (``LottieMatte``) and notes the others.
    static func resolveMattes(_ compositions: inout [[LottieAnimation.Layer]], notes: inout LottieDrawing.Notes) {
        for composition in compositions.indices {
            let layers = compositions[composition]
            var composited = Set<Int>()
            for (position, layer) in layers.enumerated() {
                guard let request = layer.drawing.matteRequest else { continue }
                let source = request.parent.map { parent in layers.firstIndex { $0.index == parent } } ?? (position > 0 ? position - 1 : nil)
                let mode = Int(exactly: request.mode) ?? 0
                if let source, source != position, Self.drawsMatte(layers[source], mode: request.mode), layer.drawing.mask == nil,
                    layer.composition == nil
                {
                    compositions[composition][position].drawing.matte = LottieMatte(source: source, mode: mode)
                } else if let source, source != position, (1...4).contains(mode), layers[source].drawing.matteRequest == nil,
                    layers[source].matteSource, composited.insert(source).inserted
                {
                    // Drawn as a group with the matte layer's pixels as its matte (the matte layer's
                    // own matte, a matte layer shared by two layers, and one not marked `td`, which
                    // is drawn as a layer too, are not).
                    compositions[composition][position].drawing.matte = LottieMatte(source: source, mode: mode, composited: true)
                    if let inner = layers[source].composition, compositions[inner].contains(where: { $0.drawing.matteRequest != nil }) {
                        // lottie-web's mask of the matte layer leaves the mattes inside it empty.
                        notes.add(
                            "track mattes inside a matte precomposition are drawn (lottie-web draws what they matte as empty)",
                            at: request.jsonPath)
                    }
                } else {
                    notes.add(
                        "track mattes are not drawn: the matted layer is drawn whole, also where its matte hides it (and the matte layer is not drawn)",
                        at: request.jsonPath)
                }
            }
        }
    }

    /// Whether Cadence draws a matte layer for a mode: one fill, no mask, no matte; alpha, or alpha
    /// inverted with every opacity on the way constant 100.
    private static func drawsMatte(_ matte: LottieAnimation.Layer, mode: Double) -> Bool {
        let drawing = matte.drawing
        guard [1, 4].contains(matte.type), matte.composition == nil, drawing.mask == nil, drawing.matteRequest == nil,
            drawing.paints.count == 1, let paint = drawing.paints.first, paint.strokeWidth == nil, paint.gradient == nil
        else { return false }
        switch mode {
        case 1: return true
        case 2:
            func opaque(_ property: LottieProperty) -> Bool { property.keyframes.isEmpty && property.value.first ?? 100 >= 100 }
            return opaque(paint.opacity) && paint.groups.allSatisfy { $0.repeaterCopy == nil && $0.textLetter == nil && opaque($0.opacity) } && opaque(matte.transform.opacity)
        default: return false
        }
    }

    /// A path's sub-paths as polygons, curves cut into 16 chords each.
    static func polygons(of path: Path) -> [[Point]] {
        var polygons: [[Point]] = []
        var current: [Point] = []
        var last = Point(x: 0, y: 0)
        for element in path.elements {
            switch element {
            case .move(let point):
                if current.count >= 3 { polygons.append(current) }
                current = [point]
                last = point
            case .line(let point):
                current.append(point)
                last = point
            case .quadCurve(let point, let control):
                for k in 1...16 {
                    let t = Double(k) / 16, u = 1 - t
                    current.append(Point(x: u * u * last.x + 2 * u * t * control.x + t * t * point.x,
                                         y: u * u * last.y + 2 * u * t * control.y + t * t * point.y))
                }
                last = point
            case .curve(let point, let c1, let c2):
                for k in 1...16 {
                    let t = Double(k) / 16, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(Point(x: a * last.x + b * c1.x + c * c2.x + d * point.x, y: a * last.y + b * c1.y + c * c2.y + d * point.y))
                }
                last = point
            case .closeSubpath:
                if current.count >= 3 { polygons.append(current) }
                current = []
            @unknown default:
                break
            }
        }
        if current.count >= 3 { polygons.append(current) }
        return polygons
    }
}

/// A layer's track matte as Cadence draws it: the matte layer is the layer before it in its
/// composition, or the one whose `ind` is its `tp`.
///
/// What it shows, as lottie-web's SVG renderer draws it (an SVG mask of the matte layer, with
/// `mask-type` alpha or luminance): alpha (`tt` 1), where the matte layer is opaque; alpha
/// inverted (2), where it is not; luminance (3), by its luminance times its alpha; luminance
/// inverted (4), the opposite.
///
/// A matte layer with one fill (no mask, no matte of its own) in mode alpha, or alpha inverted when
/// always fully opaque, on a layer without a mask that is not a precomposition, is drawn as a clip path: inside the fill's
/// outline at its opacity (inverted, the composition without it). Any other is composited: the
/// matte layer drawn into a group of its own (``SceneGroup/matte``).
struct LottieMatte: Sendable {
    /// The matte layer's position in the composition.
    var source: Int
    /// The mode, `tt`: 1 alpha, 2 alpha inverted, 3 luminance, 4 luminance inverted.
    var mode: Int
    /// Drawn as a group's matte rather than as a clip path.
    var composited = false

    /// Alpha inverted (`tt` 2).
    var inverted: Bool { mode == 2 }

    /// The mode for a scene group.
    var sceneMode: SceneGroup.MatteMode {
        switch mode {
        case 2: .alphaInverted
        case 3: .luminance
        case 4: .luminanceInverted
        default: .alpha
        }
    }
}

/// A layer's mask when Cadence draws it: one mask (besides masks of mode `n`, which lottie-web
/// skips) in mode add (`a`) or intersect (`i`, the same for a first mask), inverted or not, or
/// subtract (`s`), at its opacity (animated or not), not expanded, on a shape, solid or
/// precomposition layer.
///
/// What it shows, as lottie-web's SVG renderer draws it:
/// - add: inside its path (non-zero);
/// - inverted add: inside the rectangle `(0, 0)`–`(w, h)` of the root composition's size, in the
///   layer's own coordinates, together with the path, under the non-zero rule (lottie-web's
///   `solidPath` before the path: the path's inside is a hole where it turns the other way);
/// - subtract: the composition without the path (a white rectangle, then the path in black).
struct LottieMask: Sendable {
    /// How the mask's path is used.
    enum Mode: Sendable {
        case add, inverted, subtract
    }

    /// The path (`pt`), in the layer's coordinates.
    var path: LottieProperty
    /// Whether the path closes.
    var closed: Bool
    var mode: Mode
    /// `o`, in percent.
    var opacity: LottieProperty

    /// The opacity at a layer's frame, as a fraction in `0...1`.
    func opacity(at frame: Double, offset: Double) -> Double {
        let value = (opacity.value(at: frame, offset: offset).first ?? 100) / 100
        return value.isFinite ? min(max(value, 0), 1) : 0
    }
    /// Whether every value of the path is a convex polygon of straight sides (and the mode add):
    /// such a mask on a precomposition clips the layers inside it as its rectangle does.
    var isConvexPolygon: Bool
    /// The JSON path of the layer's `masksProperties`.
    var jsonPath: String

    /// Whether six-number vertex lists (as ``LottieAnimation/shapeNumbers(_:)``) make one convex
    /// polygon with straight sides.
    static func isConvexPolygon(_ numbers: [Double]) -> Bool {
        let count = numbers.count / 6
        guard count >= 3 else { return false }
        var sign = 0.0
        for vertex in 0..<count {
            let base = vertex * 6
            guard numbers[base + 2 ..< base + 6].allSatisfy({ $0 == 0 }) else { return false }
            let next = (vertex + 1) % count * 6, after = (vertex + 2) % count * 6
            let cross = (numbers[next] - numbers[base]) * (numbers[after + 1] - numbers[next + 1])
                - (numbers[next + 1] - numbers[base + 1]) * (numbers[after] - numbers[next])
            guard cross.isFinite else { return false }
            if cross != 0 {
                if sign != 0, (cross > 0) != (sign > 0) { return false }
                sign = cross
            }
        }
        return sign != 0
    }
}

/// A layer's masks as lottie-web's SVG renderer draws them when a single clip cannot: a luminance
/// mask (an SVG `<mask>`) holding, in order, each mask's path filled white (add, and lighten,
/// darken and difference, which it draws as add) or black (subtract) at the mask's opacity; before
/// a first mask that subtracts or intersects, a white rectangle of the composition's size; an
/// intersecting mask keeps what is before it only inside its path (an alpha mask of the path at
/// its opacity around everything before). An inverted mask's path is the root composition's
/// rectangle in the layer's coordinates together with the path (non-zero), as lottie-web's
/// `solidPath`. An open path draws nothing.
///
/// Cadence draws it with scene groups: the layer's paints in a group whose luminance matte is a
/// group of the masks' paths (`P.mask0`, `P.mask1`, …, and `P.maskRect`).
struct LottieCompositedMask: Sendable {
    /// How a mask combines with the ones before it.
    enum Operation: Sendable {
        case add, subtract, intersect
    }

    /// One mask.
    struct Item: Sendable {
        /// The path (`pt`), in the layer's coordinates.
        var path: LottieProperty
        /// Whether the path closes.
        var closed: Bool
        /// `inv`.
        var inverted: Bool
        var operation: Operation
        /// `o`, in percent.
        var opacity: LottieProperty
    }

    /// The masks lottie-web draws (not those of mode `n`), in order.
    var items: [Item]
    /// The JSON path of the layer's `masksProperties`.
    var jsonPath: String

    /// Whether a white rectangle of the composition's size comes first (the first mask subtracts
    /// or intersects).
    var startsWithRectangle: Bool { items.first.map { $0.operation != .add } ?? false }
}

/// A layer's drop shadow effect (`ty` 25) as lottie-web's SVG renderer draws it: a filter on the
/// layer's element, in the layer's coordinates, of its alpha blurred with standard deviation
/// `softness / 4`, moved by `distance` towards `direction − 90°` (degrees clockwise from up),
/// flooded with the colour at `opacity / 255`, merged beneath the layer. Cadence draws it as the
/// layer's scene group's shadow (``SceneGroup/shadow``), the offset and the blur moved into the
/// composition by the layer's matrix (the blur scaled by the square root of its determinant).
struct LottieDropShadow: Sendable {
    /// `ef[0]`: red, green, blue in `0...1`.
    var color: LottieProperty
    /// `ef[1]`: `0...255`.
    var opacity: LottieProperty
    /// `ef[2]`: degrees.
    var direction: LottieProperty
    /// `ef[3]`: in the layer's units.
    var distance: LottieProperty
    /// `ef[4]`: in the layer's units.
    var softness: LottieProperty

    /// The shadow at a layer's frame, for a layer of world matrix `m` (4×4, row vectors): its
    /// opacity, its radius (twice the standard deviation) and its offset, in the composition.
    func values(at frame: Double, offset: Double, matrix m: [Double]) -> (opacity: Double, radius: Double, dx: Double, dy: Double) {
        func scalar(_ property: LottieProperty) -> Double { property.value(at: frame, offset: offset).first ?? 0 }
        let angle = (scalar(direction) - 90) * Double.pi / 180, length = scalar(distance)
        let x = length * cos(angle), y = length * sin(angle)
        let scale = abs(m[0] * m[5] - m[1] * m[4]).squareRoot()
        let radius = max(scalar(softness), 0) / 4 * 2 * scale
        let opacity = scalar(self.opacity) / 255
        func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
        return (finite(min(max(opacity, 0), 1)), finite(radius), finite(x * m[0] + y * m[4]), finite(x * m[1] + y * m[5]))
    }

    /// The colour at a layer's frame.
    func color(at frame: Double, offset: Double) -> Color {
        let value = LottieAnimation.padded(color.value(at: frame, offset: offset), 3, 0)
        return Color(red: value[0], green: value[1], blue: value[2]).clamped()
    }
}

/// A layer's Gaussian blur effect (`ty` 29) as lottie-web's SVG renderer draws it: an
/// `feGaussianBlur` on the layer's element, in the layer's coordinates, of standard deviation
/// `blurriness × 0.3` (lottie-web's match for After Effects), across and down (`dimensions` 1),
/// across only (2) or down only (3). Cadence draws it as the layer's scene group's blur
/// (``SceneGroup/blurX``), scaled into the composition by the layer's matrix.
struct LottieBlur: Sendable {
    /// `ef[0]`.
    var blurriness: LottieProperty
    /// `ef[1]`.
    var dimensions: LottieProperty

    /// The standard deviations across and down at a layer's frame, for a layer of world matrix `m`.
    func values(at frame: Double, offset: Double, matrix m: [Double]) -> (x: Double, y: Double) {
        let sigma = max((blurriness.value(at: frame, offset: offset).first ?? 0) * 0.3, 0)
        let dimension = dimensions.value(at: frame, offset: offset).first ?? 1
        let scaleX = (m[0] * m[0] + m[1] * m[1]).squareRoot(), scaleY = (m[4] * m[4] + m[5] * m[5]).squareRoot()
        let x = dimension == 3 ? 0 : sigma * scaleX, y = dimension == 2 ? 0 : sigma * scaleY
        return (x.isFinite ? x : 0, y.isFinite ? y : 0)
    }
}
