// TimelineHost: the outside world in one import. The host is made of one module per subsystem
// (Docs/Architecture.md has the map); this module re-exports them all, so that code written
// against `import TimelineHost` sees every host type, wherever it lives.
//
//   CadenceHostCore   the host loop, frames, sinks, documents, scenes and presets
//   CadenceIO         JSON, files, child processes, number text, hashes
//   CadencePNG        PNG and deflate
//   CadenceRaster     the rasteriser and pixel buffers
//   CadenceLottie     Lottie files, evaluated and drawn
//   CadenceFarm       render shards' manifests and the join's checks
//   CadenceGolden     golden files

@_exported public import CadenceFarm
@_exported public import CadenceGolden
@_exported public import CadenceHostCore
@_exported public import CadenceIO
@_exported public import CadenceLottie
@_exported public import CadencePNG
@_exported public import CadenceRaster
