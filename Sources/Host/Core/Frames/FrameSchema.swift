import Timeline
import TimelinePlugins

/// What a frame's values are: the named channels and where each one's numbers live.
///
/// Frames carry their values as one flat buffer of `Double`s (and one of path strings), laid out
/// by the schema, so a scene of a million tracks is one buffer per frame, not a million values.
public struct FrameSchema: Sendable, Hashable {
    /// One named value of a frame.
    public struct Channel: Sendable, Hashable {
        /// The channel's name, such as `card.scale`.
        public let name: String
        /// What kind of value it holds.
        public let kind: Kind
        /// Where its numbers start in ``Frame/numbers`` (or its index in ``Frame/paths``).
        public let offset: Int

        /// The number of `Double`s the channel occupies (0 for paths).
        public var width: Int {
            switch kind {
            case .scalar: 1
            case .vector(let count): count
            case .color: 4
            case .path: 0
            }
        }
    }

    /// The kinds of channel values.
    public enum Kind: Sendable, Hashable {
        /// One number.
        case scalar
        /// A fixed number of numbers.
        case vector(Int)
        /// Straight (not premultiplied) sRGB red, green, blue and alpha in `0...1`.
        case color
        /// A ``Path`` (one entry of ``Frame/paths``; text sinks print it as SVG path data).
        case path
    }

    /// The channels, in order.
    public let channels: [Channel]
    /// The number of `Double`s in a frame.
    public let numberCount: Int
    /// The number of path strings in a frame.
    public let pathCount: Int
    /// Each channel's position in ``channels``, by name (the first, if a name repeats).
    private let positions: [String: Int]

    /// Lays out channels in the order given.
    ///
    /// - Parameter channels: Names and kinds; names should be unique, and a vector's count is 0
    ///   or more (a negative count is a programming error and stops the program: sinks write the
    ///   numbers a schema lays out without checking each one).
    public init(_ channels: [(name: String, kind: Kind)]) {
        var laidOut: [Channel] = []
        var numbers = 0
        var paths = 0
        for (name, kind) in channels {
            if case .vector(let count) = kind {
                precondition(count >= 0, "frame schema: channel '\(name)' is a vector of \(count) numbers; a count is 0 or more")
            }
            if case .path = kind {
                laidOut.append(Channel(name: name, kind: kind, offset: paths))
                paths += 1
            } else {
                let channel = Channel(name: name, kind: kind, offset: numbers)
                laidOut.append(channel)
                numbers += channel.width
            }
        }
        self.channels = laidOut
        numberCount = numbers
        pathCount = paths
        positions = Dictionary(laidOut.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The channel with a name, if any (the first, if a name repeats).
    ///
    /// - Complexity: O(1) on average: a scene of *n* layers binds its channels in O(*n*).
    public func channel(named name: String) -> Channel? {
        positions[name].map { channels[$0] }
    }
}
