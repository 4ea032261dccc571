extension Track {
    /// The segment containing `time`: `-1` before the first keyframe (or for NaN), `count - 1`
    /// at or after the last keyframe, else `i` with `times[i] <= time < times[i + 1]`.
    @inlinable
    func segmentIndex(containing time: Double, from hint: Int) -> Int {
        let storage = storage
        let last = storage.keyframeCount - 1
        guard time >= storage.time(at: 0) else { return -1 }
        guard time < storage.time(at: last) else { return last }
        // Forward playback: the hint's segment or one of the next few.
        var index = max(hint, 0)
        if index < last, storage.time(at: index) <= time {
            var steps = 0
            while index < last, steps < 4 {
                if time < storage.time(at: index + 1) { return index }
                index += 1
                steps += 1
            }
        }
        // Random access: binary search for the last time <= `time`.
        var low = 0
        var high = last
        while high - low > 1 {
            let middle = (low + high) / 2
            if storage.time(at: middle) <= time { low = middle } else { high = middle }
        }
        return low
    }

    @inlinable @inline(__always)
    func value(at time: Double, segment index: Int) -> Value {
        if Value.self == Double.self {
            // A track of numbers runs the one interpreter of segment codes, as banks do.
            let numbers = unsafeBitCast(storage, to: TrackStorage<Double>.self)
            return unsafeBitCast(numbers.interpretedValue(at: time, segment: index, tabulated: true), to: Value.self)
        }
        let storage = storage
        if index < 0 { return storage.value(at: 0) }
        let last = storage.keyframeCount - 1
        if index >= last { return storage.value(at: last) }
        if let pieces = storage.tablePieces(ofSegment: index) {
            return tabulatedValue(segment: index, at: time, pieces: pieces)
        }
        return evaluateValue(segment: index, local: time - times[index])
    }

    /// The value of segment `index`, eased by its curve's table, at `time`: the arithmetic of a
    /// ``ScalarTrackBank`` of tabulated precision, so that the two agree bit for bit.
    @inlinable @inline(__always)
    func tabulatedValue(segment index: Int, at time: Double, pieces: UnsafePointer<Double>) -> Value {
        let storage = storage
        let start = storage.time(at: index)
        let progress = (time - start) * (1 / (storage.time(at: index + 1) - start))
        let u = progress > 0 ? (progress < 1 ? progress : 1) : 0
        let eased = TimingCurveTable.lookup(u, base: 0, pieces: pieces) { storage.curve(ofSegment: index) }
        let from = storage.value(at: index)
        return from + (storage.value(at: index + 1) - from).scaled(by: eased)
    }

    /// The value at `time` with every curve called itself, as ``CurvePrecision/identical``
    /// evaluates it.
    @inlinable
    func exactValue(at time: Double, segment index: Int) -> Value {
        if Value.self == Double.self {
            let numbers = unsafeBitCast(storage, to: TrackStorage<Double>.self)
            return unsafeBitCast(numbers.interpretedValue(at: time, segment: index, tabulated: false), to: Value.self)
        }
        if index < 0 { return values[0] }
        if index >= times.count - 1 { return values[times.count - 1] }
        return evaluateValue(segment: index, local: time - times[index])
    }

    @inlinable
    func velocity(at time: Double, segment index: Int) -> Value {
        if index < 0 || index >= times.count - 1 { return .zero }
        return evaluateVelocity(segment: index, local: time - times[index])
    }

    @inlinable
    func evaluateValue(segment index: Int, local: Double) -> Value {
        let p0 = values[index]
        let p1 = values[index + 1]
        let duration = times[index + 1] - times[index]
        let u = local / duration
        switch kinds[index] {
        case .hold:
            return p0
        case .linear:
            return p0 + (p1 - p0).scaled(by: u)
        case .timing(let function):
            return p0 + (p1 - p0).scaled(by: function.value(at: u))
        case .hermite:
            let u2 = u * u
            let u3 = u2 * u
            let h00 = 2 * u3 - 3 * u2 + 1
            let h10 = u3 - 2 * u2 + u
            let h01 = 3 * u2 - 2 * u3
            let h11 = u3 - u2
            return p0.scaled(by: h00) + p1.scaled(by: h01)
                + startVelocities[index].scaled(by: h10 * duration)
                + endVelocities[index].scaled(by: h11 * duration)
        case .custom(let interpolator):
            return interpolator.valueWeights(at: local, duration: duration).combine(
                from: p0, to: p1,
                startVelocity: startVelocities[index], endVelocity: endVelocities[index])
        }
    }

    @inlinable
    func evaluateVelocity(segment index: Int, local: Double) -> Value {
        let p0 = values[index]
        let p1 = values[index + 1]
        let duration = times[index + 1] - times[index]
        let u = local / duration
        switch kinds[index] {
        case .hold:
            return .zero
        case .linear:
            return (p1 - p0).scaled(by: 1 / duration)
        case .timing(let function):
            return (p1 - p0).scaled(by: function.derivative(at: u) / duration)
        case .hermite:
            let u2 = u * u
            let d00 = 6 * u2 - 6 * u
            let d10 = 3 * u2 - 4 * u + 1
            let d11 = 3 * u2 - 2 * u
            return (p0 - p1).scaled(by: d00 / duration)
                + startVelocities[index].scaled(by: d10)
                + endVelocities[index].scaled(by: d11)
        case .custom(let interpolator):
            return interpolator.velocityWeights(at: local, duration: duration).combine(
                from: p0, to: p1,
                startVelocity: startVelocities[index], endVelocity: endVelocities[index])
        }
    }
}

extension TrackStorage where Value == Double {
    /// The value at `time` of a track of numbers whose segment containing `time` is `index`
    /// (`-1` before the first keyframe): the one interpreter of segment codes
    /// (``SegmentOperands/interpretedValue(ofSegment:at:)``) on the track's packed block, curves
    /// read from their tables (`tabulated`) or each called itself.
    @usableFromInline
    func interpretedValue(at time: Double, segment index: Int, tabulated: Bool) -> Double {
        if index < 0 { return value(at: 0) }
        let last = keyframeCount - 1
        if index >= last { return value(at: last) }
        return TrackSegmentOperands(storage: self, tabulated: tabulated).interpretedValue(ofSegment: index, at: time)
    }
}

/// One `Track<Double>`'s operands for the interpreter of segment codes: times, values, codes and
/// tables from its packed block, and what the block does not hold (a called curve, Hermite
/// velocities, a plugin's interpolator) from its fields, by segment index.
struct TrackSegmentOperands: SegmentOperands {
    let storage: TrackStorage<Double>
    /// Whether table segments read their tables (else each curve is called itself).
    let tabulated: Bool

    @inline(__always)
    func time(_ k: Int) -> Double { storage.time(at: k) }

    @inline(__always)
    func value(_ k: Int) -> Double { storage.value(at: k) }

    @inline(__always)
    func code(ofSegment g: Int) -> UInt32 {
        let code = storage.code(ofSegment: g)
        guard !tabulated, SegmentCode.kind(code) == SegmentCode.table else { return code }
        return SegmentCode.make(SegmentCode.direct, 0)
    }

    @inline(__always)
    func tableValue(payload: Int, segment g: Int, at u: Double) -> Double {
        guard let pieces = storage.tablePieces(ofSegment: g) else { return directValue(payload: payload, segment: g, at: u) }
        return TimingCurveTable.lookup(u, base: 0, pieces: pieces) { storage.curve(ofSegment: g) }
    }

    func directValue(payload: Int, segment g: Int, at u: Double) -> Double {
        guard case .timing(let function) = storage.kinds[g] else { return u }
        return function.value(at: u)
    }

    func hermiteVelocityPair(payload: Int, segment g: Int) -> SIMD2<Double> {
        SIMD2(storage.startVelocities[g], storage.endVelocities[g])
    }

    /// A track codes no segment as linear time-invariant (it calls its springs); should one be,
    /// its interpolator gives the same motion exactly.
    func linearTimeInvariantDisplacement(payload: Int, segment g: Int, local: Double, displacement: Double) -> Double {
        guard let segment = customSegment(payload: payload, segment: g) else { return displacement }
        let w = segment.interpolator.valueWeights(at: local, duration: time(g + 1) - time(g))
        return displacement * w.from + segment.startVelocity * w.startVelocity + segment.endVelocity * w.endVelocity
    }

    func customSegment(payload: Int, segment g: Int) -> CustomSegmentRecord? {
        guard case .custom(let interpolator) = storage.kinds[g] else { return nil }
        return CustomSegmentRecord(
            interpolator: interpolator, startVelocity: storage.startVelocities[g], endVelocity: storage.endVelocities[g])
    }
}
