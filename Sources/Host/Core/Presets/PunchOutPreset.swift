public import Timeline
public import TimelinePlugins

/// Reference transition 3: a hole punched through the outgoing screen grows until it is gone,
/// with a shadow around the hole (push); pop closes the hole over the incoming screen.
///
/// ```swift
/// let morph = PathMorph(from: fromPath, to: toPath)   // even-odd: rectangle + hole
/// let punch = try Animator(duration: 1, timing: .easeIn, state: state, clock: clock)
/// try punch.addAnimation(\.progress, to: 1)            // mask = morph.path(at: progress)
/// ```
public struct PunchOutPreset: TransitionPreset {
    /// The animated state.
    public struct State: Sendable, Equatable {
        /// How far the mask has morphed (eased), 0 to 1.
        public var progress = 0.0
        /// Whether the mask and shadow are in place (the completion removes them).
        public var isMasked = true
    }

    /// `punch-out`.
    public static let name = "punch-out"
    /// One line about the transition.
    public static let summary = "an even-odd hole with a shadow grows through the outgoing screen (pop closes it)"
    /// Push and pop.
    public static let operations: [TransitionOperation] = [.push, .pop]
    /// The duration.
    public static let parameters = [PresetParameter("duration", 1, "seconds of the morph")]

    /// The container.
    public let context: TransitionContext
    /// Seconds of the morph.
    public let duration: Double
    /// The rectangle of the bounds plus a 4 × 4 oval at the centre.
    public let fromPath: Path
    /// The bounds inset by −40 plus a 1.2H × 1.2H oval at the centre.
    public let toPath: Path
    /// Push: from → to; pop: to → from.
    public let morph: PathMorph

    /// Builds the preset.
    public init(context: TransitionContext, parameters: [String: Double]) throws(PresetError) {
        self.context = context
        duration = parameters.value("duration", in: Self.parameters)
        let (from, to) = try Self.paths(for: context)
        fromPath = from
        toPath = to
        morph = context.operation == .push ? PathMorph(from: from, to: to) : PathMorph(from: to, to: from)
    }

    /// The reference's two even-odd paths.
    public static func paths(for context: TransitionContext) throws(PresetError) -> (from: Path, to: Path) {
        let center = context.center
        let h = context.containerSize.height
        do {
            var from = try Path.rectangle(context.bounds, fillRule: .evenOdd)
            from.addPath(try Path.oval(in: Rect(x: center.x - 2, y: center.y - 2, width: 4, height: 4)))
            var to = try Path.rectangle(context.bounds.insetBy(dx: -40, dy: -40), fillRule: .evenOdd)
            to.addPath(try Path.oval(in: Rect(x: center.x - 0.6 * h, y: center.y - 0.6 * h, width: 1.2 * h, height: 1.2 * h)))
            return (from, to)
        } catch {
            throw PresetError("cannot build the punch-out paths: \(error)")
        }
    }

    /// Not yet morphed.
    public var initialState: State { State() }

    /// One animator for mask and shadow together; its completion removes both.
    public func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition {
        let punch = try Animator(duration: duration, timing: .easeIn, state: state, clock: clock)
        try punch.addAnimation(\.progress, to: 1)
        let transition = Transition()
        transition.add(punch)
        transition.addCompletion { _ in state.update { $0.isMasked = false } }
        return transition
    }

    /// The mask (and shadow) outline at a state: the morph while masked, the bounds after.
    public func maskPath(_ state: State) -> Path {
        var path = Path()
        maskPath(state, into: &path)
        return path
    }

    /// Writes ``maskPath(_:)`` into `path`, in its storage: the morph while masked, the bounds
    /// after (no allocation once `path` has room and is not shared). The same name as
    /// ``CircularRevealPreset/maskPath(_:into:)``.
    public func maskPath(_ state: State, into path: inout Path) {
        if state.isMasked {
            morph.evaluate(at: state.progress, into: &path)
        } else {
            path.removeAll(keepingCapacity: true)
            path.fillRule = .nonZero
            try? path.addRectangle(context.bounds)
        }
    }

    /// Writes ``maskPath(_:)`` into `path`: the former name of ``maskPath(_:into:)``.
    @available(*, deprecated, renamed: "maskPath(_:into:)")
    public func writeMaskPath(_ state: State, into path: inout Path) {
        maskPath(state, into: &path)
    }

    /// `punch.progress`, `punch.masked`, `punch.mask` (also the shadow's outline).
    public var channels: [PresetChannel<State>] {
        [
            .scalar("punch.progress") { $0.progress },
            .scalar("punch.masked") { $0.isMasked ? 1 : 0 },
            .path("punch.mask", into: { maskPath($0, into: &$1) }),
        ]
    }

    /// Push: the incoming screen below, the shadow, the masked outgoing screen on top. Pop: the
    /// outgoing screen below, the masked incoming screen on top.
    public var scene: Scene {
        var below = SceneLayer(name: context.operation == .push ? "to" : "from", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        below.fill = context.operation == .push ? Color(red: 0.2, green: 0.6, blue: 0.4) : Color(white: 0.95)
        var shadow = SceneLayer(name: "shadow", shape: .path(maskPath(initialState)), frame: context.bounds)
        shadow.fill = .black
        shadow.shadow = SceneLayer.Shadow(color: .black, opacity: 1, radius: 6, offset: .zero)
        shadow.bind(.path, to: "punch.mask")
        shadow.bind(.opacity, to: "punch.masked")
        var above = SceneLayer(name: context.operation == .push ? "from" : "to", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        above.fill = context.operation == .push ? Color(white: 0.95) : Color(red: 0.2, green: 0.6, blue: 0.4)
        above.mask = SceneLayer.Mask(path: maskPath(initialState), fillRule: .evenOdd)
        above.bind(.maskPath, to: "punch.mask")
        return Scene(size: context.containerSize, layers: [below, shadow, above])
    }
}
