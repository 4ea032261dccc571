// TimelinePlugins: easing, springs, path morphing and completion hooks, written against the
// public API of Timeline only. It re-exports nothing: app code imports `Cadence` (everything), or
// each module it uses.
