import Testing
import Timeline
import TimelinePlugins

/// The examples of Docs/Springs.md and of the doc comments, compiled and checked.
@Suite("Spring documentation examples")
struct SpringDocsExamplesTests {
    @Test("Docs/Springs.md: overview")
    func overview() throws {
        let spring = try Spring(response: 0.5, dampingRatio: 0.7)

        // A keyframe segment: the segment lasts until the spring settles.
        let track = try Track<Double>(startingAt: 0, segments: [
            TrackSegment(to: 100, duration: nil, .spring(spring)),
        ])

        // A standalone animation, retargeted half-way with its momentum.
        let move = try SpringAnimation(spring: spring, from: 0.0, to: 100.0)
        let moved = try move.retargeted(to: 40, at: 0.2)

        // A timing curve.
        let keyframe = Keyframe(time: 0.8, value: 1.0, .timing(try .spring(spring)))

        #expect(track.duration == spring.settlingDuration)
        #expect(moved.from == move.value(at: 0.2))
        #expect(keyframe.kind.description.hasPrefix("spring("))
    }

    @Test("Docs/Springs.md: the reference transitions")
    func referenceTransitions() throws {
        let d = 0.5
        let present = try SpringTiming(dampingRatio: 0.55, duration: d, relativeVelocity: 1 / 0.55)
        let scale = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0.3),
            Keyframe(time: d, value: 1.0, .timing(.spring(present))),
        ])
        let dismiss = try Spring(dampingRatio: 1, duration: 2 * d, relativeVelocity: -15)
        let shrink = try SpringAnimation(
            spring: dismiss, from: 1.0, to: 0.3, initialVelocity: -15 * (0.3 - 1.0), threshold: 0.001 * 0.7)

        #expect(scale.value(at: d) == 1)
        #expect(shrink.isSettled(at: 2 * d))
    }

    @Test("doc comments: Spring and its parameterisations")
    func springComments() throws {
        let physical = try Spring(mass: 1, stiffness: 100, damping: 10)         // Core Animation
        let swiftUI = try Spring(duration: 0.5, bounce: 0.3)                    // SwiftUI
        let response = try Spring(response: 0.5, dampingRatio: 0.7)            // SwiftUI
        let settling = try Spring(settlingDuration: 1, dampingRatio: 0.7)       // settles in 1 s
        let uiKit = try Spring(dampingRatio: 0.55, duration: 0.5, relativeVelocity: 1 / 0.55) // UIKit
        #expect(physical.dampingRatio == 0.5)
        #expect(abs(swiftUI.stiffness - 157.91) < 0.01)
        #expect(abs(response.damping - 17.59) < 0.01)
        #expect(abs(settling.settlingDuration - 1) < 1e-9)
        #expect(abs(try uiKit.settlingDuration(threshold: 0.001, relativeVelocity: 1 / 0.55) - 0.5) < 1e-9)

        let spring = try Spring(response: 0.5, dampingRatio: 0.7)
        let time = try spring.settlingDuration(threshold: 0.001)     // ≈ 0.82 s
        let thrown = try spring.settlingDuration(threshold: 0.001, relativeVelocity: -15)
        #expect(abs(time - 0.82) < 0.005)
        #expect(thrown > time)
    }

    @Test("doc comments: transition matrix, segment, animation, timing")
    func otherComments() throws {
        let spring = try Spring(response: 0.5, dampingRatio: 0.7)
        let frame = try spring.transitionMatrix(step: 1.0 / 60)
        var state = (displacement: -100.0, velocity: 0.0)   // 100 points before the target
        state = frame.applied(toDisplacement: state.displacement, velocity: state.velocity)
        #expect(state.displacement > -100 && state.velocity > 0)

        let segmentSpring = try Spring(response: 0.4, dampingRatio: 0.6)
        let track = try Track<Double>(startingAt: 0, segments: [
            TrackSegment(to: 100, duration: nil, .spring(segmentSpring)),   // the settling duration
            TrackSegment(to: 40, duration: 0.3, .spring(segmentSpring)),    // interrupted, velocity kept
        ])
        #expect(abs(track.duration - (segmentSpring.settlingDuration + 0.3)) < 1e-12)

        let move = try SpringAnimation(spring: spring, from: Point(x: 0, y: 0), to: Point(x: 100, y: 40))
        #expect(move.value(at: 0.25).x > 0)
        #expect(move.isSettled(at: 2))
        let moved = try move.retargeted(to: Point(x: 20, y: 80), at: 0.3)
        #expect(moved.initialVelocity == move.velocity(at: 0.3))

        let curve = try SpringTiming(try Spring(response: 0.5, dampingRatio: 0.7))
        let keyframe = Keyframe(time: curve.duration, value: 1.0, .timing(.spring(curve)))
        let pop = try SpringTiming(dampingRatio: 0.55, duration: 0.4, relativeVelocity: 1 / 0.55)
        #expect(keyframe.time == curve.duration && pop.duration == 0.4)

        let curveKeyframe = Keyframe(time: 1, value: 1.0, .timing(try .spring(Spring(duration: 0.5, bounce: 0.2))))
        #expect(curveKeyframe.time == 1)
    }
}
