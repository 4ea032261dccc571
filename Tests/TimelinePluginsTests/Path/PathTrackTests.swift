import Testing
import Timeline
import TimelinePlugins

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

@Suite("PathTrack")
struct PathTrackTests {
    private let small = try! Path.circle(center: Point(x: 10, y: 10), radius: 2)
    private let large = try! Path.circle(center: Point(x: 10, y: 10), radius: 8)
    private let square = try! Path.rectangle(Rect(x: 0, y: 0, width: 20, height: 20))

    @Test(arguments: [
        ([Double](), TrackError.empty),
        ([0, .nan], TrackError.nonFiniteTime(keyframe: 1)),
        ([0, .infinity], TrackError.nonFiniteTime(keyframe: 1)),
        ([-1, 1], TrackError.negativeTime(keyframe: 0, time: -1)),
        ([0, 1, 1], TrackError.timeNotIncreasing(keyframe: 2, time: 1, previous: 1)),
        ([0, 2, 1], TrackError.timeNotIncreasing(keyframe: 2, time: 1, previous: 2)),
    ])
    func badKeyframesAreTrackErrorsWithTheirIndex(times: [Double], error: TrackError) {
        let keyframes = times.map { PathKeyframe(time: $0, path: square) }
        #expect(throws: error) { try PathTrack(keyframes: keyframes) }
    }

    @Test func keyframeTimesGiveTheKeyframePathsExactly() throws {
        let track = try PathTrack(keyframes: [
            PathKeyframe(time: 0.5, path: small),
            PathKeyframe(time: 1.5, path: large),
            PathKeyframe(time: 2, path: square, curve: TimingCurve(BisectedCubicBezier.easeIn)),
        ])
        #expect(track.duration == 2)
        #expect(track.morphs.count == 2)
        #expect(track.value(at: 0) == small)
        #expect(track.value(at: .nan) == small)
        #expect(track.value(at: 0.5) == small)
        #expect(track.value(at: 1.5) == large)
        #expect(track.value(at: 2) == square)
        #expect(track.value(at: 99) == square)
        var buffer = track.makeBuffer()
        for time in [0.0, 0.5, 1.0, 1.5, 1.75, 2.0, 3.0] {
            track.evaluate(at: time, into: &buffer)
            #expect(buffer == track.value(at: time))
        }
    }

    @Test func linearSegmentInterpolatesTheRadius() throws {
        let track = try PathTrack(keyframes: [
            PathKeyframe(time: 0, path: small), PathKeyframe(time: 2, path: large),
        ])
        // A quarter of the way: radius 2 + 6/4 = 3.5.
        let got = cubics(of: track.value(at: 0.5))
        let want = cubics(of: try .circle(center: p(10, 10), radius: 3.5))
        for (a, b) in zip(got, want) {
            #expect(isClose(a.0, b.0, 1e-12) && isClose(a.1, b.1, 1e-12) && isClose(a.3, b.3, 1e-12))
        }
    }

    @Test func easedSegmentUsesTheCurvesProgress() throws {
        let easeIn = BisectedCubicBezier.easeIn
        let track = try PathTrack(keyframes: [
            PathKeyframe(time: 0, path: small),
            PathKeyframe(time: 1, path: large, curve: TimingCurve(easeIn)),
        ])
        for time in [0.25, 0.5, 0.8] {
            let radius = 2 + 6 * easeIn.value(at: time)
            let right = cubics(of: track.value(at: time))[0].0
            #expect(abs(right.x - (10 + radius)) < 1e-12)
            #expect(abs(right.y - 10) < 1e-12)
        }
        // Ease-in starts slowly: at half time less than half the growth.
        #expect(cubics(of: track.value(at: 0.5))[0].0.x < 10 + 2 + 3)
    }

    @Test func aSingleKeyframeHoldsItsPath() throws {
        let track = try PathTrack(keyframes: [PathKeyframe(time: 1, path: square)])
        #expect(track.value(at: 0) == square)
        #expect(track.value(at: 5) == square)
        #expect(track.morphs.isEmpty)
    }
}
