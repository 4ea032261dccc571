/// A composable piece of animation over a state `Root`: tracks bound to properties, arranged in
/// time.
///
/// Clips nest to any depth. Leaves bind a ``Motion`` (usually a ``Track``) to a property of `Root`
/// through a key path; combinators arrange clips in time; modifiers change their timing:
///
/// ```swift
/// struct Card { var scale = 1.0, alpha = 0.0 }
/// let grow = Clip(scaleTrack, \Card.scale)
/// let fade = Clip(alphaTrack, \Card.alpha)
/// let clip = try Clip.sequence([grow, fade]).autoreversed().repeated(2)
/// var card = Card()
/// clip.apply(at: 0.3, to: &card)
/// ```
///
/// | combinator / modifier | duration | local time of the child at parent time `t` |
/// |---|---|---|
/// | ``sequence(_:)`` | sum | `t - start`, start = sum of the earlier children |
/// | ``group(_:)`` | maximum | `t` |
/// | ``stagger(_:each:from:)`` | max of `delay + d` | `t - delay`, delay = `each × rank` |
/// | ``delayed(by:)`` | `delay + d` | `t - delay` |
/// | ``speed(_:)`` | `d / factor` | `t × factor` |
/// | ``repeated(_:)`` | `d × count` | `t - d × floor(t / d)`; after the end, the end of the last iteration |
/// | ``repeatedForever()`` | infinite | `t - d × floor(t / d)` |
/// | ``autoreversed()`` | `2d` | `t` for `t <= d`, then `2d - t` |
///
/// Outside its span a child applies according to its ``fill`` (default ``FillMode/forwards``).
/// Children apply in order, so where two clips set the same property at once, the later one in
/// the combinator wins. At the top level, ``apply(at:to:)`` clamps time to `0...duration`.
public struct Clip<Root>: Sendable {
    @usableFromInline
    indirect enum Node: Sendable {
        case leaf(@Sendable (Double, inout Root) -> Void)
        case placed([Placement])
        case delayed(Double, Clip)
        case speed(Double, Clip)
        case repeated(Double, Clip)
        case autoreversed(Clip)
    }

    @usableFromInline
    struct Placement: Sendable {
        @usableFromInline let start: Double
        @usableFromInline let clip: Clip
    }

    @usableFromInline let node: Node

    /// The clip's length in seconds; infinite for a clip that repeats forever.
    public let duration: Double

    /// What the clip applies outside its span when it is part of a composition.
    public var fill: FillMode

    /// Named times inside the clip (labels of a ``Choreography``, carried through combinators).
    public let markers: [Marker]

    init(node: Node, duration: Double, fill: FillMode = .forwards, markers: [Marker] = []) {
        self.node = node
        self.duration = duration
        self.fill = fill
        self.markers = markers.sorted { $0.time < $1.time }
    }

    /// A clip that plays a motion into a property of the state.
    ///
    /// - Parameters:
    ///   - motion: What to play, usually a ``Track``; the clip lasts `motion.duration`.
    ///   - property: The property of `Root` the motion's value is written to.
    ///   - name: If given, the clip reports ``Marker/Kind/start`` and ``Marker/Kind/end`` markers
    ///     with this name, so animators and the host loop can report when it starts and ends.
    public init<M: Motion>(
        _ motion: M, _ property: any WritableKeyPath<Root, M.Value> & Sendable, name: String? = nil
    ) {
        self.init(
            node: .leaf { time, root in root[keyPath: property] = motion.value(at: time) },
            duration: motion.duration,
            markers: Self.startAndEnd(name, duration: motion.duration))
    }

    static func startAndEnd(_ name: String?, duration: Double) -> [Marker] {
        guard let name else { return [] }
        return [Marker(name: name, time: 0, kind: .start), Marker(name: name, time: duration, kind: .end)]
    }

    /// A clip of a given length that calls `body` with the local time and the state: the escape
    /// hatch for effects no track expresses.
    ///
    /// - Parameters:
    ///   - duration: Seconds; finite and not negative.
    ///   - body: Called with the local time in `0...duration`.
    ///   - name: If given, the clip reports start and end markers with this name.
    public init(
        duration: Double, name: String? = nil,
        _ body: @escaping @Sendable (Double, inout Root) -> Void
    ) throws(CompositionError) {
        guard duration.isFinite, duration >= 0 else {
            throw .nonFiniteTime("clip duration", duration)
        }
        self.init(node: .leaf(body), duration: duration, markers: Self.startAndEnd(name, duration: duration))
    }

    /// Applies the clip's values at `time` to `root`; time is clamped to `0...duration`.
    ///
    /// - Complexity: O(number of clips and tracks in the tree), plus each track's lookup.
    @inlinable
    public func apply(at time: Double, to root: inout Root) {
        let clamped = time.isNaN ? 0 : min(max(time, 0), duration)
        applyLocal(clamped, to: &root)
    }

    /// The state at `time`, starting from `base`.
    @inlinable
    public func value(at time: Double, from base: Root) -> Root {
        var root = base
        apply(at: time, to: &root)
        return root
    }

    /// Applies the clip at a local time already inside `0...duration`.
    @usableFromInline
    func applyLocal(_ time: Double, to root: inout Root) {
        switch node {
        case .leaf(let body):
            body(time, &root)
        case .placed(let placements):
            for placement in placements {
                let child = placement.clip
                var local = time - placement.start
                if local < 0 {
                    guard child.fill.backwards else { continue }
                    local = 0
                } else if local > child.duration {
                    guard child.fill.forwards else { continue }
                    local = child.duration
                }
                child.applyLocal(local, to: &root)
            }
        case .delayed(let delay, let child):
            if time < delay {
                // Before the delayed clip starts: its start values only if it fills backwards.
                if fill.backwards { child.applyLocal(0, to: &root) }
            } else {
                child.applyLocal(min(time - delay, child.duration), to: &root)
            }
        case .speed(let factor, let child):
            child.applyLocal(min(time * factor, child.duration), to: &root)
        case .repeated(let count, let child):
            child.applyLocal(Self.iterationTime(time, count: count, length: child.duration), to: &root)
        case .autoreversed(let child):
            let length = child.duration
            child.applyLocal(time <= length ? time : max(2 * length - time, 0), to: &root)
        }
    }

    /// The local time in one iteration of length `length` at time `time` of a repeat.
    @usableFromInline
    static func iterationTime(_ time: Double, count: Double, length: Double) -> Double {
        guard length > 0 else { return 0 }
        let total = length * count
        if time >= total {
            // After (or exactly at) the end: where the last iteration ends.
            let whole = count.rounded(.down)
            return count == whole ? length : (count - whole) * length
        }
        let iteration = (time / length).rounded(.down)
        return min(max(time - iteration * length, 0), length)
    }
}

/// A named time in a clip.
public struct Marker: Sendable, Hashable {
    /// What a marker stands for.
    public enum Kind: Sendable, Hashable {
        /// A label placed by the author.
        case label
        /// Where a named clip starts playing (each iteration of a repeat starts again).
        case start
        /// Where a named clip ends.
        case end
    }

    /// The marker's name: the label's name, or the named clip's name.
    public var name: String
    /// Seconds from the start of the clip.
    public var time: Double
    /// What the marker stands for.
    public var kind: Kind

    /// Creates a marker.
    public init(name: String, time: Double, kind: Kind = .label) {
        self.name = name
        self.time = time
        self.kind = kind
    }

    /// The marker moved to another time.
    func moved(to time: Double) -> Marker {
        Marker(name: name, time: time, kind: kind)
    }
}
