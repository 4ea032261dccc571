import Testing
import Timeline
import TimelinePlugins

@Suite("Spring parameterisations")
struct SpringParameterisationTests {
    // MARK: SwiftUI's published values and formulas

    @Test("reproduces SwiftUI's published example conversions")
    func swiftUIPublishedExamples() throws {
        // developer.apple.com/documentation/swiftui/spring:
        // Spring(duration: 0.5, bounce: 0.3) -> (mass, stiffness, damping) = (1.0, 157.9, 17.6)
        let spring = try Spring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect((spring.stiffness * 10).rounded() / 10 == 157.9)
        #expect((spring.damping * 10).rounded() / 10 == 17.6)
        // Spring(mass: 1, stiffness: 100, damping: 10) -> (duration, bounce) = (0.63, 0.5)
        let spring2 = try Spring(mass: 1, stiffness: 100, damping: 10)
        #expect((spring2.response * 100).rounded() / 100 == 0.63)
        #expect(abs(spring2.bounce - 0.5) < 1e-15)
    }

    @Test("response and damping ratio follow the published formulas", arguments: [
        (0.5, 0.7, 1.0), (0.25, 1.0, 1.0), (1.2, 0.15, 3.0), (0.8, 2.5, 0.5), (0.35, 0.0, 1.0),
    ])
    func responseMapping(_ response: Double, _ ratio: Double, _ mass: Double) throws {
        // stiffness = (2π / response)² * mass, damping = 4π * dampingRatio * mass / response
        let spring = try Spring(response: response, dampingRatio: ratio, mass: mass)
        let pi = 3.141592653589793
        #expect(springAgrees(spring.stiffness, (2 * pi / response) * (2 * pi / response) * mass, 1e-13, scale: spring.stiffness))
        #expect(springAgrees(spring.damping, 4 * pi * ratio * mass / response, 1e-13, scale: spring.damping))
        #expect(spring.mass == mass)
        #expect(springAgrees(spring.response, response, 1e-14))
        #expect(springAgrees(spring.dampingRatio, ratio, 1e-14))
    }

    @Test("duration and bounce follow the published mapping", arguments: [
        (0.5, 0.3, 0.7), (0.5, 0.0, 1.0), (0.3, 1.0, 0.0), (0.6, 0.15, 0.85),
        (0.4, -0.5, 2.0), (0.7, -0.2, 1.25), (1.0, -0.9, 10.0),
    ])
    func bounceMapping(_ duration: Double, _ bounce: Double, _ ratio: Double) throws {
        // dampingRatio = 1 - bounce (bounce >= 0), 1 / (1 + bounce) (bounce < 0); as Flutter's
        // SpringDescription.withDurationAndBounce, documented to match SwiftUI:
        // stiffness = 4π² mass / duration², damping = dampingRatio * 2 sqrt(mass * stiffness).
        let spring = try Spring(duration: duration, bounce: bounce)
        let pi = 3.141592653589793
        let stiffness = 4 * pi * pi / (duration * duration)
        #expect(springAgrees(spring.stiffness, stiffness, 1e-13, scale: stiffness))
        #expect(springAgrees(spring.damping, ratio * 2 * stiffness.squareRoot(), 1e-13, scale: spring.damping))
        #expect(springAgrees(spring.dampingRatio, ratio, 1e-14, scale: ratio))
        #expect(springAgrees(spring.bounce, bounce, 1e-14))
        #expect(springAgrees(spring.response, duration, 1e-14))
    }

    @Test("SwiftUI's documented ends: bounce 0 is critical, bounce 1 undamped, negative over-damped")
    func bounceEnds() throws {
        #expect(try Spring(duration: 0.5, bounce: 0).dampingRatio == 1)
        #expect(try Spring(duration: 0.5, bounce: 1).damping == 0)
        #expect(try Spring(duration: 0.5, bounce: -0.3).dampingRatio > 1)
        #expect(try Spring(duration: 0.5, bounce: 0.3).isUnderdamped)
        #expect(try !Spring(duration: 0.5, bounce: 0).isUnderdamped)
        let defaults = try Spring()
        #expect(defaults.response == 0.5 && defaults.dampingRatio == 1)
    }

    // MARK: Settling duration and UIKit

    @Test("settling duration + damping ratio settles exactly then", arguments: [
        (1.0, 0.7, 0.001), (0.35, 0.3, 0.001), (2.0, 1.0, 0.01), (0.5, 1.8, 0.001), (0.8, 0.1, 1e-5),
    ])
    func settlingMapping(_ duration: Double, _ ratio: Double, _ threshold: Double) throws {
        let spring = try Spring(settlingDuration: duration, dampingRatio: ratio, threshold: threshold)
        #expect(spring.mass == 1)
        #expect(springAgrees(spring.dampingRatio, ratio, 1e-13))
        // Checked on the textbook solution of a move of distance 1 from rest.
        let reference = OscillatorReference(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
        func distance(_ t: Double) -> Double { abs(reference.analytic(x0: -1, v0: 0, at: t).x) }
        #expect(distance(duration) <= threshold * (1 + 1e-9))
        #expect(distance(duration * (1 - 1e-9)) > threshold)
        for k in 1...2000 { #expect(distance(duration * (1 + Double(k) / 200)) <= threshold * (1 + 1e-9)) }
    }

    @Test("settling time scales as 1 / ω0 for a fixed damping ratio")
    func settlingScales() throws {
        let products = try [0.1, 0.5, 1, 4, 30].map { duration in
            try Spring(settlingDuration: duration, dampingRatio: 0.45).naturalFrequency * duration
        }
        for product in products { #expect(springAgrees(product, products[0], 1e-11, scale: product)) }
    }

    @Test("the UIKit form without velocity is the settling form")
    func uiKitWithoutVelocity() throws {
        for (ratio, duration) in [(0.7, 1.0), (0.55, 0.4), (1.0, 0.8), (1.6, 0.3)] {
            let uiKit = try Spring(dampingRatio: ratio, duration: duration, relativeVelocity: 0)
            let settling = try Spring(settlingDuration: duration, dampingRatio: ratio)
            #expect(springAgrees(uiKit.stiffness, settling.stiffness, 1e-12, scale: settling.stiffness))
            #expect(springAgrees(uiKit.damping, settling.damping, 1e-12, scale: settling.damping))
        }
    }

    @Test("the UIKit form settles at its duration with its relative initial velocity", arguments: [
        (0.55, 0.5, 1 / 0.55), (1.0, 1.0, -15.0), (0.7, 1.0, 0.0), (0.3, 0.8, 5.0),
        (2.0, 0.6, -3.0), (0.9, 0.3, 25.0), (0.55, 0.25, 1 / 0.55), (1.0, 0.6, -15.0),
    ])
    func uiKitMapping(_ ratio: Double, _ duration: Double, _ velocity: Double) throws {
        let spring = try Spring(dampingRatio: ratio, duration: duration, relativeVelocity: velocity)
        #expect(spring.mass == 1)
        #expect(springAgrees(spring.dampingRatio, ratio, 1e-13))
        let reference = OscillatorReference(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
        // A move 0 -> 1 with velocity `velocity` distances per second towards 1.
        func distance(_ t: Double) -> Double { abs(reference.analytic(x0: -1, v0: velocity, at: t).x) }
        #expect(distance(duration) <= 0.001 * (1 + 1e-9), "at the duration")
        #expect(distance(duration * (1 - 1e-7)) > 0.001, "just before the duration")
        for k in 1...2000 { #expect(distance(duration * (1 + Double(k) / 200)) <= 0.001 * (1 + 1e-9)) }
    }

    // MARK: Hostile input

    @Test("rejects invalid physical constants", arguments: [
        (Double.nan, 1.0, 1.0, SpringError.Parameter.mass), (0, 1, 1, .mass), (-1, 1, 1, .mass),
        (.infinity, 1, 1, .mass), (1, .nan, 1, .stiffness), (1, 0, 1, .stiffness), (1, -100, 1, .stiffness),
        (1, .infinity, 1, .stiffness), (1, 1, .nan, .damping), (1, 1, -0.1, .damping), (1, 1, .infinity, .damping),
    ])
    func rejectsPhysical(_ mass: Double, _ stiffness: Double, _ damping: Double, _ parameter: SpringError.Parameter) {
        let error = #expect(throws: SpringError.self, "\(mass), \(stiffness), \(damping)") {
            _ = try Spring(mass: mass, stiffness: stiffness, damping: damping)
        }
        #expect(error?.parameter == parameter)
        #expect(error?.description.hasPrefix(parameter.rawValue + ":") == true)
    }

    @Test("rejects constants whose ratios overflow or underflow")
    func rejectsUnrepresentable() throws {
        let error = try #require(throws: SpringError.self) { try Spring(mass: 1e-300, stiffness: 1e300, damping: 1) }
        #expect(error.parameter == nil)
        #expect(error.description.contains("stiffness / mass"))
        #expect(throws: SpringError.self) { try Spring(mass: 1e300, stiffness: 1e-300, damping: 1) }
        #expect(throws: SpringError.self) { try Spring(mass: 1e-200, stiffness: 1, damping: 1e200) }
        #expect(throws: SpringError.self) { try Spring(mass: 1, stiffness: 1, damping: 1e200) }
    }

    @Test("rejects invalid SwiftUI parameters")
    func rejectsSwiftUI() {
        let attempts: [(SpringError.Parameter, () throws(SpringError) -> Spring)] = [
            (.response, { () throws(SpringError) in try Spring(response: 0, dampingRatio: 0.5) }),
            (.response, { () throws(SpringError) in try Spring(response: .nan, dampingRatio: 0.5) }),
            (.response, { () throws(SpringError) in try Spring(response: -1, dampingRatio: 0.5) }),
            (.dampingRatio, { () throws(SpringError) in try Spring(response: 1, dampingRatio: -0.1) }),
            (.dampingRatio, { () throws(SpringError) in try Spring(response: 1, dampingRatio: .infinity) }),
            (.mass, { () throws(SpringError) in try Spring(response: 1, dampingRatio: 0.5, mass: 0) }),
            (.duration, { () throws(SpringError) in try Spring(duration: .infinity, bounce: 0) }),
            (.duration, { () throws(SpringError) in try Spring(duration: 0, bounce: 0) }),
            (.bounce, { () throws(SpringError) in try Spring(duration: 0.5, bounce: -1) }),
            (.bounce, { () throws(SpringError) in try Spring(duration: 0.5, bounce: 1.01) }),
            (.bounce, { () throws(SpringError) in try Spring(duration: 0.5, bounce: .nan) }),
        ]
        for (parameter, attempt) in attempts {
            let error = #expect(throws: SpringError.self, "an invalid \(parameter)") { _ = try attempt() }
            #expect(error?.parameter == parameter, "\(String(describing: error))")
        }
    }

    @Test("rejects invalid settling and UIKit parameters")
    func rejectsSettling() {
        let attempts: [(SpringError, () throws(SpringError) -> Spring)] = [
            (.nonFinite(.settlingDuration, value: .infinity),
             { () throws(SpringError) in try Spring(settlingDuration: .infinity, dampingRatio: 0.5) }),
            (.notPositive(.settlingDuration, value: 0),
             { () throws(SpringError) in try Spring(settlingDuration: 0, dampingRatio: 0.5) }),
            (.neverSettles, { () throws(SpringError) in try Spring(settlingDuration: 1, dampingRatio: 0) }),
            (.negative(.dampingRatio, value: -1),
             { () throws(SpringError) in try Spring(settlingDuration: 1, dampingRatio: -1) }),
            (.outOfRange(.threshold, value: 1, expected: "0 < threshold < 1 (a fraction of the distance)"),
             { () throws(SpringError) in try Spring(settlingDuration: 1, dampingRatio: 0.5, threshold: 1) }),
            (.nonFinite(.duration, value: .infinity),
             { () throws(SpringError) in try Spring(dampingRatio: 0.5, duration: .infinity, relativeVelocity: 0) }),
            (.notPositive(.duration, value: -2),
             { () throws(SpringError) in try Spring(dampingRatio: 0.5, duration: -2, relativeVelocity: 0) }),
            (.neverSettles, { () throws(SpringError) in try Spring(dampingRatio: 0, duration: 1, relativeVelocity: 1) }),
        ]
        for (expected, attempt) in attempts {
            #expect(throws: expected) { _ = try attempt() }
        }
        // NaN never compares equal, so check its parameter.
        let error = #expect(throws: SpringError.self, "a NaN velocity") {
            _ = try Spring(dampingRatio: 0.5, duration: 1, relativeVelocity: .nan)
        }
        #expect(error?.parameter == .relativeVelocity)
    }
}
