public import Timeline
public import TimelinePlugins
import CadenceIO

/// Reference transition 8: a percent-driven transition. A scripted gesture scrubs a swipe-back
/// (the outgoing screen slides away, the incoming one slides in, un-dims and springs to full size),
/// then releases; the transition finishes or cancels from where it was, on a spring that starts
/// from the gesture's velocity.
///
/// ```swift
/// try transition.scrub(toFraction: gestureProgress)                  // while dragging
/// let release = try SpringAnimation(spring: spring, from: progress, to: finish ? 1 : 0,
///                                   initialVelocity: gestureVelocity)
/// try finish ? transition.finishInteractive(following: release)
///            : transition.cancelInteractive(following: release)     // on release
/// ```
public struct InteractivePreset: TransitionPreset {
    /// The animated state.
    public struct State: Sendable, Equatable {
        /// The outgoing screen's horizontal offset.
        public var fromOffset = 0.0
        /// The incoming screen's horizontal offset.
        public var toOffset: Double
        /// The dimming over the incoming screen.
        public var dim = 0.3
        /// The incoming screen's scale (on a spring curve).
        public var toScale = 0.92
    }

    /// `interactive`.
    public static let name = "interactive"
    /// One line about the transition.
    public static let summary = "a swipe-back scrubbed by a scripted gesture, released to finish or cancel on a spring"
    /// Pop (the swipe-back).
    public static let operations: [TransitionOperation] = [.pop]
    /// The script.
    public static let parameters = [
        PresetParameter("duration", 0.5, "the transition's duration when not driven"),
        PresetParameter("drag-duration", 0.6, "seconds the gesture drags before it is released"),
        PresetParameter("release-progress", 0.6, "the progress at which the gesture releases, 0...1"),
        PresetParameter(
            "outcome", -1, "what the release does (by-progress finishes from a release progress of 0.5, or with --release-velocity where a fifth of a second at that velocity reaches 0.5)",
            choices: [.init("finish", 1), .init("cancel", 0), .init("by-progress", -1)]),
        PresetParameter("completion-speed", 1, "how fast the release spring settles (2 is twice as fast)"),
        PresetParameter(
            "release-velocity", .nan,
            "the gesture's velocity at release, in progress per second (default: the drag's own, release-progress / drag-duration; a negative one flicks back)"),
    ]

    /// The container.
    public let context: TransitionContext
    /// The transition's own duration.
    public let duration: Double
    /// Seconds of dragging.
    public let dragDuration: Double
    /// The progress at release.
    public let releaseProgress: Double
    /// Whether the release finishes (else it cancels).
    public let finishes: Bool
    /// The spring that carries the progress after the release.
    public let releaseSpring: Spring
    /// The gesture's velocity at release, in progress per second.
    public let releaseVelocity: Double

    /// Builds the preset.
    public init(context: TransitionContext, parameters: [String: Double]) throws(PresetError) {
        self.context = TransitionContext(containerSize: context.containerSize, operation: .pop)
        duration = parameters.value("duration", in: Self.parameters)
        dragDuration = parameters.value("drag-duration", in: Self.parameters)
        releaseProgress = parameters.value("release-progress", in: Self.parameters)
        guard duration > 0, dragDuration > 0 else { throw PresetError("--duration and --drag-duration must be greater than 0") }
        guard (0...1).contains(releaseProgress) else { throw PresetError("--release-progress must be in 0...1") }
        let givenVelocity = parameters["release-velocity"]
        if let givenVelocity {
            guard givenVelocity.isFinite, abs(givenVelocity) <= 1000 else {
                throw PresetError("--release-velocity must be a number in -1000...1000 (progress per second)")
            }
        }
        releaseVelocity = givenVelocity ?? releaseProgress / dragDuration
        switch parameters.value("outcome", in: Self.parameters) {
        case 1: finishes = true
        case 0: finishes = false
        case -1:
            // A flick decides by where it is heading, as the guide's snippet does: the release
            // progress and a fifth of a second at the release velocity (without a velocity given,
            // by the progress alone).
            let progress = releaseProgress
            finishes = (givenVelocity.map { progress + 0.2 * $0 } ?? progress) >= 0.5
        case let other: throw PresetError("--outcome must be finish, cancel or by-progress, got \(NumberFormat.string(other))")
        }
        let speed = parameters.value("completion-speed", in: Self.parameters)
        guard speed > 0 else { throw PresetError("--completion-speed must be greater than 0") }
        do {
            releaseSpring = try Spring(response: 0.35 / speed, dampingRatio: 0.9)
        } catch {
            throw PresetError("invalid release spring: \(error)")
        }
    }

    /// Driven by the script.
    public var isInteractive: Bool { true }

    /// The incoming screen a third of the way off to the left, dimmed and slightly smaller.
    public var initialState: State { State(toOffset: -context.containerSize.width / 3) }


    /// The progress after the release: a spring from the release point and velocity.
    public func releaseMotion() throws -> SpringAnimation<Double> {
        try SpringAnimation(spring: releaseSpring, from: releaseProgress, to: finishes ? 1 : 0, initialVelocity: releaseVelocity)
    }

    /// One animator, linear so that progress maps straight to the gesture; the scale rides a
    /// spring-shaped curve, which scrubbing drives too.
    public func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition {
        let slide = try Animator(duration: duration, state: state, clock: clock)
        try slide.addAnimation(\.fromOffset, to: context.containerSize.width)
        try slide.addAnimation(\.toOffset, to: 0)
        try slide.addAnimation(\.dim, to: 0)
        let bounce = try SpringTiming(try Spring(response: 0.4, dampingRatio: 0.6))
        let scale = try Track<Double>(startingAt: 0.92, segments: [TrackSegment(to: 1, duration: duration, .timing(.spring(bounce)))])
        try slide.addAnimations(Clip(scale, \State.toScale))
        let transition = Transition()
        transition.add(slide)
        return transition
    }

    /// The drag, then the release.
    public func renderDuration(of transition: Transition) -> Double {
        dragDuration + ((try? releaseMotion().settlingDuration) ?? 0)
    }

    /// Scrubs while dragging; releases once.
    public func update(_ transition: Transition, at time: Double) throws {
        if time < dragDuration {
            try transition.scrub(toFraction: releaseProgress * time / dragDuration)
        } else if transition.completion == nil, !transition.isRunning {
            // The first frame at or after the release: still only scrubbed. A pure function of the
            // transition's state, so a preset renders the same however often it is rendered.
            try transition.scrub(toFraction: releaseProgress)
            if finishes {
                try transition.finishInteractive(following: try releaseMotion())
            } else {
                try transition.cancelInteractive(following: try releaseMotion())
            }
        }
    }

    /// `from.offset`, `to.offset`, `to.dim`, `to.scale`.
    public var channels: [PresetChannel<State>] {
        [
            .scalar("from.offset") { $0.fromOffset }, .scalar("to.offset") { $0.toOffset },
            .scalar("to.dim") { $0.dim }, .scalar("to.scale") { $0.toScale },
        ]
    }

    /// The incoming screen, its dimming, and the outgoing screen sliding over it.
    public var scene: Scene {
        var to = SceneLayer(name: "to", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        to.fill = Color(red: 0.3, green: 0.5, blue: 0.9)
        to.bind(.translationX, to: "to.offset")
        to.bind(.scale, to: "to.scale")
        var dim = SceneLayer(name: "dim", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        dim.fill = .black
        dim.bind(.opacity, to: "to.dim")
        var from = SceneLayer(name: "from", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        from.fill = Color(white: 0.97)
        from.shadow = SceneLayer.Shadow(color: .black, opacity: 0.3, radius: 8, offset: .zero)
        from.bind(.translationX, to: "from.offset")
        return Scene(size: context.containerSize, background: .black, layers: [to, dim, from])
    }
}
