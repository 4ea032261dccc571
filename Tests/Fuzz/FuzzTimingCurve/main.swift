// libFuzzer target: the timing-curve parser (`TimingCurve(parsing:)`), then the parsed curve's
// value, derivative and inverse at a few points. A finding is a crash, a hang or a non-finite value.
import FuzzDriver
import Timeline
import TimelinePlugins

runFuzzer("FuzzTimingCurve") { data, count in
    guard let curve = try? TimingCurve(parsing: fuzzText(data, count)) else { return 0 }
    for x in [0, 0.25, 0.5, 0.75, 1] {
        let value = curve.value(at: x)
        precondition(value.isFinite, "\(curve) is \(value) at \(x)")
        _ = curve.value(at: x, beforeFlag: true)
        _ = curve.derivative(at: x)
        _ = curve.inverse(of: x)
    }
    return 0
}
