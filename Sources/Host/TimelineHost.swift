// TimelineHost: the host loop, frames, sinks, JSON documents and presets.
@_exported public import Timeline
@_exported public import TimelinePlugins

/// Cadence's release, as `cadence --version` prints it and shard manifests and benchmark
/// baselines record it.
package enum CadenceRelease {
    /// The version string.
    package static let version = "1.0"
}
