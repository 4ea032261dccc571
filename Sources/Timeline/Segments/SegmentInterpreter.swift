/// Where the one interpreter of segment codes finds a segment's operands: a bank's flat buffers
/// (``BankView``) or one `Track<Double>`'s packed block (``TrackSegmentOperands``).
///
/// The interpreter (``interpretedValue(ofSegment:at:)``) is written once, here; each conformance only says
/// where a keyframe's time and value, a segment's code and a code's payload are. Specialised for
/// each, it is the code each had on its own before.
protocol SegmentOperands {
    /// The time of keyframe `k`.
    func time(_ k: Int) -> Double
    /// The value of keyframe `k`.
    func value(_ k: Int) -> Double
    /// The code of the segment from keyframe `g` to `g + 1` (a ``SegmentCode``).
    func code(ofSegment g: Int) -> UInt32
    /// The eased progress at `u` in `0...1` of table segment `g`, whose code's payload is
    /// `payload`.
    func tableValue(payload: Int, segment g: Int, at u: Double) -> Double
    /// The progress at `u` of direct segment `g`'s curve, called itself.
    func directValue(payload: Int, segment g: Int, at u: Double) -> Double
    /// The start and end velocities of Hermite segment `g`.
    func hermiteVelocityPair(payload: Int, segment g: Int) -> SIMD2<Double>
    /// The displacement from its end value `local` seconds into linear time-invariant segment
    /// `g`, which starts displaced by `displacement`.
    func linearTimeInvariantDisplacement(payload: Int, segment g: Int, local: Double, displacement: Double) -> Double
    /// Plugin segment `g`'s interpolator and resolved velocities (`nil` holds the start value).
    func customSegment(payload: Int, segment g: Int) -> CustomSegmentRecord?
}

extension SegmentOperands {
    /// The value of the segment from keyframe `g` to `g + 1` at `time`: the one interpreter of
    /// segment codes. A tabulated segment's progress is `(time - start) × (1 / span)`, the
    /// arithmetic of a playhead's, so that seeking, playing and reading a track agree bit for bit.
    @inline(__always)
    func interpretedValue(ofSegment g: Int, at time: Double) -> Double {
        let start = self.time(g)
        let p0 = value(g)
        let p1 = value(g + 1)
        let local = time - start
        let duration = self.time(g + 1) - start
        let u = local / duration
        let code = code(ofSegment: g)
        let payload = SegmentCode.payload(code)
        switch SegmentCode.kind(code) {
        case SegmentCode.table:
            let progress = local * (1 / duration)
            return p0 + (p1 - p0) * tableValue(payload: payload, segment: g, at: progress > 0 ? (progress < 1 ? progress : 1) : 0)
        case SegmentCode.linear:
            return p0 + (p1 - p0) * u
        case SegmentCode.direct:
            return p0 + (p1 - p0) * directValue(payload: payload, segment: g, at: u)
        case SegmentCode.hermite:
            let velocities = hermiteVelocityPair(payload: payload, segment: g)
            let u2 = u * u
            let u3 = u2 * u
            let h00 = 2 * u3 - 3 * u2 + 1
            let h10 = u3 - 2 * u2 + u
            let h01 = 3 * u2 - 2 * u3
            let h11 = u3 - u2
            return p0 * h00 + p1 * h01 + velocities.x * (h10 * duration)
                + velocities.y * (h11 * duration)
        case SegmentCode.linearTimeInvariant:
            return p1 + linearTimeInvariantDisplacement(payload: payload, segment: g, local: local, displacement: p0 - p1)
        case SegmentCode.custom:
            guard let segment = customSegment(payload: payload, segment: g) else { return p0 }
            let w = segment.interpolator.valueWeights(at: local, duration: duration)
            return p0 * w.from + p1 * w.to + segment.startVelocity * w.startVelocity
                + segment.endVelocity * w.endVelocity
        default:
            return p0
        }
    }
}
