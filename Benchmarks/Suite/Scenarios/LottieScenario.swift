#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Timeline
import TimelinePlugins
import TimelineHost

/// Scenario 10: a Lottie file evaluated the way a user evaluates it (Docs/Lottie.md): read with
/// `LottieAnimation(parsing:)`, compiled once into a `LottieProgram`, then every layer's world
/// matrix (16 numbers) and opacity at each frame: 17 values per layer per frame (target: at most
/// 20 ns per value). Beside it, the same file's whole life (reading, compiling, the frames,
/// teardown), the exact mode it compiles (`values(at:)`) and lottie-web's compatibility mode; and
/// what drawing a file costs: a file of shape layers drawn frame by frame (`LottieDrawingSource`
/// through the host loop, as `cadence render` draws it) and imported as a document (`LottieImport`).
///
/// The file is made here, so that the case runs anywhere: 240 layers, a quarter of them in two
/// placements of one precomposition, in parent chains of three; positions eased (one in eight
/// along spatial tangents), scales and rotations eased per dimension, opacity held and linear.
enum LottieScenario {
    static let layerCount = 240

    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] {
        let frames = configuration.authoringFrames * 3
        let text = animationText()
        let values = 17 * layers(of: text) * frames
        return [
            BenchmarkCase(scenario: 10, name: "lottie/compiled/240", valuesPerRepetition: values, framesPerRepetition: frames,
                          target: .nanosecondsPerValue(20)) {
                let program = LottieProgram(try LottieAnimation(parsing: text))
                var frame = program.makeFrame()
                return Repetition(run: {
                    for index in 0..<frames {
                        program.evaluate(at: Double(index) * 0.5, into: &frame)
                        blackHole(frame.worlds)
                    }
                })
            },
            BenchmarkCase(scenario: 10, name: "lottie/whole-life/240", valuesPerRepetition: values, framesPerRepetition: frames, target: nil) {
                Repetition(run: {
                    let program = LottieProgram(try LottieAnimation(parsing: text))
                    var frame = program.makeFrame()
                    for index in 0..<frames {
                        program.evaluate(at: Double(index) * 0.5, into: &frame)
                        blackHole(frame.worlds)
                    }
                })
            },
            BenchmarkCase(scenario: 10, name: "lottie/exact-values/240", valuesPerRepetition: values, framesPerRepetition: frames, target: nil) {
                let animation = try LottieAnimation(parsing: text)
                return Repetition(run: {
                    for index in 0..<frames { blackHole(animation.values(at: Double(index) * 0.5)) }
                })
            },
            BenchmarkCase(scenario: 10, name: "lottie/compat-lottie-web/240", valuesPerRepetition: values, framesPerRepetition: frames, target: nil) {
                let animation = try LottieAnimation(parsing: text)
                return Repetition(run: {
                    var player = try LottieWebPlayer(animation: animation)
                    for index in 0..<frames { blackHole(player.values(at: Double(index) * 0.5)) }
                })
            },
            BenchmarkCase(scenario: 10, name: "lottie/draw/60", valuesPerRepetition: 2 * 60 * frames, framesPerRepetition: frames, target: nil) {
                let animation = try LottieAnimation(parsing: drawingText)
                return Repetition(run: {
                    var source = LottieDrawingSource(animation)
                    var sink = CallbackSink { blackHole($0.paths) }
                    try HostLoop.renderOffline(&source, frameRate: FrameRate(framesPerSecond: 30)!, frames: 0...(frames - 1), to: &sink)
                })
            },
            BenchmarkCase(scenario: 10, name: "lottie/import/60", valuesPerRepetition: 2 * 60 * frames, framesPerRepetition: frames, target: nil) {
                let animation = try LottieAnimation(parsing: drawingText)
                return Repetition(run: { blackHole(try LottieImport(animation).text) })
            },
        ]
    }

    /// The drawing cases' file: 60 shape layers of 180 frames, each a group of an eased
    /// eight-vertex path and a rounded rectangle, filled (colour animated) and stroked: two paints
    /// per layer, drawn at each frame (a "value" of these cases is one paint's path, colour and
    /// opacity at a frame).
    static let drawingText: String = {
        var layers: [String] = []
        for index in 0..<60 {
            let x = Double(index % 10) * 40, y = Double(index / 10) * 40
            func shape(_ scale: Double) -> String {
                let points = (0..<8).map { k -> String in
                    let angle = Double(k) * Double.pi / 4
                    return "[\(12 * scale * cos(angle)), \(12 * scale * sin(angle))]"
                }
                let tangents: String = (0..<8).map { k in k % 2 == 0 ? "[2, -2]" : "[0, 0]" }.joined(separator: ",")
                let vertices: String = points.joined(separator: ",")
                return "{\"c\": true, \"v\": [\(vertices)], \"i\": [\(tangents)], \"o\": [\(tangents)]}"
            }
            layers.append(#"{"ty": 4, "ind": \#(index + 1), "ip": 0, "op": 180, "st": 0, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [\#(x), \#(y)], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.2], "y": [1]}}, {"t": 180, "s": [\#(x + 20), \#(y + 10)]}]}, "r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}}, {"t": 180, "s": [90]}]}}, "shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [\#(shape(1))], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 180, "s": [\#(shape(1.5))]}]}}, {"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 3}}, {"ty": "st", "c": {"a": 0, "k": [0, 0, 0]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 1.5}}, {"ty": "fl", "c": {"a": 1, "k": [{"t": 0, "s": [1, 0.5, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 180, "s": [0, 0.5, 1]}]}, "o": {"a": 0, "k": 90}}, {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]}"#)
        }
        return #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 180, "w": 400, "h": 240, "layers": ["# + layers.joined(separator: ",") + "]}"
    }()

    static func layers(of text: String) -> Int { (try? LottieAnimation(parsing: text).layerCount) ?? 0 }

    /// The benchmark's animation (deterministic).
    static func animationText() -> String {
        var seed: UInt64 = 0x10771E
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        func number(_ low: Double, _ high: Double) -> String {
            let value = low + (high - low) * random()
            return String(Double(Int(value * 1000)) / 1000)
        }
        func layer(_ index: Int, parent: Int?, type: Int = 4, extra: String = "") -> String {
            let spatial = index % 8 == 0
            let position = spatial
                ? #"{"a": 1, "k": [{"t": 0, "s": [\#(number(0, 500)), \#(number(0, 500)), 0], "to": [\#(number(-80, 80)), \#(number(-80, 80)), 0], "ti": [\#(number(-80, 80)), \#(number(-80, 80)), 0], "o": {"x": 0.33, "y": 0}, "i": {"x": 0.67, "y": 1}}, {"t": 60, "s": [\#(number(0, 500)), \#(number(0, 500)), 0]}]}"#
                : #"{"a": 1, "k": [{"t": 0, "s": [\#(number(0, 500)), \#(number(0, 500)), 0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}}, {"t": 45, "s": [\#(number(0, 500)), \#(number(0, 500)), 0]}]}"#
            let scale = #"{"a": 1, "k": [{"t": 0, "s": [100, 100, 100], "o": {"x": [0.2, 0.5, 0.5], "y": [0, 0, 0]}, "i": {"x": [0.3, 0.7, 0.7], "y": [1, 1, 1]}}, {"t": 30, "s": [\#(number(50, 150)), \#(number(50, 150)), 100]}]}"#
            let rotation = #"{"a": 1, "k": [{"t": 10, "s": [0], "o": {"x": [0.25], "y": [0.1]}, "i": {"x": [0.25], "y": [1]}}, {"t": 50, "s": [\#(number(-180, 180))]}]}"#
            let opacity = #"{"a": 1, "k": [{"t": 0, "s": [0], "h": 1}, {"t": 5, "s": [100], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 55, "s": [40]}]}"#
            let parentKey = parent.map { #", "parent": \#($0)"# } ?? ""
            return #"{"ty": \#(type), "ind": \#(index)\#(parentKey), "ip": 0, "op": 60, "st": 0\#(extra), "ks": {"a": {"a": 0, "k": [20, 20, 0]}, "p": \#(position), "s": \#(scale), "r": \#(rotation), "o": \#(opacity)}}"#
        }
        // The precomposition: 30 layers (placed twice: 60).
        let inner = (1...30).map { layer($0, parent: $0 % 3 == 1 ? nil : $0 - 1) }
        // The root: 178 layers and the two placements.
        var root = (1...178).map { layer($0, parent: $0 % 3 == 1 ? nil : $0 - 1) }
        root.append(layer(179, parent: nil, type: 0, extra: #", "refId": "inner", "sr": 1.5"#))
        root.append(layer(180, parent: nil, type: 0, extra: #", "refId": "inner", "tm": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.5], "y": [0]}, "i": {"x": [0.5], "y": [1]}}, {"t": 60, "s": [2]}]}"#))
        return #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 500, "h": 500, "assets": [{"id": "inner", "layers": [\#(inner.joined(separator: ","))]}], "layers": [\#(root.joined(separator: ","))]}"#
    }
}
