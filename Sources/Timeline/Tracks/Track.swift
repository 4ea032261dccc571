/// A sorted list of keyframes for one value, compiled for evaluation at any time.
///
/// Build a track from keyframes at absolute times or from segment durations; both validate their
/// input and throw a ``TrackError`` that names the offending keyframe.
///
/// ```swift
/// let scale = try Track<Double>(keyframes: [
///     Keyframe(time: 0, value: 0.3),
///     Keyframe(time: 0.5, value: 1.0),
///     Keyframe(time: 1.5, value: 1.2, .cubic),
///     Keyframe(time: 2.0, value: 0.0, .hold),
/// ])
/// scale.value(at: 0.25)    // 0.65
/// scale.velocity(at: 0.25) // 1.4 per second
/// ```
///
/// Before the first keyframe the first value holds; after the last keyframe the last value holds,
/// and the velocity there is zero. A NaN time is treated as a time before the first keyframe.
///
/// - Complexity: ``value(at:)`` and ``velocity(at:)`` are O(log n) in the number of keyframes;
///   playback through a ``TrackCursor`` that moves forward is O(1) amortised.
public struct Track<Value: Animatable>: Sendable {
    /// The compiled keyframes, shared by copies of the track.
    @usableFromInline let storage: TrackStorage<Value>

    /// The keyframes as given, with times made absolute.
    public var keyframes: [Keyframe<Value>] { storage.keyframes }

    @inlinable var times: [Double] { storage.times }
    @inlinable var values: [Value] { storage.values }
    /// One entry per segment: segment `i` runs from keyframe `i` to keyframe `i + 1`.
    @inlinable var kinds: [CompiledSegmentKind] { storage.kinds }
    @inlinable var startVelocities: [Value] { storage.startVelocities }
    @inlinable var endVelocities: [Value] { storage.endVelocities }

    init(
        keyframes: [Keyframe<Value>], times: [Double], values: [Value], kinds: [CompiledSegmentKind],
        startVelocities: [Value], endVelocities: [Value]
    ) {
        storage = TrackStorage.make(
            keyframes: keyframes, times: times, values: values, kinds: kinds,
            startVelocities: startVelocities, endVelocities: endVelocities)
    }

    /// The time of the last keyframe: the track's length from time 0.
    @inlinable
    public var duration: Double { times[times.count - 1] }

    /// The time of the first keyframe.
    @inlinable
    public var startTime: Double { times[0] }

    /// The value at the first keyframe.
    @inlinable
    public var initialValue: Value { values[0] }

    /// The value at the last keyframe.
    @inlinable
    public var finalValue: Value { values[values.count - 1] }

    /// The value at `time` seconds.
    ///
    /// Segments eased by a `Hashable` curve that a ``TimingCurveTable`` follows everywhere (every
    /// cubic Bézier, Penner curve and CSS `linear(...)`) read the curve's verified table, shared by
    /// every track and bank in the process, instead of solving the curve: within the table's
    /// tolerance (1e-9 of the distance moved) of the exact value, and bit for bit what a
    /// ``ScalarTrackBank`` of ``CurvePrecision/tabulated`` precision gives. Other
    /// segments (linear, hold, cubic, springs, steps, closures) are exact.
    /// ``value(at:precision:)`` with ``CurvePrecision/identical`` calls every curve.
    ///
    /// - Complexity: O(log n) in the number of keyframes.
    @inlinable
    public func value(at time: Double) -> Value {
        let index = segmentIndex(containing: time, from: 0)
        return value(at: time, segment: index)
    }

    /// The value at `time` seconds, with curves read from their tables (``value(at:)``) or each
    /// called itself (``CurvePrecision/identical``: what an identical-precision bank
    /// gives, bit for bit).
    ///
    /// - Complexity: O(log n) in the number of keyframes.
    @inlinable
    public func value(at time: Double, precision: CurvePrecision) -> Value {
        let index = segmentIndex(containing: time, from: 0)
        switch precision {
        case .tabulated: return value(at: time, segment: index)
        case .identical: return exactValue(at: time, segment: index)
        }
    }

    /// The value at `time` seconds with CSS's *before flag*: where a step curve jumps exactly at
    /// `time`, the value just before the jump.
    ///
    /// Clips set the flag before a track's active interval (during a delay, or before its start in
    /// a group) and after a track that ended playing backwards, as the Web Animations timing model
    /// does: `steps(4, jump-start)` is already a quarter of the way at its start in the active
    /// interval, but at its start value before it. Without the flag this is ``value(at:)``.
    ///
    /// - Complexity: O(log n) in the number of keyframes.
    @inlinable
    public func value(at time: Double, beforeFlag: Bool) -> Value {
        let index = segmentIndex(containing: time, from: 0)
        guard beforeFlag, index >= 0, index < times.count - 1, case .timing(let function) = kinds[index] else {
            return value(at: time, segment: index)
        }
        let p0 = values[index]
        let u = (time - times[index]) / (times[index + 1] - times[index])
        return p0 + (values[index + 1] - p0).scaled(by: function.value(at: TimingCurve.clamp(u), beforeFlag: true))
    }

    /// The velocity (value units per second) at `time` seconds.
    ///
    /// At a keyframe the velocity of the segment that starts there is reported.
    ///
    /// - Complexity: O(log n) in the number of keyframes.
    @inlinable
    public func velocity(at time: Double) -> Value {
        let index = segmentIndex(containing: time, from: 0)
        return velocity(at: time, segment: index)
    }

    /// The value at `time`, found from the cursor's last segment; the cursor moves to `time`.
    ///
    /// - Complexity: O(1) amortised when successive times increase, O(log n) otherwise.
    @inlinable
    public func value(at time: Double, cursor: inout TrackCursor) -> Value {
        let index = segmentIndex(containing: time, from: cursor.segment)
        cursor.segment = index
        return value(at: time, segment: index)
    }

    /// The velocity at `time`, found from the cursor's last segment; the cursor moves to `time`.
    @inlinable
    public func velocity(at time: Double, cursor: inout TrackCursor) -> Value {
        let index = segmentIndex(containing: time, from: cursor.segment)
        cursor.segment = index
        return velocity(at: time, segment: index)
    }

    /// The value at the end of the segment arriving at keyframe `index` (the value just before that
    /// keyframe's time). For most kinds this is the keyframe's value; an unsettled spring ends
    /// elsewhere, a hold ends at the previous value.
    ///
    /// Keyframe 0 has no arriving segment: it gives its own value. An index out of range is
    /// clamped to the keyframes (below 0: the first keyframe's value; past the last: the value
    /// arriving at the last keyframe).
    public func valueArriving(atKeyframe index: Int) -> Value {
        let index = min(index, values.count - 1)
        guard index > 0 else { return values[0] }
        return evaluateValue(segment: index - 1, local: times[index] - times[index - 1])
    }
}

/// A track's playback position: remembers the segment last evaluated so that forward playback
/// finds the next segment in O(1).
public struct TrackCursor: Sendable, Hashable {
    @usableFromInline var segment: Int

    /// A cursor at the start of a track.
    public init() { segment = 0 }
}
