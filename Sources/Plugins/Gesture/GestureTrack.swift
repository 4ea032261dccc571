public import Timeline

/// A whole gesture as one track: the finger's samples (through a rubber band past the content's
/// edges, if given), then the motion after the release, chosen from the release velocity a
/// ``VelocityTracker`` measures. Every segment is a closed form, so the track is a pure function of
/// time and plays on the compiled path (linear segments, then ``DecaySegment`` and spring
/// segments).
///
/// ```swift
/// let samples = [(0.0, 422.0), (0.1, 380), (0.2, 300), (0.25, 250)]
/// let sheet = try GestureTrack.make(
///     samples: samples,
///     release: .snap(detents: [60, 422, 764], spring: Spring(response: 0.45, dampingRatio: 0.85)))
/// sheet.value(at: 1)
/// ```
public enum GestureTrack {
    /// How the content slows after a flick.
    public enum Deceleration: Sendable, Hashable {
        /// A share of velocity kept each millisecond (``Decay/normal``).
        case rate(Double)
        /// A time constant in seconds and a power (Motion's inertia).
        case timeConstant(Double, power: Double)
    }

    /// What happens when the finger lifts.
    public enum Release: Sendable {
        /// Spring to the detent nearest the flick's projection, starting at the release velocity.
        case snap(detents: [Double], spring: Spring)
        /// Coast to rest.
        case decay(Deceleration)
        /// Coast within bounds; a spring takes over at a bound.
        case inertia(bounds: ClosedRange<Double>, deceleration: Deceleration, spring: Spring)
    }

    /// The track of a gesture.
    ///
    /// - Parameters:
    ///   - samples: The finger's (time, position) samples, times not decreasing, at least two.
    ///   - tracker: How the release velocity is measured (Flutter's least squares by default).
    ///   - rubberBand: A band and the content's range: past the range the track follows the
    ///     finger through the band, and a release past it springs back to the edge (with
    ///     ``RubberBand/release(finger:fingerVelocity:in:spring:)``, using the release's spring, or
    ///     ``Inertia/boundarySpring`` for a decay).
    ///   - release: The motion after the release.
    ///   - threshold: The distance from rest at which the release's segment ends (0.01).
    /// - Returns: The track, from the first sample's time (its first keyframe at time 0 is the
    ///   first sample: times are taken relative to it).
    /// - Throws: ``GestureError`` for fewer than two samples, decreasing or non-finite samples,
    ///   and bad parameters.
    public static func make(
        samples: [(Double, Double)], tracker: VelocityTracker.Strategy = .flutter,
        rubberBand: (band: RubberBand, range: ClosedRange<Double>)? = nil, release: Release, threshold: Double = 0.01
    ) throws(GestureError) -> Track<Double> {
        guard samples.count >= 2 else { throw .outOfRange("the number of samples", Double(samples.count), expected: "at least 2") }
        var velocityTracker = try VelocityTracker(strategy: tracker)
        for (time, position) in samples { try velocityTracker.add(time: time, position: position) }
        let start = samples[0].0, end = samples[samples.count - 1].0
        guard end > start else { throw .outOfRange("the samples' time span", end - start, expected: "a positive number of seconds") }
        func shown(_ position: Double) -> Double {
            guard let rubberBand else { return position }
            return rubberBand.band.displayed(position, in: rubberBand.range)
        }
        var segments: [TrackSegment<Double>] = []
        var previous = start
        for (time, position) in samples.dropFirst() where time > previous {
            segments.append(TrackSegment(to: shown(position), duration: time - previous))
            previous = time
        }
        let finger = samples[samples.count - 1].1
        let velocity = velocityTracker.velocity(at: end).x
        if let rubberBand, !rubberBand.range.contains(finger) {
            let spring: Spring
            switch release {
            case .snap(_, let snapSpring): spring = snapSpring
            case .inertia(_, _, let inertiaSpring): spring = inertiaSpring
            case .decay: spring = Inertia.boundarySpring
            }
            guard let back = try rubberBand.band.release(finger: finger, fingerVelocity: velocity, in: rubberBand.range, spring: spring)
            else { throw .outOfRange("the release", finger, expected: "a position past the range") }
            segments.append(springSegment(back, threshold: threshold))
        } else {
            switch release {
            case .snap(let detents, let spring):
                let landing = try Snap.detent(position: finger, velocity: velocity, detents: detents)
                segments.append(springSegment(try Snap.spring(from: finger, to: landing, velocity: velocity, spring: spring), threshold: threshold))
            case .decay(let deceleration):
                segments.append(try decay(from: finger, velocity: velocity, deceleration).trackSegment(threshold: threshold))
            case .inertia(let bounds, let deceleration, let spring):
                let inertia = try Inertia(decay: try decay(from: finger, velocity: velocity, deceleration), bounds: bounds, spring: spring)
                segments += inertia.trackSegments(threshold: threshold)
            }
        }
        do {
            return try Track(startingAt: shown(samples[0].1), segments: segments)
        } catch {
            throw .unplayable("\(error) (its samples, velocity or deceleration put its keyframes too close together or too far apart)")
        }
    }

    private static func decay(from position: Double, velocity: Double, _ deceleration: Deceleration) throws(GestureError) -> Decay {
        switch deceleration {
        case .rate(let rate): try Decay(from: position, velocity: velocity, rate: rate)
        case .timeConstant(let timeConstant, let power): try Decay(from: position, velocity: velocity, timeConstant: timeConstant, power: power)
        }
    }

    /// A spring animation as a track segment from its start, ending when it settles within `threshold`.
    static func springSegment(_ motion: SpringAnimation<Double>, threshold: Double) -> TrackSegment<Double> {
        let settle = (try? SpringAnimation(
            spring: motion.spring, from: motion.from, to: motion.to, initialVelocity: motion.initialVelocity,
            threshold: threshold))?.settlingDuration ?? 1
        return TrackSegment(
            to: motion.to, duration: settle.isFinite && settle > 0 ? settle : 0.001,
            .custom(SpringSegment(motion.spring), startVelocity: motion.initialVelocity))
    }
}
