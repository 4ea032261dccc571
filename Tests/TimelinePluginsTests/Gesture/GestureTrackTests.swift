import Foundation
import Testing
import Timeline
import TimelinePlugins

@Suite("Decay and inertia on the compiled path")
struct GestureTrackTests {
    @Test("a decay segment is the decay's closed form, in a track and in a bank (tabulated, stepped, sought)")
    func decaySegment() throws {
        let decays = [try Decay(from: 276, velocity: -1_500), try Decay(from: 0, velocity: 800, rate: Decay.fast),
                      try Decay(from: 10, velocity: 1_000, timeConstant: 0.325)]
        let tracks = try decays.map { try Track(startingAt: $0.from, segments: [$0.trackSegment(threshold: 0.01)]) }
        let bank = try ScalarTrackBank(tracks)
        #expect(bank.transitionTableCount == decays.count, "every decay is played from a transition table")
        var playhead = bank.makePlayhead()
        var values: [Double] = []
        for frame in 0...300 {
            playhead.evaluate(frame: frame, rate: .fps60, into: &values)
            let time = FrameRate.fps60.seconds(ofFrame: frame)
            for (index, decay) in decays.enumerated() {
                let end = tracks[index].duration
                // Within the segment: the closed form; after it: the rest point, within the threshold.
                let expected = time < end ? decay.value(at: time) : decay.restPosition
                #expect(abs(tracks[index].value(at: time) - expected) <= 1e-9, "track \(index) at \(time)")
                #expect(abs(values[index] - expected) <= 1e-9, "bank \(index) at frame \(frame)")
                #expect(abs(try bank.value(ofTrack: index, at: time) - expected) <= 1e-9)
                if time < end {
                    #expect(abs(tracks[index].velocity(at: time) - decay.velocity(at: time)) <= 1e-9 * abs(decay.initialVelocity))
                }
            }
        }
        for (index, decay) in decays.enumerated() {
            #expect(abs(decay.value(at: tracks[index].duration) - decay.restPosition) <= 0.01 + 1e-12)
        }
    }

    @Test("inertia's segments are its closed form: the decay to the bound, then the spring")
    func inertiaSegments() throws {
        for inertia in [try Inertia(from: 1_800, velocity: 3_000, bounds: 0...2_000),
                        try Inertia(from: -50, velocity: -200, bounds: 0...2_000),
                        try Inertia(from: 500, velocity: 400, bounds: 0...2_000),
                        try Inertia(from: 0, velocity: 1_000, bounds: 0...300, timeConstant: 0.325)] {
            let track = try Track(startingAt: inertia.decay.from, segments: inertia.trackSegments(threshold: 0.01))
            let bank = try ScalarTrackBank([track])
            for step in 0...400 {
                let time = Double(step) / 200
                let expected = inertia.value(at: time)
                let tolerance = time < track.duration ? 1e-6 : 0.01 + 1e-9
                #expect(abs(track.value(at: time) - expected) <= tolerance, "\(inertia.restPosition) at \(time): \(track.value(at: time)) vs \(expected)")
                #expect(abs(try bank.value(ofTrack: 0, at: time) - track.value(at: time)) <= 1e-6)
            }
        }
    }

    @Test("a gesture's track: the samples, then the release chosen from the tracked velocity")
    func gestureTrack() throws {
        // 1200 points per second for 50 ms from 100, sampled at 200 Hz: released at 160.
        let samples: [(Double, Double)] = (0...10).map { index in
            let time = Double(index) * 0.005
            return (time, 100 + 1_200 * time)
        }
        let coast = try GestureTrack.make(samples: samples, release: .decay(.rate(Decay.normal)))
        let decay = try Decay(from: 160, velocity: 1_200)
        #expect(abs(coast.value(at: 0.025) - 130) <= 1e-9)
        for time in [0.05, 0.1, 0.4, 1.0] {
            #expect(abs(coast.value(at: time) - decay.value(at: time - 0.05)) <= 1e-6, "\(time)")
        }
        // Snapping: 160 + 599.4 = 759.4, nearest 700 of 0, 350, 700.
        let spring = try Spring(response: 0.4, dampingRatio: 0.9)
        let snap = try GestureTrack.make(samples: samples, release: .snap(detents: [0, 350, 700], spring: spring))
        let motion = try Snap.spring(from: 160, to: 700, velocity: 1_200, spring: spring)
        #expect(abs(snap.value(at: 0.05 + 0.2) - motion.value(at: 0.2)) <= 1e-6)
        #expect(snap.value(at: 10) == 700)
        // Past the range's end at 150: the finger (160) is banded, and springs back to 150.
        let band = try RubberBand(dimension: 400)
        let banded = try GestureTrack.make(samples: samples, rubberBand: (band, 0...150), release: .decay(.rate(Decay.normal)))
        #expect(abs(banded.value(at: 0.05) - band.displayed(160, in: 0...150)) <= 1e-9)
        #expect(banded.value(at: 10) == 150)
        // Bad input.
        #expect(throws: GestureError.self) { try GestureTrack.make(samples: [(0, 0)], release: .decay(.rate(0.998))) }
        #expect(throws: GestureError.self) { try GestureTrack.make(samples: [(0, 0), (0, 1)], release: .decay(.rate(0.998))) }
        #expect(throws: GestureError.self) { try GestureTrack.make(samples: [(0, 0), (0.1, .nan)], release: .decay(.rate(0.998))) }
        #expect(throws: GestureError.nothingToSnapTo) {
            try GestureTrack.make(samples: samples, release: .snap(detents: [], spring: spring))
        }
    }
}
