import Timeline
import TimelineHost
import TimelinePlugins

/// Scenario 8: the paths people write, at 10,000 values, each against the compiled bank in the
/// same run: `Track.value(at:)`, a `Clip.group` and a `Choreography` stagger of track clips into
/// one state, one `Animator` per object on one clock (tick and read), a document through the host
/// loop, and the first and last ten frames of a 50-minute render.
///
/// The tracks are scenario 1's: three keyframes eased with `ease-in-out`. Every case plays the
/// frames from 2 s on, where every track has started and the stagger's last clip too.
enum AuthoringScenario {
    static let bankName = "authoring/bank/10000"
    /// The first frame played: 2 s at 60 fps.
    static let firstFrame = 120

    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] {
        let count = 10_000
        let frames = configuration.authoringFrames
        let tracks = { TrackFactory.scalarTracks(count, seed: 1) { _ in .timing(.easeInOut) } }
        return [
            bank(tracks, frames: frames),
            trackValue(tracks, frames: frames),
            keyPathWrites(frames: frames),
            collection(frames: frames),
            clipPerObject(frames: frames),
            clipPerObjectLife(),
            clip("authoring/clip-group/10000", frames: frames) { clips in Clip.group(clips) },
            clip("authoring/choreography-stagger/10000", frames: frames) { clips in
                var choreography = Choreography<Values>()
                try choreography.add(try Clip.stagger(clips, each: 0.0001))
                return choreography.clip
            },
            animators(1_000, frames: frames),
            animators(10_000, frames: frames),
            animators(10_000, frames: frames, staggered: true),
            animatorLife(.makeAddStart),
            animatorLife(.finishTogether),
            animatorLife(.freeFinished),
            animatorLife(.whole),
            document(tracks: 9_091, frames: frames, json: false),
            document(tracks: 9_091, frames: frames, json: false, concurrently: false),
            document(tracks: 9_091, frames: frames, json: true),
            slice(first: true),
            slice(first: false),
        ]
    }

    /// The state every clip writes into: one number per object.
    struct Values: Sendable {
        var numbers: [Double]
    }

    /// The same tracks compiled into a bank, played forward: the reference of every ratio.
    static func bank(_ tracks: @escaping () -> [Track<Double>], frames: Int) -> BenchmarkCase {
        BenchmarkCase(
            scenario: 8, name: bankName, valuesPerRepetition: 10_000 * frames, framesPerRepetition: frames, target: nil
        ) {
            let bank = try ScalarTrackBank(tracks())
            var playhead = bank.makePlayhead()
            let output = TrackFactory.output(for: bank)
            return Repetition(run: {
                for frame in firstFrame..<(firstFrame + frames) {
                    try playhead.evaluate(frame: frame, rate: .fps60, into: output)
                    blackHole(output)
                }
            })
        }
    }

    static func trackValue(_ tracks: @escaping () -> [Track<Double>], frames: Int) -> BenchmarkCase {
        BenchmarkCase(
            scenario: 8, name: "authoring/track-value/10000", valuesPerRepetition: 10_000 * frames,
            framesPerRepetition: frames, target: .atMostTimes(8, of: bankName)
        ) {
            let tracks = tracks()
            let output = UnsafeMutableBufferPointer<Double>.allocate(capacity: tracks.count)
            output.initialize(repeating: 0)
            return Repetition(run: {
                for frame in firstFrame..<(firstFrame + frames) {
                    let time = FrameRate.fps60.seconds(ofFrame: frame)
                    for index in tracks.indices { output[index] = tracks[index].value(at: time) }
                    blackHole(output)
                }
            })
        }
    }

    static let keyPathName = "authoring/key-path-write/10000"

    /// The cost of the per-element form's writes alone: `state[keyPath: \Values.numbers[i]] = v`.
    static func keyPathWrites(frames: Int) -> BenchmarkCase {
        BenchmarkCase(
            scenario: 8, name: keyPathName, valuesPerRepetition: 10_000 * frames, framesPerRepetition: frames,
            target: nil
        ) {
            let paths = (0..<10_000).map { \Values.numbers[$0] }
            var state = Values(numbers: Array(repeating: 0, count: paths.count))
            return Repetition(run: {
                for frame in 0..<frames {
                    let value = Double(frame)
                    for path in paths { state[keyPath: path] = value }
                    blackHole(state.numbers[frame % state.numbers.count])
                }
            })
        }
    }

    /// The collection form: the tracks bound to the elements of `\Values.numbers` at once.
    static func collection(frames: Int) -> BenchmarkCase {
        BenchmarkCase(
            scenario: 8, name: "authoring/clip-collection/10000", valuesPerRepetition: 10_000 * frames,
            framesPerRepetition: frames, target: .atMostTimes(4, of: bankName)
        ) {
            let tracks = TrackFactory.scalarTracks(10_000, seed: 1) { _ in .timing(.easeInOut) }
            let clip = Clip(tracks, elementsOf: \Values.numbers)
            var state = Values(numbers: Array(repeating: 0, count: tracks.count))
            return Repetition(run: {
                for frame in firstFrame..<(firstFrame + frames) {
                    clip.apply(at: FrameRate.fps60.seconds(ofFrame: frame), to: &state)
                    blackHole(state.numbers[frame % state.numbers.count])
                }
            })
        }
    }

    /// A view's four properties, each animated by its own track.
    struct ViewProperties: Sendable {
        var x = 0.0, y = 0.0, scale = 0.0, opacity = 0.0
    }

    /// 2,500 objects of four stored numbers, each with its own clip (a group of four track clips,
    /// one per property), every clip applied to its object each frame: many small clips, as an app
    /// gives each view its own, where each apply's fixed cost counts as much as its lanes.
    static func clipPerObject(frames: Int) -> BenchmarkCase {
        BenchmarkCase(
            scenario: 8, name: "authoring/clip-per-object/10000", valuesPerRepetition: 10_000 * frames,
            framesPerRepetition: frames, target: nil
        ) {
            let tracks = TrackFactory.scalarTracks(10_000, seed: 1) { _ in .timing(.easeInOut) }
            let clips = (0..<2_500).map { object in
                Clip.group([
                    Clip(tracks[4 * object], \ViewProperties.x), Clip(tracks[4 * object + 1], \ViewProperties.y),
                    Clip(tracks[4 * object + 2], \ViewProperties.scale), Clip(tracks[4 * object + 3], \ViewProperties.opacity),
                ])
            }
            var objects = Array(repeating: ViewProperties(), count: clips.count)
            return Repetition(run: {
                for frame in firstFrame..<(firstFrame + frames) {
                    let time = FrameRate.fps60.seconds(ofFrame: frame)
                    for index in clips.indices { clips[index].apply(at: time, to: &objects[index]) }
                    blackHole(objects[frame % objects.count].x)
                }
            })
        }
    }

    /// The whole life of a view's clip, per clip of 2,500: made (a group of four track clips, one
    /// per property, from the view's tracks, made beforehand), applied once (the first apply
    /// compiles it) and freed. Reported, no target: what ``clipPerObject(frames:)``'s frames do
    /// not show.
    static func clipPerObjectLife() -> BenchmarkCase {
        let count = 2_500
        return BenchmarkCase(
            scenario: 8, name: "authoring/clip-per-object-life/\(count)", valuesPerRepetition: count,
            framesPerRepetition: 1, target: nil
        ) {
            let tracks = TrackFactory.scalarTracks(4 * count, seed: 1) { _ in .timing(.easeInOut) }
            var objects = Array(repeating: ViewProperties(), count: count)
            let time = FrameRate.fps60.seconds(ofFrame: firstFrame)
            return Repetition(
                run: {
                    for object in 0..<count {
                        let clip = Clip.group([
                            Clip(tracks[4 * object], \ViewProperties.x), Clip(tracks[4 * object + 1], \ViewProperties.y),
                            Clip(tracks[4 * object + 2], \ViewProperties.scale),
                            Clip(tracks[4 * object + 3], \ViewProperties.opacity),
                        ])
                        clip.apply(at: time, to: &objects[object])
                    }
                    blackHole(objects[count / 2].x)
                },
                check: { "2,500 clips of four eased tracks: made, applied once, freed" })
        }
    }

    /// Tracks bound to `\Values.numbers[i]`, composed by `compose`, applied to one state a frame:
    /// the per-element form, whose target is its key-path writes plus 4× the bank.
    static func clip(
        _ name: String, frames: Int, compose: @escaping ([Clip<Values>]) throws -> Clip<Values>
    ) -> BenchmarkCase {
        BenchmarkCase(
            scenario: 8, name: name, valuesPerRepetition: 10_000 * frames, framesPerRepetition: frames,
            target: .atMostPlus(keyPathName, times: 4, of: bankName)
        ) {
            let tracks = TrackFactory.scalarTracks(10_000, seed: 1) { _ in .timing(.easeInOut) }
            let clip = try compose(tracks.indices.map { index in Clip(tracks[index], \Values.numbers[index]) })
            var state = Values(numbers: Array(repeating: 0, count: tracks.count))
            return Repetition(run: {
                for frame in firstFrame..<(firstFrame + frames) {
                    clip.apply(at: FrameRate.fps60.seconds(ofFrame: frame), to: &state)
                    blackHole(state.numbers[frame % state.numbers.count])
                }
            })
        }
    }

    /// One object's state.
    struct Object: Sendable {
        var x = 0.0
    }

    /// `count` animators, one per object, each `addAnimation(\.x, to:)` over 1 s with
    /// `ease-in-out`, on one manual clock: a frame is a tick and a read of every object.
    ///
    /// Staggered, each animator's duration differs from its neighbours' (1 to 1.9 s), so that no
    /// two consecutive animators share their progress: the batch's worst case, reported beside the
    /// target's case, where animators started together share it.
    static func animators(_ count: Int, frames: Int, staggered: Bool = false) -> BenchmarkCase {
        BenchmarkCase(
            scenario: 8, name: "authoring/animators\(staggered ? "-staggered" : "")/\(count)",
            valuesPerRepetition: count * frames, framesPerRepetition: frames,
            target: count == 10_000 && !staggered ? .nanosecondsPerValue(12) : nil
        ) {
            var clock = ManualClock(frameRate: .fps60)
            var animators: [Animator<Object>] = []
            return Repetition(
                run: {
                    for _ in 0..<frames {
                        clock.advanceFrame()
                        var sum = 0.0
                        for animator in animators { sum += animator.state.value.x }
                        blackHole(sum)
                    }
                },
                reset: {
                    clock = ManualClock(frameRate: .fps60)
                    animators = try (0..<count).map { index in
                        let duration = staggered ? 1 + 0.1 * Double(index % 10) : 1
                        let animator = try Animator(
                            duration: duration, timing: .easeInOut, initialValue: Object(x: Double(index)), clock: clock)
                        try animator.addAnimation(\.x, to: Double(index) + 100)
                        try animator.start()
                        return animator
                    }
                },
                check: {
                    "\(count) animators on one ManualClock, \(frames) frames of \(staggered ? "1-1.9" : "1") s animations"
                })
        }
    }

    /// A part of an animator's life, or all of it, timed for 10,000 animators made as an app
    /// makes them: `Animator(duration:timing:initialValue:clock:)`, `addAnimation(\.x, to:)`,
    /// `start()`, one per object, on one manual clock.
    enum LifePart: String {
        /// Making, adding an animation and starting.
        case makeAddStart = "make-add-start"
        /// The frame in which all 10,000 finish together (their completions fire).
        case finishTogether = "finish-together"
        /// Releasing the finished animators (the app lets go of them).
        case freeFinished = "free-finished"
        /// All of it: make, add, start, the frame they finish in, free.
        case whole
    }

    /// The life of 10,000 animators, or a part of it, per animator. The whole life's target is
    /// GSAP's: creating a tween on a timeline costs it 250 ns at its fastest on the development
    /// machine (issue 23).
    static func animatorLife(_ part: LifePart) -> BenchmarkCase {
        let count = 10_000
        return BenchmarkCase(
            scenario: 8, name: "authoring/animator-life/\(part.rawValue)/\(count)", valuesPerRepetition: count,
            framesPerRepetition: 1, target: part == .whole ? .nanosecondsPerValue(250) : nil
        ) {
            var clock = ManualClock(frameRate: .fps60)
            var animators: [Animator<Object>] = []
            animators.reserveCapacity(count)
            func make() throws {
                for index in 0..<count {
                    let animator = try Animator(
                        duration: 1, timing: .easeInOut, initialValue: Object(x: Double(index)), clock: clock)
                    try animator.addAnimation(\.x, to: Double(index) + 100)
                    try animator.start()
                    animators.append(animator)
                }
            }
            return Repetition(
                run: {
                    switch part {
                    case .makeAddStart:
                        try make()
                    case .finishTogether:
                        clock.advance(by: .seconds(1))
                    case .freeFinished:
                        animators.removeAll(keepingCapacity: true)
                    case .whole:
                        try make()
                        clock.advance(by: .seconds(1))
                        animators.removeAll(keepingCapacity: true)
                    }
                },
                reset: {
                    animators.removeAll(keepingCapacity: true)
                    clock = ManualClock(frameRate: .fps60)
                    switch part {
                    case .makeAddStart, .whole:
                        break
                    case .finishTogether:
                        try make()
                    case .freeFinished:
                        try make()
                        clock.advance(by: .seconds(1))
                    }
                },
                check: {
                    "10,000 animators of 1 s on one ManualClock: \(part == .whole ? "made, added, started, finished in one frame and freed" : part.rawValue)"
                })
        }
    }

    /// A document of `tracks` tracks (every tenth a 2-D vector) through the host loop.
    ///
    /// A render splits each frame's tracks across every core (`DocumentSource.evaluatesConcurrently`);
    /// with `concurrently: false` the same render runs on one core, for the ratio.
    static func document(tracks: Int, frames: Int, json: Bool, concurrently: Bool = true) -> BenchmarkCase {
        let values = tracks + tracks / 10
        let sink = json ? "json-lines" : "null-sink"
        return BenchmarkCase(
            scenario: 8, name: "authoring/document/\(sink)\(concurrently ? "" : "-one-core")/\(values)",
            valuesPerRepetition: values * frames, framesPerRepetition: frames,
            target: concurrently ? .nanosecondsPerValue(json ? 40 : 10) : nil
        ) {
            let document = try TimelineDocument(parsing: HostLoopScenario.documentText(tracks: tracks), file: "bench.json")
            let range = firstFrame...(firstFrame + frames - 1)
            return Repetition(run: {
                var source = document.makeSource()
                source.evaluatesConcurrently = concurrently
                if json {
                    var sink = JSONLinesSink(output: CountingOutput())
                    try HostLoop.renderOffline(&source, frameRate: document.frameRate, frames: range, to: &sink)
                    blackHole(sink.output.count)
                } else {
                    var sink = NullSink()
                    try HostLoop.renderOffline(&source, frameRate: document.frameRate, frames: range, to: &sink)
                    blackHole(sink.checksum)
                }
            })
        }
    }

    /// The first or last ten frames of a 50-minute render at 60 fps (180,001 frames) of 100 tracks
    /// that repeat for the whole of it.
    static func slice(first: Bool) -> BenchmarkCase {
        let lastFrame = 50 * 60 * 60
        let frames = first ? 0...9 : (lastFrame - 9)...lastFrame
        return BenchmarkCase(
            scenario: 8, name: "authoring/slice-\(first ? "first" : "last")/50-minutes", valuesPerRepetition: 100 * 10,
            framesPerRepetition: 10, target: first ? nil : .atMostTimes(5, of: "authoring/slice-first/50-minutes")
        ) {
            let document = try TimelineDocument(parsing: longDocument(tracks: 100, minutes: 50), file: "long.json")
            return Repetition(run: {
                var source = document.makeSource()
                var sink = NullSink()
                try HostLoop.renderOffline(&source, frameRate: document.frameRate, frames: frames, to: &sink)
                blackHole(sink.checksum)
            })
        }
    }

    /// `tracks` eased tracks of 1 to 3 s, each repeating for the whole document.
    static func longDocument(tracks: Int, minutes: Int) -> String {
        var random = SeededRandom(seed: 8)
        let items = (0..<tracks).map { index in
            let length = ReportWriter.fixed(random.uniform(1...3), 3)
            let from = ReportWriter.fixed(random.uniform(-100...100), 3), to = ReportWriter.fixed(random.uniform(-100...100), 3)
            return """
                {"name": "t\(index)", "repeat": "forever", "autoreverse": true, "keyframes": [{"time": 0, "value": \(from)}, \
                {"time": \(length), "value": \(to), "curve": "ease-in-out"}]}
                """
        }
        return #"{"cadence": 1, "fps": 60, "duration": \#(minutes * 60), "tracks": [\#(items.joined(separator: ", "))]}"#
    }
}
