import Testing
@testable import Timeline
import TimelinePlugins
@testable import CadenceRaster
@testable import CadenceHostCore

/// The scene rasterizer against pixel values worked out by hand: coverage of fractional edges,
/// source-over in 8 bits, group opacity, masks, shadows and the picture's size.
@Suite("Scene rasterizer")
struct SceneRasterizerTests {
    static let background = Color(red: 1, green: 1, blue: 1)
    static let red = Color(red: 1, green: 0, blue: 0)

    func picture(_ layers: [SceneLayer], size: Size = Size(width: 40, height: 20), picture: PictureSize = .natural) throws -> PixelBuffer {
        let scene = Scene(size: size, background: Self.background, layers: layers)
        let bound = try BoundScene(scene: scene, schema: FrameSchema([]))
        var rasterizer = try SceneRasterizer(scene: scene, size: picture)
        return rasterizer.picture(of: bound.layers(at: Frame(schema: FrameSchema([]))))
    }

    func layer(_ frame: Rect, fill: Color? = red) -> SceneLayer {
        var layer = SceneLayer(name: "l", shape: .rectangle(cornerRadius: 0), frame: frame)
        layer.fill = fill
        return layer
    }

    /// Red over white with coverage `c`: the green and blue channels are `255 · (1 − c)`.
    func expectCoverage(_ pixel: PixelBuffer.Pixel, _ coverage: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = 255 * (1 - coverage)
        #expect(pixel.red == 255 && pixel.alpha == 255, sourceLocation: sourceLocation)
        #expect(abs(Double(pixel.green) - expected) <= 1, "green \(pixel.green), expected \(expected)", sourceLocation: sourceLocation)
        #expect(pixel.green == pixel.blue, sourceLocation: sourceLocation)
    }

    @Test("a layer's caps, joins and dashes reach its pixels and its SVG")
    func strokeStyleReachesPixelsAndSVG() throws {
        // A line from (5, 10) to (35, 10), 4 wide, red over white: butt caps end at x 5 and 35;
        // square and round caps reach 2 further; dashes [6, 4] leave (11 … 15) empty, and a bound
        // offset of 6 moves the pattern on: (5 … 9) empty, (9 … 15) drawn.
        func line(_ change: (inout SceneLayer) -> Void) throws -> PixelBuffer {
            var layer = SceneLayer(name: "l", shape: .path(try Path(svgPathData: "M 5 10 L 35 10")), frame: Rect(x: 0, y: 0, width: 40, height: 20))
            layer.stroke = Self.red
            layer.strokeWidth = 4
            change(&layer)
            return try picture([layer])
        }
        let butt = try line { _ in }
        expectCoverage(butt.pixel(x: 5, y: 10), 1)
        expectCoverage(butt.pixel(x: 4, y: 10), 0)
        let square = try line { $0.lineCap = .square }
        expectCoverage(square.pixel(x: 3, y: 8), 1)
        expectCoverage(square.pixel(x: 2, y: 10), 0)
        let round = try line { $0.lineCap = .round }
        expectCoverage(round.pixel(x: 4, y: 10), 1)
        #expect(round.pixel(x: 3, y: 8).green > 128, "a round cap leaves the square's corner mostly empty")
        let dashed = try line { $0.dashes = [6, 4] }
        expectCoverage(dashed.pixel(x: 8, y: 10), 1)
        expectCoverage(dashed.pixel(x: 12, y: 10), 0)
        let shifted = try line { $0.dashes = [6, 4]; $0.dashOffset = 6 }
        expectCoverage(shifted.pixel(x: 6, y: 10), 0)
        expectCoverage(shifted.pixel(x: 12, y: 10), 1)
        // The SVG says the same to a browser.
        var layer = SceneLayer(name: "l", shape: .path(try Path(svgPathData: "M 5 10 L 35 10")), frame: Rect(x: 0, y: 0, width: 40, height: 20))
        layer.stroke = Self.red
        layer.lineCap = .round
        layer.lineJoin = .bevel
        layer.miterLimit = 2
        layer.dashes = [6, 4]
        layer.dashOffset = 1
        let scene = Scene(size: Size(width: 40, height: 20), background: Self.background, layers: [layer])
        let bound = try BoundScene(scene: scene, schema: FrameSchema([]))
        let svg = SceneSVGWriter.standalone(
            bound.layers(at: Frame(schema: FrameSchema([]))), of: scene, width: 40, height: 20, transform: .identity)
        #expect(svg.contains(#"stroke-linecap="round" stroke-linejoin="bevel" stroke-miterlimit="2" stroke-dasharray="6 4" stroke-dashoffset="1""#), "\(svg)")
    }

    @Test("a gradient fill and a gradient stroke reach the pixels, moved by the layer, a bound channel changing them, and the SVG")
    func gradientsReachPixelsAndSVG() throws {
        // A 40 × 20 rectangle filled black to white from x 0 to 40 under a layer scale of 1 (the
        // frame's centre fixed): the grey at column x is 255 · (x + 0.5) / 40.
        var layer = layer(Rect(x: 0, y: 0, width: 40, height: 20), fill: nil)
        layer.fillGradient = .linear(
            from: Point(x: 0, y: 0), to: Point(x: 40, y: 0), stops: [.init(offset: 0, color: .black), .init(offset: 1, color: .white)])
        layer.bind(.fillGradient, to: "g")
        let scene = Scene(size: Size(width: 40, height: 20), background: Self.background, layers: [layer])
        let schema = FrameSchema([("g", .vector(22))])
        let bound = try BoundScene(scene: scene, schema: schema)
        var rasterizer = try SceneRasterizer(scene: scene)
        var frame = Frame(schema: schema)
        // Not finite: the scene's gradient.
        frame.numbers = Array(repeating: .nan, count: 22)
        let still = rasterizer.picture(of: bound.layers(at: frame))
        for x in [0, 13, 39] {
            #expect(Int(still.pixel(x: x, y: 7).red) == Int((255 * (Double(x) + 0.5) / 40).rounded()), "column \(x)")
        }
        // Bound: vertical now, from y 0 (red) to y 20 (blue, half opaque) over white.
        frame.numbers = [0, 0, 0, 20, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0.5]
        let moved = rasterizer.picture(of: bound.layers(at: frame))
        // Row 5, t 0.275: straight (0.725, 0, 0.275), alpha 0.8625; over white.
        let pixel = moved.pixel(x: 30, y: 5)
        let alpha = (0.8625 * 255).rounded()
        #expect(pixel.alpha == 255)
        #expect(abs(Int(pixel.red) - Int((0.725 * alpha + 255 - alpha).rounded())) <= 1)
        #expect(abs(Int(pixel.green) - Int((255 - alpha).rounded())) <= 1)
        #expect(abs(Int(pixel.blue) - Int((0.275 * alpha + 255 - alpha).rounded())) <= 1)
        // The SVG draws the same gradient.
        let svg = SceneSVGWriter.standalone(bound.layers(at: frame), of: scene, width: 40, height: 20, transform: .identity)
        #expect(svg.contains(##"<linearGradient id="l0-fill" x1="0" y1="0" x2="0" y2="20" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#FF0000"/><stop offset="1" stop-color="#0000FF" stop-opacity="0.5"/></linearGradient>"##), "\(svg)")
        #expect(svg.contains(#"fill="url(#l0-fill)""#))
        // A stroke in a gradient, and the same shape stroked in the gradient's colour where it is constant.
        var stroked = SceneLayer(name: "s", shape: .path(try Path(svgPathData: "M 5 10 L 35 10")), frame: Rect(x: 0, y: 0, width: 40, height: 20))
        stroked.strokeWidth = 4
        stroked.strokeGradient = .radial(center: Point(x: 20, y: 10), radius: 100, stops: [.init(offset: 0, color: Self.red), .init(offset: 1, color: Self.red)])
        var plain = stroked
        plain.strokeGradient = nil
        plain.stroke = Self.red
        #expect(try picture([stroked]).bytes == picture([plain]).bytes)
    }

    @Test("a translucent mask shows the layer at its opacity inside its path, and is an SVG mask")
    func translucentMask() throws {
        // Red over white, masked by the left half at 40 %: inside, red at 102/255 over white
        // (green and blue 255 − 102 = 153); outside, white.
        var masked = layer(Rect(x: 0, y: 0, width: 40, height: 20))
        masked.mask = SceneLayer.Mask(path: try Path(svgPathData: "M 0 0 L 20 0 L 20 20 L 0 20 Z"), opacity: 0.4)
        let image = try picture([masked])
        #expect(image.pixel(x: 5, y: 5) == PixelBuffer.Pixel(red: 255, green: 153, blue: 153, alpha: 255))
        #expect(image.pixel(x: 30, y: 5) == PixelBuffer.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        let scene = Scene(size: Size(width: 40, height: 20), background: Self.background, layers: [masked])
        let bound = try BoundScene(scene: scene, schema: FrameSchema([]))
        let svg = SceneSVGWriter.standalone(bound.layers(at: Frame(schema: FrameSchema([]))), of: scene, width: 40, height: 20, transform: .identity)
        #expect(svg.contains(##"<path d="M 0 0 L 20 0 L 20 20 L 0 20 Z" fill="#FFFFFF" fill-opacity="0.4" fill-rule="nonzero"/></mask>"##), "\(svg)")
        #expect(svg.contains(#"mask="url(#l0-mask)""#))
    }

    @Test func aRectangleOnWholePixelsIsExact() throws {
        let image = try picture([layer(Rect(x: 5, y: 4, width: 10, height: 6))])
        #expect(image.pixel(x: 5, y: 4) == PixelBuffer.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(image.pixel(x: 14, y: 9) == PixelBuffer.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(image.pixel(x: 4, y: 4) == PixelBuffer.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(image.pixel(x: 15, y: 9) == PixelBuffer.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(image.pixel(x: 5, y: 10) == PixelBuffer.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
    }

    @Test func fractionalEdgesCoverTheirArea() throws {
        // Left edge at 10.5 (half a pixel), right edge at 20.25 (a quarter), top at 2.75 (a quarter).
        let image = try picture([layer(Rect(x: 10.5, y: 2.75, width: 9.75, height: 10))])
        expectCoverage(image.pixel(x: 10, y: 6), 0.5)
        expectCoverage(image.pixel(x: 20, y: 6), 0.25)
        expectCoverage(image.pixel(x: 15, y: 2), 0.25)
        // The corner pixel: half by a quarter.
        expectCoverage(image.pixel(x: 10, y: 2), 0.125)
        expectCoverage(image.pixel(x: 15, y: 6), 1)
    }

    @Test func groupOpacityFadesTheLayerAsOneNotEachPart() throws {
        // An opaque red fill under an opaque blue stroke, at opacity 0.5: where the stroke covers the
        // fill, only the stroke shows through (blue at half over white), not red beneath it.
        var square = layer(Rect(x: 10, y: 5, width: 20, height: 10))
        square.stroke = Color(red: 0, green: 0, blue: 1)
        square.strokeWidth = 4
        square.opacity = 0.5
        let image = try picture([square])
        let onStroke = image.pixel(x: 10, y: 10)      // the stroke's middle line, over the fill's edge
        let alpha = (0.5 * 255).rounded() / 255
        #expect(abs(Double(onStroke.red) - 255 * (1 - alpha)) <= 1, "\(onStroke)")
        #expect(abs(Double(onStroke.green) - 255 * (1 - alpha)) <= 1, "\(onStroke)")
        #expect(onStroke.blue == 255)
        let inside = image.pixel(x: 20, y: 10)        // fill only: red at half over white
        #expect(inside.red == 255 && abs(Double(inside.green) - 255 * (1 - alpha)) <= 1, "\(inside)")
    }

    @Test func anEvenOddMaskCutsAHole() throws {
        var square = layer(Rect(x: 0, y: 0, width: 40, height: 20))
        var hole = try Path.rectangle(Rect(x: 0, y: 0, width: 40, height: 20))
        hole.addPath(try Path.rectangle(Rect(x: 10, y: 5, width: 10, height: 10)))
        square.mask = SceneLayer.Mask(path: hole, fillRule: .evenOdd)
        let image = try picture([square])
        #expect(image.pixel(x: 15, y: 10) == PixelBuffer.Pixel(red: 255, green: 255, blue: 255, alpha: 255), "the hole shows the background")
        #expect(image.pixel(x: 5, y: 10) == PixelBuffer.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    @Test func aShadowIsTheOutlineBlurredWithSigmaHalfTheRadius() throws {
        // No fill: only the shadow of a wide rectangle, black at opacity 0.5, radius 4 (σ = 2). Far
        // inside, the blur leaves it whole: white under black at half, 128 (rounded 127.5 ± 1).
        var shadowed = layer(Rect(x: 0, y: 0, width: 40, height: 20), fill: nil)
        shadowed.stroke = nil
        shadowed.shadow = SceneLayer.Shadow(color: Color(red: 0, green: 0, blue: 0), opacity: 0.5, radius: 4, offset: Point(x: 0, y: 0))
        let scene = Scene(size: Size(width: 60, height: 40), background: Self.background, layers: [
            { var l = shadowed; l.frame = Rect(x: 10, y: 10, width: 40, height: 20); return l }(),
        ])
        let bound = try BoundScene(scene: scene, schema: FrameSchema([]))
        var rasterizer = try SceneRasterizer(scene: scene)
        let image = rasterizer.picture(of: bound.layers(at: Frame(schema: FrameSchema([]))))
        #expect(abs(Int(image.pixel(x: 30, y: 20).green) - 128) <= 1, "\(image.pixel(x: 30, y: 20))")
        // The first row inside the edge: the blurred coverage is the mean over the pixel of the
        // Gaussian's cumulative Φ((y − 10) / 2) for y in 10 … 11, 0.5987, so the shadow's alpha is
        // 0.5 × 0.5987 and green 255 × (1 − 0.2993) = 178.7.
        #expect(abs(Int(image.pixel(x: 30, y: 10).green) - 179) <= 2, "\(image.pixel(x: 30, y: 10))")
        // 3σ outside: nothing.
        #expect(image.pixel(x: 30, y: 3) == PixelBuffer.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
    }

    @Test func aShadowsOffsetIsInTheLayersSpaceAndScalesWithIt() throws {
        // A sharp black shadow (radius 0) offset 3 to the right, of a layer with no fill, in a
        // picture twice the scene's size: the offset is scaled with the layer, 6 pixels, so the
        // shadow covers x 16 ..< 36 and y 8 ..< 20 (not 13 ..< 33, an offset added after scaling).
        var shadowed = layer(Rect(x: 5, y: 4, width: 10, height: 6), fill: nil)
        shadowed.stroke = nil
        shadowed.shadow = SceneLayer.Shadow(color: Color(red: 0, green: 0, blue: 0), opacity: 1, radius: 0, offset: Point(x: 3, y: 0))
        let image = try picture([shadowed], picture: .scale(2))
        let black = PixelBuffer.Pixel(red: 0, green: 0, blue: 0, alpha: 255)
        let white = PixelBuffer.Pixel(red: 255, green: 255, blue: 255, alpha: 255)
        #expect(image.pixel(x: 16, y: 10) == black)
        #expect(image.pixel(x: 35, y: 19) == black)
        #expect(image.pixel(x: 15, y: 10) == white)
        #expect(image.pixel(x: 36, y: 10) == white)
        #expect(image.pixel(x: 20, y: 7) == white)
        #expect(image.pixel(x: 20, y: 20) == white)
    }

    @Test func thePictureSizeScalesOrFitsTheScene() throws {
        let doubled = try picture([layer(Rect(x: 5, y: 4, width: 10, height: 6))], picture: .scale(2))
        #expect(doubled.width == 80 && doubled.height == 40)
        #expect(doubled.pixel(x: 10, y: 8).green == 0 && doubled.pixel(x: 9, y: 8).green == 255)
        // 40 × 20 into 100 × 100: scale 2.5, centred vertically (25 pixels above and below).
        let fitted = try picture([layer(Rect(x: 0, y: 0, width: 40, height: 20))], picture: .fit(width: 100, height: 100))
        #expect(fitted.width == 100 && fitted.height == 100)
        #expect(fitted.pixel(x: 50, y: 24).green == 255 && fitted.pixel(x: 50, y: 25).green == 0)
        #expect(fitted.pixel(x: 50, y: 74).green == 0 && fitted.pixel(x: 50, y: 75).green == 255)
        #expect(throws: PictureError.self) { try PictureSize.scale(.nan).pixels(for: Size(width: 1, height: 1)) }
    }

    @Test func aPresetFrameIsDrawnThroughTheHostLoop() throws {
        let preset = try CardExpandPreset(context: TransitionContext(), parameters: [:])
        var source = try PresetSource(preset: preset, frameRate: .fps60)
        let picture = try HostLoop.picture(of: &source, frame: 30, frameRate: .fps60, scene: .scene(preset.scene))
        #expect(picture.width == 390 && picture.height == 844)
        // The same frame again is the same picture; the first frame is another one (it moves).
        #expect(try HostLoop.picture(of: &source, frame: 30, frameRate: .fps60, scene: .scene(preset.scene)) == picture)
        #expect(try HostLoop.picture(of: &source, frame: 0, frameRate: .fps60, scene: .scene(preset.scene)) != picture)
    }

    // A buffer drawn into frame after frame is reset only where the last frame's layers drew: every
    // frame of every preset, fitted into a wider picture (so the letterbox is never touched),
    // drawn into one buffer forwards, backwards and in a shuffled order, equals a fresh picture of
    // the same frame. A buffer last drawn with another background is cleared in full.
    @Test func aReusedBufferEqualsAFreshPictureFrameAfterFrame() throws {
        var random = SplitMix64(state: 22)
        for type in PresetCatalog.all {
            let (scene, frames) = try Self.frames(of: type)
            var rasterizer = try SceneRasterizer(scene: scene, size: .fit(width: 160, height: 90))
            var reused = PixelBuffer(width: 0, height: 0)
            var order = Array(frames.indices) + frames.indices.reversed()
            order += order.shuffled(using: &random)
            var mismatches: [Int] = []
            for index in order {
                rasterizer.draw(frames[index], into: &reused)
                if reused != rasterizer.picture(of: frames[index]) { mismatches.append(index) }
            }
            #expect(mismatches.count == 0, "\(type.name): frames \(mismatches.prefix(10)) differ when drawn into a used buffer")
        }
        // Another background: the whole buffer is cleared, not only the last frame's layers.
        let (scene, frames) = try Self.frames(of: PresetCatalog.all[0])
        var dark = scene
        dark.background = Color(red: 0, green: 0, blue: 0.2)
        var light = try SceneRasterizer(scene: scene, size: .fit(width: 160, height: 90))
        var other = try SceneRasterizer(scene: dark, size: .fit(width: 160, height: 90))
        var reused = light.picture(of: frames[0])
        other.draw(frames[frames.count / 2], into: &reused)
        #expect(reused == other.picture(of: frames[frames.count / 2]))
        light.draw(frames[1], into: &reused)
        #expect(reused == light.picture(of: frames[1]))
    }

    /// A preset's scene and the resolved layers of every frame at 60 fps.
    static func frames(of type: any TransitionPreset.Type) throws -> (Scene, [[ResolvedLayer]]) {
        func open<Preset: TransitionPreset>(_ type: Preset.Type) throws -> (Scene, [[ResolvedLayer]]) {
            let preset = try Preset(context: TransitionContext(), parameters: [:])
            var source = try PresetSource(preset: preset, frameRate: .fps60)
            let bound = try BoundScene(scene: preset.scene, schema: source.schema)
            var layers: [[ResolvedLayer]] = []
            var sink = CallbackSink { layers.append(bound.layers(at: $0)) }
            try HostLoop.renderOffline(&source, frameRate: .fps60, to: &sink)
            return (preset.scene, layers)
        }
        return try open(type)
    }
}
