import Timeline

/// Why a gesture motion or a velocity tracker refused its input.
public enum GestureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A position, velocity, time or parameter is NaN or infinite.
    case nonFinite(String)
    /// A sample's time is earlier than the one before it.
    case timeWentBackwards(previous: Double, time: Double)
    /// A parameter is out of its range.
    case outOfRange(String, Double, expected: String)
    /// A choice among no detents or pages.
    case nothingToSnapTo
    /// The gesture's motion cannot be played as a track: the reason, with the track's own error.
    case unplayable(String)

    /// What is wrong.
    public var description: String {
        switch self {
        case .nonFinite(let name): "\(name) must be finite"
        case .timeWentBackwards(let previous, let time):
            "a sample at time \(time) s comes after one at \(previous) s: sample times must not decrease"
        case .outOfRange(let name, let value, let expected): "\(name) is \(value), expected \(expected)"
        case .nothingToSnapTo: "there are no detents (or pages) to snap to"
        case .unplayable(let reason): "the gesture cannot be played as a track: \(reason)"
        }
    }

    static func requireFinite(_ value: Double, _ name: String) throws(GestureError) {
        guard value.isFinite else { throw .nonFinite(name) }
    }
}
