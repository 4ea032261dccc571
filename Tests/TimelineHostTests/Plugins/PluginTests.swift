import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// A third-party segment kind: moves along `u²` (so its value is easy to compute by hand).
struct SquareSegment: SegmentInterpolator {
    func valueWeights(at t: Double, duration: Double) -> SegmentWeights {
        let u = t / duration
        return SegmentWeights(from: 1 - u * u, to: u * u)
    }
    func velocityWeights(at t: Double, duration: Double) -> SegmentWeights {
        let u = t / duration
        return SegmentWeights(from: -2 * u / duration, to: 2 * u / duration)
    }
    var usesStartVelocity: Bool { false }
    var description: String { "square" }
}

struct SquarePlugin: Plugin {
    let name = "square"
    func segment(parsing text: String) throws -> (any SegmentInterpolator)? {
        text == "square" ? SquareSegment() : nil
    }
    var acceptedNames: [String] { ["square"] }
}

final class CallLog: Sendable {
    private let entries = Locked<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

struct RecordingHook: FrameHook {
    let name: String
    let log: CallLog
    var failAtFrame: Int? = nil

    func willEvaluate(_ frame: inout Frame) throws { log.add("\(name) will \(frame.index)") }

    func didEvaluate(_ frame: inout Frame) throws {
        log.add("\(name) did \(frame.index)")
        if frame.index == failAtFrame {
            frame.numbers[0] = -999          // a half-done change that must be undone
            struct Broken: Error, CustomStringConvertible { var description: String { "broken on purpose" } }
            throw Broken()
        }
        frame.numbers[0] += 100
    }

    func didComplete(_ event: FrameEvent, in frame: inout Frame) throws {
        log.add("\(name) completed \(event.source) \(frame.index)")
    }
}

@Suite("Plugins")
struct PluginTests {
    @Test func registrationIsExplicitOrderedAndUnique() throws {
        var registry = PluginRegistry.standard
        #expect(registry.plugins.map(\.name) == ["easing", "spring"])
        try registry.register(SquarePlugin())
        #expect(throws: PluginError(plugin: "square", message: "a plugin with this name is already registered")) {
            try registry.register(SquarePlugin())
        }
        #expect(try registry.curve(parsing: "ease-in") != nil)
        #expect(try registry.curve(parsing: "square") == nil)
        #expect(try registry.segment(parsing: "square") is SquareSegment)
    }

    @Test func documentsUseARegisteredPluginsSegmentByName() throws {
        var registry = PluginRegistry.standard
        try registry.register(SquarePlugin())
        let text = #"{"cadence": 1, "fps": 4, "tracks": [{"name": "x", "keyframes": [{"value": 0}, {"time": 1, "value": 8, "curve": "square"}]}]}"#
        let document = try TimelineDocument(parsing: text, plugins: registry)
        var source = document.makeSource()
        var frames: [Frame] = []
        var sink = CallbackSink { frames.append($0) }
        try HostLoop.renderOffline(&source, frameRate: document.frameRate, to: &sink)
        #expect(frames.map { $0.numbers[0] } == [0, 0.5, 2, 4.5, 8])
        // Without the plugin the name is unknown, and the error says what is accepted.
        let message = errors(text).first ?? ""
        #expect(message.hasPrefix("tracks[0].keyframes[1].curve: ") && message.contains("ease-in-out"))
    }

    @Test func hooksRunInOrderAndAFailingHookIsIsolated() throws {
        let log = CallLog()
        var registry = PluginRegistry()
        try registry.register(RecordingHook(name: "first", log: log, failAtFrame: 1))
        try registry.register(RecordingHook(name: "second", log: log))
        var source = RampSource()
        var frames: [Frame] = []
        var sink = CallbackSink { frames.append($0) }
        try HostLoop.renderOffline(&source, frameRate: FrameRate(2)!, to: &sink, plugins: registry)
        // RampSource: x = t over 1 s. "first" adds 100 on frame 0 and fails on frame 1 (its change is
        // undone and it is not called again); "second" adds 100 on every frame.
        #expect(frames.map { $0.numbers[0] } == [200, 100.5, 101])
        #expect(frames[1].events.contains(FrameEvent(.pluginFailed(plugin: "first", message: "broken on purpose"), source: "first")))
        #expect(log.all == [
            "first will 0", "second will 0", "first did 0", "second did 0",
            "first will 1", "second will 1", "first did 1", "second did 1",
            "second will 2", "second did 2",
        ])
    }

    @Test func completionHooksSeeEachCompletionOnce() throws {
        let log = CallLog()
        var registry = PluginRegistry()
        try registry.register(RecordingHook(name: "hook", log: log))
        var source = try PresetSource(preset: try FlipPreset(context: phone, parameters: [:]), frameRate: .fps60)
        var sink = NullSink()
        try HostLoop.renderOffline(&source, frameRate: .fps60, to: &sink, plugins: registry)
        #expect(log.all.filter { $0.contains("completed") } == ["hook completed flip 30"])
    }
}
