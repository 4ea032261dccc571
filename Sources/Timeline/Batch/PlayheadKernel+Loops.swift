extension PlayheadKernel {
    /// Forward playback over `range` at `time` (at least the previous time): the per-frame loop.
    ///
    /// Two tracks at a time while both are on tabulated curves: a 32-byte record and a code read per
    /// track, the progress, a table read and a cubic, in two-lane arithmetic. Two springs (or a
    /// spring next to a track that holds its value) cost the same: a record, a row of the exact
    /// transition over the frames since the segment's first frame (from a small table per spring
    /// kind), and two products; nothing is written back. Every other track (a segment crossing,
    /// a refined piece, any other kind) is left for a second pass: first every such track's bank
    /// data is read, so that the cache misses of many tracks overlap instead of stalling the loop
    /// one after another; then they are evaluated. The values do not depend on which pass computes
    /// them.
    @inline(__always)
    func advance(_ range: Range<Int>, to time: Double, frame: Int, into output: UnsafeMutablePointer<Double>) {
        let records = self.records
        let codes = self.codes
        let rows = self.rows
        let pending = self.pending + range.lowerBound
        var pendingCount = 0
        @inline(__always) func quickly(_ track: Int) {
            if let value = quickValue(track, at: time, frame: frame) {
                output[track] = value
            } else {
                pending[pendingCount] = Int32(truncatingIfNeeded: track)
                pendingCount &+= 1
            }
        }
        var track = range.lowerBound
        let end = range.upperBound
        let now = SIMD2(repeating: time)
        let frameBits = UInt32(truncatingIfNeeded: frame)
        while track &+ 1 < end {
            let code0 = codes[track]
            let code1 = codes[track &+ 1]
            if (code0 | code1) < 1 << SegmentCode.kindShift {
                let u = (now - records.pair(0, track)) * records.pair(1, track)
                if u.x < Self.crossingThreshold, u.y < Self.crossingThreshold,
                    let eased = bank.curveValues(
                        base: SIMD2(Int(code0), Int(code1)), at: u.replacing(with: 0, where: .!(u .> 0)))
                {
                    let result = records.pair(2, track) + records.pair(3, track) * eased
                    UnsafeMutableRawPointer(output + track).storeBytes(of: result, as: SIMD2<Double>.self)
                    track &+= 2
                    continue
                }
            } else if code0 == SegmentCode.constant || code0 >> SegmentCode.kindShift == SegmentCode.stepped,
                code1 == SegmentCode.constant || code1 >> SegmentCode.kindShift == SegmentCode.stepped
            {
                // Springs, or a spring next to a constant (a hold, or a track before or after its
                // keyframes): a spring lane stays until its end time, a constant lane while its
                // progress stays below the crossing threshold, as in the tabulated path.
                let x = records.pair(0, track)
                let y = records.pair(1, track)
                let isConstant = SIMD2<UInt64>(UInt64(code0), UInt64(code1)) .== UInt64(SegmentCode.constant)
                let progress = (now - x) * y
                let inside = isConstant .& (progress .< Self.crossingThreshold) .| .!isConstant .& (now .< x)
                if all(inside) {
                    // A constant lane reads row 0 (always there) and adds -0.0 to its value.
                    let row0 = rows[code0 == SegmentCode.constant ? 0 : Int((code0 &+ frameBits) & SegmentCode.payloadMask)]
                    let row1 = rows[code1 == SegmentCode.constant ? 0 : Int((code1 &+ frameBits) & SegmentCode.payloadMask)]
                    let displacement = SIMD2(row0.x, row1.x) * y + SIMD2(row0.y, row1.y) * records.pair(3, track)
                    let result = records.pair(2, track) + displacement.replacing(with: -0.0, where: isConstant)
                    UnsafeMutableRawPointer(output + track).storeBytes(of: result, as: SIMD2<Double>.self)
                    track &+= 2
                    continue
                }
            }
            quickly(track)
            quickly(track &+ 1)
            track &+= 2
        }
        if track < end { quickly(track) }
        guard pendingCount > 0 else { return }
        touch(pending, count: pendingCount)
        for index in 0..<pendingCount {
            let track = Int(pending[index])
            output[track] = slowValue(track, at: time, frame: frame)
        }
    }

    /// Track `track`'s value when it needs no more than its record (a tabulated curve inside its
    /// segment and off refined pieces, a spring inside its segment), or `nil`.
    @inline(__always)
    func quickValue(_ track: Int, at time: Double, frame: Int) -> Double? {
        let code = self.code(track)
        let record = records[track]
        if code < 1 << SegmentCode.kindShift {
            let u = (time - record.x) * record.y
            guard u < Self.crossingThreshold else { return nil }
            let (piece, s) = TimingCurveTable.topPiece(u > 0 ? u : 0)
            let eased = TimingCurveTable.evaluate(bank.pieces + 4 * (Int(code) + piece), at: s)
            return eased.isNaN ? nil : record.z + record.w * eased
        }
        switch code >> SegmentCode.kindShift {
        case SegmentCode.stepped:
            guard time < record.x else { return nil }
            let row = rows[SteppedCode.row(code, frame: frame)]
            return record.z + (row.x * record.y + row.y * record.w)
        case SegmentCode.linearTimeInvariant:
            // Time playback of a spring (or a frame past its table): its closed form.
            guard (time - record.x) * record.y < Self.crossingThreshold else { return nil }
            let segment = bank.linearSegments[SegmentCode.payload(code)]
            return record.z + bank.propagate(
                time - record.x, displacement: record.w, velocity: segment.startVelocity, table: segment.table
            ).displacement
        case SegmentCode.linear:
            let u = (time - record.x) / record.y
            return u >= 1 ? nil : record.z + record.w * u
        default:
            return nil
        }
    }

    /// Track `track`'s value by the long way: crossing into a later segment, a refined piece, or
    /// any other kind.
    @inline(never)
    func slowValue(_ track: Int, at time: Double, frame: Int) -> Double {
        let code = self.code(track)
        let record = records[track]
        if code < 1 << SegmentCode.kindShift {
            let u = (time - record.x) * record.y
            if u >= Self.crossingThreshold { return cross(track, at: time, frame: frame) }
            return record.z + record.w * bank.curveValue(base: Int(code), at: u > 0 ? u : 0)
        }
        return special(track, at: time, frame: frame)
    }

    /// Reads the bank data the second pass will need for each pending track, so that the misses of
    /// all of them are in flight together.
    @inline(never)
    func touch(_ pending: UnsafeMutablePointer<Int32>, count: Int) {
        var sum: UInt64 = 0
        for index in 0..<count {
            let track = Int(pending[index])
            let k = Swift.max(cursor(track), 0)
            sum &+= bank.times[k &+ 1].bitPattern &+ bank.values[k &+ 1].bitPattern
                &+ UInt64(bank.codes[k &+ 1]) &+ UInt64(bank.firstKeyframe[track &+ 1])
        }
        // Keeps the reads: the optimiser cannot know the sum is never 1.
        if sum == 1 { records[Int(pending[0])].x += 0 }
    }

    /// Progress at which a tabulated segment is checked against its end time: `1 - 2⁻⁵⁰`.
    ///
    /// At or after the end time `t1`, `time - start >= t1 - start = span` (rounding is monotonic)
    /// and `1 / span` is within half an ulp of the exact inverse, so the progress is at least
    /// `1 - 2⁻⁵³`: a segment end is never missed.
    static let crossingThreshold = 1 - 0x1p-50

    /// Every track in `range` found from scratch at `time` (and `frame`), records rebuilt.
    @inline(__always)
    func rebuild(_ range: Range<Int>, at time: Double, frame: Int, into output: UnsafeMutablePointer<Double>) {
        for track in range { output[track] = seek(track, at: time, frame: frame) }
    }

    /// Every track in `range` at `time` (and `frame`) without touching the records: a seek, which
    /// reads the bank and writes only the values.
    @inline(__always)
    func values(_ range: Range<Int>, at time: Double, frame: Int, into output: UnsafeMutablePointer<Double>) {
        let bank = self.bank
        guard rate != nil else {
            bank.values(range, at: time, into: output) { _, g, _ in bank.segmentValue(g, at: time) }
            return
        }
        bank.values(range, at: time, into: output) { _, g, code in
            if SegmentCode.kind(code) == SegmentCode.linearTimeInvariant {
                return frameValue(segment: g, code: code, frame: frame, at: time)
            }
            return bank.segmentValue(g, at: time)
        }
    }
}
