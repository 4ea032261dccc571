/// A playhead's per-track state: the active segment of every track in a form the forward loop
/// reads in one go, and a cursor into the bank.
///
/// `@unchecked Sendable`: a ``ScalarTrackPlayhead`` copies its state before mutating it unless it
/// holds the only reference (copy on write), and concurrent evaluation gives each thread its own
/// tracks.
final class PlayheadState: @unchecked Sendable {
    /// Where the playhead was last evaluated.
    enum Position: Equatable {
        case none
        case time(Double)
        case frame(Int, FrameRate)
    }

    let count: Int
    /// Per track, four numbers whose meaning depends on the active code:
    ///
    /// | code | x | y | z | w |
    /// |---|---|---|---|---|
    /// | table | start time | 1 / span | start value | end - start value |
    /// | linear | start time | span | start value | end - start value |
    /// | linear time-invariant (closed form) | end time | start - target | target | start velocity |
    /// | stepped | end time (or the first frame past its row table) | displacement at the segment's first frame | target | velocity at the segment's first frame |
    /// | general | start time | 1 / span | unused | unused |
    ///
    /// A spring in closed form keeps its start time in ``PlayheadRecords/startTimes``, and its
    /// transition table in the code's payload.
    ///
    /// Holds and the ends of a track are tables of the constant 0 with a difference of -0.0 (which
    /// adds nothing, not even to -0.0). Before the first keyframe the start is -1 and the span
    /// `first + 1`, so that the progress reaches 1 no later than the first keyframe does; after the
    /// last the inverse span is 0. A tabulated segment whose progress reaches 1 - 2⁻⁵⁰ is checked
    /// against its end time exactly (1 / span may round down, so the progress may stay just below 1
    /// at the end time; the margin covers that).
    let records: PlayheadRecords
    /// Per track, the record's ``SegmentCode``.
    let codes: UnsafeMutablePointer<UInt32>
    /// Per track, the global index of the last keyframe at or before the playhead (first - 1 before
    /// the first keyframe). Apart from the codes: only a track that changes segment reads it.
    let cursors: UnsafeMutablePointer<Int32>
    /// Room for one index per track: the tracks a forward step leaves for its second pass.
    let pending: UnsafeMutablePointer<Int32>
    var position = Position.none
    /// Whether `records`, `codes` and `cursors` describe `position`. A seek computes values without them;
    /// the next forward step rebuilds them.
    var recordsAreCurrent = false
    /// The springs' frame tables and origins at the rate last played by frame (empty before).
    var frames = FrameTransitions()

    init(count: Int) {
        self.count = count
        records = PlayheadRecords(count: count)
        codes = LargeBuffer.allocate(UInt32.self, count: count)
        codes.initialize(repeating: SegmentCode.constant, count: Swift.max(count, 1))
        cursors = LargeBuffer.allocate(Int32.self, count: count)
        cursors.initialize(repeating: 0, count: Swift.max(count, 1))
        pending = .allocate(capacity: Swift.max(count, 1))
        pending.initialize(repeating: 0, count: Swift.max(count, 1))
    }

    /// An independent copy.
    func copy() -> PlayheadState {
        let copy = PlayheadState(count: count)
        copy.records.update(from: records)
        copy.codes.update(from: codes, count: count)
        copy.cursors.update(from: cursors, count: count)
        copy.position = position
        copy.recordsAreCurrent = recordsAreCurrent
        copy.frames = frames
        return copy
    }

    /// Marks every record as describing no segment, so that the next read of each track by
    /// ``PlayheadKernel/value(ofTrack:at:)`` seeks: a general code with a start time no time
    /// reaches.
    func forgetRecords() {
        for track in 0..<count {
            records[track] = SIMD4(.infinity, 0, 0, 0)
            codes[track] = SegmentCode.make(SegmentCode.general, 0)
        }
        recordsAreCurrent = false
    }

    /// A kernel over these records for time playback of `bank` (no frame rate: springs in closed
    /// form), as ``PlayheadKernel/value(ofTrack:at:)`` reads them. Valid while the caller keeps
    /// the bank's storage and this state alive.
    @inline(__always)
    func timeKernel(of bank: BankView) -> PlayheadKernel {
        let unread = FrameTransitions.timePlayback
        return PlayheadKernel(
            bank: bank, records: records, codes: codes, cursors: cursors, pending: pending, rows: unread.rows,
            frameCodes: unread.codes, origins: unread.origins, rate: nil, frameIndex: 0)
    }

    deinit {
        records.deallocate()
        LargeBuffer.deallocate(codes)
        LargeBuffer.deallocate(cursors)
        pending.deallocate()
    }
}

/// The playhead's records, two tracks to a 64-byte cache line: `x₀ x₁ y₀ y₁ z₀ z₁ w₀ w₁`.
///
/// The forward loop reads two tracks' records as four aligned two-lane vectors from one line,
/// through one pointer: one memory stream instead of four, and registers to spare for the loop.
/// A spring in closed form keeps its start time apart, in ``startTimes`` (only time playback of
/// springs reads it).
struct PlayheadRecords {
    /// Doubles per pair of tracks.
    static let pairStride = 8
    /// The lines, 64-byte aligned: track `t`'s field `c` is at `(t / 2) × 8 + 2c + t % 2`.
    let base: UnsafeMutablePointer<Double>
    /// Per track, the start time of a spring in closed form.
    let startTimes: UnsafeMutablePointer<Double>
    /// Pairs of tracks (the last one padded when the count is odd).
    let pairCount: Int

    /// Allocates zeroed records for `count` tracks (owned by the ``PlayheadState``).
    init(count: Int) {
        pairCount = Swift.max((count &+ 1) / 2, 1)
        let doubles = pairCount * Self.pairStride
        base = LargeBuffer.allocate(Double.self, count: doubles)
        base.initialize(repeating: 0, count: doubles)
        startTimes = .allocate(capacity: 2 * pairCount)
        startTimes.initialize(repeating: 0, count: 2 * pairCount)
    }

    /// Copies every record of `other`, which has as many tracks.
    func update(from other: PlayheadRecords) {
        base.update(from: other.base, count: pairCount * Self.pairStride)
        startTimes.update(from: other.startTimes, count: 2 * pairCount)
    }

    /// Frees the records.
    func deallocate() {
        LargeBuffer.deallocate(base)
        startTimes.deallocate()
    }

    /// Where track `track`'s x is; its y, z and w follow two doubles apart.
    @inline(__always)
    private func lane(_ track: Int) -> UnsafeMutablePointer<Double> {
        base + ((track >> 1) &* Self.pairStride &+ (track & 1))
    }

    /// Track `track`'s record.
    @inline(__always)
    subscript(track: Int) -> SIMD4<Double> {
        get {
            let lane = self.lane(track)
            return SIMD4(lane[0], lane[2], lane[4], lane[6])
        }
        nonmutating set {
            let lane = self.lane(track)
            lane[0] = newValue.x
            lane[2] = newValue.y
            lane[4] = newValue.z
            lane[6] = newValue.w
        }
    }

    /// Field `c` (0 to 3: x, y, z, w) of tracks `track` and `track + 1`, for an even `track`.
    @inline(__always)
    func pair(_ c: Int, _ track: Int) -> SIMD2<Double> {
        UnsafeRawPointer(base + (track &* 4 &+ 2 &* c)).load(as: SIMD2<Double>.self)
    }
}
