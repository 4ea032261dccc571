/// A timeline built by placing clips one at a time, with labels and relative positions, as GSAP's
/// position parameter allows.
///
/// ```swift
/// var choreography = Choreography<Card>()
/// try choreography.add(grow)                                  // at the end: 0
/// try choreography.addLabel("fade")                           // at the end: grow's end
/// try choreography.add(fade, at: .label("fade", offset: 0.1))
/// try choreography.add(shadow, at: .withPrevious())           // starts with fade
/// try choreography.add(bounce, at: .afterPrevious(offset: -0.2))
/// let clip = choreography.clip
/// ```
public struct Choreography<Root>: Sendable {
    /// Where a clip or label goes.
    public enum Position: Sendable, Hashable {
        /// An absolute time in seconds.
        case time(Double)
        /// The end of everything added so far, plus an offset (GSAP `"+=offset"`).
        case end(offset: Double = 0)
        /// The end of the most recently added clip, plus an offset (GSAP `">offset"`).
        case afterPrevious(offset: Double = 0)
        /// Where the most recently added clip starts playing, after its delay, plus an offset (GSAP
        /// `"<offset"`, which also counts the delay).
        case withPrevious(offset: Double = 0)
        /// A label's time, plus an offset (GSAP `"label+=offset"`).
        case label(String, offset: Double = 0)
    }

    private var placements: [Clip<Root>.Placement] = []
    private var previousStart = 0.0
    private var previousEnd = 0.0

    /// The labels and their times, in the order they were added.
    public private(set) var labels: [Marker] = []
    /// Each label's index in ``labels``.
    private var labelIndex: [String: Int] = [:]

    /// The end of every clip added so far (labels do not move it).
    public private(set) var duration = 0.0

    /// An empty choreography.
    public init() {}

    /// Adds a clip.
    ///
    /// - Parameters:
    ///   - clip: The clip to place.
    ///   - position: Where it starts; by default at the end of everything added so far.
    /// - Returns: The time at which the clip starts.
    /// - Throws: ``CompositionError`` for an unknown label, a non-finite offset, or a start before 0.
    @discardableResult
    public mutating func add(
        _ clip: Clip<Root>, at position: Position = .end()
    ) throws(CompositionError) -> Double {
        let start = try resolve(position)
        placements.append(Clip.Placement(start: start, clip: clip))
        previousStart = start + clip.leadingDelay
        previousEnd = start + clip.duration
        duration = max(duration, previousEnd)
        return start
    }

    /// Adds a label.
    ///
    /// - Parameters:
    ///   - name: A name not used before.
    ///   - position: Where the label goes; by default at the end of everything added so far.
    /// - Returns: The label's time.
    /// - Throws: ``CompositionError`` for a duplicate name or a bad position.
    @discardableResult
    public mutating func addLabel(
        _ name: String, at position: Position = .end()
    ) throws(CompositionError) -> Double {
        guard labelIndex[name] == nil else { throw .duplicateLabel(name) }
        let time = try resolve(position)
        labelIndex[name] = labels.count
        labels.append(Marker(name: name, time: time))
        return time
    }

    /// The time of a label, or `nil` if there is no such label.
    ///
    /// - Complexity: O(1).
    public func time(ofLabel name: String) -> Double? {
        labelIndex[name].map { labels[$0].time }
    }

    /// The clip that plays everything added, with the labels as markers; it lasts until the end
    /// of the last clip or the last label, whichever is later.
    public var clip: Clip<Root> {
        let length = max(duration, labels.map(\.time).max() ?? 0)
        let placed = Clip.placed(placements, duration: length)
        return Clip(node: placed.node, duration: length, fill: .forwards, ownMarkers: labels)
    }

    private func resolve(_ position: Position) throws(CompositionError) -> Double {
        let time: Double
        let offset: Double
        switch position {
        case .time(let value):
            time = 0
            offset = value
        case .end(let value):
            time = duration
            offset = value
        case .afterPrevious(let value):
            time = previousEnd
            offset = value
        case .withPrevious(let value):
            time = previousStart
            offset = value
        case .label(let name, let value):
            guard let labelTime = self.time(ofLabel: name) else {
                throw .unknownLabel(name, known: labels.map(\.name))
            }
            time = labelTime
            offset = value
        }
        guard offset.isFinite else { throw .nonFiniteTime("position offset", offset) }
        let start = time + offset
        guard start.isFinite else { throw .nonFiniteTime("position", start) }
        guard start >= 0 else { throw .negativeStart(start) }
        return start
    }
}
