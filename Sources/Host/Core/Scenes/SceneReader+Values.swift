import Timeline
import TimelinePlugins
import CadenceIO

/// The typed values of a scene: numbers, colours, paths, shapes, transforms, masks and shadows.
extension SceneReader {
    static let transformKeys = ["translation", "rotation", "scale", "skew"]
    static let maskKeys = ["path", "fillRule", "opacity"]
    static let shadowKeys = ["color", "opacity", "radius", "offset", "path"]
    static let fillRuleNames = ["nonzero", "evenodd"]

    /// An array of exactly `count` numbers.
    static func numbers(_ cursor: JSONCursor, count: Int, what: String) throws(DocumentError) -> [Double] {
        guard case .array(let elements) = cursor.value else {
            throw cursor.error("expected \(what), found \(cursor.value.typeName)")
        }
        guard elements.count == count else {
            throw cursor.error("expected \(what): \(count) numbers, found \(elements.count)")
        }
        var numbers: [Double] = []
        for element in try cursor.array() { numbers.append(try element.number()) }
        return numbers
    }

    /// A number in `0...1`.
    static func unit(_ cursor: JSONCursor) throws(DocumentError) -> Double {
        let number = try cursor.number()
        guard (0...1).contains(number) else { throw cursor.error("must be between 0 and 1, got \(NumberFormat.string(number))") }
        return number
    }

    /// A colour `"#RRGGBB"` or `"#RRGGBBAA"`.
    static func color(_ cursor: JSONCursor) throws(DocumentError) -> Color {
        let text = try cursor.string()
        guard text.hasPrefix("#"), text.count == 7 || text.count == 9 else {
            throw cursor.error("expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", got \"\(InputExcerpt.excerpt(text))\"")
        }
        do { return try Color(hex: text) } catch { throw cursor.error("invalid colour: \(error)") }
    }

    /// A colour, or `"none"` for none.
    static func optionalColor(_ cursor: JSONCursor) throws(DocumentError) -> Color? {
        if case .string("none") = cursor.value { return nil }
        return try color(cursor)
    }

    /// `"nonzero"` or `"evenodd"`.
    static func fillRule(_ cursor: JSONCursor) throws(DocumentError) -> FillRule {
        switch try cursor.string() {
        case "nonzero": return .nonZero
        case "evenodd": return .evenOdd
        case let other:
            throw cursor.error("unknown fill rule \"\(InputExcerpt.excerpt(other))\" (expected one of: \(fillRuleNames.joined(separator: ", ")))")
        }
    }

    /// SVG path data.
    static func path(_ cursor: JSONCursor, fillRule: FillRule = .nonZero) throws(DocumentError) -> Path {
        let text = try cursor.string()
        do {
            return try Path(svgPathData: text, fillRule: fillRule)
        } catch {
            throw cursor.error("invalid path data at offset \(error.offset): \(error.reason)")
        }
    }

    /// The layer's outline, with the keys that belong to one shape only checked against it.
    static func shape(_ name: String, of layer: JSONCursor) throws(DocumentError) -> SceneLayer.Shape {
        if name != "rect", let radius = layer.child("cornerRadius") {
            throw radius.error("\"cornerRadius\" applies to shape \"rect\" only (this layer is \"\(InputExcerpt.excerpt(name))\")")
        }
        if name != "path" {
            for key in ["path", "fillRule"] {
                if let child = layer.child(key) { throw child.error("\"\(key)\" applies to shape \"path\" only (this layer is \"\(InputExcerpt.excerpt(name))\")") }
            }
        }
        switch name {
        case "rect":
            return .rectangle(cornerRadius: try layer.child("cornerRadius")?.nonNegativeNumber() ?? 0)
        case "oval":
            return .oval
        default:
            let rule = try layer.child("fillRule").map(fillRule) ?? .nonZero
            guard let data = layer.child("path") else {
                throw layer.error("missing required key \"path\" (a path layer needs SVG path data)")
            }
            return .path(try path(data, fillRule: rule))
        }
    }

    /// `{"translation": [x, y], "rotation": radians, "scale": s or [sx, sy], "skew": k}`.
    static func transform(_ cursor: JSONCursor) throws(DocumentError) -> Transform2D {
        _ = try cursor.object()
        try cursor.checkKeys(transformKeys)
        var transform = Transform2D.identity
        if let translation = cursor.child("translation") {
            let numbers = try numbers(translation, count: 2, what: "[x, y]")
            transform.translation = Point(x: numbers[0], y: numbers[1])
        }
        if let rotation = cursor.child("rotation") { transform.rotation = .radians(try rotation.number()) }
        if let scale = cursor.child("scale") {
            if case .number(let factor) = scale.value {
                transform.scaleX = factor
                transform.scaleY = factor
            } else {
                guard case .array = scale.value else {
                    throw scale.error("expected a number or [scaleX, scaleY], found \(scale.value.typeName)")
                }
                let numbers = try numbers(scale, count: 2, what: "[scaleX, scaleY]")
                transform.scaleX = numbers[0]
                transform.scaleY = numbers[1]
            }
        }
        if let skew = cursor.child("skew") { transform.skew = try skew.number() }
        return transform
    }

    /// `{"path": "...", "fillRule": "evenodd"}`.
    static func mask(_ cursor: JSONCursor) throws(DocumentError) -> SceneLayer.Mask {
        _ = try cursor.object()
        try cursor.checkKeys(maskKeys)
        let rule = try cursor.child("fillRule").map(fillRule) ?? .nonZero
        let opacity = try cursor.child("opacity").map(unit) ?? 1
        return SceneLayer.Mask(path: try path(try cursor.required("path"), fillRule: rule), fillRule: rule, opacity: opacity)
    }

    /// `{"color": "#000000", "opacity": 1, "radius": 6, "offset": [0, 0], "path": "..."}`.
    static func shadow(_ cursor: JSONCursor) throws(DocumentError) -> SceneLayer.Shadow {
        _ = try cursor.object()
        try cursor.checkKeys(shadowKeys)
        var shadow = SceneLayer.Shadow()
        if let color = cursor.child("color") { shadow.color = try Self.color(color) }
        if let opacity = cursor.child("opacity") { shadow.opacity = try unit(opacity) }
        if let radius = cursor.child("radius") { shadow.radius = try radius.nonNegativeNumber() }
        if let offset = cursor.child("offset") {
            let numbers = try numbers(offset, count: 2, what: "[x, y]")
            shadow.offset = Point(x: numbers[0], y: numbers[1])
        }
        if let data = cursor.child("path") { shadow.path = try path(data) }
        return shadow
    }
}
