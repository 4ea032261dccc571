/// The playhead's per-track operations over unowned pointers.
struct PlayheadKernel {
    let bank: BankView
    let records: PlayheadRecords
    let codes: UnsafeMutablePointer<UInt32>
    let cursors: UnsafeMutablePointer<Int32>
    let pending: UnsafeMutablePointer<Int32>
    /// Frame playback: the rows of exact transitions over whole frames (see ``FrameTransitions``).
    let rows: UnsafePointer<SIMD2<Double>>
    /// Frame playback in a bank with springs: per segment, its playhead code and origin (see
    /// ``FrameTransitions``; the segment from keyframe `g` of track `i` is number `g - i`).
    let frameCodes: UnsafePointer<UInt32>
    let origins: UnsafePointer<SIMD2<Double>>
    /// Frame playback: the rate; `nil` for time playback.
    let rate: FrameRate?
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
        case SegmentCode.linearTimeInvariant where rate != nil && SegmentCode.kind(frameCodes[k - track]) == SegmentCode.stepped:
            let origin = origins[k - track]
            records[track] = SIMD4(times[k + 1], origin.x, p1, origin.y)
            set(track, code: frameCodes[k - track], cursor: k)
        case SegmentCode.linearTimeInvariant:
            let segment = bank.linearSegments[SegmentCode.payload(code)]
            records[track] = SIMD4(times[k + 1], p0 - p1, p1, segment.startVelocity)
            records.startTimes[track] = start
            set(track, code: SegmentCode.make(SegmentCode.linearTimeInvariant, segment.table), cursor: k)
        default:
            records[track] = SIMD4(start, 1 / span, 0, 0)
            set(track, code: SegmentCode.make(SegmentCode.general, 0), cursor: k)
        }
    }

    /// The value at frame `frame` (time `time`) of the linear time-invariant segment from global
    /// keyframe `g` of track `track`: its origin carried by the exact transition over the frames
    /// since, or, for a segment longer than its frame table, the closed form at `time`. What
    /// forward playback computes for the same frame, bit for bit.
    @inline(__always)
    func frameValue(segment g: Int, ofTrack track: Int, frame: Int, at time: Double) -> Double {
        let frameCode = frameCodes[g &- track]
        guard SegmentCode.kind(frameCode) == SegmentCode.stepped else { return bank.segmentValue(g, at: time) }
        let row = rows[SteppedCode.row(frameCode, frame: frame)]
        let origin = origins[g &- track]
        return SteppedCode.value(target: bank.values[g &+ 1], row: row, displacement: origin.x, velocity: origin.y)
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
            return record.z + bank.propagate(
                time - records.startTimes[track], displacement: record.y, velocity: record.w, table: payload
            ).displacement
        case SegmentCode.stepped:
            let row = rows[SteppedCode.row(code, frame: frameIndex)]
            return SteppedCode.value(target: record.z, row: row, displacement: record.y, velocity: record.w)
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
        case SegmentCode.stepped, SegmentCode.linearTimeInvariant:
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

extension PlayheadKernel {
    /// Track `track`'s value at `time` (``BankView/normalized(_:)``), wherever the track was last
    /// read: from its record while `time` stays inside the record's segment, otherwise found again
    /// by a seek, which sets the record.
    ///
    /// What compiled clips and documents read for each of their lanes, whose local times move on
    /// their own (delayed, staggered, repeated, reversed) rather than with one playhead: a lane
    /// read frame after frame inside one segment costs its record and a curve read, as forward
    /// playback does, and any time, in any order, gives the bank's value at that time bit for bit
    /// (the record holds the operands ``BankView/value(ofTrack:at:)`` would find, and the same
    /// arithmetic reads them).
    @inline(__always)
    func value(ofTrack track: Int, at time: Double) -> Double {
        let code = self.code(track)
        let record = records[track]
        if code < 1 << SegmentCode.kindShift, time >= record.x {
            // A tabulated curve, a hold or an end of the track: progress from 0 up to the crossing
            // threshold is inside (a record's inverse span is positive or, after the last
            // keyframe, 0).
            let u = (time - record.x) * record.y
            if u < Self.crossingThreshold { return record.z + record.w * bank.curveValue(base: Int(code), at: u) }
        }
        return valueOffTable(track, at: time)
    }

    /// ``value(ofTrack:at:)`` for a record that is not a tabulated curve, or a time outside the
    /// record's segment: the record's value while `time` is inside its segment, otherwise a seek.
    @inline(never)
    func valueOffTable(_ track: Int, at time: Double) -> Double {
        let code = self.code(track)
        let record = records[track]
        let inside: Bool
        switch SegmentCode.kind(code) {
        case SegmentCode.linear:
            inside = time >= record.x && (time - record.x) / record.y < 1
        case SegmentCode.linearTimeInvariant:
            inside = time >= records.startTimes[track] && time < record.x
        case SegmentCode.general:
            inside = time >= record.x && (time - record.x) * record.y < Self.crossingThreshold
        default:
            inside = false
        }
        return inside ? recordValue(track, at: time) : seek(track, at: time, frame: frameIndex)
    }
}

/// The payload of a stepped playhead code: the row offset of the segment's frames, modulo 2²⁸.
///
/// The row of frame `f` is `rowOffset + f`, which lies in `0 ..< FrameTransitions.maximumRows`
/// for every frame of the segment that has a row; computed modulo 2²⁸ (the payload's width) it
/// is the same number, whatever the frame index.
enum SteppedCode {
    @inline(__always)
    static func make(rowOffset: Int) -> UInt32 {
        SegmentCode.make(SegmentCode.stepped, rowOffset & Int(SegmentCode.payloadMask))
    }

    /// A stepped spring's value: the target plus the origin's displacement carried by `row`. The
    /// one formula every path uses (the two-lane paths lane by lane), so that playing and seeking
    /// agree bit for bit.
    @inline(__always)
    static func value(target: Double, row: SIMD2<Double>, displacement: Double, velocity: Double) -> Double {
        target + (row.x * displacement + row.y * velocity)
    }

    /// The row of frame `frame` for a stepped code.
    @inline(__always)
    static func row(_ code: UInt32, frame: Int) -> Int {
        Int((code &+ UInt32(truncatingIfNeeded: frame)) & SegmentCode.payloadMask)
    }
}
