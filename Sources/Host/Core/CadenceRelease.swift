// TimelineHost: the host loop, frames, sinks, JSON documents and presets. It re-exports nothing:
// app code imports `Cadence` (everything), or each module it uses.

/// Cadence's release, as `cadence --version` prints it and shard manifests and benchmark
/// baselines record it.
package enum CadenceRelease {
    /// The version string.
    package static let version = "1.0"
}
