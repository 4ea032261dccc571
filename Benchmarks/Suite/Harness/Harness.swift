/// Runs cases: warm-up, timed repetitions, heap and memory probes.
struct Harness {
    /// Untimed repetitions before measuring.
    var warmUps: Int
    /// Timed repetitions (at least 1).
    var repetitions: Int
    /// Repetitions for the largest cases, whose single repetition takes seconds.
    var repetitionsForLargeCases: Int
    /// Cases evaluating more values than this per repetition count as large.
    var largeCaseValues = 200_000_000

    /// Prepares and measures one case.
    func measure(_ benchmark: BenchmarkCase) throws -> BenchmarkResult {
        SystemProbes.releaseFreedMemory()
        let repetition = try benchmark.prepare()
        let resident = SystemProbes.residentBytes()
        for _ in 0..<warmUps {
            try repetition.reset()
            try repetition.run()
        }
        let count = benchmark.valuesPerRepetition > largeCaseValues ? repetitionsForLargeCases : repetitions
        var seconds: [Double] = []
        seconds.reserveCapacity(count)
        // Heap growth is summed over the timed runs only: a reset may allocate what a run uses.
        var heapGrowth = 0
        var heapMeasured = true
        for _ in 0..<max(count, 1) {
            try repetition.reset()
            let heapBefore = SystemProbes.heapBytesInUse()
            let start = SystemProbes.now()
            try repetition.run()
            seconds.append(Double(SystemProbes.now() - start) / 1e9)
            if let heapBefore, let heapAfter = SystemProbes.heapBytesInUse() {
                heapGrowth += heapAfter - heapBefore
            } else {
                heapMeasured = false
            }
        }
        var heapPerFrame: Double?
        if heapMeasured {
            let frames = Double(max(count, 1) * max(benchmark.framesPerRepetition, 1))
            heapPerFrame = Double(heapGrowth) / frames
        }
        return BenchmarkResult(
            scenario: benchmark.scenario, name: benchmark.name, repetitions: seconds.count,
            valuesPerRepetition: benchmark.valuesPerRepetition,
            framesPerRepetition: benchmark.framesPerRepetition, seconds: seconds,
            heapBytesPerFrame: heapPerFrame, residentBytes: resident,
            peakResidentBytes: SystemProbes.peakResidentBytes(), target: benchmark.target,
            note: repetition.check())
    }
}
