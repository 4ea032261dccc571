public import Timeline
import TimelinePlugins

/// A transition that swaps the outgoing screen for the incoming one with one ease-in-out animator,
/// the same for push and pop but for what the preset makes of the operation: the shape that
/// ``FlipPreset`` and ``CrossDissolvePreset`` share.
///
/// A conforming preset says what its animator animates (``addAnimations(to:)``), which frames it
/// carries and how its two screens look. Its parameters (just `duration`, 0.5 seconds by
/// default), the initialiser from them and the transition itself come from this protocol.
///
/// ```swift
/// struct SlideOver: ScreenSwapPreset {
///     struct State: Sendable { var offset = 0.0 }
///     static let name = "slide-over"
///     static let summary = "the incoming screen slides over the outgoing one"
///     static let durationSummary = "seconds of the slide"
///     let context: TransitionContext
///     let duration: Double
///     init(context: TransitionContext, duration: Double) {
///         self.context = context
///         self.duration = duration
///     }
///     var initialState: State { State() }
///     func addAnimations(to animator: Animator<State>) throws {
///         try animator.addAnimation(\.offset, to: context.containerSize.width)
///     }
///     var channels: [PresetChannel<State>] { [.scalar("to.x") { $0.offset }] }
///     var scene: Scene { Scene(size: context.containerSize, layers: []) }
/// }
/// ```
public protocol ScreenSwapPreset: TransitionPreset {
    /// What the `duration` parameter is the duration of (`"seconds of the flip"`).
    static var durationSummary: String { get }

    /// The container.
    var context: TransitionContext { get }
    /// Seconds of the animator.
    var duration: Double { get }

    /// Creates the preset for a context and a duration in seconds.
    init(context: TransitionContext, duration: Double)

    /// Adds the transition's animations to its one animator (not yet started).
    func addAnimations(to animator: Animator<State>) throws
}

extension ScreenSwapPreset {
    /// Push and pop.
    public static var operations: [TransitionOperation] { [.push, .pop] }

    /// The duration: `duration`, 0.5 seconds by default.
    public static var parameters: [PresetParameter] {
        [PresetParameter("duration", 0.5, durationSummary)]
    }

    /// Builds the preset with the `duration` parameter, or its default.
    public init(context: TransitionContext, parameters: [String: Double]) throws(PresetError) {
        self.init(context: context, duration: parameters.value("duration", in: Self.parameters))
    }

    /// One animator over ``duration``, ease-in-out, with ``addAnimations(to:)``'s animations.
    public func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition {
        let animator = try Animator(duration: duration, timing: .easeInOut, state: state, clock: clock)
        try addAnimations(to: animator)
        let transition = Transition()
        transition.add(animator)
        return transition
    }

    /// A screen as a layer: a square-cornered rectangle that fills the container.
    func screenLayer(_ name: String, fill: Color) -> SceneLayer {
        var layer = SceneLayer(name: name, shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        layer.fill = fill
        return layer
    }
}
