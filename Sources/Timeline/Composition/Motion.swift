/// A value that changes over a finite span of time: anything a clip can play.
///
/// ``Track`` is the main conforming type; plugins add others (a keyframed path, a spring
/// animation). A motion is evaluated at local times in `0...duration`; what it does outside that
/// range is its own rule (a track holds its first and last values).
///
/// ## Contract
/// - ``duration`` is finite and not negative.
/// - ``value(at:)`` is pure and thread-safe.
public protocol Motion<Value>: Sendable {
    /// The type of value the motion produces.
    associatedtype Value: Sendable

    /// The motion's length in seconds.
    var duration: Double { get }

    /// The value at `time` seconds from the motion's start.
    func value(at time: Double) -> Value
}

extension Track: Motion {}
