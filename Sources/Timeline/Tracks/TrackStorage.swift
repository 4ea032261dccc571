/// A track's compiled form, shared by every copy of the track: one reference to retain when a
/// track is copied or read, instead of one per array.
///
/// Besides the keyframes' times, values, segment kinds and resolved velocities, it holds, for each
/// segment eased by a curve that a ``TimingCurveTable`` follows everywhere, that table's pieces:
/// the same verified tables a ``ScalarTrackBank`` plays, one per distinct curve in the process
/// (``SharedCurveTable``).
@usableFromInline
final class TrackStorage<Value: Animatable>: @unchecked Sendable {
    // Unchecked: every property is immutable after `init`, and `tablePieces` points into tables
    // that `tables` keeps alive and never changes.
    @usableFromInline let keyframes: [Keyframe<Value>]
    @usableFromInline let times: [Double]
    @usableFromInline let values: [Value]
    /// One entry per segment: segment `i` runs from keyframe `i` to keyframe `i + 1`.
    @usableFromInline let kinds: [CompiledSegmentKind]
    @usableFromInline let startVelocities: [Value]
    @usableFromInline let endVelocities: [Value]
    /// Per segment, the pieces of its curve's table, or `nil` where the curve is called.
    @usableFromInline let tablePieces: [UnsafePointer<Double>?]
    /// The tables `tablePieces` points into.
    let tables: [SharedCurveTable]

    init(
        keyframes: [Keyframe<Value>], times: [Double], values: [Value], kinds: [CompiledSegmentKind],
        startVelocities: [Value], endVelocities: [Value]
    ) {
        self.keyframes = keyframes
        self.times = times
        self.values = values
        self.kinds = kinds
        self.startVelocities = startVelocities
        self.endVelocities = endVelocities
        var tables: [SharedCurveTable] = []
        var pieces: [UnsafePointer<Double>?] = []
        pieces.reserveCapacity(kinds.count)
        for kind in kinds {
            guard case .timing(let function) = kind, let table = SharedCurveTable.table(for: function) else {
                pieces.append(nil)
                continue
            }
            if !tables.contains(where: { $0 === table }) { tables.append(table) }
            pieces.append(UnsafePointer(table.pieces))
        }
        self.tables = tables
        tablePieces = pieces
    }

    /// Whether a tabulated ``ScalarTrackBank`` reads this track's curves as the track does: every
    /// timing curve is `Hashable` (shared tables, or called by both), none a closure the bank
    /// would tabulate on its own.
    var bankReadsCurvesAsTrackDoes: Bool {
        kinds.allSatisfy { kind in
            guard case .timing(let function) = kind else { return true }
            return function is any Hashable
        }
    }

    /// The curve of timing segment `index`, for the parts of `0...1` a table leaves to it.
    @usableFromInline
    func curve(ofSegment index: Int) -> TimingCurve {
        guard case .timing(let function) = kinds[index] else { return .linear }
        return TimingCurve(function)
    }
}

/// A ``TimingCurveTable`` shared by every track eased by its curve, with its pieces at a fixed
/// address.
///
/// Tables are kept per distinct curve (curves compare by `Hashable`) for the life of the process:
/// building one calls the curve about 2,300 times, which a track pays the first time a curve is
/// used and never again. Curves that are not `Hashable` (closures) are not tabulated: tracks call
/// them, as they do for curves a table cannot follow everywhere (the jumps of `steps()`).
final class SharedCurveTable: Sendable {
    /// The table.
    let table: TimingCurveTable
    /// Four coefficients per piece, as ``TimingCurveTable/lookup(_:base:pieces:curve:)`` reads them.
    nonisolated(unsafe) let pieces: UnsafeMutablePointer<Double>

    private init(_ table: TimingCurveTable) {
        self.table = table
        pieces = .allocate(capacity: table.coefficients.count)
        pieces.initialize(from: table.coefficients, count: table.coefficients.count)
    }

    deinit {
        pieces.deallocate()
    }

    /// How many tables the cache keeps; curves beyond are tabulated for their track alone, so a
    /// track's values never depend on which curves were seen before.
    static let cacheLimit = 4_096

    private static let cache = Locked<[CurveKey: SharedCurveTable?]>([:])

    /// A curve as a dictionary key. Unchecked: it only ever wraps a `TimingFunction`, which is
    /// `Sendable`.
    private struct CurveKey: Hashable, @unchecked Sendable {
        let curve: AnyHashable
    }

    /// The shared table of `function`, or `nil` if it is not `Hashable` or no table follows it
    /// everywhere.
    static func table(for function: any TimingFunction) -> SharedCurveTable? {
        guard let hashable = function as? any Hashable else { return nil }
        let key = CurveKey(curve: AnyHashable(hashable))
        if let known = cache.withLock({ $0[key] }) { return known }
        // Built outside the lock: two threads may both build the first table of a curve, and the
        // tables are the same.
        let table = TimingCurveTable(TimingCurve(function))
        let shared = table.isFullyTabulated ? SharedCurveTable(table) : nil
        return cache.withLock { cache in
            if let known = cache[key] { return known }
            if cache.count < cacheLimit { cache[key] = .some(shared) }
            return shared
        }
    }
}
