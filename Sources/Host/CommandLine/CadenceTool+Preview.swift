import Timeline
import TimelinePlugins
import CadenceHostCore

extension CadenceTool {
    /// The output formats of `render`, `play` and `preset`.
    static let formats = ["jsonl", "csv", "svg", "html"] + pictureFormats

    /// The most frames an `svg` or `html` render evaluates (10,000,000: 46 hours at 60 fps). The
    /// picture and the page keep a few thousand evenly spaced frames, so a longer render would be
    /// work that shows nothing more; JSON Lines and CSV write every frame and have no such limit.
    static let maximumPreviewFrames = 10_000_000

    /// A preview sink (SVG or HTML) for `format`, or `nil` if the format is not a preview format.
    ///
    /// `svg` is an ``SVGContactSheetSink`` (up to 12 evenly spaced frames of the scene), `html` an
    /// ``HTMLPreviewSink`` (a page that plays every frame, or evenly spaced frames of a render longer
    /// than ``HTMLPreviewSink/maximumFrames``). Without a scene both plot each channel
    /// over time. A document's `"scene"` JSON is read, and its bindings checked against the
    /// frames' channels, when the render begins; its errors are reported by JSON path.
    func makePreviewSink(
        format: String, output: OutputBox, scene: SceneDescription?, frameRate: FrameRate, title: String
    ) throws -> (any FrameSink)? {
        switch format {
        case "svg":
            return SVGContactSheetSink(output: output, scene: scene, frameRate: frameRate, title: title)
        case "html":
            return HTMLPreviewSink(output: output, scene: scene, frameRate: frameRate, title: title)
        default:
            return nil
        }
    }
}
