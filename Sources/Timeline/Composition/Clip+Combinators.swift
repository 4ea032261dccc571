extension Clip {
    /// Plays clips one after another.
    ///
    /// - Parameter clips: The clips in order; each starts when the previous one ends.
    /// - Returns: A clip whose duration is the sum of the durations.
    public static func sequence(_ clips: [Clip]) -> Clip {
        var start = 0.0
        var placements: [Placement] = []
        placements.reserveCapacity(clips.count)
        for clip in clips {
            placements.append(Placement(start: start, clip: clip))
            start += clip.duration
        }
        return placed(placements, duration: start)
    }

    /// Plays clips together, all starting at time 0.
    ///
    /// - Parameter clips: The clips; later ones win where two set the same property.
    /// - Returns: A clip whose duration is the longest duration.
    public static func group(_ clips: [Clip]) -> Clip {
        placed(clips.map { Placement(start: 0, clip: $0) }, duration: clips.map(\.duration).max() ?? 0)
    }

    /// Where a stagger starts counting its delays from.
    public enum StaggerOrigin: Sendable, Hashable {
        /// The first clip starts first.
        case start
        /// The last clip starts first.
        case end
        /// The middle clip (or the two middle clips, for an even count) starts first, and the
        /// delays grow towards both ends.
        case center
    }

    /// Starts clips one step apart.
    ///
    /// Clip `i` starts after `each × rank(i)` seconds, where rank counts from the origin: `i` from
    /// the start, `n - 1 - i` from the end, and `|i - (n - 1) / 2|` less its smallest value from the
    /// centre (for four clips: 1, 0, 0, 1).
    ///
    /// - Parameters:
    ///   - clips: At least one clip.
    ///   - each: Seconds between successive starts; finite (negative steps are not allowed).
    ///   - origin: Which clip starts first.
    /// - Throws: ``CompositionError`` for an empty list or a bad step.
    public static func stagger(
        _ clips: [Clip], each: Double, from origin: StaggerOrigin = .start
    ) throws(CompositionError) -> Clip {
        guard !clips.isEmpty else { throw .emptyStagger }
        guard each.isFinite else { throw .nonFiniteTime("stagger step", each) }
        guard each >= 0 else { throw .negativeTime("stagger step", each) }
        let count = clips.count
        let middle = Double(count - 1) / 2
        let smallest = count % 2 == 0 ? 0.5 : 0
        var placements: [Placement] = []
        var duration = 0.0
        for (index, clip) in clips.enumerated() {
            let rank: Double
            switch origin {
            case .start: rank = Double(index)
            case .end: rank = Double(count - 1 - index)
            case .center: rank = abs(Double(index) - middle) - smallest
            }
            let start = each * rank
            placements.append(Placement(start: start, clip: clip))
            duration = max(duration, start + clip.duration)
        }
        return placed(placements, duration: duration)
    }

    static func placed(_ placements: [Placement], duration: Double) -> Clip {
        Clip(node: .placed(placements), duration: duration)
    }
}
