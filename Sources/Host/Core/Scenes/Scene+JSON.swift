import Timeline
import TimelinePlugins
public import CadenceIO

extension Scene {
    /// Reads a scene from a timeline document's `"scene"` object (format in `Docs/Scenes.md`).
    ///
    /// ```swift
    /// let json = try JSONParser.parse(#"{"size": [200, 100], "layers": [{"name": "dot", "shape": "oval", "frame": [0, 0, 10, 10], "fill": "#FF0000", "bind": {"x": "dot.x"}}]}"#)
    /// let scene = try Scene(json: json, schema: FrameSchema([("dot.x", .scalar)]))
    /// ```
    ///
    /// - Parameters:
    ///   - json: The `"scene"` value.
    ///   - schema: The document's channels; when given, every binding must name one of them, of the
    ///     kind its property needs.
    /// - Throws: ``DocumentErrors`` with every error found, each with its JSON path from `scene`
    ///   (`scene.layers[1].bind.opacity`).
    public init(json: JSONValue, schema: FrameSchema? = nil) throws(DocumentErrors) {
        var reader = SceneReader()
        guard let scene = reader.read(JSONCursor(json, path: "scene")), reader.errors.isEmpty else {
            throw DocumentErrors(errors: reader.errors)
        }
        let bindingErrors = scene.bindingErrors(against: schema)
        guard bindingErrors.isEmpty else { throw DocumentErrors(errors: bindingErrors) }
        self = scene
    }

    /// Every error in a document's `"scene"` object: what `cadence validate` reports for it.
    ///
    /// The document reader keeps the scene as JSON; call this with the scene and the document's
    /// schema to check it as a preview would, without rendering anything.
    ///
    /// - Parameters:
    ///   - json: The `"scene"` value.
    ///   - schema: The document's channels, or `nil` to check the scene's own structure only.
    /// - Returns: The errors in document order, each with its JSON path from `scene`; empty when the
    ///   scene is valid.
    public static func validationErrors(in json: JSONValue, schema: FrameSchema?) -> [DocumentError] {
        do {
            _ = try Scene(json: json, schema: schema)
            return []
        } catch {
            return error.errors
        }
    }

    /// The errors in the scene's bindings (its layers' and its groups'): properties a layer cannot
    /// have, and, against a schema, channels that do not exist or are of the wrong kind.
    ///
    /// - Parameter schema: The channels the bindings must name, or `nil` to skip that check.
    /// - Returns: One error per bad binding, with the path `scene.layers[i].bind.property`.
    public func bindingErrors(against schema: FrameSchema?) -> [DocumentError] {
        var errors: [DocumentError] = []
        for (index, layer) in layers.enumerated() {
            for binding in layer.bindings {
                let path = "scene.layers[\(index)].bind.\(binding.property.rawValue)"
                if let problem = layer.cannotBind(binding.property) ?? schema.flatMap({ Self.mismatch(binding, in: $0, layer: layer) }) {
                    errors.append(DocumentError(path: path, message: problem))
                }
            }
        }
        for (index, group) in groups.enumerated() {
            guard let schema else { continue }
            let probe = SceneLayer(name: group.name, shape: .oval, frame: .zero)
            for binding in group.bindings {
                // Every group property reads a number, as a layer's opacity does.
                if let problem = Self.mismatch((.opacity, binding.channel), in: schema, layer: probe) {
                    errors.append(DocumentError(path: "scene.groups[\(index)].bind.\(binding.property.rawValue)", message: problem))
                }
            }
        }
        return errors
    }

    /// Why a binding does not fit the schema, if it does not.
    static func mismatch(
        _ binding: (property: SceneLayer.Property, channel: String), in schema: FrameSchema, layer: SceneLayer
    ) -> String? {
        guard let channel = schema.channel(named: binding.channel) else {
            let names = schema.channels.prefix(12).map { "\"\(InputExcerpt.excerpt($0.name))\"" }.joined(separator: ", ")
            let more = schema.channels.count > 12 ? ", …" : ""
            let known = schema.channels.isEmpty ? "the document has no channels" : "channels: \(names)\(more)"
            return "unknown channel \"\(InputExcerpt.excerpt(binding.channel))\" (\(known))"
        }
        let needed = binding.property.channelKind
        guard needed.accepts(channel.kind) else {
            return "\"\(binding.property.rawValue)\" needs \(needed) channel, but \"\(InputExcerpt.excerpt(channel.name))\" is \(FrameSchema.Kind.article(channel.kind))"
        }
        if binding.property == .dashes, !layer.dashes.isEmpty, channel.kind != .vector(layer.dashes.count) {
            return "\"dashes\" needs a vector(\(layer.dashes.count)) channel for \(layer.dashes.count) lengths, but \"\(InputExcerpt.excerpt(channel.name))\" is \(FrameSchema.Kind.article(channel.kind))"
        }
        let gradient = binding.property == .fillGradient ? layer.fillGradient : binding.property == .strokeGradient ? layer.strokeGradient : nil
        if let gradient, channel.kind != .vector(SceneLayer.Gradient.channelCount(stops: gradient.stops.count)) {
            let count = SceneLayer.Gradient.channelCount(stops: gradient.stops.count)
            return "\"\(binding.property.rawValue)\" needs a vector(\(count)) channel for a gradient of \(gradient.stops.count) stops (12 numbers and 5 a stop), but \"\(InputExcerpt.excerpt(channel.name))\" is \(FrameSchema.Kind.article(channel.kind))"
        }
        if binding.property == .fillImage, channel.kind != .vector(SceneLayer.ImageFill.channelCount) {
            return "\"fillImage\" needs a vector(6) channel (the image's transform: a, b, c, d, tx, ty), but \"\(InputExcerpt.excerpt(channel.name))\" is \(FrameSchema.Kind.article(channel.kind))"
        }
        return nil
    }
}

extension SceneLayer {
    /// Why the layer cannot have `property` bound, if it cannot (a path on a rectangle, a mask path
    /// without a mask).
    func cannotBind(_ property: Property) -> String? {
        switch (property, shape) {
        case (.path, .rectangle), (.path, .oval):
            return "\"path\" can be bound on a layer of shape \"path\" only"
        case (.cornerRadius, .oval), (.cornerRadius, .path):
            return "\"cornerRadius\" can be bound on a layer of shape \"rect\" only"
        case (.maskPath, _) where mask == nil, (.maskOpacity, _) where mask == nil:
            return "\"\(property.rawValue)\" needs a \"mask\" on the layer (give it a starting path)"
        case (.shadowPath, _) where shadow == nil, (.shadowOpacity, _) where shadow == nil:
            return "\"\(property.rawValue)\" needs a \"shadow\" on the layer"
        case (.dashes, _) where dashes.isEmpty:
            return "\"dashes\" needs \"dashes\" on the layer (give it its starting lengths)"
        case (.fillGradient, _) where fillGradient == nil:
            return "\"fillGradient\" needs a gradient \"fill\" on the layer (give it its starting stops)"
        case (.strokeGradient, _) where strokeGradient == nil:
            return "\"strokeGradient\" needs a gradient \"stroke\" on the layer (give it its starting stops)"
        case (.fillImage, _) where fillImage == nil:
            return "\"fillImage\" needs an image \"fill\" on the layer"
        default:
            return nil
        }
    }
}

extension SceneLayer.Property {
    /// The kind of channel a property reads.
    enum ChannelKind: CustomStringConvertible {
        case number, color, path, vector

        /// Whether a channel of `kind` can drive a property of this kind.
        func accepts(_ kind: FrameSchema.Kind) -> Bool {
            switch (self, kind) {
            case (.number, .scalar), (.color, .color), (.path, .path), (.vector, .vector): true
            default: false
            }
        }

        /// `a number`, `a colour`, `a path`, `a vector`.
        var description: String {
            switch self {
            case .number: "a number"
            case .color: "a colour"
            case .path: "a path"
            case .vector: "a vector"
            }
        }
    }

    /// The kind of channel the property reads.
    var channelKind: ChannelKind {
        switch self {
        case .fill, .stroke: .color
        case .path, .maskPath, .shadowPath: .path
        case .fillGradient, .strokeGradient, .dashes, .fillImage: .vector
        default: .number
        }
    }
}

extension FrameSchema.Kind {
    /// `a number channel`, `a vector(3) channel`, `a colour channel`, `a path channel`.
    static func article(_ kind: FrameSchema.Kind) -> String {
        switch kind {
        case .scalar: "a number channel"
        case .vector(let count): "a vector(\(count)) channel"
        case .color: "a colour channel"
        case .path: "a path channel"
        }
    }
}
