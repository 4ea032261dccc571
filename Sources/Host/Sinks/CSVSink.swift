/// Writes frames as CSV (RFC 4180): a header row, then one row per frame.
///
/// Columns: `frame`, `time`, then one column per number (`name` for scalars, `name[i]` for vector
/// components, `name.r`, `name.g`, `name.b`, `name.a` for colours), one per path (quoted SVG path
/// data), and a last `events` column with the frame's events separated by `; `.
public struct CSVSink<Output: TextOutput>: FrameSink {
    /// Where the rows go.
    public private(set) var output: Output
    /// The row being written, reused from frame to frame.
    private var line: [UInt8] = []

    /// Creates a sink that writes to `output`.
    public init(output: Output) {
        self.output = output
    }

    /// Writes the header row.
    ///
    /// - Throws: ``SinkError/unsupportedSchema(reason:)`` when two channels would have columns of
    ///   the same name (a vector `e` and a scalar `e[0]`), or a channel one of the fixed columns
    ///   `frame`, `time` or `events`: such a header could not be read back unambiguously.
    public mutating func begin(schema: FrameSchema) throws {
        if let clash = CSVColumns.clashes(in: schema).first {
            throw SinkError.unsupportedSchema(
                reason: CSVColumns.message(for: clash, in: schema, noun: "channel") { "channel \($0)" })
        }
        try output.write(CSVColumns.header(of: schema).map(CSVText.field).joined(separator: ",") + "\n")
    }

    /// Writes one row.
    public mutating func write(_ frame: borrowing Frame) throws {
        // The row is built in one reused buffer and written once: numbers are formatted into it.
        line.removeAll(keepingCapacity: true)
        NumberFormat.append(Int64(frame.index), to: &line)
        line.append(0x2C)
        NumberFormat.append(frame.time, to: &line)
        for channel in frame.schema.channels {
            if case .path = channel.kind {
                line.append(0x2C)
                line.append(contentsOf: CSVText.field(frame.paths[channel.offset]).utf8)
            } else {
                for component in 0..<channel.width {
                    line.append(0x2C)
                    NumberFormat.append(frame.numbers[channel.offset + component], to: &line)
                }
            }
        }
        line.append(0x2C)
        if !frame.events.isEmpty {
            line.append(contentsOf: CSVText.field(frame.events.map(\.description).joined(separator: "; ")).utf8)
        }
        line.append(0x0A)
        try line.withUnsafeBytes { try output.write(bytes: $0) }
    }

    /// Flushes the output.
    public mutating func finish() throws {
        try output.flush()
    }
}

/// CSV field quoting.
enum CSVText {
    /// A CSV field, quoted when it contains a comma, quote or line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
