/// A frame rate as an exact ratio of frames per second, such as 60, 120 or NTSC's 30000/1001.
///
/// Frame `i` is at time `i × denominator / numerator` seconds, computed from the index each time
/// (never by adding frame durations), so a clock driven frame by frame does not drift.
public struct FrameRate: Sendable, Hashable, CustomStringConvertible {
    /// Frames per `denominator` seconds.
    public let numerator: Int
    /// Seconds per `numerator` frames.
    public let denominator: Int

    /// A whole number of frames per second.
    ///
    /// - Parameter framesPerSecond: Greater than 0.
    public init?(_ framesPerSecond: Int) {
        self.init(framesPerSecond, per: 1)
    }

    /// A ratio of frames per seconds, such as `FrameRate(30000, per: 1001)` for 29.97 fps.
    ///
    /// - Returns: `nil` unless both numbers are greater than 0.
    public init?(_ frames: Int, per seconds: Int) {
        guard frames > 0, seconds > 0 else { return nil }
        numerator = frames
        denominator = seconds
    }

    /// A frame rate from a number of frames per second such as `59.94`, `60` or `23.976`.
    ///
    /// Whole rates are exact; others are matched to the nearest NTSC-style ratio `n × 1000 / 1001`
    /// when within 0.001, and otherwise to thousandths of a frame per second.
    ///
    /// - Returns: `nil` for NaN, infinite, zero or negative rates, and rates above 100,000 fps.
    public init?(framesPerSecond: Double) {
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= 100_000 else {
            return nil
        }
        let whole = framesPerSecond.rounded()
        if abs(framesPerSecond - whole) < 1e-9 {
            self.init(Int(whole), per: 1)
            return
        }
        let ntsc = (framesPerSecond * 1001 / 1000).rounded()
        if abs(ntsc * 1000 / 1001 - framesPerSecond) < 1e-3 {
            self.init(Int(ntsc) * 1000, per: 1001)
            return
        }
        self.init(Int((framesPerSecond * 1000).rounded()), per: 1000)
    }

    /// 24 frames per second: film.
    public static let fps24 = FrameRate(24)!
    /// 24,000 / 1,001 frames per second (23.976): film on NTSC video.
    public static let fps23_976 = FrameRate(24_000, per: 1_001)!
    /// 25 frames per second: PAL video.
    public static let fps25 = FrameRate(25)!
    /// 30 frames per second.
    public static let fps30 = FrameRate(30)!
    /// 30,000 / 1,001 frames per second (29.97): NTSC video.
    public static let fps29_97 = FrameRate(30_000, per: 1_001)!
    /// 48 frames per second.
    public static let fps48 = FrameRate(48)!
    /// 50 frames per second.
    public static let fps50 = FrameRate(50)!
    /// 60 frames per second: most displays.
    public static let fps60 = FrameRate(60)!
    /// 90 frames per second: many headsets.
    public static let fps90 = FrameRate(90)!
    /// 120 frames per second: ProMotion displays.
    public static let fps120 = FrameRate(120)!
    /// 144 frames per second.
    public static let fps144 = FrameRate(144)!
    /// 240 frames per second.
    public static let fps240 = FrameRate(240)!

    /// The rate as a number of frames per second.
    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// The exact time of frame `index`, truncated to the attosecond (towards zero for a negative
    /// index).
    ///
    /// Times past `Int64.max` seconds (about 292 billion years, reachable only with a huge
    /// denominator) saturate at ``ManualClock/maximumTime`` (or its negative).
    public func time(ofFrame index: Int) -> Duration {
        // `index × denominator / numerator` seconds, truncated to the attosecond, in machine words:
        // whole seconds, then the remainder's attoseconds by one wide division. This is the value
        // of `.seconds(index) * denominator / numerator`, whose generic 128-bit arithmetic costs
        // more than the rest of a clock's tick (and traps where it overflows).
        let (product, overflow) = index.multipliedReportingOverflow(by: denominator)
        guard index >= 0, !overflow else { return Self.wideTime(ofFrame: index, denominator: denominator, numerator: numerator) }
        let seconds = product / numerator
        let remainder = UInt64(product % numerator)
        let attoseconds = UInt64(numerator).dividingFullWidth(remainder.multipliedFullWidth(by: Self.attosecondsPerSecond))
        return Duration(secondsComponent: Int64(seconds), attosecondsComponent: Int64(attoseconds.quotient))
    }

    /// ``time(ofFrame:)`` for a negative index or a product that overflows a word: the product in
    /// two words, divided in one wide division, saturated where the seconds overflow `Int64`.
    private static func wideTime(ofFrame index: Int, denominator: Int, numerator: Int) -> Duration {
        let product = UInt64(index.magnitude).multipliedFullWidth(by: UInt64(denominator))
        let divisor = UInt64(numerator)
        let sign: Int64 = index < 0 ? -1 : 1
        guard product.high < divisor else { return ManualClock.maximumTime * sign }
        let (seconds, remainder) = divisor.dividingFullWidth(product)
        guard seconds <= UInt64(Int64.max) else { return ManualClock.maximumTime * sign }
        let attoseconds = divisor.dividingFullWidth(remainder.multipliedFullWidth(by: attosecondsPerSecond)).quotient
        return Duration(secondsComponent: Int64(seconds) * sign, attosecondsComponent: Int64(attoseconds) * sign)
    }

    private static let attosecondsPerSecond: UInt64 = 1_000_000_000_000_000_000

    /// The time of frame `index` in seconds, `index × denominator / numerator` rounded once.
    public func seconds(ofFrame index: Int) -> Double {
        Double(index) * Double(denominator) / Double(numerator)
    }

    /// The most frames Cadence renders in one run: 2^31 − 1 (over a year at 60 fps).
    public static let maximumFrameCount = Int(Int32.max)

    /// The number of frames that covers `seconds`, `ceil(seconds × rate)`, or `nil` when that is
    /// more than ``maximumFrameCount`` (or `seconds` is NaN).
    public func frameCount(covering seconds: Double) -> Int? {
        let frames = (max(seconds, 0) * Double(numerator) / Double(denominator) - 1e-9).rounded(.up)
        guard frames.isFinite || frames.isNaN == false, frames <= Double(Self.maximumFrameCount) else { return nil }
        return max(Int(frames), 0)
    }

    /// `60 fps` or `30000/1001 fps`.
    public var description: String {
        denominator == 1 ? "\(numerator) fps" : "\(numerator)/\(denominator) fps"
    }
}

extension Duration {
    /// The duration in seconds as a `Double`.
    @inlinable
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// A duration from a number of seconds, rounded to the nearest attosecond.
    ///
    /// - Returns: `nil` for NaN or infinite values.
    public static func exactly(seconds: Double) -> Duration? {
        guard seconds.isFinite, abs(seconds) < 9e18 else { return nil }
        return .seconds(seconds)
    }
}
