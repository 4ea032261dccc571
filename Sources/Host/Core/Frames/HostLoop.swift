public import Timeline
import TimelinePlugins
import CadenceIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Drives a frame source frame by frame and streams the frames to a sink.
///
/// Offline: as fast as possible at a fixed frame rate; frame `i` is at exactly
/// `i × denominator / numerator` seconds (computed, never accumulated) and the bytes a sink writes
/// are identical from run to run. Real time: paced to the frame rate on the monotonic clock; a late
/// frame skips ahead to the frame that is due (time never runs backwards, evaluations never pile
/// up) and the skipped frames are counted.
public enum HostLoop {
    /// What a run did.
    public struct Report: Sendable, Hashable {
        /// Frames written to the sink.
        public var framesWritten: Int
        /// Frames skipped because evaluation or the sink fell behind (real time only).
        public var framesDropped: Int
    }

    /// Why a run could not start.
    public enum RunError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The render would have more frames than ``FrameRate/maximumFrameCount``.
        case tooManyFrames(duration: Double, frameRate: FrameRate)
        /// The range starts after ``HostLoop/maximumCatchUpFrames`` for a source that is not
        /// seekable, which would evaluate every frame before the start without writing it.
        case startBeyondCatchUpLimit(start: Int, limit: Int)

        /// A sentence that says what is wrong.
        public var description: String {
            switch self {
            case .tooManyFrames(let duration, let frameRate):
                "\(NumberFormat.string(duration)) s at \(frameRate) is more than \(FrameRate.maximumFrameCount) frames; render a slice with --frames"
            case .startBeyondCatchUpLimit(let start, let limit):
                "cannot start at frame \(start): this source is not seekable, so every frame before the start would be evaluated "
                    + "first, and the catch-up limit is \(limit) frames; start at frame \(limit) or earlier"
            }
        }
    }

    /// The most frames evaluated, unwritten, before the first frame of a range, for a source that
    /// is not seekable (1,000,000: 4 h 37 min at 60 fps, 2.6 s of work for a preset in a release build).
    ///
    /// A seekable source starts at any frame at once; any other source runs from frame 0, so
    /// without a limit one late start frame (`--frames 2147483647..2147483647`) would buy minutes
    /// of work that writes nothing. Both ``renderOffline(_:frameRate:frames:to:plugins:progress:)``
    /// and ``play(_:frameRate:frames:to:plugins:)`` refuse such a range before they begin.
    public static let maximumCatchUpFrames = 1_000_000

    /// Throws when `range` starts beyond the catch-up limit for a source that is not seekable.
    static func checkCatchUp<Source: FrameSource>(_ source: Source, range: ClosedRange<Int>) throws(RunError) {
        guard !source.isSeekable, range.lowerBound > maximumCatchUpFrames else { return }
        throw .startBeyondCatchUpLimit(start: range.lowerBound, limit: maximumCatchUpFrames)
    }

    /// What both loops do before their first frame: refuse a range a source cannot reach, begin
    /// the source and the sink, and make the frame and the hooks they fill.
    private static func begin<Source: FrameSource, Sink: FrameSink>(
        _ source: inout Source, frameRate: FrameRate, range: ClosedRange<Int>, sink: inout Sink,
        plugins: PluginRegistry
    ) throws -> (Frame, HookRunner) {
        try checkCatchUp(source, range: range)
        let frame = Frame(schema: source.schema)
        let hooks = HookRunner(plugins: plugins, schema: source.schema)
        source.begin(frameRate: frameRate)
        try sink.begin(schema: source.schema)
        return (frame, hooks)
    }

    /// The frames a render covers by default: `0 ... ceil(duration × fps)`.
    ///
    /// - Throws: ``RunError/tooManyFrames(duration:frameRate:)`` beyond ``FrameRate/maximumFrameCount``.
    public static func defaultFrames(duration: Double, frameRate: FrameRate) throws(RunError) -> ClosedRange<Int> {
        guard let count = frameRate.frameCount(covering: duration) else {
            throw .tooManyFrames(duration: duration, frameRate: frameRate)
        }
        return 0...count
    }

    /// Renders frames as fast as possible.
    ///
    /// A seekable source (``FrameSource/isSeekable``) is evaluated at the frames of the range only;
    /// for any other source, the frames before the range are evaluated (so that it reaches the same
    /// state) but not written, at most ``maximumCatchUpFrames`` of them.
    ///
    /// - Parameters:
    ///   - source: What to render.
    ///   - frameRate: Frames per second.
    ///   - frames: Which frames to write; by default `0 ... ceil(duration × fps)`.
    ///   - sink: Where the frames go.
    ///   - plugins: Plugins whose ``FrameHook`` hooks run around every frame, in order.
    ///   - progress: Called after each written frame with the number written and the total.
    /// - Returns: The number of frames written.
    /// - Throws: ``RunError`` for a range that is too long or starts beyond the catch-up limit
    ///   (before anything is evaluated or written), and whatever the source or the sink throws.
    @discardableResult
    public static func renderOffline<Source: FrameSource, Sink: FrameSink>(
        _ source: inout Source, frameRate: FrameRate, frames: ClosedRange<Int>? = nil,
        to sink: inout Sink, plugins: PluginRegistry = PluginRegistry(), progress: ((Int, Int) -> Void)? = nil
    ) throws -> Report {
        let range = try frames ?? defaultFrames(duration: source.duration, frameRate: frameRate)
        var (frame, hooks) = try begin(&source, frameRate: frameRate, range: range, sink: &sink, plugins: plugins)
        var written = 0
        for index in source.firstFrameToEvaluate(for: range)...max(range.upperBound, 0) {
            try evaluate(&source, frame: index, at: frameRate, into: &frame, hooks: &hooks)
            if range.contains(index) {
                try sink.write(frame)
                written += 1
                progress?(written, range.count)
            }
        }
        try sink.finish()
        return Report(framesWritten: written, framesDropped: 0)
    }

    /// Plays frames in real time, paced on the monotonic clock.
    ///
    /// The first frame is written at once and sets the pace (it is never late). A frame that is
    /// late makes the loop drop the frames that are no longer due; their events are not lost: the
    /// next frame written carries them, in order, as the HTML preview's decimation does. Dropped
    /// frames are still evaluated for their events, unless more than
    /// ``maximumEvaluatedDrop`` are due at once (the process was stopped for a while): a seekable
    /// source then jumps, and those frames' events are skipped.
    ///
    /// - Parameters:
    ///   - source: What to play.
    ///   - frameRate: Frames per second.
    ///   - frames: Which frames to play; by default `0 ... ceil(duration × fps)`.
    ///   - sink: Where the frames go.
    ///   - plugins: Plugins whose ``FrameHook`` hooks run around every frame, in order.
    /// - Returns: How many frames were written and how many were dropped.
    /// - Throws: ``RunError`` as ``renderOffline(_:frameRate:frames:to:plugins:progress:)`` does,
    ///   and whatever the source or the sink throws.
    @discardableResult
    public static func play<Source: FrameSource, Sink: FrameSink>(
        _ source: inout Source, frameRate: FrameRate, frames: ClosedRange<Int>? = nil,
        to sink: inout Sink, plugins: PluginRegistry = PluginRegistry()
    ) throws -> Report {
        let range = try frames ?? defaultFrames(duration: source.duration, frameRate: frameRate)
        var (frame, hooks) = try begin(&source, frameRate: frameRate, range: range, sink: &sink, plugins: plugins)
        let clock = ContinuousClock()
        let firstTime = frameRate.time(ofFrame: range.lowerBound)
        var report = Report(framesWritten: 0, framesDropped: 0)
        var index = source.firstFrameToEvaluate(for: range)
        // Catch up, unwritten, to the first frame of the range (a seekable source starts there).
        while index < range.lowerBound {
            try evaluate(&source, frame: index, at: frameRate, into: &frame, hooks: &hooks)
            index += 1
        }
        // The pace starts with the first frame written, so that one is never late.
        var start: ContinuousClock.Instant?
        var pendingEvents: [FrameEvent] = []
        while index <= range.upperBound {
            if let start {
                let deadline = start + (frameRate.time(ofFrame: index) - firstTime)
                let now = clock.now
                if now < deadline {
                    sleepPrecisely(until: deadline, clock: clock)
                } else {
                    // Late: the frame that is due now, never earlier than the next one.
                    let elapsed = now - start + firstTime
                    let due = Int((elapsed.inSeconds * frameRate.framesPerSecond).rounded(.down))
                    let target = min(max(due, index), range.upperBound)
                    if source.isSeekable, target - index > maximumEvaluatedDrop {
                        report.framesDropped += target - index
                        index = target
                    }
                    while index < target {
                        try evaluate(&source, frame: index, at: frameRate, into: &frame, hooks: &hooks)
                        pendingEvents += frame.events
                        report.framesDropped += 1
                        index += 1
                    }
                }
            } else {
                start = clock.now
            }
            try evaluate(&source, frame: index, at: frameRate, into: &frame, hooks: &hooks)
            if !pendingEvents.isEmpty {
                frame.events = pendingEvents + frame.events
                pendingEvents.removeAll(keepingCapacity: true)
            }
            try sink.write(frame)
            report.framesWritten += 1
            index += 1
        }
        try sink.finish()
        return report
    }

    /// The most late frames ``play(_:frameRate:frames:to:plugins:)`` evaluates for their events
    /// before it lets a seekable source jump: 10,000.
    public static var maximumEvaluatedDrop: Int { 10_000 }

    /// Evaluates frame `index` (at exactly `index / fps`) with the plugins' hooks around it.
    private static func evaluate<Source: FrameSource>(
        _ source: inout Source, frame index: Int, at frameRate: FrameRate, into frame: inout Frame,
        hooks: inout HookRunner
    ) throws {
        frame.index = index
        frame.time = frameRate.seconds(ofFrame: index)
        frame.events.removeAll(keepingCapacity: true)
        if hooks.isEmpty {
            try source.evaluate(into: &frame)
            return
        }
        hooks.willEvaluate(&frame)
        try source.evaluate(into: &frame)
        hooks.didEvaluate(&frame)
    }

    private static func sleepPrecisely(until deadline: ContinuousClock.Instant, clock: ContinuousClock) {
        let remaining = deadline - clock.now
        guard remaining > .zero else { return }
        let (seconds, attoseconds) = remaining.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&request, &left) != 0 && errno == EINTR { request = left }
    }
}
