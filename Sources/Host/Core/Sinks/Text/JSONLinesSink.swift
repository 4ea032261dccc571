import Timeline
import TimelinePlugins
public import CadenceIO

/// Writes each frame as one line of JSON.
///
/// ```
/// {"frame":0,"time":0,"values":{"card.scale":0.3}}
/// {"frame":30,"time":0.5,"values":{"card.scale":1},"events":[{"type":"marker","name":"fade","source":"card"}]}
/// ```
///
/// Scalars are numbers, vectors and colours (straight sRGB `[r, g, b, a]`) arrays of numbers, paths
/// SVG path data strings (``Path/svgPathData``, formatted by the sink straight into its line).
/// Numbers read back to the same `Double` (see ``NumberFormat``).
public struct JSONLinesSink<Output: TextOutput>: FrameSink {
    /// Where the lines go.
    public private(set) var output: Output
    /// Every channel's key as UTF-8, one after another: `"name":`, with a comma before it but
    /// for the first; then 8 zero bytes (keys are copied a word at a time).
    private var keys: [UInt8] = []
    /// Every channel's key length and value shape, in order: all the line loop reads, 8 bytes
    /// a channel. (A frame's numbers and paths follow the channels' order.)
    private var layout: [ChannelLayout] = []
    /// The most bytes the values take in a line, paths' data aside (their quotes included).
    private var valuesCapacity = 0
    /// The numbers and paths a frame of the schema has: the loop reads them unchecked.
    private var counts = (numbers: 0, paths: 0)
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
        // Built byte by byte into one array: a string per channel would cost more than a frame
        // of tens of thousands of channels takes to write.
        keys = []
        keys.reserveCapacity(schema.channels.reduce(8) { $0 + $1.name.utf8.count + 4 })
        layout = []
        layout.reserveCapacity(schema.channels.count)
        valuesCapacity = 0
        var numbers = 0
        var paths = 0
        for channel in schema.channels {
            let keyStart = keys.count
            if !layout.isEmpty { keys.append(0x2C) }
            JSONText.appendQuoted(channel.name, to: &keys)
            keys.append(0x3A)
            let keyCount = keys.count - keyStart
            let kind: ChannelLayout.Kind
            switch channel.kind {
            case .scalar: kind = .scalar
            case .vector, .color: kind = .array
            case .path: kind = .path
            }
            // The loop walks the numbers and paths in channel order: the schema lays them out so.
            precondition(channel.offset == (kind == .path ? paths : numbers), "a frame schema out of channel order")
            if kind == .path { paths += 1 } else { numbers += channel.width }
            layout.append(ChannelLayout(keyCount: keyCount, kind: kind, width: channel.width))
            // The key, and its numbers with their commas and brackets (or a path's quotes).
            valuesCapacity += keyCount + 2 + channel.width * (NumberFormat.maximumLength + 1)
        }
        keys += repeatElement(0, count: 8)
        counts = (numbers, paths)
    }

    /// Writes one line: the frame's index, time, values and events. The line is built in a
    /// reused buffer, numbers and path data formatted straight into it, so a frame without events
    /// allocates nothing (once the buffer has grown to the frame's size).
    public mutating func write(_ frame: borrowing Frame) throws {
        // The loop below reads the numbers and paths unchecked.
        guard frame.numbers.count >= counts.numbers, frame.paths.count >= counts.paths else {
            throw SinkError.unsupportedSchema(
                reason: "frame \(frame.index) has \(frame.numbers.count) numbers and \(frame.paths.count) paths, "
                    + "where the schema the sink began with has \(counts.numbers) and \(counts.paths)")
        }
        // The line's length at most: the fixed part, the values (a path's data is never escaped:
        // it has no quote, backslash or control character), and the events.
        var capacity = Self.fixedCapacity + valuesCapacity
        for path in frame.paths { capacity += path.svgPathDataCapacity }
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
                    // Kept in a local, so that the position stays in a register.
                    var cursor = writer
                    var key = keys.baseAddress!
                    var number = 0
                    var path = 0
                    for channel in layout {
                        cursor.append(words: key, byteCount: channel.keyCount)
                        key += channel.keyCount
                        switch channel.kind {
                        case .scalar:
                            cursor.append(number: numbers[number])
                            number &+= 1
                        case .array:
                            cursor.append(byte: 0x5B)
                            for component in 0..<channel.width {
                                if component > 0 { cursor.append(byte: 0x2C) }
                                cursor.append(number: numbers[number &+ component])
                            }
                            number &+= channel.width
                            cursor.append(byte: 0x5D)
                        case .path:
                            cursor.append(byte: 0x22)
                            cursor.append(svgPathData: frame.paths[path])
                            cursor.append(byte: 0x22)
                            path &+= 1
                        }
                    }
                    writer = cursor
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

    /// Flushes the output.
    public mutating func finish() throws {
        try output.flush()
    }

    /// An event as a JSON object: its type, what else it carries, and its source.
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

/// A channel as the line loop sees it: its key's length and the shape of its value, in 8 bytes.
private struct ChannelLayout {
    /// How a channel's value is written.
    enum Kind: UInt32 {
        /// One number.
        case scalar
        /// Numbers in brackets (vectors and colours).
        case array
        /// A path's SVG path data, in quotes.
        case path
    }

    /// The length of the channel's key in bytes, comma included.
    private let keyLength: UInt32
    /// The value's kind (low 2 bits) and number of numbers.
    private let shape: UInt32

    /// Describes a channel; its key and width must fit 32 and 30 bits.
    init(keyCount: Int, kind: Kind, width: Int) {
        precondition(width < 1 << 30 && keyCount <= UInt32.max, "a channel too wide or with too long a name")
        keyLength = UInt32(keyCount)
        shape = UInt32(width) << 2 | kind.rawValue
    }

    /// The length of the channel's key in bytes, comma included.
    var keyCount: Int { Int(keyLength) }
    /// How the value is written.
    var kind: Kind {
        switch shape & 3 {
        case Kind.scalar.rawValue: .scalar
        case Kind.array.rawValue: .array
        default: .path
        }
    }
    /// How many numbers it has.
    var width: Int { Int(shape >> 2) }
}
