/// Many scalar tracks compiled together for evaluation every frame: struct-of-arrays storage, one
/// table per distinct curve, and loops that neither allocate nor call through existentials.
///
/// A bank holds the keyframe times, values and segment codes of all its tracks one after another
/// in flat buffers (about 21 bytes per keyframe). Each distinct timing curve becomes a
/// ``TimingCurveTable`` checked against the curve; each distinct spring (any
/// ``LinearTimeInvariantSegment``) a table of exact transitions. Tracks of points, colours and
/// other ``ComponentwiseAnimatable`` values become one scalar track per component.
///
/// ```swift
/// let bank = try ScalarTrackBank(tracks)                // [Track<Double>]
/// var values = [Double](repeating: 0, count: bank.trackCount)
/// try bank.evaluate(at: 0.25, into: &values)           // random access: any time, any order
///
/// var playhead = bank.makePlayhead()                   // forward playback: a cursor per track
/// for frame in 0...600 {
///     playhead.evaluate(frame: frame, rate: .fps60, into: &values)
/// }
/// ```
///
/// ## Guarantees
/// | | ``CurvePrecision/tabulated`` (default) | ``CurvePrecision/identical`` |
/// |---|---|---|
/// | linear, hold, before the first and after the last keyframe | bit for bit `Track.value(at:)` | bit for bit |
/// | timing curves | within the table's tolerance (1e-9) of the curve; bit for bit `Track.value(at:)`, which reads the same shared tables, for `Hashable` curves | bit for bit `Track.value(at:precision:)` with `.identical` |
/// | cubic and plugin segments | bit for bit | bit for bit |
/// | springs (linear time-invariant segments) | within about 1e-14 of the closed form | bit for bit |
///
/// Values depend only on the time (and, for ``ScalarTrackPlayhead/evaluate(frame:rate:into:concurrently:)``,
/// the frame index): evaluating concurrently, seeking, or playing from another start gives the same
/// bits. A NaN time reads as a time before the first keyframe, as a track reads it.
///
/// - Complexity: ``evaluate(at:into:concurrently:)`` is O(n log k) for n tracks of k keyframes
///   (branch free for k <= 8); a playhead moving forward is O(n).
public struct ScalarTrackBank: Sendable {
    /// How closely a bank follows its curves: the precision tracks are evaluated with
    /// (``CurvePrecision``), under the name banks have always given it.
    public typealias Precision = CurvePrecision

    let storage: BankStorage

    /// How the bank reproduces its tracks.
    public let precision: Precision

    /// Compiles scalar tracks.
    ///
    /// - Parameters:
    ///   - tracks: The tracks, in the order their values are written.
    ///   - precision: ``CurvePrecision/tabulated`` by default.
    /// - Throws: ``ScalarTrackBankError/tooManyKeyframes(count:)`` beyond `Int32.max` keyframes.
    /// - Complexity: O(total keyframes), plus about 2,300 curve evaluations per distinct curve.
    public init(_ tracks: [Track<Double>], precision: Precision = .tabulated) throws(ScalarTrackBankError) {
        var compiler = BankCompiler(precision: precision)
        try compiler.compile(tracks)
        storage = BankStorage(compiler)
        self.precision = precision
    }

    /// Compiles tracks of vector values as one scalar track per component.
    ///
    /// Track `i`'s component `c` is scalar track `i × Value.componentCount + c`: the tracks'
    /// ``Track/componentTracks``, compiled in order.
    ///
    /// - Parameters:
    ///   - tracks: The tracks.
    ///   - precision: ``CurvePrecision/tabulated`` by default.
    /// - Throws: ``ScalarTrackBankError/tooManyKeyframes(count:)`` beyond `Int32.max` scalar
    ///   keyframes.
    public init<Value: ComponentwiseAnimatable>(
        componentsOf tracks: [Track<Value>], precision: Precision = .tabulated
    ) throws(ScalarTrackBankError) {
        try self.init(tracks.flatMap(\.componentTracks), precision: precision)
    }

    /// The number of scalar tracks: how many values each evaluation writes.
    public var trackCount: Int { storage.trackCount }

    /// The number of scalar keyframes.
    public var keyframeCount: Int { storage.keyframeCount }

    /// The bytes the compiled form occupies: keyframes, codes, offsets and tables.
    public var compiledByteCount: Int { storage.byteCount }

    /// The distinct curves the bank tabulated, with their measured errors.
    public var curveTables: [TimingCurveTable] { storage.curveTables }

    /// The number of distinct spring (linear time-invariant) segment kinds played from tables.
    public var transitionTableCount: Int { storage.transitionTables.count }

    /// Scalar track `index`'s value at `time`.
    ///
    /// - Throws: ``ScalarTrackBankError/trackOutOfRange(index:trackCount:)``.
    /// - Complexity: O(log k) for k keyframes.
    public func value(ofTrack index: Int, at time: Double) throws(ScalarTrackBankError) -> Double {
        guard index >= 0, index < trackCount else {
            throw .trackOutOfRange(index: index, trackCount: trackCount)
        }
        let time = BankView.normalized(time)
        return withExtendedLifetime(storage) { BankView(storage).value(ofTrack: index, at: time) }
    }

    /// Writes every track's value at `time` into `output[0 ..< trackCount]`.
    ///
    /// Random access: times may come in any order. No allocation (concurrent evaluation may let
    /// Dispatch allocate its bookkeeping).
    ///
    /// - Parameters:
    ///   - time: Seconds; NaN reads as before the first keyframe.
    ///   - output: Room for at least ``trackCount`` values.
    ///   - concurrently: Whether to split the tracks across every core; the values are the same.
    /// - Throws: ``ScalarTrackBankError/outputTooSmall(needed:given:)``.
    public func evaluate(
        at time: Double, into output: UnsafeMutableBufferPointer<Double>, concurrently: Bool = false
    ) throws(ScalarTrackBankError) {
        guard output.count >= trackCount else {
            throw .outputTooSmall(needed: trackCount, given: output.count)
        }
        guard let base = output.baseAddress else { return }
        let time = BankView.normalized(time)
        withExtendedLifetime(storage) {
            let view = BankView(storage)
            BankParallel.run(count: trackCount, concurrently: concurrently) { range in
                view.values(range, at: time, into: base) { _, g, _ in view.segmentValue(g, at: time) }
            }
        }
    }

    /// Writes every track's value at `time` into `output`, growing it to ``trackCount`` values if
    /// it is shorter (the only allocation, on first use).
    ///
    /// - Parameters:
    ///   - time: Seconds; NaN reads as before the first keyframe.
    ///   - output: The values, by track.
    ///   - concurrently: Whether to split the tracks across every core; the values are the same.
    public func evaluate(at time: Double, into output: inout [Double], concurrently: Bool = false) {
        if output.count < trackCount {
            output += repeatElement(0, count: trackCount - output.count)
        }
        output.withUnsafeMutableBufferPointer { buffer in
            try? evaluate(at: time, into: buffer, concurrently: concurrently)
        }
    }

    /// Writes every track's value at `time` into `output[offset ..< offset + trackCount]`: a bank
    /// that fills part of a larger array (a frame's numbers).
    ///
    /// - Parameters:
    ///   - time: Seconds; NaN reads as before the first keyframe.
    ///   - output: The array; it is not resized.
    ///   - offset: Where the first track's value goes.
    /// - Throws: ``ScalarTrackBankError/outputTooSmall(needed:given:)`` when the tracks do not fit
    ///   from `offset` (or `offset` is negative).
    public func evaluate(
        at time: Double, into output: inout [Double], startingAt offset: Int
    ) throws(ScalarTrackBankError) {
        guard offset >= 0, offset <= output.count, output.count - offset >= trackCount else {
            throw .outputTooSmall(needed: trackCount, given: Swift.max(output.count - Swift.max(offset, 0), 0))
        }
        let result = output.withUnsafeMutableBufferPointer { buffer in
            Result { () throws(ScalarTrackBankError) in
                try evaluate(at: time, into: UnsafeMutableBufferPointer(rebasing: buffer[offset...]))
            }
        }
        try result.get()
    }

    /// A playhead for forward playback of this bank (see ``ScalarTrackPlayhead``).
    public func makePlayhead() -> ScalarTrackPlayhead {
        ScalarTrackPlayhead(bank: self)
    }
}
