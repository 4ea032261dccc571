import Timeline
import TimelineHost

/// Scenario 3: a scene of the eight reference transitions (nine presets: the fourth transition
/// is a flip and a cross-dissolve), `instances` of each, every instance stepped through all of its
/// frames at 60 fps as `cadence preset` renders it: its own manual clock, animators and state.
///
/// One repetition steps every instance of every preset through all of its frames; the instances
/// are built afresh (untimed) before each repetition, since stepping uses them up.
enum TransitionSceneScenario {
    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] {
        let instances = configuration.transitionInstances
        // The frames and values of one instance of each preset, to size the case.
        var frames = 0
        var values = 0
        for type in PresetCatalog.all {
            let (presetFrames, width) = (try? measure(type)) ?? (0, 0)
            frames = max(frames, presetFrames)
            values += presetFrames * width
        }
        return [
            BenchmarkCase(
                scenario: 3, name: "transitions/scene/\(PresetCatalog.all.count)x\(instances)",
                valuesPerRepetition: values * instances, framesPerRepetition: frames,
                target: .nanosecondsPerValue(20)
            ) {
                var scene: [any SceneStepper] = []
                return Repetition(
                    run: {
                        for index in scene.indices { try scene[index].stepAllFrames() }
                    },
                    reset: {
                        scene = try PresetCatalog.all.map { try makeStepper($0, instances: instances) }
                    },
                    check: { "\(PresetCatalog.all.count) presets × \(instances) instances, up to \(frames) frames each" })
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

/// `instances` fresh instances of one preset, with one reused frame each.
struct PresetStepper<Preset: TransitionPreset>: SceneStepper {
    var sources: [PresetSource<Preset>]
    var frames: [Frame]
    let frameCount: Int
    let valuesPerFrame: Int

    init(instances: Int) throws {
        let preset = try Preset(context: TransitionContext(), parameters: [:])
        sources = try (0..<instances).map { _ in try PresetSource(preset: preset, frameRate: .fps60) }
        let schema = sources.first.map(\.schema) ?? FrameSchema([])
        frames = sources.map { Frame(schema: $0.schema) }
        frameCount = (FrameRate.fps60.frameCount(covering: sources.first?.duration ?? 0) ?? 0) + 1
        valuesPerFrame = schema.numberCount + schema.pathCount
    }

    mutating func stepAllFrames() throws {
        for index in 0..<frameCount {
            for instance in sources.indices {
                frames[instance].index = index
                frames[instance].time = FrameRate.fps60.seconds(ofFrame: index)
                frames[instance].events.removeAll(keepingCapacity: true)
                try sources[instance].evaluate(into: &frames[instance])
            }
            blackHole(frames[0].numbers.first)
        }
    }
}
