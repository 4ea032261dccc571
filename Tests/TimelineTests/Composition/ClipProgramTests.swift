import Testing
import Timeline

/// A state of stored numbers (written in place by the compiled program), a computed property and
/// an array element (written through their key paths), and a property with an observer.
private struct Scene: Sendable, Equatable {
    var a = 0.0, b = 0.0, c = 0.0
    var list = [0.0, 0.0]
    var observed = 0.0 { didSet { writes += 1 } }
    var writes = 0
    var doubledC: Double {
        get { c / 2 }
        set { c = newValue * 2 }
    }
}

/// Random clip trees, from a seeded generator.
private struct RandomClips {
    var tracks: RandomTracks
    let paths: [any WritableKeyPath<Scene, Double> & Sendable] = [\.a, \.b, \.c, \.doubledC, \.list[1], \.observed]
    let kinds: [SegmentKind<Double>] = [
        .linear, .hold, .cubic, .timing(TimingCurve(SquareTiming())), .timing(TimingCurve(SingularEndTiming())),
        .timing(TimingCurve(ThirdsTiming())), .timing(TimingCurve(QuadraticTiming())),
        .custom(OscillatorSegment(omega: 7)),
    ]

    init(seed: UInt64) { tracks = RandomTracks(seed: seed) }

    mutating func number(_ range: ClosedRange<Double>) -> Double { tracks.random.double(in: range) }
    mutating func pick(_ count: Int) -> Int { Int.random(in: 0..<count, using: &tracks.random) }

    mutating func fill() -> FillMode { [FillMode.none, .forwards, .backwards, .both][pick(4)] }

    mutating func clip(depth: Int) throws -> Clip<Scene> {
        var clip: Clip<Scene>
        if depth == 0 || pick(3) == 0 {
            let track = tracks.track(keyframes: 2 + pick(4), kinds: kinds)
            clip = Clip(track, paths[pick(paths.count)])
        } else {
            let children = try (0..<(1 + pick(3))).map { _ in try self.clip(depth: depth - 1) }
            switch pick(3) {
            case 0: clip = Clip.sequence(children)
            case 1: clip = Clip.group(children)
            default: clip = try Clip.stagger(children, each: number(0...0.4), from: [.start, .end, .center][pick(3)])
            }
        }
        for _ in 0..<pick(3) {
            switch pick(4) {
            case 0: clip = try clip.delayed(by: number(0...0.5))
            case 1: clip = try clip.speed(number(0.5...2))
            case 2: clip = try clip.repeated([2, 3, 1.5, 0.75][pick(4)])
            default: clip = try clip.autoreversed()
            }
        }
        return clip.filling(fill())
    }
}

/// The compiled program of a clip against the clip tree it was compiled from.
@Suite("Compiled clips")
struct ClipProgramTests {
    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func theProgramAppliesWhatTheTreeApplies(seed: UInt64) throws {
        var random = RandomClips(seed: seed)
        let clip = try random.clip(depth: 3)
        var times = (0..<120).map { _ in random.number(-0.5...(min(clip.duration, 40) + 0.5)) }
        times += [0, clip.duration, clip.duration.nextDown, -1, .nan]
        for time in times {
            var compiled = Scene(a: 1, b: 2, c: 3, list: [4, 5])
            var tree = compiled
            clip.apply(at: time, to: &compiled)
            clip._applyThroughTree(at: time, to: &tree)
            // Springs (the oscillator, whose carried velocities can swing far) come from the bank's
            // transition tables: within 1e-12 of the closed form, relatively. Everything else: the
            // same bits (the next test).
            for path in [\Scene.a, \Scene.b, \Scene.c, \Scene.list[0], \Scene.list[1], \Scene.observed] {
                let expected = tree[keyPath: path]
                #expect(abs(compiled[keyPath: path] - expected) <= 1e-12 * max(1, abs(expected)), "seed \(seed), t = \(time)")
            }
            #expect(compiled.writes == tree.writes, "observers fire as often: seed \(seed), t = \(time)")
        }
    }

    @Test func numberTracksWithoutSpringsGiveTheSameBits() throws {
        var random = RandomTracks(seed: 9)
        let kinds: [SegmentKind<Double>] = [.linear, .hold, .cubic, .timing(TimingCurve(SquareTiming())), .timing(TimingCurve(ThirdsTiming()))]
        let clip = try Clip.sequence([
            Clip(random.track(keyframes: 4, kinds: kinds), \Scene.a).repeated(2.5).autoreversed(),
            Clip.group([Clip(random.track(keyframes: 5, kinds: kinds), \Scene.b), Clip(random.track(keyframes: 3, kinds: kinds), \Scene.c)])
                .delayed(by: 0.25).filling(.both),
        ])
        for step in 0...600 {
            let time = Double(step) / 60
            var compiled = Scene(), tree = Scene()
            clip.apply(at: time, to: &compiled)
            clip._applyThroughTree(at: time, to: &tree)
            #expect(compiled == tree, "t = \(time)")
        }
    }

    @Test func aPropertyWithAnObserverIsWrittenThroughItsKeyPath() {
        let track = try! Track<Double>(keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1)])
        var scene = Scene()
        Clip(track, \Scene.observed).apply(at: 0.5, to: &scene)
        #expect(scene.observed == 0.5)
        #expect(scene.writes == 1)
    }
}

/// An object of a scene, with a stored and a computed number.
struct CollectionItem: Sendable, Equatable {
    var x = 0.0, y = 0.0
    var half: Double {
        get { x / 2 }
        set { x = newValue * 2 }
    }
}

struct CollectionField: Sendable, Equatable {
    var items: [CollectionItem] = Array(repeating: CollectionItem(y: -1), count: 6)
    var levels: [Double] = Array(repeating: -1, count: 6)
}

/// Tracks bound to the elements of an array: the same values as a clip per element.
@Suite("Clips over collections")
struct CollectionClipTests {
    static func tracks(_ count: Int, seed: UInt64) -> [Track<Double>] {
        var random = RandomTracks(seed: seed)
        let kinds: [SegmentKind<Double>] = [
            .linear, .hold, .cubic, .timing(TimingCurve(SquareTiming())), .timing(TimingCurve(ThirdsTiming())),
            .timing(TimingCurve(QuadraticTiming())),
        ]
        return (0..<count).map { _ in random.track(keyframes: 2 + Int.random(in: 0...3, using: &random.random), kinds: kinds) }
    }

    /// Stored properties are written in place, computed ones through their key path.
    @Test(arguments: [false, true])
    func aCollectionClipPlaysAsAGroupOfClipsPerElement(computed: Bool) throws {
        let tracks = Self.tracks(6, seed: 21)
        let levels = Self.tracks(5, seed: 22)
        let items = computed
            ? Clip(tracks, elementsOf: \CollectionField.items, \CollectionItem.half)
            : Clip(tracks, elementsOf: \CollectionField.items, \CollectionItem.x)
        let itemClips = tracks.indices.map { index in
            (computed ? Clip(tracks[index], \CollectionField.items[index].half) : Clip(tracks[index], \CollectionField.items[index].x))
                .filling(.both)
        }
        let collection = try Clip.sequence([
            items.delayed(by: 0.3).filling(.both),
            Clip(levels, elementsOf: \CollectionField.levels).repeated(1.5).autoreversed(),
        ])
        let perElement = try Clip.sequence([
            Clip.group(itemClips).delayed(by: 0.3).filling(.both),
            Clip.group(levels.indices.map { Clip(levels[$0], \CollectionField.levels[$0]).filling(.both) }).repeated(1.5).autoreversed(),
        ])
        #expect(collection.duration == perElement.duration)
        for step in -10...(Int(collection.duration * 60) + 10) {
            let time = Double(step) / 60
            var compiled = CollectionField(), reference = CollectionField()
            collection.apply(at: time, to: &compiled)
            perElement._applyThroughTree(at: time, to: &reference)
            #expect(compiled == reference, "t = \(time)")
        }
    }

    @Test func tracksBeyondTheCollectionWriteNothing() {
        let tracks = Self.tracks(9, seed: 23)
        let clip = Clip(tracks, elementsOf: \CollectionField.levels)
        var field = CollectionField()
        field.levels = [0, 0]
        clip.apply(at: 1, to: &field)
        #expect(field.levels == [tracks[0].value(at: 1), tracks[1].value(at: 1)])
        var empty = CollectionField(items: [], levels: [])
        Clip(tracks, elementsOf: \CollectionField.items, \CollectionItem.y).apply(at: 1, to: &empty)
        #expect(empty == CollectionField(items: [], levels: []))
    }
}
