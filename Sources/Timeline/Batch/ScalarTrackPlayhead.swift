/// Forward playback of a ``ScalarTrackBank``: a cursor and the active segment of every track, so
/// that each frame touches only what it needs.
///
/// A playhead plays by time (``evaluate(at:into:concurrently:)``) or by frame index at a frame rate
/// (``evaluate(frame:rate:into:concurrently:)``). Moving forward costs O(1) per track; moving
/// backwards, jumping to another frame, or switching between the two is a seek, O(log k) per track.
/// Either way the values are those of the bank at that time: a playhead never drifts.
///
/// ```swift
/// var playhead = try bank.makePlayhead()
/// var values = [Double](repeating: 0, count: bank.trackCount)
/// for frame in 0...600 {
///     try playhead.evaluate(frame: frame, rate: .fps60, into: &values)
///     render(values)
/// }
/// ```
///
/// ## Springs frame by frame
/// In frame playback a spring (any ``LinearTimeInvariantSegment``) keeps its state at an anchor
/// frame: every frame whose index is a multiple of ``anchorInterval``, and the frame at which its
/// segment starts. Each frame's value is that state carried over the frames since the anchor by
/// the exact transition over that many frames (precomputed per spring kind: one row of a 2×2
/// product, no exponential or trigonometry, nothing written back). At the next anchor frame the
/// state is recomputed in closed form. Seeking to a frame computes the same anchor state and the
/// same product, so a frame's values do not depend on where playback started, bit for bit; and no
/// error accumulates from frame to frame. Time playback evaluates springs in closed form every
/// time.
///
/// A playhead is a value: a copy plays on independently (its state is copied on the next write).
public struct ScalarTrackPlayhead: Sendable {
    /// The bank being played.
    public let bank: ScalarTrackBank
    /// In frame playback, the spacing of the frames at which springs are recomputed in closed form.
    public let anchorInterval: Int
    private var state: PlayheadState

    /// Creates a playhead at no position: the first evaluation seeks.
    ///
    /// - Parameters:
    ///   - bank: The bank to play.
    ///   - anchorInterval: 1 to 256; 32 by default.
    /// - Throws: ``ScalarTrackBankError/invalidAnchorInterval(_:)``.
    public init(bank: ScalarTrackBank, anchorInterval: Int = 32) throws(ScalarTrackBankError) {
        guard anchorInterval >= 1, anchorInterval <= SteppedCode.maximumInterval else {
            throw .invalidAnchorInterval(anchorInterval)
        }
        self.bank = bank
        self.anchorInterval = anchorInterval
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
        if let rate, state.steppingRate != rate { prepareSteps(for: rate) }
        guard let base = output.baseAddress else { return }
        let storage = bank.storage
        let state = self.state
        let interval = anchorInterval
        let gridFrame = frame - ((frame % interval) + interval) % interval
        let isAnchorFrame = gridFrame == frame
        let recordsAreCurrent = state.recordsAreCurrent
        state.recordsAreCurrent = forward
        withExtendedLifetime((storage, state)) {
            state.powers.withUnsafeBufferPointer { powers in
                let kernel = PlayheadKernel(
                    bank: BankView(storage), records: state.records, codes: state.codes, cursors: state.cursors,
                    pending: state.pending, powers: powers.baseAddress!,
                    rate: rate, anchorInterval: interval, gridFrame: gridFrame,
                    gridTime: rate?.seconds(ofFrame: gridFrame) ?? 0, frameIndex: frame)
                BankParallel.run(count: count, concurrently: concurrently) { range in
                    if !forward {
                        kernel.values(range, at: time, frame: frame, into: base)
                    } else if recordsAreCurrent {
                        kernel.advance(range, to: time, frame: frame, isAnchorFrame: isAnchorFrame, into: base)
                    } else {
                        kernel.rebuild(range, at: time, frame: frame, into: base)
                    }
                }
            }
        }
    }

    /// The exact transitions over 0 to `anchorInterval - 1` frames of every spring table at `rate`.
    private mutating func prepareSteps(for rate: FrameRate) {
        var powers: [StateMatrix] = []
        for table in bank.storage.transitionTables {
            for frames in 0..<anchorInterval {
                let seconds = Double(frames) * Double(rate.denominator) / Double(rate.numerator)
                powers.append(table.segment.transition(over: seconds))
            }
        }
        state.powers = powers + [.identity]
        state.steppingRate = rate
    }
}
