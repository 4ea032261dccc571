import Testing
import Timeline

/// A list of rows, as in the newcomer trial's reproduction.
private struct Row: Sendable, Equatable { var x = 40.0 }
private struct List: Sendable, Equatable { var rows = [Row(), Row()] }

/// A state with one number per leaf of a random clip tree, so that each leaf's start value can be
/// read back on its own.
private struct Slots: Sendable, Equatable { var values = Array(repeating: -1.0, count: 64) }

/// Random clip trees whose leaves each write their own slot, with the value each leaf starts at.
private struct RandomLeafTrees {
    var random: SplitMix64
    var starts: [Int: Double] = [:]

    init(seed: UInt64) { random = SplitMix64(state: seed) }

    mutating func number(_ range: ClosedRange<Double>) -> Double { random.uniform(range) }
    mutating func pick(_ count: Int) -> Int { Int.random(in: 0..<count, using: &random) }

    mutating func clip(depth: Int) throws -> Clip<Slots> {
        var clip: Clip<Slots>
        if depth == 0 || pick(3) == 0 || starts.count >= 60 {
            let slot = starts.count
            let first = number(-100...100)
            let track = try Track<Double>(keyframes: [
                Keyframe(time: 0, value: first),
                Keyframe(time: number(0.1...0.6), value: number(-100...100)),
            ])
            starts[slot] = first
            clip = Clip(track, \Slots.values[slot])
        } else {
            let children = try (0..<(1 + pick(3))).map { _ in try self.clip(depth: depth - 1) }
            switch pick(3) {
            case 0: clip = Clip.sequence(children)
            case 1: clip = Clip.group(children)
            default: clip = try Clip.stagger(children, each: number(0...0.3), from: [.start, .end, .center][pick(3)])
            }
        }
        for _ in 0..<pick(3) {
            switch pick(4) {
            case 0: clip = try clip.delayed(by: number(0...0.4))
            case 1: clip = try clip.speed(number(0.5...2))
            case 2: clip = try clip.repeated([2, 3, 1.5, 0.75][pick(4)])
            default: clip = try clip.autoreversed()
            }
        }
        return clip.filling([FillMode.none, .forwards, .backwards, .both][pick(4)])
    }
}

/// `cancel()` and `reverse()` put every value of a clip back at its start, whatever the fills
/// (issue 28, item 1; the newcomer trial's finding 1).
@Suite("Animators return clips to their start")
struct AnimatorReturnToStartTests {
    private func staggeredRows() throws -> (ManualClock, Animator<List>) {
        let track = try Track<Double>(keyframes: [Keyframe(time: 0, value: 40), Keyframe(time: 0.5, value: 0)])
        let clip = try Clip.stagger([Clip(track, \List.rows[0].x), Clip(track, \List.rows[1].x)], each: 0.11, from: .start)
        let clock = ManualClock(frameRate: .fps60)
        let animator = try Animator(duration: clip.duration, initialValue: List(), clock: clock)
        try animator.addAnimations(clip)
        return (clock, animator)
    }

    @Test func cancellingAStaggerPutsEveryRowAtItsStart() throws {
        let (clock, animator) = try staggeredRows()
        try animator.start()
        clock.advanceFrames(12)
        #expect(animator.state.value.rows[1].x < 40, "row 1 has moved before the cancel")
        animator.cancel()
        #expect(animator.state.value == List(), "every row is back at 40")
        #expect(animator.completion?.position == .start)
        #expect(animator.completion?.finished == false)
    }

    @Test func reversingAStaggerToItsStartPutsEveryRowAtItsStart() throws {
        let (clock, animator) = try staggeredRows()
        try animator.start()
        clock.advanceFrames(12)
        animator.reverse()
        clock.advanceFrames(30)
        #expect(animator.completion == Completion(finished: true, position: .start, fractionComplete: 0))
        #expect(animator.state.value == List())
    }

    @Test func aPropertySetByTwoClipsInSequenceReturnsToTheFirstClipsStart() throws {
        // Crossed backwards, the later clip shows its start (1) and then the earlier one its
        // start (0): the earlier start wins.
        let first = try Track<Double>(keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1)])
        let second = try Track<Double>(keyframes: [Keyframe(time: 0, value: 1), Keyframe(time: 1, value: 2)])
        let clip = Clip.sequence([Clip(first, \Row.x), Clip(second, \Row.x)])
        var row = Row(x: 7)
        clip.applyReversed(at: 0, to: &row)
        #expect(row.x == 0)
        clip.applyReversed(at: 1.5, to: &row)
        #expect(row.x == 1.5, "an active clip wins over the start of one that starts later")
    }

    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func randomClipTreesReturnToTheirStart(seed: UInt64) throws {
        var trees = RandomLeafTrees(seed: seed)
        let clip = try trees.clip(depth: 3)
        // Stop part-way: before the last frame.
        let frames = 1 + trees.pick(max(1, Int(clip.duration * 60) - 1))
        for reversing in [false, true] {
            let clock = ManualClock(frameRate: .fps60)
            let animator = try Animator(duration: clip.duration, initialValue: Slots(), clock: clock)
            try animator.addAnimations(clip)
            try animator.start()
            clock.advanceFrames(frames)
            try #require(animator.completion == nil, "seed \(seed): still running after \(frames) frames")
            if reversing {
                try animator.continueAnimation(reversed: true, speed: 3)
                clock.advanceFrames(frames)
            } else {
                animator.cancel()
            }
            #expect(animator.completion?.position == .start, "seed \(seed)")
            for (slot, start) in trees.starts {
                #expect(animator.state.value.values[slot] == start, "seed \(seed), leaf \(slot), reversing: \(reversing)")
            }
        }
    }
}
