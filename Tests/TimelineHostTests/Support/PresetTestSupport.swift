import Timeline
import TimelinePlugins
import TimelineHost

/// Every frame of a preset's render, and its events by frame.
struct Rendered {
    var frames: [Frame]

    func value(_ name: String, at index: Int) -> Double {
        frames[index].scalar(name)!
    }

    func path(_ name: String, at index: Int) -> Path {
        let channel = frames[index].schema.channel(named: name)!
        return frames[index].paths[channel.offset]
    }

    /// `(frame index, event)` for every event.
    var events: [(Int, FrameEvent)] {
        frames.flatMap { frame in frame.events.map { (frame.index, $0) } }
    }

    var completions: [(Int, Bool)] {
        events.compactMap { index, event in
            if case .completed(let finished) = event.kind { return (index, finished) }
            return nil
        }
    }
}

func render<P: TransitionPreset>(_ preset: P, fps: Int = 60, frames: ClosedRange<Int>? = nil) throws -> Rendered {
    var source = try PresetSource(preset: preset, frameRate: FrameRate(fps)!)
    var collected: [Frame] = []
    var sink = CallbackSink { collected.append($0) }
    try HostLoop.renderOffline(&source, frameRate: FrameRate(fps)!, frames: frames, to: &sink)
    return Rendered(frames: collected)
}

func renderJSONLines<P: TransitionPreset>(_ preset: P, frames: ClosedRange<Int>? = nil) throws -> String {
    var source = try PresetSource(preset: preset, frameRate: .fps60)
    var sink = JSONLinesSink(output: StringOutput())
    try HostLoop.renderOffline(&source, frameRate: .fps60, frames: frames, to: &sink)
    return sink.output.text
}

/// An independent cubic Bézier timing reference: bisection on the parametric curve to 1e-15,
/// written from the CSS definition (P0 = (0, 0), P3 = (1, 1)), not from the easing plugin.
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func coordinate(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var low = 0.0, high = 1.0
    for _ in 0..<200 {
        let middle = (low + high) / 2
        if coordinate(x1, x2, middle) < x { low = middle } else { high = middle }
    }
    return coordinate(y1, y2, (low + high) / 2)
}

/// Core Animation's easeIn / CSS ease-in: cubic-bezier(0.42, 0, 1, 1).
func referenceEaseIn(_ x: Double) -> Double { referenceBezier(0.42, 0, 1, 1, at: x) }
/// The default view curve / CSS ease-in-out: cubic-bezier(0.42, 0, 0.58, 1).
func referenceEaseInOut(_ x: Double) -> Double { referenceBezier(0.42, 0, 0.58, 1, at: x) }

func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

let phone = TransitionContext(containerSize: Size(width: 390, height: 844), operation: .push)
