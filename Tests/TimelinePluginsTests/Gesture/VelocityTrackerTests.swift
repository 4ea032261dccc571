import Foundation
import Testing
import Timeline
import TimelinePlugins

@Suite("Velocity tracking")
struct VelocityTrackerTests {
    /// A weighted least-squares polynomial fit by a different route than the tracker's: the
    /// Vandermonde system's normal equations solved by Cramer's rule, times in seconds relative
    /// to the newest sample. Returns the slope at 0.
    static func referenceSlope(times: [Double], values: [Double], degree: Int) -> Double {
        let newest = times.last!
        let t = times.map { $0 - newest }
        func sum(_ power: Int) -> Double { t.reduce(0) { $0 + pow($1, Double(power)) } }
        func sumV(_ power: Int) -> Double { zip(t, values).reduce(0) { $0 + pow($1.0, Double(power)) * $1.1 } }
        if degree == 1 {
            let a = sum(0), b = sum(1), c = sum(2)
            let determinant = a * c - b * b
            return (a * sumV(1) - b * sumV(0)) / determinant
        }
        let m = [[sum(0), sum(1), sum(2)], [sum(1), sum(2), sum(3)], [sum(2), sum(3), sum(4)]]
        let r = [sumV(0), sumV(1), sumV(2)]
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        var replaced = m
        for row in 0..<3 { replaced[row][1] = r[row] }
        return det(replaced) / det(m)
    }

    static func tracker(_ strategy: VelocityTracker.Strategy = .flutter, samples: [(Double, Double)]) throws -> VelocityTracker {
        var tracker = try VelocityTracker(strategy: strategy)
        for (time, position) in samples { try tracker.add(time: time, position: position) }
        return tracker
    }

    @Test("constant velocity: every strategy finds it exactly, in one and two dimensions")
    func constantVelocity() throws {
        let samples: [(Double, Double)] = (0..<12).map { index in
            let time = Double(index) * 0.008
            return (time, 20 + 750 * time)
        }
        let strategies: [VelocityTracker.Strategy] = [.flutter, .leastSquares(degree: 1), .iOS, .macOS]
        for strategy in strategies {
            let velocity = try Self.tracker(strategy, samples: samples).velocity(at: samples.last!.0).x
            #expect(abs(velocity - 750) <= 1e-6, "\(strategy): \(velocity)")
        }
        var plane = VelocityTracker()
        for index in 0..<10 {
            let t = Double(index) / 120
            try plane.add(time: t, position: Point(x: 300 * t, y: -900 * t + 5))
        }
        let velocity = plane.velocity()
        #expect(abs(velocity.x - 300) <= 1e-6 && abs(velocity.y + 900) <= 1e-6)
    }

    @Test("accelerating: degree 2 is exact at the release, degree 1 lags, both match independent fits")
    func accelerating() throws {
        // x = 4000·t² over 80 ms at 125 Hz: the velocity at t = 0.08 is 640.
        let samples: [(Double, Double)] = (0...10).map { index in
            let time = Double(index) * 0.008
            return (time, 4_000 * time * time)
        }
        let quadratic = try Self.tracker(.flutter, samples: samples).velocity().x
        #expect(abs(quadratic - 640) <= 1e-6)
        let linear = try Self.tracker(.leastSquares(degree: 1), samples: samples).velocity().x
        let reference = Self.referenceSlope(times: samples.map(\.0), values: samples.map(\.1), degree: 1)
        #expect(abs(linear - reference) <= 1e-6 && linear < 640)
    }

    @Test("noisy and unevenly timed samples: the tracker's fit equals an independent least-squares fit")
    func noisyAndUneven() throws {
        var random = SystemRandomNumberGenerator()
        for trial in 0..<50 {
            var time = 0.0
            var samples: [(Double, Double)] = []
            for _ in 0..<14 {
                time += Double.random(in: 0.004...0.017, using: &random)
                samples.append((time, 1_200 * time + 300 * time * time + Double.random(in: -2...2, using: &random)))
            }
            for degree in [1, 2] {
                let tracker = try Self.tracker(.leastSquares(degree: degree, horizon: 0.1, minimumSamples: 3), samples: samples)
                // The samples within 100 ms of the newest (all gaps are under 40 ms).
                let kept = samples.filter { samples.last!.0 - $0.0 <= 0.1 }
                let reference = Self.referenceSlope(times: kept.map(\.0), values: kept.map(\.1), degree: degree)
                let velocity = tracker.velocity().x
                #expect(abs(velocity - reference) <= 1e-6 * max(1, abs(reference)), "trial \(trial), degree \(degree): \(velocity) vs \(reference)")
            }
        }
    }

    @Test("a pause before the release gives zero velocity; samples before a pause are dropped")
    func pauses() throws {
        let moving: [(Double, Double)] = (0..<8).map { (Double($0) * 0.01, Double($0) * 10) }     // 1000 per second
        let tracker = try Self.tracker(samples: moving)
        #expect(abs(tracker.velocity(at: 0.07).x - 1_000) <= 1e-6)
        #expect(abs(tracker.velocity(at: 0.11).x - 1_000) <= 1e-6)       // 40 ms after: still moving
        #expect(tracker.velocity(at: 0.1101).x == 0)                      // longer: the finger stopped
        // After a 60 ms pause, the finger moves again slowly: only the new samples count.
        var resumed = moving
        resumed += [(0.13, 70), (0.14, 71), (0.15, 72)]
        #expect(abs(try Self.tracker(samples: resumed).velocity().x - 100) <= 1e-6)
        // Two samples after the pause are fewer than three: zero.
        #expect(try Self.tracker(samples: moving + [(0.13, 70), (0.14, 71)]).velocity().x == 0)
    }

    @Test("equal times never divide by zero; too few samples give zero; errors name the bad sample")
    func degenerate() throws {
        let same = try Self.tracker(samples: [(0.1, 5), (0.1, 6), (0.1, 7), (0.1, 8)])
        #expect(same.velocity().x == 0)
        #expect(try Self.tracker(.iOS, samples: [(0.1, 5), (0.1, 6)]).velocity().x == 0)
        #expect(try Self.tracker(samples: [(0, 0), (0.01, 10)]).velocity().x == 0)
        #expect(VelocityTracker().velocity() == .zero)
        var tracker = VelocityTracker()
        try tracker.add(time: 1, position: 0)
        #expect(throws: GestureError.timeWentBackwards(previous: 1, time: 0.5)) { try tracker.add(time: 0.5, position: 1) }
        #expect(throws: GestureError.nonFinite("a sample's position")) { try tracker.add(time: 2, position: .nan) }
        #expect(throws: GestureError.self) { try VelocityTracker(strategy: .leastSquares(degree: 3)) }
        #expect(throws: GestureError.self) { try VelocityTracker(strategy: .recentSamples(weights: [])) }
        // The ring keeps the last 20: 30 samples of constant velocity still give it.
        let long = try Self.tracker(samples: (0..<30).map { (Double($0) * 0.005, Double($0)) as (Double, Double) })
        #expect(abs(long.velocity().x - 200) <= 1e-6 && long.count == 20)
    }

    @Test("iOS's weights: the newest movement barely counts (0.6, 0.35, 0.05 from the oldest pair)")
    func recentSamplesWeights() throws {
        // Pair velocities, oldest to newest, over the last three 10 ms gaps: 1000, 500, 3000.
        let samples = [(0.0, 0.0), (0.01, 10), (0.02, 15), (0.03, 45)]
        let velocity = try Self.tracker(.iOS, samples: samples).velocity().x
        #expect(abs(velocity - (0.6 * 1_000 + 0.35 * 500 + 0.05 * 3_000)) <= 1e-9)
        let mac = try Self.tracker(.macOS, samples: samples).velocity().x
        #expect(abs(mac - (0.15 * 1_000 + 0.65 * 500 + 0.2 * 3_000)) <= 1e-9)
    }

    @Test("the weighted trackers ignore the samples before a pause, as least squares does: the pairs across and before it count zero")
    func recentSamplesAcrossAPause() throws {
        // Pairs, oldest to newest: 0 → 0.01 (1,000 per second), 0.01 → 0.10 (a 90 ms pause),
        // 0.10 → 0.11 (2,000 per second). Only the newest pair is after the pause.
        let samples = [(0.0, 0.0), (0.01, 10), (0.10, 11), (0.11, 31)]
        let ios = try Self.tracker(.iOS, samples: samples).velocity().x
        #expect(abs(ios - 0.05 * 2_000) <= 1e-9, "\(ios)")
        let mac = try Self.tracker(.macOS, samples: samples).velocity().x
        #expect(abs(mac - 0.2 * 2_000) <= 1e-9, "\(mac)")
        // The pause as the newest pair: nothing after it moved.
        let stopped = [(0.0, 0.0), (0.01, 10), (0.02, 20), (0.10, 21)]
        #expect(try Self.tracker(.iOS, samples: stopped).velocity().x == 0)
    }
}
