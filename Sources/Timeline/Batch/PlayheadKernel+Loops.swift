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
    ///
    /// The tracks go in blocks of ``blockSize``, each block's second pass right after its first,
    /// while the records, codes and output of its pending tracks are still in the cache.
    @inline(__always)
    func advance(_ range: Range<Int>, to time: Double, frame: Int, into output: UnsafeMutablePointer<Double>) {
        assert(range.lowerBound & 1 == 0, "the pair loops start on an even track")
        var start = range.lowerBound
        while start < range.upperBound {
            let end = Swift.min(start &+ Self.blockSize, range.upperBound)
            advanceBlock(start..<end, to: time, frame: frame, into: output)
            start = end
        }
    }

    /// Tracks per block of forward playback: about 800 KB of records, codes and output, most of
    /// which is still in a core's L2 cache at the block's second pass. Of 4,096, 16,384 and 65,536
    /// the fastest for a million springs on the benchmark machine (1 MB of L2 per core).
    static let blockSize = 16_384

    /// One block of ``advance(_:to:frame:into:)``: its pairs, then its second pass.
    @inline(__always)
    private func advanceBlock(_ range: Range<Int>, to time: Double, frame: Int, into output: UnsafeMutablePointer<Double>) {
        // Two copies of the loop, each with its order of tests fixed, so that no branch in it
        // depends on the mix of tracks: in a bank with springs at this rate the stepped test
        // comes first (a hold or an end of track passes it too); otherwise only the tabulated one.
        if rate != nil, bank.storage.linearSegmentCount > 0 {
            advancePairs(range, to: time, frame: frame, into: output, springsFirst: true)
        } else {
            advancePairs(range, to: time, frame: frame, into: output, springsFirst: false)
        }
    }

    /// The pair loop of ``advanceBlock(_:to:frame:into:)``: two tracks at a time through the
    /// tests below, a lone last track and every track they leave through ``quickValue(_:at:frame:)``,
    /// the rest in the second pass. With `springsFirst` (a bank with springs, frame playback) a
    /// pair of springs and constants is tried before a pair of tables; without it, tables only.
    @inline(__always)
    private func advancePairs(
        _ range: Range<Int>, to time: Double, frame: Int, into output: UnsafeMutablePointer<Double>,
        springsFirst: Bool
    ) {
        // Locals, not reads through `self` after every store to the output.
        let bank = self.bank
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
        let pairsEnd = range.lowerBound &+ (range.count & ~1)
        let now = SIMD2(repeating: time)
        let frameBits = UInt32(truncatingIfNeeded: frame)
        while track < pairsEnd {
            let code0 = codes[track]
            let code1 = codes[track &+ 1]
            if springsFirst, Self.steppedOrConstant(code0) | Self.steppedOrConstant(code1) == 0 {
                // Springs, or a spring next to a constant (a hold, or a track before or after its
                // keyframes): a spring lane stays until its end time, a constant lane while its
                // progress stays below the crossing threshold, as in the tabulated path. No branch
                // on which lane is which.
                let isConstant = Self.constantLanes(codes + track)
                let constant = unsafeBitCast(isConstant, to: SIMDMask<SIMD2<Int64>>.self)
                let x = records.pair(0, track)
                let y = records.pair(1, track)
                let progress = (now - x) * y
                let inside = constant .& (progress .< Self.crossingThreshold) .| .!constant .& (now .< x)
                if inside.bothSet {
                    // A constant lane reads row 0 (always there) and keeps its value exactly:
                    // z - (+0.0) is z, even -0.0. A spring lane's z - (-d) is z + d, bit for bit
                    // what `SteppedCode.value` computes.
                    let row0 = rows[code0 == SegmentCode.constant ? 0 : Int((code0 &+ frameBits) & SegmentCode.payloadMask)]
                    let row1 = rows[code1 == SegmentCode.constant ? 0 : Int((code1 &+ frameBits) & SegmentCode.payloadMask)]
                    let displacement = SIMD2(row0.x, row1.x) * y + SIMD2(row0.y, row1.y) * records.pair(3, track)
                    let result = records.pair(2, track) - displacement.signFlipped.zeroed(where: isConstant)
                    UnsafeMutableRawPointer(output + track).storeBytes(of: result, as: SIMD2<Double>.self)
                    track &+= 2
                    continue
                }
            } else if (code0 | code1) < 1 << SegmentCode.kindShift {
                let u = (now - records.pair(0, track)) * records.pair(1, track)
                if (u .< Self.crossingThreshold).bothSet,
                    let eased = bank.curveValues(
                        base: SIMD2(Int(code0), Int(code1)), at: u.replacing(with: 0, where: .!(u .> 0)))
                {
                    let result = records.pair(2, track) + records.pair(3, track) * eased
                    UnsafeMutableRawPointer(output + track).storeBytes(of: result, as: SIMD2<Double>.self)
                    track &+= 2
                    continue
                }
            }
            quickly(track)
            quickly(track &+ 1)
            track &+= 2
        }
        if track < range.upperBound { quickly(track) }
        guard pendingCount > 0 else { return }
        touch(pending, count: pendingCount)
        for index in 0..<pendingCount {
            let track = Int(pending[index])
            output[track] = slowValue(track, at: time, frame: frame)
        }
    }

    /// Zero exactly when `code` is stepped or the constant: the smaller of its kind's difference
    /// from ``SegmentCode/stepped`` and the code itself, with no branch.
    @inline(__always)
    static func steppedOrConstant(_ code: UInt32) -> UInt32 {
        Swift.min(SegmentCode.kind(code) ^ SegmentCode.stepped, code)
    }

    /// All ones in the lane of each of the two codes at `codes` that is the constant (one load
    /// of both codes, a compare and a shuffle).
    @inline(__always)
    static func constantLanes(_ codes: UnsafePointer<UInt32>) -> SIMD2<Int64> {
        let pair = UnsafeRawPointer(codes).loadUnaligned(as: SIMD2<UInt32>.self)
        let lanes = unsafeBitCast(pair .== SegmentCode.constant, to: SIMD2<Int32>.self)
        return unsafeBitCast(SIMD4(lanes.x, lanes.x, lanes.y, lanes.y), to: SIMD2<Int64>.self)
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
            return SteppedCode.value(target: record.z, row: row, displacement: record.y, velocity: record.w)
        case SegmentCode.linearTimeInvariant:
            // Time playback of a spring (or the frames of a segment longer than its frame table):
            // its closed form.
            guard time < record.x else { return nil }
            return record.z + bank.propagate(
                time - records.startTimes[track], displacement: record.y, velocity: record.w,
                table: SegmentCode.payload(code)
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
        if rate != nil, bank.storage.linearSegmentCount > 0 {
            // The next segment's playhead code and origin (a spring's crossing reads them).
            for index in 0..<count {
                let track = Int(pending[index])
                let next = Swift.max(cursor(track) &+ 1 &- track, 0)
                sum &+= UInt64(frameCodes[next]) &+ origins[next].x.bitPattern
            }
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
        guard rate != nil, bank.storage.linearSegmentCount > 0 else {
            bank.values(range, at: time, into: output) { _, g, _ in bank.segmentValue(g, at: time) }
            return
        }
        frameValues(range, at: time, frame: frame, into: output)
    }

    /// A seek in frame playback of a bank with springs: two tracks at a time while both are on
    /// stepped springs or at their ends (a spring's origin carried by one row, as
    /// ``frameValue(segment:ofTrack:frame:at:)`` computes it lane by lane), any other track as the bank
    /// evaluates it.
    ///
    /// The pairs find their segments as ``BankView/values(_:at:into:other:)`` does, and read the
    /// playhead's codes, where a spring with a frame table is stepped.
    @inline(__always)
    func frameValues(_ range: Range<Int>, at time: Double, frame: Int, into output: UnsafeMutablePointer<Double>) {
        let bank = self.bank
        let values = bank.values
        let codes = frameCodes
        let frameBits = UInt32(truncatingIfNeeded: frame)
        @inline(__always) func single(_ track: Int) -> Double {
            let (first, end) = bank.keyframes(ofTrack: track)
            if end &- first == 1 { return values[first] }
            let k = bank.lastKeyframe(atOrBefore: time, first: first, end: end)
            return bank.value(first: first, last: end &- 1, keyframe: k, at: time) { g, code in
                SegmentCode.kind(code) == SegmentCode.linearTimeInvariant
                    ? frameValue(segment: g, ofTrack: track, frame: frame, at: time) : bank.segmentValue(g, at: time)
            }
        }
        let now = SIMD2(repeating: time)
        var track = range.lowerBound
        let end = range.upperBound
        while track &+ 1 < end {
            let first0 = Int(bank.firstKeyframe[track])
            let first1 = Int(bank.firstKeyframe[track &+ 1])
            let count = first1 &- first0
            if count >= 2, count <= 4, Int(bank.firstKeyframe[track &+ 2]) &- first1 == count {
                // Each lane's segment number (see `FrameTransitions`), or 0 before or after its track.
                let (k0, k1, inside) = bank.lastKeyframes(first0: first0, first1: first1, count: count, now: now)
                let segment0 = (k0 &- track) & Int(inside.x)
                let segment1 = (k1 &- track &- 1) & Int(inside.y)
                let code0 = codes[segment0] & UInt32(truncatingIfNeeded: inside.x)
                let code1 = codes[segment1] & UInt32(truncatingIfNeeded: inside.y)
                if Self.steppedOrConstant(code0) | Self.steppedOrConstant(code1) == 0 {
                    // A lane at an end reads row 0 and origin 0 (always there) and discards them;
                    // its value is the end keyframe's exactly (z - (+0.0)), as the tabulated path
                    // computes it; inside, z - (-d) is z + d bit for bit.
                    let row0 = rows[Int((code0 &+ frameBits) & SegmentCode.payloadMask) & Int(inside.x)]
                    let row1 = rows[Int((code1 &+ frameBits) & SegmentCode.payloadMask) & Int(inside.y)]
                    let origin0 = origins[segment0]
                    let origin1 = origins[segment1]
                    let displacement = SIMD2(row0.x, row1.x) * SIMD2(origin0.x, origin1.x)
                        + SIMD2(row0.y, row1.y) * SIMD2(origin0.y, origin1.y)
                    // Inside: the target, keyframe k + 1; before: the first; after: the last (k).
                    let target = SIMD2(
                        values[Swift.max(k0 &+ Int(inside.x & 1), first0)],
                        values[Swift.max(k1 &+ Int(inside.y & 1), first1)])
                    let result = target - displacement.signFlipped.zeroed(where: ~inside)
                    UnsafeMutableRawPointer(output + track).storeBytes(of: result, as: SIMD2<Double>.self)
                    track &+= 2
                    continue
                }
            }
            output[track] = single(track)
            output[track &+ 1] = single(track &+ 1)
            track &+= 2
        }
        if track < end { output[track] = single(track) }
    }
}
