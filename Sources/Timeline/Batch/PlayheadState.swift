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
    /// A spring in closed form keeps its start time in a fifth column, and its transition table
    /// in the code's payload.
    ///
    /// Holds and the ends of a track are tables of the constant 0 with a difference of -0.0 (which
    /// adds nothing, not even to -0.0). Before the first keyframe the start is -1 and the span
    /// `first + 1`, so that the progress reaches 1 no later than the first keyframe does; after the
    /// last the inverse span is 0. A tabulated segment whose progress reaches 1 - 2⁻⁵⁰ is checked
    /// against its end time exactly (1 / span may round down, so the progress may stay just below 1
    /// at the end time; the margin covers that).
    let records: RecordColumns
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
        records = RecordColumns(count: count)
        codes = .allocate(capacity: Swift.max(count, 1))
        codes.initialize(repeating: SegmentCode.constant, count: Swift.max(count, 1))
        cursors = .allocate(capacity: Swift.max(count, 1))
        cursors.initialize(repeating: 0, count: Swift.max(count, 1))
        pending = .allocate(capacity: Swift.max(count, 1))
        pending.initialize(repeating: 0, count: Swift.max(count, 1))
    }

    /// An independent copy.
    func copy() -> PlayheadState {
        let copy = PlayheadState(count: count)
        copy.records.base.update(from: records.base, count: RecordColumns.columnCount * records.stride)
        copy.codes.update(from: codes, count: count)
        copy.cursors.update(from: cursors, count: count)
        copy.position = position
        copy.recordsAreCurrent = recordsAreCurrent
        copy.frames = frames
        return copy
    }

    deinit {
        records.base.deallocate()
        codes.deallocate()
        cursors.deallocate()
        pending.deallocate()
    }
}

/// The playhead's records as four columns of doubles (struct of arrays), so that two tracks'
/// starts, scales, origins and deltas each load as one two-lane vector, and a spring's stepping
/// writes back only the two columns it changes.
struct RecordColumns {
    /// The four columns of the record and a fifth, the start time of a spring in closed form.
    static let columnCount = 5
    /// One allocation: column `c` starts at `base + c × stride`.
    let base: UnsafeMutablePointer<Double>
    let stride: Int

    /// Allocates zeroed columns for `count` tracks (owned by the ``PlayheadState``).
    init(count: Int) {
        stride = Swift.max(count, 1)
        base = .allocate(capacity: Self.columnCount * stride)
        base.initialize(repeating: 0, count: Self.columnCount * stride)
    }

    /// Column `c` (0 to 3: the record's x, y, z and w; 4: a spring's start time).
    @inline(__always)
    func column(_ c: Int) -> UnsafeMutablePointer<Double> { base + c &* stride }

    /// Track `track`'s record.
    @inline(__always)
    subscript(track: Int) -> SIMD4<Double> {
        get {
            SIMD4(base[track], base[stride &+ track], base[2 &* stride &+ track], base[3 &* stride &+ track])
        }
        nonmutating set {
            base[track] = newValue.x
            base[stride &+ track] = newValue.y
            base[2 &* stride &+ track] = newValue.z
            base[3 &* stride &+ track] = newValue.w
        }
    }

    /// Column `c` of tracks `track` and `track + 1`.
    @inline(__always)
    func pair(_ c: Int, _ track: Int) -> SIMD2<Double> {
        UnsafeRawPointer(column(c) + track).loadUnaligned(as: SIMD2<Double>.self)
    }

    /// Sets column `c` of tracks `track` and `track + 1`.
    @inline(__always)
    func setPair(_ c: Int, _ track: Int, _ value: SIMD2<Double>) {
        UnsafeMutableRawPointer(column(c) + track).storeBytes(of: value, as: SIMD2<Double>.self)
    }
}
