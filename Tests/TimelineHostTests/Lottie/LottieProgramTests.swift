import CadenceCommandHarness
import Foundation
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceIO
@testable import CadenceLottie

/// The compiled path against the exact mode it compiles (`LottieAnimation.values(at:)`, itself
/// checked against lottie-web by `.ci/lottie-check`): the same numbers, frame by frame.
@Suite("Lottie compiled")
struct LottieProgramTests {
    /// Every layer's matrix, world, opacity, range and composition frame from the program equal
    /// the exact mode's; along spatial tangents (tabulated arc length against bisection) within 1e-9.
    static func compare(_ animation: LottieAnimation, frames: [Double], file: String) {
        let program = LottieProgram(animation)
        var frame = program.makeFrame()
        for time in frames {
            let expected = animation.values(at: time)
            program.evaluate(at: time, into: &frame)
            #expect(expected.count == program.layerCount)
            for (layer, values) in expected.enumerated() {
                #expect(program.layerPaths[layer] == values.layer)
                let compositionFrame = frame.compositionFrames[layer]
                #expect(compositionFrame == values.compositionFrame || (compositionFrame.isNaN && values.compositionFrame.isNaN), "\(file) \(time) \(values.layer)")
                #expect(frame.active[layer] == values.active && frame.inRange[layer] == values.inRange, "\(file) \(time) \(values.layer)")
                #expect(frame.opacities[layer] == values.opacity || (frame.opacities[layer].isNaN && values.opacity.isNaN), "\(file) \(time) \(values.layer)")
                for (mine, theirs) in zip(frame.matrix(of: layer), values.matrix) where !(abs(mine - theirs) <= 1e-9 * max(1, abs(theirs)) || (mine.isNaN && theirs.isNaN)) {
                    Issue.record("\(file) frame \(time) layer \(values.layer) matrix: \(Array(frame.matrix(of: layer))) vs \(values.matrix)")
                    break
                }
                for (mine, theirs) in zip(frame.world(of: layer), values.world) where !(abs(mine - theirs) <= 1e-9 * max(1, abs(theirs)) || (mine.isNaN && theirs.isNaN)) {
                    Issue.record("\(file) frame \(time) layer \(values.layer) world: \(Array(frame.world(of: layer))) vs \(values.world)")
                    break
                }
            }
        }
    }

    @Test("the fixture: precompositions, time remapping, 3D, skew, parents, spatial tangents")
    func fixture() throws {
        let animation = try LottieCompositionTests.animation()
        Self.compare(animation, frames: stride(from: -2, through: 42, by: 0.25).map { $0 } + [.nan, .infinity, -.infinity], file: "fixture")
    }

    @Test("holds, legacy end values, per-dimension easing, auto-orient, straight and bent paths")
    func keyframeKinds() throws {
        let text = #"{"fr": 24, "ip": 0, "op": 48, "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 48, "ao": 1, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [30, 0], "ti": [0, 30], "o": {"x": 0.2, "y": 0}, "i": {"x": 0.8, "y": 1}}, {"t": 12, "s": [100, 50], "to": [0, 0], "ti": [0, 0], "o": {"x": 0.5, "y": 0.5}, "i": {"x": 0.5, "y": 0.5}}, {"t": 24, "s": [200, 50], "h": 1}, {"t": 36, "s": [0, 0]}]}, "s": {"a": 1, "k": [{"t": 0, "s": [100, 100], "o": {"x": [0.1, 0.9], "y": [0, 0]}, "i": {"x": [0.2, 0.3], "y": [1, 1]}}, {"t": 40, "s": [50, 300]}]}, "o": {"a": 1, "k": [{"t": 0, "s": [0], "e": [80], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 20}]}}}, {"ty": 3, "ind": 2, "parent": 1, "ip": 10, "op": 30, "ks": {"p": {"s": true, "x": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 48, "s": [96]}]}, "y": {"a": 0, "k": 7}}, "r": {"a": 1, "k": [{"t": 5, "s": [0], "h": 1}, {"t": 15, "s": [90]}]}}}]}"#
        Self.compare(try LottieAnimation(parsing: text), frames: stride(from: -1, through: 50, by: 0.5).map { $0 }, file: "kinds")
    }

    /// Every 25th file of the corpus (every file with `CADENCE_LOTTIE_CORPUS=all`), 13 frames each.
    @Test("a sample of the public corpus, where ../shared/lottie is")
    func corpus() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../shared/lottie/corpus").standardizedFileURL
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let sorted = names.filter { $0.hasSuffix(".json") }.sorted()
        let every = ProcessInfo.processInfo.environment["CADENCE_LOTTIE_CORPUS"] == "all" ? 1 : 25
        let chosen = stride(from: 0, to: sorted.count, by: every).map { sorted[$0] }
        for name in chosen {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8),
                  let animation = try? LottieAnimation(parsing: text), animation.layerCount <= (every == 1 ? 100_000 : 400) else { continue }
            let frames = (0...12).map { animation.inPoint + (animation.outPoint - animation.inPoint) * Double($0) / 12 }
            Self.compare(animation, frames: frames, file: name)
        }
    }

    @Test("render and play stream a Lottie file's layers")
    func command() throws {
        let file = try temporaryFile("fixture.json", LottieCompositionTests.fixture)
        let result = cadence("render", file, "--frames", "26...26")
        #expect(result.status == 0, "\(result.err)")
        let program = LottieProgram(try LottieCompositionTests.animation())
        var frame = program.makeFrame()
        // Frame 26 at the file's 30 fps is composition frame 26.
        program.evaluate(at: 26, into: &frame)
        // Read back with Cadence's own parser (correctly rounded, unlike some platforms' Foundation).
        let line = try JSONParser.parse(result.out.trimmingCharacters(in: .newlines))
        #expect(line["values"]?["4.world"] == .array(frame.world(of: 6).map { .number($0) }))
        #expect(line["values"]?["1/0.active"] == .number(1))
        // Pictures are drawn from the file's import (LottieDrawingTests checks what they show).
        let folder = try temporaryDirectory() + "/frames"
        let pictures = cadence("render", file, "--format", "png", "--frames", "3..4", "--out", folder)
        #expect(pictures.status == 0, "\(pictures.err)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names.count == 2 && names[0].hasSuffix("3.png") && names[1].hasSuffix("4.png"), "\(names)")
    }
}
