/// One measured case of a scenario: how to prepare it, how to run one repetition, and what one
/// repetition evaluates.
struct BenchmarkCase {
    /// The scenario number in the benchmarks issue (1 to 7).
    var scenario: Int
    /// A short name, unique in the suite: `scalar/forward/1000000`.
    var name: String
    /// Values evaluated in one repetition (tracks × frames, points × frames, ...).
    var valuesPerRepetition: Int
    /// Frames in one repetition (allocations are reported per frame).
    var framesPerRepetition: Int
    /// The target from the benchmarks issue, if the case has one.
    var target: Target?
    /// Builds the case's data and returns the repetition to time (untimed).
    var prepare: () throws -> Repetition

    /// What a target limits.
    enum Target: Sendable {
        /// At most this many nanoseconds per evaluated value (median).
        case nanosecondsPerValue(Double)
        /// At most this many microseconds per frame (median).
        case microsecondsPerFrame(Double)
        /// At least this speed-up over the single-core case named.
        case speedUp(atLeast: Double, over: String)
        /// At most this many times the named case's nanoseconds per value (in the same run).
        case atMostTimes(Double, of: String)
        /// At most the nanoseconds per value of the case `plus` and this many times those of the
        /// case `of` (in the same run).
        case atMostPlus(String, times: Double, of: String)
    }
}

/// A prepared case: `run` performs one repetition; `reset` (untimed) runs before each one, for
/// cases whose state a repetition uses up; `check` (untimed, after the runs) may report a problem
/// such as outputs that differ, or a note.
struct Repetition {
    var run: () throws -> Void
    var reset: () throws -> Void = {}
    var check: () -> String? = { nil }
}

/// The measured figures of one case.
struct BenchmarkResult: Sendable {
    var scenario: Int
    var name: String
    var repetitions: Int
    var valuesPerRepetition: Int
    var framesPerRepetition: Int
    /// Seconds per repetition, in the order measured.
    var seconds: [Double]
    /// Net heap growth per frame across the measured repetitions, in bytes (`nil`: not measured).
    var heapBytesPerFrame: Double?
    /// Resident memory after preparing the case and the process peak, in bytes.
    var residentBytes: Int?
    var peakResidentBytes: Int
    var target: BenchmarkCase.Target?
    /// A problem found by the case's check, or a note.
    var note: String?

    var median: Double { Statistics.median(seconds) }
    var minimum: Double { seconds.min() ?? .nan }
    var maximum: Double { seconds.max() ?? .nan }
    var nanosecondsPerValue: Double { median * 1e9 / Double(max(valuesPerRepetition, 1)) }
    var valuesPerSecond: Double { Double(valuesPerRepetition) / median }
    var microsecondsPerFrame: Double { median * 1e6 / Double(max(framesPerRepetition, 1)) }

    /// Whether the target is met, given every result so far (for speed-ups), or `nil` without one.
    func meetsTarget(among results: [BenchmarkResult]) -> Bool? {
        switch target {
        case .none: return nil
        case .nanosecondsPerValue(let limit): return nanosecondsPerValue <= limit
        case .microsecondsPerFrame(let limit): return microsecondsPerFrame <= limit
        case .speedUp(let factor, let baseline):
            guard let base = results.first(where: { $0.name == baseline }) else { return nil }
            return base.median / median >= factor
        case .atMostTimes(let factor, _):
            return ratio(among: results).map { $0 <= factor }
        case .atMostPlus(let plus, let factor, let baseline):
            guard let extra = results.first(where: { $0.name == plus }),
                let base = results.first(where: { $0.name == baseline })
            else { return nil }
            return nanosecondsPerValue <= extra.nanosecondsPerValue + factor * base.nanosecondsPerValue
        }
    }

    /// Nanoseconds per value against those of the named case of an `atMostTimes` target.
    func ratio(among results: [BenchmarkResult]) -> Double? {
        guard case .atMostTimes(_, let baseline) = target,
            let base = results.first(where: { $0.name == baseline })
        else { return nil }
        return nanosecondsPerValue / base.nanosecondsPerValue
    }

    /// The speed-up over the baseline of a speed-up target.
    func speedUp(among results: [BenchmarkResult]) -> Double? {
        guard case .speedUp(_, let baseline) = target,
            let base = results.first(where: { $0.name == baseline })
        else { return nil }
        return base.median / median
    }
}

/// Order statistics.
enum Statistics {
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
