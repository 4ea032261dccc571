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
    /// Every channel's `"name":` as UTF-8, one after another, then 8 zero bytes (keys are
    /// copied a word at a time).
    private var keys: [UInt8] = []
    /// Where each channel's key is in ``keys``, what it holds and where its values are.
    private var layout: [ChannelLayout] = []
    /// The most bytes the values take in a line, paths' text aside.
    private var valuesCapacity = 0
    /// The line being written, reused from frame to frame.
    private var line = LineBuffer()

    /// The most bytes of a line but its values and events: `{"frame":` index `,"time":` time
    /// `,"values":{`, and `}}` and a line break.
    static var fixedCapacity: Int {
        JSONLineKeys.frame.utf8CodeUnitCount + 20 + JSONLineKeys.time.utf8CodeUnitCount + NumberFormat.maximumLength
            + JSONLineKeys.values.utf8CodeUnitCount + 3
    }

    /// Creates a sink that writes to `output`.
    public init(output: Output) {
        self.output = output
    }

    /// Prepares the channel names and the line's layout.
    public mutating func begin(schema: FrameSchema) throws {
        keys = []
        layout = []
        valuesCapacity = 0
        for channel in schema.channels {
            let key = Array((JSONText.quoted(channel.name) + ":").utf8)
            let kind: ChannelLayout.Kind
            switch channel.kind {
            case .scalar: kind = .scalar
            case .vector, .color: kind = .array
            case .path: kind = .path
            }
            layout.append(ChannelLayout(
                keyStart: keys.count, keyCount: key.count, kind: kind, offset: channel.offset, width: channel.width))
            keys += key
            // A comma, the key, and its numbers with their commas and brackets (or quotes).
            valuesCapacity += 1 + key.count + 2 + channel.width * (NumberFormat.maximumLength + 1)
        }
        keys += repeatElement(0, count: 8)
    }

    /// Writes one line: the frame's index, time, values and events. The line is built in a
    /// reused buffer, numbers formatted straight into it, so a frame without paths or events
    /// allocates nothing.
    public mutating func write(_ frame: borrowing Frame) throws {
        // The line's length at most: the fixed part, the values with their paths quoted (a byte
        // is at most six, `\u001f`), and the events.
        var capacity = Self.fixedCapacity + valuesCapacity
        for path in frame.paths { capacity += 6 * path.utf8.count }
        var events: [String] = []
        if !frame.events.isEmpty {
            capacity += JSONLineKeys.events.utf8CodeUnitCount + 1
            for event in frame.events {
                let text = Self.json(event)
                events.append(text)
                capacity += text.utf8.count + 1
            }
        }
        let keys = keys
        let layout = layout
        let count = line.write(capacity: capacity) { writer in
            writer.append(JSONLineKeys.frame)
            writer.append(integer: Int64(frame.index))
            writer.append(JSONLineKeys.time)
            writer.append(number: frame.time)
            writer.append(JSONLineKeys.values)
            keys.withUnsafeBytes { keys in
                frame.numbers.withUnsafeBufferPointer { numbers in
                    for (index, channel) in layout.enumerated() {
                        if index > 0 { writer.append(byte: 0x2C) }
                        writer.append(words: keys.baseAddress! + channel.keyStart, byteCount: channel.keyCount)
                        switch channel.kind {
                        case .scalar:
                            writer.append(number: numbers[channel.offset])
                        case .array:
                            writer.append(byte: 0x5B)
                            for component in 0..<channel.width {
                                if component > 0 { writer.append(byte: 0x2C) }
                                writer.append(number: numbers[channel.offset + component])
                            }
                            writer.append(byte: 0x5D)
                        case .path:
                            writer.append(JSONText.quoted(frame.paths[channel.offset]))
                        }
                    }
                }
            }
            writer.append(byte: 0x7D)
            if !events.isEmpty {
                writer.append(JSONLineKeys.events)
                for (index, event) in events.enumerated() {
                    if index > 0 { writer.append(byte: 0x2C) }
                    writer.append(event)
                }
                writer.append(byte: 0x5D)
            }
            writer.append(byte: 0x7D)
            writer.append(byte: 0x0A)
        }
        try line.withText(count: count) { try output.write(bytes: $0) }
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

/// The fixed parts of a JSON line.
private enum JSONLineKeys {
    /// `{"frame":`
    static var frame: StaticString { "{\"frame\":" }
    /// `,"time":`
    static var time: StaticString { ",\"time\":" }
    /// `,"values":{`
    static var values: StaticString { ",\"values\":{" }
    /// `,"events":[`
    static var events: StaticString { ",\"events\":[" }
}

/// Where a channel's key and values are, without its name: what the line loop reads.
private struct ChannelLayout {
    /// How a channel's value is written.
    enum Kind {
        /// One number.
        case scalar
        /// Numbers in brackets (vectors and colours).
        case array
        /// A quoted SVG path data string.
        case path
    }

    /// Where the channel's `"name":` starts in the sink's keys.
    var keyStart: Int
    /// Its length in bytes.
    var keyCount: Int
    /// How the value is written.
    var kind: Kind
    /// Where its numbers start in the frame's numbers, or its index in the frame's paths.
    var offset: Int
    /// How many numbers it has.
    var width: Int
}
