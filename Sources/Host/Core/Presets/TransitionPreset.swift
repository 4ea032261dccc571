public import Timeline
public import TimelinePlugins

/// Push or pop: a transition's direction.
public enum TransitionOperation: String, Sendable, Hashable, CaseIterable {
    /// Presenting the incoming screen.
    case push
    /// Dismissing it again.
    case pop
}

/// What a transition animates in: the platform's "transitioning context".
public struct TransitionContext: Sendable, Hashable {
    /// The container's size; its bounds are `(0, 0, width, height)`.
    public var containerSize: Size
    /// Push or pop.
    public var operation: TransitionOperation

    /// Creates a context.
    public init(containerSize: Size = Size(width: 390, height: 844), operation: TransitionOperation = .push) {
        self.containerSize = containerSize
        self.operation = operation
    }

    /// The container's bounds.
    public var bounds: Rect { Rect(origin: .zero, size: containerSize) }
    /// The container's centre.
    public var center: Point { bounds.center }
}

/// A number a preset can be given on the command line (`--expand-duration 0.4`).
public struct PresetParameter: Sendable, Hashable {
    /// A named value of a parameter that picks one of a few behaviours.
    public struct Choice: Sendable, Hashable {
        /// The name on the command line, e.g. `run-to-end`.
        public var name: String
        /// The value the preset receives.
        public var value: Double

        /// Creates a choice.
        public init(_ name: String, _ value: Double) {
            self.name = name
            self.value = value
        }
    }

    /// The option name, without `--`.
    public var name: String
    /// The value when the option is not given.
    public var defaultValue: Double
    /// One line for `--describe`.
    public var summary: String
    /// For a parameter that picks a behaviour: its named values (the command line takes the
    /// names, and the numbers too). Empty for a number.
    public var choices: [Choice]

    /// Creates a parameter.
    ///
    /// - Parameters:
    ///   - name: The option name, without `--`.
    ///   - defaultValue: The value when the option is not given.
    ///   - summary: One line for `--describe`.
    ///   - choices: Named values, for a parameter that picks a behaviour.
    public init(_ name: String, _ defaultValue: Double, _ summary: String, choices: [Choice] = []) {
        self.name = name
        self.defaultValue = defaultValue
        self.summary = summary
        self.choices = choices
    }

    /// The name of a choice's value, if the parameter has choices.
    public func choiceName(for value: Double) -> String? {
        choices.first { $0.value == value }?.name
    }
}

public struct PresetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

/// One value of a preset's frames, read from its state.
public struct PresetChannel<State>: Sendable {
    /// The channel's name.
    public let name: String
    /// The kind of value.
    public let kind: FrameSchema.Kind
    /// Reads the state and writes the value into the frame.
    let writer: PresetChannelWriter

    /// A number.
    public static func scalar(_ name: String, _ read: @escaping @Sendable (State) -> Double) -> PresetChannel {
        PresetChannel(name: name, kind: .scalar) { state, numbers, _, offset in
            numbers[offset] = read(state.load(as: State.self))
        }
    }

    /// A colour (written as straight sRGB components).
    public static func color(_ name: String, _ read: @escaping @Sendable (State) -> Color) -> PresetChannel {
        PresetChannel(name: name, kind: .color) { state, numbers, _, offset in
            let color = read(state.load(as: State.self))
            numbers[offset] = color.red
            numbers[offset + 1] = color.green
            numbers[offset + 2] = color.blue
            numbers[offset + 3] = color.alpha
        }
    }

    /// A path: its geometry, stored in the frame as `read` returns it (sinks that write text
    /// print it as SVG path data).
    public static func path(_ name: String, _ read: @escaping @Sendable (State) -> Path) -> PresetChannel {
        PresetChannel(name: name, kind: .path) { state, _, paths, offset in
            paths[offset] = read(state.load(as: State.self))
        }
    }

    /// A path written in place: `update` overwrites the frame's path (the previous frame's, or
    /// an empty path) and may reuse its storage, as ``PathMorph/evaluate(at:into:)`` does, so a
    /// morphing path costs no allocation a frame once the frame's path has room for it.
    ///
    /// `update` must leave the whole value, fill rule included, as it would be read fresh: a
    /// frame, and so a render, must not depend on the frames before it.
    public static func path(_ name: String, into update: @escaping @Sendable (State, inout Path) -> Void) -> PresetChannel {
        PresetChannel(name: name, kind: .path) { state, _, paths, offset in
            update(state.load(as: State.self), &paths[offset])
        }
    }

    private init(name: String, kind: FrameSchema.Kind, write: @escaping PresetChannelWriter.Write) {
        self.name = name
        self.kind = kind
        writer = PresetChannelWriter(write)
    }
}

/// Reads a preset's state at a pointer (memory that holds the state, read with `load(as:)`) and
/// writes a channel's value at an offset of the frame's numbers or paths.
///
/// Pointers, so that code generic over presets passes the state without copying it and writes
/// the numbers without an array's checks; each channel's closure, made where the state's type is
/// known, reads just the fields it needs. An object, so that the frames' loop calls the closure
/// through an unowned reference to it: a closure loaded from a list is retained and released
/// around every call, one an object holds is not.
final class PresetChannelWriter: Sendable {
    /// Reads the state at the first pointer and writes the value at an offset (the last
    /// argument) of the numbers (numbers and colours) or the paths.
    typealias Write = @Sendable (UnsafeRawPointer, UnsafeMutableBufferPointer<Double>, inout [Path], Int) -> Void

    let write: Write

    init(_ write: @escaping Write) { self.write = write }
}

/// A reference transition as a preset: its parameters, the transition written with Cadence's
/// public API, the channels it streams and the scene its previews draw.
public protocol TransitionPreset: Sendable {
    /// The state the transition animates.
    associatedtype State: Sendable

    /// The preset's name on the command line (`card-expand`).
    static var name: String { get }
    /// One line about the transition.
    static var summary: String { get }
    /// The numbers it can be given, with their defaults.
    static var parameters: [PresetParameter] { get }
    /// The operations it supports (a transition with no dismissal supports only push).
    static var operations: [TransitionOperation] { get }

    /// Builds the preset for a context, with parameter values by name (defaults for the rest).
    init(context: TransitionContext, parameters: [String: Double]) throws(PresetError)

    /// The state before the transition starts.
    var initialState: State { get }
    /// The transition: animators over `state`, driven by `clock`, not yet started.
    func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition
    /// The values each frame carries.
    var channels: [PresetChannel<State>] { get }
    /// What previews draw.
    var scene: Scene { get }
    /// Whether a scripted gesture drives the transition (``update(_:at:)``) instead of starting it.
    var isInteractive: Bool { get }
    /// How long to render: the transition's duration unless the preset says otherwise.
    func renderDuration(of transition: Transition) -> Double
    /// Called before each frame's tick with the frame's time: a scripted gesture drives the
    /// transition here.
    func update(_ transition: Transition, at time: Double) throws
}

extension TransitionPreset {
    /// Not interactive by default.
    public var isInteractive: Bool { false }
    /// The transition's duration.
    public func renderDuration(of transition: Transition) -> Double { transition.duration }
    /// Nothing to drive by default.
    public func update(_ transition: Transition, at time: Double) throws {}
}

extension Dictionary where Key == String, Value == Double {
    /// The value of a preset parameter, or its default.
    func value(_ name: String, in parameters: [PresetParameter]) -> Double {
        self[name] ?? parameters.first { $0.name == name }!.defaultValue
    }
}
