public import Timeline
import TimelinePlugins

/// Sends every frame to a signal: observers, `for await` loops (through ``Signal/values(buffering:)``)
/// and operators all receive the frames as they are rendered.
///
/// ```swift
/// let sink = SignalSink()
/// let listener = Task {
///     for await frame in sink.frames.values(buffering: .keepingNewest(8)) { draw(frame) }
/// }
/// // ... once the listener is iterating:
/// var rendering = sink
/// try HostLoop.play(&source, frameRate: .fps60, to: &rendering)
/// ```
///
/// The signal finishes when the run ends. Each frame is one delivery, however many channels it
/// has; a slow observer never makes memory grow, except with an unbounded buffering policy.
public struct SignalSink: FrameSink, Sendable {
    /// The frames, as they are written.
    public let frames: Emitter<Frame, Never>

    /// Creates a sink with a signal of its own.
    public init() {
        frames = Emitter()
    }

    /// Sends a copy of the frame.
    public mutating func write(_ frame: borrowing Frame) throws {
        frames.send(copy frame)
    }

    /// Finishes the signal.
    public mutating func finish() throws {
        frames.finish()
    }
}

/// A render as an `AsyncSequence`: each iteration evaluates the next frame, so the consumer sets
/// the pace and nothing is buffered.
///
/// ```swift
/// for try await frame in HostLoop.frames(of: source, frameRate: .fps60) {
///     try await upload(frame)
/// }
/// ```
public struct RenderedFrames<Source: FrameSource>: AsyncSequence {
    /// The frames.
    public typealias Element = Frame

    package let source: Source
    package let frameRate: FrameRate
    let range: ClosedRange<Int>

    /// An iterator that yields the frames of the range (evaluating those before it too, unless the
    /// source is seekable).
    public func makeAsyncIterator() -> Iterator {
        Iterator(source: source, frameRate: frameRate, range: range)
    }

    /// Evaluates one frame per call.
    public struct Iterator: AsyncIteratorProtocol {
        package var source: Source
        package let frameRate: FrameRate
        let range: ClosedRange<Int>
        var frame: Frame
        var index = 0

        init(source: Source, frameRate: FrameRate, range: ClosedRange<Int>) {
            self.source = source
            self.frameRate = frameRate
            self.range = range
            frame = Frame(schema: source.schema)
            index = self.source.firstFrameToEvaluate(for: range)
            self.source.begin(frameRate: frameRate)
        }

        /// The next frame of the range, or `nil` after the last one (or when the task is cancelled).
        ///
        /// - Throws: What the source throws.
        public mutating func next() async throws -> Frame? {
            while index <= range.upperBound, !Task.isCancelled {
                frame.index = index
                frame.time = frameRate.seconds(ofFrame: index)
                frame.events.removeAll(keepingCapacity: true)
                try source.evaluate(into: &frame)
                index += 1
                if range.contains(frame.index) { return frame }
            }
            return nil
        }
    }
}

extension HostLoop {
    /// A render as an `AsyncSequence` of frames, evaluated one at a time as the consumer asks.
    ///
    /// - Parameters:
    ///   - source: What to render (copied: iterating twice renders twice).
    ///   - frameRate: Frames per second.
    ///   - frames: Which frames to yield; by default `0 ... ceil(duration × fps)`.
    /// - Throws: ``RunError/tooManyFrames(duration:frameRate:)`` for a default range that is too long,
    ///   ``RunError/startBeyondCatchUpLimit(start:limit:)`` for a range that starts beyond
    ///   ``maximumCatchUpFrames`` of a source that is not seekable.
    public static func frames<Source: FrameSource>(
        of source: Source, frameRate: FrameRate, frames: ClosedRange<Int>? = nil
    ) throws(RunError) -> RenderedFrames<Source> {
        let range: ClosedRange<Int>
        if let frames { range = frames } else { range = try defaultFrames(duration: source.duration, frameRate: frameRate) }
        try checkCatchUp(source, range: range)
        return RenderedFrames(source: source, frameRate: frameRate, range: range)
    }
}
