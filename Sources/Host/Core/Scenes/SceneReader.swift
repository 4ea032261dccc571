import Timeline
import TimelinePlugins
import CadenceIO

/// Reads a document's `"scene"` object into a ``Scene``, collecting every error it finds, each
/// with its JSON path (`scene.layers[2].frame[3]`). The format is described in `Docs/Scenes.md`.
struct SceneReader: ErrorCollecting {
    var errors: [DocumentError] = []

    static let sceneKeys = ["size", "background", "layers", "groups"]
    static let groupKeys = ["name", "parent", "opacity", "blendMode", "matte", "isolated", "shadow", "shadowWithinBounds", "blur", "bind"]
    static let layerKeys = [
        "name", "shape", "frame", "cornerRadius", "path", "fillRule", "fill", "stroke", "strokeWidth",
        "lineCap", "lineJoin", "miterLimit", "dashes", "dashOffset", "opacity", "transform", "rotationY", "zIndex", "hidden", "mask", "shadow", "group", "bind",
    ]
    static let shapeNames = ["rect", "oval", "path"]

    /// Reads the scene at `cursor`; `nil` when there were errors.
    mutating package func read(_ cursor: JSONCursor) -> Scene? {
        guard attempt({ () throws(DocumentError) in _ = try cursor.object() }) != nil else { return nil }
        _ = attempt { () throws(DocumentError) in try cursor.checkKeys(Self.sceneKeys) }
        let size = attempt { () throws(DocumentError) -> Size in
            let numbers = try Self.numbers(try cursor.required("size"), count: 2, what: "[width, height]")
            let sizeCursor = cursor.child("size")!
            guard numbers[0] > 0, numbers[1] > 0 else {
                throw sizeCursor.error("width and height must be greater than 0")
            }
            return Size(width: numbers[0], height: numbers[1])
        }
        let background = attempt { () throws(DocumentError) in try cursor.child("background").map(Self.color) ?? .white }
        var layers: [SceneLayer] = []
        if let list = attempt({ () throws(DocumentError) in try cursor.required("layers").array() }) {
            var names: Set<String> = []
            for item in list {
                // Names are checked first, so that a duplicate is reported even when a layer is invalid.
                if case .string(let name)? = item.value["name"], !name.isEmpty, !names.insert(name).inserted {
                    record(item.child("name")!.error("duplicate layer name \"\(InputExcerpt.excerpt(name))\""))
                }
                if let layer = readLayer(item) { layers.append(layer) }
            }
        }
        var groups: [SceneGroup] = []
        if let list = attempt({ () throws(DocumentError) in try cursor.child("groups")?.array() ?? [] }) {
            for item in list {
                if let group = readGroup(item) { groups.append(group) }
            }
        }
        guard errors.isEmpty, let size, let background else { return nil }
        let scene = Scene(size: size, background: background, layers: layers, groups: groups)
        errors += scene.groupErrors()
        return errors.isEmpty ? scene : nil
    }

    /// Reads one of the scene's `"groups"`.
    private mutating func readGroup(_ cursor: JSONCursor) -> SceneGroup? {
        let before = errors.count
        guard attempt({ () throws(DocumentError) in _ = try cursor.object() }) != nil else { return nil }
        _ = attempt { () throws(DocumentError) in try cursor.checkKeys(Self.groupKeys) }
        let name = attempt { () throws(DocumentError) -> String in try cursor.required("name").string() }
        var group = SceneGroup(name: name ?? "")
        if let parent = cursor.child("parent") { group.parent = attempt { () throws(DocumentError) in try parent.string() } }
        if let opacity = cursor.child("opacity") { group.opacity = attempt { () throws(DocumentError) in try Self.unit(opacity) } ?? 1 }
        if let mode = cursor.child("blendMode") {
            group.blendMode = attempt { () throws(DocumentError) in try Self.named(mode, SceneGroup.BlendMode.self, what: "blend mode") } ?? .normal
        }
        if let matte = cursor.child("matte") {
            group.matte = attempt { () throws(DocumentError) -> SceneGroup.Matte in
                try matte.checkKeys(["group", "mode"])
                let source = try matte.required("group").string()
                let mode = try matte.child("mode").map { mode throws(DocumentError) in
                    try Self.named(mode, SceneGroup.MatteMode.self, what: "matte mode")
                }
                return SceneGroup.Matte(group: source, mode: mode ?? .alpha)
            }
        }
        if let isolated = cursor.child("isolated") { group.isolated = attempt { () throws(DocumentError) in try isolated.bool() } ?? false }
        if let shadow = cursor.child("shadow") { group.shadow = attempt { () throws(DocumentError) in try Self.shadow(shadow) } }
        if let blur = cursor.child("blur") {
            // A number for both directions, or [across, down].
            let values = attempt { () throws(DocumentError) -> [Double] in
                if case .number = blur.value { let value = try blur.nonNegativeNumber(); return [value, value] }
                let items = try blur.array()
                guard items.count == 2 else { throw blur.error("expected a number or [across, down]") }
                return [try items[0].nonNegativeNumber(), try items[1].nonNegativeNumber()]
            }
            if let values { (group.blurX, group.blurY) = (values[0], values[1]) }
        }
        if let within = cursor.child("shadowWithinBounds") {
            group.shadowWithinBounds = attempt { () throws(DocumentError) in try within.bool() } ?? false
        }
        if let bind = cursor.child("bind") {
            _ = attempt { () throws(DocumentError) in
                try bind.checkKeys(SceneGroup.Property.allCases.map(\.rawValue))
                for property in SceneGroup.Property.allCases {
                    guard let channel = bind.child(property.rawValue) else { continue }
                    let text = try channel.string()
                    guard !text.isEmpty else { throw channel.error("a channel name must not be empty") }
                    group.bind(property, to: text)
                }
            }
        }
        return errors.count == before ? group : nil
    }

    private mutating func readLayer(_ cursor: JSONCursor) -> SceneLayer? {
        let before = errors.count
        guard attempt({ () throws(DocumentError) in _ = try cursor.object() }) != nil else { return nil }
        _ = attempt { () throws(DocumentError) in try cursor.checkKeys(Self.layerKeys) }
        let name = attempt { () throws(DocumentError) -> String in
            let name = try cursor.required("name")
            let text = try name.string()
            guard !text.isEmpty else { throw name.error("a layer name must not be empty") }
            return text
        }
        let shapeName = attempt { () throws(DocumentError) -> String in
            let shape = try cursor.required("shape")
            let text = try shape.string()
            guard Self.shapeNames.contains(text) else {
                throw shape.error("unknown shape \"\(InputExcerpt.excerpt(text))\" (expected one of: \(Self.shapeNames.joined(separator: ", ")))")
            }
            return text
        }
        let shape = shapeName.flatMap { name in attempt { () throws(DocumentError) in try Self.shape(name, of: cursor) } }
        let frame = attempt { () throws(DocumentError) -> Rect? in
            guard let frame = cursor.child("frame") else {
                if let shapeName, shapeName != "path" { throw cursor.error("missing required key \"frame\" (a \(shapeName) needs [x, y, width, height])") }
                return nil
            }
            let numbers = try Self.numbers(frame, count: 4, what: "[x, y, width, height]")
            guard numbers[2] >= 0, numbers[3] >= 0 else { throw frame.error("width and height must not be negative") }
            return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        var box = (frame ?? nil) ?? .zero
        if frame == .some(nil), case .path(let path)? = shape { box = path.bounds }
        // The rest is read (and its errors reported) even when the name, shape or frame is wrong.
        var layer = SceneLayer(name: name ?? "", shape: shape ?? .oval, frame: box)
        readDetails(cursor, into: &layer)
        return errors.count == before ? layer : nil
    }

    /// Reads everything but the name, shape and frame.
    private mutating func readDetails(_ cursor: JSONCursor, into layer: inout SceneLayer) {
        if let fill = cursor.child("fill") {
            if case .object = fill.value, let image = fill.child("image") {
                layer.fillImage = attempt { () throws(DocumentError) in try Self.imageFill(fill, image: image) }
            } else if case .object = fill.value {
                layer.fillGradient = attempt { () throws(DocumentError) in try Self.gradient(fill) }
            } else {
                layer.fill = attempt { () throws(DocumentError) in try Self.optionalColor(fill) } ?? nil
            }
        }
        if let stroke = cursor.child("stroke") {
            if case .object = stroke.value {
                layer.strokeGradient = attempt { () throws(DocumentError) in try Self.gradient(stroke) }
            } else {
                layer.stroke = attempt { () throws(DocumentError) in try Self.optionalColor(stroke) } ?? nil
            }
        }
        if let width = cursor.child("strokeWidth") { layer.strokeWidth = attempt { () throws(DocumentError) in try width.nonNegativeNumber() } ?? 1 }
        if let cap = cursor.child("lineCap") {
            layer.lineCap = attempt { () throws(DocumentError) in try Self.named(cap, SceneLayer.LineCap.self, what: "line cap") } ?? .butt
        }
        if let join = cursor.child("lineJoin") {
            layer.lineJoin = attempt { () throws(DocumentError) in try Self.named(join, SceneLayer.LineJoin.self, what: "line join") } ?? .miter
        }
        if let limit = cursor.child("miterLimit") {
            layer.miterLimit = attempt { () throws(DocumentError) -> Double in
                let value = try limit.number()
                guard value >= 1 else { throw limit.error("a miter limit must be at least 1, found \(NumberFormat.string(value))") }
                return value
            } ?? 4
        }
        if let dashes = cursor.child("dashes") {
            layer.dashes = attempt { () throws(DocumentError) -> [Double] in
                var lengths: [Double] = []
                for item in try dashes.array() { lengths.append(try item.nonNegativeNumber()) }
                guard lengths.isEmpty || lengths.reduce(0, +) > 0 else { throw dashes.error("dashes must not all be 0 (give [] for a solid stroke)") }
                return lengths
            } ?? []
        }
        if let offset = cursor.child("dashOffset") { layer.dashOffset = attempt { () throws(DocumentError) in try offset.number() } ?? 0 }
        if let opacity = cursor.child("opacity") { layer.opacity = attempt { () throws(DocumentError) in try Self.unit(opacity) } ?? 1 }
        if let transform = cursor.child("transform") {
            layer.transform = attempt { () throws(DocumentError) in try Self.transform(transform) } ?? .identity
        }
        if let angle = cursor.child("rotationY") { layer.rotationY = attempt { () throws(DocumentError) in try angle.number() } ?? 0 }
        if let zIndex = cursor.child("zIndex") { layer.zIndex = attempt { () throws(DocumentError) in try zIndex.number() } ?? 0 }
        if let hidden = cursor.child("hidden") { layer.isHidden = attempt { () throws(DocumentError) in try hidden.bool() } ?? false }
        if let mask = cursor.child("mask") { layer.mask = attempt { () throws(DocumentError) in try Self.mask(mask) } }
        if let shadow = cursor.child("shadow") { layer.shadow = attempt { () throws(DocumentError) in try Self.shadow(shadow) } }
        if let group = cursor.child("group") { layer.group = attempt { () throws(DocumentError) in try group.string() } }
        if let bind = cursor.child("bind") { layer.bindings = readBindings(bind) }
    }

    /// One of an enumeration's names (its raw values), or an error naming `what` and listing them.
    private static func named<Value: RawRepresentable & CaseIterable>(
        _ cursor: JSONCursor, _: Value.Type, what: String
    ) throws(DocumentError) -> Value where Value.RawValue == String {
        let text = try cursor.string()
        guard let value = Value(rawValue: text) else {
            let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw cursor.error("unknown \(what) \"\(InputExcerpt.excerpt(text))\" (expected one of: \(names))")
        }
        return value
    }

    private mutating func readBindings(_ cursor: JSONCursor) -> [(property: SceneLayer.Property, channel: String)] {
        guard let members = attempt({ () throws(DocumentError) in try cursor.object() }) else { return [] }
        var bindings: [(property: SceneLayer.Property, channel: String)] = []
        for member in members {
            let child = cursor.child(member.key)!
            guard let property = SceneLayer.Property(rawValue: member.key) else {
                let accepted = SceneLayer.Property.allCases.map(\.rawValue).joined(separator: ", ")
                record(child.error("unknown property \"\(InputExcerpt.excerpt(member.key))\" (expected one of: \(accepted))"))
                continue
            }
            if let channel = attempt({ () throws(DocumentError) -> String in
                let text = try child.string()
                guard !text.isEmpty else { throw child.error("a channel name must not be empty") }
                return text
            }) {
                bindings.append((property, channel))
            }
        }
        return bindings
    }
}
