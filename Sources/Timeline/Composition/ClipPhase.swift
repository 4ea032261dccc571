/// Where a clip's local time lies against its active interval, as in the Web Animations timing
/// model: before it (clamped to the start), in it, or at or after its end (clamped to the end).
@usableFromInline
enum ClipPhase: Sendable {
    case before, active, after

    /// Two times closer than this are the same instant: rounding in sums and products of times
    /// (0.1 + 0.2 against 0.3) is a few units in the last place of the largest operand.
    @inlinable
    static func tolerance(_ a: Double, _ b: Double, _ c: Double) -> Double {
        let magnitude = max(abs(a), abs(b), c.isFinite ? abs(c) : 0)
        return magnitude.isFinite ? 16 * magnitude.ulp : 0
    }

    /// `progress` snapped to the nearest whole number when within 16 units in its last place.
    @inlinable
    static func snapped(_ progress: Double) -> Double {
        let whole = progress.rounded()
        return abs(progress - whole) <= 16 * progress.ulp ? whole : progress
    }

    /// The child's time `time - delay` of a delay, in `0...length`: exactly `length` within the
    /// tolerance of it, so that the end of a delayed clip is its child's end, not a rounding short.
    @inlinable
    static func delayed(_ time: Double, by delay: Double, length: Double) -> Double {
        let local = time - delay
        return local >= length - tolerance(time, delay, length) ? length : max(local, 0)
    }

    /// The child's time `time × factor` of a speed change, in `0...length`, exactly `length`
    /// within the tolerance of it.
    @inlinable
    static func scaled(_ time: Double, by factor: Double, length: Double) -> Double {
        let local = time * factor
        return local >= length - tolerance(local, length, 0) ? length : local
    }

    /// The local time and phase of the child of an autoreverse of a clip of length `length`:
    /// forwards, then backwards; ended playing backwards, at the start with the before flag.
    @usableFromInline
    static func reversal(_ time: Double, _ phase: ClipPhase, length: Double) -> (time: Double, phase: ClipPhase) {
        let progress = length > 0 ? ClipPhase.snapped(time / length) : (phase == .after ? 2 : 0)
        if progress >= 2 { return (0, .before) }
        if progress == 1 { return (length, phase) }
        if progress < 1 { return (min(time, length), phase) }
        return (max(2 * length - time, 0), phase == .after ? .before : .active)
    }

    /// The local time and phase, inside one iteration of length `length`, at time `time` of a
    /// repeat of `count` iterations.
    ///
    /// Iteration boundaries are found from the progress `time / length`, snapped to a whole number
    /// within a few units in the last place, so the end of the active interval is exact (three
    /// repeats of 0.65 s end at 1.95 s, where 0.65 × 3 rounds to 1.9500000000000002). At a boundary
    /// inside the active interval the next iteration starts; at the end, the last iteration ends
    /// (part-way for a fractional count).
    @usableFromInline
    static func iteration(
        _ time: Double, _ phase: ClipPhase, count: Double, length: Double
    ) -> (time: Double, phase: ClipPhase) {
        guard length > 0 else { return (0, phase) }
        let progress = ClipPhase.snapped(time / length)
        if count.isFinite, progress >= count {
            let whole = count.rounded(.down)
            return (count == whole ? length : (count - whole) * length, .after)
        }
        let iteration = progress.rounded(.down)
        if iteration == progress { return (0, phase) }
        return (min(max(time - iteration * length, 0), length), phase)
    }
}
