public import Timeline

/// Estimates the velocity of a finger (or any pointer) from timestamped positions, in one or two
/// dimensions, the way Flutter's and iOS's trackers do.
///
/// ```swift
/// var tracker = VelocityTracker()                  // least squares, Flutter's defaults
/// tracker.add(time: 0.000, position: Point(x: 0, y: 0))
/// tracker.add(time: 0.008, position: Point(x: 4, y: 0))
/// tracker.add(time: 0.016, position: Point(x: 8, y: 0))
/// tracker.velocity(at: 0.016)                      // (500, 0) points per second
/// ```
///
/// Samples older than the strategy's horizon, and samples before a pause longer than
/// ``pauseThreshold``, are ignored; a release after such a pause has zero velocity. Two samples at
/// the same time never divide by zero. The tracker keeps its last ``capacity`` samples in storage
/// it allocates once.
public struct VelocityTracker: Sendable {
    /// How the velocity is estimated from the samples.
    public enum Strategy: Sendable, Hashable {
        /// A least-squares polynomial of `degree` (1 or 2) through the samples of the last
        /// `horizon` seconds, differentiated at the newest sample; zero with fewer than
        /// `minimumSamples`. Flutter's `VelocityTracker`: degree 2, 100 ms, 3 samples.
        case leastSquares(degree: Int = 2, horizon: Double = 0.1, minimumSamples: Int = 3)
        /// A weighted average of the velocities between the last few consecutive samples, the
        /// weights from the oldest pair to the newest. Flutter's approximation of iOS's scroll
        /// views (`IOSScrollViewFlingVelocityTracker`): 0.6, 0.35, 0.05, so the last movement
        /// before lifting the finger barely counts.
        case recentSamples(weights: [Double] = [0.6, 0.35, 0.05])

        /// Flutter's least squares: degree 2 over the last 100 ms, at least 3 samples.
        public static let flutter = Strategy.leastSquares()
        /// Flutter's approximation of an iOS scroll view's release velocity.
        public static let iOS = Strategy.recentSamples()
        /// Flutter's approximation of a macOS scroll view's: weights 0.15, 0.65, 0.2.
        public static let macOS = Strategy.recentSamples(weights: [0.15, 0.65, 0.2])
    }

    /// The estimator.
    public let strategy: Strategy
    /// A pause longer than this, in seconds, between two samples (or between the last sample and
    /// the time asked about) ends the movement: Flutter's 40 ms.
    public let pauseThreshold: Double
    /// How many samples are kept.
    public let capacity: Int

    private var times: [Double]
    private var xs: [Double]
    private var ys: [Double]
    /// The next slot to write; the newest sample is at `next - 1`.
    private var next = 0
    /// The number of samples kept.
    public private(set) var count = 0

    /// A tracker.
    ///
    /// - Parameters:
    ///   - strategy: The estimator (least squares with Flutter's defaults unless given).
    ///   - pauseThreshold: The longest pause, in seconds, that does not end the movement (0.04).
    ///   - capacity: How many samples are kept (20, as Flutter keeps).
    /// - Throws: ``GestureError`` for a degree other than 1 or 2, a horizon or pause threshold
    ///   that is not positive and finite, fewer than 2 minimum samples, no weights or weights that
    ///   are not finite, or a capacity below 2.
    public init(strategy: Strategy = .flutter, pauseThreshold: Double = 0.04, capacity: Int = 20) throws(GestureError) {
        switch strategy {
        case .leastSquares(let degree, let horizon, let minimumSamples):
            guard degree == 1 || degree == 2 else { throw .outOfRange("the degree", Double(degree), expected: "1 or 2") }
            guard horizon.isFinite, horizon > 0 else { throw .outOfRange("the horizon", horizon, expected: "a positive number of seconds") }
            guard minimumSamples >= 2 else {
                throw .outOfRange("the minimum sample count", Double(minimumSamples), expected: "at least 2")
            }
        case .recentSamples(let weights):
            guard !weights.isEmpty, weights.allSatisfy(\.isFinite) else {
                throw .outOfRange("the weights' count", Double(weights.count), expected: "at least one finite weight")
            }
        }
        guard pauseThreshold.isFinite, pauseThreshold > 0 else {
            throw .outOfRange("the pause threshold", pauseThreshold, expected: "a positive number of seconds")
        }
        guard capacity >= 2 else { throw .outOfRange("the capacity", Double(capacity), expected: "at least 2") }
        self.strategy = strategy
        self.pauseThreshold = pauseThreshold
        self.capacity = capacity
        times = Array(repeating: 0, count: capacity)
        xs = times
        ys = times
    }

    /// A tracker with Flutter's least squares (degree 2, 100 ms, 3 samples, 40 ms pauses).
    public init() {
        // Flutter's defaults are valid.
        try! self.init(strategy: .flutter)
    }

    /// Adds a sample of a two-dimensional position.
    ///
    /// - Throws: ``GestureError`` for a non-finite time or position, or a time earlier than the
    ///   previous sample's.
    public mutating func add(time: Double, position: Point) throws(GestureError) {
        try GestureError.requireFinite(time, "a sample's time")
        guard position.isFinite else { throw .nonFinite("a sample's position") }
        if let newest = newestTime, time < newest { throw .timeWentBackwards(previous: newest, time: time) }
        times[next] = time
        xs[next] = position.x
        ys[next] = position.y
        next = next + 1 == capacity ? 0 : next + 1
        count = min(count + 1, capacity)
    }

    /// Adds a sample of a one-dimensional position.
    ///
    /// - Throws: As ``add(time:position:)-(Double,Point)``.
    public mutating func add(time: Double, position: Double) throws(GestureError) {
        try add(time: time, position: Point(x: position, y: 0))
    }

    /// Forgets every sample.
    public mutating func reset() {
        count = 0
        next = 0
    }

    /// The newest sample's time, if any.
    public var newestTime: Double? { count == 0 ? nil : times[index(back: 0)] }

    /// The estimated velocity, in position units per second (`x` only, for one-dimensional
    /// samples).
    ///
    /// - Parameter time: When it is asked for (the release time); zero velocity if it is more
    ///   than ``pauseThreshold`` after the newest sample. `nil`: at the newest sample.
    public func velocity(at time: Double? = nil) -> Point {
        guard let newest = newestTime else { return .zero }
        if let time, time.isFinite, time - newest > pauseThreshold { return .zero }
        switch strategy {
        case .leastSquares(let degree, let horizon, let minimumSamples):
            return leastSquaresVelocity(degree: degree, horizon: horizon, minimumSamples: minimumSamples)
        case .recentSamples(let weights):
            return recentVelocity(weights: weights)
        }
    }

    /// The storage index of the sample `back` places before the newest.
    private func index(back: Int) -> Int {
        (next - 1 - back + 2 * capacity) % capacity
    }

    private func leastSquaresVelocity(degree: Int, horizon: Double, minimumSamples: Int) -> Point {
        let newest = times[index(back: 0)]
        // The samples of the movement: within the horizon, and no pause between them.
        var used = 1
        while used < count {
            let sample = index(back: used), newer = index(back: used - 1)
            guard newest - times[sample] <= horizon, times[newer] - times[sample] <= pauseThreshold else { break }
            used += 1
        }
        guard used >= minimumSamples else { return .zero }
        let vx = Self.fitSlope(degree: degree, count: used, time: { times[index(back: $0)] - newest }, value: { xs[index(back: $0)] })
        let vy = Self.fitSlope(degree: degree, count: used, time: { times[index(back: $0)] - newest }, value: { ys[index(back: $0)] })
        return Point(x: vx, y: vy)
    }

    /// The first derivative at time 0 of the least-squares polynomial of `degree` through the
    /// points (times relative to the newest sample): the normal equations, solved by Gaussian
    /// elimination with partial pivoting. A degree the times cannot determine (too few distinct
    /// times) is lowered; a constant has slope 0.
    static func fitSlope(degree: Int, count: Int, time: (Int) -> Double, value: (Int) -> Double) -> Double {
        var degree = degree
        while degree >= 1 {
            let size = degree + 1
            // Σ t^(i+j) and Σ t^i·v, for i, j in 0...degree (at most a 3×3 system, on the stack).
            var matrix = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
            withUnsafeMutableBytes(of: &matrix) { raw in
                let m = raw.bindMemory(to: Double.self)
                for sample in 0..<count {
                    let t = time(sample), v = value(sample)
                    var powers = (1.0, t, t * t, t * t * t, t * t * t * t)
                    withUnsafeBytes(of: &powers) { p in
                        let power = p.bindMemory(to: Double.self)
                        for row in 0..<size {
                            for column in 0..<size { m[row * 4 + column] += power[row + column] }
                            m[row * 4 + 3] += power[row] * v
                        }
                    }
                }
            }
            if let slope = withUnsafeMutableBytes(of: &matrix, { raw in solveSlope(raw.bindMemory(to: Double.self), size: size) }) {
                return slope
            }
            degree -= 1
        }
        return 0
    }

    /// Solves the `size`×`size` system in `m` (rows of 4: the coefficients, then the right-hand
    /// side in column 3) and returns coefficient 1, or `nil` when the system is singular.
    private static func solveSlope(_ m: UnsafeMutableBufferPointer<Double>, size: Int) -> Double? {
        var scale = 0.0
        for row in 0..<size { for column in 0..<size { scale = max(scale, abs(m[row * 4 + column])) } }
        guard scale > 0 else { return nil }
        for pivot in 0..<size {
            var best = pivot
            for row in (pivot + 1)..<max(size, pivot + 1) where abs(m[row * 4 + pivot]) > abs(m[best * 4 + pivot]) { best = row }
            guard abs(m[best * 4 + pivot]) > scale * 1e-12 else { return nil }
            if best != pivot { for column in 0..<4 { m.swapAt(best * 4 + column, pivot * 4 + column) } }
            for row in 0..<size where row != pivot {
                let factor = m[row * 4 + pivot] / m[pivot * 4 + pivot]
                guard factor != 0 else { continue }
                for column in pivot..<4 { m[row * 4 + column] -= factor * m[pivot * 4 + column] }
            }
        }
        let slope = m[1 * 4 + 3] / m[1 * 4 + 1]
        return slope.isFinite ? slope : nil
    }

    private func recentVelocity(weights: [Double]) -> Point {
        // Pair k (0 = the newest) is the velocity between samples k + 1 and k places back; the
        // weights run from the oldest pair used to the newest. A missing pair, or one without
        // elapsed time, counts as zero; a pause ends the movement: the pair across it and every
        // older one count as zero, as the samples before a pause are ignored by every strategy
        // (Flutter's iOS tracker weighs every pair, across pauses too).
        var total = Point.zero
        for pair in 0..<weights.count {
            guard pair + 1 < count else { break }
            let newer = index(back: pair), older = index(back: pair + 1)
            let elapsed = times[newer] - times[older]
            guard elapsed <= pauseThreshold else { break }
            guard elapsed > 0 else { continue }
            let weight = weights[weights.count - 1 - pair]
            total = total + Point(x: (xs[newer] - xs[older]) / elapsed, y: (ys[newer] - ys[older]) / elapsed).scaled(by: weight)
        }
        return total
    }
}
