import Timeline

// The relative initial velocity of `Spring` and `SpringTiming` (UIKit's convention: distances per
// second) was labelled `initialVelocity`, the same label as `SpringAnimation`'s absolute velocity
// (value units per second). It is `relativeVelocity` now; the old labels still compile, with a
// warning that names the new one.

extension Spring {
    /// Deprecated: the velocity is relative to the distance; the label now says so.
    @available(*, deprecated, renamed: "init(dampingRatio:duration:relativeVelocity:threshold:)")
    public init(
        dampingRatio: Double, duration: Double, initialVelocity: Double,
        threshold: Double = Spring.defaultThreshold
    ) throws(SpringError) {
        try self.init(dampingRatio: dampingRatio, duration: duration, relativeVelocity: initialVelocity, threshold: threshold)
    }

    /// Deprecated: the velocity is relative to the distance; the label now says so.
    @available(*, deprecated, renamed: "settlingDuration(threshold:relativeVelocity:)")
    public func settlingDuration(threshold: Double, initialVelocity: Double) throws(SpringError) -> Double {
        try settlingDuration(threshold: threshold, relativeVelocity: initialVelocity)
    }
}

extension SpringTiming {
    /// Deprecated: the velocity is relative to the distance; the label now says so.
    @available(*, deprecated, renamed: "init(_:relativeVelocity:threshold:)")
    public init(_ spring: Spring, initialVelocity: Double, threshold: Double = Spring.defaultThreshold) throws(SpringError) {
        try self.init(spring, relativeVelocity: initialVelocity, threshold: threshold)
    }

    /// Deprecated: the velocity is relative to the distance; the label now says so.
    @available(*, deprecated, renamed: "init(_:duration:relativeVelocity:)")
    public init(_ spring: Spring, duration: Double, initialVelocity: Double) throws(SpringError) {
        try self.init(spring, duration: duration, relativeVelocity: initialVelocity)
    }

    /// Deprecated: the velocity is relative to the distance; the label now says so.
    @available(*, deprecated, renamed: "init(dampingRatio:duration:relativeVelocity:threshold:)")
    public init(
        dampingRatio: Double, duration: Double, initialVelocity: Double,
        threshold: Double = Spring.defaultThreshold
    ) throws(SpringError) {
        try self.init(dampingRatio: dampingRatio, duration: duration, relativeVelocity: initialVelocity, threshold: threshold)
    }

    /// Deprecated: the relative velocity, now ``relativeVelocity``.
    @available(*, deprecated, renamed: "relativeVelocity")
    public var initialVelocity: Double { relativeVelocity }
}
