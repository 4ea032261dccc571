import Testing
import Timeline
@testable import CadenceIO
@testable import CadenceHostCore
@testable import CadenceLottie

/// Image layers: an embedded PNG placed as lottie-web places it (the asset's box, covered and
/// centred), moved with its layer; a missing image file an error that names it.
@Suite("Lottie images")
struct LottieImageTests {
    /// A 10 fps file whose image layer shows asset "i" (its `p` and box given) at (5, 5), moving
    /// to (15, 5) over frames 0 … 10.
    static func file(asset: String) -> String {
        let linear = #""o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}"#
        return #"{"v": "5.7.0", "fr": 10, "ip": 0, "op": 20, "w": 100, "h": 100, "assets": ["# + asset + #"], "layers": [{"ty": 2, "ind": 1, "refId": "i", "ip": 0, "op": 20, "st": 0, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [5, 5], "# + linear + #"}, {"t": 10, "s": [15, 5]}]}}}]}"#
    }

    static let dataURI = "data:image/png;base64," + Base64.encode(SceneImageTests.png)

    @Test("an embedded PNG fills its asset's box, scaled to cover it and centred, moving with its layer")
    func embedded() throws {
        // The 2 × 1 image in a 20 × 20 box: scale max(20 / 2, 20 / 1) = 20, 40 × 20 centred: x
        // from −10. At frame 5 the layer is at (10, 5).
        let animation = try LottieAnimation(parsing: Self.file(asset: #"{"id": "i", "w": 20, "h": 20, "e": 1, "p": ""# + Self.dataURI + #""}"#), file: "t.json")
        #expect(animation.drawingNotes.entries.isEmpty && animation.imageErrors.isEmpty)
        var source = LottieDrawingSource(animation)
        var frames: [Frame] = []
        var sink = CallbackSink { frames.append($0) }
        try HostLoop.renderOffline(&source, frameRate: FrameRate(framesPerSecond: 10)!, frames: 0...5, to: &sink)
        guard let channel = frames[5].schema.channel(named: "0#0.image") else {
            Issue.record("no image channel")
            return
        }
        #expect(Array(frames[5].numbers(of: channel)) == [20, 0, 0, 20, 0, 5])
        #expect(LottieDrawingTests.pathNumbers(frames[5], "0#0.path").sorted() == [5, 5, 10, 10, 25, 25, 30, 30])
        // The import bakes the placement and binds it.
        let imported = try LottieImport(animation)
        let layers = LottieDrawingTests.sceneLayers(imported)
        #expect(layers.first?["bind"]?["fillImage"] == .string("0#0.image"))
        #expect(layers.first?["fill"]?["image"] == .string(Self.dataURI))
    }

    @Test("an image file that is not beside the animation is an error that names it; WebP is a warning; a broken JPEG an error")
    func missingAndOtherFormats() throws {
        let missing = try LottieAnimation(parsing: Self.file(asset: #"{"id": "i", "w": 20, "h": 20, "u": "images/", "p": "img_0.png"}"#), file: "/nowhere/t.json")
        #expect(missing.imageErrors.map(\.description).first?.contains("assets[0].p: the image \"images/img_0.png\" cannot be read") == true, "\(missing.imageErrors)")
        #expect(throws: DocumentErrors.self) { try LottieImport(missing) }
        let webP = try LottieAnimation(parsing: Self.file(asset: #"{"id": "i", "w": 20, "h": 20, "e": 1, "p": "data:image/webp;base64,AAAA"}"#))
        #expect(webP.drawingNotes.entries.map(\.feature) == ["images that are not PNG or JPEG (WebP) are not drawn yet"])
        let jpeg = #"{"id": "i", "w": 20, "h": 20, "e": 1, "p": "data:image/jpeg;base64,AAAA"}"#
        #expect { try LottieAnimation(parsing: Self.file(asset: jpeg)) } throws: { "\($0)".contains("not a JPEG file") }
        let broken = #"{"id": "i", "w": 20, "h": 20, "e": 1, "p": "data:image/png;base64,AAAA"}"#
        #expect { try LottieAnimation(parsing: Self.file(asset: broken)) } throws: { "\($0)".contains("assets[0].p: the embedded image cannot be read") }
    }
}
