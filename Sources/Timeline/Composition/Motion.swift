/// A value that changes over a finite span of time: anything a clip can play.
///
/// ``Track`` is the main conforming type; plugins add others (a keyframed path, a spring
/// animation). A motion is evaluated at local times in `0...duration`; what it does outside that
/// range is its own rule (a track holds its first and last values).
///
/// ## Contract
/// - ``duration`` is finite and not negative.
/// - ``value(at:)`` and ``value(at:beforeFlag:)`` are pure and thread-safe.
public protocol Motion<Value>: Sendable {
    /// The type of value the motion produces.
    associatedtype Value: Sendable

    /// The motion's length in seconds.
    var duration: Double { get }

    /// The value at `time` seconds from the motion's start.
    func value(at time: Double) -> Value

    /// The value at `time` with CSS's *before flag*: where the motion jumps exactly at `time`,
    /// the value just before the jump. Clips set the flag before a motion's active interval and
    /// after a motion that ended playing backwards; the default ignores it.
    func value(at time: Double, beforeFlag: Bool) -> Value
}

extension Motion {
    /// ``value(at:)``, whatever the flag: right for motions that do not jump.
    public func value(at time: Double, beforeFlag: Bool) -> Value { value(at: time) }
}

extension Track: Motion {}
