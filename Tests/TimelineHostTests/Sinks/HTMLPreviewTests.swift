import Foundation
import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// The JSON embedded in a preview page.
private func embeddedData(_ html: String) throws -> JSONValue {
    let open = #"<script type="application/json" id="cadence-data">"#
    let parts = html.split(separator: open, omittingEmptySubsequences: false)
    try #require(parts.count == 2)
    let json = try #require(parts[1].split(separator: "</script>", maxSplits: 1).first)
    return try JSONParser.parse(String(json))
}

private func numbers(_ value: JSONValue?) -> [Double] {
    guard case .array(let elements)? = value else { return [] }
    return elements.map { element in
        if case .number(let number) = element { return number }
        return .nan
    }
}

@Suite("HTML preview")
struct HTMLPreviewTests {
    @Test func thePageIsSelfContained() throws {
        let html = try previewHTML(CardExpandPreset.self)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains("<link") && !html.contains("<script src") && !html.contains("<img") && !html.contains("@import"))
        // Every url(...) is a reference inside the page (#id).
        #expect(html.split(separator: "url(").dropFirst().allSatisfy { $0.hasPrefix("#") })
        #expect(html.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'">"#))
        #expect(html.contains(#"data-frame-count="61""#))
        #expect(html.contains(#"<input id="scrub" type="range" min="0" max="60""#))
        #expect(html.contains("requestAnimationFrame(tick)"))
        #expect(html.split(separator: "</script>", omittingEmptySubsequences: false).count == 3)
    }

    @Test func theEmbeddedFramesAreTheRendersFramesExactly() throws {
        let html = try previewHTML(CardExpandPreset.self)
        let data = try embeddedData(html)
        #expect(data["frameCount"] == .number(61))
        #expect(data["fps"] == .number(60))
        #expect(numbers(data["index"]) == (0...60).map(Double.init))
        #expect(numbers(data["time"]) == (0...60).map { Double($0) / 60 })
        // The same preset through a callback sink: every number read back to the same Double.
        var (source, _) = try previewSource(CardExpandPreset.self)
        var frames: [Frame] = []
        var callback = CallbackSink { frames.append($0) }
        try HostLoop.renderOffline(&source, frameRate: .fps60, to: &callback)
        guard case .array(let rows)? = data["numbers"] else { Issue.record("no numbers"); return }
        #expect(rows.count == frames.count)
        for (row, frame) in zip(rows, frames) {
            #expect(numbers(row) == frame.numbers)
        }
        guard case .array(let events)? = data["events"] else { Issue.record("no events"); return }
        #expect(events.first == .array([.number(0), .string("started card-expand")]))
        #expect(events.last == .array([.number(60), .string("completed card-expand (finished)")]))
    }

    @Test func theEmbeddedSceneIsTheScene() throws {
        let (_, scene) = try previewSource(PunchOutPreset.self)
        var html = HTMLPreviewSink(output: StringOutput(), scene: .scene(scene), frameRate: .fps60)
        var (source, _) = try previewSource(PunchOutPreset.self)
        try HostLoop.renderOffline(&source, frameRate: .fps60, to: &html)
        let data = try embeddedData(html.output.text)
        let embedded = try Scene(json: try #require(data["scene"]), schema: source.schema)
        #expect(embedded.layers.map(\.name) == ["to", "shadow", "from"])
        #expect(embedded.layers[2].mask?.fillRule == .evenOdd)
        #expect(embedded.layers[1].shadow == scene.layers[1].shadow)
        #expect(embedded.size == scene.size)
        // Frame 0 is drawn into the page already, so it shows a picture before the script runs.
        #expect(html.output.text.contains(#"<g data-layer="from" clip-path="url(#l2-mask)">"#))
    }

    @Test func thePageIsTheSameOnEveryRun() throws {
        #expect(try previewHTML(CardExpandPreset.self) == (try previewHTML(CardExpandPreset.self)))
        #expect(try previewHTML(InteractivePreset.self, frames: 3...9) == (try previewHTML(InteractivePreset.self, frames: 3...9)))
    }

    @Test func textThatLooksLikeMarkupCannotEndTheScriptOrTheTitle() throws {
        let hostile = "</script><script>alert(1)</script>"
        let layer = SceneLayer(name: hostile, shape: .oval, frame: Rect(x: 0, y: 0, width: 1, height: 1))
        var sink = HTMLPreviewSink(output: StringOutput(), scene: .scene(Scene(size: Size(width: 1, height: 1), layers: [layer])), frameRate: .fps60, title: "</title><b>")
        let schema = FrameSchema([("n", .scalar)])
        try sink.begin(schema: schema)
        try sink.write(Frame(schema: schema))
        try sink.finish()
        let html = sink.output.text
        #expect(html.split(separator: "</script>", omittingEmptySubsequences: false).count == 3)
        #expect(html.contains("<title>&lt;/title&gt;&lt;b&gt;</title>"))
        let data = try embeddedData(html)
        let scene = try Scene(json: try #require(data["scene"]))
        #expect(scene.layers.first?.name == hostile)
        #expect(data["title"] == .string("</title><b>"))
    }

    @Test func withoutASceneThePagePlotsTheChannelsWithAPlayhead() throws {
        var source = PreviewRamp(frames: 21)
        var sink = HTMLPreviewSink(output: StringOutput(), scene: nil, frameRate: .fps60)
        try HostLoop.renderOffline(&source, frameRate: .fps60, to: &sink)
        let html = sink.output.text
        let data = try embeddedData(html)
        #expect(data["scene"] == .null)
        #expect(data["plot"]?["start"] == .number(0))
        #expect(data["plot"]?["end"] == .number(20.0 / 60))
        #expect(html.split(separator: "<polyline", omittingEmptySubsequences: false).count == 4)
        guard case .array(let paths)? = data["paths"] else { Issue.record("no paths"); return }
        #expect(paths[20] == .array([.string("M 0 0 L 30 0 L 0 10 Z")]))
        #expect(!html.contains("http://") && !html.contains("https://"))
        // The path row's outlines stay inside the plot (x 170 ... 730): the union of the outlines
        // is 30 wide, scaled by 60 / 30, so the first starts at 170 and the last at 730 − 60.
        let lefts = html.components(separatedBy: #"<path transform="translate("#).dropFirst().compactMap {
            Double($0.prefix { $0 != " " })
        }
        #expect(lefts.count == 8)
        #expect(lefts.first == 170 && lefts.last == 670)
    }
}
