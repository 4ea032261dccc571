import Foundation
import Testing
import Timeline

@Suite("Color")
struct ColorTests {
    // MARK: Storage and accessors

    @Test("stores premultiplied components and reads straight ones back")
    func storage() {
        let color = Color(red: 0.8, green: 0.4, blue: 0.2, alpha: 0.5)
        #expect(color.premultiplied == SIMD4(0.4, 0.2, 0.1, 0.5))
        expectValue(color.red, near: 0.8, tolerance: 1e-15)
        expectValue(color.green, near: 0.4, tolerance: 1e-15)
        expectValue(color.blue, near: 0.2, tolerance: 1e-15)
        #expect(color.alpha == 0.5)
        #expect(Color(red: 0.3, green: 0.6, blue: 0.9).alpha == 1)
        #expect(Color(white: 0.25, alpha: 0.5).premultiplied == SIMD4(0.125, 0.125, 0.125, 0.5))
    }

    @Test("a fully transparent colour reads as 0, never NaN, and equals clear")
    func transparent() {
        let color = Color(red: 1, green: 0.5, blue: 0.25, alpha: 0)
        #expect(color.red == 0 && color.green == 0 && color.blue == 0 && color.alpha == 0)
        #expect(color == .clear)
        #expect(Color.clear.withAlpha(1) == .black)
    }

    @Test("withAlpha keeps the straight colour")
    func withAlpha() {
        let color = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5).withAlpha(0.25)
        expectValue(color.red, near: 0.2, tolerance: 1e-15)
        expectValue(color.blue, near: 0.6, tolerance: 1e-15)
        #expect(color.alpha == 0.25)
    }

    @Test("named colours have the documented components")
    func named() {
        let table: [(Color, SIMD4<Double>)] = [
            (.black, [0, 0, 0, 1]), (.white, [1, 1, 1, 1]), (.clear, [0, 0, 0, 0]),
            (.gray, [0.5, 0.5, 0.5, 1]), (.red, [1, 0, 0, 1]), (.green, [0, 1, 0, 1]),
            (.blue, [0, 0, 1, 1]), (.yellow, [1, 1, 0, 1]), (.cyan, [0, 1, 1, 1]),
            (.magenta, [1, 0, 1, 1]),
        ]
        for (color, components) in table { #expect(color.premultiplied == components) }
        #expect(Color.zero == .clear)
    }

    // MARK: Interpolation (CSS Color 4, §13.2 and §13.4)

    @Test("CSS Color 4 §13.4 example: rgb(24% 12% 98% / 0.4) to rgb(62% 26% 64% / 0.6)")
    func cssPremultipliedExample() {
        let from = Color(red: 0.24, green: 0.12, blue: 0.98, alpha: 0.4)
        let to = Color(red: 0.62, green: 0.26, blue: 0.64, alpha: 0.6)
        // The spec's premultiplied forms: [9.6% 4.8% 39.2%] and [37.2% 15.6% 38.4%].
        expectValue(from.premultiplied, near: SIMD4(0.096, 0.048, 0.392, 0.4), tolerance: 1e-15)
        expectValue(to.premultiplied, near: SIMD4(0.372, 0.156, 0.384, 0.6), tolerance: 1e-15)
        // The spec's midpoint: rgb(46.8% 20.4% 77.6% / 0.5).
        let middle = from.interpolated(to: to, fraction: 0.5)
        expectValue(middle.red, near: 0.468, tolerance: 1e-15)
        expectValue(middle.green, near: 0.204, tolerance: 1e-15)
        expectValue(middle.blue, near: 0.776, tolerance: 1e-15)
        expectValue(middle.alpha, near: 0.5, tolerance: 1e-15)
    }

    @Test("halfway from opaque red to transparent blue is red at 50%, not purple")
    func redToTransparentBlue() {
        let red = Color(red: 1, green: 0, blue: 0, alpha: 1)  // rgba(255, 0, 0, 1)
        let transparentBlue = Color(red: 0, green: 0, blue: 1, alpha: 0)  // rgba(0, 0, 255, 0)
        let middle = red.interpolated(to: transparentBlue, fraction: 0.5)
        #expect(middle.red == 1)
        #expect(middle.green == 0)
        #expect(middle.blue == 0)
        #expect(middle.alpha == 0.5)
    }

    @Test(
        "fading a colour to transparent keeps its hue at every step (no dark fringe)",
        arguments: [0.1, 0.25, 0.5, 0.75, 0.9, 0.99])
    func fadeKeepsColour(fraction: Double) {
        // In straight-alpha space this fade would darken towards black: at fraction t the red
        // component would be 1 - t. Premultiplied, the straight colour never changes.
        let yellow = Color(red: 1, green: 1, blue: 0, alpha: 1)
        let faded = yellow.interpolated(to: .clear, fraction: fraction)
        expectValue(faded.red, near: 1, tolerance: 1e-14)
        expectValue(faded.green, near: 1, tolerance: 1e-14)
        expectValue(faded.blue, near: 0, tolerance: 0)
        expectValue(faded.alpha, near: 1 - fraction, tolerance: 1e-15)
    }

    @Test("with equal alphas, premultiplied and straight interpolation agree (CSS §13.4)")
    func equalAlphas() {
        let from = Color(red: 0.2, green: 0.9, blue: 0.4, alpha: 0.7)
        let to = Color(red: 0.8, green: 0.1, blue: 0.6, alpha: 0.7)
        let at = from.interpolated(to: to, fraction: 0.3)
        // Straight lerp by hand: 0.2 + 0.3·0.6, 0.9 - 0.3·0.8, 0.4 + 0.3·0.2.
        expectValue(at.red, near: 0.38, tolerance: 1e-15)
        expectValue(at.green, near: 0.66, tolerance: 1e-15)
        expectValue(at.blue, near: 0.46, tolerance: 1e-15)
        expectValue(at.alpha, near: 0.7, tolerance: 1e-15)
    }

    @Test("interpolation at a general fraction matches the premultiply-lerp-divide formula")
    func generalFraction() {
        // From Boris Zbarsky's statement of premultiplied interpolation (www-style, Aug 2010):
        // component(t) = ((1-t)·c1·a1 + t·c2·a2) / a(t), a(t) = (1-t)·a1 + t·a2.
        let (c1, a1, c2, a2, t) = (0.9, 0.2, 0.3, 0.8, 0.35)
        let alpha = (1 - t) * a1 + t * a2
        let expected = ((1 - t) * c1 * a1 + t * c2 * a2) / alpha
        let at = Color(red: c1, green: 0, blue: 0, alpha: a1)
            .interpolated(to: Color(red: c2, green: 0, blue: 0, alpha: a2), fraction: t)
        expectValue(at.red, near: expected, tolerance: 1e-15)
        expectValue(at.alpha, near: alpha, tolerance: 1e-15)
    }

    @Test("vector-space axioms on premultiplied components")
    func axioms() {
        var random = ValuesTestRandom(seed: 2)
        func color() -> Color {
            Color(
                red: random.double(in: 0...1), green: random.double(in: 0...1),
                blue: random.double(in: 0...1), alpha: random.double(in: 0...1))
        }
        for _ in 0..<200 {
            expectVectorSpaceAxioms(
                color(), color(), color(), random.double(in: -3...3), random.double(in: -3...3))
        }
        // |(0.5, 0, 0, 0.5)|² = 0.5 for red at half alpha.
        #expect(Color(red: 1, green: 0, blue: 0, alpha: 0.5).magnitudeSquared == 0.5)
        #expect((Color.white - Color.black).premultiplied == SIMD4(1, 1, 1, 0))
    }

    // MARK: Gamut and hostile input

    @Test("clamped() brings an overshooting colour back into the gamut")
    func clamping() {
        let overshoot = Color(premultiplied: SIMD4(1.2, -0.1, 0.5, 1.1)).clamped()
        #expect(overshoot.alpha == 1)
        #expect(overshoot.red == 1)
        #expect(overshoot.green == 0)
        expectValue(overshoot.blue, near: 0.5 / 1.1, tolerance: 1e-15)
        #expect(Color(premultiplied: SIMD4(0.3, 0.3, 0.3, -0.2)).clamped() == .clear)
        #expect(Color(red: .nan, green: 0.5, blue: 0.5, alpha: 1).clamped().red == 0)
        #expect(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: .nan).clamped() == .clear)
    }

    @Test(
        "NaN and infinite components are reported by isFinite",
        arguments: [
            Color(red: .nan, green: 0, blue: 0), Color(red: 0, green: .infinity, blue: 0),
            Color(red: 0, green: 0, blue: -.infinity), Color(white: 0, alpha: .nan),
            Color(red: 1, green: 0, blue: 0, alpha: .infinity),
            Color(premultiplied: SIMD4(0, 0, 0, .nan)),
        ])
    func nonFinite(color: Color) {
        #expect(!color.isFinite)
    }

    @Test("finite colours, including out-of-gamut ones, are finite")
    func finite() {
        #expect(Color.white.isFinite)
        #expect(Color(red: 2, green: -1, blue: 0.5, alpha: 1.5).isFinite)
        #expect(!(Color.white.scaled(by: .infinity)).isFinite)
    }

    // MARK: Codable

    @Test("JSON uses straight components and round-trips to within one ulp")
    func codable() throws {
        let color = Color(red: 0.3, green: 0.6, blue: 0.9, alpha: 0.7)
        let data = try JSONEncoder().encode(color)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Double]
        expectValue(object?["red"] ?? .nan, near: 0.3, tolerance: 1e-15)
        expectValue(object?["alpha"] ?? .nan, near: 0.7, tolerance: 0)
        let decoded = try JSONDecoder().decode(Color.self, from: data)
        expectValue(decoded.premultiplied, near: color.premultiplied, tolerance: 1e-15)
    }

    @Test("decoding defaults alpha to 1 and rejects non-finite components")
    func decoding() throws {
        let opaqueJSON = Data(#"{"red":1,"green":0.5,"blue":0}"#.utf8)
        let opaque = try JSONDecoder().decode(Color.self, from: opaqueJSON)
        #expect(opaque == Color(red: 1, green: 0.5, blue: 0))
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        #expect(throws: DecodingError.self) {
            try decoder.decode(Color.self, from: Data(#"{"red":"nan","green":0,"blue":0}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            let json = Data(#"{"red":0,"green":0,"blue":0,"alpha":"inf"}"#.utf8)
            return try decoder.decode(Color.self, from: json)
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Color.self, from: Data(#"{"red":1,"green":0.5}"#.utf8))
        }
    }

    @Test("encoding a difference with alpha 0 and colour left is an error, not a silent loss")
    func encodingDifference() {
        let difference = Color.white - Color.black  // premultiplied (1, 1, 1, 0)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(difference) }
        #expect(throws: Never.self) { try JSONEncoder().encode(Color.clear) }
    }
}
