/// Why a track could not be built. Every case names the keyframe it is about.
///
/// Keyframe indices count from 0 in the order the keyframes (or segments, where the segment at
/// index `i` arrives at keyframe `i + 1`) were given.
public enum TrackError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The track has no keyframes.
    case empty
    /// A keyframe's time is NaN or infinite.
    case nonFiniteTime(keyframe: Int)
    /// A keyframe's time is negative.
    case negativeTime(keyframe: Int, time: Double)
    /// A keyframe's time is not greater than the previous keyframe's time.
    case timeNotIncreasing(keyframe: Int, time: Double, previous: Double)
    /// A segment's duration is NaN, infinite, zero or negative.
    case invalidDuration(keyframe: Int, duration: Double)
    /// A segment gives no duration and its kind has no natural duration.
    case missingDuration(keyframe: Int)
    /// A keyframe's value has a NaN or infinite component.
    case nonFiniteValue(keyframe: Int)
    /// An explicit velocity has a NaN or infinite component.
    case nonFiniteVelocity(keyframe: Int)
    /// A plugin segment produced NaN or infinite weights.
    case invalidSegment(keyframe: Int, kind: String)
    /// The segment arriving at the keyframe changes too fast for a `Double`: its values are too
    /// far apart or its times too close, so its velocity overflows.
    case segmentOutOfRange(keyframe: Int)

    /// The index of the keyframe the error is about, if any.
    public var keyframe: Int? {
        switch self {
        case .empty: nil
        case .nonFiniteTime(let k), .negativeTime(let k, _), .timeNotIncreasing(let k, _, _),
            .invalidDuration(let k, _), .missingDuration(let k), .nonFiniteValue(let k),
            .nonFiniteVelocity(let k), .invalidSegment(let k, _), .segmentOutOfRange(let k):
            k
        }
    }

    /// A sentence that says what is wrong and where.
    public var description: String {
        switch self {
        case .empty:
            "a track needs at least one keyframe"
        case .nonFiniteTime(let k):
            "keyframe \(k): time must be a finite number"
        case .negativeTime(let k, let time):
            "keyframe \(k): time \(time) is negative"
        case .timeNotIncreasing(let k, let time, let previous):
            "keyframe \(k): time \(time) must be greater than the previous keyframe's time \(previous)"
        case .invalidDuration(let k, let duration):
            "keyframe \(k): duration \(duration) must be a finite number greater than 0"
        case .missingDuration(let k):
            "keyframe \(k): the segment needs a duration"
        case .nonFiniteValue(let k):
            "keyframe \(k): value must be finite (no NaN or infinity)"
        case .nonFiniteVelocity(let k):
            "keyframe \(k): velocity must be finite (no NaN or infinity)"
        case .invalidSegment(let k, let kind):
            "keyframe \(k): segment kind '\(kind)' produced a non-finite value"
        case .segmentOutOfRange(let k):
            "keyframe \(k): the segment arriving here changes too fast to represent (values too far apart or times too close)"
        }
    }
}

extension TrackError {
    /// Checks one keyframe's time, as every track of Cadence's checks its keyframes (a track of
    /// your own type can too): finite, not negative, and later than the keyframe before it.
    ///
    /// - Parameters:
    ///   - time: The keyframe's time in seconds.
    ///   - keyframe: The keyframe's index, which the error names.
    ///   - previous: The time of the keyframe before it, or `nil` for the first.
    /// - Throws: ``nonFiniteTime(keyframe:)``, ``negativeTime(keyframe:time:)`` or
    ///   ``timeNotIncreasing(keyframe:time:previous:)``, in that order of precedence.
    public static func checkKeyframeTime(_ time: Double, keyframe: Int, previous: Double?) throws(TrackError) {
        guard time.isFinite else { throw .nonFiniteTime(keyframe: keyframe) }
        guard time >= 0 else { throw .negativeTime(keyframe: keyframe, time: time) }
        if let previous, !(time > previous) {
            throw .timeNotIncreasing(keyframe: keyframe, time: time, previous: previous)
        }
    }
}
