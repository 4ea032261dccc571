// TimelineHost: the host loop, frames, sinks, JSON documents and presets.
@_exported public import Timeline
@_exported public import TimelinePlugins
