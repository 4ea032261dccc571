import Timeline

/// `y = x²`: a timing function with a known closed form, independent of the easing plugin.
struct QuadraticTiming: TimingFunction {
    func value(at x: Double) -> Double { x * x }
    func derivative(at x: Double) -> Double { 2 * x }
    func inverse(of y: Double) -> Double? { y.squareRoot() }
    var description: String { "test-quadratic" }
}

/// A plugin segment written the way a third party would: linear motion plus a sine wiggle.
struct WiggleSegment: SegmentInterpolator {
    var amplitude = 0.1
    var wiggles = 2.0

    func valueWeights(at t: Double, duration: Double) -> SegmentWeights {
        let u = t / duration
        let w = amplitude * _sin(2 * Double.pi * wiggles * u)
        return SegmentWeights(from: 1 - u - w, to: u + w)
    }

    func velocityWeights(at t: Double, duration: Double) -> SegmentWeights {
        let u = t / duration
        let dw = amplitude * 2 * Double.pi * wiggles * _cos(2 * Double.pi * wiggles * u) / duration
        return SegmentWeights(from: -1 / duration - dw, to: 1 / duration + dw)
    }

    var usesStartVelocity: Bool { false }
    var description: String { "wiggle" }
}

/// A segment whose weights are NaN: a broken plugin.
struct BrokenSegment: SegmentInterpolator {
    func valueWeights(at t: Double, duration: Double) -> SegmentWeights {
        SegmentWeights(from: .nan, to: 0)
    }
    func velocityWeights(at t: Double, duration: Double) -> SegmentWeights {
        SegmentWeights(from: 0, to: 0)
    }
    var description: String { "broken" }
}

/// Absolute-difference comparison for doubles.
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-12) -> Bool {
    abs(a - b) <= tolerance
}

#if canImport(Glibc)
import Glibc
func _sin(_ x: Double) -> Double { Glibc.sin(x) }
func _cos(_ x: Double) -> Double { Glibc.cos(x) }
#elseif canImport(Darwin)
import Darwin
func _sin(_ x: Double) -> Double { Darwin.sin(x) }
func _cos(_ x: Double) -> Double { Darwin.cos(x) }
#endif
