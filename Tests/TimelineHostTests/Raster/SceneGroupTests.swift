import Foundation
import Testing
@testable import Timeline
import TimelinePlugins
import CadenceIO
@testable import CadenceRaster
@testable import CadenceHostCore

/// Scene groups: the sixteen blend modes against the W3C Compositing and Blending formulas worked
/// by hand, group opacity over overlapping layers, the four matte modes, nesting, the JSON form,
/// the errors and the SVG elements.
@Suite("Scene groups")
struct SceneGroupTests {
    static let white = Color(red: 1, green: 1, blue: 1)

    func rectangle(_ name: String, _ frame: Rect, _ color: Color, group: String? = nil) -> SceneLayer {
        var layer = SceneLayer(name: name, shape: .rectangle(cornerRadius: 0), frame: frame)
        layer.fill = color
        layer.group = group
        return layer
    }

    func picture(_ layers: [SceneLayer], groups: [SceneGroup], background: Color = white) throws -> PixelBuffer {
        let scene = Scene(size: Size(width: 40, height: 20), background: background, layers: layers, groups: groups)
        let bound = try BoundScene(scene: scene, schema: FrameSchema([]))
        var rasterizer = try SceneRasterizer(scene: scene)
        let frame = Frame(schema: FrameSchema([]))
        return rasterizer.picture(of: bound.layers(at: frame), groups: bound.groups(at: frame))
    }

    func rgb(_ pixel: PixelBuffer.Pixel) -> [Int] { [Int(pixel.red), Int(pixel.green), Int(pixel.blue)] }

    @Test("each blend mode gives the specification's value for one pair of opaque colours")
    func blendModesMatchTheSpecification() {
        // Backdrop Cb = (1, 0.2, 0) = (255, 51, 0); source Cs = (0.2, 0.4, 1) = (51, 102, 255), both
        // opaque, so the result is B(Cb, Cs) itself. Worked by hand from the specification:
        let expected: [RasterBlendMode: [Int]] = [
            .normal: [51, 102, 255],
            .multiply: [51, 20, 0],  // (0.2, 0.08, 0); 0.08 · 255 = 20.4
            .screen: [255, 133, 255],  // (1, 0.52, 1); 132.6
            .overlay: [255, 41, 0],  // hard light with the roles swapped: screen(0.2, 1), 2 · 0.2 · 0.4, 0
            .darken: [51, 51, 0],
            .lighten: [255, 102, 255],
            .colorDodge: [255, 85, 0],  // min(1, 1 / 0.8), 0.2 / 0.6, Cb = 0 gives 0
            .colorBurn: [255, 0, 0],  // Cb = 1 gives 1, 1 − min(1, 0.8 / 0.4), 1 − min(1, 1 / 1)
            .hardLight: [102, 41, 255],  // 1 · 0.4, 0.2 · 0.8, screen(0, 1)
            .softLight: [255, 43, 0],  // 1, 0.2 − 0.2 · 0.2 · 0.8 = 0.168 (42.84), D(0) = 0
            .difference: [204, 51, 255],
            .exclusion: [204, 112, 255],  // 0.8, 0.2 + 0.4 − 0.16 = 0.44 (112.2), 1
            // Non-separable, Lum = 0.3 R + 0.59 G + 0.11 B: Lum(Cb) = 0.418, Lum(Cs) = 0.406.
            .hue: [55, 105, 255],  // SetSat(Cs, 1) = (0, 0.25, 1), moved to 0.418 and clipped at 1
            .saturation: [225, 62, 21],  // SetSat(Cb, 0.8) = (0.8, 0.16, 0), + 0.0836
            .color: [55, 105, 255],  // Cs + 0.012 = (0.212, 0.412, 1.012), clipped: factor 0.582 / 0.594
            .luminosity: [248, 50, 0],  // Cb − 0.012, clipped at 0: factor 0.406 / 0.418
        ]
        let backdrop = PixelMath.pack(255, 51, 0, 255), source = PixelMath.pack(51, 102, 255, 255)
        for mode in RasterBlendMode.allCases {
            let result = mode.blend(source, onto: backdrop)
            let channels = [Int(result & 0xFF), Int((result >> 8) & 0xFF), Int((result >> 16) & 0xFF)]
            #expect(channels == expected[mode], "\(mode)")
            #expect(result >> 24 == 255, "\(mode) keeps the pixel opaque")
        }
    }

    @Test("a translucent source blends by the general formula, and over nothing it is itself")
    func translucentBlending() {
        // Red at alpha 128 (premultiplied (128, 0, 0, 128)), multiplied onto opaque white:
        // co = cb · (1 − αs) + αs · (Cb · Cs): red 1, green and blue 1 − 128/255 = 0.498 (127).
        let result = RasterBlendMode.multiply.blend(PixelMath.pack(128, 0, 0, 128), onto: PixelMath.pack(255, 255, 255, 255))
        #expect(result == PixelMath.pack(255, 127, 127, 255))
        let alone = RasterBlendMode.screen.blend(PixelMath.pack(51, 102, 255, 255), onto: 0)
        #expect(alone == PixelMath.pack(51, 102, 255, 255))
    }

    @Test("a group's opacity fades its layers together: where they overlap, one does not show through the other")
    func groupOpacityOverOverlappingLayers() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        let layers = [
            rectangle("a", Rect(x: 0, y: 0, width: 30, height: 20), red, group: "g"),
            rectangle("b", Rect(x: 10, y: 0, width: 30, height: 20), red, group: "g"),
        ]
        let pixels = try picture(layers, groups: [SceneGroup(name: "g", opacity: 0.5)])
        // Red at round(0.5 · 255) = 128 over white: green 255 − 128 = 127, in the overlap too
        // (each layer at 0.5 would leave 127 · 127 / 255 = 63 there).
        #expect(rgb(pixels.pixel(x: 5, y: 10)) == [255, 127, 127])
        #expect(rgb(pixels.pixel(x: 20, y: 10)) == [255, 127, 127])
        #expect(rgb(pixels.pixel(x: 35, y: 10)) == [255, 127, 127])
    }

    @Test("a group blends with what is below it, also through a group that only holds it")
    func blendModeInPicture() throws {
        let layers = [
            rectangle("backdrop", Rect(x: 0, y: 0, width: 40, height: 20), Color(red: 1, green: 0.2, blue: 0)),
            rectangle("top", Rect(x: 20, y: 0, width: 20, height: 20), Color(red: 0.2, green: 0.4, blue: 1), group: "multiply"),
        ]
        let groups = [SceneGroup(name: "outer"), SceneGroup(name: "multiply", parent: "outer", blendMode: .multiply)]
        let pixels = try picture(layers, groups: groups)
        #expect(rgb(pixels.pixel(x: 10, y: 10)) == [255, 51, 0])
        #expect(rgb(pixels.pixel(x: 30, y: 10)) == [51, 20, 0])
    }

    @Test("a matte shows its group by alpha, inverted alpha, luminance and inverted luminance")
    func matteModes() throws {
        // The matte: the left half opaque mid grey (128: luminance 128), the right half empty.
        // The matted group: red over the whole picture.
        let grey = Color(red: 128.0 / 255, green: 128.0 / 255, blue: 128.0 / 255)
        func matted(_ mode: SceneGroup.MatteMode) throws -> PixelBuffer {
            let layers = [
                rectangle("matte", Rect(x: 0, y: 0, width: 20, height: 20), grey, group: "m"),
                rectangle("red", Rect(x: 0, y: 0, width: 40, height: 20), Color(red: 1, green: 0, blue: 0), group: "shown"),
            ]
            return try picture(layers, groups: [SceneGroup(name: "m"), SceneGroup(name: "shown", matte: SceneGroup.Matte(group: "m", mode: mode))])
        }
        let alpha = try matted(.alpha)
        #expect(rgb(alpha.pixel(x: 10, y: 10)) == [255, 0, 0], "red where the matte is opaque")
        #expect(rgb(alpha.pixel(x: 30, y: 10)) == [255, 255, 255], "the matte itself is not drawn")
        let inverted = try matted(.alphaInverted)
        #expect(rgb(inverted.pixel(x: 10, y: 10)) == [255, 255, 255])
        #expect(rgb(inverted.pixel(x: 30, y: 10)) == [255, 0, 0])
        // Luminance 128: red at 128 over white, green 127; inverted, 127: green 128.
        let luminance = try matted(.luminance)
        #expect(rgb(luminance.pixel(x: 10, y: 10)) == [255, 127, 127])
        #expect(rgb(luminance.pixel(x: 30, y: 10)) == [255, 255, 255])
        let dark = try matted(.luminanceInverted)
        #expect(rgb(dark.pixel(x: 10, y: 10)) == [255, 128, 128])
        #expect(rgb(dark.pixel(x: 30, y: 10)) == [255, 0, 0])
    }

    @Test("a group's drop shadow lies beneath the composited group, before its opacity, and blurs as a Gaussian")
    func groupShadow() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        func shadowed(_ change: (inout SceneGroup) -> Void) throws -> PixelBuffer {
            var group = SceneGroup(name: "g")
            group.shadow = SceneLayer.Shadow(color: .black, opacity: 1, radius: 0, offset: Point(x: 5, y: 0))
            change(&group)
            return try picture([rectangle("a", Rect(x: 10, y: 0, width: 10, height: 20), red, group: "g")], groups: [group])
        }
        // Sharp, 5 to the right: black from 20 to 25, the red square over its own shadow.
        let sharp = try shadowed { _ in }
        #expect(rgb(sharp.pixel(x: 15, y: 10)) == [255, 0, 0])
        #expect(rgb(sharp.pixel(x: 22, y: 10)) == [0, 0, 0])
        #expect(rgb(sharp.pixel(x: 26, y: 10)) == [255, 255, 255])
        // The group's opacity fades the shadow and the square together: black and red at 128 over
        // white, and where the square covers the shadow, only the square shows.
        let faded = try shadowed { $0.opacity = 0.5 }
        #expect(rgb(faded.pixel(x: 22, y: 10)) == [127, 127, 127])
        #expect(rgb(faded.pixel(x: 15, y: 10)) == [255, 127, 127])
        // Radius 8 (σ = 4), no offset: at the square's right edge (pixel 20, its centre 0.5 past
        // the edge) the shadow's coverage is Φ(−0.5 / 4) = 0.450, so 255 · (1 − 0.450) = 140 of white
        // is left; 8 further, Φ(−8.5 / 4) = 0.017: 251.
        let soft = try shadowed { $0.shadow = SceneLayer.Shadow(color: .black, opacity: 1, radius: 8, offset: .zero) }
        #expect(abs(Int(soft.pixel(x: 20, y: 10).green) - 140) <= 3, "\(soft.pixel(x: 20, y: 10))")
        #expect(abs(Int(soft.pixel(x: 28, y: 10).green) - 251) <= 3, "\(soft.pixel(x: 28, y: 10))")
        // Bound: the offset from channels.
        var group = SceneGroup(name: "g")
        group.shadow = SceneLayer.Shadow(color: .black, opacity: 1, radius: 0, offset: .zero)
        group.bind(.shadowOffsetX, to: "dx")
        let scene = Scene(size: Size(width: 40, height: 20), background: Self.white,
                          layers: [rectangle("a", Rect(x: 10, y: 0, width: 10, height: 20), red, group: "g")], groups: [group])
        let schema = FrameSchema([("dx", .scalar)])
        let bound = try BoundScene(scene: scene, schema: schema)
        var frame = Frame(schema: schema)
        frame.numbers[0] = -8
        var rasterizer = try SceneRasterizer(scene: scene)
        let moved = rasterizer.picture(of: bound.layers(at: frame), groups: bound.groups(at: frame))
        #expect(rgb(moved.pixel(x: 5, y: 10)) == [0, 0, 0] && rgb(moved.pixel(x: 22, y: 10)) == [255, 255, 255])
        // A shadow binding without a shadow is an error.
        var bare = SceneGroup(name: "g")
        bare.bind(.shadowRadius, to: "dx")
        #expect(throws: DocumentErrors.self) { try BoundScene(scene: Scene(size: Size(width: 4, height: 4), groups: [bare]), schema: schema) }
    }

    @Test("a group's blur is a Gaussian of its composited picture, across and down apart")
    func groupBlur() throws {
        // A red rectangle (0 … 20) across the picture's height, blurred with σ = 2 across: the
        // pixel at 20 (its centre 0.5 past the edge) keeps Φ(−0.25) = 0.401 of the red over white,
        // so 255 · 0.599 = 153 of green is left; σ down only leaves the edge sharp.
        func blurred(x: Double, y: Double) throws -> PixelBuffer {
            var group = SceneGroup(name: "g")
            group.blurX = x
            group.blurY = y
            return try picture([rectangle("a", Rect(x: 0, y: -10, width: 20, height: 40), Color(red: 1, green: 0, blue: 0), group: "g")], groups: [group])
        }
        let across = try blurred(x: 2, y: 0)
        #expect(abs(Int(across.pixel(x: 20, y: 10).green) - 153) <= 3, "\(across.pixel(x: 20, y: 10))")
        #expect(rgb(across.pixel(x: 10, y: 10)) == [255, 0, 0])
        let down = try blurred(x: 0, y: 2)
        #expect(rgb(down.pixel(x: 20, y: 10)) == [255, 255, 255] && rgb(down.pixel(x: 19, y: 10)) == [255, 0, 0])
        // In SVG: a filter of its own inside the group.
        var group = SceneGroup(name: "g")
        (group.blurX, group.blurY) = (2, 0)
        let scene = Scene(size: Size(width: 40, height: 20), layers: [rectangle("a", Rect(x: 0, y: 0, width: 20, height: 20), .black, group: "g")], groups: [group])
        let bound = try BoundScene(scene: scene, schema: FrameSchema([]))
        let frame = Frame(schema: FrameSchema([]))
        let svg = SceneSVGWriter.standalone(bound.layers(at: frame), groups: bound.groups(at: frame), of: scene, width: 40, height: 20, transform: .identity)
        #expect(svg.contains("<feGaussianBlur stdDeviation=\"2 0\"/>") && svg.contains("<g filter=\"url(#g0-blur)\">"))
        #expect(try Scene(json: scene.jsonValue) == scene)
    }

    @Test("a group's opacity can be bound to a channel")
    func boundOpacity() throws {
        var group = SceneGroup(name: "g")
        group.bind(.opacity, to: "g.opacity")
        let scene = Scene(
            size: Size(width: 10, height: 10),
            layers: [rectangle("a", Rect(x: 0, y: 0, width: 10, height: 10), Color(red: 1, green: 0, blue: 0), group: "g")], groups: [group])
        let schema = FrameSchema([("g.opacity", .scalar)])
        let bound = try BoundScene(scene: scene, schema: schema)
        var frame = Frame(schema: schema)
        frame.numbers[0] = 0.25
        #expect(bound.groups(at: frame).first?.opacity == 0.25)
        frame.numbers[0] = 3
        #expect(bound.groups(at: frame).first?.opacity == 1)
        #expect(bound.layers(at: frame).first?.group == 0)
        #expect(throws: DocumentErrors.self) { try BoundScene(scene: scene, schema: FrameSchema([("g.opacity", .color)])) }
    }

    @Test("groups are read from and written to JSON")
    func jsonRoundTrip() throws {
        let json = try JSONParser.parse(#"""
            {"size": [40, 20], "layers": [
              {"name": "m", "shape": "rect", "frame": [0, 0, 20, 20], "fill": "#FFFFFF", "group": "matte"},
              {"name": "a", "shape": "oval", "frame": [0, 0, 40, 20], "fill": "#FF0000", "group": "inner"}],
             "groups": [{"name": "matte"}, {"name": "outer", "opacity": 0.5, "matte": {"group": "matte", "mode": "luminance-inverted"}},
                        {"name": "inner", "parent": "outer", "blendMode": "color-dodge"}]}
            """#)
        let scene = try Scene(json: json)
        #expect(scene.groups.count == 3)
        #expect(scene.groups[1].matte == SceneGroup.Matte(group: "matte", mode: .luminanceInverted))
        #expect(scene.groups[2].blendMode == .colorDodge && scene.groups[2].parent == "outer")
        #expect(scene.layers[1].group == "inner")
        #expect(try Scene(json: scene.jsonValue) == scene)
    }

    @Test("bad groups are errors that say what and where")
    func errors() throws {
        func messages(_ text: String) throws -> [String] {
            Scene.validationErrors(in: try JSONParser.parse(text), schema: nil).map(\.description)
        }
        let unknown = try messages(#"{"size": [4, 4], "layers": [{"name": "a", "shape": "oval", "frame": [0, 0, 4, 4], "group": "nope"}]}"#)
        #expect(unknown.contains { $0.contains("scene.layers[0].group") && $0.contains("unknown group \"nope\"") })
        let cycle = try messages(#"{"size": [4, 4], "layers": [], "groups": [{"name": "a", "parent": "b"}, {"name": "b", "parent": "a"}]}"#)
        #expect(cycle.contains { $0.contains("scene.groups[0].parent") && $0.contains("inside itself") })
        let own = try messages(#"{"size": [4, 4], "layers": [], "groups": [{"name": "a", "matte": {"group": "a"}}]}"#)
        #expect(own.contains { $0.contains("scene.groups[0].matte.group") })
        let mode = try messages(#"{"size": [4, 4], "layers": [], "groups": [{"name": "a", "blendMode": "burn"}]}"#)
        #expect(mode.contains { $0.contains("scene.groups[0].blendMode") && $0.contains("unknown blend mode \"burn\"") && $0.contains("color-burn") })
        let duplicate = try messages(#"{"size": [4, 4], "layers": [], "groups": [{"name": "a"}, {"name": "a"}]}"#)
        #expect(duplicate.contains { $0.contains("scene.groups[1].name") && $0.contains("duplicate") })
    }

    @Test("the SVG writer draws groups as <g> with mix-blend-mode and a matte as a <mask> holding its layers")
    func svgElements() throws {
        let layers = [
            rectangle("m", Rect(x: 0, y: 0, width: 20, height: 20), Self.white, group: "matte"),
            rectangle("a", Rect(x: 0, y: 0, width: 40, height: 20), Color(red: 1, green: 0, blue: 0), group: "shown"),
        ]
        let groups = [
            SceneGroup(name: "matte"),
            SceneGroup(name: "shown", opacity: 0.5, blendMode: .multiply, matte: SceneGroup.Matte(group: "matte", mode: .alphaInverted)),
        ]
        let scene = Scene(size: Size(width: 40, height: 20), layers: layers, groups: groups)
        let bound = try BoundScene(scene: scene, schema: FrameSchema([]))
        let frame = Frame(schema: FrameSchema([]))
        let svg = SceneSVGWriter.standalone(
            bound.layers(at: frame), groups: bound.groups(at: frame), of: scene, width: 40, height: 20, transform: .identity)
        let mask = try #require(svg.range(of: "<mask id=\"g0\""))
        let matteLayer = try #require(svg.range(of: "data-layer=\"m\""))
        let maskEnd = try #require(svg.range(of: "</mask>"))
        #expect(mask.lowerBound < matteLayer.lowerBound && matteLayer.lowerBound < maskEnd.lowerBound, "the matte's layer is inside its mask")
        #expect(svg.contains("mask-type=\"alpha\""))
        #expect(svg.contains("<feFuncA type=\"table\" tableValues=\"1 0\"/>"), "an inverted matte inverts its alpha")
        #expect(svg.contains("<g data-group=\"shown\" opacity=\"0.5\" style=\"mix-blend-mode:multiply\" mask=\"url(#g0)\">"))
    }
}
