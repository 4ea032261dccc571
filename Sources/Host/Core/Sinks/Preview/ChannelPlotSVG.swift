import Timeline
import TimelinePlugins

/// The picture of a render without a scene: every channel over time, one row per channel.
///
/// Numbers are lines (each row scaled to its own range, a vector's components in different
/// colours), colours a strip of swatches, paths their outlines at up to eight evenly spaced frames.
/// The HTML preview shows the same rows with a moving playhead.
struct ChannelPlotSVG {
    let schema: FrameSchema
    package let frames: [FrameRecorder.Recorded]
    var title = "Cadence channels"
    var subtitle = ""

    static let left = 170.0, plotWidth = 560.0, rowHeight = 84.0, top = 56.0, right = 20.0
    static let palette = ["#2563EB", "#DC2626", "#16A34A", "#9333EA", "#EA580C", "#0891B2"]

    var width: Double { Self.left + Self.plotWidth + Self.right }
    var height: Double { Self.top + Double(max(schema.channels.count, 1)) * Self.rowHeight + 12 }
    var startTime: Double { frames.first?.time ?? 0 }
    var endTime: Double { frames.last?.time ?? 0 }

    /// The horizontal position of a time.
    func x(_ time: Double) -> Double {
        let span = endTime - startTime
        return Self.left + (span > 0 ? (time - startTime) / span * Self.plotWidth : 0)
    }

    /// A complete SVG document.
    var document: String {
        let n = SceneSVGWriter.number
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
            + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\" font-size=\"11\">\n"
            + "<title>\(SceneSVGWriter.escape(title))</title>\n" + body + "</svg>\n"
    }

    /// The elements, without the `<svg>` element around them.
    var body: String {
        let n = SceneSVGWriter.number
        var svg = "<rect width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#FFFFFF\"/>\n"
        svg += "<text x=\"16\" y=\"22\" font-size=\"14\" font-weight=\"bold\">\(SceneSVGWriter.escape(title))</text>\n"
        svg += "<text x=\"16\" y=\"40\" fill=\"#52525B\">\(SceneSVGWriter.escape(subtitle)) · no scene: each channel over time</text>\n"
        if schema.channels.isEmpty {
            svg += "<text x=\"16\" y=\"\(n(Self.top + 20))\">The frames have no channels.</text>\n"
        }
        for (row, channel) in schema.channels.enumerated() {
            let top = Self.top + Double(row) * Self.rowHeight
            let bottom = top + Self.rowHeight - 20
            svg += "<text x=\"16\" y=\"\(n(top + 14))\" font-weight=\"bold\">\(SceneSVGWriter.escape(channel.name))</text>\n"
            svg += "<rect x=\"\(n(Self.left))\" y=\"\(n(top))\" width=\"\(n(Self.plotWidth))\" height=\"\(n(bottom - top))\" fill=\"#F4F4F5\"/>\n"
            switch channel.kind {
            case .scalar, .vector:
                svg += lines(channel, top: top, bottom: bottom)
            case .color:
                svg += swatches(channel, top: top, bottom: bottom)
            case .path:
                svg += outlines(channel, top: top, bottom: bottom)
            }
        }
        svg += "<text x=\"\(n(Self.left))\" y=\"\(n(height - 4))\">\(n(startTime)) s</text>\n"
        svg += "<text x=\"\(n(Self.left + Self.plotWidth))\" y=\"\(n(height - 4))\" text-anchor=\"end\">\(n(endTime)) s</text>\n"
        return svg
    }

    private func lines(_ channel: FrameSchema.Channel, top: Double, bottom: Double) -> String {
        let n = SceneSVGWriter.number
        let values = frames.flatMap { $0.numbers[channel.offset..<channel.offset + channel.width] }.filter(\.isFinite)
        var low = values.min() ?? 0, high = values.max() ?? 1
        if high - low < 1e-12 { low -= 0.5; high += 0.5 }
        func y(_ value: Double) -> Double { bottom - (value - low) / (high - low) * (bottom - top) }
        var svg = "<text x=\"16\" y=\"\(n(top + 30))\" fill=\"#52525B\">\(n(low)) … \(n(high))</text>\n"
        for component in 0..<channel.width {
            let points = frames.map { frame -> String in
                let value = frame.numbers[channel.offset + component]
                return "\(n(x(frame.time))),\(n(y(value.isFinite ? value : low)))"
            }
            let color = Self.palette[component % Self.palette.count]
            svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" points=\"\(points.joined(separator: " "))\"/>\n"
        }
        return svg
    }

    private func swatches(_ channel: FrameSchema.Channel, top: Double, bottom: Double) -> String {
        let n = SceneSVGWriter.number
        let picks = FrameRecorder.evenlySpaced(140, of: frames.count)
        let width = Self.plotWidth / Double(max(picks.count, 1))
        var svg = ""
        for (slot, position) in picks.enumerated() {
            let values = frames[position].numbers
            let color = Color(red: values[channel.offset], green: values[channel.offset + 1], blue: values[channel.offset + 2], alpha: values[channel.offset + 3])
            svg += "<rect x=\"\(n(Self.left + Double(slot) * width))\" y=\"\(n(top))\" width=\"\(n(width + 0.5))\" height=\"\(n(bottom - top))\"\(SceneSVGWriter.paint(color.isFinite ? color : nil, "fill"))/>\n"
        }
        return svg
    }

    private func outlines(_ channel: FrameSchema.Channel, top: Double, bottom: Double) -> String {
        let n = SceneSVGWriter.number
        let picks = FrameRecorder.evenlySpaced(8, of: frames.count)
        let paths = picks.map { (frames[$0].time, frames[$0].paths[channel.offset]) }
        let boxes = paths.map(\.1).filter { !$0.isEmpty }.map(\.bounds)
        guard let first = boxes.first else { return "" }
        let minX = boxes.map(\.minX).min() ?? first.minX, maxX = boxes.map(\.maxX).max() ?? first.maxX
        let minY = boxes.map(\.minY).min() ?? first.minY, maxY = boxes.map(\.maxY).max() ?? first.maxY
        let box = bottom - top - 4
        let scale = box / max(maxX - minX, maxY - minY, 1e-9)
        var svg = ""
        for (time, path) in paths where !path.isEmpty {
            // Centred on its time, but kept inside the plot: the first and last outlines sit at
            // its edges instead of half outside them.
            let width = (maxX - minX) * scale
            let left = min(max(x(time) - width / 2, Self.left), Self.left + Self.plotWidth - width)
            svg += "<path transform=\"translate(\(n(left)) \(n(top + 2))) scale(\(n(scale))) translate(\(n(-minX)) \(n(-minY)))\" "
                + "d=\"\(SceneSVGWriter.escape(path.svgPathData))\" fill=\"#2563EB\" fill-opacity=\"0.25\" fill-rule=\"evenodd\" "
                + "stroke=\"#2563EB\" stroke-width=\"\(n(1 / scale))\"/>\n"
        }
        return svg
    }
}
