import Testing
@testable import Timeline

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
///
/// Both forms share `ClipPhase`'s functions, so these tests guard the compilation (the same
/// numbers either way), not the timing itself: that is held to hand-computed values by
/// `ClipTests` and the timing-model tests, and to Chromium by `.ci/webanimations-check`.
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
            clip.applyThroughTree(at: time, to: &tree)
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
            clip.applyThroughTree(at: time, to: &tree)
            #expect(compiled == tree, "t = \(time)")
        }
    }

    /// A compiled clip keeps each lane's active segment from one frame to the next (its record,
    /// as a playhead does). Read again at any time, in any order, a lane gives what the bank
    /// computes from scratch at that time, bit for bit, and what its track gives: times go
    /// forwards frame by frame, backwards, jump at random, land on every keyframe and next to it,
    /// before and after every track, and are not finite.
    @Test func aLaneReadAgainAtAnyTimeGivesWhatTheBankGivesFromScratch() throws {
        struct Row: Sendable { var values = [Double](repeating: .nan, count: 48) }
        var random = RandomTracks(seed: 44)
        let kinds: [SegmentKind<Double>] = [
            .linear, .hold, .cubic, .cubic(startVelocity: 3, endVelocity: -2), .timing(TimingCurve(SquareTiming())),
            .timing(TimingCurve(SingularEndTiming())), .timing(TimingCurve(ThirdsTiming())),
            .custom(OscillatorSegment(omega: 7)), .custom(WiggleSegment(), startVelocity: nil),
        ]
        let tracks = random.tracks(48, keyframes: 1...6, kinds: kinds)
        let bank = try ScalarTrackBank(tracks)
        let clip = Clip(tracks, elementsOf: \Row.values)
        let frames = (0...(Int(clip.duration * 60) + 30)).map { Double($0) / 60 }
        var times = frames + frames.reversed() + (0..<300).map { _ in random.random.double(in: -0.5...(clip.duration + 0.5)) }
        for keyframe in tracks.flatMap(\.keyframes) {
            times += [keyframe.time, keyframe.time.nextDown, keyframe.time.nextUp, keyframe.time, 0]
        }
        times += [-1, -0.0, .nan, .infinity, -.infinity, 1e300, 1, 0.5, 1]
        for time in times {
            var row = Row(), fresh = Row()
            clip.apply(at: time, to: &row)
            // A clip compiled anew: its lanes have read nothing before.
            Clip(tracks, elementsOf: \Row.values).apply(at: time, to: &fresh)
            #expect(row.values.map(\.bitPattern) == fresh.values.map(\.bitPattern), "t = \(time)")
            guard time >= 0, time < clip.duration else { continue }
            for (lane, track) in tracks.enumerated() {
                let fromBank = try bank.value(ofTrack: lane, at: time)
                #expect(row.values[lane].bitPattern == fromBank.bitPattern, "lane \(lane), t = \(time)")
                let expected = track.value(at: time)
                #expect(abs(row.values[lane] - expected) <= 1e-9 * max(1, abs(expected)), "lane \(lane), t = \(time)")
            }
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
            perElement.applyThroughTree(at: time, to: &reference)
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

    /// Where two clips of a long row write one element, the later wins, split across cores or
    /// not: the first and the last of 2,500 one-element clips both write element 0 (the first
    /// from 0 to 1, the last from 0 to 10 over 1 s: 5 at 0.5 s, by hand), so the row is not
    /// split. Which chunk a thread takes first is timing, so the rule is also checked directly.
    @Test func aRowWhoseClipsShareAnElementIsNotSplit() throws {
        struct Row: Sendable { var values = Array(repeating: -1.0, count: 2_500) }
        let clips = try (0..<2_500).map { index in
            let target = index == 2_499 ? 10.0 : 1.0
            let track = try Track(keyframes: [Keyframe(time: 0, value: 0.0), Keyframe(time: 1, value: target)])
            return Clip([track], elementsOf: \Row.values, startingAt: index == 2_499 ? 0 : index)
        }
        let group = Clip.group(clips)
        for _ in 0..<20 {
            var row = Row()
            group.apply(at: 0.5, to: &row, concurrently: true)
            #expect(row.values[0] == 5)
            #expect(row.values[1] == 0.5)
        }
        // The rule itself, on leaves made by hand (projection 0, numbers of 8 bytes): a row may
        // be split only where no two leaves' byte ranges meet.
        func leaf(_ offset: Int, count: Int = 1, stride: Int = 8, projection: Int = 0) -> ClipLeaf {
            var leaf = ClipLeaf(slot: 0, lane: 0, offset: offset, body: 0)
            leaf.count = count
            leaf.stride = stride
            leaf.projection = projection
            return leaf
        }
        #expect(ClipProgram<Row>.disjointRows(of: [leaf(0), leaf(8), leaf(16)]) == [0])
        #expect(ClipProgram<Row>.disjointRows(of: [leaf(16), leaf(0), leaf(8)]) == [0])
        #expect(ClipProgram<Row>.disjointRows(of: [leaf(0), leaf(8), leaf(0)]).isEmpty)
        #expect(ClipProgram<Row>.disjointRows(of: [leaf(0, count: 3), leaf(16)]).isEmpty)
        #expect(ClipProgram<Row>.disjointRows(of: [leaf(0, count: 3), leaf(24)]) == [0])
        // Two rows: the second (projection 1) overlaps, the first does not.
        #expect(ClipProgram<Row>.disjointRows(
            of: [leaf(0), leaf(8), leaf(0, projection: 1), leaf(0, projection: 1)]) == [0])
    }

    /// The first index at which two arrays' numbers differ in their bits.
    private static func firstDifference(_ a: [Double], _ b: [Double]) -> Int? {
        a.count != b.count ? min(a.count, b.count) : a.indices.first { a[$0].bitPattern != b[$0].bitPattern }
    }

    /// A frame split across cores writes what one loop writes: a group of 3,000 one-element clips
    /// into one array (the leaves split, as a document's tracks are) and a collection clip of
    /// 5,000 tracks (its lanes split), each element against its track's hand value: track `i` goes
    /// linearly from 0 to `i` over 1 s (one-element clips after a delay of `(i mod 5) / 8` s,
    /// filling both ways).
    @Test func aFrameSplitAcrossCoresWritesWhatOneLoopWrites() throws {
        struct Row: Sendable { var values = Array(repeating: -1.0, count: 5_000) }
        let tracks = try (0..<5_000).map { index in
            try Track(keyframes: [Keyframe(time: 0, value: 0.0), Keyframe(time: 1, value: Double(index))])
        }
        let delay = { (index: Int) in Double(index % 5) / 8 }
        let collection = Clip(tracks, elementsOf: \Row.values)
        let perElement = try Clip.group((0..<3_000).map { index in
            try Clip([tracks[index]], elementsOf: \Row.values, startingAt: index).delayed(by: delay(index)).filling(.both)
        })
        for time in [0.0, 0.3, 0.6, 0.9, 1.2, 2.0] {
            var concurrent = Row(), sequential = Row()
            perElement.apply(at: time, to: &concurrent, concurrently: true)
            perElement.apply(at: time, to: &sequential)
            #expect(Self.firstDifference(concurrent.values, sequential.values) == nil, "t = \(time)")
            for index in 0..<3_000 {
                let expected = Double(index) * min(max(time - delay(index), 0), 1)
                guard abs(concurrent.values[index] - expected) <= 1e-9 * max(1, expected) else {
                    Issue.record("t = \(time), element \(index): \(concurrent.values[index]), expected \(expected)")
                    break
                }
            }
            #expect(concurrent.values[3_000...].allSatisfy { $0 == -1 })
            var whole = Row(), wholeSequential = Row()
            collection.apply(at: time, to: &whole, concurrently: true)
            collection.apply(at: time, to: &wholeSequential)
            #expect(Self.firstDifference(whole.values, wholeSequential.values) == nil, "t = \(time)")
            let wrong = whole.values.indices.first { index in
                abs(whole.values[index] - Double(index) * min(max(time, 0), 1)) > 1e-9 * max(1, Double(index))
            }
            #expect(wrong == nil, "t = \(time), element \(wrong ?? -1)")
        }
    }
}

/// A state of numbers written element by element (`\PerElementNumbers.values[i]`, through the key path), a
/// stored number and a count of writes seen by a closure clip.
struct PerElementNumbers: Sendable, Equatable {
    var values: [Double] = Array(repeating: -1, count: 12)
    var stored = -1.0
    var seen = -1.0
}

/// A leaf of a per-element clip, as the expected values are computed from it: its track, its
/// element, and the starts its ancestors place it at, outermost first.
private struct ElementLeaf {
    let track: Track<Double>
    let element: Int
    let starts: [Double]
}

/// Clips whose tracks are bound per element by key path, compiled: the values `Track.value(at:)`
/// gives, bit for bit, written in the clips' order.
@Suite("Clips per element")
struct PerElementClipTests {
    /// The collection tests' random tracks.
    static func tracks(_ count: Int, seed: UInt64) -> [Track<Double>] {
        CollectionClipTests.tracks(count, seed: seed)
    }

    /// The state at top-level time `time` by evaluating each leaf's track directly, in order: a
    /// leaf (filling forwards, as a clip does by default) writes nothing before its start, its
    /// track's value at its local time while it plays, and its end value after it.
    private static func expected(_ leaves: [ElementLeaf], at time: Double, duration: Double) -> PerElementNumbers {
        var numbers = PerElementNumbers()
        // Before 0 the clip applies its start with the before flag: nothing fills backwards.
        guard time >= 0 else { return numbers }
        for leaf in leaves {
            // The local time as the composition computes it: one subtraction per level.
            var local = min(time, duration)
            for start in leaf.starts { local -= start }
            if local < -1e-9 { continue }
            let value = local >= leaf.track.duration - 1e-9 ? leaf.track.value(at: leaf.track.duration) : leaf.track.value(at: max(local, 0))
            numbers.values[leaf.element] = value
        }
        return numbers
    }

    fileprivate static func check(_ clip: Clip<PerElementNumbers>, _ leaves: [ElementLeaf]) {
        for step in -6...(Int(clip.duration * 60) + 6) {
            let time = Double(step) / 60
            var compiled = PerElementNumbers(), tree = PerElementNumbers()
            clip.apply(at: time, to: &compiled)
            clip.applyThroughTree(at: time, to: &tree)
            let reference = expected(leaves, at: time, duration: clip.duration)
            for index in compiled.values.indices {
                #expect(compiled.values[index].bitPattern == reference.values[index].bitPattern, "element \(index), t = \(time)")
            }
            #expect(compiled == tree, "t = \(time)")
        }
    }

    @Test func aGroupWritesEachTracksValue() {
        let tracks = Self.tracks(12, seed: 31)
        let clip = Clip.group(tracks.indices.map { Clip(tracks[$0], \PerElementNumbers.values[$0]) })
        Self.check(clip, tracks.indices.map { ElementLeaf(track: tracks[$0], element: $0, starts: [0]) })
    }

    @Test(arguments: [Clip<PerElementNumbers>.StaggerOrigin.start, .end, .center])
    func aStaggerWritesEachTracksValueFromItsStart(origin: Clip<PerElementNumbers>.StaggerOrigin) throws {
        let tracks = Self.tracks(12, seed: 32)
        let clip = try Clip.stagger(tracks.indices.map { Clip(tracks[$0], \PerElementNumbers.values[$0]) }, each: 0.05, from: origin)
        let starts = tracks.indices.map { index in
            let rank: Double
            switch origin {
            case .start: rank = Double(index)
            case .end: rank = Double(tracks.count - 1 - index)
            case .center: rank = abs(Double(index) - 5.5) - 0.5
            }
            return 0.05 * rank
        }
        Self.check(clip, tracks.indices.map { ElementLeaf(track: tracks[$0], element: $0, starts: [starts[$0]]) })
    }

    @Test func aChoreographyStaggerWritesEachTracksValue() throws {
        let tracks = Self.tracks(12, seed: 33)
        var choreography = Choreography<PerElementNumbers>()
        try choreography.add(try Clip.stagger(tracks.indices.map { Clip(tracks[$0], \PerElementNumbers.values[$0]) }, each: 0.05))
        let clip = choreography.clip
        Self.check(clip, tracks.indices.map { ElementLeaf(track: tracks[$0], element: $0, starts: [0, 0.05 * Double($0)]) })
    }

    @Test func nestedGroupsWriteEachTracksValue() throws {
        let tracks = Self.tracks(12, seed: 34)
        let clips = tracks.indices.map { Clip(tracks[$0], \PerElementNumbers.values[$0]) }
        let clip = Clip.group([
            Clip.group([Clip.group(Array(clips[0..<3])), Clip.group(Array(clips[3..<6]))]),
            try Clip.group(Array(clips[6..<9])).delayed(by: 0.25),
            try Clip.stagger(Array(clips[9..<12]), each: 0.1),
        ])
        var leaves: [ElementLeaf] = []
        for index in 0..<6 { leaves.append(ElementLeaf(track: tracks[index], element: index, starts: [0, 0, 0])) }
        for index in 6..<9 { leaves.append(ElementLeaf(track: tracks[index], element: index, starts: [0, 0.25, 0])) }
        for index in 9..<12 { leaves.append(ElementLeaf(track: tracks[index], element: index, starts: [0, 0.1 * Double(index - 9)])) }
        Self.check(clip, leaves)
    }

    /// Two clips on one element: the later one wins while it applies; before it starts, the
    /// earlier one's value stays.
    @Test func theLaterOfTwoClipsOnOneElementWins() throws {
        let tracks = Self.tracks(4, seed: 35)
        let group = Clip.group([
            Clip(tracks[0], \PerElementNumbers.values[1]), Clip(tracks[1], \PerElementNumbers.values[2]), Clip(tracks[2], \PerElementNumbers.values[1]),
        ])
        Self.check(group, [
            ElementLeaf(track: tracks[0], element: 1, starts: [0]), ElementLeaf(track: tracks[1], element: 2, starts: [0]),
            ElementLeaf(track: tracks[2], element: 1, starts: [0]),
        ])
        let stagger = try Clip.stagger([Clip(tracks[0], \PerElementNumbers.values[1]), Clip(tracks[3], \PerElementNumbers.values[1])], each: 0.5)
        Self.check(stagger, [
            ElementLeaf(track: tracks[0], element: 1, starts: [0]), ElementLeaf(track: tracks[3], element: 1, starts: [0.5]),
        ])
        // Before the second starts, the first's value; from its start on, the second's.
        #expect(stagger.value(at: 0.25, from: PerElementNumbers()).values[1] == tracks[0].value(at: 0.25))
        #expect(stagger.value(at: 0.75, from: PerElementNumbers()).values[1] == tracks[3].value(at: 0.25))
    }

    /// Key-path leaves between a stored property and a closure: each applies in order, and the
    /// closure sees the writes of the leaves before it and none of those after it.
    @Test func keyPathLeavesApplyInOrderWithOtherLeaves() throws {
        let tracks = Self.tracks(4, seed: 36)
        let copy = try Clip<PerElementNumbers>(duration: 1) { _, numbers in numbers.seen = numbers.values[0] }
        let clip = Clip.group([
            Clip(tracks[0], \PerElementNumbers.values[0]), Clip(tracks[1], \PerElementNumbers.stored), copy,
            Clip(tracks[2], \PerElementNumbers.values[0]), Clip(tracks[3], \PerElementNumbers.values[3]),
        ])
        for step in -6...(Int(clip.duration * 60) + 6) {
            let time = Double(step) / 60
            var compiled = PerElementNumbers(), tree = PerElementNumbers()
            clip.apply(at: time, to: &compiled)
            clip.applyThroughTree(at: time, to: &tree)
            #expect(compiled == tree, "t = \(time)")
            guard time >= 0 else { continue }
            let local = min(time, clip.duration)
            func value(_ track: Track<Double>) -> Double { track.value(at: min(local, track.duration)) }
            #expect(compiled.values[0] == value(tracks[2]), "t = \(time)")
            #expect(compiled.values[3] == value(tracks[3]), "t = \(time)")
            #expect(compiled.stored == value(tracks[1]), "t = \(time)")
            #expect(compiled.seen == value(tracks[0]), "t = \(time)")
        }
    }
}
