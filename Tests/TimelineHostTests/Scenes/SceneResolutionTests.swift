import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// A frame of `schema` with the given scalar values (by name) and paths.
private func frame(_ schema: FrameSchema, _ scalars: [String: Double], paths: [String: Path] = [:], colors: [String: [Double]] = [:]) -> Frame {
    var frame = Frame(schema: schema)
    for (name, value) in scalars { frame.numbers[schema.channel(named: name)!.offset] = value }
    for (name, components) in colors {
        let offset = schema.channel(named: name)!.offset
        for (index, component) in components.enumerated() { frame.numbers[offset + index] = component }
    }
    for (name, path) in paths { frame.paths[schema.channel(named: name)!.offset] = path }
    return frame
}

/// The card of these tests: frame (10, 20, 100, 50), so its centre is (60, 45).
private func card(_ bindings: [SceneLayer.Property]) -> SceneLayer {
    var layer = SceneLayer(name: "card", shape: .rectangle(cornerRadius: 4), frame: Rect(x: 10, y: 20, width: 100, height: 50))
    for property in bindings { layer.bind(property, to: property.rawValue) }
    return layer
}

private let scalarSchema = FrameSchema(SceneLayer.Property.allCases.filter {
    ![.fill, .stroke, .path, .maskPath, .shadowPath].contains($0)
}.map { ($0.rawValue, FrameSchema.Kind.scalar) })

/// The one layer of a scene made of `layer`, resolved at a frame with `values`.
private func resolved(_ layer: SceneLayer, _ values: [String: Double]) throws -> ResolvedLayer {
    let bound = try BoundScene(scene: Scene(size: Size(width: 200, height: 100), layers: [layer]), schema: scalarSchema)
    var all = values
    for property in layer.bindings.map(\.property) where all[property.rawValue] == nil {
        all[property.rawValue] = [.scale, .scaleX, .scaleY, .opacity].contains(property) ? 1 : 0
    }
    return bound.layers(at: frame(scalarSchema, all))[0]
}

private func expectMatrix(_ m: AffineMatrix, _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = [m.a, m.b, m.c, m.d, m.tx, m.ty]
    for (a, e) in zip(actual, expected) {
        #expect(abs(a - e) <= 1e-12, "matrix \(actual) is not \(expected)", sourceLocation: sourceLocation)
    }
}

@Suite("Scene resolution")
struct SceneResolutionTests {
    @Test func scaleIsAboutTheFramesCentre() throws {
        let layer = try resolved(card([.scale]), ["scale": 2])
        // (x, y) ↦ 2·((x, y) − (60, 45)) + (60, 45): a = d = 2, tx = 60 − 120, ty = 45 − 90.
        expectMatrix(layer.matrix, [2, 0, 0, 2, -60, -45])
        let corner = layer.matrix.applying(to: Point(x: 10, y: 20))
        #expect(corner == Point(x: -40, y: -5))
        #expect(layer.matrix.applying(to: Point(x: 60, y: 45)) == Point(x: 60, y: 45))
    }

    @Test func strokeWidthIsReplacedAndNeverNegative() throws {
        var layer = card([.strokeWidth])
        layer.stroke = .black
        layer.strokeWidth = 3
        #expect(try resolved(layer, ["strokeWidth": 7.5]).strokeWidth == 7.5)
        #expect(try resolved(layer, ["strokeWidth": -2]).strokeWidth == 0)
        #expect(try resolved(card([]), [:]).strokeWidth == 1)
    }

    @Test func translationMovesAndRotationTurnsAboutTheCentre() throws {
        expectMatrix(try resolved(card([.translationX, .translationY]), ["translationX": 5, "translationY": -3]).matrix, [1, 0, 0, 1, 5, -3])
        // A quarter turn: (x, y) ↦ (60 − (y − 45), 45 + (x − 60)) = (105 − y, x − 15).
        let turned = try resolved(card([.rotation]), ["rotation": .pi / 2]).matrix
        expectMatrix(turned, [0, 1, -1, 0, 105, -15])
    }

    @Test func rotationAboutTheVerticalAxisIsAHorizontalSquashByItsCosine() throws {
        // cos(π/3) = 1/2: x ↦ 60 + (x − 60)/2 = x/2 + 30.
        expectMatrix(try resolved(card([.rotationY]), ["rotationY": .pi / 3]).matrix, [0.5, 0, 0, 1, 30, 0])
        // Edge-on at π/2 (|cos| below 1e-16), mirrored at π.
        let edge = try resolved(card([.rotationY]), ["rotationY": .pi / 2]).matrix
        #expect(abs(edge.a) < 1e-15 && edge.d == 1)
        expectMatrix(try resolved(card([.rotationY]), ["rotationY": .pi]).matrix, [-1, 0, 0, 1, 120, 0])
    }

    @Test func theScaleBindingMultipliesTheLayersOwnScales() throws {
        var layer = card([.scale, .scaleY])
        layer.transform = Transform2D(scaleX: 2, scaleY: 5)
        // scaleX stays 2 (static) × 3; scaleY is bound to 0.5, × 3.
        expectMatrix(try resolved(layer, ["scale": 3, "scaleY": 0.5]).matrix, [6, 0, 0, 1.5, 60 - 6 * 60, 45 - 1.5 * 45])
    }

    @Test func frameBindingsMoveAndResizeTheOutline() throws {
        let layer = try resolved(card([.x, .y, .width, .height, .scale]), ["x": 0, "y": 0, "width": 390, "height": 844, "scale": 2])
        #expect(layer.outline == .rectangle(Rect(x: 0, y: 0, width: 390, height: 844), cornerRadius: 4))
        // The scale is about the new centre (195, 422).
        expectMatrix(layer.matrix, [2, 0, 0, 2, -195, -422])
    }

    @Test func opacityIsClampedHiddenHasAThresholdAndCornersStayPositive() throws {
        #expect(try resolved(card([.opacity]), ["opacity": 1.7]).opacity == 1)
        #expect(try resolved(card([.opacity]), ["opacity": -0.2]).opacity == 0)
        #expect(try resolved(card([.opacity]), ["opacity": -0.2]).isVisible == false)
        #expect(try resolved(card([.hidden]), ["hidden": 0.49]).isHidden == false)
        #expect(try resolved(card([.hidden]), ["hidden": 0.5]).isHidden == true)
        #expect(try resolved(card([.cornerRadius]), ["cornerRadius": -4]).outline == .rectangle(Rect(x: 10, y: 20, width: 100, height: 50), cornerRadius: 0))
        var shadowed = card([.shadowOpacity])
        shadowed.shadow = SceneLayer.Shadow(opacity: 1)
        #expect(try resolved(shadowed, ["shadowOpacity": 0.3]).shadow?.opacity == 0.3)
    }

    @Test func valuesThatAreNotFiniteLeaveTheScenesValue() throws {
        var layer = card([.opacity, .x, .scale])
        layer.opacity = 0.8
        let result = try resolved(layer, ["opacity": .nan, "x": .infinity, "scale": -.infinity])
        #expect(result.opacity == 0.8)
        #expect(result.frame == Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(result.matrix == .identity)
    }

    @Test func zIndexOrdersTheLayersAndEqualValuesKeepTheScenesOrder() throws {
        var a = SceneLayer(name: "a", shape: .oval, frame: .zero)
        var b = SceneLayer(name: "b", shape: .oval, frame: .zero)
        let c = SceneLayer(name: "c", shape: .oval, frame: .zero)
        var d = SceneLayer(name: "d", shape: .oval, frame: .zero)
        a.zIndex = 0
        b.bind(.zIndex, to: "zIndex")
        d.zIndex = 1
        let bound = try BoundScene(scene: Scene(size: Size(width: 1, height: 1), layers: [a, b, c, d]), schema: scalarSchema)
        #expect(bound.layers(at: frame(scalarSchema, ["zIndex": 2])).map(\.name) == ["a", "c", "d", "b"])
        #expect(bound.layers(at: frame(scalarSchema, ["zIndex": 0])).map(\.name) == ["a", "b", "c", "d"])
        #expect(bound.layers(at: frame(scalarSchema, ["zIndex": -1])).map(\.name) == ["b", "a", "c", "d"])
    }

    @Test func colourAndPathChannelsDriveFillStrokeOutlineMaskAndShadow() throws {
        let schema = FrameSchema([("tint", .color), ("edge", .color), ("outline", .path), ("hole", .path), ("glow", .path)])
        var layer = SceneLayer(name: "p", shape: .path(try Path(svgPathData: "M 0 0 L 1 0 L 1 1 Z", fillRule: .evenOdd)), frame: Rect(x: 0, y: 0, width: 1, height: 1))
        layer.mask = SceneLayer.Mask(path: try Path(svgPathData: "M 0 0 L 2 2"), fillRule: .evenOdd)
        layer.shadow = SceneLayer.Shadow()
        layer.bind(.fill, to: "tint")
        layer.bind(.stroke, to: "edge")
        layer.bind(.path, to: "outline")
        layer.bind(.maskPath, to: "hole")
        layer.bind(.shadowPath, to: "glow")
        let bound = try BoundScene(scene: Scene(size: Size(width: 4, height: 4), layers: [layer]), schema: schema)
        let outline = try Path(svgPathData: "M 0 0 L 3 0 Z"), hole = try Path(svgPathData: "M 1 1 L 2 1 Z")
        let glow = try Path(svgPathData: "M 5 5 L 6 6 Z")
        let at = frame(
            schema, [:], paths: ["outline": outline, "hole": hole, "glow": glow],
            colors: ["tint": [1, 0.5, 0, 0.25], "edge": [1.2, -0.1, 0.5, 1.5]])
        let result = bound.layers(at: at)[0]
        #expect(result.fill == Color(red: 1, green: 0.5, blue: 0, alpha: 0.25))
        #expect(result.stroke == Color(red: 1, green: 0, blue: 0.5, alpha: 1))
        // The frame's paths themselves, drawn with the layer's and the mask's fill rules.
        #expect(result.outline == .path(outline, fillRule: .evenOdd))
        #expect(result.mask == ResolvedLayer.Mask(path: hole, fillRule: .evenOdd))
        #expect(result.shadow?.path == glow)
        // The scene's own paths when nothing is bound.
        let still = try BoundScene(scene: Scene(size: Size(width: 4, height: 4), layers: [SceneLayer(name: "q", shape: layer.shape, frame: layer.frame)]), schema: schema)
        #expect(still.layers(at: at)[0].outline == .path(try Path(svgPathData: "M 0 0 L 1 0 L 1 1 Z", fillRule: .evenOdd), fillRule: .evenOdd))
    }

    @Test func aFrameOfAnotherLayoutLeavesBindingsUnappliedInsteadOfCrashing() throws {
        let bound = try BoundScene(scene: Scene(size: Size(width: 200, height: 100), layers: [card([.zIndex, .hidden])]), schema: scalarSchema)
        let small = Frame(schema: FrameSchema([("one", .scalar)]))
        let result = bound.layers(at: small)[0]
        #expect(result.isHidden == false && result.zIndex == 0)
    }

    @Test func bindingAChannelTheFramesLackIsAnError() {
        #expect(throws: DocumentErrors.self) {
            try BoundScene(scene: Scene(size: Size(width: 1, height: 1), layers: [card([.scale])]), schema: FrameSchema([]))
        }
    }
}
