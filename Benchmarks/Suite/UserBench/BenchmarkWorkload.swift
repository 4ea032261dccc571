import Timeline
import TimelinePlugins
public import TimelineHost

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One thing `cadence bench FILE…` measures: a document or a preset, rendered through the same
/// ``HostLoop/renderOffline(_:frameRate:frames:to:plugins:progress:)`` path as `cadence render`,
/// into a ``FrameTimingSink`` instead of a text sink.
///
/// The harness builds the workload (parses and compiles the document) more than once per run, so
/// that its figures average over several placements in memory instead of depending on one.
public struct BenchmarkWorkload {
    /// Renders every frame once, from a new source, into the sink.
    public typealias Pass = (_ sink: inout FrameTimingSink) throws -> Void

    /// The name reports and baselines use: the path as given, or `preset:NAME`.
    public var name: String
    /// A hash of what is measured (the document's bytes, or the preset's name and frame rate), so
    /// that a comparison can say when the document changed since a baseline.
    public var fingerprint: String
    /// Frames written by one pass.
    public var framesPerPass: Int
    /// Numbers evaluated per frame (a vector channel counts each of its components).
    public var valuesPerFrame: Int
    /// Builds the workload afresh (the document parsed and compiled again) and returns its pass.
    public var makePass: () throws -> Pass

    /// Creates a workload.
    ///
    /// - Parameters:
    ///   - name: The name reports and baselines use.
    ///   - fingerprint: A hash of what is measured.
    ///   - framesPerPass: Frames written by one pass.
    ///   - valuesPerFrame: Numbers evaluated per frame.
    ///   - makePass: Builds the workload afresh and returns its pass.
    public init(
        name: String, fingerprint: String, framesPerPass: Int, valuesPerFrame: Int,
        makePass: @escaping () throws -> Pass
    ) {
        self.name = name
        self.fingerprint = fingerprint
        self.framesPerPass = framesPerPass
        self.valuesPerFrame = valuesPerFrame
        self.makePass = makePass
    }

    /// The 64-bit FNV-1a hash of `bytes`, as 16 hexadecimal digits.
    ///
    /// - Complexity: O(n) in the number of bytes.
    public static func fingerprint<Bytes: Sequence<UInt8>>(of bytes: Bytes) -> String {
        FNV1a.hex(FNV1a.bytes(bytes))
    }
}

/// A sink that keeps nothing but the monotonic time at which each frame arrived: the host loop's
/// null sink for `cadence bench`. Frame `i` took `stamps[i + 1] - stamps[i]` nanoseconds (the
/// first stamp is taken in ``begin(schema:)``, after the source was set up), evaluation and the
/// host loop's own work included.
///
/// Storage is reserved up front, so that writing a frame never allocates.
public struct FrameTimingSink: FrameSink {
    /// Monotonic nanoseconds: one at the start, then one per frame.
    public private(set) var stamps: [UInt64] = []
    /// A value read from every frame, so that the optimiser cannot drop the evaluation.
    public private(set) var checksum = 0.0

    /// A sink with room for `frames` frames.
    ///
    /// - Parameter frames: The frames of one pass.
    public init(frames: Int) {
        stamps.reserveCapacity(frames + 1)
    }

    /// Forgets the stamps of the previous pass, keeping the storage.
    public mutating func reset() {
        stamps.removeAll(keepingCapacity: true)
    }

    /// Takes the first stamp.
    public mutating func begin(schema: FrameSchema) throws {
        stamps.append(Self.now())
    }

    /// Takes a stamp.
    public mutating func write(_ frame: borrowing Frame) throws {
        if let first = frame.numbers.first { checksum += first.isFinite ? first : 0 }
        stamps.append(Self.now())
    }

    /// Nanoseconds on the monotonic clock.
    @inline(__always)
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
