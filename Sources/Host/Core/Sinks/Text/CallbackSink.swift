import Timeline
import TimelinePlugins

/// Calls a closure with every frame.
public struct CallbackSink: FrameSink {
    private let body: (Frame) throws -> Void

    /// Creates a sink that calls `body` with each frame (a copy the closure may keep).
    public init(_ body: @escaping (Frame) throws -> Void) {
        self.body = body
    }

    /// Calls the closure.
    public mutating func write(_ frame: borrowing Frame) throws {
        try body(copy frame)
    }
}

/// Discards frames, reading every number so that nothing is optimised away: for benchmarks.
public struct NullSink: FrameSink {
    /// The sum of every number written, so the work is observable.
    public private(set) var checksum = 0.0
    /// The number of frames written.
    public private(set) var frameCount = 0

    /// Creates a null sink.
    public init() {}

    /// Folds the frame's numbers into ``checksum``.
    public mutating func write(_ frame: borrowing Frame) throws {
        var sum = 0.0
        for value in frame.numbers { sum += value }
        checksum += sum
        frameCount += 1
    }
}

/// Writes every frame to several sinks in turn.
///
/// When one sink throws, the run stops with its error and the sinks that did not throw are
/// finished (their own errors from finishing are dropped: the first error is the one reported),
/// as the ``FrameSink`` contract promises them.
public struct MultiplexSink: FrameSink {
    /// The sinks, in the order they receive each frame.
    public var sinks: [any FrameSink]

    /// Creates a multiplexing sink.
    public init(_ sinks: [any FrameSink]) {
        self.sinks = sinks
    }

    /// Begins every sink; if one throws, finishes those already begun and rethrows.
    public mutating func begin(schema: FrameSchema) throws {
        for index in sinks.indices {
            do { try sinks[index].begin(schema: schema) } catch {
                finish(sinks.indices.prefix(upTo: index))
                throw error
            }
        }
    }

    /// Writes the frame to every sink; if one throws, finishes the others and rethrows.
    public mutating func write(_ frame: borrowing Frame) throws {
        for index in sinks.indices {
            do { try sinks[index].write(frame) } catch {
                finish(sinks.indices.filter { $0 != index })
                throw error
            }
        }
    }

    /// Finishes every sink; if one throws, still finishes the rest, then rethrows the first error.
    public mutating func finish() throws {
        var firstError: (any Error)?
        for index in sinks.indices {
            do { try sinks[index].finish() } catch { if firstError == nil { firstError = error } }
        }
        if let firstError { throw firstError }
    }

    /// Finishes the sinks at `indices`, dropping their errors.
    private mutating func finish(_ indices: some Sequence<Int>) {
        for index in indices { try? sinks[index].finish() }
    }
}
