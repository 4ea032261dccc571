import Timeline
import TimelinePlugins
import TimelineHost

/// Scenario 3: a scene of the eight reference transitions (nine presets: the fourth transition
/// is a flip and a cross-dissolve), `instances` of each, every instance rendered through all of
/// its frames at 60 fps as `cadence preset` renders it: a ``PresetSource`` per instance, its
/// frames read through the preset's channels into a frame of its own.
///
/// The instances of a preset share one compiled ``PresetProgram``, as a user rendering many
/// instances of one transition writes it (compile once, one source per instance). Compiling is
/// part of each timed repetition (it runs each transition once, live, on its own clock and
/// animators), and so is making the sources; only the frames the instances render into are made
/// before (untimed).
enum TransitionSceneScenario {
    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] {
        let instances = configuration.transitionInstances
        // The frames and values of one instance of each preset, to size the case.
        var frames = 0
        var values = 0
        for type in PresetCatalog.reference {
            let (presetFrames, width) = (try? measure(type)) ?? (0, 0)
            frames = max(frames, presetFrames)
            values += presetFrames * width
        }
        return [
            BenchmarkCase(
                scenario: 3, name: "transitions/scene/\(PresetCatalog.reference.count)x\(instances)",
                valuesPerRepetition: values * instances, framesPerRepetition: frames,
                target: .nanosecondsPerValue(20)
            ) {
                var scene: [any SceneStepper] = []
                return Repetition(
                    run: {
                        for index in scene.indices { try scene[index].stepAllFrames() }
                    },
                    reset: {
                        scene = try PresetCatalog.reference.map { try makeStepper($0, instances: instances) }
                    },
                    check: { "\(PresetCatalog.reference.count) presets × \(instances) instances, up to \(frames) frames each" })
            }
        ]
    }

    /// An instance's frame count and values per frame (numbers and paths) for a preset type.
    static func measure(_ type: any TransitionPreset.Type) throws -> (Int, Int) {
        let stepper = try makeStepper(type, instances: 1)
        return (stepper.frameCount, stepper.valuesPerFrame)
    }

    static func makeStepper(_ type: any TransitionPreset.Type, instances: Int) throws -> any SceneStepper {
        try stepper(type, instances: instances)
    }

    private static func stepper<Preset: TransitionPreset>(
        _ type: Preset.Type, instances: Int
    ) throws -> any SceneStepper {
        try PresetStepper<Preset>(instances: instances)
    }
}

/// Steps a group of preset instances frame by frame.
protocol SceneStepper {
    var frameCount: Int { get }
    var valuesPerFrame: Int { get }
    mutating func stepAllFrames() throws
}

/// `instances` instances of one preset, with one reused frame each.
struct PresetStepper<Preset: TransitionPreset>: SceneStepper {
    let preset: Preset
    let instances: Int
    var frames: [Frame]
    let frameCount: Int
    let valuesPerFrame: Int

    init(instances: Int) throws {
        preset = try Preset(context: TransitionContext(), parameters: [:])
        self.instances = instances
        let probe = try PresetSource(preset: preset, frameRate: .fps60)
        let frameCount = (FrameRate.fps60.frameCount(covering: probe.duration) ?? 0) + 1
        self.frameCount = frameCount
        // Each frame as a host's reused frame is after one whole render (every frame rendered
        // into it): room for events, storage for its paths as large as any frame needs. The
        // timed runs measure the instances, not the first use of the frames they render into.
        var primer = probe
        frames = try (0..<instances).map { _ in
            var frame = Frame(schema: probe.schema)
            frame.events.reserveCapacity(4)
            for index in 0..<frameCount {
                frame.index = index
                frame.time = FrameRate.fps60.seconds(ofFrame: index)
                frame.events.removeAll(keepingCapacity: true)
                try primer.evaluate(into: &frame)
            }
            frame.events.removeAll(keepingCapacity: true)
            return frame
        }
        valuesPerFrame = probe.schema.numberCount + probe.schema.pathCount
    }

    /// Compiles the preset, makes a source per instance, and renders every frame of each.
    mutating func stepAllFrames() throws {
        let program = try PresetProgram(preset: preset, frameRate: .fps60)
        var sources = (0..<instances).map { _ in PresetSource(program: program) }
        for index in 0..<frameCount {
            let time = FrameRate.fps60.seconds(ofFrame: index)
            for instance in sources.indices {
                frames[instance].index = index
                frames[instance].time = time
                frames[instance].events.removeAll(keepingCapacity: true)
                try sources[instance].evaluate(into: &frames[instance])
            }
            blackHole(frames[0].numbers.first)
        }
    }
}
