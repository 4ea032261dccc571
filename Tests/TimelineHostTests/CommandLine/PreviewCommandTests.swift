import CadenceCommandHarness
import Testing
import Timeline
import TimelinePlugins
import TimelineHost

private let sceneDocument = """
    {"cadence": 1, "fps": 30, "duration": 1,
     "tracks": [
       {"name": "dot.x", "keyframes": [{"time": 0, "value": 10}, {"time": 1, "value": 90, "curve": "ease-in-out"}]},
       {"name": "dot.tint", "keyframes": [{"time": 0, "value": "#FF0000"}, {"time": 1, "value": "#0000FF"}]}
     ],
     "scene": {"size": [100, 40], "background": "#F0F0F0", "layers": [
       {"name": "dot", "shape": "oval", "frame": [0, 10, 20, 20], "fill": "#000000",
        "bind": {"x": "dot.x", "fill": "dot.tint"}}
     ]}}
    """

@Suite("Preview formats of the cadence command")
struct PreviewCommandTests {
    @Test(arguments: PresetCatalog.names)
    func everyPresetRendersAsAContactSheetAndAPage(name: String) {
        let svg = cadence("preset", name, "--format", "svg")
        #expect(svg.status == 0, "\(svg.err)")
        let xml = PreviewXML(svg.out)
        #expect(xml.isWellFormed, "\(xml.error ?? "")")
        #expect(xml.all("g").compactMap { $0.attributes["data-frame"] }.count == 12)
        let html = cadence("preset", name, "--format", "html", "--frames", "0..5")
        #expect(html.status == 0, "\(html.err)")
        #expect(html.out.contains(#"data-frame-count="6""#))
    }

    @Test func theStageKeepsItsAspectRatioBesideTheControls() {
        // A wide scene is sized by the width left beside the controls, not by the window's height,
        // so the controls stay in view; `.ci/browser-check` renders the page in Chromium.
        let html = cadence("preset", "card-expand", "--size", "1600x500", "--format", "html", "--frames", "0..2")
        #expect(html.status == 0)
        #expect(html.out.contains(#"style="aspect-ratio: 1600 / 500; width: max(240px, min(calc(100vw - 410px), calc((100vh - 110px) * 1600 / 500)))""#))
    }

    @Test func aDocumentsSceneIsDrawn() throws {
        let file = try temporaryFile("dot.json", sceneDocument)
        let svg = cadence("render", file, "--format", "svg")
        #expect(svg.status == 0, "\(svg.err)")
        let xml = PreviewXML(svg.out)
        #expect(xml.isWellFormed)
        // 31 frames at 30 fps: 12 cells; the first shows the dot at x 10 in red, the last at x 90 in blue.
        let ellipses = xml.all("ellipse")
        #expect(ellipses.count == 12)
        #expect(ellipses.first?.attributes["cx"] == "20" && ellipses.first?.attributes["fill"] == "#FF0000")
        #expect(ellipses.last?.attributes["cx"] == "100" && ellipses.last?.attributes["fill"] == "#0000FF")
        #expect(xml.labels.contains("12 of 31 frames (0 to 30) at 30 fps"))
        let html = cadence("render", file, "--format", "html")
        #expect(html.status == 0 && html.out.contains(#"data-frame-count="31""#))
    }

    @Test func aSceneThatBindsAMissingChannelIsBadInputWithItsPath() throws {
        let broken = sceneDocument.replacingFirst(#""x": "dot.x""#, with: #""x": "dot.y""#)
        let file = try temporaryFile("broken.json", broken)
        let result = cadence("render", file, "--format", "svg")
        #expect(result.status == 2)
        // One line; once documents validate their scenes when read, it also names the file.
        #expect(result.err.hasPrefix("cadence: error: ") && result.err.split(separator: "\n").count == 1)
        #expect(result.err.hasSuffix(#"scene.layers[0].bind.x: unknown channel "dot.y" (channels: "dot.x", "dot.tint")"# + "\n"))
        #expect(result.out.isEmpty)
        let typo = try temporaryFile("typo.json", sceneDocument.replacingFirst(#""shape": "oval""#, with: #""shape": "circle""#))
        let second = cadence("render", typo, "--format", "html")
        #expect(second.status == 2)
        #expect(second.err.hasSuffix(#"scene.layers[0].shape: unknown shape "circle" (expected one of: rect, oval, path)"# + "\n"))
    }

    @Test func aDocumentWithoutASceneIsPlotted() throws {
        let file = try temporaryFile("plain.json", #"{"cadence": 1, "tracks": [{"name": "a", "keyframes": [{"time": 0, "value": 0}, {"time": 0.5, "value": 1}]}]}"#)
        let svg = cadence("render", file, "--format", "svg")
        #expect(svg.status == 0)
        let xml = PreviewXML(svg.out)
        #expect(xml.isWellFormed)
        #expect(xml.all("polyline").count == 1)
        #expect(xml.labels.contains("31 frames (0 to 30) at 60 fps · no scene: each channel over time"))
    }

    @Test func slicesAndUnknownFormats() {
        let slice = cadence("preset", "flip", "--format", "svg", "--frames", "10..12")
        #expect(PreviewXML(slice.out).all("g").compactMap { $0.attributes["data-frame"] } == ["10", "11", "12"])
        let unknown = cadence("preset", "flip", "--format", "bmp")
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("unknown format 'bmp'; formats: jsonl, csv, svg, html, png, svg-frames, rgba, mp4"))
    }
}

extension String {
    /// The text with the first occurrence of `target` replaced.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        let parts = split(separator: target, maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 ? parts[0] + replacement + parts[1] : self
    }
}
