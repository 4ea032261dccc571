import Timeline
import TimelinePlugins
import TimelineHost

/// A fixed amount of work that has nothing to do with Cadence, timed once per round of a document
/// benchmark, so that a comparison with a baseline can tell when the machine itself runs at
/// another speed than when the baseline was recorded (another CPU load, a busy neighbour on a
/// shared core, another clock speed): then timings differ without any change in the code.
///
/// The work: 200,000 steps of a 64-bit linear congruential generator, each adding into a slot of
/// a 64 KiB table (integer arithmetic and cache-resident memory traffic, about half a
/// millisecond).
enum SpeedProbe {
    /// Runs the probe once and returns its wall-clock nanoseconds.
    static func measure() -> Double {
        var table = [UInt64](repeating: 0, count: 8_192)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let start = FrameTimingSink.now()
        table.withUnsafeMutableBufferPointer { slots in
            for _ in 0..<200_000 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                slots[Int(truncatingIfNeeded: state >> 51)] &+= state
            }
        }
        let nanoseconds = Double(FrameTimingSink.now() - start)
        blackHole(table[Int(truncatingIfNeeded: state >> 51)])
        return nanoseconds
    }

    /// How much slower (positive) or faster (negative) the machine ran the probe than in the
    /// reference samples, in percent of the reference's median; `nil` without samples.
    static func changePercent(_ samples: [Double], from reference: [Double]) -> Double? {
        guard !samples.isEmpty, !reference.isEmpty else { return nil }
        let before = SampleStatistics.median(reference)
        return (SampleStatistics.median(samples) - before) / before * 100
    }

    /// Beyond this change in percent, comparisons with a baseline warn.
    static let warningPercent = 10.0
}
