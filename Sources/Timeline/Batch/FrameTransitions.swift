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
/// A kind's table holds the frames of its longest segment, at most ``maximumRowsPerKind`` (and
/// ``maximumRows`` for all kinds together). A segment with more frames than its kind's table is
/// computed in closed form at each frame's time, whether played or sought, so the rule for each
/// frame is fixed.
///
/// Codes and origins are kept per segment, in track order: the segment from global keyframe `g`
/// of track `i` is number `g - i` (every track before it has one segment fewer than keyframes).
/// A seek finds the index as soon as it has found the segment, without reading anything else
/// first: 20 bytes per segment of a bank that has springs, none otherwise.
struct FrameTransitions {
    /// The most frames tabulated per spring kind (68 s at 60 fps; 64 KB).
    static let maximumRowsPerKind = 4_096
    /// The most rows for all spring kinds of a bank together (16 MB); kinds beyond it play in
    /// closed form.
    static let maximumRows = 1 << 20

    /// The rate the rows and origins are for; `nil` before any frame playback.
    let rate: FrameRate?
    /// Per spring kind, its rows from the kind's first: row `n` is the first row of `exp(G n Δ)`,
    /// (displacement from displacement, displacement from velocity).
    let rows: [SIMD2<Double>]
    /// Per segment (see above), its playhead code: for a linear time-invariant segment a
    /// ``SteppedCode`` whose row for frame `f` is `rowOffset + f`, or its bank code when its frames
    /// are computed in closed form; any other segment's bank code. Two zeros of padding after
    /// the last segment (and nothing else in a bank without springs).
    let codes: [UInt32]
    /// Per segment, the displacement and velocity at the first frame of a stepped segment (zero
    /// for others), with the same padding as ``codes``.
    let origins: [SIMD2<Double>]

    /// No rate yet: no rows, codes or origins (one zero each).
    init() {
        rate = nil
        rows = [.zero]
        codes = [0, 0]
        origins = [.zero, .zero]
    }

    /// What a kernel that plays by time points at for its rows, codes and origins, which it never
    /// reads (a spring is in closed form without a rate): zeros, allocated once for the process.
    nonisolated(unsafe) static let timePlayback: (
        rows: UnsafePointer<SIMD2<Double>>, codes: UnsafePointer<UInt32>, origins: UnsafePointer<SIMD2<Double>>
    ) = {
        let rows = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: 2)
        rows.initialize(repeating: .zero, count: 2)
        let codes = UnsafeMutablePointer<UInt32>.allocate(capacity: 2)
        codes.initialize(repeating: 0, count: 2)
        let origins = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: 2)
        origins.initialize(repeating: .zero, count: 2)
        return (UnsafePointer(rows), UnsafePointer(codes), UnsafePointer(origins))
    }()

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
        // Codes and origins, per segment.
        let segmentCount = storage.linearSegmentCount > 0 ? storage.keyframeCount - storage.trackCount : 0
        // Two entries of padding: a playhead may look one segment past a track's last.
        var codes = [UInt32](repeating: 0, count: segmentCount + 2)
        var origins = [SIMD2<Double>](repeating: .zero, count: segmentCount + 2)
        for track in 0..<(segmentCount > 0 ? storage.trackCount : 0) {
            let (first, end) = bank.keyframes(ofTrack: track)
            for k in (first + 1)..<Swift.max(end, first + 1) {
                let index = k - 1 - track
                codes[index] = bank.codes[k]
                guard SegmentCode.kind(bank.codes[k]) == SegmentCode.linearTimeInvariant else { continue }
                let segment = bank.linearSegments[SegmentCode.payload(bank.codes[k])]
                let start = bank.times[k - 1]
                // The frames with start <= t_f < end: firstFrame ..< pastFrame.
                guard let firstFrame = Self.firstFrame(atOrAfter: start, rate: rate),
                    let pastFrame = Self.firstFrame(atOrAfter: bank.times[k], rate: rate),
                    pastFrame - firstFrame <= counts[segment.table]
                else { continue }
                let state = bank.propagate(
                    rate.seconds(ofFrame: firstFrame) - start, displacement: bank.values[k - 1] - bank.values[k],
                    velocity: segment.startVelocity, table: segment.table)
                guard state.displacement.isFinite, state.velocity.isFinite else { continue }
                codes[index] = SteppedCode.make(rowOffset: bases[segment.table] - firstFrame)
                origins[index] = SIMD2(state.displacement, state.velocity)
            }
        }
        self.rate = rate
        self.rows = rows.isEmpty ? [.zero] : rows
        self.codes = codes
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
