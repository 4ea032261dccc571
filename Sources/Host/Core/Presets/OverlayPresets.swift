public import Timeline
public import TimelinePlugins
import CadenceIO

/// The card of the overlay transitions: the container inset by top 40, left 40, bottom 200, right 40.
func overlayFrame(in context: TransitionContext) -> Rect {
    Rect(x: 40, y: 40, width: context.containerSize.width - 80, height: context.containerSize.height - 240)
}

/// The overlay scene: the presenting screen stays visible under the card.
func overlayScene(_ context: TransitionContext) -> Scene {
    // The presenting screen has content of its own (a bar and rows), in muted slate tones, so a
    // preview shows it staying visible underneath the card; the card is white with an accent
    // outline and a shadow, so it stands out from the first frame.
    let bounds = context.bounds
    var presenting = SceneLayer(name: "presenting", shape: .rectangle(cornerRadius: 0), frame: bounds)
    presenting.fill = Color(red: 0.36, green: 0.42, blue: 0.51)
    var bar = SceneLayer(
        name: "presenting.bar", shape: .rectangle(cornerRadius: 0),
        frame: Rect(x: 0, y: 0, width: bounds.size.width, height: min(96, bounds.size.height / 8)))
    bar.fill = Color(red: 0.2, green: 0.25, blue: 0.33)
    var layers = [presenting, bar]
    let rowHeight = bounds.size.height / 9
    for row in 0..<4 {
        var item = SceneLayer(
            name: "presenting.row\(row + 1)", shape: .rectangle(cornerRadius: 10),
            frame: Rect(
                x: bounds.size.width * 0.06, y: bounds.size.height / 6 + Double(row) * rowHeight * 1.25,
                width: bounds.size.width * 0.88, height: rowHeight))
        item.fill = Color(red: 0.55, green: 0.61, blue: 0.69)
        layers.append(item)
    }
    var card = SceneLayer(name: "overlay", shape: .rectangle(cornerRadius: 16), frame: overlayFrame(in: context))
    card.fill = .white
    card.stroke = Color(red: 0.15, green: 0.45, blue: 0.95)
    card.strokeWidth = 3
    card.shadow = SceneLayer.Shadow(color: .black, opacity: 0.45, radius: 16, offset: Point(x: 0, y: 6))
    card.bind(.opacity, to: "overlay.alpha")
    card.bind(.scale, to: "overlay.scale")
    card.bind(.hidden, to: "overlay.removed")
    layers.append(card)
    return Scene(size: context.containerSize, layers: layers)
}

/// Reference transition 5: a card pops in over the current screen on a bouncy spring.
///
/// ```swift
/// let fade = try Animator(duration: d / 2, timing: .easeInOut, state: state, clock: clock)
/// try fade.addAnimation(\.alpha, to: 1)
/// let spring = try SpringTiming(dampingRatio: 0.55, duration: d, relativeVelocity: 1 / 0.55)
/// let pop = try Animator(duration: d, timing: .spring(spring), state: state, clock: clock)
/// try pop.addAnimation(\.scale, to: 1)
/// ```
public struct OverlayPresentPreset: TransitionPreset {
    /// The animated state.
    public struct State: Sendable, Equatable {
        /// The card's alpha.
        public var alpha = 0.0
        /// The card's uniform scale.
        public var scale = 0.3
    }

    /// `overlay-present`.
    public static let name = "overlay-present"
    /// One line about the transition.
    public static let summary = "a card pops in over the current screen (spring, damping 0.55)"
    /// Push (present); `overlay-dismiss` is its reverse.
    public static let operations: [TransitionOperation] = [.push]
    /// The transition's duration d.
    public static let parameters = [PresetParameter("duration", 0.5, "the transition's duration d in seconds")]

    /// The container.
    public let context: TransitionContext
    /// The transition's duration d.
    public let duration: Double

    /// Builds the preset.
    public init(context: TransitionContext, parameters: [String: Double]) throws(PresetError) {
        guard context.operation == .push else { throw PresetError("overlay-present only presents; use overlay-dismiss") }
        self.context = context
        duration = parameters.value("duration", in: Self.parameters)
    }

    /// Invisible, at 0.3 scale.
    public var initialState: State { State() }

    /// The spring that scales the card: UIKit's damping 0.55, initial velocity 1 / 0.55, over d.
    public func springTiming() throws -> SpringTiming {
        try SpringTiming(dampingRatio: 0.55, duration: duration, relativeVelocity: 1 / 0.55)
    }

    /// Alpha over d / 2 (ease-in-out), scale on the spring over d; the spring completes it.
    public func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition {
        let fade = try Animator(duration: duration / 2, timing: .easeInOut, state: state, clock: clock)
        try fade.addAnimation(\.alpha, to: 1)
        let pop = try Animator(duration: duration, timing: .spring(try springTiming()), state: state, clock: clock)
        try pop.addAnimation(\.scale, to: 1)
        let transition = Transition()
        transition.add(fade)
        transition.add(pop, completesTransition: true)
        return transition
    }

    /// `overlay.alpha`, `overlay.scale`, `overlay.removed`.
    public var channels: [PresetChannel<State>] {
        [.scalar("overlay.alpha") { $0.alpha }, .scalar("overlay.scale") { $0.scale }, .scalar("overlay.removed") { _ in 0 }]
    }

    /// The presenting screen with the card over it.
    public var scene: Scene { overlayScene(context) }
}

/// Reference transition 6: the card fades out after a delay while a critically damped spring
/// shrinks it; the transition completes with the fade, at d, while the spring runs on until 2d.
///
/// ```swift
/// let fade = try Animator(duration: d, timing: .easeIn, state: state, clock: clock)
/// try fade.addAnimation(\.alpha, to: 0, delayFactor: 0.25)       // over 3d/4 after d/4
/// let spring = try SpringTiming(dampingRatio: 1, duration: 2 * d, relativeVelocity: -15)
/// let shrink = try Animator(duration: 2 * d, timing: .spring(spring), state: state, clock: clock)
/// try shrink.addAnimation(\.scale, to: 0.3)
/// let transition = Transition(inFlightPolicy: .runToEnd)
/// transition.add(fade, completesTransition: true)
/// transition.add(shrink)
/// ```
public struct OverlayDismissPreset: TransitionPreset {
    /// The animated state.
    public struct State: Sendable, Equatable {
        /// The card's alpha.
        public var alpha = 1.0
        /// The card's uniform scale.
        public var scale = 1.0
        /// Whether the card has been removed (by the fade's completion).
        public var isRemoved = false
    }

    /// `overlay-dismiss`.
    public static let name = "overlay-dismiss"
    /// One line about the transition.
    public static let summary = "the card fades and shrinks away; completes at d while its spring runs until 2d"
    /// Pop (dismiss) only.
    public static let operations: [TransitionOperation] = [.pop]
    /// The duration and what happens to the spring when the transition completes.
    public static let parameters = [
        PresetParameter("duration", 0.5, "the transition's duration d in seconds"),
        PresetParameter(
            "in-flight", 0, "the spring when the transition completes",
            choices: [.init("run-to-end", 0), .init("finish-at-end", 1), .init("stop", 2)]),
    ]

    /// The container.
    public let context: TransitionContext
    /// The transition's duration d.
    public let duration: Double
    /// What happens to the spring, still running at d.
    public let inFlightPolicy: Transition.InFlightPolicy

    /// Builds the preset.
    public init(context: TransitionContext, parameters: [String: Double]) throws(PresetError) {
        self.context = TransitionContext(containerSize: context.containerSize, operation: .pop)
        duration = parameters.value("duration", in: Self.parameters)
        switch parameters.value("in-flight", in: Self.parameters) {
        case 0: inFlightPolicy = .runToEnd
        case 1: inFlightPolicy = .finishAtEnd
        case 2: inFlightPolicy = .stopWhereTheyAre
        case let other: throw PresetError("--in-flight must be run-to-end, finish-at-end or stop, got \(NumberFormat.string(other))")
        }
    }

    /// Fully shown.
    public var initialState: State { State() }

    /// The critically damped spring: UIKit's damping 1.0, initial velocity −15, over 2d.
    public func springTiming() throws -> SpringTiming {
        try SpringTiming(dampingRatio: 1, duration: 2 * duration, relativeVelocity: -15)
    }

    /// The fade completes the transition (and removes the card); the spring has no completion.
    public func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition {
        let fade = try Animator(duration: duration, timing: .easeIn, state: state, clock: clock)
        try fade.addAnimation(\.alpha, to: 0, delayFactor: 0.25)
        fade.addCompletion { _ in state.update { $0.isRemoved = true } }
        let shrink = try Animator(duration: 2 * duration, timing: .spring(try springTiming()), state: state, clock: clock)
        try shrink.addAnimation(\.scale, to: 0.3)
        let transition = Transition(inFlightPolicy: inFlightPolicy)
        transition.add(fade, completesTransition: true)
        transition.add(shrink)
        return transition
    }

    /// `overlay.alpha`, `overlay.scale`, `overlay.removed`.
    public var channels: [PresetChannel<State>] {
        [
            .scalar("overlay.alpha") { $0.alpha }, .scalar("overlay.scale") { $0.scale },
            .scalar("overlay.removed") { $0.isRemoved ? 1 : 0 },
        ]
    }

    /// The presenting screen with the card over it.
    public var scene: Scene { overlayScene(context) }
}
