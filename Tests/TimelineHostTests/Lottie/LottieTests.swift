import CadenceCommandHarness
import Foundation
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceLottie
import CadenceIO

/// The Lottie reader's transforms against values worked out by hand (the agreement with lottie-web
/// itself is `.ci/lottie-check`, against the oracle in ../shared/lottie).
@Suite("Lottie transforms")
struct LottieTests {
    /// An animation of one layer with the given transform (`ks`) and optional extra layers.
    static func animation(_ ks: String, extra: String = "", layerKeys: String = "") throws -> LottieAnimation {
        let text = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0"# + layerKeys + #", "ks": "# + ks + "}" + extra + "]}"
        return try LottieAnimation(parsing: text, file: "t.json")
    }

    @Test("keyframes: linear, holds, per-dimension easing, legacy end values, before and after")
    func keyframes() throws {
        let linear = try Self.animation(#"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 20, "s": [100, 50, 0]}]}}"#)
        #expect(linear.values(at: 5)[0].position == [25, 12.5, 0])
        #expect(linear.values(at: -3)[0].position == [0, 0, 0] && linear.values(at: 45)[0].position == [100, 50, 0])
        // CSS's ease, cubic-bezier(0.25, 0.1, 0.25, 1), at x = 0.5: 0.80240338758485699 (the cubic
        // solved to 40 digits with mpmath).
        let eased = try Self.animation(#"{"r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.25], "y": [0.1]}, "i": {"x": [0.25], "y": [1]}}, {"t": 10, "s": [180]}]}}"#)
        #expect(abs(eased.values(at: 5)[0].rotation - 0.80240338758485699 * Double.pi) <= 1e-12)
        // Per dimension: x linear, y held by a step-like curve (0, 0, 1, 0 ends at 1 only at the end).
        let split = try Self.animation(#"{"s": {"a": 1, "k": [{"t": 0, "s": [100, 100], "o": {"x": [0, 1], "y": [0, 0]}, "i": {"x": [1, 1], "y": [1, 0]}}, {"t": 10, "s": [200, 300]}]}}"#)
        let halfway = split.values(at: 5)[0].scale
        #expect(halfway[0] == 1.5)
        #expect(halfway[1] < 1.2, "the y curve is still near its start: \(halfway[1])")
        // A hold keeps the start value until the next keyframe.
        let hold = try Self.animation(#"{"o": {"a": 1, "k": [{"t": 0, "s": [100], "h": 1}, {"t": 10, "s": [0]}]}}"#)
        #expect(hold.values(at: 9.99)[0].opacity == 1 && hold.values(at: 10)[0].opacity == 0)
        // Legacy files: the end value in "e", the last keyframe with a time only.
        let legacy = try Self.animation(#"{"o": {"a": 1, "k": [{"t": 0, "s": [0], "e": [50], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10}]}}"#)
        #expect(legacy.values(at: 5)[0].opacity == 0.25 && legacy.values(at: 20)[0].opacity == 0.5)
    }

    @Test("spatial tangents: position moves along the curve at a speed set by its arc length")
    func spatialTangents() throws {
        // Collinear tangents on a straight line: the curve is the segment, walked by length, so the
        // position is linear in the (linear) progress whatever the tangents' lengths.
        let straight = try Self.animation(#"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [90, 0], "ti": [-5, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [100, 0]}]}}"#)
        for frame in [1.0, 2.5, 5, 7.5, 9] {
            #expect(abs(straight.values(at: frame)[0].position[0] - 10 * frame) <= 1e-9, "frame \(frame)")
        }
        // A quarter circle's cubic approximation (k = 0.5523), symmetric about the line y = x:
        // halfway by length is on that line.
        let arc = try Self.animation(#"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 100], "to": [0, -55.23], "ti": [-55.23, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [100, 0]}]}}"#)
        let middle = arc.values(at: 5)[0].position
        #expect(abs(middle[0] - middle[1]) <= 1e-9, "\(middle)")
        // And a quarter of the way along is not a quarter of the way in the curve's parameter.
        let quarter = arc.values(at: 2.5)[0].position
        let byParameter = 0.75 * 0.75 * 0.75 * 100 + 3 * 0.75 * 0.75 * 0.25 * 44.77
        #expect(abs(quarter[1] - byParameter) > 0.01, "\(quarter)")
    }

    @Test("the matrix: translate(−anchor), scale, skew, rotate, translate(position); world with parents")
    func matrices() throws {
        let layer = try Self.animation(#"{"a": {"a": 0, "k": [10, 20, 0]}, "p": {"a": 0, "k": [50, 60, 0]}, "s": {"a": 0, "k": [200, 50, 100]}, "r": {"a": 0, "k": 90}}"#)
        let m = layer.values(at: 0)[0].matrix
        // A point maps as [x y 0 1] · M: the anchor (10, 20) lands on the position (50, 60);
        // (11, 20) is 1 right of the anchor: scaled to 2, rotated 90° clockwise (y down) to (0, 2).
        func map(_ x: Double, _ y: Double) -> (Double, Double) { (x * m[0] + y * m[4] + m[12], x * m[1] + y * m[5] + m[13]) }
        let anchor = map(10, 20), right = map(11, 20)
        #expect(abs(anchor.0 - 50) <= 1e-12 && abs(anchor.1 - 60) <= 1e-12)
        #expect(abs(right.0 - 50) <= 1e-12 && abs(right.1 - 62) <= 1e-12)
        // A child of a layer moved by (100, 0): its world adds the parent's move.
        let parented = try Self.animation(
            #"{"p": {"a": 0, "k": [5, 5, 0]}}"#, extra: #", {"ty": 3, "ind": 2, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [100, 0, 0]}}}"#,
            layerKeys: #", "parent": 2"#)
        let world = parented.values(at: 0)[0].world
        #expect(world[12] == 105 && world[13] == 5)
        #expect(parented.values(at: 0)[1].world == parented.values(at: 0)[1].matrix)
        #expect(parented.values(at: 60)[0].inRange == false && parented.values(at: 59.5)[0].inRange)
        // A chain of three (child first in the file): translations add up; a cycle ends, a frame
        // that is not a number gives the first keyframe's values.
        let chain = try LottieAnimation(parsing: #"{"fr": 30, "ip": 0, "op": 60, "layers": [{"ty": 3, "ind": 1, "parent": 2, "ip": 0, "op": 60, "ks": {"p": {"a": 0, "k": [1, 0]}}}, {"ty": 3, "ind": 2, "parent": 3, "ip": 0, "op": 60, "ks": {"p": {"a": 0, "k": [10, 0]}}}, {"ty": 3, "ind": 3, "ip": 0, "op": 60, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [100, 0]}, {"t": 10, "s": [200, 0]}]}}}, {"ty": 3, "ind": 4, "parent": 5, "ip": 0, "op": 60}, {"ty": 3, "ind": 5, "parent": 4, "ip": 0, "op": 60}]}"#)
        let frame = chain.values(at: 0)
        #expect(frame[0].world[12] == 111 && frame[1].world[12] == 110 && frame[2].world[12] == 100)
        #expect(frame[3].world.count == 16 && frame[4].world.count == 16)
        #expect(chain.values(at: .nan)[2].position[0] == 100)
    }

    @Test("features not read yet are refused with their JSON path; bad files are errors")
    func refusals() {
        func error(_ text: String) -> String {
            do {
                _ = try LottieAnimation(parsing: text, file: "t.json")
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        let base = #"{"fr": 30, "ip": 0, "op": 60, "layers": [LAYER]}"#
        func layer(_ text: String) -> String { base.replacingOccurrences(of: "LAYER", with: text) }
        #expect(error(layer(#"{"ty": 4, "ip": 0, "op": 60, "ks": {"p": {"a": 0, "k": [0, 0], "x": "value"}}}"#)) == "t.json: layers[0].ks.p.x: expressions are not supported (--expressions static, or expressions: .staticValues, draws each with its property's static value)")
        // Expressions anywhere (here in a shape), not only in transforms.
        #expect(error(layer(#"{"ty": 4, "ip": 0, "op": 60, "shapes": [{"ty": "gr", "it": [{"ty": "el", "s": {"a": 0, "k": [1, 1], "x": "v"}}]}]}"#))
            .hasPrefix("t.json: layers[0].shapes[0].it[0].s.x: expressions are not supported"))
        // A precomposition that contains itself, directly or not.
        let cycle = #"{"fr": 30, "ip": 0, "op": 60, "assets": [{"id": "a", "layers": [{"ty": 0, "refId": "b", "ip": 0, "op": 60}]}, {"id": "b", "layers": [{"ty": 0, "refId": "a", "ip": 0, "op": 60}]}], "layers": [{"ty": 0, "refId": "a", "ip": 0, "op": 60}]}"#
        #expect(error(cycle) == #"t.json: assets[1].layers[0].refId: the precomposition "a" contains itself"#)
        #expect(error(layer(#"{"ty": 0, "refId": "img", "ip": 0, "op": 60}"#).replacingOccurrences(of: #""layers""#, with: #""assets": [{"id": "img", "p": "x.png"}], "layers""#))
            .contains(#"layers[0].refId: the asset "img" is not a precomposition"#))
        // Twenty levels of a precomposition placed twice: a million layers, refused before building them.
        var assets: [String] = []
        for level in 0..<20 {
            let inner = level == 19 ? #"{"ty": 3, "ip": 0, "op": 60}"# : #"{"ty": 0, "refId": "c\#(level + 1)", "ip": 0, "op": 60}"#
            assets.append(#"{"id": "c\#(level)", "layers": [\#(inner), \#(inner)]}"#)
        }
        let bomb = #"{"fr": 30, "ip": 0, "op": 60, "assets": [\#(assets.joined(separator: ","))], "layers": [{"ty": 0, "refId": "c0", "ip": 0, "op": 60}]}"#
        #expect(error(bomb).contains("the precompositions expand to more than 200000 layers"))
        // Without precompositions, the layers themselves.
        let crowd = (0..<200_001).map { _ in #"{"ty": 3, "ip": 0, "op": 60}"# }.joined(separator: ",")
        #expect(error(#"{"fr": 30, "ip": 0, "op": 60, "layers": [\#(crowd)]}"#).contains("the file has more than 200000 layers"))
        // A chain of 150 precompositions, each placing the next once.
        let chain = (0..<150).map { level in
            #"{"id": "d\#(level)", "layers": [\#(level == 149 ? #"{"ty": 3, "ip": 0, "op": 60}"# : #"{"ty": 0, "refId": "d\#(level + 1)", "ip": 0, "op": 60}"#)]}"#
        }
        let deep = #"{"fr": 30, "ip": 0, "op": 60, "assets": [\#(chain.joined(separator: ","))], "layers": [{"ty": 0, "refId": "d0", "ip": 0, "op": 60}]}"#
        #expect(error(deep).contains("precompositions nested more than 100 deep"))
        #expect(error(layer(#"{"ty": 4, "ip": 0, "op": 60, "ks": {"o": {"a": 0, "k": "half"}}}"#)).contains("layers[0].ks.o.k: expected a number, an array of numbers or keyframes"))
        #expect(error(#"{"fr": 0, "ip": 0, "op": 60, "layers": []}"#).contains("fr: expected a number greater than 0"))
        #expect(error(#"{"fr": 30, "ip": 0, "op": 60, "layers": [{"ty": 4, "ip": 0, "op": 60, "ks": {"o": {"a": 1, "k": [{"t": 5, "s": [0]}, {"t": 2, "s": [1]}]}}}]}"#).contains("keyframe times must not decrease"))
        #expect(error("not json").contains("invalid JSON"))
        // Found by the fuzz target: an end value shorter than its start beside spatial tangents
        // (read, not a trap), and an easing handle without numbers.
        #expect(error(layer(#"{"ty": 4, "ip": 0, "op": 60, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [10, 0], "ti": [0, 10]}, {"t": 30, "s": [1]}]}}}"#)) == "accepted")
        #expect(error(#"{"fr": 30, "ip": 0, "op": 60, "layers": [{"ty": 4, "ip": 0, "op": 60, "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 2, "s": [1]}]}}}]}"#).contains("layers[0].ks.o.k[0]: an easing handle"))
    }

    @Test("spatial tangents too large to measure are refused with their JSON path, at once; large ones that can be measured are read",
        arguments: ["1e200", "1e300", "1e154"])
    func hugeSpatialTangents(size: String) {
        let text = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":3,"nm":"n","ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"to":[SIZE,SIZE],"ti":[-SIZE,SIZE]},{"t":10,"s":[50,50]}]}}}]}"#
        do {
            _ = try LottieAnimation(parsing: text.replacingOccurrences(of: "SIZE", with: size), file: "sp.json")
            Issue.record("a curve \(size) wide was read")
        } catch {
            #expect("\(error)".hasPrefix("sp.json: layers[0].ks.p.k[0]: its spatial tangents"), "\(error)")
        }
        // 1e150: the speed's square is finite; the position at the middle is where the exact walk puts it.
        let measurable = text.replacingOccurrences(of: "SIZE", with: "1e150")
        #expect(throws: Never.self) {
            let animation = try LottieAnimation(parsing: measurable, file: "sp.json")
            let position = animation.values(at: 5)[0].position
            #expect(position.count >= 2 && position.allSatisfy(\.isFinite), "\(position)")
        }
    }

    @Test("the adaptive arc-length rule stops where a length overflows, instead of splitting 2^40 times")
    func arcLengthStopsOnOverflow() {
        var calls = 0
        // Infinite speeds, then (so that a rule that kept splitting would end, and fail) finite ones.
        let length = ArcLength.integrate(from: 0, to: 1, scale: 1) { _ in
            calls += 1
            return calls > 1_000 ? 1 : .infinity
        }
        #expect(!length.isFinite)
        #expect(calls <= 5 * 3, "\(calls) calls to the speed")
    }

    @Test("cadence lottie values prints the oracle's shape")
    func command() throws {
        let file = try temporaryFile("one.json", #"{"fr": 30, "ip": 0, "op": 2, "layers": [{"ty": 3, "nm": "n", "ind": 1, "ip": 0, "op": 2, "ks": {"o": {"a": 0, "k": 50}}}]}"#)
        let result = cadence("lottie", "values", file, "--frames", "0,1.5")
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 2)
        let name = file.split(separator: "/").last!
        #expect(lines[1] == #"{"file":"\#(name)","frame":1.5,"layer":"0","values":{"nm":"n","ind":1,"ty":3,"parent":null,"a":[0,0,0],"p":[0,0,0],"s":[1,1,1],"r":0,"o":0.5,"matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"world":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"opacity":0.5,"in_range":true,"active":true,"comp_frame":1.5}}"#)
        #expect(cadence("lottie", "values").status == 2)
        #expect(cadence("lottie", "frobnicate", file).status == 2)
        #expect(cadence("lottie", "values", file, "--frames", "x").status == 2)
        let compatible = cadence("lottie", "values", file, "--frames", "0,1.5", "--compat", "lottie-web")
        // lottie-web never draws a null layer, so its drawn opacity stays 1.
        #expect(compatible.status == 0, "\(compatible.err)")
        #expect(compatible.out == result.out.replacingOccurrences(of: #""opacity":0.5"#, with: #""opacity":1"#))
        let unknown = cadence("lottie", "values", file, "--compat", "bodymovin")
        #expect(unknown.status == 2 && unknown.err.contains("unknown '--compat' mode 'bodymovin'; modes: lottie-web"))
        // A missing precomposition is read as an empty one, with a warning on standard error.
        let missing = try temporaryFile("missing.json", #"{"fr": 30, "ip": 0, "op": 2, "layers": [{"ty": 0, "refId": "gone", "ip": 0, "op": 2}]}"#)
        let warned = cadence("lottie", "values", missing, "--frames", "0")
        #expect(warned.status == 0 && warned.err.contains(#"warning: \#(missing): layers[0].refId: no asset has the id "gone": the precomposition is empty"#))
    }

    @Test("with expressions: .staticValues, every property keeps its static value, with a warning naming each expression")
    func staticExpressions() throws {
        let text = #"{"fr": 30, "ip": 0, "op": 60, "layers": [{"ty": 4, "ip": 0, "op": 60, "ks": {"p": {"a": 0, "k": [10, 20], "x": "wiggle(2, 30)"}, "o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [100]}], "x": "loopOut()"}}}]}"#
        let animation = try LottieAnimation(parsing: text, file: "t.json", expressions: .staticValues)
        #expect(animation.warnings.map(\.description) == [
            "t.json: layers[0].ks.p.x: an expression: its property keeps its static value (\"k\")",
            "t.json: layers[0].ks.o.x: an expression: its property keeps its static value (\"k\")",
        ])
        // The position is its "k"; the opacity follows its keyframes: half way at frame 15.
        let layer = animation.values(at: 15)[0]
        #expect(Array(layer.position.prefix(2)) == [10, 20] && layer.opacity == 0.5)
        // Past the listed ones, one warning counts the rest.
        let many = (0..<150).map { _ in #"{"ty": 3, "ip": 0, "op": 60, "ks": {"r": {"a": 0, "k": 0, "x": "time"}}}"# }.joined(separator: ",")
        let crowded = try LottieAnimation(parsing: #"{"fr": 30, "ip": 0, "op": 60, "layers": [\#(many)]}"#, expressions: .staticValues)
        #expect(crowded.warnings.count == LottieAnimation.maximumExpressionWarnings + 1)
        #expect(crowded.warnings.last?.description == "$: 50 more expressions: their properties keep their static values")
    }

    @Test("cadence render and lottie values take --expressions static; another mode, or the option on a document, is a usage error")
    func expressionsOption() throws {
        let file = try temporaryFile("x.lottie.json", #"{"fr": 30, "ip": 0, "op": 60, "w": 40, "h": 40, "layers": [{"ty": 4, "ip": 0, "op": 60, "ks": {"p": {"a": 0, "k": [10, 20], "x": "wiggle(2, 30)"}}, "shapes": [{"ty": "rc", "d": 1, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]}]}"#)
        #expect(cadence("render", file, "--format", "rgba", "--frames", "0..0", "--out", "/dev/null").status == 2)
        let drawn = cadence("render", file, "--format", "rgba", "--frames", "0..0", "--out", "/dev/null", "--expressions", "static")
        #expect(drawn.status == 0 && drawn.err.contains("layers[0].ks.p.x: an expression: its property keeps its static value"), "\(drawn.err)")
        #expect(cadence("lottie", "values", file, "--frames", "0", "--expressions", "static").status == 0)
        #expect(cadence("lottie", "import", file, "--expressions", "static").status == 0)
        let bad = cadence("render", file, "--expressions", "run")
        #expect(bad.status == 2 && bad.err.contains("unknown '--expressions' mode 'run'; modes: static, refuse"), "\(bad.err)")
        let document = try temporaryFile("doc.json", #"{"cadence": 1, "fps": 10, "duration": 1, "tracks": [{"name": "t", "keyframes": [{"time": 0, "value": 0}]}]}"#)
        #expect(cadence("render", document, "--expressions", "static").err.contains("'--expressions' is for Lottie files"))
    }

    @Test("keyframes too far apart to interpolate (the difference overflows) are refused with their JSON path: never a null frame",
        arguments: ["r", "o", "p", "s"])
    func overflowingSpans(property: String) {
        let values = property == "p" || property == "s" ? ("[1e308, 0]", "[-1e308, 0]") : ("[1e308]", "[-1e308]")
        let text = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{"\#(property)":{"a":1,"k":[{"t":0,"s":\#(values.0)},{"t":10,"s":\#(values.1)}]}}}]}"#
        do {
            _ = try LottieAnimation(parsing: text, file: "ov.json")
            Issue.record("read")
        } catch {
            #expect("\(error)" == "ov.json: layers[0].ks.\(property).k[0]: its value goes from 1e+308 to -1e+308 by the next keyframe: too far apart to interpolate (the difference overflows)")
        }
        // Far apart, but the difference is a number: read, and every frame between is finite.
        let near = text.replacingOccurrences(of: "1e308", with: "8e307")
        #expect(throws: Never.self) {
            let animation = try LottieAnimation(parsing: near, file: "ov.json")
            let layer = animation.values(at: 5)[0]
            #expect(layer.matrix.allSatisfy(\.isFinite) && layer.opacity.isFinite)
        }
    }
}
