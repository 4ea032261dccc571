#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Timeline
import TimelinePlugins

/// A settling problem: a unit move (0 -> 1) with a relative initial velocity.
struct SettlingCase: CustomStringConvertible, Sendable {
    var name: String
    var mass = 1.0
    var stiffness: Double
    var damping: Double
    var velocity = 0.0
    var threshold = 0.001

    var description: String { name }
    var reference: OscillatorReference {
        OscillatorReference(mass: mass, stiffness: stiffness, damping: damping)
    }
    /// The slowest decay rate of the motion (textbook): ζω0, or -r1 when over-damped.
    var slowestRate: Double {
        let r = reference
        if r.zeta <= 1 { return r.zeta * r.omega0 }
        return r.omega0 * r.omega0 / (r.zeta * r.omega0 + r.omega0 * (r.zeta * r.zeta - 1).squareRoot())
    }
    /// |x(t) - 1| from the textbook solution (displacement -1, velocity towards the target).
    func distance(at t: Double) -> Double {
        abs(reference.analytic(x0: -1, v0: velocity, at: t).x)
    }

    static let all: [SettlingCase] = [
        SettlingCase(name: "ζ 0.2", stiffness: 100, damping: 4),
        SettlingCase(name: "ζ 0.05, many bounces", stiffness: 40, damping: 0.632),
        SettlingCase(name: "ζ 0.55, thrown forward", stiffness: 150, damping: 13.47, velocity: 1 / 0.55),
        SettlingCase(name: "ζ 0.7, thrown back", stiffness: 60, damping: 10.84, velocity: -15),
        SettlingCase(name: "ζ 0.3, loose threshold", stiffness: 30, damping: 3.29, threshold: 0.05),
        SettlingCase(name: "ζ 0.4, tight threshold", stiffness: 30, damping: 4.38, threshold: 1e-7),
        SettlingCase(name: "ζ 1 - 1e-9", stiffness: 100, damping: 20 * (1 - 1e-9)),
        SettlingCase(name: "critical", stiffness: 100, damping: 20),
        SettlingCase(name: "critical, thrown back", mass: 2, stiffness: 50, damping: 20, velocity: -15),
        SettlingCase(name: "critical, overshooting", stiffness: 100, damping: 20, velocity: 40),
        SettlingCase(name: "ζ 3", stiffness: 100, damping: 60),
        SettlingCase(name: "ζ 3, overshooting", stiffness: 100, damping: 60, velocity: 80),
        SettlingCase(name: "ζ 1.5, thrown back", mass: 0.5, stiffness: 20, damping: 9.49, velocity: -5),
    ]
}

@Suite("Spring settling")
struct SpringSettlingTests {
    @Test("is the last time the distance exceeds the threshold (brute force)", arguments: SettlingCase.all)
    func matchesBruteForce(_ c: SettlingCase) throws {
        let spring = try Spring(mass: c.mass, stiffness: c.stiffness, damping: c.damping)
        let settling = try spring.settlingDuration(threshold: c.threshold, relativeVelocity: c.velocity)
        // Brute force on the textbook solution: the last grid time where the distance exceeds it.
        let horizon = 60 / c.slowestRate
        let step = horizon / 400_000
        var lastAbove = -1.0
        var t = 0.0
        while t <= horizon {
            if c.distance(at: t) > c.threshold { lastAbove = t }
            t += step
        }
        #expect(lastAbove >= 0, "the move leaves the threshold")
        #expect(settling >= lastAbove && settling <= lastAbove + step,
                "settling \(settling) vs brute force \(lastAbove)...\(lastAbove + step)")
        // Exactness: settled at it, not just before it.
        #expect(c.distance(at: settling) <= c.threshold * (1 + 1e-9))
        #expect(c.distance(at: settling * (1 - 1e-9)) > c.threshold)
    }

    @Test("a SpringAnimation settles where its distance stays within the threshold, in 2-D")
    func settlesInTwoDimensions() throws {
        // Displacement and velocity not parallel: the distance |x(t)| is not a scalar spring.
        let cases: [(Spring, Point, Point, Point)] = [
            (try Spring(mass: 1, stiffness: 100, damping: 6), Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 0, y: 60)),
            (try Spring(mass: 1, stiffness: 100, damping: 20), Point(x: 3, y: 4), Point(x: 0, y: 0), Point(x: 40, y: -10)),
            (try Spring(mass: 1, stiffness: 100, damping: 70), Point(x: -5, y: 0), Point(x: 5, y: 0), Point(x: -20, y: 90)),
            (try Spring(mass: 1, stiffness: 100, damping: 1), Point(x: 1, y: 0), Point(x: 0, y: 0), Point(x: 0, y: 10)),
        ]
        for (spring, from, to, velocity) in cases {
            let animation = try SpringAnimation(spring: spring, from: from, to: to, initialVelocity: velocity, threshold: 0.01)
            let reference = OscillatorReference(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
            func distance(_ t: Double) -> Double {
                let x = reference.analytic(x0: from.x - to.x, v0: velocity.x, at: t).x
                let y = reference.analytic(x0: from.y - to.y, v0: velocity.y, at: t).x
                return (x * x + y * y).squareRoot()
            }
            let horizon = 80 / (spring.dampingRatio < 1 ? spring.damping / 2 : 0.5)
            let step = horizon / 400_000
            var lastAbove = -1.0
            var t = 0.0
            while t <= horizon {
                if distance(t) > 0.01 { lastAbove = t }
                t += step
            }
            let settling = animation.settlingDuration
            #expect(settling >= lastAbove && settling <= lastAbove + step, "\(spring): \(settling) vs \(lastAbove)")
            #expect(distance(settling) <= 0.01 * (1 + 1e-9))
            #expect(distance(settling * (1 - 1e-9)) > 0.01)
            #expect(animation.isSettled(at: settling))
            #expect(!animation.isSettled(at: settling * (1 - 1e-9)))
        }
    }

    @Test("a critically damped move from rest settles at ω t = 9.2334 (hand-solved)")
    func criticalFromRest() throws {
        // (1 + s) e^(-s) = 0.001 has the root s = 9.23341 (Newton by hand, to 5 digits).
        let spring = try Spring(mass: 1, stiffness: 4, damping: 4)
        #expect(abs(spring.settlingDuration * 2 - 9.23341) < 1e-4)
    }

    @Test("is zero when the motion never leaves the threshold, infinite when undamped")
    func degenerateCases() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 20)
        let animation = try SpringAnimation(spring: spring, from: 1.0, to: 1.0005, threshold: 0.001)
        #expect(animation.settlingDuration == 0)
        #expect(animation.isSettled(at: 0))
        let still = try SpringAnimation(spring: spring, from: 2.0, to: 2.0)
        #expect(still.settlingDuration == 0)
        let undamped = try Spring(mass: 1, stiffness: 100, damping: 0)
        #expect(undamped.settlingDuration == .infinity)
        #expect(try undamped.settlingDuration(threshold: 0.01, relativeVelocity: 3) == .infinity)
        let tiny = try SpringAnimation(spring: undamped, from: 0.0, to: 0.0005, threshold: 0.001)
        #expect(tiny.settlingDuration == 0)
        #expect(!(try SpringAnimation(spring: undamped, from: 0.0, to: 1.0)).isSettled(at: 1e300))
    }

    @Test("terminates for extreme parameters", arguments: [
        (1.0, 1.0, 1e-12, 0.0), (1.0, 1.0, 1e-300, 0.0), (1.0, 1.0, 1e150, 0.0), (1.0, 1.0, 1e150, -1e10),
        (1.0, 1e300, 1.0, 1e100), (1.0, 1e-300, 1e-300, 0.0), (1e200, 1e-100, 1.0, 5.0),
        (1.0, 1.0, 2.0, 1e300), (1.0, 1.0, 1e-6, -1e200), (1.0, 1.0, 2 - 1e-15, 0.0), (1.0, 1.0, 2 + 1e-15, 7.0),
    ])
    func terminatesForExtremes(_ mass: Double, _ stiffness: Double, _ damping: Double, _ velocity: Double) throws {
        let spring = try Spring(mass: mass, stiffness: stiffness, damping: damping)
        let settling = try spring.settlingDuration(threshold: 0.001, relativeVelocity: velocity)
        #expect(!settling.isNaN && settling >= 0)
        if settling.isFinite && settling > 0 {
            let r = OscillatorReference(mass: mass, stiffness: stiffness, damping: damping)
            let after = try spring.transitionMatrix(step: settling).applied(toDisplacement: -1.0, velocity: velocity)
            #expect(abs(after.displacement) <= 0.001 * (1 + 1e-6), "\(r.zeta)")
        }
    }

    @Test("rejects invalid thresholds and velocities", arguments: [
        (Double.nan, 0.0, SpringError.Parameter.threshold), (0, 0, .threshold), (-0.1, 0, .threshold),
        (1, 0, .threshold), (2, 0, .threshold), (.infinity, 0, .threshold),
        (0.001, .nan, .relativeVelocity), (0.001, -.infinity, .relativeVelocity),
    ])
    func rejectsInvalid(_ threshold: Double, _ velocity: Double, _ parameter: SpringError.Parameter) throws {
        let spring = try Spring(duration: 0.5, bounce: 0)
        let error = #expect(throws: SpringError.self, "threshold \(threshold), velocity \(velocity)") {
            _ = try spring.settlingDuration(threshold: threshold, relativeVelocity: velocity)
        }
        #expect(error?.parameter == parameter)
    }
}
