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
        // The outside world: host loop, frames, sinks, JSON documents, presets.
        .target(
            name: "TimelineHost",
            dependencies: ["Timeline", "TimelinePlugins"],
            path: "Sources/Host",
            exclude: ["cadence", "Umbrella", "CommandLine", "Testing"]
        ),
        // Golden tests for Swift Testing, on TimelineHost's `Golden`.
        .target(name: "CadenceTesting", dependencies: ["TimelineHost"], path: "Sources/Host/Testing"),
        // The umbrella: re-exports Timeline, TimelinePlugins and TimelineHost.
        .target(
            name: "Cadence",
            dependencies: ["Timeline", "TimelinePlugins", "TimelineHost"],
            path: "Sources/Host/Umbrella"
        ),
        // The benchmark suite, a library so that `cadence bench` runs it.
        .target(
            name: "CadenceBenchmarks",
            dependencies: ["Timeline", "TimelinePlugins", "TimelineHost", "CadenceMallocCounter"],
            path: "Benchmarks",
            exclude: ["MallocCounter", "UserBench/detection-trials.sh", "Comparators"]
        ),
        // Counts malloc, calloc and realloc calls for `cadence bench FILE` (see its source).
        .target(name: "CadenceMallocCounter", path: "Benchmarks/MallocCounter"),
        // What the command-line tool does, as a library that the executable and the tests run
        // in-process. Built on TimelineHost and the benchmark suite; nothing below depends on it.
        .target(
            name: "CadenceCommandLine",
            dependencies: ["Timeline", "TimelinePlugins", "TimelineHost", "CadenceBenchmarks"],
            path: "Sources/Host/CommandLine"
        ),
        // The command-line tool, `cadence` (its target has another name than the `Cadence` module,
        // which case-insensitive file systems could not tell apart).
        .executableTarget(name: "CadenceCLI", dependencies: ["CadenceCommandLine"], path: "Sources/Host/cadence"),
        // Fuzz targets (Tests/Fuzz/README.md). A normal build links them as stubs that say how to
        // run them; `.ci/fuzz` builds them with `-D FUZZING -sanitize=fuzzer,address`.
        .target(name: "CLibFuzzer", path: "Tests/Fuzz/CLibFuzzer"),
        .target(name: "FuzzDriver", dependencies: ["CLibFuzzer"], path: "Tests/Fuzz/FuzzDriver"),
        .executableTarget(
            name: "FuzzDocument", dependencies: ["FuzzDriver", "TimelineHost"], path: "Tests/Fuzz/FuzzDocument"),
        .executableTarget(
            name: "FuzzPathData", dependencies: ["FuzzDriver", "TimelinePlugins"], path: "Tests/Fuzz/FuzzPathData"),
        .executableTarget(
            name: "FuzzLottie", dependencies: ["FuzzDriver", "TimelineHost"], path: "Tests/Fuzz/FuzzLottie"),
        .executableTarget(
            name: "FuzzTimingCurve", dependencies: ["FuzzDriver", "Timeline", "TimelinePlugins"],
            path: "Tests/Fuzz/FuzzTimingCurve"),
        // What several test targets share: the in-process `cadence` runner, temporary files,
        // random paths.
        .target(
            name: "CadenceTestSupport",
            dependencies: ["TimelinePlugins", "TimelineHost", "CadenceCommandLine"],
            path: "Tests/Support"
        ),
        .testTarget(name: "TimelineTests", dependencies: ["Timeline"]),
        .testTarget(name: "CadenceTests", dependencies: ["Cadence"]),
        .testTarget(
            name: "TimelinePluginsTests", dependencies: ["Timeline", "TimelinePlugins", "CadenceTestSupport"]),
        .testTarget(
            name: "TimelineHostTests",
            dependencies: [
                "Timeline", "TimelinePlugins", "TimelineHost", "CadenceCommandLine", "CadenceTestSupport", "CadenceTesting",
            ],
            // Cadence's own goldens, read by the golden tests (Docs/GoldenTests.md).
            exclude: ["Golden/Goldens"]
        ),
        // `cadence bench FILE…`: statistics, thresholds, baselines and exit codes (Benchmarks/UserBench).
        .testTarget(
            name: "CadenceBenchmarksTests",
            dependencies: ["TimelineHost", "CadenceBenchmarks", "CadenceTestSupport"]
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
