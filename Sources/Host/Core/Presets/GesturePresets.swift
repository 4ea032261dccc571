public import Timeline
public import TimelinePlugins

/// A scripted drag: the finger moves `distance` in `duration` seconds and is moving at `velocity`
/// when it lifts (its position a quadratic in time, so it starts at `2·distance/duration −
/// velocity`), sampled at 120 Hz as a touch screen reports it. The release velocity is what a ``VelocityTracker`` estimates from the samples, as an app
/// would do; a quadratic's is its own, so landings can be worked out by hand.
struct ScriptedDrag: Sendable, Hashable {
    /// Where the finger starts.
    let start: Double
    /// How far it moves before lifting.
    let distance: Double
    /// How long it drags, in seconds.
    let duration: Double
    /// Its velocity when it lifts, units per second.
    let velocity: Double

    /// The touch sample rate.
    static let sampleRate = 120.0

    /// The finger's position at `time` (0 ... duration): `start + a·t + b·t²` with the drag's
    /// distance and final velocity.
    func position(at time: Double) -> Double {
        let t = min(max(time, 0), duration)
        let b = (velocity * duration - distance) / (duration * duration)
        let a = (2 * distance - velocity * duration) / duration
        return start + a * t + b * t * t
    }

    /// The touch samples: every 1/120 s from 0, and one at the release.
    var samples: [(time: Double, position: Double)] {
        let count = Int((duration * Self.sampleRate).rounded(.down))
        var samples: [(time: Double, position: Double)] = (0...count).map { index in
            let time = Double(index) / Self.sampleRate
            return (time: time, position: position(at: time))
        }
        if samples.last!.time < duration { samples.append((time: duration, position: position(at: duration))) }
        return samples
    }

    /// The release velocity a least-squares tracker (Flutter's) estimates from the samples.
    func trackedVelocity() throws(PresetError) -> Double {
        var tracker = VelocityTracker()
        do {
            for sample in samples { try tracker.add(time: sample.time, position: sample.position) }
        } catch {
            throw PresetError("the scripted drag: \(error)")
        }
        return tracker.velocity(at: duration).x
    }
}

extension ScriptedDrag {
    /// The drag a preset's `drag-distance`, `drag-duration` and `flick-velocity` describe, from
    /// `start`.
    init(start: Double, parameters: [String: Double], in declared: [PresetParameter]) throws(PresetError) {
        let distance = parameters.value("drag-distance", in: declared)
        let duration = parameters.value("drag-duration", in: declared)
        let velocity = parameters.value("flick-velocity", in: declared)
        guard distance.isFinite, abs(distance) <= 10_000 else { throw PresetError("--drag-distance must be a number in -10000...10000") }
        guard duration.isFinite, duration >= 0.05, duration <= 10 else { throw PresetError("--drag-duration must be in 0.05...10 seconds") }
        guard velocity.isFinite, abs(velocity) <= 20_000 else { throw PresetError("--flick-velocity must be a number in -20000...20000 (points per second)") }
        self.init(start: start, distance: distance, duration: duration, velocity: velocity)
    }
}

/// A transition of one animator playing a gesture's track on one property of the state.
private func playing<State: Sendable>(
    _ track: Track<Double>, on property: any WritableKeyPath<State, Double> & Sendable, state: AnimatedState<State>,
    clock: any FrameClock
) throws -> Transition {
    let animator = try Animator(duration: track.duration, state: state, clock: clock)
    try animator.addAnimations(Clip(track, property))
    let transition = Transition()
    transition.add(animator)
    return transition
}

/// A bottom sheet with three detents, dragged by a scripted finger and flicked: where it lands is
/// chosen from where the flick would come to rest (``Snap``), and a spring starting at the
/// release velocity carries it there. Past the top detent the sheet follows the finger on a
/// rubber band.
public struct BottomSheetPreset: TransitionPreset {
    /// The animated state.
    public struct State: Sendable, Equatable {
        /// The sheet's top edge.
        public var sheetY: Double
    }

    /// `bottom-sheet`.
    public static let name = "bottom-sheet"
    /// One line about it.
    public static let summary = "a sheet with three detents dragged and flicked: it lands where the flick projects, on a spring"
    /// Push only.
    public static let operations: [TransitionOperation] = [.push]
    /// The script.
    public static let parameters = [
        PresetParameter(
            "start", 1, "the detent the drag starts from", choices: [.init("full", 0), .init("half", 1), .init("closed", 2)]),
        PresetParameter("drag-distance", -200, "how far the finger drags before lifting, points (negative: up)"),
        PresetParameter("drag-duration", 0.25, "how long it drags, seconds"),
        PresetParameter("flick-velocity", -1_500, "the finger's velocity when it lifts, points per second (negative: up)"),
    ]

    /// The container.
    public let context: TransitionContext
    /// The detents' sheet tops: full, half, closed (a peek of 80 points).
    public let detents: [Double]
    /// The drag.
    let drag: ScriptedDrag
    /// The release velocity the tracker measured.
    public let releaseVelocity: Double
    /// Where the sheet lands.
    public let landing: Double
    /// The motion after the release.
    public let release: SpringAnimation<Double>
    /// The band above the top detent.
    let band: RubberBand

    /// The spring that carries the sheet to its detent.
    public static let spring = try! Spring(response: 0.45, dampingRatio: 0.85)

    /// Builds the preset.
    public init(context: TransitionContext, parameters: [String: Double]) throws(PresetError) {
        self.context = TransitionContext(containerSize: context.containerSize, operation: .push)
        let height = context.containerSize.height
        detents = [60, (height / 2).rounded(), height - 80]
        let startIndex = parameters.value("start", in: Self.parameters)
        guard let start = [0.0, 1, 2].firstIndex(of: startIndex) else { throw PresetError("--start must be full, half or closed") }
        drag = try ScriptedDrag(start: detents[start], parameters: parameters, in: Self.parameters)
        do {
            band = try RubberBand(dimension: height)
            let range = detents[0]...detents[2]
            let finger = drag.position(at: drag.duration)
            releaseVelocity = try drag.trackedVelocity()
            if let back = try band.release(finger: finger, fingerVelocity: releaseVelocity, in: range, spring: Self.spring) {
                landing = back.to
                release = back
            } else {
                landing = try Snap.detent(position: finger, velocity: releaseVelocity, detents: detents)
                release = try Snap.spring(from: finger, to: landing, velocity: releaseVelocity, spring: Self.spring)
            }
        } catch {
            throw PresetError("bottom-sheet: \(error)")
        }
    }

    /// The sheet at its starting detent.
    public var initialState: State { State(sheetY: drag.start) }

    /// One animator playing the gesture's track: the drag, then the spring.
    public func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition {
        let track = try GestureTrack.make(
            samples: drag.samples.map { ($0.time, $0.position) }, rubberBand: (band, detents[0]...detents[2]),
            release: .snap(detents: detents, spring: Self.spring))
        return try playing(track, on: \State.sheetY, state: state, clock: clock)
    }

    /// `sheet.y` and `dim.opacity` (0.4 with the sheet full, 0 closed).
    public var channels: [PresetChannel<State>] {
        let full = detents[0], closed = detents[2]
        return [
            .scalar("sheet.y") { $0.sheetY },
            .scalar("dim.opacity") { state in 0.4 * min(max((closed - state.sheetY) / (closed - full), 0), 1) },
        ]
    }

    /// The screen, its dimming and the sheet.
    public var scene: Scene {
        var screen = SceneLayer(name: "screen", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        screen.fill = Color(red: 0.85, green: 0.9, blue: 0.97)
        var dim = SceneLayer(name: "dim", shape: .rectangle(cornerRadius: 0), frame: context.bounds)
        dim.fill = .black
        dim.bind(.opacity, to: "dim.opacity")
        var sheet = SceneLayer(
            name: "sheet", shape: .rectangle(cornerRadius: 16),
            frame: Rect(x: 0, y: drag.start, width: context.containerSize.width, height: context.containerSize.height + 40))
        sheet.fill = .white
        sheet.shadow = SceneLayer.Shadow(color: .black, opacity: 0.2, radius: 10, offset: Point(x: 0, y: -2))
        sheet.bind(.y, to: "sheet.y")
        var grabber = SceneLayer(
            name: "grabber", shape: .rectangle(cornerRadius: 2.5),
            frame: Rect(x: context.containerSize.width / 2 - 18, y: 6, width: 36, height: 5))
        grabber.fill = Color(white: 0.75)
        grabber.bind(.translationY, to: "sheet.y")
        return Scene(size: context.containerSize, background: .white, layers: [screen, dim, sheet, grabber])
    }
}

/// A card swiped sideways by a scripted finger: a flick that projects past the dismissal
/// threshold throws it off the screen, a slower one springs it back. The card tilts and fades as
/// it moves.
public struct SwipeToDismissPreset: TransitionPreset {
    /// The animated state.
    public struct State: Sendable, Equatable {
        /// The card's horizontal offset from the centre.
        public var offset = 0.0
    }

    /// `swipe-dismiss`.
    public static let name = "swipe-dismiss"
    /// One line about it.
    public static let summary = "a card swiped and flicked: thrown off if the flick projects far enough, else it springs back"
    /// Push only.
    public static let operations: [TransitionOperation] = [.push]
    /// The script.
    public static let parameters = [
        PresetParameter("drag-distance", 80, "how far the finger drags before lifting, points (negative: left)"),
        PresetParameter("drag-duration", 0.15, "how long it drags, seconds"),
        PresetParameter("flick-velocity", 900, "the finger's velocity when it lifts, points per second"),
    ]

    /// The container.
    public let context: TransitionContext
    /// The card's size.
    public let cardSize = Size(width: 300, height: 420)
    /// The resting offsets: thrown off to the left, centred, thrown off to the right.
    public let detents: [Double]
    /// The drag.
    let drag: ScriptedDrag
    /// The release velocity the tracker measured.
    public let releaseVelocity: Double
    /// Where the card lands.
    public let landing: Double
    /// The motion after the release.
    public let release: SpringAnimation<Double>

    /// The spring of the release.
    public static let spring = try! Spring(response: 0.4, dampingRatio: 0.8)

    /// Builds the preset.
    public init(context: TransitionContext, parameters: [String: Double]) throws(PresetError) {
        self.context = TransitionContext(containerSize: context.containerSize, operation: .push)
        let off = ((context.containerSize.width + cardSize.width) / 2 + 20).rounded()
        detents = [-off, 0, off]
        drag = try ScriptedDrag(start: 0, parameters: parameters, in: Self.parameters)
        do {
            releaseVelocity = try drag.trackedVelocity()
            let finger = drag.position(at: drag.duration)
            landing = try Snap.detent(position: finger, velocity: releaseVelocity, detents: detents)
            release = try Snap.spring(from: finger, to: landing, velocity: releaseVelocity, spring: Self.spring)
        } catch {
            throw PresetError("swipe-dismiss: \(error)")
        }
    }

    /// The card centred.
    public var initialState: State { State() }

    /// One animator playing the gesture's track.
    public func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition {
        let track = try GestureTrack.make(
            samples: drag.samples.map { ($0.time, $0.position) }, release: .snap(detents: detents, spring: Self.spring))
        return try playing(track, on: \State.offset, state: state, clock: clock)
    }

    /// `card.offset`, `card.rotation` (a quarter radian at the edge) and `card.opacity`.
    public var channels: [PresetChannel<State>] {
        let off = detents[2]
        return [
            .scalar("card.offset") { $0.offset },
            .scalar("card.rotation") { 0.25 * $0.offset / off },
            .scalar("card.opacity") { 1 - 0.6 * min(abs($0.offset) / off, 1) },
        ]
    }

    /// The card over a plain screen.
    public var scene: Scene {
        let size = context.containerSize
        var card = SceneLayer(
            name: "card", shape: .rectangle(cornerRadius: 20),
            frame: Rect(x: (size.width - cardSize.width) / 2, y: (size.height - cardSize.height) / 2,
                        width: cardSize.width, height: cardSize.height))
        card.fill = Color(red: 0.95, green: 0.45, blue: 0.35)
        card.shadow = SceneLayer.Shadow(color: .black, opacity: 0.25, radius: 12, offset: Point(x: 0, y: 6))
        card.bind(.translationX, to: "card.offset")
        card.bind(.rotation, to: "card.rotation")
        card.bind(.opacity, to: "card.opacity")
        return Scene(size: size, background: Color(white: 0.93), layers: [card])
    }
}
