/// Unowned pointers into a bank's storage, for the per-frame loops: no retain, release or
/// existential call on the common path.
///
/// A view is valid while the ``BankStorage`` it was made from is alive; the bank and playhead
/// methods that make one keep the storage alive for the duration of the call.
struct BankView: SegmentOperands {
    unowned(unsafe) let storage: BankStorage
    let firstKeyframe: UnsafeMutablePointer<Int32>
    let times: UnsafeMutablePointer<Double>
    let values: UnsafeMutablePointer<Double>
    let codes: UnsafeMutablePointer<UInt32>
    let pieces: UnsafeMutablePointer<Double>
    let hermiteVelocities: UnsafeMutablePointer<SIMD2<Double>>
    let linearSegments: UnsafeMutablePointer<LinearSegmentRecord>
    let transitionHeaders: UnsafeMutablePointer<TransitionTableHeader>
    let transitionEntries: UnsafeMutablePointer<StateMatrix>
    let transitionCoefficients: UnsafeMutablePointer<SIMD2<Double>>

    init(_ storage: BankStorage) {
        self.storage = storage
        firstKeyframe = storage.firstKeyframe
        times = storage.times
        values = storage.values
        codes = storage.codes
        pieces = storage.pieces
        hermiteVelocities = storage.hermiteVelocities
        linearSegments = storage.linearSegments
        transitionHeaders = storage.transitionHeaders
        transitionEntries = storage.transitionEntries
        transitionCoefficients = storage.transitionCoefficients
    }

    /// Track `track`'s keyframes: `first ..< end` in the flat arrays.
    @inline(__always)
    func keyframes(ofTrack track: Int) -> (first: Int, end: Int) {
        (Int(firstKeyframe[track]), Int(firstKeyframe[track &+ 1]))
    }

    /// A time as the loops take it: NaN read as before every keyframe (as a track reads it),
    /// infinities as the largest finite times (so that no progress is ever `∞ × 0`), and -0.0 as
    /// +0.0, so that `time - t` is never -0.0.
    @inline(__always)
    static func normalized(_ time: Double) -> Double {
        time.isNaN ? -.greatestFiniteMagnitude : Swift.min(Swift.max(time, -.greatestFiniteMagnitude), .greatestFiniteMagnitude) + 0
    }

    /// The last keyframe in `first ..< end` whose time is at most `time`, or `first - 1` when there
    /// is none. `time` must be ``normalized(_:)``.
    ///
    /// Up to 8 keyframes the keyframes at or before `time` are counted from the sign bits of
    /// `time - t[j]`, with no branch that depends on the time (the common lengths unrolled);
    /// longer tracks take a binary search.
    @inline(__always)
    func lastKeyframe(atOrBefore time: Double, first: Int, end: Int) -> Int {
        // The sign bit of time - t is 0 exactly when t <= time (never -0.0, see above).
        @inline(__always) func isAtOrBefore(_ keyframe: Int) -> Int {
            Int(truncatingIfNeeded: ((time - times[keyframe]).bitPattern >> 63) ^ 1)
        }
        switch end &- first {
        case 2: return first &- 1 &+ isAtOrBefore(first) &+ isAtOrBefore(first &+ 1)
        case 3:
            return first &- 1 &+ isAtOrBefore(first) &+ isAtOrBefore(first &+ 1) &+ isAtOrBefore(first &+ 2)
        case 4:
            return first &- 1 &+ isAtOrBefore(first) &+ isAtOrBefore(first &+ 1) &+ isAtOrBefore(first &+ 2)
                &+ isAtOrBefore(first &+ 3)
        case ...8:
            var index = first &- 1
            var keyframe = first
            while keyframe < end {
                index &+= isAtOrBefore(keyframe)
                keyframe &+= 1
            }
            return index
        default:
            guard times[first] <= time else { return first &- 1 }
            var low = first
            var high = end
            while high &- low > 1 {
                let middle = (low &+ high) >> 1
                if times[middle] <= time { low = middle } else { high = middle }
            }
            return low
        }
    }

    /// Progress clamped to `0...1`, NaN read as 0.
    @inline(__always)
    static func clamp(_ u: Double) -> Double {
        u > 0 ? (u < 1 ? u : 1) : 0
    }

    /// The eased progress at `u` in `0...1` of the table whose pieces start at `base`.
    @inline(__always)
    func curveValue(base: Int, at u: Double) -> Double {
        TimingCurveTable.lookup(u, base: base, pieces: pieces) { storage.curve(atBase: base) }
    }

    /// Track `track`'s value at `time`: what `Track.value(at:)` gives (bit for bit for linear,
    /// hold and identical-precision segments; within the table's tolerance for tabulated curves).
    ///
    /// A tabulated segment's progress is `(time - start) × (1 / span)`, the same arithmetic as a
    /// playhead's, so that seeking and playing agree bit for bit.
    @inline(__always)
    func value(ofTrack track: Int, at time: Double) -> Double {
        let (first, end) = keyframes(ofTrack: track)
        if end - first == 1 { return values[first] }
        let k = lastKeyframe(atOrBefore: time, first: first, end: end)
        return value(first: first, last: end - 1, keyframe: k, at: time)
    }

    /// The value at `time` of a track with keyframes `first ... last` (at least two) whose last
    /// keyframe at or before `time` is `k` (`first - 1` before the first).
    @inline(__always)
    func value(first: Int, last: Int, keyframe k: Int, at time: Double) -> Double {
        value(first: first, last: last, keyframe: k, at: time) { g, _ in segmentValue(g, at: time) }
    }

    /// The value at `time` as ``value(first:last:keyframe:at:)`` computes it, with segments that
    /// are not tabulated left to `other` (given the segment's first keyframe and code).
    ///
    /// Branch free between the inside and the ends of the track: the segment is clamped into the
    /// track, and the ends select the constant 0 table and a difference of -0.0 with bit masks.
    @inline(__always)
    func value(
        first: Int, last: Int, keyframe k: Int, at time: Double, other: (Int, UInt32) -> Double
    ) -> Double {
        // All ones inside the track (first <= k < last), zero before or after it.
        let inside = UInt64(bitPattern: Int64(~(((k &- first) | (last &- 1 &- k)) >> 63)))
        let g = Swift.max(first, Swift.min(k, last - 1))
        let code = codes[g + 1] & UInt32(truncatingIfNeeded: inside)
        guard SegmentCode.kind(code) == SegmentCode.table else { return other(g, code) }
        return tabulatedValue(first: first, keyframe: k, segment: g, inside: inside, code: code, at: time)
    }

    /// The value of a tabulated segment `g` (or an end of the track, `inside` zero) at `time`.
    @inline(__always)
    func tabulatedValue(
        first: Int, keyframe k: Int, segment g: Int, inside: UInt64, code: UInt32, at time: Double
    ) -> Double {
        let from = values[Swift.max(k, first)]
        let start = times[g]
        let inverseSpan = Double(bitPattern: (1 / (times[g + 1] - start)).bitPattern & inside)
        let difference = (values[g + 1] - values[g]).bitPattern
        let delta = Double(bitPattern: difference & inside | (-0.0).bitPattern & ~inside)
        let u = Self.clamp((time - start) * inverseSpan)
        return from + delta * curveValue(base: SegmentCode.payload(code), at: u)
    }

    /// The value of the segment from keyframe `g` to `g + 1` at `time`: the one interpreter of
    /// segment codes (``SegmentOperands/interpretedValue(ofSegment:at:)``) on the bank's buffers, out of line
    /// for the loops that reach it only for segments that are not tabulated.
    @inline(never)
    func segmentValue(_ g: Int, at time: Double) -> Double {
        interpretedValue(ofSegment: g, at: time)
    }

    /// The state `t` seconds after `(displacement, velocity)` under transition table `table`: from
    /// the table within its coverage, from the segment's exact transition beyond.
    @inline(__always)
    func propagate(
        _ t: Double, displacement: Double, velocity: Double, table: Int
    ) -> (displacement: Double, velocity: Double) {
        let header = transitionHeaders[table]
        guard t <= header.coverage else {
            return exactPropagation(t, displacement: displacement, velocity: velocity, table: table)
        }
        return header.propagate(
            Swift.max(t, 0), displacement: displacement, velocity: velocity,
            entries: transitionEntries, coefficients: transitionCoefficients)
    }

    @inline(never)
    func exactPropagation(
        _ t: Double, displacement: Double, velocity: Double, table: Int
    ) -> (displacement: Double, velocity: Double) {
        storage.transitionTables[table].segment.transition(over: t)
            .applied(toDisplacement: displacement, velocity: velocity)
    }
}

extension BankView {
    @inline(__always)
    func time(_ k: Int) -> Double { times[k] }

    @inline(__always)
    func value(_ k: Int) -> Double { values[k] }

    @inline(__always)
    func code(ofSegment g: Int) -> UInt32 { codes[g + 1] }

    @inline(__always)
    func tableValue(payload: Int, segment g: Int, at u: Double) -> Double {
        curveValue(base: payload, at: u)
    }

    @inline(__always)
    func directValue(payload: Int, segment g: Int, at u: Double) -> Double {
        storage.directCurves[payload].value(at: u)
    }

    @inline(__always)
    func hermiteVelocityPair(payload: Int, segment g: Int) -> SIMD2<Double> {
        hermiteVelocities[payload]
    }

    @inline(__always)
    func linearTimeInvariantDisplacement(payload: Int, segment g: Int, local: Double, displacement: Double) -> Double {
        let record = linearSegments[payload]
        return propagate(local, displacement: displacement, velocity: record.startVelocity, table: record.table).displacement
    }

    @inline(__always)
    func customSegment(payload: Int, segment g: Int) -> CustomSegmentRecord? {
        storage.customSegments[payload]
    }
}
