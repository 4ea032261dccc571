import Foundation
import Testing
import Timeline
@testable import CadenceIO
@testable import CadenceHostCore
@testable import CadenceLottie

/// Text layers drawn from the glyphs their files carry, against positions, opacities and colours
/// worked out by hand from lottie-web's layout (`completeTextData`) and animators (`getMeasures`,
/// `getMult`).
@Suite("Lottie text")
struct LottieTextTests {
    /// Glyphs of font "Fam" (style "Regular", ascent 75), in a size of 100: "A" a square 50 wide,
    /// "B" a right triangle 100 wide, " " empty and 25 wide.
    static let chars = #"""
        [{"ch": "A", "style": "Regular", "fFamily": "Fam", "w": 50, "data": {"shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [50, 0], [50, -50], [0, -50]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}]}]}},
         {"ch": "B", "style": "Regular", "fFamily": "Fam", "w": 100, "data": {"shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [100, 0], [0, -100]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}}]}]}},
         {"ch": " ", "style": "Regular", "fFamily": "Fam", "w": 25, "data": {}}]
        """#
    static let fonts = #"{"list": [{"fName": "F", "fFamily": "Fam", "fStyle": "Regular", "ascent": 75}]}"#

    /// A 10 fps, 100 × 100 file of frames 0 ..< 20 with one text layer at (50, 50).
    static func file(documents: String, animators: String = "[]", version: String = "5.7.0", withGlyphs: Bool = true) -> String {
        let layer = #"{"ty": 5, "ind": 1, "ip": 0, "op": 20, "st": 0, "ks": {"p": {"a": 0, "k": [50, 50]}}, "t": {"d": {"k": "# + documents
            + #"}, "p": {}, "m": {"g": 1, "a": {"a": 0, "k": [0, 0]}}, "a": "# + animators + "}}"
        let glyphs = withGlyphs ? #", "chars": "# + chars : ""
        return #"{"v": ""# + version + #"", "fr": 10, "ip": 0, "op": 20, "w": 100, "h": 100, "fonts": "# + fonts + glyphs + #", "layers": ["# + layer + "]}"
    }

    static func document(_ text: String, _ keys: String = "", at time: Double = 0) -> String {
        #"{"t": "# + "\(time)" + #", "s": {"s": 20, "f": "F", "t": ""# + text + #"", "j": 0, "tr": 0, "lh": 30, "fc": [1, 0, 0]"# + keys + "}}"
    }

    /// Each frame of the drawing source at 10 fps.
    static func frames(_ text: String, _ range: ClosedRange<Int> = 0...19) throws -> [Frame] {
        var source = LottieDrawingSource(try LottieAnimation(parsing: text, file: "t.json"))
        var frames: [Frame] = []
        var sink = CallbackSink { frames.append($0) }
        try HostLoop.renderOffline(&source, frameRate: FrameRate(framesPerSecond: 10)!, frames: range, to: &sink)
        return frames
    }

    /// A paint's colour channel's red, green and blue.
    static func color(_ frame: Frame, paint: Int) -> [Double] {
        guard let channel = frame.schema.channel(named: "0#\(paint).color") else { return [] }
        return Array(frame.numbers(of: channel).prefix(3))
    }

    static func points(_ frame: Frame, paint: Int) -> [Double] {
        LottieDrawingTests.pathNumbers(frame, "0#\(paint).path")
    }

    @Test("letters laid out as lottie-web lays them: advances, tracking, line breaks, centred lines")
    func layout() throws {
        // Size 20: "A" advances 10, "B" 20; tracking 100 adds 2 after each. Line widths: −2 + 12
        // + 22 = 32, and for the second lottie-web starts at −2 × 2, adds the break's own
        // tracking and then 12: 10. Centred in the widest (32): the first line moves by −16, the
        // second by −16 + 22 / 2 = −5 and down by the line height 30 plus lottie-web's 1.
        let text = Self.file(documents: "[" + Self.document(#"AB\rA"#, #", "j": 2, "tr": 100"#) + "]")
        let frame = try Self.frames(text, 0...0)[0]
        #expect(Self.points(frame, paint: 0) == [34, 50, 44, 50, 44, 40, 34, 40])
        #expect(Self.points(frame, paint: 1) == [46, 50, 66, 50, 46, 30])
        #expect(Self.points(frame, paint: 2) == [45, 81, 55, 81, 55, 71, 45, 71])
        #expect(frame.schema.channel(named: "0#3.path") == nil, "the line break draws nothing")
        #expect(frame.scalar("0#0.opacity") == 1)
    }

    @Test("a box breaks lines at the last space that fits; the box's position moves the text down by the ascent")
    func box() throws {
        // "A A A" in a box 25 wide: "A A" is 10 + 5 + 10 = 25 (fits), the next space overflows
        // but spaces may; the third "A" breaks the line at that space. The box at (0, 0) moves
        // the text down by the ascent, 75 × 20 / 100 = 15.
        let text = Self.file(documents: "[" + Self.document("A A A", #", "sz": [25, 100], "ps": [0, 0]"#) + "]")
        let frame = try Self.frames(text, 0...0)[0]
        #expect(Self.points(frame, paint: 0) == [50, 65, 60, 65, 60, 55, 50, 55])
        #expect(Self.points(frame, paint: 1) == [65, 65, 75, 65, 75, 55, 65, 55])
        #expect(Self.points(frame, paint: 2) == [50, 96, 60, 96, 60, 86, 50, 86])
    }

    @Test("documents hold from their time until the next one's")
    func documents() throws {
        let text = Self.file(documents: "[" + Self.document("A") + ", " + Self.document("B", at: 10) + "]")
        let frames = try Self.frames(text)
        #expect(frames.map { $0.scalar("0#0.opacity") ?? -1 } == (0..<20).map { $0 < 10 ? 1 : 0 })
        #expect(frames.map { $0.scalar("0#1.opacity") ?? -1 } == (0..<20).map { $0 < 10 ? 0 : 1 })
    }

    @Test("animators through range selectors: square and ramp shapes, position, opacity, scale and fill colour")
    func animators() throws {
        // Two letters, percent units: divisor 100 / 2, so s 0 … e 50 covers index 0 fully
        // (mult 1) and index 1 not at all (min(e − 1, 1) = 0).
        let square = #"{"s": {"t": 0, "r": 1, "b": 1, "sh": 1, "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "a": {"a": 0, "k": 100}}, "a": {"p": {"a": 0, "k": [0, -10]}, "o": {"a": 0, "k": 0}, "fc": {"a": 0, "k": [0, 0, 1, 1]}}}"#
        let frame = try Self.frames(Self.file(documents: "[" + Self.document("AB") + "]", animators: "[" + square + "]"), 0...0)[0]
        #expect(Self.points(frame, paint: 0) == [50, 40, 60, 40, 60, 30, 50, 30])
        #expect(Self.points(frame, paint: 1) == [60, 50, 80, 50, 60, 30])
        // Opacity 0 at mult 1: 1 + (0 − 1) × 1 = 0; untouched letters keep 1.
        #expect(frame.scalar("0#0.opacity") == 0 && frame.scalar("0#1.opacity") == 1)
        #expect(Self.color(frame, paint: 0) == [0, 0, 1] && Self.color(frame, paint: 1) == [1, 0, 0])

        // Ramp up over the whole text (s 0, e 100: 0 … 2 letters): mult = 0.5 / 2 + index / 2,
        // 0.25 and 0.75. Scale 200 % makes them 1.25 and 1.75 times wide, about the letter's
        // centre (x + 5 for "A", + 10 for "B") on the baseline.
        let ramp = #"{"s": {"r": 1, "b": 1, "sh": 2, "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 100}}, "a": {"s": {"a": 0, "k": [200, 200]}}}"#
        let scaled = try Self.frames(Self.file(documents: "[" + Self.document("AB") + "]", animators: "[" + ramp + "]"), 0...0)[0]
        #expect(LottieDrawingTests.close(Self.points(scaled, paint: 0), [48.75, 50, 61.25, 50, 61.25, 37.5, 48.75, 37.5]))
        #expect(LottieDrawingTests.close(Self.points(scaled, paint: 1), [52.5, 50, 87.5, 50, 52.5, 15]))
    }

    @Test("a stroke paints each letter after its fill, in the document's width and colour")
    func strokes() throws {
        let text = Self.file(documents: "[" + Self.document("AB", #", "sc": [0, 1, 0], "sw": 4"#) + "]")
        let frame = try Self.frames(text, 0...0)[0]
        #expect(Self.color(frame, paint: 0) == [1, 0, 0] && Self.color(frame, paint: 1) == [0, 1, 0])
        #expect(frame.scalar("0#1.width") == 4 && frame.scalar("0#3.width") == 4)
        #expect(Self.points(frame, paint: 1) == Self.points(frame, paint: 0))
    }

    @Test("a font the file does not carry is a warning that names it; files before 4.7.99 show no glyphs, as lottie-web")
    func fontsAndVersions() throws {
        let named = try LottieAnimation(parsing: Self.file(documents: "[" + Self.document("AB") + "]", withGlyphs: false), file: "t.json")
        let warnings = named.drawingNotes.warnings(file: nil).map(\.message)
        #expect(warnings.contains { $0.contains("\"Fam\"") && $0.contains("not carry") }, "\(warnings)")
        let old = try Self.frames(Self.file(documents: "[" + Self.document("AB") + "]", version: "4.5.0"), 0...0)[0]
        #expect(old.schema.channel(named: "0#0.path") == nil)
        let glyphs = try LottieAnimation(parsing: Self.file(documents: "[" + Self.document("AB") + "]"), file: "t.json")
        #expect(glyphs.drawingNotes.entries.isEmpty, "\(glyphs.drawingNotes.entries)")
    }

    @Test("lottie-web's hue, saturation and brightness steps")
    func colorSteps() {
        // Red turned by 120° is green; half-saturated red is (1, 0.5, 0.5); red at brightness
        // 1 − 0.5 is (0.5, 0, 0).
        #expect(LottieText.addingHue(120, to: [1, 0, 0]).map { ($0 * 1e9).rounded() / 1e9 } == [0, 1, 0])
        #expect(LottieText.addingSaturation(-0.5, to: [1, 0, 0]) == [1, 0.5, 0.5])
        #expect(LottieText.addingBrightness(-0.5, to: [1, 0, 0]) == [0.5, 0, 0])
    }
}
