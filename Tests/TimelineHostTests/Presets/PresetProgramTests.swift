import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// A compiled preset is its live run: every frame, in any order, bit for bit, and past the
/// recording too; its segments carry the frames between events on the animators' own lines.
@Suite("Preset programs")
struct PresetProgramTests {
    /// Every preset, every operation, and the interactive preset's outcomes.
    static func presets() throws -> [any TransitionPreset] {
        var presets: [any TransitionPreset] = []
        for type in PresetCatalog.all {
            for operation in type.operations {
                presets.append(try type.init(context: TransitionContext(operation: operation), parameters: [:]))
            }
        }
        for (outcome, progress) in [(1.0, 0.3), (0.0, 0.8), (-1.0, 0.45)] {
            presets.append(
                try InteractivePreset(
                    context: TransitionContext(), parameters: ["outcome": outcome, "release-progress": progress]))
        }
        presets.append(try CardExpandPreset(context: TransitionContext(), parameters: ["card-y": 120, "card-height": 300]))
        return presets
    }

    @Test func everyPresetsProgramIsItsLiveRunBitForBitInAnyOrder() throws {
        for preset in try Self.presets() {
            try Self.compareWithLiveRun(preset)
        }
    }

    /// The live run's frames in order against the program's, asked for in a scrambled order,
    /// through 30 frames past the recording.
    static func compareWithLiveRun<P: TransitionPreset>(_ preset: P, frameRate: FrameRate = .fps60) throws {
        let program = try PresetProgram(preset: preset, frameRate: frameRate)
        let count = max(program.recordedFrameCount, 1) + 30
        var live = try LivePresetRun(preset: preset, frameRate: frameRate)
        var expected: [Frame] = []
        for index in 0..<count {
            var frame = Frame(schema: program.schema, index: index, time: frameRate.seconds(ofFrame: index))
            try live.evaluate(into: &frame, channelsOf: program)
            expected.append(frame)
        }
        var source = PresetSource(program: program)
        // Every other frame forwards, the rest backwards, then all in order: jumps both ways.
        let scrambled = Array(stride(from: 0, to: count, by: 2)) + Array(stride(from: 1, to: count, by: 2).reversed())
        for index in scrambled + Array(0..<count) {
            var frame = Frame(schema: program.schema, index: index, time: frameRate.seconds(ofFrame: index))
            try source.evaluate(into: &frame)
            let name = "\(P.name) (\(preset)) frame \(index)"
            #expect(frame.numbers.map { $0.bitPattern } == expected[index].numbers.map { $0.bitPattern }, "\(name)")
            #expect(frame.paths == expected[index].paths, "\(name)")
            #expect(frame.events == expected[index].events, "\(name)")
        }
    }

    @Test func theLinesOfRunningAnimatorsCarryTheFramesBetweenEvents() throws {
        let scripted = [InteractivePreset.name, BottomSheetPreset.name, SwipeToDismissPreset.name]
        for type in PresetCatalog.all where !scripted.contains(type.name) {
            for operation in type.operations {
                let program = try shape(of: try type.init(context: TransitionContext(operation: operation), parameters: [:]))
                #expect(program.settles, "\(type.name) \(operation)")
                #expect(program.frames >= 30, "\(type.name) \(operation)")
                // A segment per animator start or completion, not one per frame.
                #expect(program.segments <= 4, "\(type.name) \(operation): \(program.segments) segments")
            }
        }
        // Scrubbed frames are recorded as they are: one segment each.
        let interactive = try shape(of: try InteractivePreset(context: TransitionContext(), parameters: [:]))
        #expect(interactive.segments >= 36, "36 frames of dragging, each scrubbed")
        // A gesture's track has a segment per touch sample (120 Hz): about one per frame while
        // dragging, then one for the spring.
        let sheet = try shape(of: try BottomSheetPreset(context: TransitionContext(), parameters: [:]))
        #expect(sheet.settles && sheet.segments <= 80, "\(sheet.segments) segments")
    }

    /// A preset's program: whether it settles, its frames and its segments.
    private func shape<P: TransitionPreset>(of preset: P) throws -> (settles: Bool, frames: Int, segments: Int) {
        let program = try PresetProgram(preset: preset, frameRate: .fps60)
        return (program.settles, program.recordedFrameCount, program.segmentCount)
    }

    @Test func aLinearSlideIsItsHandComputedValuesAtEveryFrame() throws {
        let program = try PresetProgram(preset: SlidePreset(renderDuration: 1), frameRate: .fps60)
        #expect(program.settles)
        #expect(program.segmentCount <= 2)
        var source = PresetSource(program: program)
        for index in [0, 1, 7, 30, 59, 60, 61, 500, 3] {
            var frame = Frame(schema: program.schema, index: index, time: Double(index) / 60)
            try source.evaluate(into: &frame)
            // x runs from 10 to 250 over 1 s, linearly; the completion then sets `done`.
            let expected = 10 + 240 * min(Double(index) / 60, 1)
            #expect(abs(frame.scalar("x")! - expected) <= 1e-12, "frame \(index)")
            #expect(frame.scalar("done") == (index >= 60 ? 1 : 0), "frame \(index)")
        }
    }

    @Test func aTransitionThatHasNotSettledByTheRenderLengthIsReplayedLivePastIt() throws {
        // The render length is a quarter of the animator's second.
        let preset = SlidePreset(renderDuration: 0.25)
        let program = try PresetProgram(preset: preset, frameRate: .fps60)
        #expect(!program.settles)
        #expect(program.recordedFrameCount == 16)
        var source = PresetSource(program: program)
        for index in [40, 3, 15, 16, 59, 60, 90, 17] {
            var frame = Frame(schema: program.schema, index: index, time: Double(index) / 60)
            try source.evaluate(into: &frame)
            let expected = 10 + 240 * min(Double(index) / 60, 1)
            #expect(abs(frame.scalar("x")! - expected) <= 1e-12, "frame \(index)")
        }
        try Self.compareWithLiveRun(preset)
    }

    @Test func aStateThatHoldsReferencesIsRenderedLive() throws {
        let program = try PresetProgram(preset: LabelledSlidePreset(), frameRate: .fps60)
        #expect(program.recordedFrameCount == 0)
        var source = PresetSource(program: program)
        for index in [30, 0, 60, 45] {
            var frame = Frame(schema: program.schema, index: index, time: Double(index) / 60)
            try source.evaluate(into: &frame)
            #expect(abs(frame.scalar("x")! - 100 * min(Double(index) / 60, 1)) <= 1e-12, "frame \(index)")
        }
        try Self.compareWithLiveRun(LabelledSlidePreset())
    }

    @Test func sourcesOfOneProgramDoNotDisturbEachOther() throws {
        let program = try PresetProgram(preset: try CardExpandPreset(context: TransitionContext(), parameters: [:]), frameRate: .fps60)
        var first = PresetSource(program: program)
        var second = PresetSource(program: program)
        var alone = try PresetSource(preset: program.preset, frameRate: .fps60)
        for index in 0..<70 {
            var a = Frame(schema: program.schema, index: index, time: Double(index) / 60)
            var b = Frame(schema: program.schema, index: 69 - index, time: Double(69 - index) / 60)
            var c = Frame(schema: program.schema, index: index, time: Double(index) / 60)
            try first.evaluate(into: &a)
            try second.evaluate(into: &b)
            try alone.evaluate(into: &c)
            #expect(a.numbers == c.numbers && a.events == c.events, "frame \(index)")
        }
    }
}

/// A card slides its `x` from 10 to 250 over 1 s, linearly; the completion marks it done.
private struct SlidePreset: TransitionPreset {
    struct State: Sendable {
        var x = 10.0
        var done = false
    }

    static let name = "test-slide"
    static let summary = "a linear slide"
    static let parameters: [PresetParameter] = []
    static let operations: [TransitionOperation] = [.push]

    var length = 1.0

    init(renderDuration: Double) { length = renderDuration }

    init(context: TransitionContext, parameters: [String: Double]) throws(PresetError) {}

    var initialState: State { State() }

    func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition {
        let slide = try Animator(duration: 1, timing: .linear, state: state, clock: clock)
        try slide.addAnimation(\.x, to: 250)
        slide.addCompletion { _ in state.update { $0.done = true } }
        let transition = Transition()
        transition.add(slide)
        return transition
    }

    func renderDuration(of transition: Transition) -> Double { length }

    var channels: [PresetChannel<State>] {
        [.scalar("x") { $0.x }, .scalar("done") { $0.done ? 1 : 0 }]
    }

    var scene: Scene { Scene(size: Size(width: 100, height: 100)) }
}

/// A slide whose state holds a string: not plain data, so it cannot be recorded as words.
private struct LabelledSlidePreset: TransitionPreset {
    struct State: Sendable {
        var x = 0.0
        var label = "card"
    }

    static let name = "test-labelled-slide"
    static let summary = "a slide with a label"
    static let parameters: [PresetParameter] = []
    static let operations: [TransitionOperation] = [.push]

    init() {}

    init(context: TransitionContext, parameters: [String: Double]) throws(PresetError) {}

    var initialState: State { State() }

    func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition {
        let slide = try Animator(duration: 1, timing: .linear, state: state, clock: clock)
        try slide.addAnimation(\.x, to: 100)
        let transition = Transition()
        transition.add(slide)
        return transition
    }

    var channels: [PresetChannel<State>] { [.scalar("x") { $0.x }] }

    var scene: Scene { Scene(size: Size(width: 100, height: 100)) }
}

extension PresetProgramTests {
    /// What `Docs/Transitions/presets-in-code.md` shows.
    @Test func theGuidesCardsAreTheirTransitionHalfASecondIn() throws {
        let preset = try CardExpandPreset(context: TransitionContext(), parameters: [:])
        let program = try PresetProgram(preset: preset, frameRate: .fps60)
        var cards = (0..<100).map { _ in PresetSource(program: program) }
        var frame = Frame(schema: program.schema, index: 30, time: FrameRate.fps60.seconds(ofFrame: 30))
        try cards[7].evaluate(into: &frame)
        // The size animator (0.5 s) ends at frame 30 on the container's width.
        #expect(frame.scalar("card.width") == 390)
        #expect(program.segmentCount == 2)
        #expect(program.recordedFrameCount == 61, "settled at frame 60, when the 1 s spring completes")
    }
}
