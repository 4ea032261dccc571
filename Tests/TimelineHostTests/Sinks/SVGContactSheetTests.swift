import Testing
import Timeline
import TimelinePlugins
import TimelineHost

@Suite("SVG contact sheet")
struct SVGContactSheetTests {
    @Test func theCardSheetIsWellFormedAndShowsTwelveEvenlySpacedFrames() throws {
        let svg = try previewSVG(CardExpandPreset.self)
        let xml = PreviewXML(svg)
        #expect(xml.isWellFormed, "\(xml.error ?? "")")
        #expect(xml.elements.first?.name == "svg")
        // 61 frames (0 ... 60), 12 cells at round(k · 60 / 11).
        let cells = xml.all("g").compactMap { $0.attributes["data-frame"] }
        #expect(cells == ["0", "5", "11", "16", "22", "27", "33", "38", "44", "49", "55", "60"])
        #expect(xml.labels.contains("frame 0 · 0 s"))
        #expect(xml.labels.contains("frame 30 · 0.5 s") == false)
        #expect(xml.labels.contains("frame 33 · 0.55 s"))
        #expect(xml.labels.contains("frame 60 · 1 s"))
        #expect(xml.labels.contains("completed"))
        #expect(xml.labels.contains("12 of 61 frames (0 to 60) at 60 fps"))
        // Every cell clips to the scene; the card's shadow (radius 10) blurs with σ = 5.
        #expect(xml.all("clipPath").first?.attributes["id"] == "cell")
        #expect(xml.all("feGaussianBlur").map { $0.attributes["stdDeviation"] }.allSatisfy { $0 == "5" })
        #expect(xml.all("feGaussianBlur").count >= 5)
        // Each cell draws the layers by name.
        let layers = xml.all("g").compactMap { $0.attributes["data-layer"] }
        #expect(layers.filter { $0 == "card" }.count == 12)
        #expect(layers.filter { $0 == "close" }.count >= 11)
    }

    @Test func thePunchOutMaskIsAnEvenOddClipPathAndItsShadowIsBlurred() throws {
        for operation in [TransitionOperation.push, .pop] {
            let xml = PreviewXML(try previewSVG(PunchOutPreset.self, operation: operation))
            #expect(xml.isWellFormed)
            let clips = xml.all("path").filter { $0.attributes["clip-rule"] != nil }
            #expect(clips.count == 12)
            #expect(clips.allSatisfy { $0.attributes["clip-rule"] == "evenodd" })
            #expect(xml.all("g").filter { $0.attributes["clip-path"]?.hasSuffix("-mask)") == true }.count == 12)
            if operation == .push {
                // The shadow layer: radius 6, so σ = 3; it fades out when the mask is removed at the end.
                #expect(xml.all("feGaussianBlur").map { $0.attributes["stdDeviation"] }.allSatisfy { $0 == "3" })
                #expect(xml.all("feGaussianBlur").count == 11)
            }
        }
    }

    @Test func cellsCoverTheFramesWhereSomethingMoves() throws {
        // A value that moves for frames 0 ... 12, then rests until frame 99: six cells over 0 ... 12
        // (round(k · 12 / 5)), none spent on the rest.
        var layer = SceneLayer(name: "box", shape: .rectangle(cornerRadius: 0), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        layer.bind(.translationX, to: "x")
        let scene = Scene(size: Size(width: 100, height: 20), background: .white, layers: [layer])
        var sink = SVGContactSheetSink(output: StringOutput(), scene: .scene(scene), frameRate: .fps60)
        sink.maximumCells = 6
        let schema = FrameSchema([("x", .scalar)])
        try sink.begin(schema: schema)
        for index in 0..<100 {
            var frame = Frame(schema: schema, index: index, time: Double(index) / 60)
            frame.numbers[0] = Double(min(index, 12)) * 5
            try sink.write(frame)
        }
        try sink.finish()
        let xml = PreviewXML(sink.output.text)
        #expect(xml.all("g").compactMap { $0.attributes["data-frame"] } == ["0", "2", "5", "7", "10", "12"])
        #expect(xml.labels.contains("6 of 100 frames (0 to 99) at 60 fps; nothing moves from frame 12 on"))
    }

    @Test func oneLayerIsDrawnAsDocumented() throws {
        var layer = SceneLayer(name: "box", shape: .rectangle(cornerRadius: 4), frame: Rect(x: 10, y: 20, width: 100, height: 50))
        layer.fill = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        layer.stroke = .black
        layer.strokeWidth = 2
        layer.opacity = 0.25
        layer.mask = SceneLayer.Mask(path: try Path(svgPathData: "M 0 0 L 50 0 L 50 50 Z"), fillRule: .evenOdd)
        layer.shadow = SceneLayer.Shadow(color: .black, opacity: 0.5, radius: 8, offset: Point(x: 0, y: 3))
        layer.bind(.scale, to: "s")
        let scene = Scene(size: Size(width: 200, height: 100), background: .white, layers: [layer])
        var sink = SVGContactSheetSink(output: StringOutput(), scene: .scene(scene), frameRate: .fps60)
        sink.maximumCells = 1
        let schema = FrameSchema([("s", .scalar)])
        try sink.begin(schema: schema)
        var frame = Frame(schema: schema)
        frame.numbers[0] = 2
        try sink.write(frame)
        try sink.finish()
        let svg = sink.output.text
        #expect(PreviewXML(svg).isWellFormed)
        let expected = """
            <clipPath id="c0l0-mask"><path d="M 0 0 L 50 0 L 50 50 Z" clip-rule="evenodd"/></clipPath>
            <filter id="c0l0-blur" filterUnits="userSpaceOnUse" x="-115" y="-115" width="430" height="330"><feGaussianBlur stdDeviation="4"/></filter>
            <g data-layer="box" transform="matrix(2 0 0 2 -60 -45)" opacity="0.25" clip-path="url(#c0l0-mask)">
            <rect x="10" y="20" width="100" height="50" rx="4" fill="#000000" fill-opacity="0.5" transform="translate(0 3)" filter="url(#c0l0-blur)"/>
            <rect x="10" y="20" width="100" height="50" rx="4" fill="#FF0000" fill-opacity="0.5" stroke="#000000" stroke-width="2"/>
            </g>
            """
        #expect(svg.contains(expected), "\(svg)")
    }

    @Test func fewerFramesThanCellsShowsEveryFrame() throws {
        let xml = PreviewXML(try previewSVG(FlipPreset.self, frames: 10...14))
        #expect(xml.all("g").compactMap { $0.attributes["data-frame"] } == ["10", "11", "12", "13", "14"])
        #expect(xml.labels.contains("5 of 5 frames (10 to 14) at 60 fps"))
    }

    @Test func longRendersKeepBoundedMemoryAndStillEndOnTheLastFrame() throws {
        let scene = Scene(size: Size(width: 10, height: 10), layers: [SceneLayer(name: "dot", shape: .oval, frame: Rect(x: 0, y: 0, width: 10, height: 10))])
        for (count, exact) in [(4001, true), (10_000, false)] {
            var source = PreviewRamp(frames: count)
            var sink = SVGContactSheetSink(output: StringOutput(), scene: .scene(scene))
            try HostLoop.renderOffline(&source, frameRate: .fps60, frames: 0...(count - 1), to: &sink)
            let cells = PreviewXML(sink.output.text).all("g").compactMap { $0.attributes["data-frame"].flatMap { Int($0) } }
            #expect(cells.count == 12)
            #expect(cells.first == 0 && cells.last == count - 1)
            #expect(zip(cells, cells.dropFirst()).allSatisfy { $0 < $1 })
            if exact {
                #expect(cells == (0..<12).map { Int((Double($0 * 4000) / 11).rounded()) })
            }
        }
    }

    @Test func withoutASceneEveryChannelIsPlotted() throws {
        var source = PreviewRamp(frames: 31)
        var sink = SVGContactSheetSink(output: StringOutput(), scene: nil, frameRate: .fps60)
        try HostLoop.renderOffline(&source, frameRate: .fps60, to: &sink)
        let xml = PreviewXML(sink.output.text)
        #expect(xml.isWellFormed)
        // x: one line; v: two components; c: swatches; p: outlines at 8 frames.
        #expect(xml.all("polyline").count == 3)
        #expect(xml.all("polyline").allSatisfy { ($0.attributes["points"] ?? "").split(separator: " ").count == 31 })
        #expect(xml.all("path").count == 8)
        #expect(xml.labels.contains("x") && xml.labels.contains("v") && xml.labels.contains("c") && xml.labels.contains("p"))
        #expect(xml.all("rect").count > 31)
    }

    @Test func theOutputIsTheSameOnEveryRun() throws {
        #expect(try previewSVG(PunchOutPreset.self) == (try previewSVG(PunchOutPreset.self)))
        #expect(try previewSVG(OverlayDismissPreset.self) == (try previewSVG(OverlayDismissPreset.self)))
    }

    @Test func hostileNamesAreEscaped() throws {
        let layer = SceneLayer(name: "a<b>&\"c\"\u{01}", shape: .oval, frame: Rect(x: 0, y: 0, width: 1, height: 1))
        var sink = SVGContactSheetSink(output: StringOutput(), scene: .scene(Scene(size: Size(width: 1, height: 1), layers: [layer])), title: "</svg><x>")
        try sink.begin(schema: FrameSchema([]))
        try sink.write(Frame(schema: FrameSchema([])))
        try sink.finish()
        let xml = PreviewXML(sink.output.text)
        #expect(xml.isWellFormed, "\(xml.error ?? "")")
        #expect(xml.all("g").compactMap { $0.attributes["data-layer"] } == ["a<b>&\"c\"\u{FFFD}"])
        #expect(xml.labels.first == "</svg><x>")
    }

    @Test func aDocumentSceneWithABadBindingStopsTheRunAtTheStart() throws {
        let scene = try JSONParser.parse(#"{"size": [10, 10], "layers": [{"name": "a", "shape": "oval", "frame": [0, 0, 1, 1], "bind": {"x": "nope"}}]}"#)
        var sink = SVGContactSheetSink(output: StringOutput(), scene: .json(scene))
        #expect(throws: DocumentErrors.self) { try sink.begin(schema: FrameSchema([("x", .scalar)])) }
    }
}
