import Timeline

// The ways to describe a spring, all reduced to mass, stiffness and damping.
//
// SwiftUI (published): stiffness = (2π / response)² * mass, damping = 4π * dampingRatio * mass /
// response; duration is the response, and dampingRatio = 1 - bounce for bounce >= 0,
// 1 / (1 + bounce) for bounce < 0.
//
// Settling duration and UIKit (Cadence's choice; Apple does not publish UIKit's mapping): the
// spring of mass 1 with the given damping ratio whose move of distance 1, with the given relative
// initial velocity, settles within the threshold (see `settlingDuration(threshold:relativeVelocity:)`)
// exactly at the given duration.

extension Spring {
    /// Creates a spring from SwiftUI's response and damping ratio.
    ///
    /// Uses SwiftUI's published mapping: `stiffness = (2π / response)² * mass` and
    /// `damping = 4π * dampingRatio * mass / response`, so that ``response`` and
    /// ``dampingRatio`` read back the arguments.
    ///
    /// ```swift
    /// let spring = try Spring(response: 0.5, dampingRatio: 0.7)
    /// spring.stiffness   // 157.91...
    /// spring.damping     // 17.59...
    /// ```
    ///
    /// - Parameters:
    ///   - response: The period of the undamped spring in seconds; finite and greater than 0.
    ///   - dampingRatio: The fraction of critical damping; finite and not negative.
    ///   - mass: The mass; finite and greater than 0. Default 1.
    /// - Throws: ``SpringError`` naming the first invalid parameter.
    public init(response: Double, dampingRatio: Double, mass: Double = 1) throws(SpringError) {
        try SpringError.requirePositive(response, .response)
        try SpringError.requireNonNegative(dampingRatio, .dampingRatio)
        try SpringError.requirePositive(mass, .mass)
        let omega = 2 * Double.pi / response
        try self.init(
            mass: mass, stiffness: omega * omega * mass,
            damping: 4 * Double.pi * dampingRatio * mass / response)
    }

    /// Creates a spring from SwiftUI's perceptual duration and bounce.
    ///
    /// The duration is the ``response``; the damping ratio is `1 - bounce` for `bounce >= 0`
    /// and `1 / (1 + bounce)` for a negative (over-damped) bounce, SwiftUI's published mapping.
    ///
    /// ```swift
    /// let spring = try Spring(duration: 0.5, bounce: 0.3)
    /// (spring.mass, spring.stiffness, spring.damping)   // (1.0, 157.9, 17.6), as in SwiftUI
    /// ```
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration in seconds; finite and greater than 0. Default 0.5.
    ///   - bounce: From just above -1 (very over-damped) through 0 (critical) to 1 (undamped).
    ///     Default 0.
    /// - Throws: ``SpringError`` naming the first invalid parameter.
    public init(duration: Double = 0.5, bounce: Double = 0) throws(SpringError) {
        try SpringError.requirePositive(duration, .duration)
        try SpringError.requireFinite(bounce, .bounce)
        guard bounce > -1, bounce <= 1 else {
            throw .outOfRange(.bounce, value: bounce, expected: "-1 < bounce <= 1")
        }
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        try self.init(response: duration, dampingRatio: ratio)
    }

    /// Creates the spring with a damping ratio that settles in a given time.
    ///
    /// The result (mass 1) moves a distance from rest and comes within `threshold` of the
    /// distance of its target at `settlingDuration` and stays there; see
    /// ``settlingDuration(threshold:relativeVelocity:)``. For a fixed damping ratio, settling time
    /// scales as `1 / naturalFrequency`, so the result is exact up to rounding.
    ///
    /// - Parameters:
    ///   - settlingDuration: Seconds; finite and greater than 0.
    ///   - dampingRatio: The fraction of critical damping; finite and greater than 0.
    ///   - threshold: The tolerance as a fraction of the distance; `0 < threshold < 1`.
    ///     Default ``defaultThreshold`` (SwiftUI's `epsilon`).
    /// - Throws: ``SpringError`` naming the first invalid parameter;
    ///   ``SpringError/neverSettles`` for a damping ratio of 0.
    public init(
        settlingDuration: Double, dampingRatio: Double, threshold: Double = Spring.defaultThreshold
    ) throws(SpringError) {
        try SpringError.requirePositive(settlingDuration, .settlingDuration)
        self = try Self.settling(
            in: settlingDuration, dampingRatio: dampingRatio, relativeVelocity: 0,
            threshold: threshold)
    }

    /// Creates a spring from UIKit's damping ratio, duration and relative initial velocity.
    ///
    /// UIKit's `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...)`
    /// and `UISpringTimingParameters(dampingRatio:initialVelocity:)` take the velocity relative
    /// to the distance travelled: 1 means the whole distance per second, positive towards the
    /// target. Apple does not publish how UIKit turns the duration into a spring; Cadence's
    /// mapping is: **the spring of mass 1 with this damping ratio whose move of distance 1,
    /// starting with this relative velocity, settles within `threshold` of the distance exactly
    /// at `duration`** (settling as in ``settlingDuration(threshold:relativeVelocity:)``).
    ///
    /// So an animation that runs for `duration` ends settled, whatever the velocity thrown in:
    ///
    /// ```swift
    /// let pop = try Spring(dampingRatio: 0.55, duration: 0.5, relativeVelocity: 1 / 0.55)
    /// try pop.settlingDuration(threshold: 0.001, relativeVelocity: 1 / 0.55)   // 0.5
    /// ```
    ///
    /// The natural frequency is found by bracketing and bisection on `settles by duration`, to
    /// 1e-14 relative; where the settling time jumps (a bounce peak grazes the threshold) the
    /// result is the stiffer side of the jump, so it still settles by `duration`.
    ///
    /// - Parameters:
    ///   - dampingRatio: The fraction of critical damping; finite and greater than 0.
    ///   - duration: The animation's duration in seconds; finite and greater than 0.
    ///   - relativeVelocity: Distances per second, positive towards the target; finite.
    ///   - threshold: The tolerance as a fraction of the distance; `0 < threshold < 1`.
    ///     Default ``defaultThreshold``.
    /// - Throws: ``SpringError`` naming the first invalid parameter;
    ///   ``SpringError/neverSettles`` for a damping ratio of 0.
    /// - Complexity: O(1): a bounded search of at most a few hundred settling computations.
    public init(
        dampingRatio: Double, duration: Double, relativeVelocity: Double = 0,
        threshold: Double = Spring.defaultThreshold
    ) throws(SpringError) {
        try SpringError.requirePositive(duration, .duration)
        self = try Self.settling(
            in: duration, dampingRatio: dampingRatio, relativeVelocity: relativeVelocity,
            threshold: threshold)
    }

    /// The spring (mass 1, damping ratio `ratio`) whose relative move settles at `duration`.
    private static func settling(
        in duration: Double, dampingRatio ratio: Double, relativeVelocity velocity: Double,
        threshold: Double
    ) throws(SpringError) -> Spring {
        try SpringError.requireNonNegative(ratio, .dampingRatio)
        guard ratio > 0 else { throw .neverSettles }
        try SpringError.requireFinite(velocity, .relativeVelocity)
        try SpringError.requireRelativeThreshold(threshold)

        func spring(_ omega: Double) throws(SpringError) -> Spring {
            try Spring(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega)
        }
        func settles(_ omega: Double) throws(SpringError) -> Bool {
            let time = try spring(omega).settlingDuration(
                threshold: threshold, relativeVelocity: velocity)
            return time <= duration
        }
        // Without velocity, settling time is exactly (unit settling time) / ω: a close guess.
        let unit = try spring(1).settlingDuration(threshold: threshold)
        let guess = unit / duration
        guard guess.isFinite, guess > 0 else {
            throw .unrepresentable(reason: "no natural frequency settles in \(duration) s")
        }
        var low = guess
        var high = guess
        if try settles(guess) {
            for _ in 0..<2100 {
                low /= 2
                if try !settles(low) { break }
                high = low
            }
        } else {
            for _ in 0..<2100 {
                high *= 2
                if try settles(high) { break }
                low = high
            }
        }
        guard low < high, try settles(high), try !settles(low) else {
            throw .unrepresentable(reason: "no natural frequency settles in \(duration) s")
        }
        // Invariant: `low` does not settle in time, `high` does.
        for _ in 0..<200 where high - low > 1e-14 * high {
            let middle = low + (high - low) / 2
            if try settles(middle) { high = middle } else { low = middle }
        }
        return try spring(high)
    }
}
