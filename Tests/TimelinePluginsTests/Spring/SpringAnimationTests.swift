import Testing
import Timeline
import TimelinePlugins

@Suite("Spring animations")
struct SpringAnimationTests {
    @Test("starts at its start value and velocity, and follows the textbook motion in 2-D")
    func followsTextbook() throws {
        let spring = try Spring(mass: 1.5, stiffness: 200, damping: 9)
        let animation = try SpringAnimation(
            spring: spring, from: Point(x: 10, y: -5), to: Point(x: 110, y: 45),
            initialVelocity: Point(x: -200, y: 80))
        #expect(animation.value(at: 0) == Point(x: 10, y: -5))
        #expect(animation.velocity(at: 0) == Point(x: -200, y: 80))
        #expect(animation.value(at: -1) == Point(x: 10, y: -5))
        #expect(animation.value(at: .nan) == Point(x: 10, y: -5))
        #expect(animation.value(at: .infinity) == Point(x: 110, y: 45))
        let reference = OscillatorReference(mass: 1.5, stiffness: 200, damping: 9)
        for t in stride(from: 0.0, through: 3, by: 0.037) {
            let x = reference.analytic(x0: -100, v0: -200, at: t)
            let y = reference.analytic(x0: -50, v0: 80, at: t)
            #expect(springAgrees(animation.value(at: t).x, 110 + x.x, 1e-12, scale: 200))
            #expect(springAgrees(animation.value(at: t).y, 45 + y.x, 1e-12, scale: 100))
            #expect(springAgrees(animation.velocity(at: t).x, x.v, 1e-11, scale: 2000))
            #expect(springAgrees(animation.velocity(at: t).y, y.v, 1e-11, scale: 2000))
        }
    }

    @Test("retargeting continues position and velocity (RK4 with a switching target)", arguments: [0.05, 0.2, 0.61])
    func retargetIsContinuous(_ switchTime: Double) throws {
        let spring = try Spring(response: 0.45, dampingRatio: 0.5)
        let original = try SpringAnimation(spring: spring, from: 0.0, to: 100.0)
        let retargeted = try original.retargeted(to: 40, at: switchTime)
        #expect(retargeted.from == original.value(at: switchTime))
        #expect(retargeted.initialVelocity == original.velocity(at: switchTime))
        #expect(retargeted.to == 40)

        // Reference: integrate towards 100 until the switch, then towards 40 from the same state.
        let reference = OscillatorReference(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
        let atSwitch = reference.integrate(x0: -100, v0: 0, over: switchTime, steps: 20_000)
        let position = 100 + atSwitch.x
        let times = [0.0, 0.01, 0.1, 0.3, 0.8, 1.5]
        for (t, state) in zip(times, reference.integrated(x0: position - 40, v0: atSwitch.v, at: times, maxStep: 1e-5)) {
            #expect(springAgrees(retargeted.value(at: t), 40 + state.x, 1e-9, scale: 100), "value at \(t)")
            #expect(springAgrees(retargeted.velocity(at: t), state.v, 1e-9, scale: 1000), "velocity at \(t)")
        }
        // One-sided derivatives agree at the switch: no kink in the position.
        let h = 1e-6
        let before = (original.value(at: switchTime) - original.value(at: switchTime - h)) / h
        let after = (retargeted.value(at: h) - retargeted.value(at: 0)) / h
        #expect(abs(before - after) < 1e-3 * max(1, abs(before)))
    }

    @Test("reversing returns to the start, keeping the momentum")
    func reversing() throws {
        let spring = try Spring(response: 0.5, dampingRatio: 0.8)
        let forward = try SpringAnimation(spring: spring, from: Point(x: 0, y: 0), to: Point(x: 300, y: 0))
        let back = try forward.reversed(at: 0.15)
        #expect(back.to == Point(x: 0, y: 0))
        #expect(back.from == forward.value(at: 0.15))
        #expect(back.initialVelocity == forward.velocity(at: 0.15))
        #expect(back.velocity(at: 0).x > 0, "still moving forwards at the reversal")
        #expect(back.value(at: 0.05).x > back.from.x, "momentum carries it on before it turns")
        #expect(back.isSettled(at: back.settlingDuration))
        #expect(back.value(at: back.settlingDuration).magnitude <= back.threshold * (1 + 1e-9))
    }

    @Test("isSettled is the settling duration, with an absolute threshold")
    func settledIsAbsolute() throws {
        let spring = try Spring(response: 0.5, dampingRatio: 1)
        let short = try SpringAnimation(spring: spring, from: 0.0, to: 1.0, threshold: 0.01)
        let long = try SpringAnimation(spring: spring, from: 0.0, to: 100.0, threshold: 0.01)
        #expect(long.settlingDuration > short.settlingDuration)
        #expect(!short.isSettled(at: .nan))
        #expect(!short.isSettled(at: short.settlingDuration * 0.999))
        #expect(short.isSettled(at: short.settlingDuration))
        #expect(abs(long.value(at: long.settlingDuration) - 100) <= 0.01 * (1 + 1e-9))
    }

    @Test("rejects hostile input")
    func rejectsHostile() throws {
        let spring = try Spring(response: 0.5, dampingRatio: 0.8)
        let attempts: [(SpringError, () throws(SpringError) -> SpringAnimation<Double>)] = [
            (.nonFiniteValue(.from), { () throws(SpringError) in try SpringAnimation(spring: spring, from: .nan, to: 1) }),
            (.nonFiniteValue(.to), { () throws(SpringError) in try SpringAnimation(spring: spring, from: 0, to: .infinity) }),
            (.nonFiniteValue(.initialVelocity),
             { () throws(SpringError) in try SpringAnimation(spring: spring, from: 0, to: 1, initialVelocity: -.infinity) }),
            (.notPositive(.threshold, value: 0),
             { () throws(SpringError) in try SpringAnimation(spring: spring, from: 0, to: 1, threshold: 0) }),
            (.nonFinite(.threshold, value: .infinity),
             { () throws(SpringError) in try SpringAnimation(spring: spring, from: 0, to: 1, threshold: .infinity) }),
            (.unrepresentable(reason: "from - to overflows"),
             { () throws(SpringError) in try SpringAnimation(spring: spring, from: -1e308, to: 1e308) }),
        ]
        for (expected, attempt) in attempts {
            #expect(throws: expected) { _ = try attempt() }
        }
        let animation = try SpringAnimation(spring: spring, from: 0.0, to: 1.0)
        #expect(throws: SpringError.negative(.time, value: -1)) { try animation.retargeted(to: 2, at: -1) }
        #expect(throws: SpringError.nonFinite(.time, value: .infinity)) { try animation.retargeted(to: 2, at: .infinity) }
        #expect(throws: SpringError.nonFiniteValue(.to)) { try animation.retargeted(to: .nan, at: 0.1) }
        let nanTime = #expect(throws: SpringError.self, "a NaN time") { _ = try animation.reversed(at: .nan) }
        #expect(nanTime?.parameter == .time)
    }
}
