/// Forward playback of a ``ScalarTrackBank``: a cursor and the active segment of every track, so
/// that each frame touches only what it needs.
///
/// A playhead plays by time (``evaluate(at:into:concurrently:)``) or by frame index at a frame rate
/// (``evaluate(frame:rate:into:concurrently:)``). Moving forward costs O(1) per track; moving
/// backwards, jumping to another frame, or switching between the two is a seek, O(log k) per track.
/// Either way the values are those of the bank at that time: a playhead never drifts.
///
/// ```swift
/// var playhead = bank.makePlayhead()
/// var values = [Double](repeating: 0, count: bank.trackCount)
/// for frame in 0...600 {
///     playhead.evaluate(frame: frame, rate: .fps60, into: &values)
///     render(values)
/// }
/// ```
///
/// ## Springs frame by frame
/// In frame playback a spring (any ``LinearTimeInvariantSegment``) is computed from its state at
/// its segment's first frame, carried over the frames since by the exact transition over that
/// many frames: one row of a table per spring kind and two products, no exponential or
/// trigonometry, nothing carried from frame to frame. The first frame's state is computed once
/// per segment, in closed form, the first time the playhead plays at a rate (an O(n) preparation,
/// which allocates; later frames at that rate do not). Seeking to a frame computes the same
/// product, so a frame's values do not depend on where playback started, bit for bit, and no
/// error accumulates. A spring kind's table covers its longest segment, up to 4,096 frames; a
/// segment with more frames than that is computed in closed form at each frame's time, whether
/// played or sought.
/// Time playback evaluates springs in closed form every time.
///
/// A playhead is a value: a copy plays on independently (its state is copied on the next write).
public struct ScalarTrackPlayhead: Sendable {
    /// The bank being played.
    public let bank: ScalarTrackBank
    private var state: PlayheadState

    /// Creates a playhead at no position: the first evaluation seeks.
    ///
    /// - Parameter bank: The bank to play.
    public init(bank: ScalarTrackBank) {
        self.bank = bank
        state = PlayheadState(count: bank.trackCount)
    }

    /// Writes every track's value at `time` into `output[0 ..< trackCount]`.
    ///
    /// No allocation. A time at or after the previous one plays forward; an earlier time (or NaN,
    /// which reads as before the first keyframe) seeks.
    ///
    /// - Parameters:
    ///   - time: Seconds.
    ///   - output: Room for at least the bank's ``ScalarTrackBank/trackCount`` values.
    ///   - concurrently: Whether to split the tracks across every core; the values are the same.
    /// - Throws: ``ScalarTrackBankError/outputTooSmall(needed:given:)``.
    public mutating func evaluate(
        at time: Double, into output: UnsafeMutableBufferPointer<Double>, concurrently: Bool = false
    ) throws(ScalarTrackBankError) {
        let time = BankView.normalized(time)
        let forward: Bool
        if case .time(let previous) = state.position { forward = time >= previous } else { forward = false }
        try run(time: time, frame: 0, rate: nil, forward: forward, output: output, concurrently: concurrently)
        state.position = .time(time)
    }

    /// Writes every track's value at frame `frame` of `rate` (time `frame × denominator / numerator`
    /// seconds, as the host loop computes it) into `output[0 ..< trackCount]`.
    ///
    /// No allocation once the rate is known. The frame after the previous one plays forward; any
    /// other frame seeks, with the same result bit for bit.
    ///
    /// - Parameters:
    ///   - frame: The frame index.
    ///   - rate: The frame rate.
    ///   - output: Room for at least the bank's ``ScalarTrackBank/trackCount`` values.
    ///   - concurrently: Whether to split the tracks across every core; the values are the same.
    /// - Throws: ``ScalarTrackBankError/outputTooSmall(needed:given:)``.
    public mutating func evaluate(
        frame: Int, rate: FrameRate, into output: UnsafeMutableBufferPointer<Double>,
        concurrently: Bool = false
    ) throws(ScalarTrackBankError) {
        let forward = state.position == .frame(frame &- 1, rate)
        try run(
            time: BankView.normalized(rate.seconds(ofFrame: frame)), frame: frame, rate: rate, forward: forward,
            output: output, concurrently: concurrently)
        state.position = .frame(frame, rate)
    }

    /// ``evaluate(at:into:concurrently:)`` into an array, grown to the bank's track count if shorter.
    ///
    /// - Parameters:
    ///   - time: Seconds.
    ///   - output: The values, by track.
    ///   - concurrently: Whether to split the tracks across every core.
    public mutating func evaluate(at time: Double, into output: inout [Double], concurrently: Bool = false) {
        Self.fit(&output, bank.trackCount)
        output.withUnsafeMutableBufferPointer { buffer in
            try? evaluate(at: time, into: buffer, concurrently: concurrently)
        }
    }

    /// ``evaluate(frame:rate:into:concurrently:)`` into an array, grown to the bank's track count if
    /// shorter.
    ///
    /// - Parameters:
    ///   - frame: The frame index.
    ///   - rate: The frame rate.
    ///   - output: The values, by track.
    ///   - concurrently: Whether to split the tracks across every core.
    public mutating func evaluate(
        frame: Int, rate: FrameRate, into output: inout [Double], concurrently: Bool = false
    ) {
        Self.fit(&output, bank.trackCount)
        output.withUnsafeMutableBufferPointer { buffer in
            try? evaluate(frame: frame, rate: rate, into: buffer, concurrently: concurrently)
        }
    }

    private static func fit(_ output: inout [Double], _ count: Int) {
        if output.count < count { output += repeatElement(0, count: count - output.count) }
    }

    private mutating func run(
        time: Double, frame: Int, rate: FrameRate?, forward: Bool,
        output: UnsafeMutableBufferPointer<Double>, concurrently: Bool
    ) throws(ScalarTrackBankError) {
        let count = bank.trackCount
        guard output.count >= count else { throw .outputTooSmall(needed: count, given: output.count) }
        if !isKnownUniquelyReferenced(&state) { state = state.copy() }
        let storage = bank.storage
        if let rate, state.frames.rate != rate {
            state.frames = withExtendedLifetime(storage) { FrameTransitions(BankView(storage), rate: rate) }
        }
        guard let base = output.baseAddress else { return }
        let state = self.state
        let recordsAreCurrent = state.recordsAreCurrent
        state.recordsAreCurrent = forward
        withExtendedLifetime((storage, state)) {
            let frames = state.frames
            frames.rows.withUnsafeBufferPointer { rows in
                frames.codes.withUnsafeBufferPointer { frameCodes in
                    frames.origins.withUnsafeBufferPointer { origins in
                        let kernel = PlayheadKernel(
                            bank: BankView(storage), records: state.records, codes: state.codes,
                            cursors: state.cursors, pending: state.pending, rows: rows.baseAddress!,
                            frameCodes: frameCodes.baseAddress!, origins: origins.baseAddress!,
                            rate: rate, frameIndex: frame)
                        BankParallel.run(count: count, concurrently: concurrently) { range in
                            if !forward {
                                kernel.values(range, at: time, frame: frame, into: base)
                            } else if recordsAreCurrent {
                                kernel.advance(range, to: time, frame: frame, into: base)
                            } else {
                                kernel.rebuild(range, at: time, frame: frame, into: base)
                            }
                        }
                    }
                }
            }
        }
    }
}
