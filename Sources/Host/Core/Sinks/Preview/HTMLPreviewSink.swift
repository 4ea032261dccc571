public import Timeline
import TimelinePlugins
public import CadenceIO

/// Writes a self-contained HTML page that plays a render in a web browser.
///
/// The page embeds every frame's channel values and the scene (in the document format of
/// `Docs/Scenes.md`), draws the scene with inline SVG, and starts playing at the frame rate as soon
/// as it opens (`requestAnimationFrame`, frame `i` shown at `i / fps` seconds after the start).
/// It has play/pause (also the space bar), a loop switch, a slider to scrub the frames (also the
/// arrow keys), and a table of the current frame's values and events. Without a scene it shows
/// every channel over time with a moving playhead.
///
/// Nothing is loaded from anywhere: styles, script, data and drawing are inline, and the page's
/// content security policy (`default-src 'none'`) forbids every network request. While it runs,
/// the page reports its state on `<body>` (`data-state` = `playing`, `paused` or `ended`,
/// `data-frame`, `data-ticks`: animation frames seen, `data-draws`: frames drawn) and in its title.
///
/// ```swift
/// var sink = HTMLPreviewSink(output: try FileOutput(path: "card.html"), scene: .scene(preset.scene), frameRate: .fps60)
/// try HostLoop.renderOffline(&source, frameRate: .fps60, to: &sink)
/// ```
///
/// The page is written when the run finishes; its bytes depend only on the frames and the scene.
///
/// Memory is bounded however long the render: the page embeds at most ``maximumFrames`` frames
/// (10,000: 2 min 46 s at 60 fps), fewer for wide frames (at most ``maximumValues`` numbers in
/// all, a path counting six per element and an event one, counted as frames are recorded, so a
/// frame that grows later in the run is bounded too). A longer
/// render is decimated: the page holds every second frame (or fourth, …, the last frame always),
/// plays them at their times, carries the events of the frames left out on the next frame it holds,
/// and says so in its summary line ("10000 of 432001 frames: every 64th …").
public struct HTMLPreviewSink<Output: TextOutput>: FrameSink {
    /// Where the page goes.
    public private(set) var output: Output
    /// What to draw; `nil` plots the channels.
    public let scene: SceneDescription?
    /// The frame rate the page plays at.
    public var frameRate: FrameRate
    /// The page's title.
    public var title: String

    /// The most frames a page embeds.
    public static var maximumFrames: Int { 10_000 }
    /// The most numbers a page embeds, over all its frames (a path counts six per element, an
    /// event one).
    public static var maximumValues: Int { 2_000_000 }

    /// The frames kept, within ``maximumFrames`` and ``maximumValues``.
    private var recorder: FrameRecorder?
    private var bound: BoundScene?
    private var schema = FrameSchema([])

    /// Creates a sink.
    ///
    /// - Parameters:
    ///   - output: Where the HTML page goes.
    ///   - scene: What to draw: a scene, a document's `"scene"` JSON (read when the run begins), or
    ///     `nil` to plot the channels.
    ///   - frameRate: The rate the page plays the frames at.
    ///   - title: The page's title; by default "Cadence preview".
    public init(output: Output, scene: SceneDescription?, frameRate: FrameRate, title: String = "Cadence preview") {
        self.output = output
        self.scene = scene
        self.frameRate = frameRate
        self.title = title
    }

    /// Reads the scene and checks its bindings against the frames' channels.
    ///
    /// - Throws: ``DocumentErrors`` for a scene that is invalid or binds channels the frames lack.
    public mutating func begin(schema: FrameSchema) throws {
        self.schema = schema
        recorder = nil
        bound = try scene.map { description throws(DocumentErrors) in try BoundScene(description, schema: schema) }
    }

    /// Keeps a copy of the frame, or of evenly spaced frames past ``maximumFrames``.
    public mutating func write(_ frame: borrowing Frame) throws {
        if recorder == nil { recorder = FrameRecorder(capacity: Self.maximumFrames, maximumWeight: Self.maximumValues) }
        recorder!.record(frame)
    }

    /// Writes the page and flushes the output.
    public mutating func finish() throws {
        let frames = recorder?.frames ?? []
        let stride = recorder?.stride ?? 1
        let rendered = recorder?.offeredCount ?? 0
        var stage: String
        var plot: ChannelPlotSVG?
        if let bound {
            let size = bound.scene.size
            // As large as the window allows beside the controls, at the scene's aspect ratio: a wide
            // scene gets narrower, not taller, so the controls stay in view.
            let width = SceneSVGWriter.number(size.width), height = SceneSVGWriter.number(size.height)
            let fit = "width: max(240px, min(calc(100vw - 410px), calc((100vh - 110px) * \(width) / \(height))))"
            stage = "<svg id=\"stage\" viewBox=\"0 0 \(width) \(height)\" style=\"aspect-ratio: \(width) / \(height); \(fit)\" role=\"img\" aria-label=\"the scene\">\n"
            if let first = frames.first {
                let frame = first.frame(schema: schema)
                SceneSVGWriter.draw(bound.layers(at: frame), groups: bound.groups(at: frame), of: bound.scene, prefix: "", into: &stage)
            }
        } else {
            var chart = ChannelPlotSVG(schema: schema, frames: frames)
            chart.title = title
            chart.subtitle = stride == 1 ? "\(frames.count) frames" : "\(frames.count) of \(rendered) frames (every \(stride)th)"
            stage = "<svg id=\"stage\" class=\"plot\" viewBox=\"0 0 \(SceneSVGWriter.number(chart.width)) \(SceneSVGWriter.number(chart.height))\" role=\"img\" aria-label=\"the channels over time\">\n"
            stage += chart.body
            plot = chart
        }
        stage += "</svg>"
        let page = Self.page(title: title, stage: stage, data: data(frames, stride: stride, rendered: rendered, plot: plot).jsonText, frameCount: frames.count,
            summary: Self.summary(count: frames.count, stride: stride, rendered: rendered, fps: frameRate, plotsChannels: bound == nil))
        try output.write(page)
        try output.flush()
    }

    /// The line under the title: how many frames the page holds, of how many, at what rate.
    ///
    /// `61 frames at 60 fps`, or for a decimated render
    /// `10000 of 432001 frames: every 64th (a preview holds at most 10000) at 60 fps`.
    static func summary(count: Int, stride: Int, rendered: Int, fps: FrameRate, plotsChannels: Bool) -> String {
        let rate = NumberFormat.string(Double(fps.numerator) / Double(fps.denominator))
        let held = stride > 1
            ? "\(count) of \(rendered) frames: every \(stride)th (a preview holds at most \(maximumFrames))"
            : "\(count) frames"
        return held + " at \(rate) fps" + (plotsChannels ? " (no scene: each channel over time)" : "")
    }

    /// The embedded data: frame rate, channels, every embedded frame's values and events, the
    /// scene, and how the frames were decimated (`stride`: every how many rendered frames one is
    /// embedded; `renderedCount`: how many were rendered).
    func data(_ frames: [FrameRecorder.Recorded], stride: Int = 1, rendered: Int? = nil, plot: ChannelPlotSVG?) -> JSONValue {
        let fps = Double(frameRate.numerator) / Double(frameRate.denominator)
        let channels = schema.channels.map { channel -> JSONValue in
            let kind: String
            switch channel.kind {
            case .scalar: kind = "scalar"
            case .vector: kind = "vector"
            case .color: kind = "color"
            case .path: kind = "path"
            }
            return .object([
                ("name", .string(channel.name)), ("kind", .string(kind)),
                ("offset", .number(Double(channel.offset))), ("width", .number(Double(channel.width))),
            ])
        }
        var events: [JSONValue] = []
        for (position, frame) in frames.enumerated() {
            for event in frame.events { events.append(.array([.number(Double(position)), .string(event.description)])) }
        }
        var members: [(key: String, value: JSONValue)] = [
            ("title", .string(title)), ("fps", .number(fps)), ("frameCount", .number(Double(frames.count))),
            ("stride", .number(Double(stride))), ("renderedCount", .number(Double(rendered ?? frames.count))),
            ("maximumFrames", .number(Double(Self.maximumFrames))),
            ("channels", .array(channels)),
            ("index", .array(frames.map { .number(Double($0.index)) })),
            ("time", .array(frames.map { .number($0.time) })),
            ("numbers", .array(frames.map { .array($0.numbers.map(JSONValue.number)) })),
            ("paths", .array(frames.map { .array($0.paths.map { .string($0.svgPathData) }) })),
            ("events", .array(events)),
            ("scene", bound?.scene.jsonValue ?? .null),
        ]
        if let plot {
            members.append(("plot", .object([
                ("left", .number(ChannelPlotSVG.left)), ("width", .number(ChannelPlotSVG.plotWidth)),
                ("top", .number(ChannelPlotSVG.top)), ("bottom", .number(plot.height - 12)),
                ("start", .number(plot.startTime)), ("end", .number(plot.endTime)),
            ])))
        }
        return .object(members)
    }
}
