/// The playhead's per-track operations over unowned pointers.
struct PlayheadKernel {
    let bank: BankView
    let records: RecordColumns
    let codes: UnsafeMutablePointer<UInt32>
    let cursors: UnsafeMutablePointer<Int32>
    let pending: UnsafeMutablePointer<Int32>
    /// Per transition table `t` and `j` in `0 ..< anchorInterval`, the exact transition over `j`
    /// frames at `powers[t × anchorInterval + j]`.
    let powers: UnsafePointer<StateMatrix>
    /// Frame playback: the rate and the anchor interval; `nil` for time playback.
    let rate: FrameRate?
    let anchorInterval: Int
    /// The last multiple of the anchor interval at or before the frame being evaluated, and its time.
    let gridFrame: Int
    let gridTime: Double
    /// The frame's distance from `gridFrame`.
    var frameInGrid: Int { frameIndex &- gridFrame }
    /// The frame being evaluated (frame playback).
    let frameIndex: Int

    /// Finds track `track`'s segment at `time` from scratch, sets its record and returns its value.
    @inline(never)
    func seek(_ track: Int, at time: Double, frame: Int) -> Double {
        let (first, end) = bank.keyframes(ofTrack: track)
        let k = bank.lastKeyframe(atOrBefore: time, first: first, end: end)
        enter(track, keyframe: k, first: first, last: end - 1, at: time, frame: frame)
        return recordValue(track, at: time)
    }

    /// Moves track `track` to the segment at `time`, later than its current one.
    @inline(never)
    func cross(_ track: Int, at time: Double, frame: Int) -> Double {
        seek(track, at: time, frame: frame)
    }

    /// Track `track`'s record code.
    @inline(__always)
    func code(_ track: Int) -> UInt32 { codes[track] }

    /// Track `track`'s cursor: the global index of its last keyframe at or before the playhead.
    @inline(__always)
    func cursor(_ track: Int) -> Int { Int(cursors[track]) }

    /// Sets track `track`'s code and cursor.
    @inline(__always)
    func set(_ track: Int, code: UInt32, cursor: Int) {
        codes[track] = code
        cursors[track] = Int32(truncatingIfNeeded: cursor)
    }

    /// Sets the record of track `track` for the segment starting at global keyframe `k`.
    @inline(__always)
    func enter(_ track: Int, keyframe k: Int, first: Int, last: Int, at time: Double, frame: Int) {
        let times = bank.times
        let values = bank.values
        if k < first {
            records[track] = SIMD4(-1, 1 / (times[first] + 1), values[first], -0.0)
            set(track, code: SegmentCode.constant, cursor: k)
            return
        }
        if k >= last {
            records[track] = SIMD4(times[last], 0, values[last], -0.0)
            set(track, code: SegmentCode.constant, cursor: k)
            return
        }
        let code = bank.codes[k + 1]
        let start = times[k]
        let span = times[k + 1] - start
        let p0 = values[k]
        let p1 = values[k + 1]
        switch SegmentCode.kind(code) {
        case SegmentCode.table:
            records[track] = SIMD4(start, 1 / span, p0, p1 - p0)
            set(track, code: code, cursor: k)
        case SegmentCode.linear:
            records[track] = SIMD4(start, span, p0, p1 - p0)
            set(track, code: code, cursor: k)
        case SegmentCode.hold:
            records[track] = SIMD4(start, 1 / span, p0, -0.0)
            set(track, code: SegmentCode.constant, cursor: k)
        case SegmentCode.linearTimeInvariant where rate != nil:
            anchor(track, keyframe: k, frame: frame)
        case SegmentCode.linearTimeInvariant:
            records[track] = SIMD4(start, 1 / span, p1, p0 - p1)
            set(track, code: code, cursor: k)
        default:
            records[track] = SIMD4(start, 1 / span, 0, 0)
            set(track, code: SegmentCode.make(SegmentCode.general, 0), cursor: k)
        }
    }

    /// Sets the record of track `track`, in the linear time-invariant segment starting at global
    /// keyframe `k`, to the segment's state at its anchor frame for frame `frame` (see
    /// ``anchorState(keyframe:frame:)``), with the anchor's offset into the anchor interval in the
    /// code.
    @inline(never)
    func anchor(_ track: Int, keyframe k: Int, frame: Int) {
        let (state, anchorFrame) = anchorState(keyframe: k, frame: frame)
        records[track] = SIMD4(bank.times[k + 1], state.displacement, bank.values[k + 1], state.velocity)
        let table = bank.linearSegments[SegmentCode.payload(bank.codes[k + 1])].table
        set(track, code: SteppedCode.make(table: table, offset: anchorFrame - gridFrame), cursor: k)
    }

    /// The state of the linear time-invariant segment starting at global keyframe `k` at its anchor
    /// frame for frame `frame`: the later of the segment's first frame and the last multiple of the
    /// anchor interval, in closed form (from the transition table).
    @inline(__always)
    func anchorState(keyframe k: Int, frame: Int) -> (state: (displacement: Double, velocity: Double), frame: Int) {
        let start = bank.times[k]
        let segment = bank.linearSegments[SegmentCode.payload(bank.codes[k + 1])]
        // The grid frame if the segment started by then (the common case, no division), else the
        // segment's first frame.
        var anchorFrame = gridFrame
        var anchorTime = gridTime
        if start > gridTime {
            let rate = rate!
            anchorFrame = Self.firstFrame(atOrAfter: start, before: frame, rate: rate)
            anchorTime = rate.seconds(ofFrame: anchorFrame)
        }
        let state = bank.propagate(
            anchorTime - start, displacement: bank.values[k] - bank.values[k + 1],
            velocity: segment.startVelocity, table: segment.table)
        return (state, anchorFrame)
    }

    /// The displacement at frame `frame` of the segment starting at global keyframe `k`: its
    /// anchor state carried over the frames since the anchor by the exact transition over that many
    /// frames. Playback computes the same product from the anchor state it keeps, so where
    /// playback started does not matter.
    @inline(__always)
    func steppedDisplacement(keyframe k: Int, frame: Int) -> Double {
        let (state, anchorFrame) = anchorState(keyframe: k, frame: frame)
        let table = bank.linearSegments[SegmentCode.payload(bank.codes[k + 1])].table
        return powers[table &* anchorInterval &+ (frame &- anchorFrame)]
            .applied(toDisplacement: state.displacement, velocity: state.velocity).displacement
    }

    /// Track `track`'s value at `time` (frame `frame` in frame playback) without touching its
    /// record: what a seek writes.
    @inline(__always)
    func value(ofTrack track: Int, at time: Double, frame: Int) -> Double {
        guard rate != nil else { return bank.value(ofTrack: track, at: time) }
        let (first, end) = bank.keyframes(ofTrack: track)
        if end - first == 1 { return bank.values[first] }
        let k = bank.lastKeyframe(atOrBefore: time, first: first, end: end)
        return bank.value(first: first, last: end - 1, keyframe: k, at: time) { g, code in
            if SegmentCode.kind(code) == SegmentCode.linearTimeInvariant {
                return bank.values[g + 1] + steppedDisplacement(keyframe: g, frame: frame)
            }
            return bank.segmentValue(g, at: time)
        }
    }

    /// The first frame whose time is at or after `time`, given that frame `frame`'s time is.
    static func firstFrame(atOrAfter time: Double, before frame: Int, rate: FrameRate) -> Int {
        let estimate = (time * Double(rate.numerator) / Double(rate.denominator)).rounded(.up)
        var index = estimate < Double(frame) ? Swift.max(Int(estimate), 0) : frame
        while index > 0, rate.seconds(ofFrame: index - 1) >= time { index -= 1 }
        while index < frame, rate.seconds(ofFrame: index) < time { index += 1 }
        return index
    }

    /// The value of track `track`'s record at `time` (inside its segment).
    @inline(__always)
    func recordValue(_ track: Int, at time: Double) -> Double {
        let code = self.code(track)
        let record = records[track]
        let payload = SegmentCode.payload(code)
        switch SegmentCode.kind(code) {
        case SegmentCode.table:
            let u = BankView.clamp((time - record.x) * record.y)
            return record.z + record.w * bank.curveValue(base: payload, at: u)
        case SegmentCode.linear:
            return record.z + record.w * ((time - record.x) / record.y)
        case SegmentCode.linearTimeInvariant:
            let segment = bank.linearSegments[payload]
            return record.z + bank.propagate(
                time - record.x, displacement: record.w, velocity: segment.startVelocity,
                table: segment.table
            ).displacement
        case SegmentCode.stepped:
            let j = (frameInGrid) &- SteppedCode.offset(code)
            return record.z + powers[SteppedCode.table(code) &* anchorInterval &+ j]
                .applied(toDisplacement: record.y, velocity: record.w).displacement
        default:
            return bank.segmentValue(cursor(track), at: time)
        }
    }

    /// A track whose record is not a table, in forward playback: crosses into the next segment
    /// when its end is reached, otherwise evaluates the record.
    @inline(never)
    func special(_ track: Int, at time: Double, frame: Int) -> Double {
        let record = records[track]
        let code = self.code(track)
        switch SegmentCode.kind(code) {
        case SegmentCode.stepped:
            if time >= record.x { return cross(track, at: time, frame: frame) }
        case SegmentCode.linear:
            // Linear keeps the span itself (its value divides by it, as the track does).
            if (time - record.x) / record.y >= 1 { return cross(track, at: time, frame: frame) }
        default:
            // The others keep 1 / span: checked with the margin tabulated segments use.
            if (time - record.x) * record.y >= Self.crossingThreshold { return cross(track, at: time, frame: frame) }
        }
        return recordValue(track, at: time)
    }
}

/// The payload of a stepped playhead code: the transition table, and how many frames after the
/// grid frame the track's anchor is (non-zero when the segment started after the grid frame).
enum SteppedCode {
    static let offsetBits: UInt32 = 8
    /// The largest anchor interval the offset holds.
    static let maximumInterval = 1 << 8

    @inline(__always)
    static func make(table: Int, offset: Int) -> UInt32 {
        SegmentCode.make(SegmentCode.stepped, table << Int(offsetBits) | offset)
    }

    @inline(__always)
    static func table(_ code: UInt32) -> Int { SegmentCode.payload(code) >> Int(offsetBits) }

    @inline(__always)
    static func offset(_ code: UInt32) -> Int { SegmentCode.payload(code) & ((1 << Int(offsetBits)) - 1) }
}
