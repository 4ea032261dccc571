public import Timeline
public import TimelinePlugins

/// Reference transition 2: the incoming screen is revealed through a growing circle.
///
/// ```swift
/// let reveal = try Animator(duration: 1, timing: .easeIn, state: state, clock: clock)
/// try reveal.addAnimation(\.diameter, to: 1.2 * height)
/// reveal.addCompletion { _ in state.update { $0.isMasked = false } }
/// ```
public struct CircularRevealPreset: TransitionPreset {
    /// The animated state.
    public struct State: Sendable, Equatable {
        /// The mask circle's diameter.
        public var diameter = 4.0
        /// Whether the incoming screen is masked (the completion removes the mask).
        public var isMasked = true
    }

    /// `circular-reveal`.
    public static let name = "circular-reveal"
    /// One line about the transition.
    public static let summary = "the incoming screen is revealed through a circle growing from the centre"
    /// Push only: the reference defines no dismissal.
    public static let operations: [TransitionOperation] = [.push]
    /// The duration.
    public static let parameters = [PresetParameter("duration", 1, "seconds of the reveal")]

    /// The container.
    public let context: TransitionContext
    /// Seconds of the reveal.
    public let duration: Double

    /// Builds the preset.
    public init(context: TransitionContext, parameters: [String: Double]) throws(PresetError) {
        guard context.operation == .push else { throw PresetError("circular-reveal has no pop: the reference defines no dismissal") }
        self.context = context
        duration = parameters.value("duration", in: Self.parameters)
    }

    /// A 4-point circle.
    public var initialState: State { State() }

    /// The diameter grows from 4 to 1.2 × H with ease-in; the completion removes the mask.
    public func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition {
        let reveal = try Animator(duration: duration, timing: .easeIn, state: state, clock: clock)
        try reveal.addAnimation(\.diameter, to: 1.2 * context.containerSize.height)
        let transition = Transition()
        transition.add(reveal)
        transition.addCompletion { _ in state.update { $0.isMasked = false } }
        return transition
    }

    /// The mask: a circle at the centre while masked, the whole container after.
    public func maskPath(_ state: State) -> Path {
        var path = Path()
        maskPath(state, into: &path)
        return path
    }

    /// The mask, written over `path` in place (no allocation once it has room); empty if the
    /// state's diameter is not a finite, non-negative number.
    public func maskPath(_ state: State, into path: inout Path) {
        path.removeAll(keepingCapacity: true)
        path.fillRule = .nonZero
        if state.isMasked {
            try? path.addCircle(center: context.center, radius: state.diameter / 2)
        } else {
            try? path.addRectangle(context.bounds)
        }
    }

    /// `reveal.diameter`, `reveal.masked`, `reveal.mask`.
    public var channels: [PresetChannel<State>] {
        [
            .scalar("reveal.diameter") { $0.diameter },
            .scalar("reveal.masked") { $0.isMasked ? 1 : 0 },
            .path("reveal.mask") { maskPath($0, into: &$1) },
        ]
    }

    /// The outgoing screen, and the incoming one above it behind the mask.
    public var scene: Scene {
        var from = SceneLayer(name: "from", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        from.fill = Color(white: 0.95)
        var to = SceneLayer(name: "to", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        to.fill = Color(red: 0.85, green: 0.3, blue: 0.25)
        to.mask = SceneLayer.Mask(path: maskPath(initialState))
        to.bind(.maskPath, to: "reveal.mask")
        return Scene(size: context.containerSize, layers: [from, to])
    }
}
