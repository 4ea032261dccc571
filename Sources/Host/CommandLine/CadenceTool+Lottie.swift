import Timeline
import TimelineHost
import TimelinePlugins

extension CadenceTool {
    /// `cadence lottie values FILE… [--frames A,B,…] [--step S]`: every layer's transform values
    /// per frame, as JSON Lines in the shape of the lottie-web oracle (Docs/Lottie.md).
    mutating func lottie(_ arguments: [String]) throws {
        guard arguments.first == "values" else {
            throw UsageError(
                arguments.first.map { "unknown lottie action '\(ArgumentList.excerpt($0))'; actions: values" } ?? "missing the action: values",
                command: "lottie")
        }
        let list = try ArgumentList(Array(arguments.dropFirst()), command: "lottie", options: ["frames", "step"], flags: [])
        guard !list.positionals.isEmpty else { throw UsageError("missing FILE", command: "lottie") }
        let step = try list.double("step") ?? 0.5
        guard step > 0, step.isFinite else { throw UsageError("'--step' is a positive number of frames", command: "lottie") }
        var chosen: [Double]?
        if let text = list.string("frames") {
            var frames: [Double] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let frame = Double(part), frame.isFinite else {
                    throw UsageError("'--frames' is a list of frames like 0,12.5,30, got '\(ArgumentList.excerpt(text))'", command: "lottie")
                }
                frames.append(frame)
            }
            chosen = frames
        }
        for path in list.positionals {
            let bytes = try FileInput.read(path, maximumCount: TimelineDocument.maximumSize)
            guard let text = String(validating: bytes, as: UTF8.self) else { throw BadInput("\(path): not UTF-8 text") }
            let animation = try LottieAnimation(parsing: text, file: path)
            let name = path.split(separator: "/").last.map(String.init) ?? path
            var frames = chosen ?? []
            if chosen == nil {
                let steps = ((animation.outPoint - animation.inPoint) / step).rounded(.down)
                guard steps <= 1_000_000 else { throw BadInput("\(path): more than a million frames at step \(NumberFormat.string(step))") }
                let count = Int(steps)
                frames = (0...count).map { animation.inPoint + Double($0) * step }.filter { $0 <= animation.outPoint }
            }
            for frame in frames {
                for layer in animation.values(at: frame) {
                    try standardOutput.write(Self.lottieLine(file: name, frame: frame, layer) + "\n")
                }
            }
        }
    }

    /// One JSON line in the oracle's shape.
    static func lottieLine(file: String, frame: Double, _ layer: LottieLayerValues) -> String {
        func number(_ value: Double) -> String { NumberFormat.string(value) }
        func numbers(_ values: [Double]) -> String { "[" + values.map(number).joined(separator: ",") + "]" }
        var members = [
            "\"nm\":" + (layer.name.map { JSONText.quoted($0) } ?? "null"),
            "\"ind\":" + (layer.index.map(String.init) ?? "null"),
            "\"ty\":\(layer.type)",
            "\"parent\":" + (layer.parent.map(String.init) ?? "null"),
            "\"a\":" + numbers(layer.anchor), "\"p\":" + numbers(layer.position), "\"s\":" + numbers(layer.scale),
            "\"r\":" + number(layer.rotation), "\"o\":" + number(layer.opacity),
        ]
        if let x = layer.positionX, let y = layer.positionY { members += ["\"px\":" + number(x), "\"py\":" + number(y)] }
        if let skew = layer.skew { members.append("\"sk\":" + number(skew)) }
        if let axis = layer.skewAxis { members.append("\"sa\":" + number(axis)) }
        members += [
            "\"matrix\":" + numbers(layer.matrix), "\"world\":" + numbers(layer.world), "\"opacity\":" + number(layer.opacity),
            "\"in_range\":\(layer.inRange)", "\"active\":\(layer.inRange)",
        ]
        return "{\"file\":\(JSONText.quoted(file)),\"frame\":\(number(frame)),\"layer\":\"\(layer.layer)\",\"values\":{"
            + members.joined(separator: ",") + "}}"
    }
}
