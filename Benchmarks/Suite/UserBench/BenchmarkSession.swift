#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Timeline
import TimelinePlugins
import TimelineHost

/// Measures workloads: warm-up and calibration one by one, then rounds in which every workload
/// runs one batch, in a random order drawn anew each round, so that drift on the machine (clock
/// speed, other work, caches) falls on all of them alike rather than on whichever runs last.
///
/// A batch is a few whole passes (enough for about ``targetBatchSeconds``); a pass renders every
/// frame of the workload through the host loop into a ``FrameTimingSink``. Per batch the session
/// records the 50th, 90th and 99th percentiles and the mean of the frames' wall-clock times, the
/// thread's CPU time per frame (`CLOCK_THREAD_CPUTIME_ID` around each pass), and per frame the
/// instructions (where counted), allocations and their bytes, counted around each pass only.
///
/// Memory layout: where a compiled document lands in memory (cache sets, pages) can make one copy
/// of a document a few percent faster than another, for a whole run. So that a comparison does
/// not mistake that for a change, the session builds each workload again (parse and compile)
/// before its batches, every round when building is cheap, else as often as costs at most half
/// the measuring time, each time behind a random number of small padding allocations that shift
/// the heap, followed by one unmeasured pass. The figures then average over many placements
/// (the idea of Curtsinger and Berger's Stabilizer, done coarsely).
struct BenchmarkSession {
    /// The length a batch aims at.
    static let targetBatchSeconds = 0.02

    var workloads: [BenchmarkWorkload]
    /// Batches per workload.
    var batches: Int
    /// Unmeasured passes per workload (at least 2: the fastest calibrates the batch, and the first
    /// is cold); `nil`: at least 2 passes and 0.1 s.
    var warmupPasses: Int?
    /// The batch order's seed.
    var seed: UInt64
    /// The instruction counter, if the kernel provides one.
    var counter: InstructionCounter?
    /// Called after every batch with the batches done and the total.
    var progress: ((Int, Int) -> Void)?

    /// Runs the session.
    ///
    /// - Returns: One measurement per workload, in the workloads' order, and the
    ///   ``SpeedProbe`` samples, one per round.
    /// - Throws: Whatever rendering a workload throws.
    func run() throws -> (measurements: [WorkloadMeasurement], speed: [Double]) {
        var states = try workloads.map { try warmUp($0) }
        var random = SeededRandom(seed: seed)
        let total = batches * workloads.count
        var done = 0
        defer { for state in states { state.releasePadding() } }
        var speed: [Double] = []
        for round in 0..<batches {
            speed.append(SpeedProbe.measure())
            for index in Array(workloads.indices).shuffled(using: &random) {
                if round > 0 && round % states[index].rebuildInterval == 0 {
                    try rebuild(workloads[index], state: &states[index], random: &random)
                }
                try runBatch(workloads[index], state: &states[index])
                done += 1
                progress?(done, total)
            }
        }
        let peak = Double(SystemProbes.peakResidentBytes())
        let measurements = states.map { state in
            var measurement = state.measurement
            measurement.peakResidentBytes = peak
            if let growth = state.heapGrowth {
                measurement.heapGrowthPerFrame = Double(growth) / Double(max(state.framesMeasured, 1))
            }
            return measurement
        }
        return (measurements, speed)
    }

    /// A workload's buffers and results while the session runs.
    private struct State {
        var measurement: WorkloadMeasurement
        var pass: BenchmarkWorkload.Pass
        var sink: FrameTimingSink
        var frameTimes: [Double] = []
        var heapGrowth: Int? = 0
        var framesMeasured = 0
        /// Rounds between builds.
        var rebuildInterval = 1
        /// The allocations that shift the heap under the current build.
        var padding: [UnsafeMutableRawPointer] = []

        func releasePadding() {
            for block in padding { block.deallocate() }
        }
    }

    /// Builds a workload again behind fresh padding, and runs one unmeasured pass.
    private func rebuild(
        _ workload: BenchmarkWorkload, state: inout State, random: inout SeededRandom
    ) throws {
        state.releasePadding()
        state.padding = (0..<Int.random(in: 0...32, using: &random)).map { _ in
            UnsafeMutableRawPointer.allocate(byteCount: 64 * Int.random(in: 1...64, using: &random), alignment: 16)
        }
        state.pass = try workload.makePass()
        state.sink.reset()
        try state.pass(&state.sink)
    }

    /// Warms a workload up and chooses its passes per batch.
    private func warmUp(_ workload: BenchmarkWorkload) throws -> State {
        let buildStart = FrameTimingSink.now()
        var state = State(
            measurement: WorkloadMeasurement(
                name: workload.name, fingerprint: workload.fingerprint, frames: workload.framesPerPass,
                valuesPerFrame: workload.valuesPerFrame),
            pass: try workload.makePass(), sink: FrameTimingSink(frames: workload.framesPerPass))
        let buildSeconds = Double(FrameTimingSink.now() - buildStart) / 1e9
        let start = FrameTimingSink.now()
        var fastest = Double.infinity
        var passes = 0
        while true {
            state.sink.reset()
            let passStart = FrameTimingSink.now()
            try state.pass(&state.sink)
            fastest = min(fastest, Double(FrameTimingSink.now() - passStart) / 1e9)
            passes += 1
            if let warmupPasses {
                if passes >= max(warmupPasses, 2) { break }
            } else if passes >= 2 && Double(FrameTimingSink.now() - start) / 1e9 >= 0.1 || passes >= 10_000 {
                break
            }
        }
        let perBatch = Int((Self.targetBatchSeconds / max(fastest, 1e-9)).rounded(.up))
        state.measurement.passesPerBatch = min(max(perBatch, 1), 10_000)
        let batchSeconds = fastest * Double(state.measurement.passesPerBatch)
        state.rebuildInterval = max(1, Int((buildSeconds / max(2 * batchSeconds, 1e-9)).rounded(.up)))
        state.frameTimes.reserveCapacity(workload.framesPerPass * state.measurement.passesPerBatch)
        return state
    }

    /// Runs and records one batch of a workload.
    private func runBatch(_ workload: BenchmarkWorkload, state: inout State) throws {
        let passes = state.measurement.passesPerBatch
        state.frameTimes.removeAll(keepingCapacity: true)
        var instructions: UInt64? = counter == nil ? nil : 0
        var allocations: Int? = 0
        var bytes = 0
        let usageBefore = Self.cpuSeconds()
        let heapBefore = SystemProbes.heapBytesInUse()
        var threadNanoseconds: UInt64 = 0
        for _ in 0..<passes {
            state.sink.reset()
            let allocationsBefore = AllocationCounter.read()
            let instructionsBefore = counter?.read()
            let threadBefore = Self.threadCPUNanoseconds()
            try state.pass(&state.sink)
            threadNanoseconds &+= Self.threadCPUNanoseconds() &- threadBefore
            let instructionsAfter = counter?.read()
            let allocationsAfter = AllocationCounter.read()
            if let before = instructionsBefore, let after = instructionsAfter, let sum = instructions {
                instructions = sum &+ (after &- before)
            } else {
                instructions = nil
            }
            if let before = allocationsBefore, let after = allocationsAfter, let sum = allocations {
                allocations = sum + after.allocations - before.allocations
                bytes += after.bytes - before.bytes
            } else {
                allocations = nil
            }
            let stamps = state.sink.stamps
            for index in stamps.indices.dropFirst() {
                state.frameTimes.append(Double(stamps[index] &- stamps[index - 1]))
            }
        }
        let heapAfter = SystemProbes.heapBytesInUse()
        let usageAfter = Self.cpuSeconds()
        if let before = heapBefore, let after = heapAfter, let growth = state.heapGrowth {
            state.heapGrowth = growth + after - before
        } else {
            state.heapGrowth = nil
        }
        let frames = Double(max(state.frameTimes.count, 1))
        state.framesMeasured += state.frameTimes.count
        state.frameTimes.sort()
        let sum = state.frameTimes.reduce(0, +)
        state.measurement.samples[.p50, default: []].append(SampleStatistics.percentile(sorted: state.frameTimes, 0.5))
        state.measurement.samples[.p90, default: []].append(SampleStatistics.percentile(sorted: state.frameTimes, 0.9))
        state.measurement.samples[.p99, default: []].append(SampleStatistics.percentile(sorted: state.frameTimes, 0.99))
        state.measurement.samples[.cpu, default: []].append(Double(threadNanoseconds) / frames)
        state.measurement.wallNanoseconds.append(sum / frames)
        if let instructions { state.measurement.samples[.instructions, default: []].append(Double(instructions) / frames) }
        if let allocations {
            state.measurement.samples[.allocations, default: []].append(Double(allocations) / frames)
            state.measurement.samples[.bytes, default: []].append(Double(bytes) / frames)
        }
        state.measurement.passSeconds.append(sum / 1e9 / Double(passes))
        state.measurement.userSeconds.append((usageAfter.user - usageBefore.user) / Double(passes))
        state.measurement.systemSeconds.append((usageAfter.system - usageBefore.system) / Double(passes))
    }

    /// The calling thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
    static func threadCPUNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// The process's user and system CPU time so far, in seconds.
    static func cpuSeconds() -> (user: Double, system: Double) {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime), seconds(usage.ru_stime))
    }
}
