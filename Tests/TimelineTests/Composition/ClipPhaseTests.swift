import Testing
import Timeline

/// CSS `steps(2, jump-start)`, written here from CSS Easing Level 1 (§ 3.3.1) as an independent
/// reference: step = floor(2x) + 1, less one with the before flag where 2x is whole, clamped to
/// 0...2, over 2.
private struct JumpStartSteps: TimingFunction {
    func value(at x: Double) -> Double { value(at: x, beforeFlag: false) }
    func value(at x: Double, beforeFlag: Bool) -> Double {
        var step = (2 * x).rounded(.down) + 1
        if beforeFlag, (2 * x).rounded(.down) == 2 * x { step -= 1 }
        return min(max(step, 0), 2) / 2
    }
    func derivative(at x: Double) -> Double { 0 }
    var description: String { "steps(2, jump-start)" }
}

/// x: 0 → 10 over 1 s in two steps that jump at the start of each half.
private let stepsX = Clip(
    try! Track<Double>(keyframes: [
        Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 10, .timing(TimingCurve(JumpStartSteps()))),
    ]),
    \Stage.x)

/// The phases of the timing model as the Swift API sees them (Docs/TimingModel.md).
@Suite("Clip phases and boundaries")
struct ClipPhaseTests {
    @Test func theBeforeFlagIsSetBeforeAClipStartsAndAfterItEndsBackwards() throws {
        // Active interval: the first step is taken at the start (5); before it (a delay that fills
        // backwards, or a negative time), the value just before the jump (0).
        #expect(stepsX.value(at: 0, from: Stage()).x == 5)
        #expect(stepsX.value(at: -1, from: Stage()).x == 0)
        let delayed = try stepsX.filling(.both).delayed(by: 0.5)
        #expect(delayed.value(at: 0.25, from: Stage()).x == 0)
        #expect(delayed.value(at: 0.5, from: Stage()).x == 5)
        // In a group, before a child's start.
        var choreography = Choreography<Stage>()
        try choreography.add(stepsX.filling(.both), at: .time(1))
        #expect(choreography.clip.value(at: 0.5, from: Stage()).x == 0)
        // Forwards then backwards: in the backward half at progress 0.25 (1.75 s), floor(0.5) + 1
        // = 1 step (5); at the end, going backwards, the flag: 0.
        let reversed = try stepsX.autoreversed()
        #expect(reversed.value(at: 1.75, from: Stage()).x == 5)
        #expect(reversed.value(at: 2, from: Stage()).x == 0)
        #expect(reversed.value(at: 9, from: Stage()).x == 0)
    }

    @Test func aClipThatDoesNotFillForwardsIsNotAppliedFromItsEndOn() throws {
        // The active interval is end-exclusive: at exactly 1 s the clip has ended.
        var choreography = Choreography<Stage>()
        try choreography.add(ramp(\.x).filling(.none))
        try choreography.add(ramp(\.y), at: .time(0))
        let clip = choreography.clip
        #expect(clip.value(at: 0.5, from: Stage(x: -1)).x == 5)
        #expect(clip.value(at: 1, from: Stage(x: -1)).x == -1)
        #expect(clip.value(at: 1, from: Stage(x: -1)).y == 10)
    }

    @Test func theEndOfARepeatIsExactDespiteRounding() throws {
        // 0.65 × 3 rounds to 1.9500000000000002, but 1.95 is the end: the end value, not a fourth
        // iteration's start.
        let clip = try ramp(\.x, over: 0.65).repeated(3)
        #expect(clip.duration > 1.95)
        #expect(clip.value(at: 1.95, from: Stage()).x == 10)
        #expect(clip.value(at: 1.3, from: Stage()).x == 0)
        #expect(clip.value(at: 0.65, from: Stage()).x == 0)
        // Sums that equal a boundary but for rounding: 0.1 + 0.2 is 0.30000000000000004.
        let tenths = try ramp(\.x, over: 0.1).repeated(5)
        #expect(tenths.value(at: 0.1 + 0.2, from: Stage()).x == 0)
        #expect(tenths.value(at: 0.1 * 5, from: Stage()).x == 10)
    }

    @Test func withPreviousCountsThePreviousClipsDelay() throws {
        var choreography = Choreography<Stage>()
        try choreography.add(try ramp(\.x).delayed(by: 0.5))
        let start = try choreography.add(ramp(\.y), at: .withPrevious(offset: 0.25))
        #expect(start == 0.75)
        // A delay under a speed change is scaled with it.
        try choreography.add(try ramp(\.a).delayed(by: 1).speed(2), at: .time(2))
        #expect(try choreography.add(ramp(\.b), at: .withPrevious()) == 2.5)
        // "After previous" is unchanged: the end of the delayed clip.
        try choreography.add(try ramp(\.c).delayed(by: 1), at: .time(4))
        #expect(try choreography.add(ramp(\.d), at: .afterPrevious()) == 6)
    }
}
