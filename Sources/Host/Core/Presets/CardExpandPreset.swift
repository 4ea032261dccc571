public import Timeline
public import TimelinePlugins

/// Reference transition 7: an App Store "Today" card expands into its detail screen (push) and
/// collapses back (pop), with two animators of different durations.
///
/// ```swift
/// let spring = try SpringTiming(dampingRatio: 0.7, duration: 1)
/// let position = try Animator(duration: 1, timing: .spring(spring), state: state, clock: clock)
/// try position.addAnimation(\.translationY, to: destination.minY - origin.minY)
/// let size = try Animator(duration: 0.5, timing: .easeInOut, state: state, clock: clock)
/// try size.addAnimation(\.width, to: destination.width)
/// try size.addAnimation(\.height, to: destination.height)
/// try size.addAnimation(\.translationX, to: destination.minX - origin.minX)
/// detailScreen.join(position: position, size: size)     // header, close button, corners, shadow
/// position.addCompletion { _ in resetAndUnhide() }       // the longest animator completes it
/// ```
public struct CardExpandPreset: TransitionPreset {
    /// The animated state.
    public struct State: Sendable, Equatable {
        /// The moving card's frame before any translation.
        public var frame: Rect
        /// Horizontal translation (size animator).
        public var translationX = 0.0
        /// Vertical translation (position animator).
        public var translationY = 0.0
        /// The card's width (size animator).
        public var width: Double
        /// The card's height (size animator).
        public var height: Double
        /// Corner radius: 16 as a card, 0 full screen.
        public var cornerRadius: Double
        /// Shadow opacity: 0.3 as a card, 0 full screen.
        public var shadowOpacity: Double
        /// The detail screen's header height: the card's height as a card, 500 full screen.
        public var headerHeight: Double
        /// The detail screen's close button alpha.
        public var closeAlpha: Double
        /// Whether the tapped card in the list is hidden (during the transition).
        public var isTappedCardHidden = true
    }

    /// `card-expand`.
    public static let name = "card-expand"
    /// One line about the transition.
    public static let summary = "an App Store card expands into its detail screen (spring 0.7 over 1 s + ease-in-out size over 0.5 s)"
    /// Push and pop.
    public static let operations: [TransitionOperation] = [.push, .pop]
    /// The tapped card's frame.
    public static let parameters = [
        PresetParameter("card-x", 20, "the tapped card's frame in the container: x"),
        PresetParameter("card-y", 300, "the tapped card's frame: y"),
        PresetParameter("card-width", 350, "the tapped card's frame: width"),
        PresetParameter("card-height", 220, "the tapped card's frame: height"),
    ]

    /// The card's corner radius and shadow opacity in the list.
    public static let cardCornerRadius = 16.0
    /// The shadow opacity of a card in the list.
    public static let cardShadowOpacity = 0.3
    /// The detail screen's header height.
    public static let detailHeaderHeight = 500.0

    /// The container.
    public let context: TransitionContext
    /// The tapped card's frame, converted into the container's coordinates.
    public let cardFrame: Rect
    /// Where the moving card starts: the card (push) or the full screen (pop).
    public var origin: Rect { context.operation == .push ? cardFrame : context.bounds }
    /// Where it ends: the full screen (push) or the card (pop).
    public var destination: Rect { context.operation == .push ? context.bounds : cardFrame }

    /// Builds the preset.
    public init(context: TransitionContext, parameters: [String: Double]) throws(PresetError) {
        self.context = context
        cardFrame = Rect(
            x: parameters.value("card-x", in: Self.parameters), y: parameters.value("card-y", in: Self.parameters),
            width: parameters.value("card-width", in: Self.parameters), height: parameters.value("card-height", in: Self.parameters))
        guard cardFrame.size.width > 0, cardFrame.size.height > 0 else {
            throw PresetError("the card needs a positive width and height")
        }
    }

    /// The moving card at the origin, the tapped card hidden.
    public var initialState: State {
        let push = context.operation == .push
        return State(
            frame: origin, width: origin.width, height: origin.height,
            cornerRadius: push ? Self.cardCornerRadius : 0, shadowOpacity: push ? Self.cardShadowOpacity : 0,
            headerHeight: push ? cardFrame.height : Self.detailHeaderHeight, closeAlpha: push ? 0 : 1)
    }

    /// The position spring: damping ratio 0.7 over 1 s.
    public func positionTiming() throws -> SpringTiming {
        try SpringTiming(dampingRatio: 0.7, duration: 1, relativeVelocity: 0)
    }

    /// The position animator (spring, 1 s) and the size animator (ease-in-out, 0.5 s); the detail
    /// screen adds its own animations to them; the longest completes the transition.
    public func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition {
        let position = try Animator(duration: 1, timing: .spring(try positionTiming()), state: state, clock: clock)
        try position.addAnimation(\.translationY, to: destination.minY - origin.minY)
        let size = try Animator(duration: 0.5, timing: .easeInOut, state: state, clock: clock)
        try size.addAnimation(\.width, to: destination.width)
        try size.addAnimation(\.height, to: destination.height)
        try size.addAnimation(\.translationX, to: destination.minX - origin.minX)
        try detailScreenJoins(position: position, size: size)
        let final = destination
        position.addCompletion { _ in
            state.update { state in
                state.translationX = 0
                state.translationY = 0
                state.frame = final
                state.width = final.width
                state.height = final.height
                state.isTappedCardHidden = false
            }
        }
        let transition = Transition()
        transition.add(position)
        transition.add(size)
        return transition
    }

    /// The detail screen's own animations: header height, close button, corners and shadow.
    func detailScreenJoins(position: Animator<State>, size: Animator<State>) throws {
        let push = context.operation == .push
        try position.addAnimation(\.headerHeight, to: push ? Self.detailHeaderHeight : cardFrame.height)
        try size.addAnimation(\.closeAlpha, to: push ? 1 : 0)
        try size.addAnimation(\.cornerRadius, to: push ? 0 : Self.cardCornerRadius)
        try size.addAnimation(\.shadowOpacity, to: push ? 0 : Self.cardShadowOpacity)
    }

    /// The moving card's frame, header, close button and the tapped card's visibility.
    public var channels: [PresetChannel<State>] {
        [
            .scalar("card.x") { $0.frame.minX + $0.translationX },
            .scalar("card.y") { $0.frame.minY + $0.translationY },
            .scalar("card.width") { $0.width },
            .scalar("card.height") { $0.height },
            .scalar("card.cornerRadius") { $0.cornerRadius },
            .scalar("card.shadowOpacity") { $0.shadowOpacity },
            .scalar("header.height") { $0.headerHeight },
            .scalar("close.alpha") { $0.closeAlpha },
            .scalar("close.x") { $0.frame.minX + $0.translationX + $0.width - 48 },
            .scalar("close.y") { $0.frame.minY + $0.translationY + 16 },
            .scalar("tappedCard.hidden") { $0.isTappedCardHidden ? 1 : 0 },
        ]
    }

    /// The list with the tapped card, and the moving card with its header and close button.
    public var scene: Scene {
        var list = SceneLayer(name: "list", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        list.fill = Color(white: 0.93)
        var tapped = SceneLayer(name: "tappedCard", shape: .rectangle(cornerRadius: Self.cardCornerRadius), frame: cardFrame)
        tapped.fill = Color(red: 0.98, green: 0.55, blue: 0.25)
        tapped.bind(.hidden, to: "tappedCard.hidden")
        var card = SceneLayer(name: "card", shape: .rectangle(cornerRadius: Self.cardCornerRadius), frame: origin)
        card.fill = .white
        card.shadow = SceneLayer.Shadow(color: .black, opacity: Self.cardShadowOpacity, radius: 10, offset: Point(x: 0, y: 6))
        var header = SceneLayer(name: "header", shape: .rectangle(cornerRadius: 0), frame: Rect(origin: origin.origin, size: Size(width: origin.width, height: cardFrame.height)))
        header.fill = Color(red: 0.98, green: 0.55, blue: 0.25)
        var close = SceneLayer(name: "close", shape: .oval, frame: Rect(x: origin.maxX - 48, y: origin.minY + 16, width: 32, height: 32))
        close.fill = Color(white: 0.2)
        card.bind(.x, to: "card.x")
        card.bind(.y, to: "card.y")
        card.bind(.width, to: "card.width")
        card.bind(.height, to: "card.height")
        card.bind(.cornerRadius, to: "card.cornerRadius")
        card.bind(.shadowOpacity, to: "card.shadowOpacity")
        header.bind(.x, to: "card.x")
        header.bind(.y, to: "card.y")
        header.bind(.width, to: "card.width")
        header.bind(.height, to: "header.height")
        header.bind(.cornerRadius, to: "card.cornerRadius")
        close.bind(.x, to: "close.x")
        close.bind(.y, to: "close.y")
        close.bind(.opacity, to: "close.alpha")
        return Scene(size: context.containerSize, layers: [list, tapped, card, header, close])
    }
}
