public import Timeline

/// Where a released flick lands among detents or pages, and the spring that takes it there.
///
/// The choice is made from where the flick would come to rest (its projection, as Apple's
/// "Designing Fluid Interfaces" recommends), not from where the finger lifted: a fast flick from
/// just above a sheet's middle detent carries to the top one.
///
/// ```swift
/// // A sheet with detents at 0 (closed), 300 (half) and 700 (full), released at 340 moving up
/// // at 1500 points per second: the projection is 340 + 749.25, so it goes to 700.
/// let target = try Snap.detent(position: 340, velocity: 1_500, detents: [0, 300, 700])
/// let motion = try Snap.spring(from: 340, to: target, velocity: 1_500, spring: Spring(response: 0.4, dampingRatio: 0.8))
/// ```
public enum Snap {
    /// The detent nearest to the projected rest point (the first of two equally near).
    ///
    /// - Parameters:
    ///   - position: The position at release.
    ///   - velocity: The release velocity, units per second.
    ///   - detents: The resting places.
    ///   - rate: The deceleration rate of the projection (``Decay/normal``).
    /// - Throws: ``GestureError`` for no detents, non-finite input or a bad rate.
    public static func detent(position: Double, velocity: Double, detents: [Double], rate: Double = Decay.normal) throws(GestureError) -> Double {
        guard !detents.isEmpty else { throw .nothingToSnapTo }
        guard detents.allSatisfy(\.isFinite) else { throw .nonFinite("a detent") }
        let projected = try Decay(from: position, velocity: velocity, rate: rate).restPosition
        var best = detents[0]
        for detent in detents.dropFirst() where abs(detent - projected) < abs(best - projected) { best = detent }
        return best
    }

    /// The next detent in the direction of the flick, as Flutter's snapping sheets choose: a
    /// release faster than `minimumVelocity` goes to the nearest detent ahead of the position in
    /// the velocity's direction (however short the flick), a slower one to the nearest detent.
    ///
    /// Where ``detent(position:velocity:detents:rate:)`` follows the projection (a fast flick may
    /// skip detents, a slow drift may go back), this one always moves one detent at most, the way
    /// the flick points. Past the last detent (or before the first) it is that detent; from a
    /// position on a detent, a flick ahead stays there (Flutter's rule: the detent ahead is the
    /// first at or past the position).
    ///
    /// ```swift
    /// // Released at 340 between 300 and 700, moving down slowly: the detent behind, 300.
    /// try Snap.nextDetent(position: 340, velocity: -80, detents: [0, 300, 700])   // 300
    /// try Snap.nextDetent(position: 340, velocity: 80, detents: [0, 300, 700])    // 700
    /// try Snap.nextDetent(position: 340, velocity: 20, detents: [0, 300, 700])    // 300, the nearest
    /// ```
    ///
    /// - Parameters:
    ///   - position: The position at release.
    ///   - velocity: The release velocity, units per second.
    ///   - detents: The resting places, in any order.
    ///   - minimumVelocity: The slowest release that counts as a flick (Flutter's
    ///     `kMinFlingVelocity`, 50 logical pixels per second).
    /// - Throws: ``GestureError`` for no detents or non-finite input.
    public static func nextDetent(
        position: Double, velocity: Double, detents: [Double], minimumVelocity: Double = 50
    ) throws(GestureError) -> Double {
        guard !detents.isEmpty else { throw .nothingToSnapTo }
        guard detents.allSatisfy(\.isFinite) else { throw .nonFinite("a detent") }
        guard position.isFinite else { throw .nonFinite("the position") }
        guard velocity.isFinite else { throw .nonFinite("the velocity") }
        guard minimumVelocity.isFinite, minimumVelocity >= 0 else {
            throw .outOfRange("the minimum velocity", minimumVelocity, expected: "a finite speed from 0")
        }
        let sorted = detents.sorted()
        guard let ahead = sorted.firstIndex(where: { $0 >= position }) else { return sorted[sorted.count - 1] }
        guard ahead > 0 else { return sorted[0] }
        let next = sorted[ahead], previous = sorted[ahead - 1]
        if abs(velocity) <= minimumVelocity { return position - previous < next - position ? previous : next }
        return velocity < 0 ? previous : next
    }

    /// The page a flick lands on: pages `0..<count` of `size` each, page `i` resting at `i · size`,
    /// chosen from the projected rest point.
    ///
    /// - Throws: ``GestureError`` for a size that is not positive, no pages, or bad input.
    public static func page(position: Double, velocity: Double, pageSize: Double, pageCount: Int, rate: Double = Decay.normal) throws(GestureError) -> Int {
        guard pageSize.isFinite, pageSize > 0 else { throw .outOfRange("the page size", pageSize, expected: "a positive length") }
        guard pageCount > 0 else { throw .nothingToSnapTo }
        let projected = try Decay(from: position, velocity: velocity, rate: rate).restPosition
        let page = (projected / pageSize).rounded()
        return Int(min(max(page, 0), Double(pageCount - 1)))
    }

    /// The spring from the release to the chosen place, starting at the release velocity.
    ///
    /// - Throws: ``GestureError`` for non-finite input.
    public static func spring(from position: Double, to target: Double, velocity: Double, spring: Spring) throws(GestureError) -> SpringAnimation<Double> {
        do {
            return try SpringAnimation(spring: spring, from: position, to: target, initialVelocity: velocity)
        } catch {
            throw .outOfRange("the snap", position, expected: "a finite motion (\(error))")
        }
    }

    /// A velocity in units per second as a spring's relative velocity, the share of the distance
    /// to travel per second (what ``SpringTiming`` and an interactive transition's `finish`
    /// take): `velocity / (target − position)`; 0 when there is no distance to travel.
    public static func relativeVelocity(_ velocity: Double, from position: Double, to target: Double) -> Double {
        let distance = target - position
        guard distance != 0, velocity.isFinite else { return 0 }
        let relative = velocity / distance
        return relative.isFinite ? relative : 0
    }
}
