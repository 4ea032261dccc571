import Testing
import Timeline
import TimelinePlugins

@Suite("Spring segments")
struct SpringSegmentTests {
    @Test("weights start at the start value and sum to one")
    func weightsContract() throws {
        for spring in [
            try Spring(response: 0.4, dampingRatio: 0.3), try Spring(response: 0.4, dampingRatio: 1),
            try Spring(response: 0.4, dampingRatio: 3),
        ] {
            let segment = SpringSegment(spring)
            #expect(segment.valueWeights(at: 0, duration: 1) == SegmentWeights(from: 1, to: 0))
            #expect(segment.velocityWeights(at: 0, duration: 1) == SegmentWeights(from: 0, to: 0, startVelocity: 1))
            for t in stride(from: 0.0, through: 2, by: 0.01) {
                let value = segment.valueWeights(at: t, duration: 2)
                let velocity = segment.velocityWeights(at: t, duration: 2)
                #expect(value.isFinite && velocity.isFinite)
                #expect(abs(value.from + value.to - 1) < 1e-15)
                #expect(velocity.from + velocity.to == 0)
                #expect(value.endVelocity == 0 && velocity.endVelocity == 0)
            }
            #expect(segment.usesStartVelocity)
            #expect(segment.naturalDuration == spring.settlingDuration)
        }
    }

    @Test("a track of spring segments carries velocity across the boundary (RK4 reference)")
    func trackCarriesVelocity() throws {
        let first = try Spring(mass: 1, stiffness: 120, damping: 8)
        let second = try Spring(mass: 2, stiffness: 90, damping: 30)
        let track = try Track<Double>(startingAt: 0, segments: [
            TrackSegment(to: 1, duration: 0.15, .spring(first)),
            TrackSegment(to: 2, duration: nil, .spring(second)),
        ])
        #expect(abs(track.duration - (0.15 + second.settlingDuration)) < 1e-12)

        // The ODE integrated by RK4: spring 1 pulls 0 towards 1 for 0.15 s; then the track is at
        // the keyframe value 1 and spring 2 pulls towards 2, starting with spring 1's velocity.
        let a = OscillatorReference(mass: 1, stiffness: 120, damping: 8)
        let b = OscillatorReference(mass: 2, stiffness: 90, damping: 30)
        let firstTimes = [0.02, 0.05, 0.1, 0.149]
        for (t, state) in zip(firstTimes, a.integrated(x0: -1, v0: 0, at: firstTimes, maxStep: 1e-5)) {
            #expect(springAgrees(track.value(at: t), 1 + state.x, 1e-9), "value at \(t)")
            #expect(springAgrees(track.velocity(at: t), state.v, 1e-9), "velocity at \(t)")
        }
        let carried = a.integrate(x0: -1, v0: 0, over: 0.15, steps: 15_000).v
        #expect(abs(carried) > 1, "the first spring is still moving at the boundary")
        let secondTimes = [0.0, 0.01, 0.1, 0.4, 0.9]
        for (t, state) in zip(secondTimes, b.integrated(x0: -1, v0: carried, at: secondTimes, maxStep: 1e-5)) {
            #expect(springAgrees(track.value(at: 0.15 + t), 2 + state.x, 1e-9), "value at 0.15 + \(t)")
            #expect(springAgrees(track.velocity(at: 0.15 + t), state.v, 1e-9), "velocity at 0.15 + \(t)")
        }
    }

    @Test("a spring after a linear segment starts with the line's slope")
    func springAfterLinear() throws {
        let spring = try Spring(response: 0.5, dampingRatio: 0.6)
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0),
            Keyframe(time: 0.5, value: 1, .linear),  // 2 per second
            Keyframe(time: 2, value: 3, .spring(spring)),
        ])
        let reference = OscillatorReference(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
        let times = [0.0, 0.2, 0.7, 1.4]
        for (t, state) in zip(times, reference.integrated(x0: -2, v0: 2, at: times, maxStep: 1e-5)) {
            #expect(springAgrees(track.value(at: 0.5 + t), 3 + state.x, 1e-9))
            #expect(springAgrees(track.velocity(at: 0.5 + t), state.v, 1e-9))
        }
    }

    @Test("an explicit start velocity overrides the carried-in one, in 2-D")
    func explicitStartVelocity() throws {
        let spring = try Spring(response: 0.6, dampingRatio: 0.8)
        let track = try Track<Point>(keyframes: [
            Keyframe(time: 0, value: Point(x: 0, y: 0)),
            Keyframe(time: 1, value: Point(x: 10, y: 20), .spring(spring, startVelocity: Point(x: -30, y: 5))),
        ])
        let reference = OscillatorReference(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
        for t in [0.0, 0.15, 0.5, 0.95] {
            let x = reference.analytic(x0: -10, v0: -30, at: t)
            let y = reference.analytic(x0: -20, v0: 5, at: t)
            #expect(springAgrees(track.value(at: t).x, 10 + x.x, 1e-11, scale: 10))
            #expect(springAgrees(track.value(at: t).y, 20 + y.x, 1e-11, scale: 20))
            #expect(springAgrees(track.velocity(at: t).x, x.v, 1e-10, scale: 30))
        }
    }

    @Test("an undamped spring segment needs an explicit duration; hostile durations and velocities are rejected")
    func undampedNeedsDuration() throws {
        let undamped = try Spring(mass: 1, stiffness: 10, damping: 0)
        #expect(SpringSegment(undamped).naturalDuration == nil)
        #expect(throws: TrackError.missingDuration(keyframe: 1)) {
            try Track<Double>(startingAt: 0, segments: [TrackSegment(to: 1, duration: nil, .spring(undamped))])
        }
        let bounded = try Track<Double>(startingAt: 0, segments: [TrackSegment(to: 1, duration: 2, .spring(undamped))])
        #expect(bounded.duration == 2)
        let spring = try Spring(response: 0.4, dampingRatio: 0.7)
        #expect(throws: TrackError.invalidDuration(keyframe: 1, duration: .infinity)) {
            try Track<Double>(startingAt: 0, segments: [TrackSegment(to: 1, duration: .infinity, .spring(spring))])
        }
        #expect(throws: TrackError.nonFiniteVelocity(keyframe: 1)) {
            try Track<Double>(keyframes: [
                Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1, .spring(spring, startVelocity: .nan)),
            ])
        }
    }

    @Test("describes itself by its constants")
    func describesItself() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(SegmentKind<Double>.spring(spring).description == "spring(mass: 1.0, stiffness: 100.0, damping: 10.0)")
    }
}
