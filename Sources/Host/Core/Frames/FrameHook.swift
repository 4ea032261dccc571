public import Timeline
import TimelinePlugins

/// A plugin with hooks that the host loop calls around every frame.
///
/// Hooks run in the order the plugins were registered. `willEvaluate` runs before the frame source
/// evaluates the frame (its index and time are set, its values are last frame's); `didEvaluate`
/// runs after, and may adjust values; `didComplete` runs once for each completion event of the
/// frame, after `didEvaluate`.
///
/// ```swift
/// /// Keeps every number of the frame in 0...1.
/// struct Clamp: FrameHook {
///     let name = "clamp"
///     func didEvaluate(_ frame: inout Frame) throws {
///         for i in frame.numbers.indices { frame.numbers[i] = min(max(frame.numbers[i], 0), 1) }
///     }
/// }
/// ```
///
/// ## Contract
/// - A hook that throws is reported in that frame's events as `pluginFailed` with the plugin's
///   name and the error, the frame's values and events are restored to what they were before the
///   hook ran (it cannot corrupt other tracks), and the plugin's hooks are not called again in
///   that run.
/// - Hooks run on the host loop's thread, one frame at a time.
public protocol FrameHook: Plugin {
    /// Called before the frame is evaluated.
    func willEvaluate(_ frame: inout Frame) throws
    /// Called after the frame is evaluated.
    func didEvaluate(_ frame: inout Frame) throws
    /// Called for each completion event of the frame.
    func didComplete(_ event: FrameEvent, in frame: inout Frame) throws
}

extension FrameHook {
    /// Does nothing by default.
    public func willEvaluate(_ frame: inout Frame) throws {}
    /// Does nothing by default.
    public func didEvaluate(_ frame: inout Frame) throws {}
    /// Does nothing by default.
    public func didComplete(_ event: FrameEvent, in frame: inout Frame) throws {}
}

/// Runs the registered frame hooks with failure isolation.
struct HookRunner {
    private var hooks: [any FrameHook]
    private var failed: [Bool]
    private var numbers: [Double] = []
    private var paths: [Path] = []

    init(plugins: PluginRegistry, schema: FrameSchema) {
        hooks = plugins.plugins.compactMap { $0 as? any FrameHook }
        failed = Array(repeating: false, count: hooks.count)
        if !hooks.isEmpty {
            numbers = Array(repeating: 0, count: schema.numberCount)
            paths = Array(repeating: Path(), count: schema.pathCount)
        }
    }

    var isEmpty: Bool { hooks.isEmpty }

    mutating func willEvaluate(_ frame: inout Frame) {
        run(&frame) { hook, frame in try hook.willEvaluate(&frame) }
    }

    mutating func didEvaluate(_ frame: inout Frame) {
        run(&frame) { hook, frame in try hook.didEvaluate(&frame) }
        let completions = frame.events.filter {
            if case .completed = $0.kind { return true }
            return false
        }
        for event in completions {
            run(&frame) { hook, frame in try hook.didComplete(event, in: &frame) }
        }
    }

    private mutating func run(_ frame: inout Frame, _ body: (any FrameHook, inout Frame) throws -> Void) {
        for index in hooks.indices where !failed[index] {
            // Snapshot into buffers kept from frame to frame: no allocation once warmed up.
            numbers.withUnsafeMutableBufferPointer { target in
                frame.numbers.withUnsafeBufferPointer { source in _ = target.update(fromContentsOf: source) }
            }
            for i in paths.indices { paths[i] = frame.paths[i] }
            let eventCount = frame.events.count
            do {
                try body(hooks[index], &frame)
            } catch {
                frame.numbers.withUnsafeMutableBufferPointer { target in
                    numbers.withUnsafeBufferPointer { source in _ = target.update(fromContentsOf: source) }
                }
                for i in paths.indices { frame.paths[i] = paths[i] }
                frame.events.removeSubrange(min(eventCount, frame.events.count)...)
                frame.events.append(FrameEvent(.pluginFailed(plugin: hooks[index].name, message: InputExcerpt.bounded("\(error)")), source: hooks[index].name))
                failed[index] = true
            }
        }
    }
}
