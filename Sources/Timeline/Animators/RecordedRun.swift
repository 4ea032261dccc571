/// A running animator's frames as a pure function of clock time: its line (``AnimatorLine``), its
/// curve and the numbers it writes, copied out of its clock's batch.
///
/// A ``RecordedRunTable`` of runs computes exactly what the batch's loop stores into the state's
/// cell at a clock time (the same functions, so the same bits) while the animator keeps running
/// on that line. A ``StateRecording`` keeps these between the frames where something else happens,
/// and evaluates any frame from them without a clock, a lock or an animator.
struct RecordedRun: Sendable {
    fileprivate let line: AnimatorLine
    fileprivate let lanes: [AnimatorProgram.Lane]
    /// The curve's table's pieces (`nil`: linear timing, or a called curve), kept alive by
    /// ``timing``.
    nonisolated(unsafe) fileprivate let pieces: UnsafePointer<Double>?
    fileprivate let timing: TimingCurve
    fileprivate let callsCurve: Bool

    init(_ slot: RunSlot, program: AnimatorProgram) {
        line = slot.line
        lanes = (0..<Int(slot.laneCount)).map { program.lane($0) }
        pieces = slot.curve == nil ? nil : program.curvePieces
        timing = program.timing
        callsCurve = slot.callsCurve
    }
}

/// Recorded runs laid out for evaluating many frames: each run's line as plain numbers and
/// pointers, the lanes of all runs in one buffer, so that evaluating a frame copies, retains and
/// looks up nothing.
final class RecordedRunTable: @unchecked Sendable {
    /// One run as plain data: its line, its curve, where its lanes are.
    private struct PlainRun {
        var line: AnimatorLine
        /// The curve's table, or `nil` for linear timing and called curves.
        var pieces: UnsafePointer<Double>?
        /// A called curve's function (a spring's), or `nil`.
        var function: Unmanaged<FunctionBox>?
        var firstLane: Int
        var laneCount: Int
    }

    /// A called curve's function, called in place: a ``TimingCurve``'s own
    /// ``TimingCurve/value(at:)`` copies (and so retains) a function too large for an
    /// existential's inline storage, as a spring's is, on every call.
    private final class FunctionBox: Sendable {
        let function: any TimingFunction

        init(_ function: any TimingFunction) { self.function = function }
    }

    /// The runs, kept for their tables' storage, and for their curves where a table calls its
    /// curve (outside the range it follows).
    private let runs: [RecordedRun]
    /// The called curves' boxes, kept alive for the plain runs.
    private let functions: [FunctionBox]
    private let plainRuns: UnsafeMutablePointer<PlainRun>
    private let lanes: UnsafeMutablePointer<AnimatorProgram.Lane>

    /// Lays out `runs`.
    init(_ runs: [RecordedRun]) {
        self.runs = runs
        plainRuns = .allocate(capacity: max(runs.count, 1))
        lanes = .allocate(capacity: max(runs.reduce(0) { $0 + $1.lanes.count }, 1))
        var functions: [FunctionBox] = []
        var next = 0
        for (index, run) in runs.enumerated() {
            var function: Unmanaged<FunctionBox>?
            if run.callsCurve {
                let box = FunctionBox(run.timing.function)
                functions.append(box)
                function = .passUnretained(box)
            }
            (plainRuns + index).initialize(
                to: PlainRun(
                    line: run.line, pieces: run.pieces, function: function, firstLane: next,
                    laneCount: run.lanes.count))
            for lane in run.lanes {
                (lanes + next).initialize(to: lane)
                next += 1
            }
        }
        self.functions = functions
    }

    deinit {
        plainRuns.deallocate()
        lanes.deallocate()
    }

    /// Stores the numbers of runs `range` (indices into the runs the table was made of) at clock
    /// time `time` into a state's words (the state's value as ``AnimatedState`` stores it: 64-bit
    /// words, number `i` at byte `8 × i`), run after run: each as the batch's loop (``RunSlot``)
    /// computes it, step by step, so the bits are the same.
    func write(runs range: Range<Int>, at time: Double, intoWords words: UnsafeMutableRawPointer) {
        for index in range {
            let run = plainRuns[index]
            let fraction = run.line.position(at: time) / run.line.duration
            let lanes = lanes + run.firstLane
            AnimatorProgram.Lane.write(
                count: run.laneCount, lane: { lanes[$0] },
                progress: { start in
                    let local = AnimatorProgram.localProgress(startingAt: start, at: fraction)
                    if let function = run.function {
                        // What `TimingCurve.value(at:)` computes for a function.
                        return function._withUnsafeGuaranteedRef { $0.function.value(at: TimingCurve.clamp(local)) }
                    }
                    return RunSlot.progress(local, curve: run.pieces) { runs[index].timing }
                },
                store: { words.storeBytes(of: $0.bitPattern, toByteOffset: 8 * $1, as: UInt64.self) })
        }
    }
}

extension AnimatedState {
    /// The lines of the animators on `clock` that are running and write numbers straight into
    /// this state, as the clock's batch would run their next frame. Animators that run in any
    /// other way (a clip, a motion, a paused scrub) are not among them.
    func recordedRuns(on clock: any FrameClock) -> [RecordedRun] {
        guard isPlain, let group = AnimatorGroup.existingGroup(for: clock) else { return [] }
        return group.recordedRuns(writingTo: cell.base)
    }
}
