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
/// Outside its span a child applies according to its ``fill`` (default ``FillMode/forwards``); the
/// span is end-exclusive, as in the Web Animations model. Before its span a filling child applies
/// its start values with CSS's *before flag* (``Motion/value(at:beforeFlag:)``), and so does a
/// child that ended playing backwards. Repeat boundaries are exact: `t / d` is snapped to a whole
/// number within 16 units in the last place (`Docs/TimingModel.md`).
/// Children apply in order, so where two clips set the same property at once, the later one in
/// the combinator wins. At the top level, ``apply(at:to:)`` clamps time to `0...duration`.
public struct Clip<Root>: Sendable {
    @usableFromInline
    indirect enum Node: Sendable {
        case leaf(Leaf)
        case placed([Placement])
        case delayed(Double, Clip)
        case speed(Double, Clip)
        case repeated(Double, Clip)
        case autoreversed(Clip)
    }

    /// What a leaf plays.
    @usableFromInline
    struct Leaf: Sendable {
        /// What the compiled program can do with a leaf instead of calling its body.
        enum Kind: Sendable {
            /// Only the body: any motion, any property.
            case closure
            /// A number track bound to a stored `Double` property of `Root` at this byte offset,
            /// which the compiled program plays from a bank and stores directly.
            case storedNumber(Track<Double>, offset: Int)
            /// A number track bound by a key path with no byte offset (an element,
            /// `\S.values[i]`), which the compiled program writes through with values from a bank.
            case keyPathNumber(Track<Double>, UncheckedKeyPath<Root, Double>)
            /// Number tracks written into the elements of an array of `Root`, which the compiled
            /// program plays from a bank and stores in place.
            case elements(CollectionLanes<Root>)
        }

        /// Applies the leaf: local time, CSS's before flag, the state.
        let body: @Sendable (Double, Bool, inout Root) -> Void
        /// What else the leaf is, for the compiled program.
        let kind: Kind

        init(_ body: @escaping @Sendable (Double, Bool, inout Root) -> Void, kind: Kind = .closure) {
            self.body = body
            self.kind = kind
        }
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

    /// Named times inside the clip (labels of a ``Choreography``, the starts and ends of named
    /// clips), carried through combinators, in time order.
    ///
    /// Listed the first time they are asked for, from the clip tree: a clip keeps only its own
    /// labels, so nesting repeats costs nothing until then, and the list is bounded. A repeat
    /// reports the markers of its first 1,000 iterations, and a clip at most
    /// ``markerLimit`` markers: its children's in order until the limit (for a sequence, the
    /// earliest ones).
    ///
    /// - Complexity: O(nodes + markers reported) the first time, for each level of nesting that
    ///   repeats or reverses; O(1) after that.
    public var markers: [Marker] { compiled.markers(for: self) }

    /// The most markers a clip reports: 100,000.
    public static var markerLimit: Int { 100_000 }

    /// The markers this node adds itself: a named leaf's start and end, a choreography's labels.
    let ownMarkers: [Marker]

    /// The compiled form, made the first time the clip is applied.
    let compiled: ClipProgramCache<Root>

    init(node: Node, duration: Double, fill: FillMode = .forwards, ownMarkers: [Marker] = []) {
        self.node = node
        self.duration = duration
        self.fill = fill
        self.ownMarkers = ownMarkers.sorted { $0.time < $1.time }
        compiled = ClipProgramCache()
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
        // The key path as its class, not an existential: writing through it then needs no
        // metadata looked up per frame.
        let path = UncheckedKeyPath(property as WritableKeyPath<Root, M.Value>)
        let body: @Sendable (Double, Bool, inout Root) -> Void = { time, beforeFlag, root in
            root[keyPath: path.path] = beforeFlag ? motion.value(at: time, beforeFlag: true) : motion.value(at: time)
        }
        // A number track into a stored property: played from a bank and stored in place.
        var leaf = Leaf(body)
        if let track = motion as? Track<Double>, track.storage.bankReadsCurvesAsTrackDoes,
            let path = property as? WritableKeyPath<Root, Double>
        {
            if let offset = MemoryLayout<Root>.offset(of: path) {
                leaf = Leaf(body, kind: .storedNumber(track, offset: offset))
            } else {
                leaf = Leaf(body, kind: .keyPathNumber(track, UncheckedKeyPath(path)))
            }
        }
        self.init(
            node: .leaf(leaf),
            duration: motion.duration,
            ownMarkers: Self.startAndEnd(name, duration: motion.duration))
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
    ///   - name: If given, the clip reports start and end markers with this name.
    ///   - body: Called with the local time in `0...duration`.
    public init(
        duration: Double, name: String? = nil,
        _ body: @escaping @Sendable (Double, inout Root) -> Void
    ) throws(CompositionError) {
        try self.init(duration: duration, name: name) { time, _, root in body(time, &root) }
    }

    /// A clip of a given length that calls `body` with the local time, CSS's *before flag* and
    /// the state, for effects that jump (the flag says to take the value just before a jump at
    /// that time; see ``Motion/value(at:beforeFlag:)``).
    ///
    /// - Parameters:
    ///   - duration: Seconds; finite and not negative.
    ///   - name: If given, the clip reports start and end markers with this name.
    ///   - body: Called with the local time in `0...duration`, the before flag and the state.
    public init(
        duration: Double, name: String? = nil,
        _ body: @escaping @Sendable (Double, Bool, inout Root) -> Void
    ) throws(CompositionError) {
        guard duration.isFinite else { throw .nonFiniteTime("clip duration", duration) }
        guard duration >= 0 else { throw .negativeTime("clip duration", duration) }
        self.init(node: .leaf(Leaf(body)), duration: duration, ownMarkers: Self.startAndEnd(name, duration: duration))
    }

    /// Applies the clip's values at `time` to `root`; time is clamped to `0...duration`.
    ///
    /// Before 0 the clip applies its start values with the before flag set; at and after its
    /// duration, its end values (see [the timing model](../../Docs/TimingModel.md)).
    ///
    /// - Complexity: O(number of clips and tracks in the tree), plus each track's lookup.
    /// The clip is compiled, the first time it is applied, into a flat program of timing steps and
    /// a ``ScalarTrackBank`` of its number tracks (see `Docs/Architecture.md`); frames of one clip
    /// are evaluated one at a time.
    public func apply(at time: Double, to root: inout Root) {
        apply(at: time, to: &root, concurrently: false)
    }

    /// Applies the clip's values at `time` to `root`, as ``apply(at:to:)`` does, and with
    /// `concurrently` splits long runs of number tracks into one array across every core: 2,048
    /// or more ``init(_:elementsOf:startingAt:name:)`` clips of one array one after another (a
    /// document's tracks), or one such clip of 2,048 tracks or more. A run is split only where
    /// each element is written by one track (clips that share an element keep their order, on
    /// the calling thread), so the values are the same, bit for bit; shorter runs, and
    /// everything else, apply on the calling thread.
    ///
    /// - Parameters:
    ///   - time: The clip's time; clamped to `0...duration`.
    ///   - root: The state the clip writes.
    ///   - concurrently: Whether long runs of tracks may be split across every core.
    public func apply(at time: Double, to root: inout Root, concurrently: Bool) {
        let (local, phase) = topLevel(time)
        compiled.program(for: self).apply(local, phase, to: &root, concurrently: concurrently)
    }

    /// The local time and phase of `time` at the top level: clamped to `0...duration`.
    func topLevel(_ time: Double) -> (Double, ClipPhase) {
        if time >= duration { return (duration, .after) }
        if time > 0 { return (time, .active) }
        // NaN counts as 0.
        return (0, time < 0 ? .before : .active)
    }

    /// The state at `time`, starting from `base`.
    @inlinable
    public func value(at time: Double, from base: Root) -> Root {
        var root = base
        apply(at: time, to: &root)
        return root
    }
}

/// A key path the caller gave as `Sendable`, kept as its class for fast writes.
struct UncheckedKeyPath<Root, Value>: @unchecked Sendable {
    // Unchecked: it is only made from a key path that is `Sendable`.
    let path: WritableKeyPath<Root, Value>

    init(_ path: WritableKeyPath<Root, Value>) { self.path = path }
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
