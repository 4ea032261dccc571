/// What `cadence bench FILE` measures and compares, per workload, with its unit.
enum BenchmarkMetric: String, CaseIterable, Sendable, Hashable {
    /// The median time of one frame, in nanoseconds.
    case p50
    /// The 90th percentile of a frame's time, in nanoseconds.
    case p90
    /// The 99th percentile of a frame's time, in nanoseconds.
    case p99
    /// The mean CPU time of a frame on the measuring thread, in nanoseconds: time the process
    /// spent descheduled on a busy machine does not count, unlike in the percentiles.
    case cpu
    /// User-space instructions retired per frame (`perf_event_open`), where available.
    case instructions
    /// Swift heap allocations per frame.
    case allocations
    /// Bytes of those allocations per frame.
    case bytes
    /// The process's peak resident memory in bytes (compared with baselines only).
    case rss

    /// The unit of an absolute threshold and of the values, as the documentation and the
    /// thresholds file state it.
    var unit: String {
        switch self {
        case .p50, .p90, .p99: "nanoseconds per frame"
        case .cpu: "nanoseconds of CPU time per frame"
        case .instructions: "instructions per frame"
        case .allocations: "allocations per frame"
        case .bytes: "bytes per frame"
        case .rss: "bytes"
        }
    }

    /// The key of an absolute threshold in a thresholds file, which names its unit.
    var absoluteKey: String {
        switch self {
        case .p50, .p90, .p99, .cpu: "nanoseconds"
        case .instructions: "instructions"
        case .allocations: "allocations"
        case .bytes, .rss: "bytes"
        }
    }

    /// Whether the metric varies from batch to batch (times, instructions), so that a change
    /// counts only when the Mann-Whitney U test finds it significant; allocations, bytes and
    /// resident memory are compared by their thresholds alone.
    var isNoisy: Bool {
        switch self {
        case .p50, .p90, .p99, .cpu, .instructions: true
        case .allocations, .bytes, .rss: false
        }
    }

    /// Whether the metric is a time (printed as µs / ms).
    var isTime: Bool {
        switch self {
        case .p50, .p90, .p99, .cpu: true
        default: false
        }
    }
}
