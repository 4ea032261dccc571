// TimelinePlugins: easing, springs, path morphing and completion hooks, written against the
// public API of Timeline only.
@_exported public import Timeline
