import CadenceCommandHarness
import Foundation
import Testing
import TimelinePlugins
import Timeline
@testable import CadenceIO
@testable import CadenceHostCore
@testable import CadenceLottie

/// What a Lottie file draws, through its import as a timeline document: shape paths and their
/// keyframes, rectangles, ellipses and polystars as lottie-web builds them (worked out by hand
/// from its formulas), colours in both ranges, groups, paints and their order, layers placed in
/// time, and pixels.
@Suite("Lottie drawing")
struct LottieDrawingTests {
    /// A 10 fps file of frames 0 ..< 20, 100 × 100.
    static func file(_ layers: String, assets: String = "[]", extra: String = "") -> String {
        #"{"v": "5.7.0", "fr": 10, "ip": 0, "op": 20, "w": 100, "h": 100, "assets": "# + assets + extra + #", "layers": ["# + layers + "]}"
    }

    /// A shape layer with the given items (`shapes`), transform and extra keys.
    static func shapeLayer(_ items: String, ks: String = "{}", keys: String = "") -> String {
        #"{"ty": 4, "ind": 1, "ip": 0, "op": 20, "st": 0, "ks": "# + ks + #", "shapes": ["# + items + "]" + keys + "}"
    }

    static func imported(_ text: String) throws -> LottieImport {
        try LottieImport(try LottieAnimation(parsing: text, file: "t.json"), name: "t")
    }

    /// Every frame of an import's document, rendered as `cadence render` renders it.
    static func frames(_ imported: LottieImport) throws -> [Frame] {
        let document = try imported.makeDocument()
        var source = document.makeSource()
        var frames: [Frame] = []
        var sink = CallbackSink { frames.append($0) }
        try HostLoop.renderOffline(&source, frameRate: document.frameRate, to: &sink)
        return frames
    }

    /// The end points of a path channel's elements at a frame (a rendered path may carry its
    /// lines as cubic curves, ready to morph).
    static func pathNumbers(_ frame: Frame, _ name: String) -> [Double] {
        guard let channel = frame.schema.channel(named: name), case .path = channel.kind else { return [] }
        var points = frame.paths[channel.offset].elements.compactMap(\.endPoint).flatMap { [$0.x, $0.y] }
        // A closed outline may end with a side back to its start.
        if points.count > 2, points.suffix(2).elementsEqual(points.prefix(2)) { points.removeLast(2) }
        return points
    }

    /// A path channel's elements at a frame.
    static func pathElements(_ frame: Frame, _ name: String) -> [PathElement] {
        guard let channel = frame.schema.channel(named: name), case .path = channel.kind else { return [] }
        return Array(frame.paths[channel.offset].elements)
    }

    static func numbers(in data: String) -> [Double] {
        data.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
    }

    static func close(_ a: [Double], _ b: [Double], _ tolerance: Double = 1e-3) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// The scene's layers, as JSON objects.
    static func sceneLayers(_ imported: LottieImport) -> [JSONValue] {
        guard case .array(let layers)? = imported.document["scene"]?["layers"] else { return [] }
        return layers
    }

    @Test("a shape path's keyframes: every vertex and tangent eased by the keyframe's one curve")
    func shapeKeyframes() throws {
        // A triangle moving from x 0 to x 40 over frames 0...10, eased by cubic-bezier(0.5, 0, 1, 1)
        // (an ease-in): at frame 5, x progress p solves x(s) = 0.5 and p = y(s), with
        // x(s) = 1.5 s (1−s)² + 3 s² (1−s) + s³ and y(s) = 3 s² (1−s) + s³. Solved here by bisection.
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let s = (low + high) / 2
            let x = 1.5 * s * (1 - s) * (1 - s) + 3 * s * s * (1 - s) + s * s * s
            if x < 0.5 { low = s } else { high = s }
        }
        let s = (low + high) / 2
        let progress = 3 * s * s * (1 - s) + s * s * s
        let shape = #"{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [{"c": true, "v": [[0, 0], [10, 0], [0, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}], "o": {"x": [0.5], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [{"c": true, "v": [[40, 0], [50, 0], [40, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [4, 0], [0, 0]]}]}]}}"#
        let imported = try Self.imported(Self.file(Self.shapeLayer(shape + #", {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#)))
        let frames = try Self.frames(imported)
        let dx = 40 * progress
        #expect(Self.close(Self.pathNumbers(frames[5], "0#0.path"), [dx, 0, dx + 10, 0, dx, 10]), "\(Self.pathNumbers(frames[5], "0#0.path"))")
        // The out tangent of the second vertex grows from 0 to 4 by the same progress: the side
        // from it is a curve whose first control point is the vertex plus the tangent.
        let elements = Self.pathElements(frames[5], "0#0.path")
        if elements.count > 2, case .curve(_, let control, _) = elements[2] {
            #expect(Self.close([control.x, control.y], [dx + 10 + 4 * progress, 0]), "\(control)")
        } else {
            Issue.record("expected a curve from the second vertex: \(elements)")
        }
        // Before the first keyframe and after the last: the first and last shapes.
        #expect(Self.close(Array(Self.pathNumbers(frames[0], "0#0.path").prefix(2)), [0, 0]))
        #expect(Self.close(Array(Self.pathNumbers(frames[15], "0#0.path").prefix(2)), [40, 0]))
        // A hold keeps the first shape to the next keyframe.
        let held = shape.replacingOccurrences(of: #""o": {"x": [0.5], "y": [0]}, "i": {"x": [1], "y": [1]}"#, with: #""h": 1"#)
        let heldFrames = try Self.frames(try Self.imported(Self.file(Self.shapeLayer(held + #", {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}}"#))))
        #expect(Self.close(Array(Self.pathNumbers(heldFrames[9], "0#0.path").prefix(2)), [0, 0]))
        #expect(Self.close(Array(Self.pathNumbers(heldFrames[10], "0#0.path").prefix(2)), [40, 0]))
    }

    @Test("the drawing source: the file's curves at any time, the import's values at the file's frames")
    func drawingSource() throws {
        // The triangle of the test above, eased by cubic-bezier(0.5, 0, 1, 1) from x 0 to x 40.
        func progress(_ x: Double) -> Double {
            var low = 0.0, high = 1.0
            for _ in 0..<200 {
                let s = (low + high) / 2
                if 1.5 * s * (1 - s) * (1 - s) + 3 * s * s * (1 - s) + s * s * s < x { low = s } else { high = s }
            }
            let s = (low + high) / 2
            return 3 * s * s * (1 - s) + s * s * s
        }
        let shape = #"{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [{"c": true, "v": [[0, 0], [10, 0], [0, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}], "o": {"x": [0.5], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [{"c": true, "v": [[40, 0], [50, 0], [40, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}]}]}}"#
        let fill = #", {"ty": "fl", "c": {"a": 1, "k": [{"t": 0, "s": [1, 0, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [0, 0, 1]}]}, "o": {"a": 0, "k": 50}}"#
        let text = Self.file(Self.shapeLayer(shape + fill, ks: #"{"p": {"a": 0, "k": [0, 20]}}"#))
        let animation = try LottieAnimation(parsing: text, file: "t.json")
        var source = LottieDrawingSource(animation)
        var frames: [Frame] = []
        var sink = CallbackSink { frames.append($0) }
        // At 20 fps, frame 11 is the file's frame 5.5: between two of its frames.
        try HostLoop.renderOffline(&source, frameRate: FrameRate(framesPerSecond: 20)!, frames: 11...11, to: &sink)
        let x = 40 * progress(0.55)
        #expect(Self.close(Self.pathNumbers(frames[0], "0#0.path"), [x, 20, x + 10, 20, x, 30], 1e-9), "\(Self.pathNumbers(frames[0], "0#0.path"))")
        #expect(frames[0].scalar("lottie.frame") == 5.5 && frames[0].scalar("0#0.opacity") == 0.5)
        if let channel = frames[0].schema.channel(named: "0#0.color") {
            let color = Array(frames[0].numbers(of: channel))
            #expect(Self.close(color, [0.45, 0, 0.55, 1], 1e-12), "\(color)")
        }
        // At the file's frames, the import's baked values (to its thousandth of a pixel).
        let imported = try Self.frames(try LottieImport(animation))
        var own: [Frame] = []
        var ownSink = CallbackSink { own.append($0) }
        var again = LottieDrawingSource(animation)
        try HostLoop.renderOffline(&again, frameRate: FrameRate(framesPerSecond: 10)!, to: &ownSink)
        #expect(own.count == imported.count && own.count == 20)
        for (a, b) in zip(own, imported) {
            #expect(Self.close(Self.pathNumbers(a, "0#0.path"), Self.pathNumbers(b, "0#0.path"), 1e-3), "frame \(a.index)")
            #expect(a.scalar("0#0.opacity") == b.scalar("0#0.opacity"))
        }
        if case .array(let layers)? = source.scene["layers"] {
            #expect(layers.count == 1 && layers[0]["bind"]?["fill"] == .string("0#0.color"))
        } else {
            Issue.record("the scene has no layers")
        }
    }

    @Test("at the file's own rate, frame n is the file's frame ip + n exactly (29.97 fps held as 30000/1001)")
    func ownRate() throws {
        // A layer and a fill whose opacities jump from 0 to 100 at frame 10 (holds): frame 10 at
        // 29.97 fps must be after the jump, though 29.97 × 1001 / 30000 is not 1.
        let hold = #"{"a": 1, "k": [{"t": 0, "s": [0], "h": 1}, {"t": 10, "s": [100]}]}"#
        let text = Self.file(Self.shapeLayer(
            #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [2, 2]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": "# + hold + "}",
            ks: #"{"o": "# + hold + "}")).replacingOccurrences(of: #""fr": 10"#, with: #""fr": 29.9700012207031"#)
        let animation = try LottieAnimation(parsing: text)
        let rate = try #require(FrameRate(framesPerSecond: animation.frameRate))
        var drawing = LottieDrawingSource(animation)
        var drawn: [Frame] = []
        var sink = CallbackSink { drawn.append($0) }
        try HostLoop.renderOffline(&drawing, frameRate: rate, frames: 9...10, to: &sink)
        #expect(drawn.map { $0.scalar("lottie.frame") } == [9, 10])
        #expect(drawn.map { $0.scalar("0#0.opacity") } == [0, 1])
        var values = LottieSource(LottieProgram(animation))
        var streamed: [Frame] = []
        var valueSink = CallbackSink { streamed.append($0) }
        try HostLoop.renderOffline(&values, frameRate: rate, frames: 9...10, to: &valueSink)
        #expect(streamed.map { $0.scalar("0.opacity") } == [0, 1])
    }

    @Test("a stroke's width follows its width and the transform's scale, frame by frame")
    func strokeWidths() throws {
        // Width 2 animated to 4 over frames 0...10 (linear), in a layer scaled 100% → 300%
        // (linear): at frame 5, 3 × 2 = 6 points; at frame 10, 4 × 3 = 12.
        let linear = #""o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}"#
        let items = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [4, 4]}}, {"ty": "st", "c": {"a": 0, "k": [0, 0, 0]}, "w": {"a": 1, "k": [{"t": 0, "s": [2], "# + linear + #"}, {"t": 10, "s": [4]}]}}"#
        let ks = #"{"s": {"a": 1, "k": [{"t": 0, "s": [100, 100], "# + linear + #"}, {"t": 10, "s": [300, 300]}]}}"#
        let animation = try LottieAnimation(parsing: Self.file(Self.shapeLayer(items, ks: ks)))
        var source = LottieDrawingSource(animation)
        var widths: [Double?] = []
        var sink = CallbackSink { widths.append($0.scalar("0#0.width")) }
        try HostLoop.renderOffline(&source, frameRate: FrameRate(framesPerSecond: 10)!, frames: 0...10, to: &sink)
        #expect(widths[0] == 2 && widths[5] == 6 && widths[10] == 12, "\(widths)")
        // The import bakes the same widths and binds them.
        let imported = try LottieImport(animation)
        let frames = try Self.frames(imported)
        #expect(frames[5].scalar("0#0.width") == 6 && frames[10].scalar("0#0.width") == 12)
        #expect(Self.sceneLayers(imported).first?["bind"]?["strokeWidth"] == .string("0#0.width"))
    }

    @Test("rectangles, rounded rectangles, ellipses, stars and polygons as lottie-web builds them")
    func geometry() throws {
        func path(_ item: String) throws -> [Double] {
            let imported = try Self.imported(Self.file(Self.shapeLayer(item + #", {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1]}}"#)))
            guard case .string(let data)? = Self.sceneLayers(imported).first?["path"] else { return [] }
            return Self.numbers(in: data)
        }
        // Clockwise from the top right ("d" 1): M 70 40 L 70 60 L 30 60 L 30 40 Z.
        #expect(try path(#"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 20]}, "r": {"a": 0, "k": 0}}"#) == [70, 40, 70, 60, 30, 60, 30, 40])
        // Without "d" lottie-web goes the other way from the same corner (its convertRectToPath:
        // (p0 + v0, p1 − v1), (p0 − v0, p1 − v1), (p0 − v0, p1 + v1), (p0 + v0, p1 + v1)), which
        // matters where a trim starts: M 70 40 L 30 40 L 30 60 L 70 60 Z.
        #expect(try path(#"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 20]}, "r": {"a": 0, "k": 0}}"#) == [70, 40, 30, 40, 30, 60, 70, 60])
        // Rounded corners of radius 5, handles 5 × 0.5519 = 2.7595 long: first vertex (70, 45),
        // straight down to (70, 55), then the corner C (70, 57.7595) (67.7595, 60) (65, 60).
        let rounded = try path(#"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 20]}, "r": {"a": 0, "k": 5}}"#)
        #expect(Array(rounded.prefix(4)) == [70, 45, 70, 55])
        #expect(Self.close(Array(rounded[4..<10]), [70, 57.7595, 67.7595, 60, 65, 60], 1e-3))
        // The radius is at most half the shorter side: 30 is 10 here, so the right side is a point.
        let capped = try path(#"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 20]}, "r": {"a": 0, "k": 30}}"#)
        #expect(Array(capped.prefix(4)) == [70, 50, 70, 50])
        // An ellipse of 20 × 10 at the origin: from the top (0, −5) clockwise to (10, 0), handles
        // 10 × 0.5519 and 5 × 0.5519 long.
        let ellipse = try path(#"{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 10]}}"#)
        #expect(Self.close(Array(ellipse.prefix(8)), [0, -5, 5.519, -5, 10, -2.7595, 10, 0], 1e-3))
        // A square as a polygon of 4 points, radius 10: top, right, bottom, left.
        let polygon = try path(#"{"ty": "sr", "sy": 2, "p": {"a": 0, "k": [0, 0]}, "pt": {"a": 0, "k": 4}, "r": {"a": 0, "k": 0}, "or": {"a": 0, "k": 10}, "os": {"a": 0, "k": 0}}"#)
        #expect(polygon == [0, -10, 10, 0, 0, 10, -10, 0])
        // A 2-point star turned 90°: outer radius 10 on the x axis, inner radius 4 on the y axis.
        let star = try path(#"{"ty": "sr", "sy": 1, "p": {"a": 0, "k": [0, 0]}, "pt": {"a": 0, "k": 2}, "r": {"a": 0, "k": 90}, "or": {"a": 0, "k": 10}, "ir": {"a": 0, "k": 4}, "os": {"a": 0, "k": 0}, "is": {"a": 0, "k": 0}}"#)
        #expect(star == [10, 0, 0, 4, -10, 0, 0, -4])
        // Polygon roundness: tangents along the circle, 2π·10 / 16 × 50% long at each point.
        let round = try path(#"{"ty": "sr", "sy": 2, "p": {"a": 0, "k": [0, 0]}, "pt": {"a": 0, "k": 4}, "r": {"a": 0, "k": 0}, "or": {"a": 0, "k": 10}, "os": {"a": 0, "k": 50}}"#)
        let handle = 2 * Double.pi * 10 / 16 * 0.5
        // From the top (0, −10), out along +x (clockwise), into (10, 0) from −y.
        #expect(Self.close(Array(round.prefix(8)), [0, -10, handle, -10, 10, -handle, 10, 0], 1e-3))
    }

    @Test("colours in 0...1 and in 0...255, animated colours, gradients as scene gradients")
    func colors() throws {
        func fill(_ color: String) throws -> JSONValue? {
            let imported = try Self.imported(Self.file(Self.shapeLayer(
                #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [10, 10]}}, "# + color)))
            return Self.sceneLayers(imported).first?["fill"]
        }
        #expect(try fill(#"{"ty": "fl", "c": {"a": 0, "k": [1, 0.5, 0, 1]}}"#) == .string("#FF8000"))
        #expect(try fill(#"{"ty": "fl", "c": {"a": 0, "k": [255, 128, 0]}}"#) == .string("#FF8000"))
        // A colour written in 0...255 whose first keyframe is [1, 1, 1]: the other keyframe tells.
        let ranged = try Self.imported(Self.file(Self.shapeLayer(
            #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [10, 10]}}, {"ty": "fl", "c": {"a": 1, "k": [{"t": 0, "s": [1, 1, 1], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [255, 3, 51]}]}}"#)))
        let document = try ranged.makeDocument()
        var source = document.makeSource()
        var colors: [Int: String] = [:]
        var sink = CallbackSink { frame in
            if let channel = frame.schema.channel(named: "0#0.color") {
                let c = frame.numbers(of: channel)
                colors[frame.index] = Color(red: c[c.startIndex], green: c[c.startIndex + 1], blue: c[c.startIndex + 2]).hexString
            }
        }
        try HostLoop.renderOffline(&source, frameRate: document.frameRate, to: &sink)
        // Frame 0: (1, 1, 1)/255; frame 10: (255, 3, 51)/255; frame 5: halfway, (128, 2, 26)/255.
        #expect(colors[0] == "#010101" && colors[10] == "#FF0333" && colors[5] == "#80021A", "\(colors)")
        // A gradient of two stops, red and blue: a scene gradient, without a warning.
        let gradient = try Self.imported(Self.file(Self.shapeLayer(
            #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [10, 10]}}, {"ty": "gf", "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1]}}, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [1, 0]}, "t": 1}"#)))
        #expect(Self.sceneLayers(gradient).first?["fill"]?["gradient"] == .string("linear"))
        #expect(Self.sceneLayers(gradient).first?["fill"]?["stops"] == .array([
            .array([.number(0), .string("#FF0000")]), .array([.number(1), .string("#0000FF")]),
        ]))
        #expect(gradient.warnings.isEmpty)
    }

    @Test("groups: transforms inside out, paints paint what comes before them, earlier items on top")
    func groups() throws {
        // [group {rectangle, red fill, transform p (10, 0) o 50}, blue fill 50%]: the blue fill
        // paints the group's rectangle too (moved), below the red one; the red one's opacity is
        // the group's 50%, the blue one's its own 50%. The layer is at p (0, 20).
        let group = #"{"ty": "gr", "it": [{"ty": "rc", "d": 1, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [4, 4]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}, {"ty": "tr", "p": {"a": 0, "k": [10, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [200, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 50}}]}"#
        let blue = #"{"ty": "fl", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 50}}"#
        let imported = try Self.imported(Self.file(Self.shapeLayer(group + ", " + blue, ks: #"{"p": {"a": 0, "k": [0, 20]}}"#)))
        let layers = Self.sceneLayers(imported)
        #expect(layers.map { $0["fill"] } == [.string("#0000FF"), .string("#FF0000")])
        // The rectangle (−2…2, −2…2) scaled 2× in x, moved by (10, 0) then by the layer's (0, 20).
        let frames = try Self.frames(imported)
        for paint in 0..<2 {
            #expect(Self.pathNumbers(frames[0], "0#\(paint).path") == [14, 18, 14, 22, 6, 22, 6, 18], "paint \(paint)")
        }
        #expect(frames[0].scalar("0#0.opacity") == 0.5 && frames[0].scalar("0#1.opacity") == 0.5)
    }

    @Test("layers placed in time: shown from ip to op, precompositions, hidden layers and mattes not drawn")
    func layers() throws {
        let rectangle = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [2, 2]}}, {"ty": "fl", "c": {"a": 0, "k": [0, 1, 0]}}"#
        // Layer 0 from frame 5 to 12 at 50% opacity; layer 1 hidden; layer 2 a matte (td);
        // layer 3 a precomposition at (30, 0), 50% opacity, holding a layer at (0, 10).
        let layers = [
            Self.shapeLayer(rectangle, ks: #"{"o": {"a": 0, "k": 50}}"#).replacingOccurrences(of: #""ip": 0, "op": 20"#, with: #""ip": 5, "op": 12"#),
            Self.shapeLayer(rectangle, keys: #", "hd": true"#),
            Self.shapeLayer(rectangle, keys: #", "td": 1"#),
            #"{"ty": 0, "refId": "inner", "ip": 0, "op": 20, "st": 0, "ks": {"p": {"a": 0, "k": [30, 0]}, "o": {"a": 0, "k": 50}}}"#,
        ].joined(separator: ", ")
        let assets = #"[{"id": "inner", "layers": ["# + Self.shapeLayer(rectangle, ks: #"{"p": {"a": 0, "k": [0, 10]}}"#) + "]}]"
        let imported = try Self.imported(Self.file(layers, assets: assets, extra: #", "markers": [{"tm": 4, "cm": "go", "dr": 0}]"#))
        // Scene: back to front: the precomposition's layer, then layer 0 (hidden and matte not drawn).
        #expect(Self.sceneLayers(imported).map { $0["name"] } == [.string("3/0#0"), .string("0#0")])
        let frames = try Self.frames(imported)
        #expect(frames.count == 20)
        #expect(frames.map { $0.scalar("lottie.frame") } == (0..<20).map { Double($0) })
        // Layer 0 is shown on frames 5 ... 11 only.
        #expect(frames.map { $0.scalar("0#0.opacity") ?? -1 } == (0..<20).map { (5..<12).contains($0) ? 0.5 : 0 })
        #expect(frames.map { $0.scalar("0.opacity") ?? -1 } == (0..<20).map { (5..<12).contains($0) ? 0.5 : 0 })
        // The precomposition's layer: moved by both, its opacity times the precomposition's.
        #expect(Self.pathNumbers(frames[3], "3/0#0.path") == [31, 9, 31, 11, 29, 11, 29, 9])
        #expect(frames[3].scalar("3/0#0.opacity") == 0.5)
        // The world track: the precomposition layer's matrix [a, b, c, d, tx, ty] and the inner
        // layer's in composition coordinates.
        if let channel = frames[3].schema.channel(named: "3/0.world") {
            #expect(Array(frames[3].numbers(of: channel)) == [1, 0, 0, 1, 30, 10])
        } else {
            Issue.record("no world track")
        }
        // The marker is a label, at 0.4 s.
        #expect(imported.document["labels"]?["go"] == .number(0.4))
    }

    @Test("stroke caps, joins and miter limits as lottie-web writes them: round unless the file says otherwise")
    func capsAndJoins() throws {
        func stroke(_ keys: String) throws -> JSONValue? {
            let items = #"{"ty": "el", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [20, 20]}}, {"ty": "st", "c": {"a": 0, "k": [0, 0, 0]}, "w": {"a": 0, "k": 3}"# + keys + "}"
            return Self.sceneLayers(try Self.imported(Self.file(Self.shapeLayer(items)))).first
        }
        // lottie-web: stroke-linecap = lineCapEnum[lc || 2], stroke-linejoin = lineJoinEnum[lj || 2],
        // stroke-miterlimit = ml only when lj is 1.
        let plain = try stroke("")
        #expect(plain?["lineCap"] == .string("round") && plain?["lineJoin"] == .string("round") && plain?["miterLimit"] == nil)
        let butt = try stroke(#", "lc": 1, "lj": 1, "ml": 10"#)
        #expect(butt?["lineCap"] == nil && butt?["lineJoin"] == nil && butt?["miterLimit"] == .number(10))
        let square = try stroke(#", "lc": 3, "lj": 3, "ml": 10"#)
        #expect(square?["lineCap"] == .string("square") && square?["lineJoin"] == .string("bevel") && square?["miterLimit"] == nil)
    }

    /// A gradient fill over the 100 × 100 square centred at (50, 50), its keys given.
    static func gradientLayer(_ keys: String, ks: String = "{}") -> String {
        shapeLayer(#"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [100, 100]}}, {"ty": "gf", "o": {"a": 0, "k": 100}, "# + keys + "}", ks: ks)
    }

    static func gradient(_ text: String) throws -> LottieGradient {
        try #require(try LottieAnimation(parsing: text, file: "t.json").compositions[0][0].drawing.paints.first?.gradient)
    }

    @Test("gradient stops as lottie-web writes them: offsets a whole percent, colours whole 255ths, opacity stops merged in")
    func gradientStops() throws {
        // Colour stops red at 0 and blue at 1, opacity 1 at 0.3 and 0.2 at 0.7 (not at the colour
        // stops: lottie-web draws them as a mask). Merged: red (opacity 1 before the first opacity
        // stop), at 0.3 the colour 30 % of the way to blue, at 0.7 70 % with opacity 0.2 (a
        // float32), blue with 0.2 (after the last).
        let apart = try Self.gradient(Self.file(Self.gradientLayer(
            #""t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [100, 0]}, "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1, 0.3, 1, 0.7, 0.2]}}"#)))
        let stops = apart.stops(apart.numbers.value)
        #expect(stops.map(\.offset) == [0, 0.3, 0.7, 1])
        #expect(Self.close(stops.map(\.color.red), [1, 0.7, 0.3, 0], 1e-12) && Self.close(stops.map(\.color.blue), [0, 0.3, 0.7, 1], 1e-12))
        #expect(stops.map(\.opacity) == [1, 1, Double(Float(0.2)), Double(Float(0.2))])
        // Quantised as lottie-web writes the attributes: offset 0.333 → 33 %, 0.5 → 128/255,
        // an offset above 1 clamped by SVG; opacity stops at the colour stops' offsets (within 0.01)
        // take those offsets.
        let quantised = try Self.gradient(Self.file(Self.gradientLayer(
            #""t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [100, 0]}, "g": {"p": 2, "k": {"a": 0, "k": [0.333, 0.5, 0.5, 0.5, 1.4, 0.2, 0.4, 0.6, 0.335, 0.5, 1.4, 1]}}"#)))
        #expect(quantised.opacityAtColorStops)
        let read = quantised.stops(quantised.numbers.value)
        #expect(read.map(\.offset) == [0.33, 0.33, 1, 1])
        #expect(read[0].color.red == 128.0 / 255 && read[2].color.green == 102.0 / 255 && read[0].opacity == 0.5)
    }

    @Test("gradients draw as lottie-web's SVG: a linear one's pixels, a radial one's focus from h and a, animated ones imported")
    func gradientPixels() throws {
        // Black to white from x 0 to x 100: the grey of column x is 255 · (x + 0.5) / 100.
        let linear = Self.file(Self.gradientLayer(
            #""t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [100, 0]}, "g": {"p": 2, "k": {"a": 0, "k": [0, 0, 0, 0, 1, 1, 1, 1]}}"#))
        #expect(try LottieAnimation(parsing: linear, file: "t.json").drawingNotes.warnings(file: nil).isEmpty)
        let file = try temporaryFile("gradient.json", linear)
        let folder = try temporaryDirectory()
        #expect(cadence("render", file, "--format", "rgba", "--frames", "0..0", "--out", folder + "/frame.rgba").status == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/frame.rgba")))
        for x in [0, 31, 50, 99] {
            let at = (40 * 100 + x) * 4
            #expect(Array(bytes[at ..< at + 4]) == [UInt8](repeating: UInt8((255 * (Double(x) + 0.5) / 100).rounded()), count: 3) + [255], "column \(x)")
        }
        // Radial about (50, 50) through (90, 50): the highlight 50 % of the radius at 90° from the
        // direction to the end, (50, 70); a length of 150 % is held at 99 %.
        func focus(_ h: Double) throws -> Point? {
            let radial = try Self.gradient(Self.file(Self.gradientLayer(
                #""t": 2, "s": {"a": 0, "k": [50, 50]}, "e": {"a": 0, "k": [90, 50]}, "h": {"a": 0, "k": "# + "\(h)" + #"}, "a": {"a": 0, "k": 90}, "g": {"p": 2, "k": {"a": 0, "k": [0, 0, 0, 0, 1, 1, 1, 1]}}"#)))
            return radial.gradient(at: 0, offset: 0, matrix: LottieAnimation.identity).focus
        }
        let half = try #require(try focus(50)), most = try #require(try focus(150))
        #expect(abs(half.x - 50) < 1e-12 && abs(half.y - 70) < 1e-12)
        #expect(abs(most.x - 50) < 1e-12 && abs(most.y - 89.6) < 1e-12)
        // Stops and points that change: the import bakes a vector track and draws what render draws.
        let animated = Self.file(Self.gradientLayer(
            #""t": 2, "s": {"a": 0, "k": [50, 50]}, "e": {"a": 1, "k": [{"t": 0, "s": [60, 50], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [100, 50]}]}, "g": {"p": 2, "k": {"a": 1, "k": [{"t": 0, "s": [0, 1, 0, 0, 1, 0, 0, 1], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [0, 0, 1, 0, 1, 1, 1, 0]}]}}"#,
            ks: #"{"s": {"a": 0, "k": [50, 100]}, "a": {"a": 0, "k": [50, 50]}, "p": {"a": 0, "k": [50, 50]}}"#))
        let imported = try Self.imported(animated)
        #expect(imported.warnings.isEmpty)
        #expect(try imported.makeDocument().tracks.contains { $0.name == "0#0.gradient" })
        let animatedFile = try temporaryFile("animated.json", animated)
        #expect(cadence("lottie", "import", animatedFile, "--out", folder + "/doc.json").status == 0)
        for frame in ["3..3", "7..7"] {
            #expect(cadence("render", animatedFile, "--format", "rgba", "--frames", frame, "--out", folder + "/direct.rgba").status == 0)
            #expect(cadence("render", folder + "/doc.json", "--format", "rgba", "--frames", frame, "--out", folder + "/baked.rgba").status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/direct.rgba")) == Data(contentsOf: URL(fileURLWithPath: folder + "/baked.rgba")))
        }
        // Under the layer's horizontal squash to 50 %, the circle is an ellipse: (70, 50) is
        // 20 / (40 · 0.5) = 100 % out at frame 0 (end (60, 50): radius 10 → 5 px across), a pixel
        // 4 px above the centre is 40 % out.
        #expect(cadence("render", animatedFile, "--format", "rgba", "--frames", "0..0", "--out", folder + "/zero.rgba").status == 0)
        let zero = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/zero.rgba")))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(zero[(y * 100 + x) * 4 ..< (y * 100 + x) * 4 + 4]) }
        #expect(pixel(70, 50) == [0, 0, 255, 255])
        #expect(pixel(50, 45)[0] > 100 && pixel(50, 45)[2] > 50)
    }

    @Test("dashes as lottie-web writes them: the d and g values in order, the o value the offset, scaled as the width is")
    func dashes() throws {
        // Under a layer scale of 200 %: dashes [10, 5] become [20, 10] and the offset, animated from
        // 0 at frame 0 to 10 at frame 10, is 2 × 5 = 10 at frame 5.
        let items = #"{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}}, {"ty": "st", "c": {"a": 0, "k": [0, 0, 0]}, "w": {"a": 0, "k": 2}, "d": [{"n": "d", "v": {"a": 0, "k": 10}}, {"n": "g", "v": {"a": 0, "k": 5}}, {"n": "o", "v": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [10]}]}}]}"#
        let text = Self.file(Self.shapeLayer(items, ks: #"{"s": {"a": 0, "k": [200, 200]}}"#))
        let animation = try LottieAnimation(parsing: text, file: "t.json")
        #expect(animation.drawingNotes.warnings(file: nil).isEmpty)
        var source = LottieDrawingSource(animation)
        guard case .array(let layers)? = source.scene["layers"], let layer = layers.first else { Issue.record("no layer"); return }
        #expect(layer["dashes"] == .array([.number(20), .number(10)]))
        #expect(layer["bind"]?["dashOffset"] == .string("0#0.dashOffset"))
        var frames: [Frame] = []
        var sink = CallbackSink { frames.append($0) }
        try HostLoop.renderOffline(&source, frameRate: FrameRate(framesPerSecond: 10)!, frames: 5...5, to: &sink)
        #expect(frames.first?.scalar("0#0.dashOffset") == 10)
        // Lengths that change over time: the dash from 10 to 20 (× 2 under the scale), 30 at frame 5,
        // bound to the scene's dashes; the import bakes the offset and the lengths as tracks.
        let animated = items.replacingOccurrences(of: #"{"n": "d", "v": {"a": 0, "k": 10}}"#, with: #"{"n": "d", "v": {"a": 1, "k": [{"t": 0, "s": [10], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [20]}]}}"#)
        let changing = try LottieAnimation(parsing: Self.file(Self.shapeLayer(animated, ks: #"{"s": {"a": 0, "k": [200, 200]}}"#)), file: "t.json")
        #expect(changing.drawingNotes.warnings(file: nil).isEmpty)
        var lengths = LottieDrawingSource(changing)
        guard case .array(let changingLayers)? = lengths.scene["layers"], let dashed = changingLayers.first else { Issue.record("no layer"); return }
        #expect(dashed["bind"]?["dashes"] == .string("0#0.dashes"))
        var values: [Double] = []
        var collect = CallbackSink { frame in
            if let channel = frame.schema.channel(named: "0#0.dashes") { values = Array(frame.numbers(of: channel)) }
        }
        try HostLoop.renderOffline(&lengths, frameRate: FrameRate(framesPerSecond: 10)!, frames: 5...5, to: &collect)
        #expect(values == [30, 10])
        let document = try Self.imported(Self.file(Self.shapeLayer(animated, ks: #"{"s": {"a": 0, "k": [200, 200]}}"#))).makeDocument()
        #expect(document.tracks.contains { $0.name == "0#0.dashes" } && document.tracks.contains { $0.name == "0#0.dashOffset" })
    }

    @Test("what is not drawn is a warning naming it (trim paths are drawn); bad shapes are errors with their JSON path")
    func warningsAndErrors() throws {
        let imported = try Self.imported(Self.file(Self.shapeLayer(
            #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [10, 10]}}, {"ty": "tm", "s": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}"#,
            keys: #", "masksProperties": [{"mode": "a"}], "tt": 1"#)))
        #expect(Set(imported.warnings.map(\.description)) == [
            "t.json: layers[0].masksProperties: masks are not drawn: the masked layer is drawn whole, also where its mask hides it",
            "t.json: layers[0].tt: track mattes are not drawn: the matted layer is drawn whole, also where its matte hides it (and the matte layer is not drawn)",
        ])
        func error(_ items: String) -> String {
            let error = #expect(throws: DocumentErrors.self) { try Self.imported(Self.file(Self.shapeLayer(items))) }
            return error.map { "\($0)" } ?? ""
        }
        #expect(error(#"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [1, 1]], "i": [[0, 0]], "o": [[0, 0], [0, 0]]}}}"#)
            == #"t.json: layers[0].shapes[0].ks.k.i: "i" has 1 points for 2 vertices; a shape needs one tangent per vertex"#)
        #expect(error(#"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [1]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#)
            == "t.json: layers[0].shapes[0].ks.k.v[1]: a point needs two numbers, found 1")
        #expect(error(#"{"ty": "gf", "g": {"p": 0, "k": {"a": 0, "k": [0, 1, 0, 0]}}}"#)
            == #"t.json: layers[0].shapes[0].g: a gradient needs 1 to 10000 colour stops, "p" is 0"#)
        #expect(error(#"{"ty": "el", "p": {"a": 0, "k": [0, 0]}}"#) == #"t.json: layers[0].shapes[0]: missing required key "s""#)
        // A frame rate no document plays (found by the fuzz target).
        let fast = Self.file(Self.shapeLayer("")).replacingOccurrences(of: #""fr": 10"#, with: #""fr": 1e6"#)
        let tooFast = #expect(throws: DocumentErrors.self) { try Self.imported(fast) }
        #expect(tooFast.map { "\($0)" } == "t.json: fr: a timeline document plays 0 < fps <= 100000 frames per second; the file has 1000000")
        // A file of 10^300 frames: its import is refused by the cap (no trap converting its
        // length); the drawing source draws any part of it.
        let square = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [2, 2]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}"#
        let endless = try LottieAnimation(parsing: Self.file(Self.shapeLayer(square)).replacingOccurrences(of: #""op": 20"#, with: #""op": 1e300"#))
        let tooLong = #expect(throws: DocumentErrors.self) { try LottieImport(endless) }
        #expect(tooLong.map { "\($0)" } == "$: importing bakes every layer at every frame: 1 × 1e+300 layer frames (layers × frames) is more than 4000000")
        // The baking budget: 7 numbers per layer frame and, per paint, 3 numbers and the path
        // data, 8 bytes a number. The square's path is the same at each of its 20 frames.
        let twenty = try LottieAnimation(parsing: Self.file(Self.shapeLayer(square)))
        let document = try #require(JSONSerialization.jsonObject(with: Data(Self.imported(Self.file(Self.shapeLayer(square))).text.utf8)) as? [String: Any])
        let pathTrack = try #require((document["tracks"] as? [[String: Any]])?.first { $0["type"] as? String == "path" })
        let pathData = try #require(((pathTrack["keyframes"] as? [[String: Any]])?.first?["value"]) as? String)
        let budget = 20 * (7 * 8 + 3 * 8 + pathData.utf8.count)
        _ = try LottieImport(twenty, maximumBakedBytes: budget)
        let overBudget = #expect(throws: DocumentErrors.self) { try LottieImport(twenty, maximumBakedBytes: budget - 1) }
        #expect(overBudget.map { "\($0)" } == "$: importing bakes every layer's values and every drawn path at every frame: more than \(budget - 1) bytes of values "
            + "by frame 20 of 20 (render the Lottie file itself, or import a shorter part of it)")
        // A 10,000-point star (found by the fuzz target: a few hundred bytes, 20,000 vertices at every frame).
        let bigStar = #"{"ty": "sr", "sy": 1, "p": {"a": 0, "k": [0, 0]}, "pt": {"a": 0, "k": 10000}, "r": {"a": 0, "k": 0}, "or": {"a": 0, "k": 10}, "ir": {"a": 0, "k": 4}, "os": {"a": 0, "k": 0}, "is": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}"#
        let stars = try LottieAnimation(parsing: Self.file(Self.shapeLayer(bigStar)))
        let starError = #expect(throws: DocumentErrors.self) { try LottieImport(stars, maximumBakedBytes: 100_000) }
        #expect(starError.map { "\($0)" } == "$: importing bakes every layer's values and every drawn path at every frame: more than 100000 bytes of values by frame 1 of 20 "
            + "(render the Lottie file itself, or import a shorter part of it)")
        var part = LottieDrawingSource(endless)
        var opacities: [Double?] = []
        var sink = CallbackSink { opacities.append($0.scalar("0#0.opacity")) }
        try HostLoop.renderOffline(&part, frameRate: FrameRate(framesPerSecond: 10)!, frames: 1_000_000...1_000_001, to: &sink)
        #expect(opacities == [1, 1])
        // Keyframes with different vertex counts are drawn (lottie-android warns the same way).
        let uneven = try Self.imported(Self.file(Self.shapeLayer(
            #"{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [{"c": false, "v": [[0, 0], [1, 0]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [{"c": false, "v": [[0, 0]], "i": [[0, 0]], "o": [[0, 0]]}]}]}}, {"ty": "st", "c": {"a": 0, "k": [0, 0, 0]}, "w": {"a": 0, "k": 2}}"#)))
        #expect(uneven.warnings.count == 1)
        #expect(try Self.frames(uneven).count == 20)
    }

    @Test("render draws a Lottie file: pixels where its shapes are, in their colours")
    func pixels() throws {
        // A red 40 × 20 rectangle centred at (50, 50), and a half-transparent blue square above it.
        let items = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [30, 30]}, "s": {"a": 0, "k": [10, 10]}}, {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 50}}"#
        let red = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 20]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}"#
        let text = Self.file(Self.shapeLayer(items) + ", " + Self.shapeLayer(red))
        let file = try temporaryFile("drawn.json", text)
        let folder = try temporaryDirectory()
        let result = cadence("render", file, "--format", "rgba", "--frames", "0..0", "--out", folder + "/frame.rgba")
        #expect(result.status == 0, "\(result.err)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/frame.rgba")))
        #expect(bytes.count == 100 * 100 * 4)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(bytes[(y * 100 + x) * 4 ..< (y * 100 + x) * 4 + 4]) }
        #expect(pixel(50, 50) == [255, 0, 0, 255])
        #expect(pixel(5, 5) == [0, 0, 0, 0])
        // The blue square at 50% over transparency: straight blue, alpha 128 (±1 for rounding).
        let square = pixel(30, 30)
        #expect(square[2] >= 254 && abs(Int(square[3]) - 128) <= 1, "\(square)")
        // The import command writes the same document.
        let out = folder + "/doc.json"
        let written = cadence("lottie", "import", file, "--out", out)
        #expect(written.status == 0, "\(written.err)")
        #expect(try TimelineDocument(parsing: String(contentsOfFile: out, encoding: .utf8)).tracks.count == 9)
    }

    /// lottie-web fades a layer on its `<g>`: the layer's shapes are composited first, then faded
    /// as one picture, so where two opaque shapes overlap the lower one does not show through.
    /// At 50 %: the overlap is the blue alone at alpha 128, straight (0, 0, 255, 128); a fade per
    /// paint would give red at 50 % under blue at 50 %: premultiplied (0.25, 0, 0.5, 0.75),
    /// straight (85, 0, 170, 191). The same for a precomposition of two layers.
    @Test("layer opacity fades the composited layer, as lottie-web's <g opacity>, for a shape layer and a precomposition")
    func layerOpacityOverTheCompositedLayer() throws {
        func rectangle(_ x: Int, _ color: String) -> String {
            #"{"ty": "gr", "it": [{"ty": "rc", "d": 1, "p": {"a": 0, "k": ["# + String(x) + #", 50]}, "s": {"a": 0, "k": [40, 40]}}, {"ty": "fl", "c": {"a": 0, "k": "# + color + #"}, "o": {"a": 0, "k": 100}}, {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}"#
        }
        let faded = #"{"o": {"a": 0, "k": 50}}"#
        // Blue (top) at x 50…90, red (below) at x 30…70: they overlap at 50…70.
        let layer = Self.shapeLayer(rectangle(70, "[0, 0, 1]") + ", " + rectangle(50, "[1, 0, 0]"), ks: faded)
        let precomposition = #"{"ty": 0, "ind": 1, "refId": "pair", "w": 100, "h": 100, "ip": 0, "op": 20, "st": 0, "ks": "# + faded + "}"
        let pair = #"[{"id": "pair", "layers": ["#
            + Self.shapeLayer(rectangle(70, "[0, 0, 1]")) + ", "
            + Self.shapeLayer(rectangle(50, "[1, 0, 0]")).replacingOccurrences(of: #""ind": 1"#, with: #""ind": 2"#) + "]}]"
        for (label, text) in [("shape layer", Self.file(layer)), ("precomposition", Self.file(precomposition, assets: pair))] {
            let pixel = try Self.picture(text)
            let overlap = pixel(60, 50), red = pixel(40, 50), blue = pixel(80, 50)
            #expect(overlap[0] <= 1 && overlap[1] == 0 && overlap[2] >= 254 && abs(Int(overlap[3]) - 128) <= 1, "\(label): overlap \(overlap)")
            #expect(red[0] >= 254 && red[2] <= 1 && abs(Int(red[3]) - 128) <= 1, "\(label): red alone \(red)")
            #expect(blue[2] >= 254 && abs(Int(blue[3]) - 128) <= 1, "\(label): blue alone \(blue)")
        }
    }

    @Test("a single add mask clips its layer's paints, moving with the layer, in the render and in the import")
    func masks() throws {
        // A red 80 × 80 square centred at (50, 50), moved right by 10 by the layer, masked by the
        // triangle (0, 0) (60, 0) (0, 60) in the layer's coordinates: drawn where both are.
        let red = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [40, 50]}, "s": {"a": 0, "k": [80, 80]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}"#
        let mask = #", "masksProperties": [{"mode": "a", "inv": false, "o": {"a": 0, "k": 100}, "pt": {"a": 0, "k": {"c": true, "v": [[0, 0], [60, 0], [0, 60]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}}]"#
        let text = Self.file(Self.shapeLayer(red, ks: #"{"p": {"a": 0, "k": [10, 0]}}"#, keys: mask))
        let animation = try LottieAnimation(parsing: text, file: "t.json")
        #expect(animation.drawingNotes.warnings(file: nil).isEmpty)
        let file = try temporaryFile("masked.json", text)
        let folder = try temporaryDirectory()
        let result = cadence("render", file, "--format", "rgba", "--frames", "0..0", "--out", folder + "/frame.rgba")
        #expect(result.status == 0, "\(result.err)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/frame.rgba")))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(bytes[(y * 100 + x) * 4 ..< (y * 100 + x) * 4 + 4]) }
        // Inside both: (20, 20), the triangle moved to (10, 0) (70, 0) (10, 60). Inside the square
        // only: (60, 60), (80, 20). Inside the triangle only: none within the square's rows 10 … 90
        // left of x 10.
        #expect(pixel(20, 20) == [255, 0, 0, 255])
        #expect(pixel(60, 60) == [0, 0, 0, 0] && pixel(80, 20) == [0, 0, 0, 0])
        #expect(pixel(12, 80) == [0, 0, 0, 0])
        // The import draws the same frame.
        let out = folder + "/doc.json"
        #expect(cadence("lottie", "import", file, "--out", out).status == 0)
        let imported = cadence("render", out, "--format", "rgba", "--frames", "0..0", "--out", folder + "/imported.rgba")
        #expect(imported.status == 0, "\(imported.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/imported.rgba")) == Data(bytes))
        // Two masks and difference are composited (``severalMasks``); an expanded one is a warning.
        let two = mask.replacingOccurrences(of: "}}}]", with: "}}}, " + String(mask.dropFirst(#", "masksProperties": ["#.count)))
        for other in [two, mask.replacingOccurrences(of: #""mode": "a""#, with: #""mode": "f""#)] {
            #expect(try LottieAnimation(parsing: Self.file(Self.shapeLayer(red, keys: other)), file: "t.json").drawingNotes.warnings(file: nil).isEmpty)
        }
        let expanded = mask.replacingOccurrences(of: #""inv": false"#, with: #""inv": false, "x": {"a": 0, "k": 5}"#)
        let warned = try LottieAnimation(parsing: Self.file(Self.shapeLayer(red, keys: expanded)), file: "t.json")
        #expect(warned.drawingNotes.warnings(file: nil).map(\.description)
            == ["layers[0].masksProperties: masks are not drawn: the masked layer is drawn whole, also where its mask hides it"])
        // Masks of mode n are skipped, as lottie-web skips them: the layer is drawn whole, no warning.
        let none = try LottieAnimation(parsing: Self.file(Self.shapeLayer(red, keys: mask.replacingOccurrences(of: #""mode": "a""#, with: #""mode": "n""#))), file: "t.json")
        #expect(none.drawingNotes.warnings(file: nil).isEmpty && none.compositions[0][0].drawing.mask == nil)
    }

    /// The straight-alpha pixels of frame 0 of a 100 × 100 file.
    static func picture(_ text: String) throws -> (Int, Int) -> [UInt8] {
        let file = try temporaryFile("picture.json", text)
        let folder = try temporaryDirectory()
        let result = cadence("render", file, "--format", "rgba", "--frames", "0..0", "--out", folder + "/frame.rgba")
        #expect(result.status == 0, "\(result.err)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/frame.rgba")))
        return { x, y in Array(bytes[(y * 100 + x) * 4 ..< (y * 100 + x) * 4 + 4]) }
    }

    @Test("masks as lottie-web draws them: inverted (its solid rectangle before the path), subtract, translucent, on a precomposition")
    func maskModes() throws {
        // A red square over the whole 100 × 100 frame; masks in the layer's coordinates.
        let red = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [100, 100]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}"#
        /// A mask of the square (20, 20) … (60, 60), clockwise on screen, or the other way round.
        func mask(_ mode: String, inverted: Bool = false, opacity: Double = 100, counterclockwise: Bool = false) -> String {
            let corners = counterclockwise ? "[20, 20], [20, 60], [60, 60], [60, 20]" : "[20, 20], [60, 20], [60, 60], [20, 60]"
            return #", "masksProperties": [{"mode": ""# + mode + #"", "inv": "# + String(inverted) + #", "o": {"a": 0, "k": "# + "\(opacity)"
                + #"}, "pt": {"a": 0, "k": {"c": true, "v": ["# + corners + #"], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}]"#
        }
        let shown: [UInt8] = [255, 0, 0, 255], empty: [UInt8] = [0, 0, 0, 0]
        // Subtract: everything but the square.
        let subtract = try Self.picture(Self.file(Self.shapeLayer(red, keys: mask("s"))))
        #expect(subtract(40, 40) == empty && subtract(10, 10) == shown && subtract(80, 50) == shown)
        // Inverted, the path turning the other way from lottie-web's rectangle (0, 0) (100, 0)
        // (100, 100) (0, 100): a hole where the square is.
        let hole = try Self.picture(Self.file(Self.shapeLayer(red, keys: mask("a", inverted: true, counterclockwise: true))))
        #expect(hole(40, 40) == empty && hole(10, 10) == shown)
        // Inverted, the path turning the same way: non-zero fills it (winding 2), so lottie-web
        // shows everything, and so does Cadence.
        let filled = try Self.picture(Self.file(Self.shapeLayer(red, keys: mask("a", inverted: true))))
        #expect(filled(40, 40) == shown && filled(10, 10) == shown)
        // At 50 %: red at alpha 128 inside the square, nothing outside.
        let half = try Self.picture(Self.file(Self.shapeLayer(red, keys: mask("a", opacity: 50))))
        #expect(half(40, 40) == [255, 0, 0, 128] && half(10, 10) == empty)
        // An opacity animated from 0 to 100 over frames 0 … 10: half at frame 5, in the render and the import.
        let fading = Self.file(Self.shapeLayer(red, keys: mask("a").replacingOccurrences(
            of: #""o": {"a": 0, "k": 100.0}"#, with: #""o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [100]}]}"#)))
        #expect(try LottieAnimation(parsing: fading, file: "t.json").drawingNotes.warnings(file: nil).isEmpty)
        let fadingFile = try temporaryFile("fading.json", fading)
        let folder = try temporaryDirectory()
        #expect(cadence("lottie", "import", fadingFile, "--out", folder + "/doc.json").status == 0)
        for source in [fadingFile, folder + "/doc.json"] {
            #expect(cadence("render", source, "--format", "rgba", "--frames", "5..5", "--out", folder + "/five.rgba").status == 0)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/five.rgba")))
            #expect(Array(bytes[(40 * 100 + 40) * 4 ..< (40 * 100 + 40) * 4 + 4]) == [255, 0, 0, 128], "\(source)")
        }
        for text in [Self.file(Self.shapeLayer(red, keys: mask("s"))), Self.file(Self.shapeLayer(red, keys: mask("i", inverted: true)))] {
            #expect(try LottieAnimation(parsing: text, file: "t.json").drawingNotes.warnings(file: nil).isEmpty)
        }
        // A precomposition's mask clips the layers inside it, moved with the precomposition layer
        // (placed at (10, 0)): the square (30, 20) … (70, 60) on screen.
        let inner = #"{"id": "inner", "layers": ["# + Self.shapeLayer(red) + "]}"
        let placed = #"{"ty": 0, "ind": 1, "refId": "inner", "w": 100, "h": 100, "ip": 0, "op": 20, "st": 0, "ks": {"p": {"a": 0, "k": [10, 0]}}"# + mask("a") + "}"
        let precomposition = try Self.picture(Self.file(placed, assets: "[" + inner + "]"))
        #expect(precomposition(32, 22) == shown && precomposition(25, 40) == empty && precomposition(65, 55) == shown && precomposition(72, 40) == empty)
        // An oval mask on the precomposition over a layer with a mask of its own: composited, so
        // both hold: inside the square (20 … 60) and the circle of radius 50 about (50, 50).
        let oval = #", "masksProperties": [{"mode": "a", "o": {"a": 0, "k": 100}, "pt": {"a": 0, "k": {"c": true, "v": [[50, 0], [100, 50], [50, 100], [0, 50]], "i": [[-27, 0], [0, -27], [27, 0], [0, 27]], "o": [[27, 0], [0, 27], [-27, 0], [0, -27]]}}}]"#
        let nested = Self.file(
            #"{"ty": 0, "ind": 1, "refId": "inner", "w": 100, "h": 100, "ip": 0, "op": 20, "st": 0, "ks": {}"# + oval + "}",
            assets: #"[{"id": "inner", "layers": ["# + Self.shapeLayer(red, keys: mask("a")) + "]}]")
        #expect(try LottieAnimation(parsing: nested, file: "t.json").drawingNotes.warnings(file: nil).isEmpty)
        let drawn = try Self.picture(nested)
        #expect(drawn(40, 40) == shown && drawn(10, 10) == empty && drawn(80, 50) == empty)
        // The oval alone over a layer without a mask: the circle's inside, not its bounding box's corner.
        let ovalOnly = try Self.picture(Self.file(
            #"{"ty": 0, "ind": 1, "refId": "inner", "w": 100, "h": 100, "ip": 0, "op": 20, "st": 0, "ks": {}"# + oval + "}",
            assets: #"[{"id": "inner", "layers": ["# + Self.shapeLayer(red) + "]}]"))
        #expect(ovalOnly(50, 50) == shown && ovalOnly(90, 50) == shown && ovalOnly(5, 5) == empty && ovalOnly(95, 95) == empty)
    }

    @Test("track mattes as lottie-web draws them: alpha (the matte's fill at its opacity), inverted, by tp, and the ones not drawn named")
    func trackMattes() throws {
        let red = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [100, 100]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}"#
        /// The matte: a layer with the square (20, 20) … (60, 60) filled at `opacity`, not drawn itself.
        func matte(opacity: Double = 100, ind: Int = 1, extra: String = "") -> String {
            #"{"ty": 4, "ind": "# + "\(ind)" + #", "td": 1, "ip": 0, "op": 20, "st": 0, "ks": {}, "shapes": [{"ty": "rc", "d": 1, "p": {"a": 0, "k": [40, 40]}, "s": {"a": 0, "k": [40, 40]}}, {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": "# + "\(opacity)" + "}}" + extra + "]}"
        }
        func matted(_ keys: String) -> String {
            #"{"ty": 4, "ind": 2, "ip": 0, "op": 20, "st": 0, "ks": {}, "shapes": ["# + red + "]" + keys + "}"
        }
        let shown: [UInt8] = [255, 0, 0, 255], empty: [UInt8] = [0, 0, 0, 0]
        // Alpha: the red square only where the matte is; the matte's blue not drawn.
        let alpha = Self.file(matte() + ", " + matted(#", "tt": 1"#))
        #expect(try LottieAnimation(parsing: alpha, file: "t.json").drawingNotes.warnings(file: nil).isEmpty)
        let drawn = try Self.picture(alpha)
        #expect(drawn(40, 40) == shown && drawn(10, 10) == empty && drawn(70, 70) == empty)
        // The matte's fill at 50 %: the red at alpha 128 there.
        let half = try Self.picture(Self.file(matte(opacity: 50) + ", " + matted(#", "tt": 1"#)))
        #expect(half(40, 40) == [255, 0, 0, 128] && half(10, 10) == empty)
        // Inverted: everything but the square.
        let inverted = try Self.picture(Self.file(matte() + ", " + matted(#", "tt": 2"#)))
        #expect(inverted(40, 40) == empty && inverted(10, 10) == shown && inverted(90, 90) == shown)
        // By tp: the matte is the layer whose ind is 7, not the one before.
        let other = #"{"ty": 4, "ind": 3, "ip": 0, "op": 20, "st": 0, "ks": {}, "shapes": []}"#
        let byParent = try Self.picture(Self.file(matte(ind: 7) + ", " + other + ", " + matted(#", "tt": 1, "tp": 7"#)))
        #expect(byParent(40, 40) == shown && byParent(10, 10) == empty)
        // The import draws the same frames.
        let file = try temporaryFile("matte.json", alpha)
        let folder = try temporaryDirectory()
        #expect(cadence("lottie", "import", file, "--out", folder + "/doc.json").status == 0)
        #expect(cadence("render", folder + "/doc.json", "--format", "rgba", "--frames", "0..0", "--out", folder + "/baked.rgba").status == 0)
        #expect(cadence("render", file, "--format", "rgba", "--frames", "0..0", "--out", folder + "/direct.rgba").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/baked.rgba")) == Data(contentsOf: URL(fileURLWithPath: folder + "/direct.rgba")))
        // Composited (the matte layer drawn into a group of its own), with no warning:
        let stroke = #", {"ty": "st", "c": {"a": 0, "k": [0, 0, 0]}, "w": {"a": 0, "k": 2}}"#
        for text in [matte() + ", " + matted(#", "tt": 3"#), matte(extra: stroke) + ", " + matted(#", "tt": 1"#),
                     matte(opacity: 50) + ", " + matted(#", "tt": 2"#), matte() + ", " + matted(#", "tt": 4"#)] {
            #expect(try LottieAnimation(parsing: Self.file(text), file: "t.json").drawingNotes.warnings(file: nil).isEmpty)
        }
        // Luminance: the blue matte's luminance is 0.0721 · 255 = 18.4, so the red shows at alpha 18
        // inside the square; inverted, at 255 − 18 = 237 inside and whole outside.
        let luma = try Self.picture(Self.file(matte() + ", " + matted(#", "tt": 3"#)))
        #expect(luma(40, 40) == [255, 0, 0, 18] && luma(10, 10) == empty)
        let dark = try Self.picture(Self.file(matte() + ", " + matted(#", "tt": 4"#)))
        #expect(dark(40, 40) == [255, 0, 0, 237] && dark(10, 10) == shown)
        // A matte with a stroke 2 wide on the square's edge x = 20: the stroke's pixel 19 shows the
        // red too, pixel 17 does not.
        let stroked = try Self.picture(Self.file(matte(extra: stroke) + ", " + matted(#", "tt": 1"#)))
        #expect(stroked(19, 40) == shown && stroked(40, 40) == shown && stroked(17, 40) == empty)
        // Inverted, the matte at 50 % (alpha 128): 255 − 128 = 127 inside, whole outside.
        let halfInverted = try Self.picture(Self.file(matte(opacity: 50) + ", " + matted(#", "tt": 2"#)))
        #expect(halfInverted(40, 40) == [255, 0, 0, 127] && halfInverted(10, 10) == shown)
        // The import draws a composited matte the same.
        let lumaFile = try temporaryFile("luma.json", Self.file(matte() + ", " + matted(#", "tt": 3"#)))
        #expect(cadence("lottie", "import", lumaFile, "--out", folder + "/luma.json").status == 0)
        #expect(cadence("render", folder + "/luma.json", "--format", "rgba", "--frames", "0..0", "--out", folder + "/luma-baked.rgba").status == 0)
        #expect(cadence("render", lumaFile, "--format", "rgba", "--frames", "0..0", "--out", folder + "/luma-direct.rgba").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/luma-baked.rgba")) == Data(contentsOf: URL(fileURLWithPath: folder + "/luma-direct.rgba")))
    }

    @Test("several masks as lottie-web's luminance mask draws them: add, subtract, intersect, difference as add, opacity, inverted")
    func severalMasks() throws {
        // A red square over the whole 100 × 100 frame; masks are squares (x, y) … (x + 40, y + 40).
        let red = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [100, 100]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}"#
        func square(_ mode: String, _ x: Int, _ y: Int, opacity: Int = 100, inverted: Bool = false) -> String {
            let corners = "[\(x), \(y)], [\(x + 40), \(y)], [\(x + 40), \(y + 40)], [\(x), \(y + 40)]"
            return #"{"mode": ""# + mode + #"", "inv": "# + String(inverted) + #", "o": {"a": 0, "k": "# + "\(opacity)"
                + #"}, "pt": {"a": 0, "k": {"c": true, "v": ["# + corners + #"], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}"#
        }
        func picture(_ masks: String...) throws -> (Int, Int) -> [UInt8] {
            let text = Self.file(Self.shapeLayer(red, keys: #", "masksProperties": ["# + masks.joined(separator: ", ") + "]"))
            #expect(try LottieAnimation(parsing: text, file: "t.json").drawingNotes.warnings(file: nil).isEmpty)
            return try Self.picture(text)
        }
        let shown: [UInt8] = [255, 0, 0, 255], empty: [UInt8] = [0, 0, 0, 0]
        // Add then subtract: white (20 … 60), then black (40 … 80) over it.
        let cut = try picture(square("a", 20, 20), square("s", 40, 40))
        #expect(cut(30, 30) == shown && cut(50, 50) == empty && cut(70, 70) == empty && cut(10, 10) == empty)
        // Two adds: their union.
        let union = try picture(square("a", 20, 20), square("a", 50, 50))
        #expect(union(30, 30) == shown && union(70, 70) == shown && union(10, 10) == empty && union(30, 80) == empty)
        // Add then intersect: only where both are.
        let both = try picture(square("a", 20, 20), square("i", 40, 40))
        #expect(both(50, 50) == shown && both(30, 30) == empty && both(70, 70) == empty)
        // Two subtracts: lottie-web's white rectangle first, then both squares black.
        let twice = try picture(square("s", 20, 20), square("s", 40, 40))
        #expect(twice(10, 10) == shown && twice(90, 90) == shown && twice(30, 30) == empty && twice(70, 70) == empty)
        // Difference is drawn as add (lottie-web fills every mode but subtract white).
        let difference = try picture(square("a", 20, 20), square("f", 50, 50))
        #expect(difference(55, 55) == shown && difference(70, 70) == shown)
        // Opacity: white at 50 % is luminance 128, so the red shows at alpha 128.
        let faded = try picture(square("a", 20, 20, opacity: 50), square("a", 50, 50))
        #expect(faded(30, 30) == [255, 0, 0, 128] && faded(70, 70) == shown)
        // Inverted: the frame's rectangle with the square (turning the other way) as a hole, then
        // a second square added back.
        let hole = #"{"mode": "a", "inv": true, "o": {"a": 0, "k": 100}, "pt": {"a": 0, "k": {"c": true, "v": [[20, 20], [20, 60], [60, 60], [60, 20]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}"#
        let inverted = try picture(hole, square("a", 40, 40))
        #expect(inverted(10, 10) == shown && inverted(30, 30) == empty && inverted(50, 50) == shown)
        // The import draws the same.
        let file = try temporaryFile("masks.json", Self.file(Self.shapeLayer(red, keys: #", "masksProperties": ["# + square("a", 20, 20) + ", " + square("i", 40, 40) + "]")))
        let folder = try temporaryDirectory()
        #expect(cadence("lottie", "import", file, "--out", folder + "/doc.json").status == 0)
        #expect(cadence("render", folder + "/doc.json", "--format", "rgba", "--frames", "0..0", "--out", folder + "/baked.rgba").status == 0)
        #expect(cadence("render", file, "--format", "rgba", "--frames", "0..0", "--out", folder + "/direct.rgba").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/baked.rgba")) == Data(contentsOf: URL(fileURLWithPath: folder + "/direct.rgba")))
        // Expanded masks are still named as not drawn.
        let expanded = square("a", 20, 20).replacingOccurrences(of: #""mode": "a""#, with: #""mode": "a", "x": {"a": 0, "k": 5}"#)
        let text = Self.file(Self.shapeLayer(red, keys: #", "masksProperties": ["# + expanded + ", " + square("a", 50, 50) + "]"))
        #expect(try LottieAnimation(parsing: text, file: "t.json").drawingNotes.warnings(file: nil).map(\.description)
            == ["layers[0].masksProperties: masks are not drawn: the masked layer is drawn whole, also where its mask hides it"])
    }

    @Test("repeaters as lottie-web draws them: copies stepped by the transform, opacities from so to eo, the offset, both composites, animated copies")
    func repeaters() throws {
        // The square (10, 10) … (20, 20) in red, repeated with a step of 30 to the right.
        func layer(copies: String = #"{"a": 0, "k": 3}"#, offset: Double = 0, mode: String = #", "m": 1"#) -> String {
            let repeater = #"{"ty": "rp", "c": "# + copies + #", "o": {"a": 0, "k": "# + "\(offset)" + "}" + mode
                + #", "tr": {"ty": "tr", "p": {"a": 0, "k": [30, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 50}}}"#
            return Self.shapeLayer(#"{"ty": "gr", "it": [{"ty": "rc", "d": 1, "p": {"a": 0, "k": [15, 15]}, "s": {"a": 0, "k": [10, 10]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}, "# + repeater + #", {"ty": "tr"}]}"#)
        }
        func picture(_ text: String) throws -> (Int, Int) -> [UInt8] {
            #expect(try LottieAnimation(parsing: text, file: "t.json").drawingNotes.warnings(file: nil).isEmpty)
            return try Self.picture(text)
        }
        let empty: [UInt8] = [0, 0, 0, 0]
        // Above (m 1): the untransformed copy on top at so = 100 %, then 30 and 60 to the right at
        // 75 % (alpha 191) and 50 % (128); the originals are not drawn twice.
        let above = try picture(Self.file(layer()))
        #expect(above(15, 15) == [255, 0, 0, 255] && above(45, 15) == [255, 0, 0, 191] && above(75, 15) == [255, 0, 0, 128])
        #expect(above(30, 15) == empty && above(15, 25) == empty)
        // Below (no m): the bottom copy is untransformed and the opacities go by the copies' order,
        // so the top one (so) is two steps away.
        let below = try picture(Self.file(layer(mode: "")))
        #expect(below(15, 15) == [255, 0, 0, 128] && below(45, 15) == [255, 0, 0, 191] && below(75, 15) == [255, 0, 0, 255])
        // An offset of 1: every copy one step further; the last falls outside the frame.
        let shifted = try picture(Self.file(layer(offset: 1)))
        #expect(shifted(15, 15) == empty && shifted(45, 15) == [255, 0, 0, 255] && shifted(75, 15) == [255, 0, 0, 191])
        // Copies animated from 1 (frame 0) to 3 (frame 10): one copy, at so, at frame 0.
        let growing = Self.file(layer(copies: #"{"a": 1, "k": [{"t": 0, "s": [1], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [3]}]}"#))
        let first = try picture(growing)
        #expect(first(15, 15) == [255, 0, 0, 255] && first(45, 15) == empty)
        // The import draws the same frames.
        let file = try temporaryFile("repeater.json", Self.file(layer()))
        let folder = try temporaryDirectory()
        #expect(cadence("lottie", "import", file, "--out", folder + "/doc.json").status == 0)
        #expect(cadence("render", folder + "/doc.json", "--format", "rgba", "--frames", "0..0", "--out", folder + "/baked.rgba").status == 0)
        #expect(cadence("render", file, "--format", "rgba", "--frames", "0..0", "--out", folder + "/direct.rgba").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/baked.rgba")) == Data(contentsOf: URL(fileURLWithPath: folder + "/direct.rgba")))
        // More than 1,000 copies is named and drawn once.
        let many = try LottieAnimation(parsing: Self.file(layer(copies: #"{"a": 0, "k": 5000}"#)), file: "t.json")
        #expect(many.drawingNotes.warnings(file: nil).map(\.description) == ["layers[0].shapes[0].it[2]: repeaters of more than 1,000 copies are not applied (one copy is drawn)"])
    }

    @Test("a drop shadow effect as lottie-web draws it: moved towards direction − 90°, within the layer's bounding box, scaled with the layer")
    func dropShadows() throws {
        // Two red squares, (10 … 20) and (40 … 50) across, (10 … 20) down; a green shadow 5 towards
        // direction 90° (to the right), sharp. lottie-web's filter region is the layer's bounding
        // box (10 … 50): the left square's shadow shows from 20 to 25, the right one's not past 50.
        func squares(scale: Double = 100) -> String {
            let items = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [15, 15]}, "s": {"a": 0, "k": [10, 10]}}, {"ty": "rc", "d": 1, "p": {"a": 0, "k": [45, 15]}, "s": {"a": 0, "k": [10, 10]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}"#
            let shadow = #", "ef": [{"ty": 25, "ef": [{"ty": 2, "v": {"a": 0, "k": [0, 1, 0, 1]}}, {"ty": 0, "v": {"a": 0, "k": 255}}, {"ty": 0, "v": {"a": 0, "k": 90}}, {"ty": 0, "v": {"a": 0, "k": 5}}, {"ty": 0, "v": {"a": 0, "k": 0}}]}]"#
            return Self.shapeLayer(items, ks: #"{"s": {"a": 0, "k": ["# + "\(scale), \(scale)" + "]}}", keys: shadow)
        }
        let text = Self.file(squares())
        #expect(try LottieAnimation(parsing: text, file: "t.json").drawingNotes.warnings(file: nil).isEmpty)
        let drawn = try Self.picture(text)
        #expect(drawn(15, 15) == [255, 0, 0, 255] && drawn(22, 15) == [0, 255, 0, 255] && drawn(27, 15) == [0, 0, 0, 0])
        #expect(drawn(52, 15) == [0, 0, 0, 0], "outside the layer's bounding box")
        // At 200 %: squares (20 … 40) and (80 … 100), the shadow 10 to the right: 40 … 50.
        let scaled = try Self.picture(Self.file(squares(scale: 200)))
        #expect(scaled(45, 30) == [0, 255, 0, 255] && scaled(52, 30) == [0, 0, 0, 0] && scaled(30, 30) == [255, 0, 0, 255])
        // The import draws the same.
        let file = try temporaryFile("shadow.json", text)
        let folder = try temporaryDirectory()
        #expect(cadence("lottie", "import", file, "--out", folder + "/doc.json").status == 0)
        #expect(cadence("render", folder + "/doc.json", "--format", "rgba", "--frames", "0..0", "--out", folder + "/baked.rgba").status == 0)
        #expect(cadence("render", file, "--format", "rgba", "--frames", "0..0", "--out", folder + "/direct.rgba").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/baked.rgba")) == Data(contentsOf: URL(fileURLWithPath: folder + "/direct.rgba")))
    }

    @Test("a Gaussian blur effect as lottie-web draws it: σ = 0.3 × blurriness, across and down or one of them")
    func blurs() throws {
        // A red square (20 … 80) blurred with blurriness 10: σ = 3. The pixel just outside its
        // right edge (centre 0.5 past it) keeps Φ(−0.5 / 3) = 0.434 of the red (alpha 111); 10
        // further, nothing; the middle, all.
        func blurred(_ dimensions: Int) -> String {
            let items = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [60, 60]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}"#
            let blur = #", "ef": [{"ty": 29, "ef": [{"ty": 0, "v": {"a": 0, "k": 10}}, {"ty": 7, "v": {"a": 0, "k": "# + "\(dimensions)" + "}}, {\"ty\": 7, \"v\": {\"a\": 0, \"k\": 0}}]}]"
            return Self.file(Self.shapeLayer(items, keys: blur))
        }
        let text = blurred(1)
        #expect(try LottieAnimation(parsing: text, file: "t.json").drawingNotes.warnings(file: nil).isEmpty)
        let both = try Self.picture(text)
        #expect(both(50, 50) == [255, 0, 0, 255])
        #expect(abs(Int(both(80, 50)[3]) - 111) <= 4, "\(both(80, 50))")
        #expect(both(91, 50)[3] <= 1)
        #expect(abs(Int(both(50, 80)[3]) - 111) <= 4, "\(both(50, 80))")
        // Across only: the bottom edge stays sharp.
        let across = try Self.picture(blurred(2))
        #expect(abs(Int(across(80, 50)[3]) - 111) <= 4 && across(50, 80)[3] == 0)
    }

    @Test("3D layers drawn flat as lottie-web's SVG renderer draws them, without a warning; a camera named")
    func threeDimensionalLayersFlat() throws {
        // A 40 × 40 square about the layer's origin at (50, 50), turned 60° about y (a layer with
        // `rx` takes its rotations from rx, ry, rz and or, as lottie-web): seen straight on,
        // 40 · cos 60° = 20 wide and still 40 high.
        let square = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [40, 40]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}"#
        let layer = Self.shapeLayer(square, ks: #"{"p": {"a": 0, "k": [50, 50, 0]}, "rx": {"a": 0, "k": 0}, "ry": {"a": 0, "k": 60}, "rz": {"a": 0, "k": 0}, "or": {"a": 0, "k": [0, 0, 0]}}"#, keys: #", "ddd": 1"#)
        let text = Self.file(layer)
        #expect(try LottieAnimation(parsing: text, file: "t.json").drawingNotes.warnings(file: nil).isEmpty)
        let drawn = try Self.picture(text)
        #expect(drawn(58, 50) == [255, 0, 0, 255] && drawn(62, 50) == [0, 0, 0, 0] && drawn(50, 68) == [255, 0, 0, 255])
        let camera = #"{"ty": 13, "ind": 9, "ip": 0, "op": 20, "st": 0, "ks": {}, "pe": {"a": 0, "k": 500}}"#
        #expect(try LottieAnimation(parsing: Self.file(camera + ", " + layer), file: "t.json").drawingNotes.warnings(file: nil).map(\.description)
            == ["layers[0]: cameras are not applied: 3D layers are drawn flat, without perspective (lottie-web's SVG renderer refuses cameras)"])
    }

    @Test("effects lottie-web's SVG renderer draws are named as not drawn; the ones it ignores (expression controls) are not")
    func effectsWarnOnlyWhereLottieWebDraws() throws {
        func warnings(_ effects: String) throws -> [String] {
            let layer = Self.shapeLayer(#"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [10, 10]}}"#, keys: #", "ef": "# + effects)
            return try LottieAnimation(parsing: Self.file(layer), file: "t.json").drawingNotes.warnings(file: nil).map(\.description)
        }
        // A slider control (5) and a type lottie-web does not know (99): drawn as lottie-web draws them, without.
        #expect(try warnings(#"[{"ty": 5, "nm": "Slider", "ef": []}, {"ty": 99}]"#).isEmpty)
        // A Gaussian blur (29) among them: named.
        #expect(try warnings(#"[{"ty": 5, "ef": []}, {"ty": 29, "ef": []}]"#) == ["layers[0].ef: effects are not drawn: the layer is drawn as if it had none"])
    }

    @Test("composited mattes in hostile arrangements: a matte without td, a matte precomposition holding mattes of its own")
    func compositedMattesNested() throws {
        let red = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [100, 100]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}"#
        let square = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [40, 40]}, "s": {"a": 0, "k": [40, 40]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 1, 1]}}"#
        func layer(_ ind: Int, _ items: String, _ keys: String = "") -> String {
            #"{"ty": 4, "ind": "# + "\(ind)" + #", "ip": 0, "op": 20, "st": 0, "ks": {}, "shapes": ["# + items + "]" + keys + "}"
        }
        // A luma matte layer not marked td is drawn as a layer, so it is not composited: named.
        let untagged = Self.file(layer(1, square) + ", " + layer(2, red, #", "tt": 3"#))
        #expect(try LottieAnimation(parsing: untagged, file: "t.json").drawingNotes.warnings(file: nil).map(\.description)
            == ["layers[1].tt: track mattes are not drawn: the matted layer is drawn whole, also where its matte hides it (and the matte layer is not drawn)"])
        _ = try Self.picture(untagged)
        // A matte precomposition whose layers have a luma matte of their own: each paint once, drawn,
        // and named (lottie-web draws what the inner matte mattes as empty).
        let inner = #"[{"id": "m", "layers": ["# + layer(1, square, #", "td": 1"#) + ", " + layer(2, square, #", "tt": 3"#) + "]}]"
        let matte = #"{"ty": 0, "ind": 1, "td": 1, "refId": "m", "w": 100, "h": 100, "ip": 0, "op": 20, "st": 0, "ks": {}}"#
        let nested = Self.file(matte + ", " + layer(2, red, #", "tt": 1"#), assets: inner)
        #expect(try LottieAnimation(parsing: nested, file: "t.json").drawingNotes.warnings(file: nil).map(\.description)
            == ["layers[1].tt: track mattes inside a matte precomposition are drawn (lottie-web draws what they matte as empty)"])
        // The inner square, white (luminance 1) matted by itself: opaque inside, so the red shows there.
        let drawn = try Self.picture(nested)
        #expect(drawn(40, 40) == [255, 0, 0, 255] && drawn(10, 10) == [0, 0, 0, 0])
        let file = try temporaryFile("nested.json", nested)
        let folder = try temporaryDirectory()
        #expect(cadence("lottie", "import", file, "--out", folder + "/doc.json").status == 0)
    }

    @Test("blend modes as lottie-web draws them: a layer's and a fill's, over the layers below, and over nothing itself")
    func blendModes() throws {
        // The bottom layer fills 100 × 100 with (0.2, 0.4, 1); the top one, in mode `bm`, fills
        // (0, 0) … (50, 100) with (1, 0.2, 0). Multiply: (0.2, 0.08, 0) = (51, 20, 0); screen:
        // (1, 0.52, 1) = (255, 133, 255). Where the bottom layer is not (a file with the top layer
        // alone), screen gives the colour itself: lottie-web's page blends within the animation.
        func square(_ x: Double, _ width: Double, _ color: String, _ keys: String = "", fillKeys: String = "") -> String {
            #"{"ty": 4, "ind": 1, "ip": 0, "op": 20, "st": 0, "ks": {}"# + keys + #", "shapes": [{"ty": "rc", "d": 1, "p": {"a": 0, "k": ["#
                + "\(x + width / 2), 50" + #"]}, "s": {"a": 0, "k": ["# + "\(width), 100" + #"]}}, {"ty": "fl", "c": {"a": 0, "k": ["# + color + "]}" + fillKeys + "}]}"
        }
        let below = square(0, 100, "0.2, 0.4, 1")
        for (keys, fillKeys, expected) in [(#", "bm": 1"#, "", [UInt8]([51, 20, 0, 255])), ("", #", "bm": 2"#, [255, 133, 255, 255])] {
            let text = Self.file(square(0, 50, "1, 0.2, 0", keys, fillKeys: fillKeys) + ", " + below)
            #expect(try LottieAnimation(parsing: text, file: "t.json").drawingNotes.warnings(file: nil).isEmpty)
            let drawn = try Self.picture(text)
            #expect(drawn(25, 50) == expected, "\(keys)\(fillKeys)")
            #expect(drawn(75, 50) == [51, 102, 255, 255])
        }
        let alone = try Self.picture(Self.file(square(0, 50, "0.2, 0.4, 1", #", "bm": 2"#)))
        #expect(alone(25, 50) == [51, 102, 255, 255])
    }

    @Test("a precomposition clips what it shows to (0, 0, w, h) in its own coordinates, and a mask inside it within that")
    func precompositionsClip() throws {
        // A 40 × 30 precomposition placed at (20, 10), showing a red square far bigger than it: red
        // only within (20, 10) … (60, 40). Its layer's mask, the triangle (0, 0) (100, 0) (0, 100)
        // in the precomposition, cuts the corner beyond x + y = 100 (none inside 40 × 30), so the
        // second file's mask, (0, 0) (30, 0) (0, 30), leaves the part with x + y < 30 only.
        let red = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [200, 200]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}"#
        func render(mask: String) throws -> [UInt8] {
            let inner = #"{"ty": 4, "ind": 1, "ip": 0, "op": 20, "st": 0, "ks": {}, "shapes": ["# + red + "]" + mask + "}"
            let assets = #"[{"id": "p", "layers": ["# + inner + "]}]"
            let precomposition = #"{"ty": 0, "ind": 1, "refId": "p", "w": 40, "h": 30, "ip": 0, "op": 20, "st": 0, "ks": {"p": {"a": 0, "k": [20, 10]}}}"#
            let text = Self.file(precomposition, assets: assets)
            let animation = try LottieAnimation(parsing: text, file: "t.json")
            #expect(animation.drawingNotes.warnings(file: nil).isEmpty, "\(animation.drawingNotes.warnings(file: nil))")
            let file = try temporaryFile("precomposition.json", text)
            let folder = try temporaryDirectory()
            let result = cadence("render", file, "--format", "rgba", "--frames", "0..0", "--out", folder + "/frame.rgba")
            #expect(result.status == 0, "\(result.err)")
            // The import draws the same.
            #expect(cadence("lottie", "import", file, "--out", folder + "/doc.json").status == 0)
            #expect(cadence("render", folder + "/doc.json", "--format", "rgba", "--frames", "0..0", "--out", folder + "/imported.rgba").status == 0)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/frame.rgba")))
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/imported.rgba")) == Data(bytes))
            return bytes
        }
        func pixel(_ bytes: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(bytes[(y * 100 + x) * 4 ..< (y * 100 + x) * 4 + 4]) }
        let clipped = try render(mask: "")
        #expect(pixel(clipped, 21, 11) == [255, 0, 0, 255] && pixel(clipped, 59, 39) == [255, 0, 0, 255])
        #expect(pixel(clipped, 19, 20) == [0, 0, 0, 0] && pixel(clipped, 60, 20) == [0, 0, 0, 0] && pixel(clipped, 30, 40) == [0, 0, 0, 0])
        let mask = #", "masksProperties": [{"mode": "a", "pt": {"a": 0, "k": {"c": true, "v": [[0, 0], [30, 0], [0, 30]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}}]"#
        let masked = try render(mask: mask)
        #expect(pixel(masked, 22, 12) == [255, 0, 0, 255])
        #expect(pixel(masked, 40, 20) == [0, 0, 0, 0] && pixel(masked, 55, 12) == [0, 0, 0, 0])
    }

    @Test("the most vertices a frame draws, counted by hand: each paint's outlines at their largest keyframe, each placement")
    func mostVerticesPerFrame() throws {
        // A polygon whose points go from 3 to 7.9 (7 drawn), a fill, a rectangle (8 vertices), a
        // stroke, an ellipse (4), a 3-vertex path, a fill: the fills and the stroke paint 7,
        // 7 + 8 and 7 + 8 + 4 + 3 vertices.
        let polygon = #"{"ty": "sr", "sy": 2, "p": {"a": 0, "k": [0, 0]}, "pt": {"a": 1, "k": [{"t": 0, "s": [3]}, {"t": 10, "s": [7.9]}]}, "r": {"a": 0, "k": 0}, "or": {"a": 0, "k": 10}, "os": {"a": 0, "k": 0}}"#
        let items = [
            polygon, #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}"#,
            #"{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [2, 2]}}"#, #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 1]}, "w": {"a": 0, "k": 2}}"#,
            #"{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [4, 4]}}"#,
            #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [0, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}}"#,
            #"{"ty": "fl", "c": {"a": 0, "k": [0, 1, 0]}}"#,
        ].joined(separator: ", ")
        let one = try LottieAnimation(parsing: Self.file(Self.shapeLayer(items)))
        #expect(one.mostVerticesPerFrame == 7 + 15 + 22)
        // The layer in a precomposition placed twice, beside a 10,000-point star (20,000 vertices).
        let star = #"{"ty": "sr", "sy": 1, "p": {"a": 0, "k": [0, 0]}, "pt": {"a": 0, "k": 10000}, "r": {"a": 0, "k": 0}, "or": {"a": 0, "k": 10}, "ir": {"a": 0, "k": 4}, "os": {"a": 0, "k": 0}, "is": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}}"#
        let placed = #"{"ty": 0, "refId": "inner", "ip": 0, "op": 20, "st": 0, "ks": {}}"#
        let twice = try LottieAnimation(parsing: Self.file(
            [placed, placed, Self.shapeLayer(star)].joined(separator: ", "), assets: #"[{"id": "inner", "layers": ["# + Self.shapeLayer(items) + "]}]"))
        #expect(twice.mostVerticesPerFrame == 2 * 44 + 20_000)
    }

    @Test("shape items of a type lottie-web does not know are passed over, as it passes over them; offset paths are named")
    func unknownShapeItems() throws {
        let rectangle = #"{"ty": "rc", "d": 1, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [4, 4]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}"#
        let unknown = try LottieAnimation(parsing: Self.file(Self.shapeLayer(#"{"ty": "xyz"}, "# + rectangle)))
        #expect(unknown.drawingNotes.entries.isEmpty)
        let plain = try LottieAnimation(parsing: Self.file(Self.shapeLayer(rectangle)))
        let drawn = Self.pathNumbers(try Self.frames(try LottieImport(unknown))[0], "0#0.path")
        let expected = Self.pathNumbers(try Self.frames(try LottieImport(plain))[0], "0#0.path")
        #expect(drawn.count == 8 && drawn == expected)
        let offset = try LottieAnimation(parsing: Self.file(Self.shapeLayer(#"{"ty": "op", "a": {"a": 0, "k": 2}}, "# + rectangle)))
        #expect(offset.drawingNotes.warnings(file: nil).map(\.description) == ["layers[0].shapes[0]: shape items of type \"op\" are not applied"])
    }
}
