/// Writes each frame as one line of JSON.
///
/// ```
/// {"frame":0,"time":0,"values":{"card.scale":0.3}}
/// {"frame":30,"time":0.5,"values":{"card.scale":1},"events":[{"type":"marker","name":"fade","source":"card"}]}
/// ```
///
/// Scalars are numbers, vectors and colours (straight sRGB `[r, g, b, a]`) arrays of numbers, paths
/// SVG path data strings. Numbers read back to the same `Double` (see ``NumberFormat``).
public struct JSONLinesSink<Output: TextOutput>: FrameSink {
    /// Where the lines go.
    public private(set) var output: Output
    private var keys: [String] = []

    /// Creates a sink that writes to `output`.
    public init(output: Output) {
        self.output = output
    }

    /// Prepares the quoted channel names.
    public mutating func begin(schema: FrameSchema) throws {
        keys = schema.channels.map { JSONText.quoted($0.name) + ":" }
    }

    /// Writes one line.
    public mutating func write(_ frame: borrowing Frame) throws {
        try output.write("{\"frame\":\(frame.index),\"time\":\(NumberFormat.string(frame.time)),\"values\":{")
        for (index, channel) in frame.schema.channels.enumerated() {
            if index > 0 { try output.write(",") }
            try output.write(keys[index])
            switch channel.kind {
            case .scalar:
                try output.write(NumberFormat.string(frame.numbers[channel.offset]))
            case .vector, .color:
                try output.write("[")
                for component in 0..<channel.width {
                    if component > 0 { try output.write(",") }
                    try output.write(NumberFormat.string(frame.numbers[channel.offset + component]))
                }
                try output.write("]")
            case .path:
                try output.write(JSONText.quoted(frame.paths[channel.offset]))
            }
        }
        try output.write("}")
        if !frame.events.isEmpty {
            try output.write(",\"events\":[")
            for (index, event) in frame.events.enumerated() {
                if index > 0 { try output.write(",") }
                try output.write(Self.json(event))
            }
            try output.write("]")
        }
        try output.write("}\n")
    }

    /// Flushes the output.
    public mutating func finish() throws {
        try output.flush()
    }

    static func json(_ event: FrameEvent) -> String {
        let source = JSONText.quoted(event.source)
        switch event.kind {
        case .started:
            return "{\"type\":\"started\",\"source\":\(source)}"
        case .repeated:
            return "{\"type\":\"repeated\",\"source\":\(source)}"
        case .marker(let name):
            return "{\"type\":\"marker\",\"name\":\(JSONText.quoted(name)),\"source\":\(source)}"
        case .completed(let finished):
            return "{\"type\":\"completed\",\"finished\":\(finished),\"source\":\(source)}"
        case .pluginFailed(let plugin, let message):
            return "{\"type\":\"pluginFailed\",\"plugin\":\(JSONText.quoted(plugin)),\"message\":\(JSONText.quoted(message)),\"source\":\(source)}"
        }
    }
}
