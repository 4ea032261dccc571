/// What the harness measured of one workload: per-batch statistics (the samples compared and
/// reported) and the run's memory figures.
struct WorkloadMeasurement: Sendable {
    /// The workload's name (a path, or `preset:NAME`).
    var name: String
    /// The hash of what was measured.
    var fingerprint: String
    /// Frames per pass.
    var frames: Int
    /// Numbers evaluated per frame.
    var valuesPerFrame: Int
    /// Passes per batch (calibrated so that a batch lasts about 20 ms).
    var passesPerBatch = 1
    /// Per-batch samples of each metric that has them, in the order measured.
    var samples: [BenchmarkMetric: [Double]] = [:]
    /// Seconds of one pass (the frames' times summed), per batch.
    var passSeconds: [Double] = []
    /// The mean wall-clock time of a frame per batch, in nanoseconds (for frames per second and
    /// nanoseconds per value, and to find disturbed batches).
    var wallNanoseconds: [Double] = []
    /// User and system CPU seconds of one pass, per batch.
    var userSeconds: [Double] = []
    var systemSeconds: [Double] = []
    /// Net growth of the C library's heap per frame over all batches (`mallinfo2`), if known.
    var heapGrowthPerFrame: Double?
    /// The process's peak resident memory after the run, in bytes.
    var peakResidentBytes: Double?

    /// Creates an empty measurement.
    init(name: String, fingerprint: String, frames: Int, valuesPerFrame: Int) {
        self.name = name
        self.fingerprint = fingerprint
        self.frames = frames
        self.valuesPerFrame = valuesPerFrame
    }

    /// Measured batches.
    var batchCount: Int { passSeconds.count }

    /// The figure reported for `metric`: the median over the batches of the batch's figure (so
    /// p99 is the median of the batches' 99th percentiles of frame time), the peak for resident
    /// memory; `nil` if not measured.
    func value(of metric: BenchmarkMetric) -> Double? {
        switch metric {
        case .rss: return peakResidentBytes
        default:
            guard let values = samples[metric], !values.isEmpty else { return nil }
            return SampleStatistics.median(values)
        }
    }

    /// Nanoseconds per evaluated value (the mean wall-clock frame time over the values in a frame).
    var nanosecondsPerValue: Double? {
        guard !wallNanoseconds.isEmpty, valuesPerFrame > 0 else { return nil }
        return SampleStatistics.median(wallNanoseconds) / Double(valuesPerFrame)
    }

    /// Frames per second at the mean wall-clock frame time.
    var framesPerSecond: Double? { wallNanoseconds.isEmpty ? nil : 1e9 / SampleStatistics.median(wallNanoseconds) }

    /// The batches whose mean wall-clock frame time is an outlier by the modified z-score (> 3.5).
    var outlierBatches: [Int] { SampleStatistics.outlierIndices(wallNanoseconds) }
}
