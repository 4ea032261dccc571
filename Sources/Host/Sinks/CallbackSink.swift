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
public struct MultiplexSink: FrameSink {
    /// The sinks, in the order they receive each frame.
    public var sinks: [any FrameSink]

    /// Creates a multiplexing sink.
    public init(_ sinks: [any FrameSink]) {
        self.sinks = sinks
    }

    /// Begins every sink.
    public mutating func begin(schema: FrameSchema) throws {
        for index in sinks.indices { try sinks[index].begin(schema: schema) }
    }

    /// Writes the frame to every sink.
    public mutating func write(_ frame: borrowing Frame) throws {
        for index in sinks.indices { try sinks[index].write(frame) }
    }

    /// Finishes every sink.
    public mutating func finish() throws {
        for index in sinks.indices { try sinks[index].finish() }
    }
}
