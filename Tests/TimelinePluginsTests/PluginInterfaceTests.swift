import Testing
import Timeline
import TimelinePlugins

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The plugin guide's example: a segment kind written by a third party against the public
/// `SegmentInterpolator` interface, used exactly like the built-in kinds.
struct Wiggle: SegmentInterpolator {
    var wiggles = 3.0
    var amplitude = 0.1

    func valueWeights(at t: Double, duration: Double) -> SegmentWeights {
        let u = t / duration
        let w = amplitude * sin(2 * .pi * wiggles * u)
        return SegmentWeights(from: 1 - u - w, to: u + w)
    }

    func velocityWeights(at t: Double, duration: Double) -> SegmentWeights {
        let u = t / duration
        let dw = amplitude * 2 * .pi * wiggles * cos(2 * .pi * wiggles * u) / duration
        return SegmentWeights(from: -1 / duration - dw, to: 1 / duration + dw)
    }

    var usesStartVelocity: Bool { false }
    var description: String { "wiggle(\(wiggles))" }
}

@Suite("Plugin interface")
struct PluginInterfaceTests {
    @Test func aThirdPartySegmentKindWorksOnEveryValueType() throws {
        let scalar = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0), Keyframe(time: 2, value: 10, .custom(Wiggle())),
        ])
        // u = 1/12: sin(2π · 3 / 12) = 1, so 10 · (1/12 + 0.1).
        #expect(abs(scalar.value(at: 2.0 / 12) - 10 * (1.0 / 12 + 0.1)) < 1e-12)
        #expect(scalar.value(at: 2) == 10)
        // Velocity = d/dt of the value: compare with a central difference.
        let t = 0.7, h = 1e-6
        let numeric = (scalar.value(at: t + h) - scalar.value(at: t - h)) / (2 * h)
        #expect(abs(scalar.velocity(at: t) - numeric) < 1e-5)

        let point = try Track<Point>(keyframes: [
            Keyframe(time: 0, value: Point(x: 0, y: 0)),
            Keyframe(time: 1, value: Point(x: 4, y: 8), .custom(Wiggle())),
        ])
        let p = point.value(at: 0.5)   // sin(3π) = 0: on the straight line
        #expect(abs(p.x - 2) < 1e-12 && abs(p.y - 4) < 1e-12)
    }

    @Test func pluginKindsPrintTheirName() {
        let kind = SegmentKind<Double>.custom(Wiggle(wiggles: 2))
        #expect(kind.description == "wiggle(2.0)")
    }
}
