/// What an asynchronous delivery keeps when its observer falls behind.
///
/// When a signal is delivered asynchronously (``Signal/delivered(on:buffering:)``, or the
/// `AsyncSequence` bridge ``Signal/values(buffering:)``), values that arrive while the observer is
/// still busy wait in a buffer. The policy bounds that buffer, so a slow observer never makes
/// memory grow without limit unless ``unbounded`` is asked for.
///
/// | Policy | Keeps while the observer is busy | Drops |
/// |---|---|---|
/// | ``latest`` (default) | the most recent value | every older waiting value |
/// | ``keepingNewest(_:)`` | the `limit` most recent values | the oldest waiting value |
/// | ``keepingOldest(_:)`` | the first `limit` values | each new value while full |
/// | ``unbounded`` | everything | nothing |
///
/// The completion is never dropped: it is delivered after the values still in the buffer.
///
/// ```swift
/// // A renderer that only ever needs the newest frame:
/// let observation = frames.delivered(on: renderQueue, buffering: .latest).observe { draw($0) }
/// // A log that may lag but must not lose the first entries of a burst:
/// for await event in lifecycle.values(buffering: .keepingOldest(64)) { log(event) }
/// ```
public struct BufferingPolicy: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Sendable, Hashable {
        case newest(Int)
        case oldest(Int)
        case unbounded
    }

    @usableFromInline let kind: Kind

    @inlinable
    init(_ kind: Kind) { self.kind = kind }

    /// Keeps only the most recent value: the right policy for frames and other states.
    ///
    /// The same as `keepingNewest(1)`.
    public static var latest: BufferingPolicy { BufferingPolicy(.newest(1)) }

    /// Keeps the `limit` most recent values, dropping the oldest waiting value when full.
    ///
    /// - Parameter limit: The number of values that may wait; a limit below 1 means 1 (an
    ///   asynchronous delivery has to hold the value it hands over).
    /// - Returns: The policy.
    public static func keepingNewest(_ limit: Int) -> BufferingPolicy {
        BufferingPolicy(.newest(Swift.max(limit, 1)))
    }

    /// Keeps the first `limit` values, dropping each new value while the buffer is full.
    ///
    /// - Parameter limit: The number of values that may wait; a limit below 1 means 1.
    /// - Returns: The policy.
    public static func keepingOldest(_ limit: Int) -> BufferingPolicy {
        BufferingPolicy(.oldest(Swift.max(limit, 1)))
    }

    /// Keeps every value. Memory grows for as long as the observer is slower than the signal.
    public static var unbounded: BufferingPolicy { BufferingPolicy(.unbounded) }

    /// The number of values that may wait, or `nil` for ``unbounded``.
    public var limit: Int? {
        switch kind {
        case .newest(let limit), .oldest(let limit): limit
        case .unbounded: nil
        }
    }

    /// `latest`, `keepingNewest(n)`, `keepingOldest(n)` or `unbounded`.
    public var description: String {
        switch kind {
        case .newest(1): "latest"
        case .newest(let limit): "keepingNewest(\(limit))"
        case .oldest(let limit): "keepingOldest(\(limit))"
        case .unbounded: "unbounded"
        }
    }
}
