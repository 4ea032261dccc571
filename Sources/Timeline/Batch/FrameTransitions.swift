/// What a playhead needs to play springs frame by frame at one frame rate, computed once per rate.
///
/// A linear time-invariant segment (a spring) that starts at `t₀` moves its state `s₀`
/// (displacement from the target, velocity) by `s(τ) = exp(G τ) s₀`. Frame `f` of the rate is at
/// `t_f = f × denominator / numerator`. With `f₀` the segment's first frame (the first with
/// `t_f >= t₀`), the displacement at frame `f` is
///
///     x(f) = row₀( exp(G (f - f₀) Δ) ) · exp(G (t_f₀ - t₀)) s₀
///
/// The second factor, the segment's **origin**, is one state per segment: computed here once, in
/// closed form (the bank's transition table). The first is a row of the exact transition over a
/// whole number of frames: one table per spring kind (its ``rows``), from the segment's own
/// ``LinearTimeInvariantSegment/transition(over:)``. Every frame of a segment, whether it is played
/// to or sought, costs one table read and two products, and its bits do not depend on where
/// playback started: there is nothing carried from frame to frame.
///
/// A table holds the frames of its kind's longest segment, at most ``maximumRowsPerKind`` (and
/// ``maximumRows`` for all kinds together); a frame beyond its kind's table is computed in closed
/// form at its time, whether played or sought, so the rule for each frame is still fixed.
struct FrameTransitions {
    /// Where a segment's frames start in ``rows``, and its state at its first frame.
    struct Origin {
        /// ``rows`` index of frame `f` is `rowOffset + f` (`rowOffset` = the kind's first row − `f₀`).
        var rowOffset: Int
        /// The segment's last frame with a row; `Int.min` when it has none (closed form throughout).
        var lastFrame: Int
        /// The displacement and velocity at the segment's first frame.
        var displacement: Double
        var velocity: Double

        static let none = Origin(rowOffset: 0, lastFrame: .min, displacement: 0, velocity: 0)
    }

    /// The most frames tabulated per spring kind (a minute at 60 fps; 32 KB).
    static let maximumRowsPerKind = 4_096
    /// The most rows for all spring kinds of a bank together (16 MB); kinds beyond it play in
    /// closed form.
    static let maximumRows = 1 << 20

    let rate: FrameRate
    /// Per spring kind, its rows from `rows[base]`: row `n` is the first row of `exp(G n Δ)`,
    /// (displacement from displacement, displacement from velocity).
    let rows: [SIMD2<Double>]
    /// Per linear time-invariant segment of the bank (by its code's payload), its origin.
    let origins: [Origin]

    /// No rate yet: no rows, no origins.
    init() {
        rate = .fps60
        rows = [.zero]
        origins = []
    }

    /// Computes the rows and origins of every spring in `bank` at `rate`.
    init(_ bank: BankView, rate: FrameRate) {
        let storage = bank.storage
        let kinds = storage.transitionTables
        // The longest segment of each kind.
        var longest = [Double](repeating: 0, count: kinds.count)
        for k in 1..<Swift.max(storage.keyframeCount, 1) where SegmentCode.kind(bank.codes[k]) == SegmentCode.linearTimeInvariant {
            let table = bank.linearSegments[SegmentCode.payload(bank.codes[k])].table
            longest[table] = Swift.max(longest[table], bank.times[k] - bank.times[k - 1])
        }
        // Rows: the frames of the longest segment and one more (its first frame may fall up to a
        // frame after its start), within the limits.
        let frameSeconds = Double(rate.denominator) / Double(rate.numerator)
        var rows: [SIMD2<Double>] = []
        var bases: [Int] = []
        var counts: [Int] = []
        for (index, kind) in kinds.enumerated() {
            let wanted = (longest[index] / frameSeconds).rounded(.up) + 2
            let room = Swift.max(Self.maximumRows - rows.count, 0)
            let count = wanted.isFinite ? Int(Swift.min(wanted, Double(Swift.min(Self.maximumRowsPerKind, room)))) : 0
            bases.append(rows.count)
            counts.append(count)
            for n in 0..<count {
                let step = kind.segment.transition(over: rate.seconds(ofFrame: n))
                rows.append(SIMD2(step.displacementFromDisplacement, step.displacementFromVelocity))
            }
        }
        // Origins.
        var origins = [Origin](repeating: .none, count: storage.linearSegmentCount)
        for k in 1..<Swift.max(storage.keyframeCount, 1) where SegmentCode.kind(bank.codes[k]) == SegmentCode.linearTimeInvariant {
            let payload = SegmentCode.payload(bank.codes[k])
            let segment = bank.linearSegments[payload]
            let start = bank.times[k - 1]
            guard counts[segment.table] > 0, let first = Self.firstFrame(atOrAfter: start, rate: rate) else { continue }
            let state = bank.propagate(
                rate.seconds(ofFrame: first) - start, displacement: bank.values[k - 1] - bank.values[k],
                velocity: segment.startVelocity, table: segment.table)
            guard state.displacement.isFinite, state.velocity.isFinite else { continue }
            origins[payload] = Origin(
                rowOffset: bases[segment.table] - first, lastFrame: first + counts[segment.table] - 1,
                displacement: state.displacement, velocity: state.velocity)
        }
        self.rate = rate
        self.rows = rows.isEmpty ? [.zero] : rows
        self.origins = origins
    }

    /// The first frame whose time is at or after `time`, or `nil` when frames that far out are not
    /// played (beyond 2⁵⁰ frames, where frame times stop being distinct).
    static func firstFrame(atOrAfter time: Double, rate: FrameRate) -> Int? {
        let estimate = (time * Double(rate.numerator) / Double(rate.denominator)).rounded(.up)
        guard abs(estimate) < 0x1p50 else { return nil }
        var index = Int(estimate)
        while rate.seconds(ofFrame: index - 1) >= time { index -= 1 }
        while rate.seconds(ofFrame: index) < time { index += 1 }
        return index
    }
}
