public import Timeline
import TimelinePlugins

/// Reference transition 1: a button grows to fill the screen, then the next screen fades in.
///
/// ```swift
/// let expand = try Animator(duration: expandDuration, timing: .easeIn, state: state, clock: clock)
/// try expand.addAnimation(\.viewScale, to: scale)
/// let fade = try Animator(duration: fadeDuration, timing: .easeInOut, state: state, clock: clock)
/// try fade.addAnimation(\.destinationAlpha, to: 1)
/// let transition = Transition()
/// transition.add(expand)
/// try transition.add(fade, startingAfter: expand)
/// ```
public struct ExpandingViewPreset: TransitionPreset {
    /// The animated state.
    public struct State: Sendable, Equatable {
        /// The expanding view's uniform scale.
        public var viewScale = 1.0
        /// The expanding view's z-order: 0 normally, 2 (above the destination's 1) while it expands.
        public var viewZIndex = 0.0
        /// The destination screen's alpha.
        public var destinationAlpha = 0.0
    }

    /// `expanding-view`.
    public static let name = "expanding-view"
    /// One line about the transition.
    public static let summary = "a button grows to fill the screen, then the next screen fades in"
    /// Push only: the reference has no dismissal.
    public static let operations: [TransitionOperation] = [.push]
    /// The durations and the expanding view's frame.
    public static let parameters = [
        PresetParameter("expand-duration", 0.35, "seconds of the expansion (the demo uses 0.4)"),
        PresetParameter("fade-duration", 0.35, "seconds of the destination's fade-in (the demo uses 0.1)"),
        PresetParameter("view-x", 155, "the expanding view's frame: x"),
        PresetParameter("view-y", 700, "the expanding view's frame: y"),
        PresetParameter("view-width", 80, "the expanding view's frame: width"),
        PresetParameter("view-height", 80, "the expanding view's frame: height"),
    ]

    /// The container.
    public let context: TransitionContext
    /// The expanding view's frame.
    public let viewFrame: Rect
    /// Seconds of the expansion.
    public let expandDuration: Double
    /// Seconds of the fade.
    public let fadeDuration: Double

    /// Builds the preset.
    public init(context: TransitionContext, parameters: [String: Double]) throws(PresetError) {
        guard context.operation == .push else { throw PresetError("expanding-view has no pop: the reference defines no dismissal") }
        self.context = context
        viewFrame = Rect(
            x: parameters.value("view-x", in: Self.parameters), y: parameters.value("view-y", in: Self.parameters),
            width: parameters.value("view-width", in: Self.parameters), height: parameters.value("view-height", in: Self.parameters))
        expandDuration = parameters.value("expand-duration", in: Self.parameters)
        fadeDuration = parameters.value("fade-duration", in: Self.parameters)
        guard viewFrame.size.width > 0, viewFrame.size.height > 0 else {
            throw PresetError("the expanding view needs a positive width and height")
        }
    }

    /// The scale that covers the screen: `(max(W, H) + max(x, W − x, y, H − y)) / min(w, h) + 2`.
    public static func coveringScale(container: Size, view: Rect) -> Double {
        let offsets = [view.minX, container.width - view.minX, view.minY, container.height - view.minY]
        return (max(container.width, container.height) + offsets.max()!) / min(view.width, view.height) + 2
    }

    /// Nothing expanded, the destination invisible.
    public var initialState: State { State() }

    /// Expansion, then the fade; the completion restores the view's scale and z-order.
    public func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition {
        let scale = Self.coveringScale(container: context.containerSize, view: viewFrame)
        let expand = try Animator(duration: expandDuration, timing: .easeIn, state: state, clock: clock)
        try expand.addAnimation(\.viewScale, to: scale)
        expand.addEventHandler { event in
            if case .started = event { state.update { $0.viewZIndex = 2 } }
        }
        let fade = try Animator(duration: fadeDuration, timing: .easeInOut, state: state, clock: clock)
        try fade.addAnimation(\.destinationAlpha, to: 1)
        let transition = Transition()
        transition.add(expand)
        try transition.add(fade, startingAfter: expand)
        transition.addCompletion { _ in
            state.update { state in
                state.viewScale = 1
                state.viewZIndex = 0
            }
        }
        return transition
    }

    /// `button.scale`, `button.zIndex`, `destination.alpha`.
    public var channels: [PresetChannel<State>] {
        [
            .scalar("button.scale") { $0.viewScale },
            .scalar("button.zIndex") { $0.viewZIndex },
            .scalar("destination.alpha") { $0.destinationAlpha },
        ]
    }

    /// The source screen, the destination above it, and the button raised above both.
    public var scene: Scene {
        var source = SceneLayer(name: "source", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        source.fill = Color(white: 0.95)
        var destination = SceneLayer(name: "destination", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        destination.fill = Color(red: 0.13, green: 0.45, blue: 0.85)
        destination.zIndex = 1
        destination.bind(.opacity, to: "destination.alpha")
        var button = SceneLayer(name: "button", shape: .rectangle(cornerRadius: min(viewFrame.width, viewFrame.height) / 2), frame: viewFrame)
        button.fill = Color(red: 0.13, green: 0.45, blue: 0.85)
        button.bind(.scale, to: "button.scale")
        button.bind(.zIndex, to: "button.zIndex")
        return Scene(size: context.containerSize, background: .white, layers: [source, destination, button])
    }
}
