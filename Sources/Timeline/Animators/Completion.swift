/// Where an animator ended.
public enum AnimatorPosition: Sendable, Hashable, CustomStringConvertible {
    /// At the end: every animation at its target.
    case end
    /// At the start: every animation back where it began.
    case start
    /// Where it was when it was stopped.
    case current

    /// `end`, `start` or `current`.
    public var description: String {
        switch self {
        case .end: "end"
        case .start: "start"
        case .current: "current"
        }
    }
}

/// How an animator, or a transition, completed. Delivered exactly once.
public struct Completion: Sendable, Hashable, CustomStringConvertible {
    /// `false` when the animation was cancelled, interrupted or released before it completed.
    public var finished: Bool
    /// Where it ended.
    public var position: AnimatorPosition
    /// The fraction of the animation complete when it ended (0 at the start, 1 at the end).
    public var fractionComplete: Double

    /// Creates a completion.
    public init(finished: Bool, position: AnimatorPosition, fractionComplete: Double) {
        self.finished = finished
        self.position = position
        self.fractionComplete = fractionComplete
    }

    /// Whether the animation was cancelled: `!finished`.
    public var wasCancelled: Bool { !finished }

    /// `finished at end` or `cancelled at start`.
    public var description: String {
        "\(finished ? "finished" : "cancelled") at \(position)"
    }
}

/// Something that happened to an animator.
public enum AnimatorEvent: Sendable, Hashable, CustomStringConvertible {
    /// The animator started running (after its delay, if any).
    case started
    /// The animator was paused.
    case paused
    /// The animator resumed after a pause.
    case resumed
    /// The animator's direction changed; `true` when it now runs towards the start.
    case reversed(Bool)
    /// A marker of one of its clips was passed.
    case marker(String)
    /// A named clip of one of its clips started another iteration.
    case repeated(String)
    /// The animator completed.
    case completed(Completion)

    /// A short description such as `started` or `marker(fade)`.
    public var description: String {
        switch self {
        case .started: "started"
        case .paused: "paused"
        case .resumed: "resumed"
        case .reversed(let isReversed): "reversed(\(isReversed))"
        case .marker(let name): "marker(\(name))"
        case .repeated(let name): "repeated(\(name))"
        case .completed(let completion): "completed(\(completion))"
        }
    }
}
