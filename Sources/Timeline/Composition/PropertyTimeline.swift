/// Several tracks over the properties of one value, played on one clock: Cadence's counterpart of
/// SwiftUI's `KeyframeTimeline`.
///
/// ```swift
/// struct Card { var scale = 1.0; var offset = Point.zero }
/// let timeline = PropertyTimeline(initialValue: Card(), clips: [
///     Clip(try Track(startingAt: 1.0, segments: [TrackSegment(to: 1.2, duration: 0.3)]), \.scale),
///     Clip(try Track(startingAt: .zero, segments: [TrackSegment(to: Point(x: 0, y: 40), duration: 0.6)]), \.offset),
/// ])
/// timeline.duration               // 0.6
/// timeline.value(time: 0.15)      // scale 1.1, offset (0, 10)
/// timeline.value(progress: 0.5)   // the same as value(time: 0.3)
/// ```
public struct PropertyTimeline<Root: Sendable>: Sendable {
    /// The value the tracks start from; properties no track sets keep their initial values.
    public var initialValue: Root

    /// The clip that plays every track.
    public let clip: Clip<Root>

    /// Creates a timeline whose clips play together from time 0.
    ///
    /// - Parameters:
    ///   - initialValue: The value whose properties the clips animate.
    ///   - clips: Clips over properties of `Root`, usually one ``Clip/init(_:_:)`` per track.
    public init(initialValue: Root, clips: [Clip<Root>]) {
        self.initialValue = initialValue
        self.clip = .group(clips)
    }

    /// Creates a timeline that plays one clip.
    public init(initialValue: Root, clip: Clip<Root>) {
        self.initialValue = initialValue
        self.clip = clip
    }

    /// The time at which the last track ends.
    public var duration: Double { clip.duration }

    /// The value at `time` seconds, clamped to `0...duration`.
    public func value(time: Double) -> Root {
        clip.value(at: time, from: initialValue)
    }

    /// The value at a fraction of the duration (`0` is the start, `1` the end), clamped to `0...1`.
    public func value(progress: Double) -> Root {
        let fraction = progress.isNaN ? 0 : min(max(progress, 0), 1)
        return value(time: fraction * duration)
    }
}
