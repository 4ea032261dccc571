public import Timeline

// A spring segment is a linear time-invariant system of (displacement from the target, velocity),
// so a `ScalarTrackBank` can play it from a table of transitions and step it frame to frame.
extension SpringSegment: LinearTimeInvariantSegment {
    /// The system matrix of `m x'' + c x' + k x = 0`: `d/dt (x, v) = (v, -(k/m) x - (c/m) v)`.
    public var systemMatrix: StateMatrix {
        StateMatrix(
            displacementFromDisplacement: 0, displacementFromVelocity: 1,
            velocityFromDisplacement: -spring.naturalFrequencySquared,
            velocityFromVelocity: -2 * spring.decayRate)
    }

    /// The spring's exact closed-form transition over `duration` seconds (see
    /// ``Spring/transitionMatrix(step:)``); the identity for `duration <= 0` or NaN.
    ///
    /// - Parameter duration: Seconds.
    /// - Returns: The matrix mapping the state (displacement, velocity) to the state `duration` later.
    /// - Complexity: O(1): an exponential and a sine and cosine (or the series near critical damping).
    public func transition(over duration: Double) -> StateMatrix {
        spring.transition(over: duration)
    }
}
