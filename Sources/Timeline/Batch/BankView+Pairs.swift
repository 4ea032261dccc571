extension BankView {
    /// Writes the values of tracks `range` at `time` into `output`, two tracks at a time.
    ///
    /// In a bank whose segments are all tabulated curves, two neighbouring tracks with the same
    /// short length (2 to 4 keyframes) go through one pass of two-lane arithmetic (SSE2 on x86-64): the count of keyframes at or
    /// before the time, the progress, the curve's cubic and the result are computed for both at
    /// once, and only the table reads are per lane. Every lane performs the same floating-point
    /// operations as ``value(ofTrack:at:)``, so the values are the same bit for bit; any pair that
    /// does not fit (other lengths, other segment kinds, refined pieces) takes that scalar path.
    ///
    /// - Parameter other: The value of a track whose segment is not tabulated, given the track,
    ///   the segment's first keyframe and its code (see ``value(first:last:keyframe:at:other:)``).
    @inline(__always)
    func values(
        _ range: Range<Int>, at time: Double, into output: UnsafeMutablePointer<Double>,
        other: (Int, Int, UInt32) -> Double
    ) {
        @inline(__always) func single(_ track: Int) -> Double {
            let (first, end) = keyframes(ofTrack: track)
            if end &- first == 1 { return values[first] }
            let k = lastKeyframe(atOrBefore: time, first: first, end: end)
            return value(first: first, last: end &- 1, keyframe: k, at: time) { g, code in other(track, g, code) }
        }
        var track = range.lowerBound
        let end = range.upperBound
        guard storage.isTabulatedOnly else {
            // Springs, cubic and plugin segments: one track at a time.
            while track < end {
                output[track] = single(track)
                track &+= 1
            }
            return
        }
        let now = SIMD2(repeating: time)
        while track &+ 1 < end {
            let first0 = Int(firstKeyframe[track])
            let first1 = Int(firstKeyframe[track &+ 1])
            let count = first1 &- first0
            if count >= 2, count <= 4, Int(firstKeyframe[track &+ 2]) &- first1 == count,
                let pair = values(first: SIMD2(first0, first1), count: count, now: now)
            {
                UnsafeMutableRawPointer(output + track).storeBytes(of: pair, as: SIMD2<Double>.self)
            } else {
                output[track] = single(track)
                output[track &+ 1] = single(track &+ 1)
            }
            track &+= 2
        }
        if track < end { output[track] = single(track) }
    }

    /// Two tracks of `count` keyframes (2 to 4) starting at `first`, at `now`, or `nil` when a lane
    /// is not on a tabulated segment or lands on a refined piece (the caller computes both alone).
    @inline(__always)
    private func values(first: SIMD2<Int>, count: Int, now: SIMD2<Double>) -> SIMD2<Double>? {
        @inline(__always) func gather(_ array: UnsafeMutablePointer<Double>, _ x: Int, _ y: Int) -> SIMD2<Double> {
            SIMD2(array[x], array[y])
        }
        // All ones in a lane whose keyframe j is at or before now (now is never NaN).
        @inline(__always) func atOrBefore(_ j: Int) -> SIMD2<Int64> {
            unsafeBitCast(gather(times, first.x &+ j, first.y &+ j) .<= now, to: SIMD2<Int64>.self)
        }
        let firstMask = atOrBefore(0)
        var before = firstMask &+ atOrBefore(1)
        var lastMask = atOrBefore(1)
        if count > 2 {
            lastMask = atOrBefore(2)
            before &+= lastMask
        }
        if count > 3 {
            lastMask = atOrBefore(3)
            before &+= lastMask
        }
        // k = first - 1 + (keyframes at or before now); inside the track: first <= k < last.
        let kx = first.x &- 1 &- Int(before.x)
        let ky = first.y &- 1 &- Int(before.y)
        let insideBits = unsafeBitCast(firstMask & ~lastMask, to: SIMD2<UInt64>.self)
        let lastSegment = count &- 2
        let gx = Swift.max(first.x, Swift.min(kx, first.x &+ lastSegment))
        let gy = Swift.max(first.y, Swift.min(ky, first.y &+ lastSegment))
        let code0 = codes[gx &+ 1] & UInt32(truncatingIfNeeded: insideBits.x)
        let code1 = codes[gy &+ 1] & UInt32(truncatingIfNeeded: insideBits.y)
        guard (code0 | code1) < 1 << SegmentCode.kindShift else { return nil }
        let from = gather(values, Swift.max(kx, first.x), Swift.max(ky, first.y))
        let start = gather(times, gx, gy)
        let inverseSpan = unsafeBitCast(
            unsafeBitCast(1 / (gather(times, gx &+ 1, gy &+ 1) - start), to: SIMD2<UInt64>.self) & insideBits,
            to: SIMD2<Double>.self)
        let p0 = gather(values, gx, gy)
        let difference = unsafeBitCast(gather(values, gx &+ 1, gy &+ 1) - p0, to: SIMD2<UInt64>.self)
        let negativeZero = SIMD2<UInt64>(repeating: (-0.0).bitPattern)
        let delta = unsafeBitCast(difference & insideBits | negativeZero & ~insideBits, to: SIMD2<Double>.self)
        let eased = curveValues(
            base: SIMD2(Int(code0), Int(code1)), at: Self.clamp((now - start) * inverseSpan))
        guard let eased else { return nil }
        return from + delta * eased
    }

    /// For two tracks of `count` keyframes (2 to 4) from `first0` and `first1`: each lane's last
    /// keyframe at or before `now` (`first - 1` before the first, as ``lastKeyframe(atOrBefore:first:end:)``),
    /// and a mask of all ones in a lane inside its track (`first <= k < last`), zero at an end.
    ///
    /// The tabulated pair path above counts the same keyframes inline, with compare masks: calling
    /// this from it made tabulated seeks of a million tracks 75% slower (5.6 to 9.8 ns), the
    /// optimiser no longer inlining the pair function into the loop, and this function's sign
    /// bits made them 15% slower there (where the masks stay in vector registers).
    @inline(__always)
    func lastKeyframes(
        first0: Int, first1: Int, count: Int, now: SIMD2<Double>
    ) -> (k0: Int, k1: Int, inside: SIMD2<Int64>) {
        // 1 in a lane whose keyframe j is after now: the sign of now - t, never -0.0 (now is
        // normalized, and x - x is +0.0) nor NaN. Shifts and adds in both lanes: compared as
        // masks, the optimiser turns the lanes into scalar compares and branches here, which
        // mispredict when the frames come in any order (seeks of a million springs: 8.2 ns
        // with them, 6.4 without).
        @inline(__always) func after(_ j: Int) -> SIMD2<UInt64> {
            unsafeBitCast(now - SIMD2(times[first0 &+ j], times[first1 &+ j]), to: SIMD2<UInt64>.self) &>> 63
        }
        let firstAfter = after(0)
        var lastAfter = after(1)
        var later = firstAfter &+ lastAfter
        if count > 2 {
            lastAfter = after(2)
            later &+= lastAfter
        }
        if count > 3 {
            lastAfter = after(3)
            later &+= lastAfter
        }
        // k = first - 1 + (keyframes at or before now).
        let inside = unsafeBitCast(0 &- (lastAfter & (firstAfter ^ 1)), to: SIMD2<Int64>.self)
        return (
            first0 &- 1 &+ count &- Int(truncatingIfNeeded: later.x),
            first1 &- 1 &+ count &- Int(truncatingIfNeeded: later.y), inside
        )
    }

    /// Progress clamped to `0...1` in both lanes, NaN read as 0 (as ``clamp(_:)``).
    @inline(__always)
    static func clamp(_ u: SIMD2<Double>) -> SIMD2<Double> {
        let upper = u.replacing(with: 1, where: .!(u .< 1))
        return upper.replacing(with: 0, where: .!(u .> 0))
    }

    /// Two tables' eased progress at `u` in `0...1` (the top-level pieces only), or `nil` if a lane
    /// lands on a refined piece.
    @inline(__always)
    func curveValues(base: SIMD2<Int>, at u: SIMD2<Double>) -> SIMD2<Double>? {
        let scaled = u * Double(TimingCurveTable.cellCount)
        let biased = scaled + TimingCurveTable.roundingBias
        let s = scaled - (biased - TimingCurveTable.roundingBias)
        let nearest = SIMD2<Int>(truncatingIfNeeded: unsafeBitCast(biased, to: SIMD2<UInt64>.self) & 0x1FF)
        let c = pieces + 4 &* (base.x &+ nearest.x)
        let d = pieces + 4 &* (base.y &+ nearest.y)
        let eased = ((SIMD2(c[3], d[3]) * s + SIMD2(c[2], d[2])) * s + SIMD2(c[1], d[1])) * s + SIMD2(c[0], d[0])
        return eased.eitherIsNaN ? nil : eased
    }
}
