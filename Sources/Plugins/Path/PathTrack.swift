public import Timeline

/// Key-framed paths: a ``PathMorph`` between each pair of neighbouring keyframes, prepared when
/// the track is built, eased by the arriving keyframe's ``TimingCurve``.
///
/// ```swift
/// let track = try PathTrack(keyframes: [
///     PathKeyframe(time: 0, path: try .rectangle(Rect(x: 0, y: 0, width: 10, height: 10))),
///     PathKeyframe(time: 1, path: try .circle(center: Point(x: 5, y: 5), radius: 5)),
/// ])
/// var frame = track.makeBuffer()
/// track.evaluate(at: 0.5, into: &frame)
/// ```
///
/// Before the first keyframe the first path holds; at and after the last keyframe the last path
/// holds; a NaN time counts as before the first keyframe (as ``Track`` does). At a keyframe's
/// time the result is that keyframe's path exactly, unless the curve of the segment starting there
/// starts away from 0 (`steps(n, jump-start)` in the active interval, a `linear(...)` that starts
/// elsewhere). A curve that overshoots extrapolates the
/// morph (see ``PathMorph``).
public struct PathTrack: Sendable {
    /// The keyframes as given.
    public let keyframes: [PathKeyframe]
    /// `morphs[i]` runs from keyframe `i` to keyframe `i + 1`.
    public let morphs: [PathMorph]
    private let times: [Double]

    /// Builds a track and prepares the morph of every segment.
    ///
    /// - Parameter keyframes: At least one keyframe; times finite, not negative and strictly
    ///   increasing. (Paths are always finite: ``Path`` cannot hold NaN.)
    /// - Throws: ``TrackError`` naming the first offending keyframe (`.empty`,
    ///   `.nonFiniteTime`, `.negativeTime`, `.timeNotIncreasing`).
    /// - Complexity: the sum of the ``PathMorph/init(from:to:)`` costs.
    public init(keyframes: [PathKeyframe]) throws(TrackError) {
        guard !keyframes.isEmpty else { throw .empty }
        for (index, keyframe) in keyframes.enumerated() {
            try TrackError.checkKeyframeTime(
                keyframe.time, keyframe: index, previous: index > 0 ? keyframes[index - 1].time : nil)
        }
        self.keyframes = keyframes
        times = keyframes.map(\.time)
        morphs = zip(keyframes, keyframes.dropFirst()).map {
            PathMorph(from: $0.path, to: $1.path)
        }
    }

    /// The time of the last keyframe.
    public var duration: Double { times[times.count - 1] }

    /// The path at `time` seconds.
    ///
    /// - Complexity: O(log k) to find the segment plus O(n) in the segment's points.
    public func value(at time: Double) -> Path {
        value(at: time, beforeFlag: false)
    }

    /// The path at `time` seconds with CSS's *before flag*: where a step curve jumps exactly at
    /// `time`, the path just before the jump (see ``Track/value(at:beforeFlag:)``).
    public func value(at time: Double, beforeFlag: Bool) -> Path {
        switch locate(time, beforeFlag: beforeFlag) {
        case .keyframe(let index): keyframes[index].path
        case .segment(let index, let progress): morphs[index].path(at: progress)
        }
    }

    /// Writes the path at `time` seconds into `path`, reusing its storage (see
    /// ``PathMorph/evaluate(at:into:)``; no allocation once the buffer is large enough).
    public func evaluate(at time: Double, into path: inout Path) {
        evaluate(at: time, beforeFlag: false, into: &path)
    }

    /// Writes the path at `time` seconds with CSS's *before flag* (see
    /// ``value(at:beforeFlag:)``) into `path`, reusing its storage: what a document's path
    /// channel does each frame, allocating nothing once the channel's buffer is large enough.
    public func evaluate(at time: Double, beforeFlag: Bool, into path: inout Path) {
        switch locate(time, beforeFlag: beforeFlag) {
        case .keyframe(let index): path.overwrite(with: keyframes[index].path)
        case .segment(let index, let progress): morphs[index].evaluate(at: progress, into: &path)
        }
    }

    /// An empty path with room for every frame of the track.
    public func makeBuffer() -> Path {
        var buffer = Path()
        var capacity = keyframes.map(\.path.points.count).max() ?? 0
        for morph in morphs { capacity = max(capacity, morph.fromPoints.count) }
        buffer.points.reserveCapacity(capacity)
        return buffer
    }

    private enum Location {
        case keyframe(Int)
        case segment(Int, progress: Double)
    }

    private func locate(_ time: Double, beforeFlag: Bool) -> Location {
        let last = times.count - 1
        guard time >= times[0] else { return .keyframe(0) }  // NaN too
        guard time < times[last] else { return .keyframe(last) }
        var low = 0
        var high = last
        while high - low > 1 {
            let middle = (low + high) / 2
            if times[middle] <= time { low = middle } else { high = middle }
        }
        let u = (time - times[low]) / (times[low + 1] - times[low])
        let progress = keyframes[low + 1].curve.value(at: u, beforeFlag: beforeFlag)
        // At a keyframe's time its path exactly, unless the curve starts elsewhere (a jump).
        if time == times[low], abs(progress) < 1e-9 { return .keyframe(low) }
        return .segment(low, progress: progress)
    }
}
