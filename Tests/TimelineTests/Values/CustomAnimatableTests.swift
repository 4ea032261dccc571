import Foundation
import Testing
import Timeline

// The example conformance of Docs/Values.md ("Adding your own type"), compiled here. The test
// `documentationMatches` checks that the guide shows exactly this text.
// docs:begin
/// A drop shadow that animates its offset, blur and colour together.
struct Shadow: Animatable {
    var offset: Point
    var blur: Double
    var color: Color

    static let zero = Shadow(offset: .zero, blur: 0, color: .zero)

    static func + (a: Shadow, b: Shadow) -> Shadow {
        Shadow(offset: a.offset + b.offset, blur: a.blur + b.blur, color: a.color + b.color)
    }

    static func - (a: Shadow, b: Shadow) -> Shadow {
        Shadow(offset: a.offset - b.offset, blur: a.blur - b.blur, color: a.color - b.color)
    }

    func scaled(by factor: Double) -> Shadow {
        Shadow(
            offset: offset.scaled(by: factor), blur: blur * factor,
            color: color.scaled(by: factor))
    }

    var magnitudeSquared: Double { offset.magnitudeSquared + blur * blur + color.magnitudeSquared }

    var isFinite: Bool { offset.isFinite && blur.isFinite && color.isFinite }
}
// docs:end

@Suite("Custom Animatable types")
struct CustomAnimatableTests {
    @Test("a custom type animates on a track like a built-in one")
    func shadowOnATrack() throws {
        let resting = Shadow(
            offset: Point(x: 0, y: 2), blur: 4, color: Color(white: 0, alpha: 0.2))
        let lifted = Shadow(
            offset: Point(x: 0, y: 10), blur: 20, color: Color(white: 0, alpha: 0.6))
        let track = try Track<Shadow>(keyframes: [
            Keyframe(time: 0, value: resting),
            Keyframe(time: 2, value: lifted),
        ])
        let middle = track.value(at: 1)
        // Halfway by hand: offset (0, 6), blur 12, black at alpha 0.4.
        expectValue(middle.offset, near: Point(x: 0, y: 6))
        expectValue(middle.blur, near: 12)
        expectValue(middle.color.alpha, near: 0.4, tolerance: 1e-15)
        #expect(middle.color.red == 0)
    }

    @Test("a custom type with a NaN part is rejected by the track")
    func nonFiniteShadow() {
        let broken = Shadow(offset: .zero, blur: .nan, color: .black)
        #expect(!broken.isFinite)
        #expect(throws: TrackError.nonFiniteValue(keyframe: 1)) {
            try Track<Shadow>(keyframes: [
                Keyframe(time: 0, value: .zero), Keyframe(time: 1, value: broken),
            ])
        }
    }

    @Test("the example satisfies the vector-space axioms")
    func axioms() {
        var random = ValuesTestRandom(seed: 11)
        func shadow() -> Shadow {
            Shadow(
                offset: Point(x: random.double(in: -10...10), y: random.double(in: -10...10)),
                blur: random.double(in: 0...30),
                color: Color(white: random.double(in: 0...1), alpha: random.double(in: 0...1)))
        }
        for _ in 0..<100 {
            expectVectorSpaceAxioms(
                shadow(), shadow(), shadow(), random.double(in: -3...3), random.double(in: -3...3))
        }
    }

    @Test("Docs/Values.md shows exactly the example compiled here")
    func documentationMatches() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let root = testFile.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let source = try String(contentsOf: testFile, encoding: .utf8)
        let guide = try String(contentsOf: root.appendingPathComponent("Docs/Values.md"),
            encoding: .utf8)
        let begin = try #require(source.range(of: "// docs:begin\n"))
        let end = try #require(source.range(of: "// docs:end\n"))
        let example = String(source[begin.upperBound..<end.lowerBound])
        #expect(example.count > 500)
        #expect(guide.contains("```swift\n" + example + "```"))
    }
}
