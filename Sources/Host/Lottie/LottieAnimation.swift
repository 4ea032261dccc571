import Timeline
import TimelinePlugins
public import CadenceIO

/// A Lottie (Bodymovin) animation's layers and their transforms, read from its JSON and evaluated
/// at any composition frame as lottie-web evaluates them (Docs/Lottie.md).
///
/// The reader takes the composition and its precompositions (`assets` with `layers`, placed by
/// precomposition layers with their own start time, stretch and time remapping), every layer type
/// as a transform (anchor, position or split position, scale, rotation or the 3D rotations and
/// orientation, opacity, skew and skew axis, auto-orient), parenting, and in and out points, with
/// keyframes (holds, per-dimension cubic easing, legacy end values, spatial tangents). Files that
/// use expressions are refused with the JSON path of the first one; so are precompositions that
/// contain themselves, references to missing assets, and files whose precompositions expand to
/// more than ``maximumLayerCount`` layers.
public struct LottieAnimation: Sendable {
    /// A layer's transform properties, in the file's units.
    struct Transform: Sendable {
        var anchor = LottieProperty(value: [0, 0, 0], keyframes: [])
        var position = LottieProperty(value: [0, 0, 0], keyframes: [])
        /// Split position (`"p": {"s": true, "x": …, "y": …, "z": …}`).
        var positionX: LottieProperty?
        var positionY: LottieProperty?
        var positionZ: LottieProperty?
        var scale = LottieProperty(value: [100, 100, 100], keyframes: [])
        var rotation = LottieProperty(value: [0], keyframes: [])
        /// The 3D rotations and orientation, used instead of `rotation` when the layer has `rx`
        /// (lottie-web's rule, whatever `ddd` says).
        var rotation3D: Rotation3D?
        var opacity = LottieProperty(value: [100], keyframes: [])
        var skew: LottieProperty?
        var skewAxis: LottieProperty?
        /// For a shape group that is a repeater's copy, the copy: its matrix and opacity come
        /// from the repeater (``LottieRepeater``), not from the properties above.
        var repeaterCopy: LottieRepeaterCopy?
        /// For a text layer's letter, the letter: its matrix and opacity come from its text
        /// (``LottieText``), not from the properties above.
        var textLetter: LottieTextLetter?
    }

    /// `rx`, `ry`, `rz` (degrees) and the orientation `or` (degrees, interpolated along the
    /// shortest rotation between keyframes).
    struct Rotation3D: Sendable {
        var x: LottieProperty
        var y: LottieProperty
        var z: LottieProperty
        var orientation: LottieProperty
    }

    /// One layer.
    struct Layer: Sendable {
        package var name: String?
        var index: Int?
        var type: Int
        var parent: Int?
        var inPoint: Double
        var outPoint: Double
        /// `st`: where the layer's own time starts, in its composition's frames.
        var startTime: Double
        /// `sr`: a precomposition's time stretch (lottie-web applies it to nothing else).
        var stretch: Double
        /// `ao`: the layer turns to follow its position's path.
        var autoOrient: Bool
        /// For a precomposition layer, the composition it places (an index in `compositions`).
        var composition: Int?
        /// `tm`: a precomposition's time remapping, in seconds.
        var timeRemap: LottieProperty?
        var transform: Transform
        /// `hd`: the layer is not drawn (its transform still parents others).
        var hidden = false
        /// `td`: the layer is another's track matte, not drawn itself.
        var matteSource = false
        /// What a shape or solid layer draws.
        var drawing = LottieDrawing()
    }

    /// The root composition (index 0) and the precompositions, each a list of layers.
    let compositions: [[Layer]]

    /// Frames per second.
    public let frameRate: Double
    /// The first frame.
    public let inPoint: Double
    /// The frame after the last.
    public let outPoint: Double
    /// The number of layers once every precomposition layer is expanded into its composition's
    /// layers (what a player builds), counting the precomposition layers themselves.
    public let layerCount: Int

    /// What the reader read past: a precomposition layer whose asset is missing (it is kept as a
    /// transform with no layers inside), each with its JSON path.
    public let warnings: [DocumentError]

    /// The file's name, for errors.
    public let file: String?
    /// The image files the animation names that cannot be read (each an error naming the image
    /// and its JSON path): its image layers draw nothing there. Rendering and importing refuse
    /// the file with the first (``requireImages()``).
    public let imageErrors: [DocumentError]

    /// Throws the first of ``imageErrors``, if any.
    public func requireImages() throws(DocumentErrors) {
        if !imageErrors.isEmpty { throw DocumentErrors(errors: imageErrors) }
    }
    /// The composition's width and height (`w`, `h`).
    public let width: Double, height: Double
    /// The file's markers (`markers`: `cm` names, `tm` frames), as names and seconds from `ip`.
    public let markers: [(name: String, time: Double)]

    /// What a drawing of the file leaves out, each feature once with where it is first used.
    let drawingNotes: LottieDrawing.Notes

    /// The deepest a precomposition may sit inside others (each level is a step of recursion).
    public static let maximumNesting = 100

    /// The most layers a file may expand to (a precomposition placed ten times inside one placed
    /// ten times, and so on, grows as a power).
    public static let maximumLayerCount = 200_000

    /// The most expressions listed one by one as warnings; past it, one warning counts the rest.
    public static let maximumExpressionWarnings = 100

    /// Reads an animation.
    ///
    /// - Parameters:
    ///   - text: The file's JSON. As in a browser, a key repeated in one object keeps its last value.
    ///   - file: Its name, for errors.
    ///   - expressions: What to do with expressions (a property's `"x"` text, which a browser runs
    ///     as JavaScript): refuse the file (the default), or use each property's static value
    ///     (``LottieExpressions/staticValues``), with a warning naming each.
    /// - Throws: ``DocumentErrors`` naming the JSON path of the first problem or unsupported feature.
    public init(parsing text: String, file: String? = nil, expressions: LottieExpressions = .refused) throws(DocumentErrors) {
        self.file = file
        func fail(_ error: DocumentError) -> DocumentErrors {
            var error = error
            error.file = file
            return DocumentErrors(errors: [error])
        }
        let root: JSONValue
        do { root = try JSONParser.parse(bytes: Array(text.utf8), duplicateKeys: .keepLast) } catch {
            throw fail(DocumentError(path: "$", message: "invalid JSON: \(error)"))
        }
        do throws(DocumentError) {
            let cursor = JSONCursor(root)
            _ = try cursor.object()
            var expressionWarnings: [DocumentError] = []
            var paths: [String] = []
            Self.expressions(in: root, path: "$", into: &paths)
            switch expressions {
            case .refused:
                if let path = paths.first {
                    throw DocumentError(
                        path: path,
                        message: "expressions are not supported (--expressions static, or expressions: .staticValues, draws each with its property's static value)")
                }
            case .staticValues:
                for path in paths.prefix(Self.maximumExpressionWarnings) {
                    expressionWarnings.append(DocumentError(path: path, message: "an expression: its property keeps its static value (\"k\")"))
                }
                if paths.count > Self.maximumExpressionWarnings {
                    expressionWarnings.append(DocumentError(
                        path: "$", message: "\(paths.count - Self.maximumExpressionWarnings) more expressions: their properties keep their static values"))
                }
            }
            frameRate = try Self.positive(try cursor.required("fr"))
            inPoint = try Self.finite(try cursor.required("ip"))
            outPoint = try Self.finite(try cursor.required("op"))
            guard outPoint > inPoint else { throw try cursor.required("op").error("op must be greater than ip") }
            width = try cursor.child("w").map(Self.positive) ?? 512
            height = try cursor.child("h").map(Self.positive) ?? 512
            var markers: [(name: String, time: Double)] = []
            if let list = cursor.child("markers"), case .array = list.value {
                for marker in try list.array() {
                    guard case .string(let name)? = marker.child("cm")?.value, let tm = marker.child("tm") else { continue }
                    markers.append((name, (try Self.finite(tm) - inPoint) / frameRate))
                }
            }
            self.markers = markers
            // Precompositions: assets with layers, found by id (the first with that id, as lottie-web).
            var assetOfID: [String: Int] = [:]
            var assets: [JSONCursor] = []
            if let list = cursor.child("assets") {
                for asset in try list.array() {
                    guard case .object = asset.value else { continue }
                    if let id = asset.child("id"), case .string(let name) = id.value, assetOfID[name] == nil {
                        assetOfID[name] = assets.count
                        assets.append(asset)
                    } else {
                        assets.append(asset)
                    }
                }
            }
            var glyphsShown = true
            if case .string(let version)? = cursor.child("v")?.value {
                // lottie-web's checkVersion: the parts compared as numbers, from the first.
                let parts = version.split(separator: ".").map { Double($0) ?? .nan }
                for (part, minimum) in zip(parts, [4.0, 7, 99]) where part != minimum && !part.isNaN {
                    glyphsShown = !(minimum > part)
                    break
                }
            }
            var reader = Reader(
                assets: assets, assetOfID: assetOfID, slots: cursor.child("slots"), canvasWidth: width, canvasHeight: height,
                fonts: cursor.child("fonts"), chars: try cursor.child("chars").map { chars throws(DocumentError) in try chars.array() },
                glyphsShown: glyphsShown,
                directory: file.map { path in path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "." }.map { $0.isEmpty ? "/" : $0 })
            _ = try reader.composition(layers: try cursor.required("layers"), asset: nil)
            var notes = reader.drawingNotes
            if let path = Self.firstKeyframeWithoutEasing(in: root, path: "$") {
                notes.add(
                    "keyframes without easing (\"i\" or \"o\" null) are eased linearly (lottie-web fails on them and draws the property's placeholder)",
                    at: path)
            }
            var read = reader.compositions
            LottieClipping.resolveMattes(&read, notes: &notes)
            compositions = read
            layerCount = try reader.expandedCount(of: 0, cursor: cursor)
            drawingNotes = notes
            imageErrors = reader.imageErrors.map { error in
                var error = error
                error.file = file
                return error
            }
            warnings = (expressionWarnings + reader.warnings).map { warning in
                var warning = warning
                warning.file = file
                return warning
            }
        } catch {
            throw fail(error)
        }
    }

    /// The JSON path of the first keyframe that eases to the next (not a hold, not the last) with
    /// `"i"` or `"o"` written as `null`, in document order: lottie-web reads `o.x` of it and fails.
    static func firstKeyframeWithoutEasing(in value: JSONValue, path: String) -> String? {
        switch value {
        case .object(let members):
            if let k = members.first(where: { $0.key == "k" }), case .array(let items) = k.value, items.count > 1 {
                for (index, item) in items.dropLast().enumerated() {
                    guard case .object(let keyframe) = item, keyframe.contains(where: { $0.key == "t" }) else { continue }
                    let hold = keyframe.first { $0.key == "h" }.map { $0.value == .number(1) || $0.value == .bool(true) } ?? false
                    let missing = keyframe.contains { ($0.key == "i" || $0.key == "o") && $0.value == .null }
                    if missing && !hold { return (path == "$" ? "k" : path + ".k") + "[\(index)]" }
                }
            }
            for member in members {
                if let found = firstKeyframeWithoutEasing(in: member.value, path: path == "$" ? member.key : path + "." + member.key) { return found }
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = firstKeyframeWithoutEasing(in: item, path: "\(path)[\(index)]") { return found }
            }
        default: break
        }
        return nil
    }

    /// The JSON paths of every expression (a property's `"x"` text) in a file, in document order.
    static func expressions(in value: JSONValue, path: String, into paths: inout [String]) {
        switch value {
        case .object(let members):
            if members.contains(where: { $0.key == "k" }), let x = members.first(where: { $0.key == "x" }), case .string = x.value {
                paths.append(path == "$" ? "x" : path + ".x")
            }
            for member in members {
                expressions(in: member.value, path: path == "$" ? member.key : path + "." + member.key, into: &paths)
            }
        case .array(let items):
            for (index, item) in items.enumerated() { expressions(in: item, path: "\(path)[\(index)]", into: &paths) }
        default: break
        }
    }

    /// Reads compositions depth first, so that a precomposition that contains itself is found.
    struct Reader {
        let assets: [JSONCursor]
        let assetOfID: [String: Int]
        /// The file's slots (`"slots": {"id": {"p": property}}`), which replace the members of a
        /// property that names one with `"sid"`.
        let slots: JSONCursor?
        /// The root composition's size (a smaller precomposition clips what it holds).
        let canvasWidth: Double, canvasHeight: Double
        /// The file's fonts (`fonts`) and glyphs (`chars`, `nil` when the file has none).
        let fonts: JSONCursor?
        let chars: [JSONCursor]?
        /// Whether lottie-web draws the glyphs (`chars`), their first groups scaled by the text's
        /// size: files from version 4.7.99 on (or without a version), where it adds them a
        /// transform and the frames they show at.
        let glyphsShown: Bool
        /// The folder of the file the animation is read from (image files are found there), or
        /// `nil` without a file name.
        let directory: String?
        /// The images that cannot be found.
        var imageErrors: [DocumentError] = []
        /// Each glyph's index in `chars` by its character, style and family, once read.
        var glyphIndex: [String: Int]?
        var warnings: [DocumentError] = []
        /// What a drawing of the file leaves out (masks, mattes, gradients, …), by feature.
        var drawingNotes = LottieDrawing.Notes()
        var compositions: [[Layer]] = []
        /// The composition read from each asset, once.
        var compositionOfAsset: [Int: Int] = [:]
        /// The assets being read, from the root down.
        var reading: [Int] = []
        /// Expanded layer counts, per composition.
        var counts: [Int: Int] = [:]

        mutating func composition(layers cursor: JSONCursor, asset: Int?) throws(DocumentError) -> Int {
            let position = compositions.count
            compositions.append([])
            if let asset {
                compositionOfAsset[asset] = position
                reading.append(asset)
            }
            var layers: [Layer] = []
            for item in try cursor.array() {
                var layer = try self.layer(item)
                layer.drawing = try drawing(of: item, type: layer.type)
                layer.hidden = try LottieAnimation.flag(item.child("hd"))
                layer.matteSource = try LottieAnimation.flag(item.child("td"))
                if layer.type == 0 {
                    layer.composition = try precomposition(of: item)
                }
                layers.append(layer)
            }
            Self.unparentDanglingChains(&layers)
            compositions[position] = layers
            if asset != nil { reading.removeLast() }
            return position
        }

        /// Unparents the layers whose parent chain, after a parent that exists, names one that does
        /// not, as lottie-web does: it sets a layer's hierarchy only when its chain ends at a layer
        /// without a parent, so such a layer moves alone (a layer whose own parent does not exist
        /// moves alone already).
        static func unparentDanglingChains(_ layers: inout [Layer]) {
            var positionOfIndex: [Int: Int] = [:]
            for (position, layer) in layers.enumerated() {
                if let index = layer.index, positionOfIndex[index] == nil { positionOfIndex[index] = position }
            }
            var dangling: [Int] = []
            for (position, layer) in layers.enumerated() {
                guard let first = layer.parent.flatMap({ positionOfIndex[$0] }) else { continue }
                var seen: Set<Int> = [position]
                var current = first
                while seen.insert(current).inserted, let parent = layers[current].parent {
                    guard let next = positionOfIndex[parent] else {
                        dangling.append(position)
                        break
                    }
                    current = next
                }
            }
            for position in dangling { layers[position].parent = nil }
        }

        mutating func precomposition(of layer: JSONCursor) throws(DocumentError) -> Int {
            let reference = try layer.required("refId")
            let id = try reference.string()
            guard let asset = assetOfID[id] else {
                // lottie-ios plays such a file with the layer empty; lottie-web does not load it.
                warnings.append(reference.error("no asset has the id \"\(InputExcerpt.excerpt(id))\": the precomposition is empty"))
                return try composition(layers: JSONCursor(.array([]), path: reference.path), asset: nil)
            }
            guard !reading.contains(asset) else {
                throw reference.error("the precomposition \"\(InputExcerpt.excerpt(id))\" contains itself")
            }
            guard reading.count < LottieAnimation.maximumNesting else {
                throw reference.error("precompositions nested more than \(LottieAnimation.maximumNesting) deep")
            }
            if let known = compositionOfAsset[asset] { return known }
            guard let layers = assets[asset].child("layers") else {
                throw reference.error("the asset \"\(InputExcerpt.excerpt(id))\" is not a precomposition (it has no layers)")
            }
            return try composition(layers: layers, asset: asset)
        }

        /// The layers a composition expands to, refusing more than the maximum.
        mutating func expandedCount(of composition: Int, cursor: JSONCursor) throws(DocumentError) -> Int {
            if let known = counts[composition] { return known }
            var total = 0
            for layer in compositions[composition] {
                total += 1
                if let inner = layer.composition { total += try expandedCount(of: inner, cursor: cursor) }
                guard total <= LottieAnimation.maximumLayerCount else {
                    // Say which: the layers themselves, or what the precompositions expand to.
                    let reason = compositions.count == 1
                        ? "the file has more than \(LottieAnimation.maximumLayerCount) layers"
                        : "the precompositions expand to more than \(LottieAnimation.maximumLayerCount) layers"
                    throw cursor.error(reason)
                }
            }
            counts[composition] = total
            return total
        }

        func layer(_ cursor: JSONCursor) throws(DocumentError) -> Layer {
            _ = try cursor.object()
            let type = try LottieAnimation.integer(try cursor.required("ty"))
            let transform = try cursor.child("ks").map(self.transform) ?? Transform()
            // lottie-web treats a missing or zero stretch as 1.
            let stretch = try cursor.child("sr").map(LottieAnimation.finite) ?? 1
            return Layer(
                name: try cursor.child("nm").map { cursor throws(DocumentError) in try cursor.string() },
                index: try cursor.child("ind").map { cursor throws(DocumentError) in try LottieAnimation.integer(cursor) },
                type: type,
                parent: try cursor.child("parent").map { cursor throws(DocumentError) in try LottieAnimation.integer(cursor) },
                // Telegram's stickers leave out "ip" (and "st"): from the start.
                inPoint: try cursor.child("ip").map(LottieAnimation.finite) ?? 0, outPoint: try LottieAnimation.finite(try cursor.required("op")),
                startTime: try cursor.child("st").map(LottieAnimation.finite) ?? 0, stretch: stretch == 0 ? 1 : stretch,
                autoOrient: try LottieAnimation.flag(cursor.child("ao")),
                composition: nil,
                timeRemap: type == 0 ? try cursor.child("tm").map(property) : nil,
                transform: transform)
        }

        /// A transform (`ks` of a layer, `tr` of a shape group): anchor, position or split
        /// position, scale, rotation or 3D rotations, opacity, skew.
        func transform(_ ks: JSONCursor) throws(DocumentError) -> Transform {
            var transform = Transform()
            _ = try ks.object()
            if let a = ks.child("a") { transform.anchor = try property(a, multidimensional: true) }
            if let p = ks.child("p") {
                if case .object = p.value, try LottieAnimation.flag(p.child("s")) {
                    transform.positionX = try property(try p.required("x"))
                    transform.positionY = try property(try p.required("y"))
                    transform.positionZ = try p.child("z").map(property)
                } else {
                    transform.position = try property(p, multidimensional: true)
                }
            }
            if let s = ks.child("s") { transform.scale = try property(s, multidimensional: true) }
            if let r = ks.child("r") { transform.rotation = try property(r) }
            if let rx = ks.child("rx") {
                let zero = LottieProperty(value: [0], keyframes: [])
                var orientation = try ks.child("or").map(property) ?? LottieProperty(value: [0, 0, 0], keyframes: [])
                // lottie-web drops an orientation's spatial tangents: it turns, it does not travel.
                for index in orientation.keyframes.indices {
                    orientation.keyframes[index].outTangent = nil
                    orientation.keyframes[index].inTangent = nil
                }
                orientation.sphericalInterpolation = true
                transform.rotation3D = Rotation3D(
                    x: try property(rx), y: try ks.child("ry").map(property) ?? zero,
                    z: try ks.child("rz").map(property) ?? zero, orientation: orientation)
            }
            if let o = ks.child("o") { transform.opacity = try property(o) }
            if let sk = ks.child("sk") {
                transform.skew = try property(sk)
                transform.skewAxis = try ks.child("sa").map(property) ?? LottieProperty(value: [0], keyframes: [])
            }
            return transform
        }

        /// `{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`.
        ///
        /// As lottie-web, the shape of `k` decides, not `a`: a number or an array of numbers is a
        /// static value, an array of objects is keyframes. A property with `"sid"` takes the
        /// members of that slot's `p` over its own.
        func property(_ cursor: JSONCursor, multidimensional: Bool) throws(DocumentError) -> LottieProperty {
            var property = try self.property(cursor)
            if multidimensional { property.straightenCollinearTangents() }
            return property
        }

        func property(_ cursor: JSONCursor) throws(DocumentError) -> LottieProperty {
            try property(cursor, shape: false)
        }

        /// A shape path's property (`ks` of a `sh` item): its vertices, in and out tangents as one
        /// list of numbers (``LottieAnimation/shapeNumbers(_:)``), keyframes eased by one curve
        /// (lottie-web's). Keyframes with different numbers of vertices are noted: a segment has
        /// its start's vertices, and those its end lacks stay still.
        mutating func shapeProperty(_ cursor: JSONCursor) throws(DocumentError) -> LottieProperty {
            var property = try self.property(cursor, shape: true)
            let k = try cursor.required("k")
            var counts: Set<Int> = []
            for index in property.keyframes.indices {
                property.keyframes[index].easing = Array(property.keyframes[index].easing.prefix(1))
                for value in [property.keyframes[index].start, property.keyframes[index].end] { value.map { _ = counts.insert($0.count) } }
            }
            if counts.count > 1 { drawingNotes.add("shapes whose keyframes have different numbers of vertices are drawn with the vertices of each segment's start", at: k.path) }
            return property
        }

        private func property(_ cursor: JSONCursor, shape: Bool) throws(DocumentError) -> LottieProperty {
            var cursor = cursor
            let members = try cursor.object()
            if let sid = cursor.child("sid"), case .string(let name) = sid.value,
               let slot = slots?.child(name)?.child("p"), case .object(let replacements) = slot.value {
                var merged = members
                for replacement in replacements {
                    if let place = merged.firstIndex(where: { $0.key == replacement.key }) {
                        merged[place].value = replacement.value
                    } else {
                        merged.append(replacement)
                    }
                }
                cursor = JSONCursor(.object(merged), path: slot.path)
            }
            let k = try cursor.required("k")
            let readValue = shape ? LottieAnimation.shapeNumbers : LottieAnimation.numbers
            if shape, case .object = k.value { return LottieProperty(value: try LottieAnimation.shapeNumbers(k), keyframes: []) }
            switch k.value {
            case _ where shape:
                guard case .array(let items) = k.value, case .object? = items.first else {
                    throw k.error("expected a shape ({\"v\": …, \"i\": …, \"o\": …}) or keyframes, found \(k.value.typeName)")
                }
            case .number:
                var property = LottieProperty(value: [try LottieAnimation.finite(k)], keyframes: [])
                property.isArray = false
                return property
            case .array(let items):
                guard let first = items.first else { throw k.error("a value needs at least one number") }
                if case .number = first { return LottieProperty(value: try LottieAnimation.numbers(k), keyframes: []) }
            default:
                throw k.error("expected a number, an array of numbers or keyframes, found \(k.value.typeName)")
            }
            var keyframes: [LottieProperty.Keyframe] = []
            for item in try k.array() {
                _ = try item.object()
                let time = try LottieAnimation.finite(try item.required("t"))
                if let previous = keyframes.last, time < previous.time {
                    throw item.child("t")!.error("keyframe times must not decrease (\(time) after \(previous.time))")
                }
                var keyframe = LottieProperty.Keyframe(
                    time: time, start: try item.child("s").map(readValue), end: try item.child("e").map(readValue),
                    hold: try LottieAnimation.flag(item.child("h")),
                    easing: [], handles: [],
                    outTangent: try LottieAnimation.tangent(item.child("to")), inTangent: try LottieAnimation.tangent(item.child("ti")))
                if keyframe.start?.isEmpty == true { throw item.child("s")!.error("a keyframe value needs at least one number") }
                // Handles written as null are none (lottie-ios reads such keyframes as linear).
                if let o = item.child("o"), let i = item.child("i"), o.value != .null, i.value != .null {
                    let ox = try LottieAnimation.numbers(try o.required("x")), oy = try LottieAnimation.numbers(try o.required("y"))
                    let ix = try LottieAnimation.numbers(try i.required("x")), iy = try LottieAnimation.numbers(try i.required("y"))
                    guard !ox.isEmpty, !oy.isEmpty, !ix.isEmpty, !iy.isEmpty else {
                        throw item.error("an easing handle (\"o\" and \"i\", \"x\" and \"y\") needs at least one number")
                    }
                    func raw(_ cursor: JSONCursor, _ values: [Double]) -> LottieProperty.RawNumber {
                        if case .array = cursor.value { return LottieProperty.RawNumber(values: values, isArray: true) }
                        return LottieProperty.RawNumber(values: values, isArray: false)
                    }
                    var name: String?
                    if let n = item.child("n"), case .string(let text) = n.value { name = text }
                    keyframe.raw = LottieProperty.RawEasing(
                        outX: raw(try o.required("x"), ox), outY: raw(try o.required("y"), oy),
                        inX: raw(try i.required("x"), ix), inY: raw(try i.required("y"), iy), name: name)
                    let count = max(ox.count, oy.count, ix.count, iy.count)
                    keyframe.handles = (0..<count).map { d in
                        func pick(_ values: [Double]) -> Double { d < values.count ? values[d] : values[0] }
                        return LottieProperty.Handles(x1: pick(ox), y1: pick(oy), x2: pick(ix), y2: pick(iy))
                    }
                    keyframe.easing = keyframe.handles.map { handles in
                        // lottie-web's BezierEasing: x outside 0...1 is not meaningful (clamped here),
                        // and a curve with x1 = y1 and x2 = y2 is the identity, exactly.
                        let x1 = min(max(handles.x1, 0), 1), x2 = min(max(handles.x2, 0), 1)
                        if x1 == handles.y1, x2 == handles.y2 { return nil }
                        return try? CubicBezierTiming(x1, handles.y1, x2, handles.y2)
                    }
                }
                keyframes.append(keyframe)
            }
            guard !keyframes.isEmpty else { throw k.error("an animated property needs at least one keyframe") }
            try LottieAnimation.checkSpatialCurves(keyframes, k)
            try LottieAnimation.checkSpans(keyframes, k)
            guard keyframes.contains(where: { $0.start != nil }) else {
                throw k.error("an animated property needs a keyframe with a value (\"s\")")
            }
            return LottieProperty(value: keyframes.first { $0.start != nil }!.start!, keyframes: keyframes)
        }
    }

    static func finite(_ cursor: JSONCursor) throws(DocumentError) -> Double {
        let value = try cursor.number()
        guard value.isFinite else { throw cursor.error("expected a finite number") }
        return value
    }

    /// A whole number that fits an `Int` exactly (`ty`, `ind`, `parent`).
    static func integer(_ cursor: JSONCursor) throws(DocumentError) -> Int {
        let value = try finite(cursor)
        guard value == value.rounded(), abs(value) <= 9_007_199_254_740_992 else {
            throw cursor.error("expected a whole number, found \(value)")
        }
        return Int(value)
    }

    private static func positive(_ cursor: JSONCursor) throws(DocumentError) -> Double {
        let value = try finite(cursor)
        guard value > 0 else { throw cursor.error("expected a number greater than 0") }
        return value
    }

    /// A flag written as 0/1 or false/true.
    static func flag(_ cursor: JSONCursor?) throws(DocumentError) -> Bool {
        guard let cursor else { return false }
        switch cursor.value {
        case .bool(let value): return value
        case .number(let value): return value != 0
        default: throw cursor.error("expected 0 or 1, found \(cursor.value.typeName)")
        }
    }

    /// A number or an array of numbers.
    static func numbers(_ cursor: JSONCursor) throws(DocumentError) -> [Double] {
        switch cursor.value {
        case .number: return [try finite(cursor)]
        case .array: return try cursor.array().map { item throws(DocumentError) in try finite(item) }
        default: throw cursor.error("expected a number or an array of numbers, found \(cursor.value.typeName)")
        }
    }

    /// A shape (`{"c": closed, "v": vertices, "i": in tangents, "o": out tangents}`, or a keyframe's
    /// one-element array of it) as numbers: each vertex's x, y, in tangent x, y, out tangent x, y.
    static func shapeNumbers(_ cursor: JSONCursor) throws(DocumentError) -> [Double] {
        var cursor = cursor
        if case .array = cursor.value {
            guard let first = try cursor.array().first else { throw cursor.error("a shape keyframe needs a shape") }
            cursor = first
        }
        _ = try cursor.object()
        func points(_ key: String) throws(DocumentError) -> [Double] {
            guard let list = cursor.child(key) else { return [] }
            var numbers: [Double] = []
            for point in try list.array() {
                let pair = try LottieAnimation.numbers(point)
                guard pair.count >= 2 else { throw point.error("a point needs two numbers, found \(pair.count)") }
                numbers += pair.prefix(2)
            }
            return numbers
        }
        let vertices = try points("v"), into = try points("i"), out = try points("o")
        for (key, list) in [("i", into), ("o", out)] where list.count != vertices.count {
            throw (cursor.child(key) ?? cursor).error(
                "\"\(key)\" has \(list.count / 2) points for \(vertices.count / 2) vertices; a shape needs one tangent per vertex")
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(vertices.count * 3)
        for vertex in stride(from: 0, to: vertices.count, by: 2) {
            numbers += [vertices[vertex], vertices[vertex + 1], into[vertex], into[vertex + 1], out[vertex], out[vertex + 1]]
        }
        return numbers
    }

    /// A spatial tangent (`to`, `ti`): numbers, or `null` for none.
    static func tangent(_ cursor: JSONCursor?) throws(DocumentError) -> [Double]? {
        guard let cursor else { return nil }
        if case .null = cursor.value { return nil }
        return try numbers(cursor)
    }

    /// Refuses keyframes whose values are too far apart to interpolate: a value goes from its
    /// start by the difference to the next keyframe's, which must be a finite number (from 1e308 to
    /// −1e308 it is not, and every frame between would be NaN: `null` in JSON).
    static func checkSpans(_ keyframes: [LottieProperty.Keyframe], _ k: JSONCursor) throws(DocumentError) {
        for index in keyframes.indices.dropLast() {
            guard let start = keyframes[index].start else { continue }
            let end = keyframes[index + 1].start ?? keyframes[index].end ?? start
            for (from, to) in zip(start, end) where !(to - from).isFinite {
                throw JSONCursor(k.value, path: "\(k.path)[\(index)]").error(
                    "its value goes from \(NumberFormat.string(from)) to \(NumberFormat.string(to)) by the next keyframe: too far apart to interpolate (the difference overflows)")
            }
        }
    }

    /// Refuses spatial curves too large to measure: a position walks its curve by arc length, and
    /// where the control points lie more than about 10^153 apart, the speed's square overflows and
    /// no length can be found (a length of infinity, then NaN, would never meet its tolerance).
    ///
    /// - Parameters:
    ///   - keyframes: The property's keyframes, as read.
    ///   - k: Their JSON (`k`), for the error's path.
    static func checkSpatialCurves(_ keyframes: [LottieProperty.Keyframe], _ k: JSONCursor) throws(DocumentError) {
        for index in keyframes.indices.dropLast() {
            let key = keyframes[index]
            guard let out = key.outTangent, let start = key.start else { continue }
            let end = keyframes[index + 1].start ?? key.end ?? start
            let curve = SpatialCurve(start: start, end: end, outTangent: out, inTangent: key.inTangent ?? [])
            let scale = ArcLength.scale(curve.p0, curve.p1, curve.p2, curve.p3)
            // The speed's square is at most 27 scale² (three dimensions, a derivative of 3 × scale).
            guard (27 * scale * scale).isFinite else {
                throw JSONCursor(k.value, path: "\(k.path)[\(index)]").error(
                    "its spatial tangents (\"to\", \"ti\") put the curve's control points \(NumberFormat.string(scale)) apart: too far to measure its length (at most about 1e153)")
            }
        }
    }
}

/// What reading a Lottie file does with expressions: JavaScript in a property's `"x"`, which a
/// browser runs every frame and Cadence does not.
public enum LottieExpressions: Sendable, Hashable {
    /// The file is refused, naming the first expression's JSON path (`cadence`'s default).
    case refused
    /// Each property with an expression keeps its static value (`"k"`: its value or keyframes),
    /// with a warning naming its JSON path (`cadence … --expressions static`). An expression that
    /// only copies or wiggles a value draws close to what a browser shows; one that computes the
    /// motion does not move.
    case staticValues
}
