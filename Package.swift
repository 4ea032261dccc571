// swift-tools-version: 6.0
//
// Cadence: a reactive timeline and keyframe evaluation engine with plugins.
// No package dependencies: only what the Swift toolchain ships.

import PackageDescription

let package = Package(
    name: "Cadence",
    // Synchronization's Mutex and Atomic need these on Apple platforms; Linux has no minimum.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        // Everything in one import: `import Cadence`.
        .library(name: "Cadence", targets: ["Cadence"]),
        .library(name: "Timeline", targets: ["Timeline"]),
        .library(name: "TimelinePlugins", targets: ["TimelinePlugins"]),
        .library(name: "TimelineHost", targets: ["TimelineHost"]),
        // Golden tests for an app's own test target: `expectGolden(of:named:)` (Swift Testing).
        .library(name: "CadenceTesting", targets: ["CadenceTesting"]),
        .executable(name: "cadence", targets: ["CadenceCLI"]),
        // The benchmark runner that `cadence bench` starts (built with the tool).
        .executable(name: "cadence-bench", targets: ["CadenceBenchmarkRunner"]),
    ],
    targets: [
        // The vocabulary: values, keyframes, tracks, composition, clocks, animators, signals. No I/O.
        .target(
            name: "Timeline",
            path: "Sources/Timeline",
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android]))]
        ),
        // Easing, springs, path morphing and completion hooks, built on Timeline's public API only.
        .target(name: "TimelinePlugins", dependencies: ["Timeline"], path: "Sources/Plugins"),

        // The host's modules, one per subsystem, each in its own folder of Sources/Host
        // (Docs/Architecture.md has the map; .ci/architecture-check keeps it true).
        // Reading and writing: the JSON parser and writer, the JSON-path error every reader throws,
        // files, temporary files, child processes, number text, hashes.
        .target(name: "CadenceIO", dependencies: ["Timeline"], path: "Sources/Host/IO"),
        // PNG: deflate, checksums and the encoder. Depends on nothing.
        .target(name: "CadencePNG", path: "Sources/Host/PNG"),
        // The rasteriser: paths to coverage, strokes, blur, compositing into pixel buffers.
        .target(name: "CadenceRaster", dependencies: ["Timeline"], path: "Sources/Host/Raster"),
        // Frames in, frames out: the host loop, frames and sinks (text, previews, pictures and
        // video), timeline documents, scenes and the reference transitions.
        .target(
            name: "CadenceHostCore",
            dependencies: ["Timeline", "TimelinePlugins", "CadenceIO", "CadencePNG", "CadenceRaster"],
            path: "Sources/Host/Core"
        ),
        // Lottie files read, evaluated as lottie-web does, and drawn.
        .target(
            name: "CadenceLottie",
            dependencies: ["Timeline", "TimelinePlugins", "CadenceIO", "CadenceRaster", "CadenceHostCore"],
            path: "Sources/Host/Lottie"
        ),
        // The render farm: shard manifests and folders, and the join's checks.
        .target(
            name: "CadenceFarm",
            dependencies: ["Timeline", "CadenceIO", "CadencePNG", "CadenceHostCore"],
            path: "Sources/Host/Farm"
        ),
        // Golden files: record, check and compare a render's values, events and pixels.
        .target(
            name: "CadenceGolden",
            dependencies: ["Timeline", "TimelinePlugins", "CadenceIO", "CadencePNG", "CadenceRaster", "CadenceHostCore"],
            path: "Sources/Host/Golden"
        ),
        // The outside world in one import: re-exports the host's modules.
        .target(
            name: "TimelineHost",
            dependencies: [
                "CadenceIO", "CadencePNG", "CadenceRaster", "CadenceHostCore", "CadenceLottie", "CadenceFarm",
                "CadenceGolden",
            ],
            path: "Sources/Host/TimelineHost"
        ),
        // Golden tests for Swift Testing, on CadenceGolden.
        .target(
            name: "CadenceTesting",
            dependencies: ["Timeline", "CadenceHostCore", "CadenceGolden"],
            path: "Sources/Host/Testing"
        ),
        // The umbrella: re-exports Timeline, TimelinePlugins and TimelineHost.
        .target(
            name: "Cadence",
            dependencies: ["Timeline", "TimelinePlugins", "TimelineHost"],
            path: "Sources/Host/Umbrella"
        ),
        // What the command-line tool does, as a library that the executable and the tests run
        // in-process. It does not link the benchmark suite: `cadence bench` runs `cadence-bench`.
        .target(
            name: "CadenceCommandLine",
            dependencies: [
                "Timeline", "TimelinePlugins", "CadenceIO", "CadencePNG", "CadenceRaster", "CadenceHostCore",
                "CadenceLottie", "CadenceFarm", "CadenceGolden",
            ],
            path: "Sources/Host/CommandLine"
        ),
        // The command-line tool, `cadence` (its target has another name than the `Cadence` module,
        // which case-insensitive file systems could not tell apart). It depends on the benchmark
        // runner only so that building the tool builds `cadence-bench` beside it: an executable
        // target is built, not linked.
        .executableTarget(
            name: "CadenceCLI",
            dependencies: ["CadenceIO", "CadenceCommandLine", "CadenceBenchmarkRunner"],
            path: "Sources/Host/cadence"
        ),

        // The benchmark suite, a library: `cadence-bench` runs it, and its tests call it in-process.
        .target(
            name: "CadenceBenchmarks",
            dependencies: ["Timeline", "TimelinePlugins", "CadenceIO", "TimelineHost", "CadenceCommandLine"],
            path: "Benchmarks/Suite"
        ),
        // `cadence-bench`: the benchmark suite with allocation counting, what `cadence bench` runs.
        // A C program whose own target holds the malloc counter (MallocCounter.c), which replaces
        // the allocator of the process that links it: only this executable links it.
        .executableTarget(name: "CadenceBenchmarkRunner", dependencies: ["CadenceBenchmarks"], path: "Benchmarks/Runner"),

        // Fuzz targets (Tests/Fuzz/README.md). A normal build links them as stubs that say how to
        // run them; `.ci/fuzz` builds them with `-D FUZZING -sanitize=fuzzer,address`.
        .target(name: "CLibFuzzer", path: "Tests/Fuzz/CLibFuzzer"),
        .target(name: "FuzzDriver", dependencies: ["CLibFuzzer"], path: "Tests/Fuzz/FuzzDriver"),
        .executableTarget(
            name: "FuzzDocument", dependencies: ["FuzzDriver", "Timeline", "TimelinePlugins", "CadenceIO", "CadenceHostCore"], path: "Tests/Fuzz/FuzzDocument"),
        .executableTarget(
            name: "FuzzPathData", dependencies: ["FuzzDriver", "Timeline", "TimelinePlugins"], path: "Tests/Fuzz/FuzzPathData"),
        .executableTarget(
            name: "FuzzLottie", dependencies: ["FuzzDriver", "Timeline", "TimelinePlugins", "CadenceIO", "CadenceHostCore", "CadenceLottie"], path: "Tests/Fuzz/FuzzLottie"),
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzDriver", "CadencePNG"], path: "Tests/Fuzz/FuzzPNG"),
        .executableTarget(
            name: "FuzzTimingCurve", dependencies: ["FuzzDriver", "Timeline", "TimelinePlugins"],
            path: "Tests/Fuzz/FuzzTimingCurve"),
        // What several test targets share: seeded random numbers and random paths; and the
        // in-process `cadence` runner with temporary files.
        .target(name: "CadenceTestSupport", dependencies: ["Timeline", "TimelinePlugins"], path: "Tests/Support/Random"),
        .target(
            name: "CadenceCommandHarness",
            dependencies: ["CadenceIO", "CadenceCommandLine"],
            path: "Tests/Support/CommandHarness"
        ),
        .testTarget(name: "TimelineTests", dependencies: ["Timeline"]),
        .testTarget(name: "CadenceTests", dependencies: ["Cadence"]),
        .testTarget(name: "TimelinePluginsTests", dependencies: ["Timeline", "TimelinePlugins", "CadenceTestSupport"]),
        .testTarget(
            name: "TimelineHostTests",
            dependencies: [
                "Timeline", "TimelinePlugins", "CadenceIO", "CadencePNG", "CadenceRaster", "CadenceHostCore",
                "CadenceLottie", "CadenceFarm", "CadenceGolden", "TimelineHost", "CadenceCommandLine",
                "CadenceTestSupport", "CadenceCommandHarness", "CadenceTesting",
            ]
        ),
        // `cadence bench FILE…`: statistics, thresholds, baselines and exit codes (Benchmarks/Suite/UserBench).
        .testTarget(
            name: "CadenceBenchmarksTests",
            dependencies: ["Timeline", "TimelinePlugins", "TimelineHost", "CadenceBenchmarks", "CadenceCommandHarness"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Compiler features for every target, in one place.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
