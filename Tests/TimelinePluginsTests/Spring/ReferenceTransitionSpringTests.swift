#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Timeline
import TimelinePlugins

/// The springs of the reference transitions (/work/shared/TRANSITIONS.md §5, §6, §7), with the
/// relative initial velocities of the platform (1.0 = the whole distance per second).
@Suite("Reference transition springs")
struct ReferenceTransitionSpringTests {
    /// §5 overlay present: scale 0.3 -> 1 over d, damping ratio 0.55, initial velocity 1 / 0.55.
    @Test("§5 overlay present", arguments: [0.3, 0.5, 0.8])
    func overlayPresent(_ d: Double) throws {
        let curve = try SpringTiming(dampingRatio: 0.55, duration: d, relativeVelocity: 1 / 0.55)
        let spring = curve.spring
        #expect(springAgrees(spring.dampingRatio, 0.55, 1e-13))
        #expect(curve.duration == d)
        let scale = try SpringAnimation(
            spring: spring, from: 0.3, to: 1.0, initialVelocity: 0.7 / 0.55, threshold: 0.001 * 0.7)
        #expect(scale.value(at: 0) == 0.3)
        #expect(springAgrees(scale.velocity(at: 0), 1.2727272727272727, 1e-15))
        // Settled (within 0.1% of the 0.7 travelled) at d, and not before.
        #expect(abs(scale.value(at: d) - 1) <= 0.001 * 0.7 * (1 + 1e-9))
        #expect(abs(scale.value(at: d * (1 - 1e-7)) - 1) > 0.001 * 0.7)
        #expect(abs(scale.settlingDuration - d) <= 1e-9 * d)
        // The overshoot: the textbook peak of x = e^(-αt) (x0 cos ωd t + B sin ωd t), where the
        // velocity vanishes: tan(ωd tp) = v0 / (α B + ωd x0).
        let w0 = spring.naturalFrequency
        let alpha = 0.55 * w0
        let wd = w0 * (1 - 0.55 * 0.55).squareRoot()
        let x0 = -0.7
        let v0 = 0.7 / 0.55
        let b = (v0 + alpha * x0) / wd
        var tp = atan(v0 / (alpha * b + wd * x0)) / wd
        if tp < 0 { tp += Double.pi / wd }
        let peak = 1 + exp(-alpha * tp) * (x0 * cos(wd * tp) + b * sin(wd * tp))
        #expect(peak > 1.08, "a visible overshoot")
        #expect(springAgrees(scale.value(at: tp), peak, 1e-12))
        #expect(abs(scale.velocity(at: tp)) < 1e-10)
        let sampledMaximum = stride(from: 0.0, through: d, by: d / 10_000).map(scale.value(at:)).max() ?? 0
        #expect(sampledMaximum <= peak + 1e-12 && sampledMaximum > peak - 1e-6)
        // The same motion as a keyframe curve over the transition's duration.
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0.3), Keyframe(time: d, value: 1.0, .timing(.spring(curve))),
        ])
        for t in stride(from: 0.0, to: d, by: d / 40) {
            #expect(springAgrees(track.value(at: t), scale.value(at: t), 1e-12))
        }
        #expect(track.value(at: d) == 1)
    }

    /// §6 overlay dismiss: scale 1 -> 0.3 over 2d, critically damped, initial velocity -15.
    @Test("§6 overlay dismiss", arguments: [0.3, 0.5, 0.8])
    func overlayDismiss(_ d: Double) throws {
        let spring = try Spring(dampingRatio: 1.0, duration: 2 * d, relativeVelocity: -15)
        #expect(springAgrees(spring.dampingRatio, 1, 1e-13))
        // -15 distances per second towards the target: +10.5 per second, away from 0.3.
        let scale = try SpringAnimation(
            spring: spring, from: 1.0, to: 0.3, initialVelocity: -15 * (0.3 - 1.0), threshold: 0.001 * 0.7)
        #expect(scale.value(at: 0) == 1)
        #expect(springAgrees(scale.velocity(at: 0), 10.5, 1e-14))
        // Textbook critical motion x = (x0 + (v0 + ω x0) t) e^(-ωt) peaks at tp = v0 / (ω (v0 + ω x0)).
        let w = spring.naturalFrequency
        let tp = 10.5 / (w * (10.5 + w * 0.7))
        let peak = 0.3 + (0.7 + (10.5 + w * 0.7) * tp) * exp(-w * tp)
        #expect(peak > 1.1, "the card swells before it shrinks")
        #expect(springAgrees(scale.value(at: tp), peak, 1e-12))
        #expect(abs(scale.velocity(at: tp)) < 1e-10)
        // Still in flight when the transition completes at d; settled at 2d.
        #expect(abs(scale.value(at: d) - 0.3) > 0.01)
        #expect(!scale.isSettled(at: d))
        #expect(abs(scale.value(at: 2 * d) - 0.3) <= 0.001 * 0.7 * (1 + 1e-9))
        #expect(abs(scale.value(at: 2 * d * (1 - 1e-7)) - 0.3) > 0.001 * 0.7)
        #expect(scale.isSettled(at: 2 * d))
    }

    /// §7 card expansion: the position spring, damping ratio 0.7, duration 1 s.
    @Test("§7 card expansion position spring")
    func cardExpansion() throws {
        let spring = try Spring(dampingRatio: 0.7, duration: 1, relativeVelocity: 0)
        #expect(springAgrees(spring.dampingRatio, 0.7, 1e-13))
        let yDiff = 0.0 - 420.0  // destination.minY - origin.minY
        let translation = try SpringAnimation(spring: spring, from: 0.0, to: yDiff)
        #expect(translation.value(at: 0) == 0 && translation.velocity(at: 0) == 0)
        #expect(abs(translation.value(at: 1) - yDiff) <= 0.001 * 420 * (1 + 1e-9))
        #expect(abs(translation.value(at: 1 - 1e-7) - yDiff) > 0.001 * 420)
        // From rest the first peak is at π / ωd with overshoot e^(-πζ / sqrt(1 - ζ²)) = 4.60%.
        let overshoot = exp(-Double.pi * 0.7 / (1 - 0.49).squareRoot())
        #expect(abs(overshoot - 0.0460) < 1e-4)
        let tp = Double.pi / (spring.naturalFrequency * (1 - 0.49).squareRoot())
        #expect(springAgrees(translation.value(at: tp), yDiff * (1 + overshoot), 1e-10, scale: 420))
        #expect(abs(translation.velocity(at: tp)) < 1e-9)
        // The segment-kind form settles in the same second.
        let track = try Track<Double>(startingAt: 0, segments: [
            TrackSegment(to: yDiff, duration: 1, .spring(spring)),
        ])
        #expect(springAgrees(track.value(at: tp), translation.value(at: tp), 1e-12, scale: 420))
    }
}
