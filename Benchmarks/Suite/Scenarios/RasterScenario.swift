import Timeline
import TimelinePlugins
import TimelineHost

/// Scenario 9: pixels, through the public API a user writes (`SceneRasterizer`, `PNGEncoder`).
///
/// - `raster/path-aa`: tiny-skia's "Path AA" case: a 1000 × 1000 canvas, the even-odd fill of
///   `M500,20 C650,320 770,650 800,980 L20,380 L200,980 C230,650 350,320 500,20 Z` in
///   rgba(50, 127, 150, 200), drawn frame after frame (each frame clears the canvas first, as a
///   frame does); `Benchmarks/Comparators/raster.py` draws the same with Skia (`skia-python`).
/// - `raster/path-aa/1000x1000/straight-alpha`: that frame drawn and made straight by a picture
///   worker, as `--format rgba` (straight alpha) and video do; the difference from the case above
///   is the conversion.
/// - `raster/presets-1080p/draw` and `…/png`: every frame of every preset drawn at 1920 × 1080
///   (each scene fitted), and the same frames PNG-encoded: per frame.
/// - `raster/scene-100-layers-1080p`: a 100-layer 1080p scene (rounded rectangles, paths,
///   opacity, two blurred shadows, masks).
enum RasterScenario {
    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] {
        let frames = configuration.quick ? 10 : 60
        return [
            BenchmarkCase(
                scenario: 9, name: "raster/path-aa/1000x1000", valuesPerRepetition: frames,
                framesPerRepetition: frames, target: nil
            ) {
                var rasterizer = try SceneRasterizer(scene: try pathAAScene())
                let layers = try BoundScene(scene: rasterizer.scene, schema: FrameSchema([])).layers(at: Frame(schema: FrameSchema([])))
                var pixels = PixelBuffer(width: 1_000, height: 1_000)
                return Repetition(
                    run: {
                        for _ in 0..<frames { rasterizer.draw(layers, into: &pixels) }
                        blackHole(pixels.pixel(x: 500, y: 500))
                    },
                    check: { "tiny-skia's Path AA shape, even-odd, 1000 × 1000" })
            },
            BenchmarkCase(
                scenario: 9, name: "raster/path-aa/1000x1000/straight-alpha", valuesPerRepetition: frames,
                framesPerRepetition: frames, target: nil
            ) {
                // What --format rgba (straight alpha, the default) and video do with a frame, on
                // their own path: a picture worker draws the path-aa frame (transparent around a
                // translucent shape) and makes it straight where it drew. Against
                // raster/path-aa/1000x1000 (the drawing alone), the difference is the conversion.
                let scene = try pathAAScene()
                let worker = PictureWorker(
                    scene: try BoundScene(scene: scene, schema: FrameSchema([])), width: 1_000, height: 1_000, transform: .identity)
                return Repetition(
                    run: {
                        for _ in 0..<frames { worker.draw(.straight) }
                        blackHole(worker.pixels.pixel(x: 500, y: 500))
                    },
                    check: { "tiny-skia's Path AA shape drawn and made straight, 1000 × 1000, per frame" })
            },
            BenchmarkCase(
                scenario: 9, name: "raster/presets-1080p/draw", valuesPerRepetition: 1,
                framesPerRepetition: 1, target: .microsecondsPerFrame(4_000)
            ) {
                let scenes = try presetFrames(limit: configuration.quick ? 4 : 20)
                var rasterizers = scenes.map { SceneRasterizer(scene: $0.scene, width: 1_920, height: 1_080, transform: $0.fit) }
                var pixels = PixelBuffer(width: 1_920, height: 1_080)
                return Repetition(
                    run: {
                        for index in scenes.indices {
                            for layers in scenes[index].frames { rasterizers[index].draw(layers, into: &pixels) }
                        }
                        blackHole(pixels.pixel(x: 960, y: 540))
                    },
                    check: { "\(scenes.count) presets, \(scenes.map(\.frames.count).reduce(0, +)) frames at 1920 × 1080 a repetition (per frame)" })
            }
            .perFrame(of: try? presetFrames(limit: configuration.quick ? 4 : 20)),
            BenchmarkCase(
                scenario: 9, name: "raster/presets-1080p/png", valuesPerRepetition: 1,
                framesPerRepetition: 1, target: nil
            ) {
                let scenes = try presetFrames(limit: 2)
                var rasterizer = SceneRasterizer(scene: scenes[0].scene, width: 1_920, height: 1_080, transform: scenes[0].fit)
                var pictures: [PixelBuffer] = []
                for layers in scenes[0].frames {
                    var pixels = PixelBuffer(width: 1_920, height: 1_080)
                    rasterizer.draw(layers, into: &pixels)
                    pictures.append(pixels)
                }
                var encoder = PNGEncoder()
                var bytes: [UInt8] = []
                return Repetition(
                    run: {
                        for picture in pictures {
                            try encoder.encode(width: 1_920, height: 1_080, rgba: picture.bytes, alpha: .premultiplied, into: &bytes)
                        }
                        blackHole(bytes.count)
                    },
                    check: { "\(pictures.count) frames of \(PresetCatalog.reference.first.map { $0.name } ?? "") at 1920 × 1080 a repetition (per frame)" })
            }
            .perFrame(count: (try? presetFrames(limit: 2))?.first?.frames.count ?? 1),
            BenchmarkCase(
                scenario: 9, name: "raster/scene-100-layers-1080p", valuesPerRepetition: frames,
                framesPerRepetition: frames, target: .microsecondsPerFrame(16_000)
            ) {
                let scene = try hundredLayerScene()
                var rasterizer = try SceneRasterizer(scene: scene)
                let layers = try BoundScene(scene: scene, schema: FrameSchema([])).layers(at: Frame(schema: FrameSchema([])))
                var pixels = PixelBuffer(width: 1_920, height: 1_080)
                return Repetition(
                    run: {
                        for _ in 0..<frames { rasterizer.draw(layers, into: &pixels) }
                        blackHole(pixels.pixel(x: 960, y: 540))
                    },
                    check: { "100 layers: rounded rectangles, paths, opacity, two blurred shadows, masks" })
            },
        ]
    }

    /// tiny-skia's "Path AA" benchmark as a scene.
    static func pathAAScene() throws -> Scene {
        var path = try Path(svgPathData: "M500,20 C650,320 770,650 800,980 L20,380 L200,980 C230,650 350,320 500,20 Z")
        path.fillRule = .evenOdd
        var layer = SceneLayer(name: "path", shape: .path(path), frame: Rect(x: 0, y: 0, width: 1_000, height: 1_000))
        layer.fill = Color(red: 50 / 255, green: 127 / 255, blue: 150 / 255, alpha: 200 / 255)
        return Scene(size: Size(width: 1_000, height: 1_000), background: Color(red: 0, green: 0, blue: 0, alpha: 0), layers: [layer])
    }

    /// Every preset's scene and the resolved layers of up to `limit` of its frames, evenly spaced.
    static func presetFrames(limit: Int) throws -> [(scene: Scene, fit: AffineMatrix, frames: [[ResolvedLayer]])] {
        try PresetCatalog.reference.map { type in try frames(of: type, limit: limit) }
    }

    private static func frames<Preset: TransitionPreset>(
        of type: Preset.Type, limit: Int
    ) throws -> (scene: Scene, fit: AffineMatrix, frames: [[ResolvedLayer]]) {
        let preset = try Preset(context: TransitionContext(), parameters: [:])
        var source = try PresetSource(preset: preset, frameRate: .fps60)
        let bound = try BoundScene(scene: preset.scene, schema: source.schema)
        var all: [Frame] = []
        var sink = CallbackSink { all.append($0) }
        try HostLoop.renderOffline(&source, frameRate: .fps60, to: &sink)
        let picked = stride(from: 0, to: all.count, by: max(1, all.count / limit)).map { bound.layers(at: all[$0]) }
        let fit = try PictureSize.fit(width: 1_920, height: 1_080).pixels(for: preset.scene.size).transform
        return (preset.scene, fit, picked)
    }

    /// The 100-layer 1080p scene: 60 rounded rectangles (some translucent), 30 paths (some with
    /// masks), 8 ovals, and two large rounded rectangles with blurred shadows.
    static func hundredLayerScene() throws -> Scene {
        var random = SplitMix64(state: 100)
        var layers: [SceneLayer] = []
        func colour(_ alpha: Double = 1) -> Color {
            Color(red: random.uniform(0...1), green: random.uniform(0...1), blue: random.uniform(0...1), alpha: alpha)
        }
        for index in 0..<100 {
            let frame = Rect(x: random.uniform(0...1_700), y: random.uniform(0...900), width: random.uniform(40...400), height: random.uniform(30...300))
            var layer: SceneLayer
            switch index {
            case 0, 1:
                layer = SceneLayer(name: "card\(index)", shape: .rectangle(cornerRadius: 24), frame: Rect(x: 200 + 800 * Double(index), y: 200, width: 640, height: 480))
                layer.shadow = SceneLayer.Shadow(color: Color(red: 0, green: 0, blue: 0), opacity: 0.35, radius: 24, offset: Point(x: 0, y: 12))
                layer.fill = colour()
            case 2..<62:
                layer = SceneLayer(name: "rect\(index)", shape: .rectangle(cornerRadius: random.uniform(0...30)), frame: frame)
                layer.fill = colour(index % 3 == 0 ? 0.6 : 1)
                if index % 4 == 0 { layer.opacity = 0.7 }
            case 62..<92:
                let path = try Path(svgPathData: "M\(frame.minX) \(frame.minY) C\(frame.maxX) \(frame.minY) \(frame.minX) \(frame.maxY) \(frame.maxX) \(frame.maxY) L\(frame.minX) \(frame.maxY) Z")
                layer = SceneLayer(name: "path\(index)", shape: .path(path), frame: frame)
                layer.fill = colour(0.8)
                layer.stroke = colour()
                layer.strokeWidth = 3
                if index % 3 == 0 {
                    layer.mask = SceneLayer.Mask(path: try Path.circle(center: Point(x: frame.midX, y: frame.midY), radius: frame.width / 2))
                }
            default:
                layer = SceneLayer(name: "oval\(index)", shape: .oval, frame: frame)
                layer.fill = colour()
            }
            layers.append(layer)
        }
        return Scene(size: Size(width: 1_920, height: 1_080), background: Color(red: 0.96, green: 0.96, blue: 0.97), layers: layers)
    }
}

extension BenchmarkCase {
    /// The case with one value and frame per drawn frame of `scenes` (so the report's figures are
    /// per frame).
    fileprivate func perFrame(of scenes: [(scene: Scene, fit: AffineMatrix, frames: [[ResolvedLayer]])]?) -> BenchmarkCase {
        perFrame(count: scenes?.map(\.frames.count).reduce(0, +) ?? 1)
    }

    fileprivate func perFrame(count: Int) -> BenchmarkCase {
        var result = self
        result.valuesPerRepetition = max(count, 1)
        result.framesPerRepetition = max(count, 1)
        return result
    }
}
