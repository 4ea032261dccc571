extension CadenceTool {
    /// The output formats of `render`, `play` and `preset`.
    static let formats = ["jsonl", "csv"]

    /// A preview sink (SVG or HTML) for `format`, or `nil` if the format is not a preview format.
    func makePreviewSink(
        format: String, output: OutputBox, scene: SceneDescription?, frameRate: FrameRate
    ) throws -> (any FrameSink)? {
        nil
    }
}
