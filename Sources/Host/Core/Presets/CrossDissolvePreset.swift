public import Timeline
import TimelinePlugins

/// Reference transition 4 (tab change): the outgoing screen fades out while the incoming one fades in.
///
/// ```swift
/// let dissolve = try Animator(duration: 0.5, timing: .easeInOut, state: state, clock: clock)
/// try dissolve.addAnimation(\.fromAlpha, to: 0)
/// try dissolve.addAnimation(\.toAlpha, to: 1)
/// ```
public struct CrossDissolvePreset: ScreenSwapPreset {
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
    /// What `duration` means (push and pop dissolve the same way).
    public static let durationSummary = "seconds of the dissolve"

    /// The container.
    public let context: TransitionContext
    /// Seconds of the dissolve.
    public let duration: Double

    /// Builds the preset.
    public init(context: TransitionContext, duration: Double) {
        self.context = context
        self.duration = duration
    }

    /// The outgoing screen visible.
    public var initialState: State { State() }

    /// Both alphas in the one animator.
    public func addAnimations(to dissolve: Animator<State>) throws {
        try dissolve.addAnimation(\.fromAlpha, to: 0)
        try dissolve.addAnimation(\.toAlpha, to: 1)
    }

    /// `from.alpha`, `to.alpha`.
    public var channels: [PresetChannel<State>] {
        [.scalar("from.alpha") { $0.fromAlpha }, .scalar("to.alpha") { $0.toAlpha }]
    }

    /// The two screens, one over the other.
    public var scene: Scene {
        var from = screenLayer("from", fill: Color(white: 0.95))
        from.bind(.opacity, to: "from.alpha")
        var to = screenLayer("to", fill: Color(red: 0.95, green: 0.6, blue: 0.2))
        to.bind(.opacity, to: "to.alpha")
        return Scene(size: context.containerSize, layers: [from, to])
    }
}
