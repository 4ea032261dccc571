import Testing
import Timeline
import TimelinePlugins

@Suite("Spring timing curves")
struct SpringTimingTests {
    @Test("is the spring's unit move, ending at exactly 1", arguments: [
        (0.5, 0.3, 0.0), (0.5, 0.0, 0.0), (0.4, -0.5, 0.0), (0.6, 0.4, 3.0), (0.6, 0.1, -8.0),
    ])
    func unitMove(_ duration: Double, _ bounce: Double, _ velocity: Double) throws {
        let spring = try Spring(duration: duration, bounce: bounce)
        let curve = try SpringTiming(spring, relativeVelocity: velocity)
        #expect(curve.duration == (try spring.settlingDuration(threshold: 0.001, relativeVelocity: velocity)))
        #expect(curve.threshold == 0.001)
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(abs(curve.value(at: 1 - 1e-12) - 1) <= 0.001 * (1 + 1e-6))
        #expect(springAgrees(curve.derivative(at: 0), velocity * curve.duration, 1e-12, scale: abs(velocity)))
        let reference = OscillatorReference(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
        for x in stride(from: 0.0, to: 1, by: 0.01) {
            let state = reference.analytic(x0: -1, v0: velocity, at: x * curve.duration)
            #expect(springAgrees(curve.value(at: x), 1 + state.x, 1e-12))
            #expect(springAgrees(curve.derivative(at: x), curve.duration * state.v, 1e-11, scale: curve.duration * abs(velocity)))
        }
    }

    @Test("an explicit duration reports how far from 1 the motion ends")
    func explicitDuration() throws {
        let spring = try Spring(response: 0.5, dampingRatio: 0.9)
        let curve = try SpringTiming(spring, duration: 0.3)
        let reference = OscillatorReference(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
        #expect(springAgrees(curve.threshold, abs(reference.analytic(x0: -1, v0: 0, at: 0.3).x), 1e-12))
        #expect(curve.threshold > 0.05, "cut short: the final snap is large")
        #expect(curve.value(at: 1) == 1)
    }

    @Test("the UIKit curve lasts its duration and settles by its end")
    func uiKitCurve() throws {
        let curve = try SpringTiming(dampingRatio: 0.55, duration: 0.5, relativeVelocity: 1 / 0.55)
        #expect(curve.duration == 0.5)
        #expect(abs(curve.value(at: 1 - 1e-15) - 1) <= 0.001 * (1 + 1e-9))
        #expect(springAgrees(curve.derivative(at: 0), 0.5 / 0.55, 1e-12))
    }

    @Test("works as a TimingCurve in a track")
    func inTrack() throws {
        let spring = try Spring(duration: 0.4, bounce: 0.25)
        let timing = try SpringTiming(spring)
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 20),
            Keyframe(time: timing.duration, value: 80, .timing(.spring(timing))),
        ])
        let reference = OscillatorReference(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
        for t in stride(from: 0.0, to: timing.duration, by: timing.duration / 50) {
            let state = reference.analytic(x0: -60, v0: 0, at: t)
            #expect(springAgrees(track.value(at: t), 80 + state.x, 1e-10, scale: 80))
            #expect(springAgrees(track.velocity(at: t), state.v, 1e-9, scale: 600))
        }
        #expect(track.value(at: timing.duration) == 80)
        let curve = try TimingCurve.spring(spring)
        #expect(curve.value(at: 0.5) == timing.value(at: 0.5))
        #expect(curve.description == timing.description)
        #expect(timing.description.hasPrefix("spring(mass: 1.0, stiffness: "))
        #expect(timing.inverse(of: 0.5) == nil)
    }

    @Test("rejects hostile input")
    func rejectsHostile() throws {
        let undamped = try Spring(mass: 1, stiffness: 10, damping: 0)
        let spring = try Spring(response: 0.5, dampingRatio: 0.7)
        #expect(throws: SpringError.neverSettles) { try SpringTiming(undamped) }
        #expect(throws: SpringError.neverSettles) { try TimingCurve.spring(undamped) }
        #expect(throws: SpringError.notPositive(.duration, value: 0)) { try SpringTiming(spring, duration: 0) }
        #expect(throws: SpringError.nonFinite(.duration, value: .infinity)) { try SpringTiming(spring, duration: .infinity) }
        #expect(throws: SpringError.self) { try SpringTiming(spring, duration: 1, relativeVelocity: .nan) }
        #expect(throws: SpringError.self) { try SpringTiming(spring, relativeVelocity: .nan) }
        #expect(throws: SpringError.self) { try SpringTiming(spring, threshold: 1.5) }
        #expect(throws: SpringError.self) { try SpringTiming(dampingRatio: .nan, duration: 1, relativeVelocity: 0) }
        #expect(throws: SpringError.neverSettles) { try SpringTiming(dampingRatio: 0, duration: 1, relativeVelocity: 0) }
    }
}
