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
    /// | linear time-invariant | start time | span | target | start - target |
    /// | stepped | end time | displacement | target | velocity |
    /// | general | start time | span | unused | unused |
    ///
    /// Holds and the ends of a track are tables of the constant 0 with a difference of -0.0 (which
    /// adds nothing, not even to -0.0). Before the first keyframe the start is -1 and the span
    /// `first + 1`, so that the progress reaches 1 no later than the first keyframe does; after the
    /// last the inverse span is 0. A tabulated segment whose progress reaches 1 - 2⁻⁵⁰ is checked
    /// against its end time exactly (1 / span may round down, so the progress may stay just below 1
    /// at the end time; the margin covers that).
    let records: UnsafeMutablePointer<SIMD4<Double>>
    /// Per track, the record's ``SegmentCode`` in the low 32 bits and the cursor in the high 32: the
    /// global index of the last keyframe at or before the playhead (first - 1 before the first
    /// keyframe). Together, so that a track crossing into its next segment has its cursor at hand.
    let words: UnsafeMutablePointer<UInt64>
    /// Room for one index per track: the tracks a forward step leaves for its second pass.
    let pending: UnsafeMutablePointer<Int32>
    var position = Position.none
    /// Whether `records` and `words` describe `position`. A seek computes values without them;
    /// the next forward step rebuilds them.
    var recordsAreCurrent = false
    /// Per transition table, the exact transition over one frame at ``steppingRate``.
    var steps: [StateMatrix] = [.identity]
    var steppingRate: FrameRate?

    init(count: Int) {
        self.count = count
        records = .allocate(capacity: Swift.max(count, 1))
        records.initialize(repeating: .zero, count: Swift.max(count, 1))
        words = .allocate(capacity: Swift.max(count, 1))
        words.initialize(repeating: UInt64(SegmentCode.constant), count: Swift.max(count, 1))
        pending = .allocate(capacity: Swift.max(count, 1))
        pending.initialize(repeating: 0, count: Swift.max(count, 1))
    }

    /// An independent copy.
    func copy() -> PlayheadState {
        let copy = PlayheadState(count: count)
        copy.records.update(from: records, count: count)
        copy.words.update(from: words, count: count)
        copy.position = position
        copy.recordsAreCurrent = recordsAreCurrent
        copy.steps = steps
        copy.steppingRate = steppingRate
        return copy
    }

    deinit {
        records.deallocate()
        words.deallocate()
        pending.deallocate()
    }
}

