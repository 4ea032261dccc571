import Foundation
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceLottie

/// Precompositions, 3D layers, slots and lottie-web's compatibility mode, against values worked out
/// by hand and against numbers lottie-web 5.13.0 printed for the same file (the oracle in
/// ../shared/lottie, `values.py fixture.json --step 0.5`; copied here as numbers, not run).
@Suite("Lottie compositions")
struct LottieCompositionTests {
    /// Two placements of one precomposition (one started at frame 5 and stretched 2×, one time
    /// remapped from 0.5 s back to 0), a 3D layer with an animated orientation, a null parent with
    /// an animated scale and a skewed child.
    static let fixture = #"""
{"v": "5.7.0", "fr": 30, "ip": 0, "op": 40, "w": 200, "h": 200,
 "assets": [{"id": "inner", "layers": [
   {"ty": 4, "nm": "dot", "ind": 1, "ip": 0, "op": 60, "st": 0, "shapes": [],
    "ks": {"a": {"a": 0, "k": [120, 80, 0]},
           "p": {"a": 1, "k": [{"t": 0, "s": [0, 100, 0], "to": [0, -55.23, 0], "ti": [-55.23, 0, 0], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}}, {"t": 20, "s": [100, 0, 0]}]},
           "s": {"a": 1, "k": [{"t": 0, "s": [100, 100, 100], "o": {"x": [0.2], "y": [0]}, "i": {"x": [0.1], "y": [1]}}, {"t": 30, "s": [173, 61.5, 100]}]},
           "r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}}, {"t": 24, "s": [270]}]},
           "o": {"a": 0, "k": 100}}}]}],
 "layers": [
   {"ty": 0, "nm": "stretched", "refId": "inner", "ind": 1, "ip": 2, "op": 40, "st": 5, "sr": 2, "w": 200, "h": 200,
    "ks": {"p": {"a": 0, "k": [50, 50, 0]}}},
   {"ty": 0, "nm": "remapped", "refId": "inner", "ind": 2, "ip": 0, "op": 40, "st": 0, "w": 200, "h": 200,
    "tm": {"a": 1, "k": [{"t": 0, "s": [0.5], "o": {"x": [0.5], "y": [0]}, "i": {"x": [0.5], "y": [1]}}, {"t": 30, "s": [0]}]},
    "ks": {}},
   {"ty": 4, "nm": "turned", "ind": 3, "ddd": 1, "ip": 0, "op": 40, "st": 0, "shapes": [],
    "ks": {"a": {"a": 0, "k": [10, 20, 30]}, "p": {"a": 0, "k": [100, 100, 40]},
           "rx": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.6], "y": [1]}}, {"t": 40, "s": [80]}]},
           "ry": {"a": 0, "k": 25}, "rz": {"a": 0, "k": -15},
           "or": {"a": 1, "k": [{"t": 0, "s": [0, 0, 0]}, {"t": 40, "s": [30, 60, 90]}]}}},
   {"ty": 3, "nm": "holder", "ind": 4, "ip": 0, "op": 40, "st": 0,
    "ks": {"p": {"a": 0, "k": [30, 40, 0]}, "s": {"a": 1, "k": [{"t": 0, "s": [100, 100, 100], "o": {"x": [0.5], "y": [0.5]}, "i": {"x": [0.5], "y": [0.5]}}, {"t": 40, "s": [50, 200, 100]}]}}},
   {"ty": 4, "nm": "held", "ind": 5, "parent": 4, "ip": 0, "op": 40, "st": 0, "shapes": [],
    "ks": {"p": {"a": 0, "k": [10, 0, 0]}, "sk": {"a": 0, "k": 20}, "sa": {"a": 0, "k": 30}}}]}
"""#

    static func animation() throws -> LottieAnimation { try LottieAnimation(parsing: fixture, file: "fixture.json") }

    static func layer(_ values: [LottieLayerValues], _ path: String) -> LottieLayerValues {
        values.first { $0.layer == path }!
    }

    @Test("precompositions: start time, stretch, time remapping, ranges and position paths")
    func precompositions() throws {
        let animation = try Self.animation()
        #expect(animation.layerCount == 7)
        let frame13 = animation.values(at: 13)
        #expect(frame13.map(\.layer) == ["0", "0/0", "1", "1/0", "2", "3", "4"])
        // (13 − st 5) / sr 2 = 4.
        #expect(Self.layer(frame13, "0/0").compositionFrame == 4)
        // Time remapping: 0.5 s eased to 0 over 30 frames with (0.5, 0, 0.5, 1), times 30 fps.
        // lottie-web printed 2.716118509231369 at frame 20.5 (its easing solver is within 1e-7).
        let remapped = Self.layer(animation.values(at: 20.5), "1/0").compositionFrame
        #expect(abs(remapped - 2.716118509231369) <= 1e-5, "\(remapped)")
        // The first placement starts at ip 2: before, it and its layers are inactive.
        let early = animation.values(at: 1)
        #expect(!Self.layer(early, "0").active && !Self.layer(early, "0/0").active && Self.layer(early, "1/0").active)
        // The skewed child of the null: its world translation is (10, 0) scaled by the parent's
        // linear scale at 33/40 (58.75 %, 182.5 %) plus the parent's position (30, 40).
        let world = Self.layer(animation.values(at: 33), "4").world
        #expect(abs(world[12] - 35.875) <= 1e-12 && abs(world[13] - 40) <= 1e-12)
    }

    @Test("3D layers: rx, ry, rz and the orientation, in lottie-web's order")
    func threeD() throws {
        // rx 90° alone turns the layer's y axis onto −z (points are row vectors: y maps to row 1;
        // lottie-web's rotateX puts −sin in entry 6).
        let turned = try LottieAnimation(parsing: #"{"fr": 30, "ip": 0, "op": 10, "layers": [{"ty": 4, "ddd": 1, "ip": 0, "op": 10, "ks": {"rx": {"a": 0, "k": 90}, "ry": {"a": 0, "k": 0}, "rz": {"a": 0, "k": 0}, "or": {"a": 0, "k": [0, 0, 0]}}}]}"#)
        let m = turned.values(at: 0)[0].matrix
        #expect(abs(m[5]) <= 1e-15 && abs(m[6] + 1) <= 1e-15 && abs(m[9] - 1) <= 1e-15)
        // The fixture's 3D layer at 7.5 against lottie-web's matrix (Float32: within 1e-5).
        let expected = [0.8361278772354126, 0.18606345355510712, 0.5160142183303833, 0, -0.05667836219072342, 0.9649837613105774,
                        -0.25611284375190735, 0, -0.5455986261367798, 0.18489624559879303, 0.8173956274986267, 0,
                        76.40432739257812, 84.3865737915039, -15.51601791381836, 1]
        let matrix = Self.layer(try Self.animation().values(at: 7.5), "2").matrix
        for (mine, theirs) in zip(matrix, expected) { #expect(abs(mine - theirs) <= 1e-5, "\(matrix)") }
    }

    @Test("compatibility mode: lottie-web's numbers, bit for bit")
    func compatibility() throws {
        var player = try LottieWebPlayer(animation: try Self.animation())
        var shown: [Double: [LottieLayerValues]] = [:]
        // The frames lottie-web showed, in its order (its memory depends on it).
        for step in 0...80 { shown[Double(step) / 2] = player.values(at: Double(step) / 2) }
        let stretched = Self.layer(shown[13]!, "0/0")
        #expect(stretched.matrix == [1.1157615184783936, 0.30221161246299744, 0, 0, -0.23993197083473206, 0.8858258724212646, 0, 0,
                                     0, 0, 1, 0, -113.12991333007812, -24.85468292236328, 0, 1])
        #expect(stretched.position == [1.5668998956680298, 82.27677917480469, 0])
        #expect(stretched.rotation == 0.26451025470378126)
        let remapped = Self.layer(shown[20.5]!, "1/0")
        #expect(remapped.compositionFrame == 2.716118509231369)
        #expect(remapped.matrix == [1.0615875720977783, 0.12762679159641266, 0, 0, -0.11500479280948639, 0.9565990567207336, 0, 0,
                                    0, 0, 1, 0, -117.7996826171875, -0.7360763549804688, 0, 1])
        // Near the end of the remapped time the spatial curve is sampled at 150 points: lottie-web
        // puts x at 0.0031881616450846195 where the curve itself is at about 0.0017.
        let late = Self.layer(shown[25]!, "1/0")
        #expect(late.position == [0.0031881616450846195, 99.4137191772461, 0])
        #expect(abs(Self.layer(try Self.animation().values(at: 25), "1/0").position[0] - 0.0031881616450846195) > 0.001)
        let orientation = Self.layer(shown[7.5]!, "2").orientation
        #expect(orientation == [0.21122676134109497, 0.11578992009162903, 0.29892975091934204])
        #expect(Self.layer(shown[33]!, "4").world == [0.49490779638290405, 0.16606146097183228, 0, 0, -0.16037437319755554, 2.112626791000366, 0, 0,
                                                      0, 0, 1, 0, 35.875, 40, 0, 1])
    }

    @Test("hostile shapes of values: a one-number position that auto-orients, in every mode")
    func oneNumberPosition() throws {
        let animation = try LottieAnimation(parsing: #"{"fr": 30, "ip": 0, "op": 20, "layers": [{"ty": 4, "ao": 1, "ip": 0, "op": 20, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [3]}, {"t": 10, "s": [9]}]}}}]}"#)
        var player = try LottieWebPlayer(animation: animation)
        let program = LottieProgram(animation)
        var frame = program.makeFrame()
        for time in [0.0, 5, 15] {
            let exact = animation.values(at: time)[0]
            program.evaluate(at: time, into: &frame)
            // Along x only: no turn; the position's missing y is 0.
            #expect(exact.matrix[12] == 3 + 0.6 * min(time, 10) && exact.matrix[13] == 0)
            #expect(Array(frame.matrix(of: 0)) == exact.matrix)
            #expect(player.values(at: time).count == 1)
        }
    }

    @Test("a parent chain that names a missing layer: the layer moves alone in both modes, as lottie-web moves it")
    func chainNamingAMissingLayer() throws {
        // A null (ind 5) scaled to 50 %, whose own parent 1 does not exist, and its child moved
        // to x 10 (lottie-ios__pr_1699.json has this shape).
        let animation = try LottieAnimation(parsing: #"""
            {"fr": 30, "ip": 0, "op": 10, "layers": [
              {"ty": 3, "ind": 5, "parent": 1, "ip": 0, "op": 10, "ks": {"s": {"a": 0, "k": [50, 50, 100]}}},
              {"ty": 4, "ind": 6, "parent": 5, "ip": 0, "op": 10, "ks": {"p": {"a": 0, "k": [10, 0, 0]}}}]}
            """#)
        var player = try LottieWebPlayer(animation: animation)
        let child = player.values(at: 2)[1]
        // lottie-web: no hierarchy, so the world is the layer's own matrix: x 10, scale 1.
        #expect(child.world[0] == 1 && child.world[12] == 10)
        #expect(child.world == child.matrix)
        // Exact: the same (the null's 50 % does not apply), and the drawing with it.
        let exact = animation.values(at: 2)[1]
        #expect(exact.world[0] == 1 && exact.world[12] == 10)
        #expect(animation.drawingNotes.entries.isEmpty)
    }

    @Test("a layer exported hidden is never drawn by lottie-web: its world keeps its first value")
    func hiddenLayerKeepsItsFirstWorld() throws {
        // A parent moved to x 30 and its hidden child (hd) moved to x 10.
        let animation = try LottieAnimation(parsing: #"""
            {"fr": 30, "ip": 0, "op": 10, "layers": [
              {"ty": 3, "ind": 1, "ip": 0, "op": 10, "ks": {"p": {"a": 0, "k": [30, 0, 0]}}},
              {"ty": 4, "ind": 2, "parent": 1, "hd": true, "ip": 0, "op": 10, "ks": {"p": {"a": 0, "k": [10, 0, 0]}}}]}
            """#)
        var player = try LottieWebPlayer(animation: animation)
        let child = player.values(at: 2)[1]
        // lottie-web: renderFrame returns at once for `hd`, so the world is still the identity.
        #expect(child.matrix[12] == 10)
        #expect(child.world == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        // Exact: the world is the chain's, x 40.
        #expect(animation.values(at: 2)[1].world[12] == 40)
    }

    @Test("lottie-web's memory: a change under 0.00001 is not shown")
    func memory() throws {
        // Opacity from 100 to 100.0005 % over 10 frames: 0.000005 in lottie-web's units, never shown.
        let creep = try LottieAnimation(parsing: #"{"fr": 30, "ip": 0, "op": 10, "layers": [{"ty": 4, "ip": 0, "op": 10, "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [100], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [100.0005]}]}}}]}"#)
        var player = try LottieWebPlayer(animation: creep)
        for frame in 0...9 { #expect(player.values(at: Double(frame))[0].opacity == 1) }
        #expect(abs(creep.values(at: 9)[0].opacity - 1.0000045) <= 1e-12)
    }

    @Test("lottie-web's straight segments: tangents along the line between two values are dropped")
    func collinearTangents() throws {
        // From y 0 to y −10 with an out tangent 5 down the same line: along the curve the layer
        // would first move down; lottie-web (and Cadence) moves it straight, with the easing.
        let bounce = try LottieAnimation(parsing: #"{"fr": 30, "ip": 0, "op": 10, "layers": [{"ty": 4, "ip": 0, "op": 10, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [0, 5], "ti": [0, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [0, -10]}]}}}]}"#)
        #expect(bounce.values(at: 2)[0].position == [0, -2])
    }

    @Test("slots, keys repeated as in JSON.parse, the shape of k, Telegram's missing ip")
    func readerRules() throws {
        let slotted = try LottieAnimation(parsing: #"{"fr": 30, "ip": 0, "op": 10, "slots": {"turn": {"p": {"a": 0, "k": 90}}}, "layers": [{"ty": 4, "op": 10, "ks": {"r": {"a": 0, "k": 0, "sid": "turn"}, "o": {"a": 2, "k": 50}, "p": {"a": 0, "k": [1, 2], "k": [3, 4]}}}]}"#)
        let values = slotted.values(at: 0)[0]
        #expect(values.rotation == Double.pi / 2 && values.opacity == 0.5 && values.position == [3, 4] && values.inRange)
    }

    /// A shape layer under `count - 1` null layers, each the child of the next, each rotated 1°;
    /// the last one's parent is `top` (a layer that exists only when `top` is `count - 1`).
    /// lottie-web draws only the shape layer: its world matrix holds every parent's rotation.
    static func chain(_ count: Int, top: Int) -> String {
        let layers = (0..<count).map { index in
            #"{"ty": \#(index == 0 ? 4 : 3), "ind": \#(index), "parent": \#(index == count - 1 ? top : index + 1), "ip": 0, "op": 30, "ks": {"r": {"a": 0, "k": 1}}}"#
        }
        return #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [\#(layers.joined(separator: ","))]}"#
    }

    @Test("lottie-web's parent chains: a chain of 10,000 that names a missing layer is walked once; chains past the player's bound are refused by name")
    func longParentChains() throws {
        // Each layer's walk stops at the missing top: no hierarchy (lottie-web moves each alone).
        let open = try LottieAnimation(parsing: Self.chain(10_000, top: 20_000))
        var player = try LottieWebPlayer(animation: open)
        let values = player.values(at: 0)
        #expect(values.count == 10_000 && values[0].world == values[0].matrix)
        // 2,500 layers in one complete chain (its top's parent is itself): 3,123,750 links in all.
        let closed = try LottieAnimation(parsing: Self.chain(2_500, top: 2_499))
        #expect(throws: LottieWebPlayerError.parentChainsTooLong(links: LottieWebPlayer.maximumParentLinks)) {
            _ = try LottieWebPlayer(animation: closed)
        }
        // 100 layers: 4,950 links, each layer's world its own rotation and its parents', 1° each.
        let short = try LottieAnimation(parsing: Self.chain(100, top: 99))
        var shortPlayer = try LottieWebPlayer(animation: short)
        let first = shortPlayer.values(at: 0)[0]
        // Layer 0 has 99 parents: 100° in all; lottie-web's matrices are Float32.
        let angle = 100 * Double.pi / 180
        #expect(abs(first.world[0] - cos(angle)) < 1e-4 && abs(first.world[1] - sin(angle)) < 1e-4, "\(first.world)")
    }
}
