// The whole of Cadence in one import: `import Cadence`.
//
// Timeline (values, keyframes, tracks, clips, clocks, animators, signals), TimelinePlugins
// (easing curves, springs, path morphing, completion hooks) and TimelineHost (host loop, frames,
// sinks, documents, presets) are separate modules so that each can be used alone; app code
// usually wants all of them, and should not have to know which one defines `.easeInOut`.

@_exported public import Timeline
@_exported public import TimelinePlugins
@_exported public import TimelineHost
