public import Timeline
import TimelinePlugins

/// Reference transition 4: the screen flips about its vertical axis; push flips from the right,
/// pop from the left.
///
/// ```swift
/// let flip = try Animator(duration: 0.5, timing: .easeInOut, state: state, clock: clock)
/// try flip.addAnimation(\.rotation, to: operation == .push ? .pi : -.pi)
/// ```
public struct FlipPreset: ScreenSwapPreset {
    /// The animated state.
    public struct State: Sendable, Equatable {
        /// The outgoing screen's rotation about the vertical axis, radians.
        public var rotation = 0.0
    }

    /// `flip`.
    public static let name = "flip"
    /// One line about the transition.
    public static let summary = "the screen flips about its vertical axis (push from the right, pop from the left)"
    /// What `duration` means.
    public static let durationSummary = "seconds of the flip"

    /// The container.
    public let context: TransitionContext
    /// Seconds of the flip.
    public let duration: Double

    /// Builds the preset.
    public init(context: TransitionContext, duration: Double) {
        self.context = context
        self.duration = duration
    }

    /// Not rotated.
    public var initialState: State { State() }

    /// +π for push (from the right), −π for pop (from the left), ease-in-out.
    public var finalRotation: Double { context.operation == .push ? .pi : -.pi }

    /// The rotation to ``finalRotation``; the outgoing screen shows for the first half, the
    /// incoming for the second.
    public func addAnimations(to flip: Animator<State>) throws {
        try flip.addAnimation(\.rotation, to: finalRotation)
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
        var from = screenLayer("from", fill: Color(white: 0.95))
        from.stroke = Color(white: 0.6)
        from.bind(.rotationY, to: "flip.rotation")
        from.bind(.hidden, to: "from.hidden")
        var to = screenLayer("to", fill: Color(red: 0.55, green: 0.35, blue: 0.8))
        to.bind(.rotationY, to: "to.rotation")
        to.bind(.hidden, to: "to.hidden")
        return Scene(size: context.containerSize, background: .black, layers: [from, to])
    }
}
