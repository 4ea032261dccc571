public import Timeline
import TimelinePlugins
public import CadenceIO

/// Writes one self-contained SVG picture of a render: a contact sheet of frames of a scene.
///
/// The sheet shows up to ``maximumCells`` evenly spaced frames (every frame when there are fewer),
/// first and last included, in rows of up to ``maximumColumns``; each cell draws the scene at that
/// frame (see ``BoundScene`` for how bindings apply) and is labelled with the frame's index and
/// time. Masks become `clip-path`s with their fill rule as `clip-rule`, shadows a Gaussian blur.
///
/// Without a scene the sheet plots every channel over time instead: one row per channel, numbers
/// as lines (a vector's components in colours), colours as a strip of swatches, paths as outlines
/// at evenly spaced frames.
///
/// ```swift
/// var sink = SVGContactSheetSink(output: StringOutput(), scene: .scene(preset.scene), frameRate: .fps60)
/// try HostLoop.renderOffline(&source, frameRate: .fps60, to: &sink)
/// print(sink.output.text)   // <?xml version="1.0" encoding="UTF-8"?><svg ...
/// ```
///
/// The picture is written when the run finishes. The output depends only on the frames and the
/// scene: two renders give the same bytes. The sink keeps evenly spaced copies of at most 4,096
/// frames, so the cells are exactly evenly spaced for renders of up to 4,096 frames.
public struct SVGContactSheetSink<Output: TextOutput>: FrameSink {
    /// Where the picture goes.
    public private(set) var output: Output
    /// What to draw; `nil` plots the channels.
    public let scene: SceneDescription?
    /// The frame rate, shown in the subtitle.
    public var frameRate: FrameRate?
    /// The picture's title.
    public var title: String
    /// The most frames drawn (12 by default).
    public var maximumCells = 12
    /// The most cells in a row (6 by default).
    public var maximumColumns = 6
    /// The box each cell's scene is fitted into, in pixels (160 × 240 by default).
    public var cellBox = Size(width: 160, height: 240)

    private var recorder = FrameRecorder(capacity: 4096)
    private var bound: BoundScene?
    private var schema = FrameSchema([])

    /// Creates a sink.
    ///
    /// - Parameters:
    ///   - output: Where the SVG document goes.
    ///   - scene: What to draw: a scene, a document's `"scene"` JSON (read when the run begins), or
    ///     `nil` to plot the channels.
    ///   - frameRate: The frame rate, for the subtitle.
    ///   - title: The title; by default "Cadence contact sheet".
    public init(output: Output, scene: SceneDescription?, frameRate: FrameRate? = nil, title: String = "Cadence contact sheet") {
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
        recorder = FrameRecorder(capacity: 4096)
        bound = try scene.map { description throws(DocumentErrors) in try BoundScene(description, schema: schema) }
    }

    /// Keeps a copy of the frame.
    public mutating func write(_ frame: borrowing Frame) throws {
        recorder.record(frame)
    }

    /// Writes the picture and flushes the output.
    public mutating func finish() throws {
        let frames = recorder.frames
        var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        if let bound {
            svg += sheet(bound, frames: frames)
        } else {
            var plot = ChannelPlotSVG(schema: schema, frames: frames)
            plot.title = title
            plot.subtitle = subtitle(shown: nil, of: frames)
            svg += plot.document
        }
        try output.write(svg)
        try output.flush()
    }

    /// `12 of 61 frames (0 to 60) at 60 fps`.
    func subtitle(shown: Int?, of frames: [FrameRecorder.Recorded]) -> String {
        guard let first = frames.first, let last = frames.last else { return "no frames" }
        let total = last.index - first.index + 1
        var text = shown.map { "\($0) of " } ?? ""
        text += "\(total) frames (\(first.index) to \(last.index))"
        if let frameRate { text += " at \(NumberFormat.string(Double(frameRate.numerator) / Double(frameRate.denominator))) fps" }
        return text
    }

    /// The position of the first frame from which every later frame has the same numbers and
    /// paths (and no events): the last position when the very last frame still moves.
    static func firstStillFrame(_ frames: [FrameRecorder.Recorded]) -> Int {
        guard var still = frames.indices.last else { return 0 }
        while still > 0, frames[still - 1].numbers == frames[still].numbers,
            sameOutlines(frames[still - 1].paths, frames[still].paths), frames[still].events.isEmpty
        {
            still -= 1
        }
        return still
    }

    /// Whether two frames' paths draw the same: the same elements (the same SVG path data),
    /// whatever their fill rules, which the drawing takes from the scene instead.
    static func sameOutlines(_ a: [Path], _ b: [Path]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || $0.elements.elementsEqual($1.elements) }
    }

    private func sheet(_ bound: BoundScene, frames: [FrameRecorder.Recorded]) -> String {
        let size = bound.scene.size
        // Cells cover the frames where something moves: a spring that has come to rest shows once,
        // not in every remaining cell.
        let still = Self.firstStillFrame(frames)
        let picks = FrameRecorder.evenlySpaced(max(maximumCells, 1), of: still + 1)
        let scale = min(cellBox.width / size.width, cellBox.height / size.height)
        let cellWidth = size.width * scale, cellHeight = size.height * scale
        let margin = 16.0, gap = 12.0, label = 30.0, top = 52.0
        let columns = max(min(picks.count, maximumColumns), 1)
        let rows = (picks.count + columns - 1) / columns
        let width = 2 * margin + Double(columns) * cellWidth + Double(columns - 1) * gap
        let height = top + Double(rows) * (cellHeight + label + gap) - gap + margin
        let n = SceneSVGWriter.number
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
            + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\" font-size=\"11\">\n"
        svg += "<title>\(SceneSVGWriter.escape(title))</title>\n"
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"#FAFAFA\"/>\n"
        svg += "<text x=\"\(n(margin))\" y=\"22\" font-size=\"14\" font-weight=\"bold\">\(SceneSVGWriter.escape(title))</text>\n"
        var subtitle = subtitle(shown: picks.count, of: frames)
        if still < frames.count - 1 { subtitle += "; nothing moves from frame \(frames[still].index) on" }
        svg += "<text x=\"\(n(margin))\" y=\"40\" fill=\"#52525B\">\(SceneSVGWriter.escape(subtitle))</text>\n"
        svg += "<defs><clipPath id=\"cell\"><rect width=\"\(n(size.width))\" height=\"\(n(size.height))\"/></clipPath></defs>\n"
        for (cell, position) in picks.enumerated() {
            let recorded = frames[position]
            let x = margin + Double(cell % columns) * (cellWidth + gap)
            let y = top + Double(cell / columns) * (cellHeight + label + gap)
            svg += "<g data-frame=\"\(recorded.index)\" transform=\"translate(\(n(x)) \(n(y))) scale(\(n(scale)))\">\n"
            svg += "<g clip-path=\"url(#cell)\">\n"
            let frame = recorded.frame(schema: schema)
            SceneSVGWriter.draw(bound.layers(at: frame), groups: bound.groups(at: frame), of: bound.scene, prefix: "c\(cell)", into: &svg)
            svg += "</g>\n</g>\n"
            svg += "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(cellWidth))\" height=\"\(n(cellHeight))\" fill=\"none\" stroke=\"#A1A1AA\"/>\n"
            svg += "<text x=\"\(n(x))\" y=\"\(n(y + cellHeight + 13))\">\(SceneSVGWriter.escape(Self.label(recorded)))</text>\n"
            if let events = Self.events(recorded) {
                svg += "<text x=\"\(n(x))\" y=\"\(n(y + cellHeight + 26))\" fill=\"#9333EA\">\(SceneSVGWriter.escape(events))</text>\n"
            }
        }
        return svg + "</svg>\n"
    }

    /// `frame 12 · 0.2 s`: the frame's index and its time to the millisecond.
    static func label(_ frame: FrameRecorder.Recorded) -> String {
        "frame \(frame.index) · \(SceneSVGWriter.number((frame.time * 1000).rounded() / 1000)) s"
    }

    /// `started`, `repeated`, `completed`, `cancelled` or a marker's name, each once, on a frame where that
    /// happened; `nil` otherwise.
    static func events(_ frame: FrameRecorder.Recorded) -> String? {
        let words = frame.events.compactMap { event -> String? in
            if case .completed(let finished) = event.kind { return finished ? "completed" : "cancelled" }
            if case .marker(let name) = event.kind { return name }
            if case .started = event.kind { return "started" }
            if case .repeated = event.kind { return "repeated" }
            return nil
        }
        var unique: [String] = []
        for word in words where !unique.contains(word) { unique.append(word) }
        return unique.isEmpty ? nil : unique.joined(separator: ", ")
    }
}
