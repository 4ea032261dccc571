/// A running animator's frames as a pure function of clock time: its line (anchor, velocity,
/// duration), its curve and the numbers it writes, copied out of its clock's batch.
///
/// ``write(at:intoWords:)`` computes exactly what the batch's loop stores into the state's cell
/// at that clock time (the same functions, so the same bits) while the animator keeps running on
/// that line. A compiled preset (`PresetProgram`) keeps these between the frames where something
/// else happens, and evaluates any frame from them without a clock, a lock or an animator.
package struct RecordedRun: Sendable {
    fileprivate let anchorClock: Double
    fileprivate let anchorPosition: Double
    fileprivate let velocity: Double
    fileprivate let duration: Double
    fileprivate let lanes: [AnimatorProgram.Lane]
    /// The curve's table (`nil`: linear timing, or a called curve), kept alive for ``pieces``.
    private let table: SharedCurveTable?
    nonisolated(unsafe) fileprivate let pieces: UnsafePointer<Double>?
    fileprivate let timing: TimingCurve
    fileprivate let callsCurve: Bool

    init(_ slot: RunSlot, program: AnimatorProgram) {
        anchorClock = slot.anchorClock
        anchorPosition = slot.anchorPosition
        velocity = slot.velocity
        duration = slot.duration
        lanes = (0..<Int(slot.laneCount)).map { program.lanes![$0] }
        table = slot.curve == nil ? nil : program.curveTable
        pieces = table.map { UnsafePointer($0.pieces) }
        timing = program.timing
        callsCurve = slot.callsCurve
    }

    /// The number of numbers the run writes.
    package var laneCount: Int { lanes.count }

    /// Stores the run's numbers at clock time `time` into a state's words (`words` holds the
    /// state's value as ``AnimatedState`` stores it: 64-bit words, number `i` at byte `8 × i`).
    package func write(at time: Double, intoWords words: UnsafeMutableRawPointer) {
        withUnsafePointer(to: timing) { timing in
            lanes.withUnsafeBufferPointer { lanes in
                RecordedRunTable.write(
                    lanes: lanes, anchorClock: anchorClock, anchorPosition: anchorPosition, velocity: velocity,
                    duration: duration, pieces: pieces, callsCurve: callsCurve, timing: timing, at: time,
                    intoWords: words)
            }
        }
    }
}

/// Recorded runs laid out for evaluating many frames: each run's line as plain numbers and
/// pointers, the lanes of all runs in one buffer, so that evaluating a frame copies, retains and
/// looks up nothing.
package final class RecordedRunTable: @unchecked Sendable {
    /// One run's line, as plain data.
    private struct Line {
        var anchorClock: Double
        var anchorPosition: Double
        var velocity: Double
        var duration: Double
        var pieces: UnsafePointer<Double>?
        var firstLane: Int
        var laneCount: Int
        var callsCurve: Bool
    }

    /// The runs, kept for their curves (a called curve, or a table's curve outside its range)
    /// and their tables' storage.
    private let runs: [RecordedRun]
    private let lines: UnsafeMutablePointer<Line>
    private let lanes: UnsafeMutablePointer<AnimatorProgram.Lane>
    /// The runs' curves, read in place.
    private let timings: UnsafeMutablePointer<TimingCurve>
    /// The called curves' functions, one box per run (`nil` for the rest): a box's function is
    /// called in place, where a ``TimingCurve``'s own ``TimingCurve/value(at:)`` copies (and
    /// retains) a function too large for an existential's inline storage, as a spring's is.
    private let functions: [FunctionBox?]

    private final class FunctionBox: Sendable {
        let function: any TimingFunction

        init(_ function: any TimingFunction) { self.function = function }
    }

    /// Lays out `runs`.
    package init(_ runs: [RecordedRun]) {
        self.runs = runs
        lines = .allocate(capacity: max(runs.count, 1))
        timings = .allocate(capacity: max(runs.count, 1))
        let laneCount = runs.reduce(0) { $0 + $1.lanes.count }
        lanes = .allocate(capacity: max(laneCount, 1))
        functions = runs.map { $0.callsCurve ? FunctionBox($0.timing.function) : nil }
        var next = 0
        for (index, run) in runs.enumerated() {
            (lines + index).initialize(
                to: Line(
                    anchorClock: run.anchorClock, anchorPosition: run.anchorPosition, velocity: run.velocity,
                    duration: run.duration, pieces: run.pieces, firstLane: next, laneCount: run.lanes.count,
                    callsCurve: run.callsCurve))
            (timings + index).initialize(to: run.timing)
            for lane in run.lanes {
                (lanes + next).initialize(to: lane)
                next += 1
            }
        }
    }

    deinit {
        timings.deinitialize(count: runs.count)
        timings.deallocate()
        lines.deallocate()
        lanes.deallocate()
    }

    /// Stores the numbers of runs `range` (indices into the runs the table was made of) at clock
    /// time `time` into a state's words, in order: each exactly as ``RecordedRun/write(at:intoWords:)``
    /// stores it.
    package func write(runs range: Range<Int>, at time: Double, intoWords words: UnsafeMutableRawPointer) {
        for index in range {
            let line = lines[index]
            if line.callsCurve, let box = functions[index] {
                writeCalled(line, function: Unmanaged.passUnretained(box), at: time, intoWords: words)
                continue
            }
            Self.write(
                lanes: UnsafeBufferPointer(start: lanes + line.firstLane, count: line.laneCount),
                anchorClock: line.anchorClock, anchorPosition: line.anchorPosition, velocity: line.velocity,
                duration: line.duration, pieces: line.pieces, callsCurve: line.callsCurve, timing: timings + index,
                at: time, intoWords: words)
        }
    }

    /// A run whose curve is called: as ``write(lanes:anchorClock:anchorPosition:velocity:duration:pieces:callsCurve:timing:at:intoWords:)``,
    /// calling the function in place (`TimingCurve.value(at:)` is `function.value(at:)` of the
    /// clamped progress).
    private func writeCalled(_ line: Line, function: Unmanaged<FunctionBox>, at time: Double, intoWords words: UnsafeMutableRawPointer) {
        let position = RunSlot.position(
            anchorClock: line.anchorClock, anchorPosition: line.anchorPosition, velocity: line.velocity,
            duration: line.duration, at: time)
        let fraction = position / line.duration
        var start = Double.nan
        var progress = 0.0
        for lane in UnsafeBufferPointer(start: lanes + line.firstLane, count: line.laneCount) {
            if lane.startFraction != start {
                start = lane.startFraction
                let local = AnimatorProgram.localProgress(startingAt: start, at: fraction)
                progress = function._withUnsafeGuaranteedRef { $0.function.value(at: TimingCurve.clamp(local)) }
            }
            words.storeBytes(
                of: (lane.from * (1 - progress) + lane.to * progress).bitPattern,
                toByteOffset: 8 * lane.word, as: UInt64.self)
        }
    }

    /// A run's numbers at clock time `time`: the batch's loop's arithmetic (``RunSlot``), step by
    /// step, so the bits are the same.
    @inline(__always)
    static func write(
        lanes: UnsafeBufferPointer<AnimatorProgram.Lane>, anchorClock: Double, anchorPosition: Double,
        velocity: Double, duration: Double, pieces: UnsafePointer<Double>?, callsCurve: Bool,
        timing: UnsafePointer<TimingCurve>, at time: Double, intoWords words: UnsafeMutableRawPointer
    ) {
        let position = RunSlot.position(
            anchorClock: anchorClock, anchorPosition: anchorPosition, velocity: velocity, duration: duration, at: time)
        let fraction = position / duration
        // Consecutive lanes that start together share their progress, as in the batch's loop.
        var start = Double.nan
        var progress = 0.0
        for lane in lanes {
            if lane.startFraction != start {
                start = lane.startFraction
                let local = AnimatorProgram.localProgress(startingAt: start, at: fraction)
                if callsCurve {
                    progress = timing.pointee.value(at: local)
                } else {
                    progress = RunSlot.progress(local, curve: pieces) { timing.pointee }
                }
            }
            words.storeBytes(
                of: (lane.from * (1 - progress) + lane.to * progress).bitPattern,
                toByteOffset: 8 * lane.word, as: UInt64.self)
        }
    }
}

extension AnimatedState {
    /// The lines of the animators on `clock` that are running and write numbers straight into
    /// this state, as the clock's batch would run their next frame. Animators that run in any
    /// other way (a clip, a motion, a paused scrub) are not among them.
    package func recordedRuns(on clock: any FrameClock) -> [RecordedRun] {
        guard isPlain, let group = AnimatorGroup.existingGroup(for: clock) else { return [] }
        return group.recordedRuns(writingTo: cell.base)
    }
}
