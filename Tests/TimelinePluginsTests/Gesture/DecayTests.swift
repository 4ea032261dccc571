import Foundation
import Testing
import Timeline
import TimelinePlugins

@Suite("Decay, inertia, rubber band and snapping")
struct DecayTests {
    /// dv/dt = k·v, dx/dt = v, integrated with classical Runge–Kutta in 0.1 ms steps.
    static func integrate(from x0: Double, velocity v0: Double, k: Double, until end: Double) -> (x: Double, v: Double) {
        var x = x0, v = v0
        let h = 1e-4
        var t = 0.0
        while t < end - 1e-12 {
            let step = min(h, end - t)
            // The state (x, v) with derivative (v, k·v).
            let k1x = v, k1v = k * v
            let k2x = v + step / 2 * k1v, k2v = k * (v + step / 2 * k1v)
            let k3x = v + step / 2 * k2v, k3v = k * (v + step / 2 * k2v)
            let k4x = v + step * k3v, k4v = k * (v + step * k3v)
            x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += step
        }
        return (x, v)
    }

    @Test("a rate per millisecond: UIKit's velocity × r every millisecond, the closed form, an integration")
    func rateDecay() throws {
        let decay = try Decay(from: 100, velocity: 2_000, rate: Decay.normal)
        let k = 1_000 * log(0.998)
        #expect(decay.exponent == k)
        // The velocity after n whole milliseconds is v₀·rⁿ: UIKit's rule.
        for milliseconds in [1, 10, 250, 1_000] {
            let expected = 2_000 * pow(0.998, Double(milliseconds))
            #expect(abs(decay.velocity(at: Double(milliseconds) / 1_000) - expected) <= 1e-9 * 2_000)
        }
        // x(t) = x₀ + v₀·(e^(kt) − 1)/k, written out independently.
        for time in [0.0, 0.016, 0.1, 0.5, 2.0] {
            let expected = 100 + 2_000 * (exp(k * time) - 1) / k
            #expect(abs(decay.value(at: time) - expected) <= 1e-9)
            let numeric = Self.integrate(from: 100, velocity: 2_000, k: k, until: time)
            #expect(abs(decay.value(at: time) - numeric.x) <= 1e-6, "t = \(time): \(decay.value(at: time)) vs \(numeric.x)")
            #expect(abs(decay.velocity(at: time) - numeric.v) <= 1e-6)
        }
        #expect(abs(decay.restPosition - (100 + 2_000 * 0.49949983316645474)) <= 1e-9)
        #expect(decay.value(at: -1) == 100 && decay.value(at: .infinity) == decay.restPosition)
        // Apple's formula (the discrete sum): 1000/1000 · 0.998/0.002 = 499.
        #expect(abs(Decay.projectedDistance(velocity: 1_000, rate: 0.998) - 499) <= 1e-9)
        #expect(abs(Decay.projectedDistance(velocity: 1_000, rate: Decay.fast) - 99) <= 1e-9)
    }

    @Test("settling and reaching: the times where the closed form says")
    func settlingAndReaching() throws {
        let decay = try Decay(from: 0, velocity: -3_000, rate: Decay.fast)
        let settle = decay.settlingTime(threshold: 0.5)
        #expect(abs(abs(decay.value(at: settle) - decay.restPosition) - 0.5) <= 1e-9)
        #expect(abs(decay.value(at: settle * 0.99) - decay.restPosition) > 0.5)
        let halfway = try #require(decay.time(toReach: decay.restPosition / 2))
        #expect(abs(halfway - log(0.5) / decay.exponent) <= 1e-12)
        #expect(decay.time(toReach: 10) == nil && decay.time(toReach: decay.restPosition * 2) == nil)
        #expect(try Decay(from: 5, velocity: 0).settlingTime() == 0)
    }

    @Test("a time constant: Motion's form, from + power·v with τ")
    func timeConstantDecay() throws {
        let decay = try Decay(from: 0, velocity: 1_000, timeConstant: 0.325, power: 0.8)
        #expect(decay.restPosition == 800)
        // x(τ) = 800·(1 − 1/e).
        #expect(abs(decay.value(at: 0.325) - 800 * (1 - exp(-1))) <= 1e-9)
        #expect(abs(decay.initialVelocity - 800 / 0.325) <= 1e-9)
        #expect(abs(decay.velocity(at: 0.65) - 800 / 0.325 * exp(-2)) <= 1e-9)
        // modifyTarget snaps the rest point to a grid of 300.
        let snapped = try Decay(from: 0, velocity: 1_000, timeConstant: 0.325) { ($0 / 300).rounded() * 300 }
        #expect(snapped.restPosition == 900)
        #expect(abs(snapped.value(at: 0.325) - 900 * (1 - exp(-1))) <= 1e-9)
    }

    @Test("bad parameters are errors")
    func badParameters() {
        #expect(throws: GestureError.self) { try Decay(from: 0, velocity: .nan) }
        #expect(throws: GestureError.self) { try Decay(from: 0, velocity: 1, rate: 1) }
        #expect(throws: GestureError.self) { try Decay(from: 0, velocity: 1, rate: 0) }
        #expect(throws: GestureError.self) { try Decay(from: 0, velocity: 1, timeConstant: 0) }
        #expect(throws: GestureError.self) { try Decay(from: 0, velocity: 1, timeConstant: 1) { _ in .infinity } }
        #expect(throws: GestureError.self) { try RubberBand(dimension: 0) }
        #expect(throws: GestureError.nothingToSnapTo) { try Snap.detent(position: 0, velocity: 0, detents: []) }
        #expect(throws: GestureError.self) { try Inertia(from: 0, velocity: 1, bounds: 0...Double.infinity) }
    }

    @Test("inertia hands over to the spring at the bound with position and velocity continuous")
    func inertiaAtABound() throws {
        let fling = try Inertia(from: 1_800, velocity: 3_000, bounds: 0...2_000)
        let hand = try #require(fling.handOverTime)
        // The decay reaches 2000 at ln(1 − 200/A)/k.
        let decay = try Decay(from: 1_800, velocity: 3_000)
        #expect(abs(hand - log(1 - 200 / decay.amplitude) / decay.exponent) <= 1e-12)
        #expect(abs(fling.value(at: hand) - 2_000) <= 1e-9)
        // Continuous position and velocity: one-sided finite differences on both sides agree.
        let h = 1e-6
        let before = (fling.value(at: hand) - fling.value(at: hand - h)) / h
        let after = (fling.value(at: hand + h) - fling.value(at: hand)) / h
        #expect(abs(before - after) <= 1e-2 * abs(before), "\(before) vs \(after)")
        #expect(abs(fling.velocity(at: hand - 1e-9) - fling.velocity(at: hand)) <= 1e-3)
        #expect(abs(fling.value(at: hand - h) - fling.value(at: hand + h)) <= 2 * h * abs(before) + 1e-9)
        // It overshoots past 2000 and settles back there where the spring says.
        #expect((1...200).contains { fling.value(at: hand + Double($0) / 1_000) > 2_000.5 })
        let settle = fling.settlingTime(threshold: 0.5)
        #expect(settle > hand && settle.isFinite)
        for time in stride(from: settle, through: settle + 3, by: 0.01) {
            #expect(abs(fling.value(at: time) - 2_000) <= 0.5 + 1e-9)
        }
        #expect(fling.restPosition == 2_000)
    }

    @Test("inertia inside its bounds is the decay; released outside, it springs back at once")
    func inertiaInsideAndOutside() throws {
        let inside = try Inertia(from: 500, velocity: 400, bounds: 0...2_000)
        let coast = try Decay(from: 500, velocity: 400)
        #expect(inside.handOverTime == nil && inside.value(at: 0.3) == coast.value(at: 0.3))
        let outside = try Inertia(from: -50, velocity: -200, bounds: 0...2_000)
        #expect(outside.handOverTime == 0 && outside.restPosition == 0)
        #expect(outside.value(at: 0) == -50 && outside.velocity(at: 0) == -200)
        #expect(abs(outside.value(at: 5)) <= 0.5)
        let motion = try Inertia(from: 0, velocity: 1_000, bounds: 0...300, timeConstant: 0.325)
        #expect(motion.restPosition == 300 && motion.handOverTime != nil)
    }

    @Test("the rubber band: the curve, its inverse and slope, and the release with the banded velocity")
    func rubberBand() throws {
        let band = try RubberBand(dimension: 300)
        // (1 − 1/(100·0.55/300 + 1))·300, by hand: 1 − 1/1.18333… = 0.15493, × 300 = 46.478873.
        #expect(abs(band.offset(forDistance: 100) - 46.478873239436616) <= 1e-9)
        #expect(band.offset(forDistance: -100) == -band.offset(forDistance: 100))
        #expect(band.offset(forDistance: 0) == 0 && band.offset(forDistance: 1e12) < 300)
        for distance in [0.5, 10.0, 100.0, 1_000.0, -250.0] {
            #expect(abs(band.distance(forOffset: band.offset(forDistance: distance)) - distance) <= 1e-9 * max(1, abs(distance)))
            let h = 1e-5
            let numeric = (band.offset(forDistance: distance + h) - band.offset(forDistance: distance - h)) / (2 * h)
            #expect(abs(band.slope(atDistance: distance) - numeric) <= 1e-6)
        }
        #expect(band.slope(atDistance: 0) == 0.55)
        #expect(band.distance(forOffset: 300) == .infinity)
        #expect(band.displayed(500, in: 0...1_000) == 500)
        #expect(abs(band.displayed(-100, in: 0...1_000) + 46.478873239436616) <= 1e-9)
        #expect(abs(band.finger(forDisplayed: band.displayed(1_080, in: 0...1_000), in: 0...1_000) - 1_080) <= 1e-9)
        let spring = try Spring(response: 0.4, dampingRatio: 1)
        let back = try #require(try band.release(finger: -100, fingerVelocity: -800, in: 0...1_000, spring: spring))
        #expect(back.from == band.displayed(-100, in: 0...1_000) && back.to == 0)
        #expect(abs(back.initialVelocity - -800 * band.slope(atDistance: -100)) <= 1e-12)
        #expect(try band.release(finger: 10, fingerVelocity: 0, in: 0...1_000, spring: spring) == nil)
    }

    @Test("snapping lands where the projection is nearest, for flicks of several speeds")
    func snapping() throws {
        // Detents of a sheet: 0, 300, 700. Projection distance at the normal rate: v · 0.4995.
        let detents = [0.0, 300, 700]
        let cases: [(position: Double, velocity: Double, expected: Double)] = [
            (340, 0, 300),          // at rest: the nearest
            (340, 150, 300),        // 340 + 74.9 = 414.9: still 300
            (340, 500, 700),        // 340 + 249.7 = 589.7: nearer 700 (110.3) than 300 (289.7)
            (340, 1_500, 700),      // 1089.2: 700
            (340, -300, 300),       // 190.1: 300 (109.9) beats 0 (190.1)
            (340, -500, 0),         // 90.2: 0
            (650, -400, 300),       // 450.2: 300 (150.2) beats 700 (249.8)
        ]
        for flick in cases {
            #expect(try Snap.detent(position: flick.position, velocity: flick.velocity, detents: detents) == flick.expected,
                    "\(flick.position) at \(flick.velocity)")
        }
        // Pages of 390: from page 2 (780), a flick of −1000 lands 780 − 499.5 = 280.5: page 1.
        #expect(try Snap.page(position: 780, velocity: -1_000, pageSize: 390, pageCount: 5) == 1)
        #expect(try Snap.page(position: 780, velocity: -5_000, pageSize: 390, pageCount: 5) == 0)
        #expect(try Snap.page(position: 1_500, velocity: 9_000, pageSize: 390, pageCount: 5) == 4)
        let spring = try Snap.spring(from: 340, to: 700, velocity: 1_500, spring: Spring(response: 0.4, dampingRatio: 0.8))
        #expect(spring.initialVelocity == 1_500 && spring.to == 700)
        #expect(Snap.relativeVelocity(1_500, from: 340, to: 700) == 1_500.0 / 360)
        #expect(Snap.relativeVelocity(10, from: 5, to: 5) == 0)
    }
}
