public import Timeline

/// The exact state-transition matrix of a spring over a time step: now Timeline's
/// ``StateMatrix``, the one 2×2 matrix that the spring plugin and `ScalarTrackBank` share.
@available(*, deprecated, renamed: "StateMatrix")
public typealias SpringTransitionMatrix = StateMatrix
