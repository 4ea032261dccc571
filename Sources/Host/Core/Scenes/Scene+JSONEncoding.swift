import Timeline
import TimelinePlugins
public import CadenceIO

extension Scene {
    /// The scene as a document's `"scene"` object, keys that hold their default values left out.
    ///
    /// Reading it back gives the same scene (`try Scene(json: scene.jsonValue) == scene`) when every
    /// colour is a whole number of 255ths, since colours are written as `"#RRGGBB"` or
    /// `"#RRGGBBAA"`; numbers and path data are written exactly.
    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("size", .array([.number(size.width), .number(size.height)]))
        ]
        if background != .white { members.append(("background", .string(background.hexString))) }
        members.append(("layers", .array(layers.map(\.jsonValue))))
        if !groups.isEmpty { members.append(("groups", .array(groups.map(\.jsonValue)))) }
        return .object(members)
    }
}

extension SceneLayer {
    /// The layer as an element of a scene's `"layers"`, keys that hold their default values left out.
    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("name", .string(name))]
        switch shape {
        case .rectangle(let radius):
            members.append(("shape", .string("rect")))
            if radius != 0 { members.append(("cornerRadius", .number(radius))) }
        case .oval:
            members.append(("shape", .string("oval")))
        case .path(let path):
            members.append(("shape", .string("path")))
            members.append(("path", .string(path.svgPathData)))
            if path.fillRule != .nonZero { members.append(("fillRule", .string(path.fillRule.description))) }
        }
        members.append(("frame", .array([frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map(JSONValue.number))))
        if let fillImage {
            members.append(("fill", fillImage.jsonValue))
        } else if let fillGradient {
            members.append(("fill", fillGradient.jsonValue))
        } else if let fill {
            members.append(("fill", .string(fill.hexString)))
        }
        if let strokeGradient {
            members.append(("stroke", strokeGradient.jsonValue))
        } else if let stroke {
            members.append(("stroke", .string(stroke.hexString)))
        }
        if strokeWidth != 1 { members.append(("strokeWidth", .number(strokeWidth))) }
        if lineCap != .butt { members.append(("lineCap", .string(lineCap.rawValue))) }
        if lineJoin != .miter { members.append(("lineJoin", .string(lineJoin.rawValue))) }
        if miterLimit != 4 { members.append(("miterLimit", .number(miterLimit))) }
        if !dashes.isEmpty { members.append(("dashes", .array(dashes.map(JSONValue.number)))) }
        if dashOffset != 0 { members.append(("dashOffset", .number(dashOffset))) }
        if opacity != 1 { members.append(("opacity", .number(opacity))) }
        if transform != .identity { members.append(("transform", Self.json(transform))) }
        if rotationY != 0 { members.append(("rotationY", .number(rotationY))) }
        if zIndex != 0 { members.append(("zIndex", .number(zIndex))) }
        if isHidden { members.append(("hidden", .bool(true))) }
        if let group { members.append(("group", .string(group))) }
        if let mask {
            var object: [(key: String, value: JSONValue)] = [("path", .string(mask.path.svgPathData))]
            if mask.fillRule != .nonZero { object.append(("fillRule", .string(mask.fillRule.description))) }
            if mask.opacity != 1 { object.append(("opacity", .number(mask.opacity))) }
            members.append(("mask", .object(object)))
        }
        if let shadow { members.append(("shadow", Self.json(shadow))) }
        if !bindings.isEmpty {
            members.append(("bind", .object(bindings.map { ($0.property.rawValue, JSONValue.string($0.channel)) })))
        }
        return .object(members)
    }

    /// A shadow as a layer's or a group's `"shadow"`.
    static func json(_ shadow: Shadow) -> JSONValue {
        var object: [(key: String, value: JSONValue)] = [
            ("color", .string(shadow.color.hexString)), ("opacity", .number(shadow.opacity)),
            ("radius", .number(shadow.radius)), ("offset", .array([.number(shadow.offset.x), .number(shadow.offset.y)])),
        ]
        if let path = shadow.path { object.append(("path", .string(path.svgPathData))) }
        return .object(object)
    }

    private static func json(_ transform: Transform2D) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if transform.translation != .zero {
            members.append(("translation", .array([.number(transform.translation.x), .number(transform.translation.y)])))
        }
        if transform.rotation != .zero { members.append(("rotation", .number(transform.rotation.radians))) }
        if transform.scaleX != 1 || transform.scaleY != 1 {
            members.append(("scale", transform.scaleX == transform.scaleY
                ? .number(transform.scaleX) : .array([.number(transform.scaleX), .number(transform.scaleY)])))
        }
        if transform.skew != 0 { members.append(("skew", .number(transform.skew))) }
        return .object(members)
    }
}

extension SceneGroup {
    /// The group as an element of a scene's `"groups"`, keys that hold their default values left out.
    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("name", .string(name))]
        if let parent { members.append(("parent", .string(parent))) }
        if opacity != 1 { members.append(("opacity", .number(opacity))) }
        if blendMode != .normal { members.append(("blendMode", .string(blendMode.rawValue))) }
        if let matte {
            members.append(("matte", .object([("group", .string(matte.group)), ("mode", .string(matte.mode.rawValue))])))
        }
        if isolated { members.append(("isolated", .bool(true))) }
        if let shadow { members.append(("shadow", SceneLayer.json(shadow))) }
        if shadowWithinBounds { members.append(("shadowWithinBounds", .bool(true))) }
        if blurX != 0 || blurY != 0 {
            members.append(("blur", blurX == blurY ? .number(blurX) : .array([.number(blurX), .number(blurY)])))
        }
        if !bindings.isEmpty { members.append(("bind", .object(bindings.map { ($0.property.rawValue, JSONValue.string($0.channel)) }))) }
        return .object(members)
    }
}
