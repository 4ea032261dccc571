import Timeline
import TimelinePlugins
public import CadenceIO

/// Writes frames as CSV (RFC 4180): a header row, then one row per frame.
///
/// Columns: `frame`, `time`, then one column per number (`name` for scalars, `name[i]` for vector
/// components, `name.r`, `name.g`, `name.b`, `name.a` for colours), one per path (its SVG path
/// data, ``Path/svgPathData``, which never needs quoting), and a last `events` column with the
/// frame's events separated by `; `.
///
/// Text fields (the header's names and the events) are safe to open in a spreadsheet, as OWASP
/// advises against CSV injection: a field that begins with `=`, `+`, `-`, `@`, a tab or a carriage
/// return is written with a `'` in front, quoted (`'=cmd…` reads as text, not as a formula); a NUL
/// is written as U+FFFD. Numbers are written as numbers.
///
/// Without the header (`writesHeader: false`), the rows of slices of one render concatenate to
/// the rows of the whole render: `cadence render --format csv` writes the header only on a slice
/// that starts at frame 0, so slices concatenated are the whole file, byte for byte.
public struct CSVSink<Output: TextOutput>: FrameSink {
    /// Where the rows go.
    public private(set) var output: Output
    /// Whether ``begin(schema:)`` writes the header row.
    public var writesHeader: Bool
    /// The row being written, reused from frame to frame.
    private var line = LineBuffer()

    /// Creates a sink that writes to `output`.
    ///
    /// - Parameters:
    ///   - output: Where the rows go.
    ///   - writesHeader: Whether to write the header row first; `true` by default.
    public init(output: Output, writesHeader: Bool = true) {
        self.output = output
        self.writesHeader = writesHeader
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
        guard writesHeader else { return }
        try output.write(CSVColumns.header(of: schema).map(CSVText.field).joined(separator: ",") + "\n")
    }

    /// Writes one row, built in a reused buffer with the numbers and path data formatted straight
    /// into it.
    public mutating func write(_ frame: borrowing Frame) throws {
        // The row's length at most: the index, the time, a comma and a number per number, a
        // comma per path and its data (never quoted: it has no comma, quote or line break), the
        // events' comma, the events and the line break.
        let schema = frame.schema
        guard frame.numbers.count >= schema.numberCount, frame.paths.count >= schema.pathCount else {
            throw SinkError.unsupportedSchema(
                reason: "frame \(frame.index) has \(frame.numbers.count) numbers and \(frame.paths.count) paths, "
                    + "where its schema has \(schema.numberCount) and \(schema.pathCount)")
        }
        var capacity = 20 + 1 + NumberFormat.maximumLength + schema.numberCount * (1 + NumberFormat.maximumLength)
            + schema.pathCount + 2
        for path in frame.paths { capacity += path.svgPathDataCapacity }
        let events = frame.events.isEmpty ? "" : CSVText.field(frame.events.map(\.description).joined(separator: "; "))
        capacity += events.utf8.count
        let channels = schema.channels
        let count = line.write(capacity: capacity) { writer in
            writer.append(integer: Int64(frame.index))
            writer.append(byte: 0x2C)
            writer.append(number: frame.time)
            frame.numbers.withUnsafeBufferPointer { numbers in
                for channel in channels {
                    if case .path = channel.kind {
                        writer.append(byte: 0x2C)
                        writer.append(svgPathData: frame.paths[channel.offset])
                    } else {
                        for component in 0..<channel.width {
                            writer.append(byte: 0x2C)
                            writer.append(number: numbers[channel.offset + component])
                        }
                    }
                }
            }
            writer.append(byte: 0x2C)
            writer.append(events)
            writer.append(byte: 0x0A)
        }
        try line.withText(count: count) { try output.write(bytes: $0) }
    }

    /// Flushes the output.
    public mutating func finish() throws {
        try output.flush()
    }
}

/// CSV field quoting.
enum CSVText {
    /// A CSV text field: quoted when it contains a comma, quote or line break; prefixed with `'`
    /// and quoted when a spreadsheet would read it as a formula (it begins with `=`, `+`, `-`,
    /// `@`, a tab or a carriage return: OWASP's advice against CSV injection); a NUL written as
    /// U+FFFD.
    static func field(_ text: String) -> String {
        var text = text
        if text.contains("\u{0}") { text = String(text.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }) }
        let formula = text.unicodeScalars.first.map { "=+-@\t\r".unicodeScalars.contains($0) } ?? false
        guard formula || text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        return "\"" + (formula ? "'" : "") + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
