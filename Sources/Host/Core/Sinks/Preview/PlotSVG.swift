import Timeline
import TimelinePlugins
import CadenceIO

/// Draws line plots as self-contained SVG: the pictures of the curve and spring guides.
public struct PlotSVG: Sendable {
    /// One line of the plot.
    public struct Series: Sendable {
        /// The legend text.
        public var name: String
        /// The points, in data coordinates.
        public var points: [(x: Double, y: Double)]
        /// The stroke colour.
        public var color: String

        /// Creates a series.
        public init(name: String, points: [(x: Double, y: Double)], color: String = "#2563eb") {
            self.name = name
            self.points = points
            self.color = color
        }
    }

    /// The plot's title.
    public var title: String
    /// The horizontal axis label.
    public var xLabel: String
    /// The vertical axis label.
    public var yLabel: String
    /// The lines.
    public var series: [Series]
    /// The picture's size in pixels.
    public var width = 480.0
    /// The picture's height in pixels.
    public var height = 320.0

    /// Values on y drawn as dashed, labelled lines, always in view: 0 and 1 (a curve's start and
    /// end) unless set.
    public var guides: [Double] = [0, 1]

    /// Creates a plot.
    public init(title: String, xLabel: String, yLabel: String, series: [Series]) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
    }

    /// The SVG document.
    public var svg: String {
        let all = series.flatMap(\.points)
        var minX = all.map(\.x).min() ?? 0, maxX = all.map(\.x).max() ?? 1
        var minY = min(all.map(\.y).min() ?? 0, guides.min() ?? 0), maxY = max(all.map(\.y).max() ?? 1, guides.max() ?? 1)
        if maxY - minY < 1e-12 { maxY = minY + 1 }
        if maxX - minX < 1e-12 { maxX = minX + 1 }
        let padY = (maxY - minY) * 0.05
        minY -= padY
        maxY += padY
        if maxX <= minX { minX -= 1 }
        let left = 56.0, right = 16.0, top = 36.0, bottom = 44.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func px(_ x: Double) -> String { Self.format(left + (x - minX) / (maxX - minX) * plotWidth) }
        func py(_ y: Double) -> String { Self.format(top + (maxY - y) / (maxY - minY) * plotHeight) }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.format(width))" height="\(Self.format(height))" viewBox="0 0 \(Self.format(width)) \(Self.format(height))" font-family="sans-serif" font-size="11">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Self.format(width / 2))" y="20" text-anchor="middle" font-size="13">\(Self.escape(title))</text>

            """
        // Grid lines at the guides on y, and the frame.
        for y in guides where y >= minY && y <= maxY {
            svg += "<line x1=\"\(px(minX))\" y1=\"\(py(y))\" x2=\"\(px(maxX))\" y2=\"\(py(y))\" stroke=\"#ccc\" stroke-dasharray=\"4 3\"/>\n"
            svg += "<text x=\"\(Self.format(left - 6))\" y=\"\(py(y))\" text-anchor=\"end\" dominant-baseline=\"middle\">\(Self.format(y))</text>\n"
        }
        svg += "<rect x=\"\(Self.format(left))\" y=\"\(Self.format(top))\" width=\"\(Self.format(plotWidth))\" height=\"\(Self.format(plotHeight))\" fill=\"none\" stroke=\"#888\"/>\n"
        svg += "<text x=\"\(Self.format(left))\" y=\"\(Self.format(height - 24))\" text-anchor=\"middle\">\(Self.format(minX))</text>\n"
        svg += "<text x=\"\(Self.format(width - right))\" y=\"\(Self.format(height - 24))\" text-anchor=\"middle\">\(Self.format(maxX))</text>\n"
        svg += "<text x=\"\(Self.format(left + plotWidth / 2))\" y=\"\(Self.format(height - 8))\" text-anchor=\"middle\">\(Self.escape(xLabel))</text>\n"
        svg += "<text x=\"14\" y=\"\(Self.format(top + plotHeight / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 14 \(Self.format(top + plotHeight / 2)))\">\(Self.escape(yLabel))</text>\n"
        for (index, line) in series.enumerated() {
            let points = line.points.map { "\(px($0.x)),\(py($0.y))" }.joined(separator: " ")
            svg += "<polyline fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"2\" points=\"\(points)\"/>\n"
            if series.count > 1 {
                let y = top + 14 + Double(index) * 14
                svg += "<text x=\"\(Self.format(left + 8))\" y=\"\(Self.format(y))\" fill=\"\(line.color)\">\(Self.escape(line.name))</text>\n"
            }
        }
        return svg + "</svg>\n"
    }

    /// A number to two decimals; a number too large for hundredths (past about 1.8e306) as it is.
    static package func format(_ value: Double) -> String {
        let hundredths = value * 100
        guard hundredths.isFinite else { return NumberFormat.string(value) }
        return NumberFormat.string(hundredths.rounded() / 100)
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
