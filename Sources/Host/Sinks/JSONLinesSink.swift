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
    /// Each channel's `"name":`, as UTF-8.
    private var keys: [[UInt8]] = []
    /// The line being written, reused from frame to frame.
    private var line: [UInt8] = []

    /// Creates a sink that writes to `output`.
    public init(output: Output) {
        self.output = output
    }

    /// Prepares the channel names.
    public mutating func begin(schema: FrameSchema) throws {
        keys = schema.channels.map { Array((JSONText.quoted($0.name) + ":").utf8) }
        line.reserveCapacity(64 + 32 * schema.channels.count)
    }

    /// Writes one line: the frame's index, time, values and events. The numbers are formatted
    /// straight into a reused buffer, so a frame allocates nothing.
    public mutating func write(_ frame: borrowing Frame) throws {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: JSONLineKeys.frame)
        NumberFormat.append(Int64(frame.index), to: &line)
        line.append(contentsOf: JSONLineKeys.time)
        NumberFormat.append(frame.time, to: &line)
        line.append(contentsOf: JSONLineKeys.values)
        for (index, channel) in frame.schema.channels.enumerated() {
            if index > 0 { line.append(0x2C) }
            line.append(contentsOf: keys[index])
            switch channel.kind {
            case .scalar:
                NumberFormat.append(frame.numbers[channel.offset], to: &line)
            case .vector, .color:
                line.append(0x5B)
                for component in 0..<channel.width {
                    if component > 0 { line.append(0x2C) }
                    NumberFormat.append(frame.numbers[channel.offset + component], to: &line)
                }
                line.append(0x5D)
            case .path:
                line.append(contentsOf: JSONText.quoted(frame.paths[channel.offset]).utf8)
            }
        }
        line.append(0x7D)
        if !frame.events.isEmpty {
            line.append(contentsOf: ",\"events\":[".utf8)
            for (index, event) in frame.events.enumerated() {
                if index > 0 { line.append(0x2C) }
                line.append(contentsOf: Self.json(event).utf8)
            }
            line.append(0x5D)
        }
        line.append(contentsOf: [0x7D, 0x0A])
        try line.withUnsafeBytes { try output.write(bytes: $0) }
    }

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

/// The fixed parts of a JSON line, as UTF-8.
private enum JSONLineKeys {
    static let frame = Array("{\"frame\":".utf8)
    static let time = Array(",\"time\":".utf8)
    static let values = Array(",\"values\":{".utf8)
}
