import CadenceIO
import CadenceHostCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Timeline
import TimelinePlugins

/// What a shape or solid layer draws: its paints (fills and strokes), back to front, each with the
/// outlines it paints and the groups around it.
///
/// Read as lottie-web reads a layer's `shapes`: a group's items from last to first, where a fill or
/// stroke paints every path, rectangle and ellipse before it in its group, nested groups included,
/// and an item earlier in the list is drawn above a later one. A path is moved by the transforms of
/// every group around it; a paint's opacity is multiplied by its groups' opacities.
struct LottieDrawing: Sendable {
    /// An outline's geometry, in the coordinates of its innermost group.
    enum Geometry: Sendable {
        /// A path (`sh`): its vertices and tangents as ``LottieAnimation/shapeNumbers(_:)`` lays
        /// them out.
        case path(LottieProperty, closed: Bool)
        /// A rectangle (`rc`) by its centre, size and corner roundness.
        case rectangle(center: LottieProperty, size: LottieProperty, roundness: LottieProperty, reversed: Bool)
        /// An ellipse (`el`) by its centre and size.
        case ellipse(center: LottieProperty, size: LottieProperty, reversed: Bool)
        /// A star or polygon (`sr`, `sy` 1 or 2): centre, points, rotation (degrees), outer and
        /// inner radius, outer and inner roundness (percent).
        case polystar(Polystar)
        /// A solid layer's box, from the origin.
        case box(width: Double, height: Double)
    }

    /// A star's or polygon's properties.
    struct Polystar: Sendable {
        var isStar: Bool
        var center: LottieProperty
        var points: LottieProperty
        var rotation: LottieProperty
        var outerRadius: LottieProperty
        var innerRadius: LottieProperty
        var outerRoundness: LottieProperty
        var innerRoundness: LottieProperty
        var reversed: Bool
    }

    /// One outline and the transforms of the groups around it, innermost first.
    struct Outline: Sendable {
        var geometry: Geometry
        var transforms: [LottieAnimation.Transform]
        /// Its number in the layer (``LottieDrawing/geometries``), by which modifiers reach it.
        var id = 0
    }

    /// A fill (`fl`) or a stroke (`st`).
    struct Paint: Sendable {
        /// The stroke's width (`w`), or `nil` for a fill.
        var strokeWidth: LottieProperty?
        /// A fill's rule: `r` 2 is even-odd, anything else non-zero.
        var evenOdd: Bool
        /// The colour's red, green and blue (and alpha when given), in the file's range; for a
        /// gradient, its stops (offset, red, green, blue for each).
        var color: LottieProperty
        /// For a gradient fill or stroke (`gf`, `gs`), the gradient that paints it.
        var gradient: LottieGradient?
        /// What turns the file's colour numbers into `0...1`: 1, or 1/255 for a colour written in
        /// `0...255` (some exporters write those; a component above 1 tells).
        var colorScale: Double
        /// The opacity, `0...100`.
        var opacity: LottieProperty
        /// The transforms of the groups around the paint, whose opacities multiply its own.
        var groups: [LottieAnimation.Transform]
        /// A stroke's caps (`lc`: 1 butt, 2 round, 3 square; lottie-web's default round).
        var lineCap: SceneLayer.LineCap = .round
        /// A stroke's joins (`lj`: 1 miter, 2 round, 3 bevel; lottie-web's default round).
        var lineJoin: SceneLayer.LineJoin = .round
        /// A mitred stroke's limit (`ml`, read for `lj` 1 only, as lottie-web; 4 otherwise).
        var miterLimit: Double = 4
        /// A dashed stroke's dash and gap lengths (`d` entries `d` and `g`, in order), in the
        /// stroke's units; empty for a solid stroke.
        var dashes: [LottieProperty] = []
        /// A dashed stroke's offset (the `d` entry `o`).
        var dashOffset: LottieProperty?
        /// The paint's blend mode (`bm`: 1 to 15, CSS `mix-blend-mode`'s order), 0 for normal.
        var blendMode = 0
        /// For an image layer's paint, its bitmap, which fills its box.
        var image: LottieImage?
        /// For a text letter's paint whose colour or stroke width an animator changes, the letter
        /// (``LottieText/state(document:letter:at:offset:)`` gives them).
        var textLetter: LottieTextLetter?
        /// What it paints.
        var outlines: [Outline] = []
    }

    /// What a drawing leaves out or approximates, each once with where it is first found and how often.
    struct Notes: Sendable {
        private(set) var entries: [(feature: String, path: String, count: Int)] = []

        /// Records a use of `feature` at `path`.
        mutating func add(_ feature: String, at path: String) {
            if let index = entries.firstIndex(where: { $0.feature == feature }) {
                entries[index].count += 1
            } else {
                entries.append((feature, path, 1))
            }
        }

        /// One warning per feature.
        func warnings(file: String?) -> [DocumentError] {
            entries.map { entry in
                let more = entry.count > 1 ? " (and \(entry.count - 1) more)" : ""
                return DocumentError(file: file, path: entry.path, message: "\(entry.feature)\(more)")
            }
        }
    }

    /// Back to front.
    var paints: [Paint] = []
    /// The layer's mask when it is one that Cadence draws (``LottieMask``): it clips every paint
    /// of the layer, and of the layers a precomposition holds.
    var mask: LottieMask?
    /// The layer's track matte (`tt`) as read: its mode, the `ind` of its matte layer (`tp`) and
    /// where it is; ``LottieClipping/resolveMattes(_:notes:)`` decides whether it is drawn.
    var matteRequest: (mode: Double, parent: Int?, jsonPath: String)?
    /// The layer's track matte when Cadence draws it (``LottieMatte``).
    var matte: LottieMatte?
    /// The layer's drop shadow effect (`ef` of `ty` 25, alone among the effects lottie-web draws).
    var dropShadow: LottieDropShadow?
    /// The layer's Gaussian blur effect (`ef` of `ty` 29, alone among the effects lottie-web draws).
    var blur: LottieBlur?
    /// The layer's masks when they are drawn composited (several, or modes a clip cannot draw).
    var compositedMask: LottieCompositedMask?
    /// The layer's blend mode (`bm`: 1 to 15 in CSS `mix-blend-mode`'s order), 0 for normal (and
    /// for numbers lottie-web does not know, which it draws normally).
    var blendMode = 0
    /// A precomposition layer's size (`w`, `h`), to which lottie-web clips what it shows.
    var clipSize: (width: Double, height: Double)?
    /// Every outline of the layer, by ``Outline/id``.
    var geometries: [Geometry] = []
    /// The layer's shape modifiers (trims, rounded corners), in the order lottie-web reads them (the
    /// last in the file first); applied from the last of them to the first.
    var modifiers: [LottieModifier] = []

    /// Every outline's sub-paths at a frame after the layer's modifiers, by ``Outline/id``.
    func modifiedOutlines(at frame: Double, offset: Double) -> [[LottieTrim.ShapePath]] {
        var paths = geometries.map { geometry -> [LottieTrim.ShapePath] in
            let (numbers, closed) = Self.vertices(of: geometry, at: frame, offset: offset)
            return [LottieTrim.ShapePath(relative: numbers, closed: closed)]
        }
        for modifier in modifiers.reversed() { modifier.apply(to: &paths, at: frame, offset: offset) }
        return paths
    }

    /// A group transform's opacity at a frame, `0...1` before clamping (a repeater copy's from
    /// its repeater).
    static func opacity(of transform: LottieAnimation.Transform, at frame: Double, offset: Double) -> Double {
        if let copy = transform.repeaterCopy { return copy.repeater.opacity(ofCopy: copy.position, at: frame, offset: offset) }
        if let letter = transform.textLetter { return letter.opacity(at: frame, offset: offset) }
        return (transform.opacity.value(at: frame, offset: offset).first ?? 100) / 100
    }

    /// The cubic-curve constant lottie-web draws ellipses and rounded corners with.
    static let circleConstant = 0.5519

    /// An outline's vertices at a frame, in its innermost group's coordinates: each vertex's x, y,
    /// in tangent x, y and out tangent x, y (tangents relative to the vertex), and whether it closes.
    static func vertices(of geometry: Geometry, at frame: Double, offset: Double) -> (numbers: [Double], closed: Bool) {
        func pair(_ property: LottieProperty) -> (Double, Double) {
            let value = property.value(at: frame, offset: offset)
            return (value.first ?? 0, value.count > 1 ? value[1] : value.first ?? 0)
        }
        switch geometry {
        case .path(let property, let closed):
            return (property.value(at: frame, offset: offset), closed)
        case .polystar(let star):
            return (polystar(star, at: frame, offset: offset), true)
        case .box(let width, let height):
            return ([0, 0, 0, 0, 0, 0, width, 0, 0, 0, 0, 0, width, height, 0, 0, 0, 0, 0, height, 0, 0, 0, 0], true)
        case .ellipse(let center, let size, let reversed):
            let (x, y) = pair(center), (width, height) = pair(size)
            let rx = width / 2, ry = height / 2, kx = rx * circleConstant, ky = ry * circleConstant
            // Clockwise (on screen, y down) from the top, as lottie-web.
            let numbers = [
                x, y - ry, -kx, 0, kx, 0,
                x + rx, y, 0, -ky, 0, ky,
                x, y + ry, kx, 0, -kx, 0,
                x - rx, y, 0, ky, 0, -ky,
            ]
            return (reversed ? reverse(numbers, keepingFirst: true) : numbers, true)
        case .rectangle(let center, let size, let roundness, let reversed):
            let (x, y) = pair(center), (width, height) = pair(size)
            let halfWidth = width / 2, halfHeight = height / 2
            let round = max(0, min(halfWidth, halfHeight, roundness.value(at: frame, offset: offset).first ?? 0))
            let left = x - halfWidth, right = x + halfWidth, top = y - halfHeight, bottom = y + halfHeight
            var numbers: [Double]
            if round == 0 {
                numbers = [right, top, 0, 0, 0, 0, right, bottom, 0, 0, 0, 0, left, bottom, 0, 0, 0, 0, left, top, 0, 0, 0, 0]
            } else {
                // Each corner a quarter circle: handles `round × 0.5519` long from the points where
                // it meets the sides.
                let h = round * circleConstant
                numbers = [
                    right, top + round, 0, -h, 0, 0,
                    right, bottom - round, 0, 0, 0, h,
                    right - round, bottom, h, 0, 0, 0,
                    left + round, bottom, 0, 0, -h, 0,
                    left, bottom - round, 0, h, 0, 0,
                    left, top + round, 0, 0, 0, -h,
                    left + round, top, -h, 0, 0, 0,
                    right - round, top, 0, 0, h, 0,
                ]
            }
            return (reversed ? reverse(numbers, keepingFirst: true) : numbers, true)
        }
    }

    /// A star's or polygon's vertices as lottie-web makes them: points around the centre from the
    /// top (turned by the rotation), alternating outer and inner radius for a star, each with
    /// tangents along the circle, `2πr / (4n)` times the roundness long (`n` the points).
    static func polystar(_ star: Polystar, at frame: Double, offset: Double) -> [Double] {
        func scalar(_ property: LottieProperty) -> Double { property.value(at: frame, offset: offset).first ?? 0 }
        let center = star.center.value(at: frame, offset: offset)
        let cx = center.first ?? 0, cy = center.count > 1 ? center[1] : 0
        let points = scalar(star.points).rounded(.down)
        guard points.isFinite, points >= 1, points <= 10_000 else { return [] }
        let count = Int(points) * (star.isStar ? 2 : 1)
        let direction: Double = star.reversed ? -1 : 1
        let step = 2 * Double.pi / Double(count)
        var angle = -Double.pi / 2 + scalar(star.rotation) * Double.pi / 180
        var numbers: [Double] = []
        numbers.reserveCapacity(count * 6)
        for index in 0..<count {
            let outer = !star.isStar || index % 2 == 0
            let radius = scalar(outer ? star.outerRadius : star.innerRadius)
            let roundness = scalar(outer ? star.outerRoundness : star.innerRoundness) / 100
            let segment = 2 * Double.pi * radius / Double(count * (star.isStar ? 2 : 4))
            let x = radius * cos(angle), y = radius * sin(angle)
            let length = (x * x + y * y).squareRoot()
            let tx = length == 0 ? 0 : y / length, ty = length == 0 ? 0 : -x / length
            let handle = segment * roundness * direction
            numbers += [cx + x, cy + y, tx * handle, ty * handle, -tx * handle, -ty * handle]
            angle += step * direction
        }
        return numbers
    }

    /// The same outline the other way round: vertices in reverse order, in and out tangents swapped.
    ///
    /// - Parameter keepingFirst: Whether the first vertex stays first (the others reversed after
    ///   it), as lottie-web starts a rectangle or an ellipse drawn the other way: where the outline
    ///   starts matters to a trim.
    static func reverse(_ numbers: [Double], keepingFirst: Bool = false) -> [Double] {
        var reversed: [Double] = []
        reversed.reserveCapacity(numbers.count)
        func add(_ vertex: Int) {
            reversed += [numbers[vertex], numbers[vertex + 1], numbers[vertex + 4], numbers[vertex + 5], numbers[vertex + 2], numbers[vertex + 3]]
        }
        if keepingFirst && numbers.count >= 6 { add(0) }
        for vertex in stride(from: numbers.count - 6, through: keepingFirst ? 6 : 0, by: -6) { add(vertex) }
        return reversed
    }

    /// A group transform's matrix at a frame (4×4, row vectors, as a layer's): translate(−a),
    /// scale, skew, rotate, translate(p), in the plane.
    static func matrix(of transform: LottieAnimation.Transform, at frame: Double, offset: Double) -> [Double] {
        typealias A = LottieAnimation
        if let copy = transform.repeaterCopy { return copy.repeater.matrix(ofCopy: copy.position, at: frame, offset: offset) }
        if let letter = transform.textLetter { return letter.matrix(at: frame, offset: offset) }
        func value(_ property: LottieProperty) -> [Double] { property.value(at: frame, offset: offset) }
        func scalar(_ property: LottieProperty) -> Double { value(property).first ?? 0 }
        let degrees = Double.pi / 180
        let anchor = A.padded(value(transform.anchor), 2, 0)
        var position = A.padded(value(transform.position), 2, 0)
        if let x = transform.positionX, let y = transform.positionY { position = [scalar(x), scalar(y)] }
        let scale = A.padded(value(transform.scale).map { $0 / 100 }, 2, 1)
        var m = A.translation(-anchor[0], -anchor[1], 0)
        m = A.multiply(m, A.scaling(scale[0], scale[1], 1))
        if let skew = transform.skew.map({ scalar($0) * degrees }) {
            let axis = (transform.skewAxis.map(scalar) ?? 0) * degrees
            m = A.multiply(m, A.rotationZ(-axis))
            m = A.multiply(m, [1, 0, 0, 0, tan(-skew), 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
            m = A.multiply(m, A.rotationZ(axis))
        }
        let rotation = transform.rotation3D.map { scalar($0.z) } ?? scalar(transform.rotation)
        m = A.multiply(m, A.rotationZ(-rotation * degrees))
        return A.multiply(m, A.translation(position[0], position[1], 0))
    }

    /// Appends an outline to a path after a matrix (4×4, row vectors; only its plane is used):
    /// straight sides as lines, bent ones as cubic curves. An outline with a coordinate that is
    /// not finite is left out.
    ///
    /// - Parameter rounded: Coordinates to a thousandth (what an import writes).
    static func append(_ numbers: [Double], closed: Bool, matrix m: [Double], rounded: Bool, to path: inout Path) {
        guard numbers.count >= 6 else { return }
        func point(_ x: Double, _ y: Double) -> Point {
            let px = x * m[0] + y * m[4] + m[12], py = x * m[1] + y * m[5] + m[13]
            return rounded ? Point(x: round(px), y: round(py)) : Point(x: px, y: py)
        }
        var outline = Path()
        func side(from a: Int, to b: Int) throws(PathError) {
            let outX = numbers[a + 4], outY = numbers[a + 5], inX = numbers[b + 2], inY = numbers[b + 3]
            if outX == 0, outY == 0, inX == 0, inY == 0 {
                try outline.addLine(to: point(numbers[b], numbers[b + 1]))
            } else {
                try outline.addCurve(
                    to: point(numbers[b], numbers[b + 1]), control1: point(numbers[a] + outX, numbers[a + 1] + outY),
                    control2: point(numbers[b] + inX, numbers[b + 1] + inY))
            }
        }
        do throws(PathError) {
            try outline.move(to: point(numbers[0], numbers[1]))
            for vertex in stride(from: 6, to: numbers.count, by: 6) { try side(from: vertex - 6, to: vertex) }
            if closed {
                // A straight closing side is the close itself.
                let last = numbers.count - 6
                if numbers[last + 4] != 0 || numbers[last + 5] != 0 || numbers[2] != 0 || numbers[3] != 0 { try side(from: last, to: 0) }
                outline.closeSubpath()
            }
        } catch {
            return
        }
        path.addPath(outline)
    }

    /// A coordinate to a thousandth (no `-0`).
    static func round(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000 + 0
    }
}

extension LottieDrawing.Paint {
    /// A paint's colour at a frame, red, green and blue in `0...1`: its colour, or its gradient's
    /// mean stop colour.
    func colorComponents(at frame: Double, offset: Double) -> [Double] {
        if let letter = textLetter {
            let state = letter.text.state(document: letter.document, letter: letter.letter, at: frame, offset: offset)
            if let animated = strokeWidth == nil ? state.fill : state.stroke { return animated }
        }
        let numbers = color.value(at: frame, offset: offset)
        var rgb = [0.0, 0, 0]
        if let stops = gradient?.colorStops {
            let used = min(stops, numbers.count / 4)
            guard used > 0 else { return rgb }
            for stop in 0..<used {
                for channel in 0..<3 { rgb[channel] += numbers[stop * 4 + 1 + channel] / Double(used) }
            }
        } else {
            for channel in 0..<min(3, numbers.count) { rgb[channel] = numbers[channel] * colorScale }
        }
        return rgb.map { $0.isFinite ? min(max($0, 0), 1) : 0 }
    }
}

extension LottieAnimation.Reader {
    /// What a layer draws: a shape layer's `shapes`, a solid layer's box, an image layer's bitmap
    /// (``LottieImage``), a text layer's letters (``LottieText``), with its masks, matte request,
    /// effects and blend mode; what it cannot draw is noted.
    mutating func drawing(of layer: JSONCursor, type: Int) throws(DocumentError) -> LottieDrawing {
        var drawing = LottieDrawing()
        if let masks = layer.child("masksProperties"), case .array(let items) = masks.value, !items.isEmpty {
            switch try drawnMask(masks, layerType: type) {
            case .drawn(let mask): drawing.mask = mask
            case .composited(let masks): drawing.compositedMask = masks
            case .none: break
            case .notDrawn:
                drawingNotes.add("masks are not drawn: the masked layer is drawn whole, also where its mask hides it", at: masks.path)
            }
        }
        if let matte = layer.child("tt"), case .number(let mode) = matte.value, mode != 0 {
            let parent = try layer.child("tp").map(LottieAnimation.finite).flatMap { Int(exactly: $0) }
            drawing.matteRequest = (mode, parent, matte.path)
        }
        if let effects = layer.child("ef"), case .array = effects.value {
            let drawn = try effects.array().filter { Self.drawnEffectTypes.contains(Self.effectType($0.value)) }
            if drawn.count == 1, Self.effectType(drawn[0].value) == 29, [0, 1, 2, 4, 5].contains(type), let blur = try blur(drawn[0]) {
                drawing.blur = blur
                if type == 0 {
                    // lottie-web clips a precomposition after its filter; Cadence clips its layers before.
                    drawingNotes.add("blurred precompositions are clipped to their size before the blur (lottie-web clips after it)", at: drawn[0].path)
                }
            } else if drawn.count == 1, Self.effectType(drawn[0].value) == 25, [0, 1, 2, 4, 5].contains(type), let shadow = try dropShadow(drawn[0]) {
                drawing.dropShadow = shadow
                if !shadow.color.keyframes.isEmpty {
                    drawingNotes.add("drop shadows whose colour changes are drawn in their first colour", at: drawn[0].path)
                }
            } else if !drawn.isEmpty {
                drawingNotes.add("effects are not drawn: the layer is drawn as if it had none", at: effects.path)
            }
        }
        drawing.blendMode = Self.blendMode(layer.child("bm"))
        // 3D layers are drawn flat, their rotations about x and y projected straight onto the
        // plane, as lottie-web's SVG renderer draws them (it takes the 2D part of the matrix);
        // a camera it refuses, and Cadence names.
        if type == 13 {
            drawingNotes.add("cameras are not applied: 3D layers are drawn flat, without perspective (lottie-web's SVG renderer refuses cameras)", at: layer.path)
        }
        if type == 0, let w = layer.child("w"), let h = layer.child("h"), case .number(let width) = w.value, case .number(let height) = h.value,
           width.isFinite, height.isFinite {
            // lottie-web clips every precomposition layer to (0, 0, w, h) in its own coordinates.
            drawing.clipSize = (max(width, 0), max(height, 0))
        }
        switch type {
        case 1:
            let color = try layer.required("sc")
            if try color.string().isEmpty {
                // rlottie's test files have solids with an empty colour: nothing to draw.
                drawingNotes.add("solid layers without a colour are not drawn", at: color.path)
                return drawing
            }
            guard let parsed = try? Color(hex: try color.string()) else {
                throw color.error("expected a colour \"#RRGGBB\", found \(InputExcerpt.excerpt(try color.string()))")
            }
            let width = try LottieAnimation.finite(try layer.required("sw")), height = try LottieAnimation.finite(try layer.required("sh"))
            var paint = LottieDrawing.Paint(
                strokeWidth: nil, evenOdd: false, color: LottieProperty(value: [parsed.red, parsed.green, parsed.blue], keyframes: []),
                colorScale: 1, opacity: LottieProperty(value: [100 * parsed.alpha], keyframes: []), groups: [])
            paint.outlines = [LottieDrawing.Outline(geometry: .box(width: width, height: height), transforms: [])]
            drawing.paints = [paint]
        case 2:
            if let paint = try imagePaint(of: layer) { drawing.paints = [paint] }
        case 5: try readText(of: layer, into: &drawing)
        case 4:
            if let shapes = layer.child("shapes") {
                try readItems(try shapes.array(), transforms: [], open: [], modifiers: [], into: &drawing, depth: 0)
            }
        default: break
        }
        drawing.paints.removeAll { $0.outlines.isEmpty }
        return drawing
    }

    /// What a layer's masks come to.
    private enum MaskReading {
        /// None that lottie-web draws (every one of mode `n`).
        case none
        /// One that Cadence draws.
        case drawn(LottieMask)
        /// Several, or one of a mode a clip cannot draw: composited (``LottieCompositedMask``).
        case composited(LottieCompositedMask)
        /// Masks Cadence does not draw.
        case notDrawn
    }

    /// A layer's masks when Cadence draws them (``LottieMask``): one mask besides those of mode
    /// `n`, mode `a` or `i` (inverted or not) or `s` (not inverted), any opacity, no
    /// expansion, on a precomposition (0), solid (1) or shape (4) layer.
    private mutating func drawnMask(_ masks: JSONCursor, layerType: Int) throws(DocumentError) -> MaskReading {
        var shown: [(cursor: JSONCursor, mode: String)] = []
        for item in try masks.array() {
            let mode = try item.child("mode").map { cursor throws(DocumentError) in try cursor.string() } ?? "a"
            if mode != "n" { shown.append((item, mode)) }
        }
        guard !shown.isEmpty else { return .none }
        guard [0, 1, 2, 4, 5].contains(layerType) else { return .notDrawn }
        guard shown.count == 1, let (mask, modeName) = shown.first else { return try compositedMask(shown, masks) }
        let inverted = try LottieAnimation.flag(mask.child("inv"))
        let mode: LottieMask.Mode
        switch (modeName, inverted) {
        case ("a", false), ("i", false): mode = .add
        case ("a", true), ("i", true): mode = .inverted
        case ("s", false): mode = .subtract
        default: return try compositedMask(shown, masks)
        }
        func constant(_ key: String, _ fallback: Double) throws(DocumentError) -> Double? {
            guard let cursor = mask.child(key) else { return fallback }
            let value = try property(cursor)
            return value.keyframes.isEmpty ? value.value.first ?? fallback : nil
        }
        let opacity = try mask.child("o").map(property) ?? LottieProperty(value: [100], keyframes: [])
        guard try constant("x", 0) == 0, let shape = mask.child("pt") else { return .notDrawn }
        let path = try shapeProperty(shape)
        let values = path.keyframes.isEmpty ? [path.value] : path.keyframes.flatMap { [$0.start, $0.end].compactMap { $0 } }
        let convex = mode == .add && values.allSatisfy(LottieMask.isConvexPolygon)
        // A precomposition's mask of another shape is composited, so that it holds over the
        // masks and mattes of the layers inside it.
        if layerType == 0 && !convex { return try compositedMask(shown, masks) }
        return .drawn(LottieMask(
            path: path, closed: try Self.closed(shape), mode: mode, opacity: opacity, isConvexPolygon: convex, jsonPath: masks.path))
    }

    /// Masks drawn as lottie-web's luminance mask (``LottieCompositedMask``): every one not
    /// expanded (`x` 0) and with a path; else not drawn.
    private mutating func compositedMask(
        _ shown: [(cursor: JSONCursor, mode: String)], _ masks: JSONCursor
    ) throws(DocumentError) -> MaskReading {
        var items: [LottieCompositedMask.Item] = []
        for (mask, mode) in shown {
            if let expansion = mask.child("x") {
                let value = try property(expansion)
                guard value.keyframes.isEmpty, value.value.first ?? 0 == 0 else { return .notDrawn }
            }
            guard let shape = mask.child("pt") else { return .notDrawn }
            let operation: LottieCompositedMask.Operation = mode == "s" ? .subtract : mode == "i" ? .intersect : .add
            items.append(LottieCompositedMask.Item(
                path: try shapeProperty(shape), closed: try Self.closed(shape), inverted: try LottieAnimation.flag(mask.child("inv")),
                operation: operation, opacity: try mask.child("o").map(property) ?? LottieProperty(value: [100], keyframes: [])))
        }
        return .composited(LottieCompositedMask(items: items, jsonPath: masks.path))
    }

    /// A group's items, last to first: a paint starts painting what comes before it; an outline is
    /// painted by every paint open at that point.
    private mutating func readItems(
        _ items: [JSONCursor], transforms: [LottieAnimation.Transform], open: [Int], modifiers: [Int], into drawing: inout LottieDrawing,
        depth: Int
    ) throws(DocumentError) {
        var open = open, modifiers = modifiers
        for position in items.indices.reversed() {
            let item = items[position]
            guard case .object = item.value else { continue }
            if try LottieAnimation.flag(item.child("hd")) { continue }
            let type = try item.child("ty").map { cursor throws(DocumentError) in try cursor.string() } ?? ""
            switch type {
            case "fl", "st", "gf", "gs":
                let isGradient = type == "gf" || type == "gs"
                var gradient: LottieGradient?
                let colorProperty: LottieProperty
                if isGradient {
                    let read = try LottieGradient(item: item) { cursor throws(DocumentError) in try property(cursor) }
                    gradient = read
                    colorProperty = read.numbers
                } else {
                    colorProperty = try property(try item.required("c"))
                }
                var paint = LottieDrawing.Paint(
                    strokeWidth: type == "st" || type == "gs" ? try item.child("w").map(property) ?? LottieProperty(value: [1], keyframes: []) : nil,
                    evenOdd: try item.child("r").map(LottieAnimation.finite) == 2,
                    color: colorProperty, gradient: gradient, colorScale: isGradient ? 1 : Self.colorScale(of: colorProperty),
                    opacity: try item.child("o").map(property) ?? LottieProperty(value: [100], keyframes: []),
                    groups: transforms)
                paint.blendMode = Self.blendMode(item.child("bm"))
                if paint.strokeWidth != nil {
                    // As lottie-web writes them: `lc`/`lj` missing or 0 is round, an unknown number
                    // an attribute SVG ignores (its default, butt or miter); `ml` only with `lj` 1.
                    let cap = try item.child("lc").map(LottieAnimation.finite) ?? 0
                    let join = try item.child("lj").map(LottieAnimation.finite) ?? 0
                    paint.lineCap = cap == 0 || cap == 2 ? .round : cap == 3 ? .square : .butt
                    paint.lineJoin = join == 0 || join == 2 ? .round : join == 3 ? .bevel : .miter
                    if join == 1, let limit = try item.child("ml").map(LottieAnimation.finite), limit >= 1 { paint.miterLimit = limit }
                    // Dashes as lottie-web writes them: stroke-dasharray the `d` and `g` values in
                    // order, stroke-dashoffset the `o` value.
                    for entry in try item.child("d").map({ cursor throws(DocumentError) in try cursor.array() }) ?? [] {
                        let kind = try entry.child("n").map { cursor throws(DocumentError) in try cursor.string() } ?? "d"
                        let value = try property(try entry.required("v"))
                        if kind == "o" { paint.dashOffset = value } else { paint.dashes.append(value) }
                    }
                }
                open.append(drawing.paints.count)
                drawing.paints.append(paint)
            case "sh", "rc", "el", "sr":
                let geometry: LottieDrawing.Geometry
                let direction = try item.child("d").map(LottieAnimation.finite)
                let reversed = direction == 3
                func zero() -> LottieProperty { LottieProperty(value: [0], keyframes: []) }
                switch type {
                case "sr":
                    let isStar = try item.child("sy").map(LottieAnimation.finite) != 2
                    geometry = .polystar(LottieDrawing.Polystar(
                        isStar: isStar, center: try property(try item.required("p")), points: try property(try item.required("pt")),
                        rotation: try item.child("r").map(property) ?? zero(), outerRadius: try property(try item.required("or")),
                        innerRadius: isStar ? try property(try item.required("ir")) : zero(),
                        outerRoundness: try item.child("os").map(property) ?? zero(),
                        innerRoundness: try item.child("is").map(property) ?? zero(), reversed: reversed))
                case "sh":
                    let ks = try item.required("ks")
                    geometry = .path(try shapeProperty(ks), closed: try Self.closed(ks))
                case "rc":
                    // lottie-web draws a rectangle clockwise only for "d" 1 or 2.
                    geometry = .rectangle(
                        center: try property(try item.required("p")), size: try property(try item.required("s")),
                        roundness: try item.child("r").map(property) ?? zero(), reversed: direction != 1 && direction != 2)
                default:
                    geometry = .ellipse(center: try property(try item.required("p")), size: try property(try item.required("s")), reversed: reversed)
                }
                let outline = LottieDrawing.Outline(geometry: geometry, transforms: transforms, id: drawing.geometries.count)
                drawing.geometries.append(geometry)
                for modifier in modifiers { drawing.modifiers[modifier].reach(outline.id) }
                for paint in open { drawing.paints[paint].outlines.append(outline) }
            case "gr":
                guard depth < LottieAnimation.maximumNesting else { throw item.error("shape groups nested more than \(LottieAnimation.maximumNesting) deep") }
                let inner = try item.child("it").map { cursor throws(DocumentError) in try cursor.array() } ?? []
                let own = try inner.last { $0.child("ty")?.value == .string("tr") }.map(transform)
                try readItems(
                    inner, transforms: own.map { [$0] + transforms } ?? transforms, open: open, modifiers: modifiers, into: &drawing,
                    depth: depth + 1)
            case "tr": break
            case "tm":
                // It reaches the outlines read after it (before it in the file) until its group ends.
                modifiers.append(drawing.modifiers.count)
                drawing.modifiers.append(.trim(LottieTrim(
                    start: try item.child("s").map(property) ?? LottieProperty(value: [0], keyframes: []),
                    end: try item.child("e").map(property) ?? LottieProperty(value: [100], keyframes: []),
                    offset: try item.child("o").map(property) ?? LottieProperty(value: [0], keyframes: []),
                    individually: try item.child("m").map(LottieAnimation.finite) == 2)))
            case "rp":
                let repeater = try self.repeater(item)
                guard repeater.mostCopies <= LottieRepeater.mostSteps else {
                    drawingNotes.add("repeaters of more than 1,000 copies are not applied (one copy is drawn)", at: item.path)
                    continue
                }
                // The items before it, once per copy, each copy a group of its own (the last on the
                // bottom); the originals are not drawn.
                let before = Array(items[..<position])
                if before.contains(where: { $0.child("ty")?.value == .string("rp") }) {
                    // lottie-web's cloning draws more copies than the nesting gives.
                    drawingNotes.add("groups with more than one repeater are drawn as nested copies (lottie-web draws more)", at: item.path)
                }
                for copy in stride(from: Int(max(repeater.mostCopies, 0)) - 1, through: 0, by: -1) {
                    var transform = LottieAnimation.Transform()
                    transform.repeaterCopy = LottieRepeaterCopy(repeater: repeater, position: copy)
                    guard depth < LottieAnimation.maximumNesting else { throw item.error("shape groups nested more than \(LottieAnimation.maximumNesting) deep") }
                    try readItems(before, transforms: [transform] + transforms, open: open, modifiers: modifiers, into: &drawing, depth: depth + 1)
                }
                return
            case "rd":
                modifiers.append(drawing.modifiers.count)
                drawing.modifiers.append(.roundCorners(LottieRoundCorners(
                    radius: try item.child("r").map(property) ?? LottieProperty(value: [0], keyframes: []))))
            case "mm":
                // lottie-web 5.13 has no merge: it draws each path as it is, and so does Cadence.
                break
            case "pb":
                modifiers.append(drawing.modifiers.count)
                drawing.modifiers.append(.puckerBloat(LottiePuckerBloat(
                    amount: try item.child("a").map(property) ?? LottieProperty(value: [0], keyframes: []))))
            case "zz":
                modifiers.append(drawing.modifiers.count)
                drawing.modifiers.append(.zigZag(LottieZigZag(
                    amplitude: try item.child("s").map(property) ?? LottieProperty(value: [0], keyframes: []),
                    frequency: try item.child("r").map(property) ?? LottieProperty(value: [0], keyframes: []),
                    pointType: try item.child("pt").map(property) ?? LottieProperty(value: [1], keyframes: []))))
            case "op":
                drawingNotes.add("shape items of type \"op\" are not applied", at: item.path)
            default:
                // lottie-web's searchShapes passes over a type it does not know, and so does Cadence.
                break
            }
        }
    }

    /// A drop shadow effect's properties (`ef` 0 to 4: colour, opacity, direction, distance,
    /// softness), or `nil` when one is missing.
    private mutating func dropShadow(_ effect: JSONCursor) throws(DocumentError) -> LottieDropShadow? {
        guard let values = effect.child("ef"), case .array = values.value else { return nil }
        let items = try values.array()
        guard items.count >= 5 else { return nil }
        var properties: [LottieProperty] = []
        for item in items.prefix(5) {
            guard let value = item.child("v") else { return nil }
            properties.append(try property(value))
        }
        return LottieDropShadow(
            color: properties[0], opacity: properties[1], direction: properties[2], distance: properties[3], softness: properties[4])
    }

    /// A Gaussian blur effect's properties (`ef` 0 and 1: blurriness, dimensions), or `nil` when
    /// one is missing.
    private mutating func blur(_ effect: JSONCursor) throws(DocumentError) -> LottieBlur? {
        guard let values = effect.child("ef"), case .array = values.value else { return nil }
        let items = try values.array()
        guard items.count >= 2, let blurriness = items[0].child("v"), let dimensions = items[1].child("v") else { return nil }
        return LottieBlur(blurriness: try property(blurriness), dimensions: try property(dimensions))
    }

    /// A repeater's properties (`c`, `o`, `m`, `tr` with `so` and `eo`).
    private mutating func repeater(_ item: JSONCursor) throws(DocumentError) -> LottieRepeater {
        let tr = item.child("tr")
        let t = try tr.map(transform) ?? LottieAnimation.Transform()
        return LottieRepeater(
            copies: try item.child("c").map(property) ?? LottieProperty(value: [1], keyframes: []),
            offset: try item.child("o").map(property) ?? LottieProperty(value: [0], keyframes: []),
            fromTheTop: try item.child("m").map(LottieAnimation.finite) == 1,
            anchor: t.anchor, position: t.position, positionX: t.positionX, positionY: t.positionY, scale: t.scale, rotation: t.rotation,
            startOpacity: try tr?.child("so").map(property) ?? LottieProperty(value: [100], keyframes: []),
            endOpacity: try tr?.child("eo").map(property) ?? LottieProperty(value: [100], keyframes: []))
    }

    /// Whether a shape property's path closes: its static shape's `c`, or its first keyframe's.
    private static func closed(_ ks: JSONCursor) throws(DocumentError) -> Bool {
        guard var shape = ks.child("k") else { return false }
        if case .array = shape.value {
            // Keyframes: the first one's shape, in a one-element array.
            guard let first = try shape.array().first, let start = first.child("s") ?? first.child("e") else { return false }
            shape = start
            if case .array = shape.value, let inner = try shape.array().first { shape = inner }
        }
        return try LottieAnimation.flag(shape.child("c"))
    }

    /// 1/255 when any red, green or blue number of a colour (static, or any keyframe's) is above
    /// 1, for files written in `0...255`; 1 otherwise.
    private static func colorScale(of property: LottieProperty) -> Double {
        var values = [property.value]
        for keyframe in property.keyframes {
            values += [keyframe.start, keyframe.end].compactMap { $0 }
        }
        return values.contains { $0.prefix(3).contains { $0 > 1 } } ? 1.0 / 255 : 1
    }
}

extension LottieDrawing {
    /// The most vertices one frame of the drawing paints: each paint's outlines at their largest
    /// keyframe (an outline painted by two paints counts twice).
    var mostVertices: Double {
        // A trim cuts a sub-path into at most two and adds at most two vertices to each: after
        // `n` trims an outline of `v` vertices has at most `n + 1` sub-paths and `v + (n + 1)²`
        // vertices or so, `2(n + 1)²` more is a bound; rounding corners at most doubles them.
        var trims = [Double](repeating: 0, count: geometries.count), roundings = trims, growth = [Double](repeating: 1, count: geometries.count)
        for modifier in modifiers {
            for id in modifier.outlines {
                switch modifier {
                case .trim: trims[id] += 1
                case .roundCorners: roundings[id] += 1
                case .puckerBloat: break
                // Each side gains its points, and the first vertex comes again: at most (n + 2)×.
                case .zigZag(let deformer): growth[id] *= deformer.mostPointsPerSide + 2
                }
            }
        }
        return paints.reduce(0) { sum, paint in
            paint.outlines.reduce(sum) { total, outline in
                let trimmed = outline.id < trims.count ? trims[outline.id] : 0
                let rounded = outline.id < roundings.count ? roundings[outline.id] : 0
                let base = Self.mostVertices(of: outline.geometry) + (trimmed > 0 ? 2 * (trimmed + 1) * (trimmed + 1) : 0)
                return total + base * pow(2, rounded) * (outline.id < growth.count ? growth[outline.id] : 1)
            }
        }
    }

    /// An outline's most vertices at any frame.
    static func mostVertices(of geometry: Geometry) -> Double {
        /// Every value a property takes at a keyframe (a value between two keyframes lies between them).
        func values(_ property: LottieProperty) -> [[Double]] {
            [property.value] + property.keyframes.flatMap { [$0.start, $0.end].compactMap { $0 } }
        }
        switch geometry {
        case .path(let property, _):
            return Double(values(property).map { ($0.count + 5) / 6 }.max() ?? 0)
        case .polystar(let star):
            // As `polystar(_:at:offset:)`: the points rounded down, 1 to 10,000 drawn.
            let points = values(star.points).map { value -> Double in
                guard let first = value.first, first.isFinite else { return 0 }
                return min(max(first.rounded(.down), 0), 10_000)
            }.max() ?? 0
            return points * (star.isStar ? 2 : 1)
        case .rectangle: return 8
        case .ellipse, .box: return 4
        }
    }
}

extension LottieAnimation {
    /// The most path vertices one frame of the animation draws: every fill's and stroke's outlines
    /// (a paint draws every outline before it in its group) at their largest keyframes, in every
    /// placement of every precomposition, hidden layers included.
    ///
    /// An upper bound, to judge what drawing or importing a file costs before doing it: a few
    /// hundred bytes of Lottie can draw a 10,000-point star in each of forty fills, 16 million
    /// vertices a frame. (`Int.max` where the count does not fit.)
    public var mostVerticesPerFrame: Int {
        var counts: [Double?] = Array(repeating: nil, count: compositions.count)
        func count(_ composition: Int) -> Double {
            if let known = counts[composition] { return known }
            let total = compositions[composition].reduce(0.0) { sum, layer in
                sum + layer.drawing.mostVertices + (layer.composition.map(count) ?? 0)
            }
            counts[composition] = total
            return total
        }
        let total = count(0)
        return total < 0x1p63 ? Int(total) : .max
    }
}

extension LottieAnimation.Reader {
    /// A `bm` as lottie-web reads it: 1 to 15 are CSS `mix-blend-mode`'s modes after normal; any
    /// other value (0, an unknown number, not a number) is normal.
    static func blendMode(_ cursor: JSONCursor?) -> Int {
        guard let cursor, case .number(let value) = cursor.value, let mode = Int(exactly: value), (1...15).contains(mode) else { return 0 }
        return mode
    }
}

extension LottieAnimation.Reader {
    /// The effect types (`ef[i].ty`) lottie-web's SVG renderer draws: tint 20, fill 21, stroke 22,
    /// tritone 23, levels 24, drop shadow 25, set matte 28, Gaussian blur 29, transform 35. It
    /// draws a layer with effects of other types (expression controls, 5, and effects it does not
    /// know) as if it had none, as Cadence does.
    static let drawnEffectTypes: Set<Int> = [20, 21, 22, 23, 24, 25, 28, 29, 35]

    /// An effect's `ty`, or -1 when it has none that is a whole number.
    static func effectType(_ effect: JSONValue) -> Int {
        guard case .object(let members) = effect, let type = members.first(where: { $0.key == "ty" }),
            case .number(let value) = type.value, let whole = Int(exactly: value)
        else { return -1 }
        return whole
    }
}
