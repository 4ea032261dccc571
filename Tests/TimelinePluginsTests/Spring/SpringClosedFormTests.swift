#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Timeline
import TimelinePlugins

/// A spring in each damping regime, with the state it is released from.
struct SpringCase: CustomStringConvertible, Sendable {
    var name: String
    var mass: Double
    var stiffness: Double
    var damping: Double
    var x0: Double
    var v0: Double

    var reference: OscillatorReference {
        OscillatorReference(mass: mass, stiffness: stiffness, damping: damping)
    }
    func spring() throws -> Spring { try Spring(mass: mass, stiffness: stiffness, damping: damping) }
    var description: String { name }

    /// The regimes, away from critical damping (where the textbook forms are well conditioned).
    static let regimes: [SpringCase] = [
        SpringCase(name: "under ζ=0.2", mass: 1, stiffness: 100, damping: 4, x0: -1, v0: 0),
        SpringCase(name: "under ζ=0.55, thrown", mass: 1, stiffness: 157.9, damping: 13.8, x0: -0.7, v0: 1.27),
        SpringCase(name: "under heavy mass", mass: 2.5, stiffness: 40, damping: 6, x0: 3, v0: -12),
        SpringCase(name: "undamped", mass: 1, stiffness: 25, damping: 0, x0: 1, v0: 2),
        SpringCase(name: "critical", mass: 1, stiffness: 100, damping: 20, x0: -1, v0: 4),
        SpringCase(name: "critical, moving away", mass: 4, stiffness: 1, damping: 4, x0: 1, v0: 3),
        SpringCase(name: "over ζ=2.5", mass: 1, stiffness: 100, damping: 50, x0: -1, v0: 0),
        SpringCase(name: "over ζ=20, thrown", mass: 0.5, stiffness: 8, damping: 80, x0: 2, v0: -30),
    ]

    /// Springs within a hair of critical damping, where naive closed forms cancel.
    static let nearCritical: [SpringCase] = [1e-3, 1e-7, 1e-10, 1e-13, -1e-3, -1e-7, -1e-10, -1e-13].map { delta in
        SpringCase(
            name: "ζ = 1 + \(delta)", mass: 1, stiffness: 64, damping: 16 * (1 + delta),
            x0: -1, v0: 2.5)
    }
}

@Suite("Spring closed form")
struct SpringClosedFormTests {
    static let times: [Double] = (0...60).map { Double($0) * 0.05 } + [4.5, 7.25, 10]

    @Test("matches the textbook solution of each regime", arguments: SpringCase.regimes)
    func matchesTextbook(_ c: SpringCase) throws {
        let spring = try c.spring()
        let animation = try SpringAnimation(spring: spring, from: c.x0, to: 0, initialVelocity: c.v0)
        for t in Self.times {
            let expected = c.reference.analytic(x0: c.x0, v0: c.v0, at: t)
            #expect(springAgrees(animation.value(at: t), expected.x, 1e-12, scale: abs(c.x0) + abs(c.v0)),
                    "x at \(t)")
            #expect(springAgrees(animation.velocity(at: t), expected.v, 1e-11, scale: abs(c.v0) + c.reference.omega0 * abs(c.x0)),
                    "v at \(t)")
        }
    }

    @Test("matches an RK4 integration of the ODE", arguments: SpringCase.regimes + SpringCase.nearCritical)
    func matchesIntegration(_ c: SpringCase) throws {
        let spring = try c.spring()
        let times = [0.01, 0.1, 0.25, 0.5, 1, 1.5, 2, 3]
        let integrated = c.reference.integrated(x0: c.x0, v0: c.v0, at: times, maxStep: c.reference.fineStep)
        for (t, expected) in zip(times, integrated) {
            let m = try spring.transitionMatrix(step: t)
            let state = m.applied(toDisplacement: c.x0, velocity: c.v0)
            #expect(springAgrees(state.displacement, expected.x, 1e-9), "x at \(t): \(state.displacement) vs \(expected.x)")
            #expect(springAgrees(state.velocity, expected.v, 1e-9, scale: c.reference.omega0), "v at \(t)")
        }
    }

    @Test("is continuous through critical damping (no cancellation)")
    func continuousThroughCritical() throws {
        // Critical: x = (x0 + (v0 + ω0 x0) t) e^(-ω0 t). Within δ of ζ = 1 the motion moves by O(δ).
        let critical = OscillatorReference(mass: 1, stiffness: 64, damping: 16)
        for delta in [1e-9, 1e-12, 1e-15, -1e-9, -1e-12, -1e-15] {
            let spring = try Spring(mass: 1, stiffness: 64, damping: 16 * (1 + delta))
            for t in [0.05, 0.3, 1, 2.5, 6] {
                let m = try spring.transitionMatrix(step: t)
                let state = m.applied(toDisplacement: -1.0, velocity: 2.5)
                let expected = critical.analytic(x0: -1, v0: 2.5, at: t)
                #expect(springAgrees(state.displacement, expected.x, 1e-12 + 20 * abs(delta)), "δ \(delta) t \(t)")
                #expect(springAgrees(state.velocity, expected.v, 1e-11 + 200 * abs(delta)), "δ \(delta) t \(t)")
            }
        }
    }

    @Test("stays finite and exact for large times")
    func largeTimes() throws {
        // Strongly over-damped: β t passes 700, where cosh and sinh overflow.
        let over = OscillatorReference(mass: 1, stiffness: 1, damping: 1000)
        let spring = try Spring(mass: 1, stiffness: 1, damping: 1000)
        for t in [1.0, 10, 100, 1000, 5000] {
            let state = try spring.transitionMatrix(step: t).applied(toDisplacement: 1.0, velocity: -3.0)
            let expected = over.analytic(x0: 1, v0: -3, at: t)
            #expect(state.displacement.isFinite && state.velocity.isFinite)
            #expect(springAgrees(state.displacement, expected.x, 1e-12), "x at \(t)")
            #expect(abs(state.displacement - expected.x) <= 1e-12 * abs(expected.x) + 1e-300, "relative x at \(t)")
            #expect(springAgrees(state.velocity, expected.v, 1e-12), "v at \(t)")
        }
        // Every regime at huge and infinite times: finite, at the target.
        for c in SpringCase.regimes where c.damping > 0 {
            let spring = try c.spring()
            for t in [1e6, 1e12, 1e300] {
                let m = try spring.transitionMatrix(step: t)
                let state = m.applied(toDisplacement: c.x0, velocity: c.v0)
                #expect(state.displacement == 0 && state.velocity == 0, "\(c) at \(t)")
            }
            let animation = try SpringAnimation(spring: spring, from: c.x0, to: 0, initialVelocity: c.v0)
            #expect(animation.value(at: .infinity) == 0)
            #expect(animation.velocity(at: .infinity) == 0)
        }
        // Undamped: bounded forever.
        let undamped = try Spring(mass: 1, stiffness: 25, damping: 0)
        let far = try undamped.transitionMatrix(step: 1e9).applied(toDisplacement: 1.0, velocity: 0.0)
        #expect(abs(far.displacement - cos(5e9)) < 1e-6)
    }

    @Test("the transition matrix composes: Φ(s) Φ(t) = Φ(s + t)", arguments: SpringCase.regimes + SpringCase.nearCritical)
    func transitionMatrixComposes(_ c: SpringCase) throws {
        let spring = try c.spring()
        let frame = try spring.transitionMatrix(step: 1.0 / 60)
        var state = (displacement: c.x0, velocity: c.v0)
        for _ in 0..<120 { state = frame.applied(toDisplacement: state.displacement, velocity: state.velocity) }
        let expected = c.reference.integrated(x0: c.x0, v0: c.v0, at: [2], maxStep: c.reference.fineStep)[0]
        #expect(springAgrees(state.displacement, expected.x, 1e-9), "after 120 frames")
        #expect(springAgrees(state.velocity, expected.v, 1e-9, scale: c.reference.omega0))
        let twice = frame.followed(by: frame)
        let direct = try spring.transitionMatrix(step: 2.0 / 60)
        #expect(springAgrees(twice.displacementFromDisplacement, direct.displacementFromDisplacement, 1e-14))
        #expect(springAgrees(twice.displacementFromVelocity, direct.displacementFromVelocity, 1e-14))
        #expect(springAgrees(twice.velocityFromDisplacement, direct.velocityFromDisplacement, 1e-12, scale: c.reference.omega0 * c.reference.omega0))
        #expect(springAgrees(twice.velocityFromVelocity, direct.velocityFromVelocity, 1e-13, scale: c.reference.omega0))
    }

    @Test("the transition matrix columns are the unit responses")
    func transitionMatrixColumns() throws {
        for c in SpringCase.regimes {
            let spring = try c.spring()
            for t in [0.0, 0.07, 0.9] {
                let m = try spring.transitionMatrix(step: t)
                let unitDisplacement = c.reference.analytic(x0: 1, v0: 0, at: t)
                let unitVelocity = c.reference.analytic(x0: 0, v0: 1, at: t)
                #expect(springAgrees(m.displacementFromDisplacement, unitDisplacement.x, 1e-12))
                #expect(springAgrees(m.velocityFromDisplacement, unitDisplacement.v, 1e-11, scale: c.reference.omega0 * c.reference.omega0))
                #expect(springAgrees(m.displacementFromVelocity, unitVelocity.x, 1e-12))
                #expect(springAgrees(m.velocityFromVelocity, unitVelocity.v, 1e-11))
            }
        }
        #expect(try Spring(duration: 0.5, bounce: 0.2).transitionMatrix(step: 0) == .identity)
    }

    @Test("the transition matrix rejects invalid steps", arguments: [
        (Double.nan, SpringError.nonFinite(.step, value: .nan)),
        (.infinity, .nonFinite(.step, value: .infinity)),
        (-0.01, .negative(.step, value: -0.01)),
    ])
    func transitionMatrixRejects(_ step: Double, _ error: SpringError) throws {
        let spring = try Spring(duration: 0.5, bounce: 0.2)
        let thrown = try #require(throws: SpringError.self) { try spring.transitionMatrix(step: step) }
        #expect(thrown.parameter == .step)
        #expect(thrown.description.hasPrefix("step: "))
        // The case and the value (NaN compares unequal, so by their text).
        #expect(thrown.description == error.description)
    }
}
