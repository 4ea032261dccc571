import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// What an XML parser saw in a document: whether it is well-formed, and its elements in order.
final class PreviewXML: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
    }

    private(set) var elements: [Element] = []
    private(set) var text: [String] = []
    private(set) var error: String?
    private var open: [(name: String, index: Int)] = []

    /// Parses `document` with Foundation's `XMLParser` (libxml2 on Linux).
    init(_ document: String) {
        super.init()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = self
        if !parser.parse() {
            error = parser.parserError.map { "\($0)" } ?? "not well-formed"
        }
        if error == nil, !open.isEmpty { error = "unclosed elements: \(open.map(\.name))" }
    }

    var isWellFormed: Bool { error == nil }

    /// The elements with a name.
    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        open.append((name, elements.count))
        elements.append(Element(name: name, attributes: attributes))
        text.append("")
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if open.last?.name == name { open.removeLast() }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let innermost = open.last { text[innermost.index] += string }
    }

    /// The text of every `<text>` element, in order.
    var labels: [String] {
        zip(elements, text).filter { $0.0.name == "text" }.map(\.1)
    }
}

/// The default preset of a type, its source and its scene.
func previewSource<Preset: TransitionPreset>(_ type: Preset.Type, operation: TransitionOperation? = nil) throws -> (PresetSource<Preset>, Scene) {
    let preset = try Preset(context: TransitionContext(operation: operation ?? Preset.operations[0]), parameters: [:])
    return (try PresetSource(preset: preset, frameRate: .fps60), preset.scene)
}

/// A preset rendered to an SVG contact sheet.
func previewSVG<Preset: TransitionPreset>(_ type: Preset.Type, operation: TransitionOperation? = nil, frames: ClosedRange<Int>? = nil) throws -> String {
    var (source, scene) = try previewSource(type, operation: operation)
    var sink = SVGContactSheetSink(output: StringOutput(), scene: .scene(scene), frameRate: .fps60)
    try HostLoop.renderOffline(&source, frameRate: .fps60, frames: frames, to: &sink)
    return sink.output.text
}

/// A preset rendered to an HTML preview.
func previewHTML<Preset: TransitionPreset>(_ type: Preset.Type, frames: ClosedRange<Int>? = nil) throws -> String {
    var (source, scene) = try previewSource(type)
    var sink = HTMLPreviewSink(output: StringOutput(), scene: .scene(scene), frameRate: .fps60)
    try HostLoop.renderOffline(&source, frameRate: .fps60, frames: frames, to: &sink)
    return sink.output.text
}

/// A ramp: `x` goes 0 → 1 over `frames` frames, `c` is a colour and `p` a path, for sinks without presets.
struct PreviewRamp: FrameSource {
    let frames: Int
    let schema = FrameSchema([("x", .scalar), ("v", .vector(2)), ("c", .color), ("p", .path)])
    var duration: Double { Double(frames - 1) / 60 }

    mutating func evaluate(into frame: inout Frame) throws {
        let x = Double(frame.index) / Double(max(frames - 1, 1))
        frame.numbers[0] = x
        frame.numbers[1] = 2 * x
        frame.numbers[2] = -x
        frame.numbers[3...6] = [x, 0, 1 - x, 1]
        frame.paths[0] = try Path(svgPathData: "M 0 0 L \(10 + frame.index) 0 L 0 10 Z")
    }
}
