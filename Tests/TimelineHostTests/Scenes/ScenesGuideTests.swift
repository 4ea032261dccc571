import Foundation
import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// The code blocks of `Docs/Scenes.md` in a language.
private func codeBlocks(_ language: String) throws -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let guide = try String(contentsOf: root.appendingPathComponent("Docs/Scenes.md"), encoding: .utf8)
    var blocks: [String] = []
    var current: [Substring]?
    for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
        if current == nil, line == "```\(language)" {
            current = []
        } else if current != nil, line == "```" {
            blocks.append(current!.joined(separator: "\n"))
            current = nil
        } else {
            current?.append(line)
        }
    }
    return blocks
}

@Suite("The scenes guide")
struct ScenesGuideTests {
    @Test func theGuidesDocumentIsValidAndDraws() throws {
        let blocks = try codeBlocks("json")
        #expect(blocks.count == 3)
        // The second is a scene's groups.
        let grouped = try Scene(json: try JSONParser.parse(#"{"size": [100, 100], "layers": [], "groups": "# + blocks[1] + "}"))
        #expect(grouped.groups.map(\.name) == ["shape", "badge", "shine"])
        #expect(grouped.groups[1].matte == SceneGroup.Matte(group: "shape", mode: .luminance) && grouped.groups[1].opacity == 0.8)
        #expect(grouped.groups[2].parent == "badge" && grouped.groups[2].blendMode == .screen)
        // The third is a layer with a gradient fill.
        let layer = try Scene(json: try JSONParser.parse(#"{"size": [100, 100], "layers": ["# + blocks[2] + "]}")).layers[0]
        let gradient = try #require(layer.fillGradient)
        #expect(gradient.kind == .radial && gradient.stops.count == 3 && gradient.stops[2].opacity == 0)
        #expect(gradient.transform == AffineMatrix(a: 1, b: 0, c: 0, d: 0.5, tx: 0, ty: 20))
        let document = try TimelineDocument(parsing: try #require(blocks.first), file: "Scenes.md")
        let scene = try #require(document.scene)
        #expect(Scene.validationErrors(in: scene, schema: document.schema) == [])
        var source = document.makeSource()
        var sink = SVGContactSheetSink(output: StringOutput(), scene: .json(scene), frameRate: document.frameRate)
        try HostLoop.renderOffline(&source, frameRate: document.frameRate, to: &sink)
        let xml = PreviewXML(sink.output.text)
        #expect(xml.isWellFormed)
        // The dot starts at x 20 (frame [0, 40, 40, 40] moved to x 20: centre 40) and ends at 260 (centre 280).
        let dots = xml.all("ellipse").filter { $0.attributes["filter"] == nil }
        #expect(dots.first?.attributes["cx"] == "40" && dots.last?.attributes["cx"] == "280")
        #expect(dots.first?.attributes["fill"] == "#E11D48" && dots.last?.attributes["fill"] == "#2563EB")
    }

    @Test func theGuidesSwiftExampleWorksAsWritten() throws {
        // The example of "Scenes in Swift", as written there.
        var dot = SceneLayer(name: "dot", shape: .oval, frame: Rect(x: 0, y: 40, width: 40, height: 40))
        dot.fill = .black
        dot.shadow = SceneLayer.Shadow(color: .black, opacity: 0.3, radius: 8, offset: Point(x: 0, y: 4))
        dot.bind(.x, to: "dot.x")
        dot.bind(.fill, to: "dot.tint")
        let scene = Scene(size: Size(width: 320, height: 120), background: .white, layers: [dot])

        let schema = FrameSchema([("dot.x", .scalar), ("dot.tint", .color)])
        let bound = try BoundScene(scene: scene, schema: schema)
        var frame = Frame(schema: schema)
        frame.numbers = [140, 1, 0, 0, 1]
        let layers = bound.layers(at: frame)
        #expect(layers[0].frame.minX == 140)
        #expect(layers[0].fill == .red)
        #expect(try codeBlocks("swift").contains { $0.contains("frame.numbers = [140, 1, 0, 0, 1]") })
    }
}

@Suite("The transition pages")
struct TransitionPagesTests {
    @Test(arguments: ["expanding-view", "circular-reveal", "punch-out", "flip", "cross-dissolve", "overlay-present", "overlay-dismiss", "card-expand", "interactive"])
    func everyPageShowsAPictureWithTheCommandThatMakesIt(page: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Docs/Transitions")
        let text = try String(contentsOf: folder.appendingPathComponent("\(page).md"), encoding: .utf8)
        let script = try String(contentsOf: folder.appendingPathComponent("make-images.sh"), encoding: .utf8)
        let pictures = text.split(separator: "](images/").dropFirst().compactMap { $0.split(separator: ")").first.map(String.init) }
        #expect(!pictures.isEmpty)
        for picture in pictures {
            let svg = try String(contentsOf: folder.appendingPathComponent("images/\(picture)"), encoding: .utf8)
            #expect(PreviewXML(svg).isWellFormed, "\(picture)")
            // The command beside the picture, and the script's line that makes it.
            #expect(text.contains("--format svg --out Docs/Transitions/images/\(picture)"), "\(page): \(picture)")
            let file = String(picture.dropLast(4))
            #expect(script.contains("preset \(page) \(file)"), "make-images.sh makes \(picture)")
        }
    }
}
