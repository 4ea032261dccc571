import Timeline
import TimelinePlugins
import CadenceIO

/// How a render differs from its golden: the first differing frame in detail, the other differing
/// frames by index, and the events.
public struct GoldenMismatch: Error, Sendable, Hashable, CustomStringConvertible {
    /// A channel whose value changed in the first differing frame.
    public struct ChannelChange: Sendable, Hashable {
        /// The channel's name.
        public var name: String
        /// The golden's value, as JSON Lines prints it (`absent` when the golden has no such channel).
        public var expected: String
        /// This render's value (`absent` when the render has no such channel).
        public var actual: String
        /// `actual - expected`, for numbers (the largest component's, for vectors and colours).
        public var difference: Double?
        /// How many representable doubles apart the two numbers are (the largest component's).
        public var ulps: UInt64?
    }

    /// A channel over every kept frame whose values differ: in how many it changed, and its
    /// largest change (the frame, and the values before and after).
    public struct ChannelSummary: Sendable, Hashable {
        /// The channel's name.
        public var name: String
        /// The kept frames in which it changed.
        public var frameCount: Int
        /// The frame of its largest change (its first change when no change is a number).
        public var frame: Int
        /// The golden's value there, as JSON Lines prints it.
        public var expected: String
        /// This render's value there.
        public var actual: String
        /// `actual - expected` there, for numbers (the largest component's).
        public var difference: Double?
    }

    /// How the first differing picture differs.
    public struct PictureChange: Sendable, Hashable {
        /// The frame.
        public var frame: Int
        /// The golden's picture size.
        public var expectedSize: (width: Int, height: Int) { (expectedWidth, expectedHeight) }
        /// This render's picture size.
        public var actualSize: (width: Int, height: Int) { (actualWidth, actualHeight) }
        var expectedWidth: Int, expectedHeight: Int, actualWidth: Int, actualHeight: Int
        /// The number of pixels whose premultiplied RGBA differ (`nil` when the golden's picture
        /// could not be drawn again, or the sizes differ).
        public var differingPixels: Int?
        /// The smallest rectangle holding them: columns and rows, in pixels.
        public var columns: ClosedRange<Int>?
        /// The rows of that rectangle.
        public var rows: ClosedRange<Int>?
        /// The largest difference of one channel of one pixel, 1 to 255.
        public var largestChannelDifference: Int?
        /// When this build draws the golden's values into this very picture: the drawing changed
        /// (rasteriser, scene), not the values, and the golden's pixels are known only by their hash.
        public var drawingChanged: Bool
    }

    /// The golden file.
    public var file: String
    /// What was rendered.
    public var subject: String
    /// Settings that differ (frames, frame rate, sampling, channels); when any do, frames are not
    /// compared.
    public var settings: [String] = []
    /// The kept frames that differ (values, time or picture), in order.
    public var frames: [Int] = []
    /// The time of the first differing frame.
    public var firstTime: String?
    /// The channels that changed in the first frame whose values differ.
    public var channels: [ChannelChange] = []
    /// The frame ``channels`` describes.
    public var channelsFrame: Int?
    /// Every changed channel over the kept frames whose values differ, in the order they first
    /// changed.
    public var channelSummary: [ChannelSummary] = []
    /// The first differing picture.
    public var picture: PictureChange?
    /// Differences of the events, first first.
    public var events: [String] = []
    /// The images written for the first differing picture: expected, actual, difference.
    public var artifacts: [String] = []
    /// Whether the golden was recorded again with this render (record mode `failed`).
    public var rerecorded = false

    /// The first differing frame, if a frame differs.
    public var firstFrame: Int? { frames.first }

    /// The report, a line per finding.
    public var description: String {
        var lines = ["golden \(file) does not match \(subject)\(rerecorded ? " (recorded again: review and commit the new golden)" : "")"]
        for setting in settings { lines.append("  settings: \(setting)") }
        if let first = frames.first {
            let listed = frames.prefix(12).map(String.init).joined(separator: ", ") + (frames.count > 12 ? ", …" : "")
            lines.append("  frame \(first)\(firstTime.map { " (time \($0) s)" } ?? "") is the first that differs; "
                + "\(frames.count) kept frame\(frames.count == 1 ? "" : "s") differ: \(listed)")
        }
        if let frame = channelsFrame, !channels.isEmpty {
            let shown = channels.prefix(8).map { change in
                var text = "\(change.name) \(change.expected) → \(change.actual)"
                if let difference = change.difference {
                    text += " (\(difference >= 0 ? "+" : "")\(NumberFormat.string(difference))"
                    // Units in the last place tell rounding apart from a change; past a thousand
                    // they say nothing the difference does not.
                    if let ulps = change.ulps, ulps <= 1_000 { text += ", \(ulps) ulp\(ulps == 1 ? "" : "s")" }
                    text += ")"
                }
                return text
            }
            lines.append("  values of frame \(frame): \(channels.count) channel\(channels.count == 1 ? "" : "s") changed: "
                + shown.joined(separator: "; ") + (channels.count > 8 ? "; …" : ""))
        }
        if channelSummary.count > 0, frames.count > 1 {
            let shown = channelSummary.prefix(8).map { summary in
                var text = "\(summary.name) in \(summary.frameCount) frame\(summary.frameCount == 1 ? "" : "s"), largest at frame \(summary.frame): "
                    + "\(summary.expected) → \(summary.actual)"
                if let difference = summary.difference { text += " (\(difference >= 0 ? "+" : "")\(NumberFormat.string(difference)))" }
                return text
            }
            lines.append("  over the kept frames: " + shown.joined(separator: "; ") + (channelSummary.count > 8 ? "; …" : ""))
        }
        if let picture {
            var text = "  pixels of frame \(picture.frame): "
            if picture.expectedSize != picture.actualSize {
                text += "the size changed from \(picture.expectedWidth)x\(picture.expectedHeight) to \(picture.actualWidth)x\(picture.actualHeight)"
            } else if picture.drawingChanged {
                text += "the values are the golden's but the picture is not: the drawing changed (rasteriser or scene); "
                    + "the golden keeps only the pixels' hash, so the old picture cannot be shown"
            } else if let count = picture.differingPixels, let columns = picture.columns, let rows = picture.rows,
                      let largest = picture.largestChannelDifference {
                text += "\(count) of \(picture.actualWidth * picture.actualHeight) differ, in columns \(columns.lowerBound)...\(columns.upperBound), "
                    + "rows \(rows.lowerBound)...\(rows.upperBound); the largest channel difference is \(largest)"
            } else {
                text += "the hash differs (the golden's picture could not be drawn again from its values)"
            }
            lines.append(text)
        }
        for event in events.prefix(8) { lines.append("  events: \(event)") }
        if events.count > 8 { lines.append("  events: and \(events.count - 8) more differences") }
        if !artifacts.isEmpty { lines.append("  images: " + artifacts.joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }

    /// Whether anything differs.
    var isEmpty: Bool { settings.isEmpty && frames.isEmpty && events.isEmpty }

    /// Two mismatches are equal when their reports are.
    public static func == (lhs: GoldenMismatch, rhs: GoldenMismatch) -> Bool { lhs.description == rhs.description }
    /// Hashes the report.
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

extension GoldenMismatch.PictureChange {
    /// Equal when every field is.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.frame == rhs.frame && lhs.expectedWidth == rhs.expectedWidth && lhs.expectedHeight == rhs.expectedHeight
            && lhs.actualWidth == rhs.actualWidth && lhs.actualHeight == rhs.actualHeight
            && lhs.differingPixels == rhs.differingPixels && lhs.columns == rhs.columns && lhs.rows == rhs.rows
            && lhs.largestChannelDifference == rhs.largestChannelDifference && lhs.drawingChanged == rhs.drawingChanged
    }

    /// Hashes the frame and the count.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(frame)
        hasher.combine(differingPixels)
    }
}
