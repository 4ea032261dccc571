/// Reference transition 4: the screen flips about its vertical axis; push flips from the right,
/// pop from the left.
///
/// ```swift
/// let flip = try Animator(duration: 0.5, timing: .easeInOut, state: state, clock: clock)
/// try flip.addAnimation(\.rotation, to: operation == .push ? .pi : -.pi)
/// ```
public struct FlipPreset: TransitionPreset {
    /// The animated state.
    public struct State: Sendable, Equatable {
        /// The outgoing screen's rotation about the vertical axis, radians.
        public var rotation = 0.0
    }

    /// `flip`.
    public static let name = "flip"
    /// One line about the transition.
    public static let summary = "the screen flips about its vertical axis (push from the right, pop from the left)"
    /// Push and pop.
    public static let operations: [TransitionOperation] = [.push, .pop]
    /// The duration.
    public static let parameters = [PresetParameter("duration", 0.5, "seconds of the flip")]

    /// The container.
    public let context: TransitionContext
    /// Seconds of the flip.
    public let duration: Double

    /// Builds the preset.
    public init(context: TransitionContext, parameters: [String: Double]) throws(PresetError) {
        self.context = context
        duration = parameters.value("duration", in: Self.parameters)
    }

    /// Not rotated.
    public var initialState: State { State() }

    /// +π for push (from the right), −π for pop (from the left), ease-in-out.
    public var finalRotation: Double { context.operation == .push ? .pi : -.pi }

    /// One animator; the outgoing screen shows for the first half, the incoming for the second.
    public func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition {
        let flip = try Animator(duration: duration, timing: .easeInOut, state: state, clock: clock)
        try flip.addAnimation(\.rotation, to: finalRotation)
        let transition = Transition()
        transition.add(flip)
        return transition
    }

    /// `flip.rotation`, `from.hidden`, `to.hidden`, `to.rotation`.
    public var channels: [PresetChannel<State>] {
        let final = finalRotation
        return [
            .scalar("flip.rotation") { $0.rotation },
            .scalar("from.hidden") { abs($0.rotation) > .pi / 2 ? 1 : 0 },
            .scalar("to.hidden") { abs($0.rotation) > .pi / 2 ? 0 : 1 },
            .scalar("to.rotation") { $0.rotation - final },
        ]
    }

    /// The two screens, back to back.
    public var scene: Scene {
        var from = SceneLayer(name: "from", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        from.fill = Color(white: 0.95)
        from.stroke = Color(white: 0.6)
        from.bind(.rotationY, to: "flip.rotation")
        from.bind(.hidden, to: "from.hidden")
        var to = SceneLayer(name: "to", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        to.fill = Color(red: 0.55, green: 0.35, blue: 0.8)
        to.bind(.rotationY, to: "to.rotation")
        to.bind(.hidden, to: "to.hidden")
        return Scene(size: context.containerSize, background: .black, layers: [from, to])
    }
}

/// Reference transition 4 (tab change): the outgoing screen fades out while the incoming one fades in.
///
/// ```swift
/// let dissolve = try Animator(duration: 0.5, timing: .easeInOut, state: state, clock: clock)
/// try dissolve.addAnimation(\.fromAlpha, to: 0)
/// try dissolve.addAnimation(\.toAlpha, to: 1)
/// ```
public struct CrossDissolvePreset: TransitionPreset {
    /// The animated state.
    public struct State: Sendable, Equatable {
        /// The outgoing screen's alpha.
        public var fromAlpha = 1.0
        /// The incoming screen's alpha.
        public var toAlpha = 0.0
    }

    /// `cross-dissolve`.
    public static let name = "cross-dissolve"
    /// One line about the transition.
    public static let summary = "tab change: the outgoing screen fades out as the incoming one fades in"
    /// Push and pop (the same dissolve).
    public static let operations: [TransitionOperation] = [.push, .pop]
    /// The duration.
    public static let parameters = [PresetParameter("duration", 0.5, "seconds of the dissolve")]

    /// The container.
    public let context: TransitionContext
    /// Seconds of the dissolve.
    public let duration: Double

    /// Builds the preset.
    public init(context: TransitionContext, parameters: [String: Double]) throws(PresetError) {
        self.context = context
        duration = parameters.value("duration", in: Self.parameters)
    }

    /// The outgoing screen visible.
    public var initialState: State { State() }

    /// Both alphas in one animator, ease-in-out.
    public func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition {
        let dissolve = try Animator(duration: duration, timing: .easeInOut, state: state, clock: clock)
        try dissolve.addAnimation(\.fromAlpha, to: 0)
        try dissolve.addAnimation(\.toAlpha, to: 1)
        let transition = Transition()
        transition.add(dissolve)
        return transition
    }

    /// `from.alpha`, `to.alpha`.
    public var channels: [PresetChannel<State>] {
        [.scalar("from.alpha") { $0.fromAlpha }, .scalar("to.alpha") { $0.toAlpha }]
    }

    /// The two screens, one over the other.
    public var scene: Scene {
        var from = SceneLayer(name: "from", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        from.fill = Color(white: 0.95)
        from.bind(.opacity, to: "from.alpha")
        var to = SceneLayer(name: "to", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        to.fill = Color(red: 0.95, green: 0.6, blue: 0.2)
        to.bind(.opacity, to: "to.alpha")
        return Scene(size: context.containerSize, layers: [from, to])
    }
}
