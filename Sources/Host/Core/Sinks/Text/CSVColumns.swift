import Timeline
import TimelinePlugins

/// The CSV header of a frame schema, and the channel names that would make it ambiguous.
///
/// Columns: `frame`, `time`, one per number (`name` for a scalar, `name[i]` for a vector's
/// components, `name.r`, `name.g`, `name.b`, `name.a` for a colour), one per path (`name`), and
/// `events`. Two channels whose columns share a name (a vector `e` and a scalar `e[0]`, a colour
/// `c` and a scalar `c.r`, or a channel called `time`) would give a header in which a column
/// cannot be told from another, so documents reject such names and ``CSVSink`` refuses such a
/// schema.
enum CSVColumns {
    /// The columns every CSV has, whatever the channels.
    static let fixed = ["frame", "time", "events"]

    /// The columns of one channel, in order.
    static package func names(of channel: FrameSchema.Channel) -> [String] {
        switch channel.kind {
        case .scalar, .path: [channel.name]
        case .vector(let count): (0..<count).map { "\(channel.name)[\($0)]" }
        case .color: ["r", "g", "b", "a"].map { "\(channel.name).\($0)" }
        }
    }

    /// The whole header: `frame`, `time`, the channels' columns, `events`.
    static func header(of schema: FrameSchema) -> [String] {
        ["frame", "time"] + schema.channels.flatMap(names(of:)) + ["events"]
    }

    /// A column name that two channels (or a channel and a fixed column) share.
    struct Clash: Hashable {
        /// The channel, by index, whose column repeats an earlier name.
        var channel: Int
        /// The earlier channel with that column, or `nil` for a fixed column.
        var earlier: Int?
        /// The shared column name.
        var column: String
    }

    /// Every channel whose columns repeat a name already taken, at most one clash per channel.
    ///
    /// - Complexity: O(*n*) in the number of columns.
    static func clashes(in schema: FrameSchema) -> [Clash] {
        var owner: [String: Int] = [:]
        var clashes: [Clash] = []
        for (index, channel) in schema.channels.enumerated() {
            var clash: Clash?
            for column in names(of: channel) {
                if clash == nil, fixed.contains(column) {
                    clash = Clash(channel: index, earlier: nil, column: column)
                } else if clash == nil, let earlier = owner[column] {
                    clash = Clash(channel: index, earlier: earlier, column: column)
                }
                if owner[column] == nil { owner[column] = index }
            }
            if let clash { clashes.append(clash) }
        }
        return clashes
    }

    /// A sentence for a clash: which channels share which column, and what to do.
    ///
    /// - Parameters:
    ///   - noun: What a channel is called: "track" in a document, "channel" otherwise.
    ///   - channelPath: Where a channel is defined, for the earlier one of the two.
    static func message(
        for clash: Clash, in schema: FrameSchema, noun: String = "track", channelPath: (Int) -> String
    ) -> String {
        let name = InputExcerpt.excerpt(schema.channels[clash.channel].name)
        let column = InputExcerpt.excerpt(clash.column)
        guard let earlier = clash.earlier else {
            return "\(noun) \"\(name)\" would have the CSV column \"\(column)\", which every CSV has already; rename the \(noun)"
        }
        let other = InputExcerpt.excerpt(schema.channels[earlier].name)
        return "\(noun) \"\(name)\" and \(noun) \"\(other)\" (\(channelPath(earlier))) would both have the CSV column \"\(column)\"; rename one of them"
    }
}
