import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// Parses JSON text written in a test (always valid JSON).
private func json(_ text: String) -> JSONValue {
    try! JSONParser.parse(text)
}

/// The errors `Scene(json:schema:)` reports, as `path: message`.
private func sceneErrors(_ text: String, schema: FrameSchema? = nil) -> [String] {
    Scene.validationErrors(in: json(text), schema: schema).map(\.description)
}

/// A scene whose first layer has the given members (and a valid name, shape and frame unless given).
private func layer(_ members: String, shape: String = "\"shape\": \"rect\", \"frame\": [0, 0, 10, 10]") -> String {
    #"{"size": [100, 50], "layers": [{"name": "a", \#(shape)\#(members.isEmpty ? "" : ", " + members)}]}"#
}

@Suite("Scene JSON")
struct SceneJSONTests {
    static let full = """
        {"size": [200, 100], "background": "#102030", "layers": [
          {"name": "card", "shape": "rect", "frame": [10, 20, 100, 50], "cornerRadius": 8,
           "fill": "#FF8000", "stroke": "#00000080", "strokeWidth": 2, "opacity": 0.5,
           "transform": {"translation": [5, -5], "rotation": 0.25, "scale": [2, 3], "skew": 0.1},
           "rotationY": 0.5, "zIndex": 2, "hidden": true,
           "mask": {"path": "M 0 0 L 10 0 L 10 10 Z", "fillRule": "evenodd"},
           "shadow": {"color": "#000000", "opacity": 0.3, "radius": 10, "offset": [0, 6]},
           "bind": {"scale": "card.scale", "fill": "card.color"}},
          {"name": "hole", "shape": "path", "path": "M 0 0 L 4 0 L 4 2 Z", "fillRule": "evenodd"},
          {"name": "dot", "shape": "oval", "frame": [0, 0, 10, 10], "fill": "none"}
        ]}
        """

    @Test func everyKeyReadsIntoTheModel() throws {
        let scene = try Scene(json: json(Self.full))
        var card = SceneLayer(name: "card", shape: .rectangle(cornerRadius: 8), frame: Rect(x: 10, y: 20, width: 100, height: 50))
        card.fill = Color(red: 1, green: 128.0 / 255, blue: 0)
        card.stroke = Color(red: 0, green: 0, blue: 0, alpha: 128.0 / 255)
        card.strokeWidth = 2
        card.opacity = 0.5
        card.transform = Transform2D(translation: Point(x: 5, y: -5), rotation: .radians(0.25), scaleX: 2, scaleY: 3, skew: 0.1)
        card.rotationY = 0.5
        card.zIndex = 2
        card.isHidden = true
        card.mask = SceneLayer.Mask(path: try Path(svgPathData: "M 0 0 L 10 0 L 10 10 Z", fillRule: .evenOdd), fillRule: .evenOdd)
        card.shadow = SceneLayer.Shadow(color: .black, opacity: 0.3, radius: 10, offset: Point(x: 0, y: 6))
        card.bind(.scale, to: "card.scale")
        card.bind(.fill, to: "card.color")
        // A path layer without a frame is anchored on the path's bounds: x 0...4, y 0...2.
        let hole = SceneLayer(name: "hole", shape: .path(try Path(svgPathData: "M 0 0 L 4 0 L 4 2 Z", fillRule: .evenOdd)), frame: Rect(x: 0, y: 0, width: 4, height: 2))
        let dot = SceneLayer(name: "dot", shape: .oval, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let expected = Scene(
            size: Size(width: 200, height: 100), background: Color(red: 16.0 / 255, green: 32.0 / 255, blue: 48.0 / 255),
            layers: [card, hole, dot])
        #expect(scene == expected)
    }

    @Test func defaultsAreTheSwiftDefaults() throws {
        let scene = try Scene(json: json(layer("")))
        let plain = SceneLayer(name: "a", shape: .rectangle(cornerRadius: 0), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(scene == Scene(size: Size(width: 100, height: 50), background: .white, layers: [plain]))
        #expect(plain.fill == nil && plain.opacity == 1 && plain.strokeWidth == 1 && plain.transform == .identity)
        let shadow = try Scene(json: json(layer(#""shadow": {}"#))).layers[0].shadow
        #expect(shadow == SceneLayer.Shadow(color: .black, opacity: 1, radius: 6, offset: .zero))
        let uniform = try Scene(json: json(layer(#""transform": {"scale": 2}"#))).layers[0].transform
        #expect(uniform == Transform2D(scaleX: 2, scaleY: 2))
    }

    @Test func aSceneWritesItselfInTheFormatItReads() throws {
        let original = try Scene(json: json(Self.full))
        #expect(try Scene(json: original.jsonValue) == original)
        var layer = SceneLayer(name: "q\"<", shape: .path(try Path(svgPathData: "M 0.1 0 Q 3 4 5 6 Z")), frame: Rect(x: -1, y: 2, width: 3, height: 4))
        layer.shadow = SceneLayer.Shadow(color: .red, opacity: 0.25, radius: 0, offset: Point(x: 1, y: 2), path: try Path(svgPathData: "M 0 0 L 1 1"))
        layer.transform = Transform2D(scale: 0.5)
        layer.bind(.path, to: "p")
        layer.lineCap = .square
        layer.lineJoin = .bevel
        layer.miterLimit = 2.5
        let scene = Scene(size: Size(width: 1, height: 2), background: .black, layers: [layer])
        #expect(try Scene(json: scene.jsonValue) == scene)
    }

    @Test func capsJoinsAndMiterLimitsAreReadByTheirSVGNames() throws {
        // Written only when they are not SVG's defaults (butt, miter, 4).
        let read = try Scene(json: json(layer(##""stroke": "#000000", "lineCap": "round", "lineJoin": "round", "miterLimit": 10"##))).layers[0]
        #expect(read.lineCap == .round && read.lineJoin == .round && read.miterLimit == 10)
        let plain = try Scene(json: json(layer(##""stroke": "#000000""##)))
        #expect(plain.layers[0].lineCap == .butt && plain.layers[0].lineJoin == .miter && plain.layers[0].miterLimit == 4)
        guard case .array(let written)? = plain.jsonValue["layers"] else { Issue.record("no layers"); return }
        #expect(written[0]["lineCap"] == nil && written[0]["lineJoin"] == nil && written[0]["miterLimit"] == nil)
        // Dashes, SVG's stroke-dasharray and stroke-dashoffset; the offset is bindable.
        let dashed = try Scene(json: json(layer(##""stroke": "#000000", "dashes": [4, 2, 1], "dashOffset": 3, "bind": {"dashOffset": "d"}"##)))
        #expect(dashed.layers[0].dashes == [4, 2, 1] && dashed.layers[0].dashOffset == 3)
        #expect(dashed.layers[0].channel(boundTo: .dashOffset) == "d")
        // The lengths are bindable to a vector channel of as many numbers.
        let bound = layer(##""stroke": "#000000", "dashes": [4, 2], "bind": {"dashes": "lengths"}"##)
        #expect(sceneErrors(bound, schema: FrameSchema([("lengths", .vector(2))])) == [])
        #expect(sceneErrors(bound, schema: FrameSchema([("lengths", .vector(3))])) == [
            #"scene.layers[0].bind.dashes: "dashes" needs a vector(2) channel for 2 lengths, but "lengths" is a vector(3) channel"#
        ])
        #expect(sceneErrors(layer(##""stroke": "#000000", "bind": {"dashes": "lengths"}"##), schema: FrameSchema([("lengths", .vector(2))])) == [
            #"scene.layers[0].bind.dashes: "dashes" needs "dashes" on the layer (give it its starting lengths)"#
        ])
        #expect(try Scene(json: dashed.jsonValue) == dashed)
    }

    @Test(arguments: [
        ("[]", "scene: expected an object, found an array"),
        (#"{"size": [0, 10], "layers": []}"#, "scene.size: width and height must be greater than 0"),
        (#"{"size": [10], "layers": []}"#, "scene.size: expected [width, height]: 2 numbers, found 1"),
        (#"{"size": [10, "a"], "layers": []}"#, "scene.size[1]: expected a number, found a string"),
        (#"{"size": [10, 10], "layers": [], "colour": 1}"#, #"scene.colour: unknown key "colour" (expected one of: size, background, layers, groups)"#),
        (#"{"size": [10, 10]}"#, #"scene: missing required key "layers""#),
        (#"{"size": [10, 10], "layers": {}}"#, "scene.layers: expected an array, found an object"),
        (##"{"size": [10, 10], "background": "#12345", "layers": []}"##, ##"scene.background: expected a colour "#RRGGBB" or "#RRGGBBAA", got "#12345""##),
        (#"{"size": [10, 10], "layers": [7]}"#, "scene.layers[0]: expected an object, found a number"),
        (layer(##""fil": "#FFFFFF""##), #"scene.layers[0].fil: unknown key "fil" (expected one of: name, shape, frame, cornerRadius, path, fillRule, fill, stroke, strokeWidth, lineCap, lineJoin, miterLimit, dashes, dashOffset, opacity, transform, rotationY, zIndex, hidden, mask, shadow, group, bind)"#),
        (layer("", shape: #""shape": "star", "frame": [0, 0, 1, 1]"#), #"scene.layers[0].shape: unknown shape "star" (expected one of: rect, oval, path)"#),
        (layer("", shape: #""shape": "rect""#), #"scene.layers[0]: missing required key "frame" (a rect needs [x, y, width, height])"#),
        (layer("", shape: #""shape": "oval", "frame": [0, 0, -1, 1]"#), "scene.layers[0].frame: width and height must not be negative"),
        (layer("", shape: #""shape": "path""#), #"scene.layers[0]: missing required key "path" (a path layer needs SVG path data)"#),
        (layer("", shape: #""shape": "path", "path": "M 10""#), "scene.layers[0].path: invalid path data at offset 4: expected a number after 'M', found the end of the data"),
        (layer("", shape: #""shape": "path", "path": "M 0 0", "fillRule": "odd""#), #"scene.layers[0].fillRule: unknown fill rule "odd" (expected one of: nonzero, evenodd)"#),
        (layer(#""fill": "red""#), ##"scene.layers[0].fill: expected a colour "#RRGGBB" or "#RRGGBBAA", got "red""##),
        (layer(#""opacity": 1.5"#), "scene.layers[0].opacity: must be between 0 and 1, got 1.5"),
        (layer(#""strokeWidth": -1"#), "scene.layers[0].strokeWidth: must not be negative, got -1"),
        (layer(#""lineCap": "flat""#), #"scene.layers[0].lineCap: unknown line cap "flat" (expected one of: butt, round, square)"#),
        (layer(#""lineJoin": 2"#), "scene.layers[0].lineJoin: expected a string, found a number"),
        (layer(#""miterLimit": 0.5"#), "scene.layers[0].miterLimit: a miter limit must be at least 1, found 0.5"),
        (layer(#""dashes": [4, -1]"#), "scene.layers[0].dashes[1]: must not be negative, got -1"),
        (layer(#""dashes": [0, 0]"#), "scene.layers[0].dashes: dashes must not all be 0 (give [] for a solid stroke)"),
        (layer(#""hidden": 1"#), "scene.layers[0].hidden: expected true or false, found a number"),
        (layer(#""cornerRadius": 4"#, shape: #""shape": "oval", "frame": [0, 0, 1, 1]"#), #"scene.layers[0].cornerRadius: "cornerRadius" applies to shape "rect" only (this layer is "oval")"#),
        (layer(#""path": "M 0 0""#), #"scene.layers[0].path: "path" applies to shape "path" only (this layer is "rect")"#),
        (layer(#""transform": {"scale": "big"}"#), "scene.layers[0].transform.scale: expected a number or [scaleX, scaleY], found a string"),
        (layer(#""transform": {"rotate": 1}"#), #"scene.layers[0].transform.rotate: unknown key "rotate" (expected one of: translation, rotation, scale, skew)"#),
        (layer(#""mask": {"fillRule": "evenodd"}"#), #"scene.layers[0].mask: missing required key "path""#),
        (layer(#""shadow": {"offset": [1]}"#), "scene.layers[0].shadow.offset: expected [x, y]: 2 numbers, found 1"),
        (layer(#""shadow": {"radius": -2}"#), "scene.layers[0].shadow.radius: must not be negative, got -2"),
        (layer(#""bind": {"scal": "x"}"#), #"scene.layers[0].bind.scal: unknown property "scal" (expected one of: opacity, scale, scaleX, scaleY, rotation, rotationY, translationX, translationY, x, y, width, height, cornerRadius, fill, stroke, strokeWidth, path, maskPath, maskOpacity, shadowPath, shadowOpacity, zIndex, hidden, dashOffset, dashes, fillGradient, strokeGradient, fillImage)"#),
        (layer(#""bind": {"scale": 1}"#), "scene.layers[0].bind.scale: expected a string, found a number"),
        (layer(#""bind": {"scale": ""}"#), "scene.layers[0].bind.scale: a channel name must not be empty"),
        (layer(#""bind": {"path": "p"}"#), #"scene.layers[0].bind.path: "path" can be bound on a layer of shape "path" only"#),
        (layer(#""bind": {"maskPath": "p"}"#), #"scene.layers[0].bind.maskPath: "maskPath" needs a "mask" on the layer (give it a starting path)"#),
        (layer(#""bind": {"shadowOpacity": "s"}"#), #"scene.layers[0].bind.shadowOpacity: "shadowOpacity" needs a "shadow" on the layer"#),
        (#"{"size": [10, 10], "layers": [{"name": "", "shape": "oval", "frame": [0, 0, 1, 1]}]}"#, "scene.layers[0].name: a layer name must not be empty"),
    ])
    func hostileScenesAreRejectedAtTheirPath(text: String, error: String) {
        #expect(sceneErrors(text) == [error])
    }

    @Test func everyErrorIsReportedNotJustTheFirst() {
        let text = """
            {"size": [10, -1], "layers": [
              {"name": "a", "shape": "oval", "frame": [0, 0, 1, 1], "opacity": 2, "fill": "#XYZXYZ"},
              {"name": "a", "shape": "rect", "frame": [0, 0, 1, 1]},
              {"shape": "cube", "frame": [0, 0, 1, 1], "zIndex": "top"}
            ]}
            """
        #expect(sceneErrors(text) == [
            "scene.size: width and height must be greater than 0",
            "scene.layers[0].fill: invalid colour: character 'X' at offset 1 is not a hexadecimal digit",
            "scene.layers[0].opacity: must be between 0 and 1, got 2",
            #"scene.layers[1].name: duplicate layer name "a""#,
            #"scene.layers[2]: missing required key "name""#,
            #"scene.layers[2].shape: unknown shape "cube" (expected one of: rect, oval, path)"#,
            "scene.layers[2].zIndex: expected a number, found a string",
        ])
    }

    @Test func bindingsAreCheckedAgainstTheDocumentsChannels() {
        let schema = FrameSchema([("card.x", .scalar), ("tint", .color), ("outline", .path), ("pos", .vector(2))])
        #expect(sceneErrors(layer(#""bind": {"x": "card.x", "fill": "tint"}"#), schema: schema) == [])
        #expect(sceneErrors(layer(#""bind": {"x": "card.y"}"#), schema: schema) == [
            #"scene.layers[0].bind.x: unknown channel "card.y" (channels: "card.x", "tint", "outline", "pos")"#
        ])
        #expect(sceneErrors(layer(#""bind": {"fill": "card.x", "opacity": "tint", "y": "pos"}"#), schema: schema) == [
            #"scene.layers[0].bind.fill: "fill" needs a colour channel, but "card.x" is a number channel"#,
            #"scene.layers[0].bind.opacity: "opacity" needs a number channel, but "tint" is a colour channel"#,
            #"scene.layers[0].bind.y: "y" needs a number channel, but "pos" is a vector(2) channel"#,
        ])
        let masked = layer(#""mask": {"path": "M 0 0 L 1 1"}, "bind": {"maskPath": "card.x"}"#)
        #expect(sceneErrors(masked, schema: schema) == [#"scene.layers[0].bind.maskPath: "maskPath" needs a path channel, but "card.x" is a number channel"#])
        #expect(sceneErrors(layer(#""bind": {"x": "card.y"}"#), schema: FrameSchema([])) == [
            #"scene.layers[0].bind.x: unknown channel "card.y" (the document has no channels)"#
        ])
    }

    @Test func aMasksOpacityIsReadWrittenAndChecked() throws {
        let scene = try Scene(json: json(layer(#""mask": {"path": "M 0 0 L 10 0 L 0 10 Z", "opacity": 0.25}"#)))
        #expect(scene.layers[0].mask?.opacity == 0.25)
        #expect(try Scene(json: scene.jsonValue) == scene)
        #expect(sceneErrors(layer(#""mask": {"path": "M 0 0 L 10 0 L 0 10 Z", "opacity": 1.5}"#)) == [
            "scene.layers[0].mask.opacity: must be between 0 and 1, got 1.5"
        ])
    }

    @Test func gradientsAreReadWrittenAndBoundAsDocumented() throws {
        let text = layer(##""fill": {"gradient": "radial", "start": [5, 5], "end": [10, 5], "focus": [4, 6], "transform": [1, 0, 0.5, 1, 0, 2], "stops": [[0, "#FF0000"], [0.5, "#00FF0080", 0.5], [1, "#0000FF"]]}, "stroke": {"gradient": "linear", "start": [0, 0], "end": [10, 0], "stops": [[0, "#000000"]]}, "bind": {"fillGradient": "g"}"##)
        let scene = try Scene(json: json(text), schema: FrameSchema([("g", .vector(27))]))
        let fill = try #require(scene.layers[0].fillGradient)
        #expect(fill.kind == .radial && fill.start == Point(x: 5, y: 5) && fill.end == Point(x: 10, y: 5) && fill.focus == Point(x: 4, y: 6))
        #expect(fill.transform == AffineMatrix(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 2))
        #expect(fill.stops.map(\.offset) == [0, 0.5, 1] && fill.stops[1].opacity == 0.5 && fill.stops[1].color.alpha == 128.0 / 255)
        #expect(scene.layers[0].strokeGradient?.kind == .linear && scene.layers[0].fill == nil)
        #expect(try Scene(json: scene.jsonValue) == scene)
        // 12 numbers and 5 a stop: the points, the transform, then each stop's offset, colour and opacity.
        #expect(fill.channelNumbers.count == 27 && fill.channelNumbers[12..<17].elementsEqual([0, 1, 0, 0, 1]))
        #expect(fill.channelNumbers[17..<22].elementsEqual([0.5, 0, 1, 0, 0.5 * 128 / 255]))
        #expect(sceneErrors(text, schema: FrameSchema([("g", .vector(26))])) == [
            #"scene.layers[0].bind.fillGradient: "fillGradient" needs a vector(27) channel for a gradient of 3 stops (12 numbers and 5 a stop), but "g" is a vector(26) channel"#
        ])
        #expect(sceneErrors(layer(##""fill": "#FFFFFF", "bind": {"fillGradient": "g"}"##), schema: FrameSchema([("g", .vector(17))])) == [
            #"scene.layers[0].bind.fillGradient: "fillGradient" needs a gradient "fill" on the layer (give it its starting stops)"#
        ])
        #expect(sceneErrors(layer(##""fill": {"gradient": "conic", "start": [0, 0], "end": [1, 1], "stops": [[0, "#FFFFFF"]]}"##)) == [
            #"scene.layers[0].fill.gradient: unknown gradient "conic" (expected one of: linear, radial)"#
        ])
        #expect(sceneErrors(layer(##""fill": {"gradient": "linear", "start": [0, 0], "end": [1, 1], "stops": [[0.5, "#FFFFFF"], [0.25, "#000000"]]}"##)) == [
            "scene.layers[0].fill.stops[1][0]: stop offsets must not decrease (0.25 after 0.5)"
        ])
        #expect(sceneErrors(layer(#""fill": {"gradient": "linear", "start": [0, 0], "end": [1, 1], "stops": []}"#)) == [
            "scene.layers[0].fill.stops: a gradient needs at least one stop"
        ])
        #expect(sceneErrors(layer(##""fill": {"gradient": "linear", "start": [0, 0], "stops": [[2, "#FFFFFF"]]}"##)) == [
            #"scene.layers[0].fill: missing required key "end""#
        ])
        #expect(sceneErrors(layer(##""fill": {"gradient": "linear", "start": [0, 0], "end": [1, 0], "stops": [[2, "#FFFFFF"]]}"##)) == [
            "scene.layers[0].fill.stops[0][0]: a stop's offset must be within 0...1, found 2"
        ])
    }

    @Test func everyPresetSceneBindsOnlyItsOwnChannels() throws {
        for type in PresetCatalog.all {
            try checkBindings(of: type)
        }
    }

    private func checkBindings<Preset: TransitionPreset>(of type: Preset.Type) throws {
        let context = TransitionContext(operation: Preset.operations[0])
        let preset = try Preset(context: context, parameters: [:])
        let schema = FrameSchema(preset.channels.map { ($0.name, $0.kind) })
        #expect(preset.scene.bindingErrors(against: schema) == [], "\(Preset.name)")
        // The scene survives the trip through its JSON form, bindings included.
        let reread = try Scene(json: preset.scene.jsonValue, schema: schema)
        #expect(reread.layers.map(\.name) == preset.scene.layers.map(\.name))
        #expect(reread.layers.map { $0.bindings.map(\.channel) } == preset.scene.layers.map { $0.bindings.map(\.channel) })
    }
}
