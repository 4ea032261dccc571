import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// A preset source reads every kind of state its channels can be given: plain data of any size
/// (copied as words), and states that hold references (read whole).
@Suite("Preset channels")
struct PresetChannelTests {
    /// One linear animator over 1 s moves `x` from 0 to 120; the channels read it back through a
    /// scalar, a colour and a path, beside fields the animator never touches.
    struct Probe<State: Sendable>: TransitionPreset {
        static var name: String { "probe" }
        static var summary: String { "a test preset" }
        static var parameters: [PresetParameter] { [] }
        static var operations: [TransitionOperation] { [.push] }

        let initialState: State
        let x: any WritableKeyPath<State, Double> & Sendable
        let label: @Sendable (State) -> Double

        init(context: TransitionContext, parameters: [String: Double]) throws(PresetError) {
            throw PresetError("built by the tests only")
        }

        init(_ state: State, x: any WritableKeyPath<State, Double> & Sendable, label: @escaping @Sendable (State) -> Double) {
            initialState = state
            self.x = x
            self.label = label
        }

        func makeTransition(state: AnimatedState<State>, clock: any FrameClock) throws -> Transition {
            let animator = try Animator(duration: 1, timing: .linear, state: state, clock: clock)
            try animator.addAnimation(x, to: 120)
            let transition = Transition()
            transition.add(animator)
            return transition
        }

        var channels: [PresetChannel<State>] {
            let x = self.x
            let label = self.label
            return [
                .scalar("x") { $0[keyPath: x] },
                .color("tint") { Color(red: $0[keyPath: x] / 120, green: 0.5, blue: 0.25, alpha: 1) },
                .scalar("label") { label($0) },
                .path("bar") { (try? Path.rectangle(Rect(x: 0, y: 0, width: $0[keyPath: x] + 1, height: 2))) ?? Path() },
            ]
        }

        var scene: Scene { Scene(size: Size(width: 10, height: 10), layers: []) }
    }

    /// Plain data of three words, the last only partly used.
    struct Plain: Sendable {
        var flag = true
        var x = 0.0
        var tail: UInt8 = 7
    }

    /// A state that holds references.
    struct Referencing: Sendable {
        var name = "card"
        var x = 0.0
        var history: [Double] = [1, 2, 3]
    }

    static func frames<State>(_ preset: Probe<State>) throws -> [Frame] {
        var source = try PresetSource(preset: preset, frameRate: .fps60)
        var frames: [Frame] = []
        var sink = CallbackSink { frames.append($0) }
        try HostLoop.renderOffline(&source, frameRate: .fps60, frames: 0...60, to: &sink)
        return frames
    }

    static func check(_ frames: [Frame], label: Double) throws {
        #expect(frames.count == 61)
        for frame in frames {
            // Linear timing: x = 120 × i / 60 = 2i, by hand.
            let x = 2 * Double(frame.index)
            #expect(abs(try #require(frame.scalar("x")) - x) <= 1e-12, "frame \(frame.index)")
            let tint = frame.numbers(of: try #require(frame.schema.channels.first { $0.name == "tint" }))
            #expect(abs(tint[tint.startIndex] - x / 120) <= 1e-12 && tint[tint.startIndex + 1] == 0.5)
            #expect(tint[tint.startIndex + 2] == 0.25 && tint[tint.startIndex + 3] == 1)
            #expect(frame.scalar("label") == label)
            #expect(frame.paths.count == 1)
            let bar = frame.paths[0]
            #expect(abs(bar.bounds.width - (x + 1)) <= 1e-12, "frame \(frame.index): \(bar)")
        }
    }

    @Test func aPlainStateOfOddSizeIsReadWhole() throws {
        let preset = Probe(Plain(), x: \.x) { Double($0.tail) + ($0.flag ? 0.5 : 0) }
        try Self.check(try Self.frames(preset), label: 7.5)
    }

    @Test func aStateThatHoldsReferencesIsReadWhole() throws {
        let preset = Probe(Referencing(), x: \.x) { Double($0.name.count) + $0.history.reduce(0, +) }
        try Self.check(try Self.frames(preset), label: 10)
    }
}
