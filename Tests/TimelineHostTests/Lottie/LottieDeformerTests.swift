import Testing
import CadenceIO
@testable import CadenceLottie

/// Pucker and bloat, and zig-zag, against points worked out by hand from lottie-web's
/// `PuckerAndBloatModifier` and `ZigZagModifier`.
@Suite("Lottie deformers")
struct LottieDeformerTests {
    /// The closed square (0, 0), (10, 0), (10, 10), (0, 10), its corners sharp.
    static let square = LottieTrim.ShapePath(relative: [0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 10, 10, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0], closed: true)

    static func vertices(_ path: LottieTrim.ShapePath) -> [Double] {
        (0..<path.count).flatMap { index in [path.point(index, 0).0, path.point(index, 0).1] }.map { ($0 * 10_000).rounded() / 10_000 }
    }

    @Test("bloat 50 %: vertices halfway to the centre (5, 5), control points as far away from it")
    func puckerBloat() {
        let bloated = LottiePuckerBloat.deformed(Self.square, percent: 0.5)
        #expect(Self.vertices(bloated) == [2.5, 2.5, 7.5, 2.5, 7.5, 7.5, 2.5, 7.5])
        // The first vertex's out control: (0, 0) moved away from (5, 5) by half, (−2.5, −2.5);
        // relative to its vertex (2.5, 2.5), (−5, −5).
        #expect(Array(bloated.relative[2..<6]) == [-5, -5, -5, -5])
    }

    @Test("zig-zag corners: each vertex along the perpendicular of its neighbours' chord, in and out in turn, the first again at the end")
    func zigZagCorners() {
        // Vertex 0: chord (0, 10) → (10, 0), its normal at 135°: moved by −1 along it, inwards,
        // to (√½, √½); vertex 1 outwards to (10 + √½, −√½); and so on.
        let half = (0.5).squareRoot()
        let zigged = LottieZigZag.zigZag(Self.square, amplitude: 1, frequency: 0, smooth: false)
        let expected = [half, half, 10 + half, -half, 10 - half, 10 - half, -half, 10 + half, half, half].map { ($0 * 10_000).rounded() / 10_000 }
        #expect(Self.vertices(zigged) == expected)
        // One point per side: the first side's middle (5, 0), its normal up: (5, −1), outwards.
        let ridged = LottieZigZag.zigZag(Self.square, amplitude: 1, frequency: 1, smooth: false)
        #expect(ridged.count == 9 && Array(Self.vertices(ridged)[2..<4]) == [5, -1])
        // Smooth points: handles along the side, a quarter of its length ((1 + 1) × 2 shares).
        let smooth = LottieZigZag.zigZag(Self.square, amplitude: 1, frequency: 1, smooth: true)
        let out = smooth.point(1, 4), vertex = smooth.point(1, 0)
        #expect(abs((out.0 - vertex.0).magnitude - 2.5) < 1e-9 && abs(out.1 - vertex.1) < 1e-9)
    }
}

/// A keyframe that eases with `"i"` or `"o"` written as `null`: lottie-web fails on it, Cadence
/// eases it linearly and says so.
@Suite("Lottie keyframes without easing")
struct LottieKeyframesWithoutEasingTests {
    @Test("a keyframe with null handles is named by its JSON path; holds and last keyframes are not")
    func named() throws {
        func file(_ keyframes: String) -> String {
            #"{"v": "5.7.0", "fr": 10, "ip": 0, "op": 20, "w": 100, "h": 100, "layers": [{"ty": 3, "ind": 1, "ip": 0, "op": 20, "st": 0, "ks": {"o": {"a": 1, "k": "# + keyframes + "}}}]}"
        }
        let null = try LottieAnimation(parsing: file(#"[{"t": 0, "s": [100], "i": null, "o": null}, {"t": 10, "s": [0]}]"#))
        #expect(null.drawingNotes.warnings(file: nil).map(\.description).first?.hasPrefix("layers[0].ks.o.k[0]: keyframes without easing") == true)
        let hold = try LottieAnimation(parsing: file(#"[{"t": 0, "s": [100], "i": null, "o": null, "h": 1}, {"t": 10, "s": [0], "i": null, "o": null}]"#))
        #expect(hold.drawingNotes.entries.isEmpty)
    }
}
