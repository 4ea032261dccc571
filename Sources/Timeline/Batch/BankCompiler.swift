/// Compiles tracks into the flat arrays of a ``BankStorage``: the keyframes one after another,
/// one code per segment, one table per distinct curve and per distinct linear time-invariant
/// segment kind.
struct BankCompiler {
    let precision: CurvePrecision
    var firstKeyframe: [Int32] = [0]
    var times: [Double] = []
    var values: [Double] = []
    var codes: [UInt32] = []
    var curveTables: [TimingCurveTable] = []
    /// For each of ``curveTables``, the process's shared table it came from, or `nil` for a table
    /// made for this bank alone: banks whose tables are all shared, in the same order, share
    /// their pool of pieces (``CurvePiecePool``).
    var sharedTables: [SharedCurveTable?] = []
    var hermiteVelocities: [SIMD2<Double>] = []
    var linearSegments: [LinearSegmentRecord] = []
    var transitionTables: [TransitionTable] = []
    var directCurves: [any TimingFunction] = []
    var customSegments: [CustomSegmentRecord] = []

    /// Curve tables (by their first piece in the bank's pool, -1 for a curve called directly) and
    /// direct curves, by curve when the curve is `Hashable`.
    private var tableBase: [AnyHashable: Int] = [:]
    /// The shared tables tracks read, by table, once the bank has more than ``scannedTables``
    /// tables: their first piece in the bank's pool.
    private var sharedTableBase: [ObjectIdentifier: Int] = [:]
    /// Where the next table's pieces start: after the constant 0's.
    private var nextTableBase = TimingCurveTable.cellCount + 1
    private var directIndex: [AnyHashable: Int] = [:]
    /// For each linear time-invariant segment kind: its table, or `-1` when it cannot be used.
    private var transitionIndex: [AnyHashable: Int] = [:]

    /// At most this many tables for curves that are not `Hashable` (each segment gets its own).
    static let maximumUnkeyedTables = 256

    /// Up to this many tables, a shared one is found by a scan (see ``tableCode(_:)``).
    static let scannedTables = 16

    init(precision: CurvePrecision) {
        self.precision = precision
    }

    /// Compiles every track, in order (vectors arrive split: ``Track/componentTracks``).
    mutating func compile(_ tracks: [Track<Double>]) throws(ScalarTrackBankError) {
        var keyframes = 0
        for track in tracks { keyframes += track.times.count }
        guard keyframes <= Int(Int32.max) else { throw .tooManyKeyframes(count: keyframes) }
        firstKeyframe.reserveCapacity(tracks.count + 1)
        times.reserveCapacity(keyframes)
        values.reserveCapacity(keyframes)
        codes.reserveCapacity(keyframes)
        if precision == .tabulated { prepareTransitionTables(for: tracks) }
        for track in tracks {
            times += track.times
            values += track.values
            codes.append(SegmentCode.constant)
            for segment in track.kinds.indices {
                codes.append(code(of: track, segment: segment))
            }
            firstKeyframe.append(Int32(times.count))
        }
    }

    /// The code of one segment.
    private mutating func code(of track: Track<Double>, segment: Int) -> UInt32 {
        switch track.kinds[segment] {
        case .hold:
            return SegmentCode.make(SegmentCode.hold, 0)
        case .linear:
            return SegmentCode.make(SegmentCode.linear, 0)
        case .timing(let function):
            // A track whose curves are all `Hashable` reads the tables this bank would look up
            // (the process's shared tables); a curve it cannot tell apart gets its own below.
            if precision == .tabulated, track.storage.bankReadsCurvesAsTrackDoes,
                let shared = track.storage.sharedTable(ofSegment: segment)
            {
                return tableCode(shared)
            }
            return curveCode(function)
        case .hermite:
            hermiteVelocities.append(SIMD2(track.startVelocities[segment], track.endVelocities[segment]))
            return SegmentCode.make(SegmentCode.hermite, hermiteVelocities.count - 1)
        case .custom(let interpolator):
            let start = track.startVelocities[segment]
            if precision == .tabulated, let key = Self.key(interpolator),
                let table = transitionIndex[key], table >= 0
            {
                linearSegments.append(LinearSegmentRecord(startVelocity: start, table: table))
                return SegmentCode.make(SegmentCode.linearTimeInvariant, linearSegments.count - 1)
            }
            customSegments.append(
                CustomSegmentRecord(
                    interpolator: interpolator, startVelocity: start, endVelocity: track.endVelocities[segment]))
            return SegmentCode.make(SegmentCode.custom, customSegments.count - 1)
        }
    }

    /// The table code of a `Hashable` curve whose shared table the track already reads (in
    /// tabulated precision), known by the table itself: no cast, no hash of the curve (together a
    /// fifth of compiling a view's clip). A shared table follows its curve everywhere.
    ///
    /// A bank of at most ``scannedTables`` tables finds one by scanning those it has (each one's
    /// first piece is the sum of the sizes before it): no dictionary to allocate for the few
    /// curves of a view's clip. A larger bank indexes its shared tables.
    private mutating func tableCode(_ shared: SharedCurveTable) -> UInt32 {
        let identity = ObjectIdentifier(shared)
        if curveTables.count <= Self.scannedTables {
            var base = TimingCurveTable.cellCount + 1
            for index in curveTables.indices {
                if sharedTables[index] === shared { return SegmentCode.make(SegmentCode.table, base) }
                base += curveTables[index].pieceCount
            }
        } else if let base = sharedTableBase[identity] {
            return SegmentCode.make(SegmentCode.table, base)
        }
        let base = nextTableBase
        nextTableBase += shared.table.pieceCount
        curveTables.append(shared.table)
        sharedTables.append(shared)
        if curveTables.count > Self.scannedTables {
            if sharedTableBase.isEmpty {
                // Past the scan: index every shared table so far, this one included.
                var first = TimingCurveTable.cellCount + 1
                for index in curveTables.indices {
                    if let table = sharedTables[index] { sharedTableBase[ObjectIdentifier(table)] = first }
                    first += curveTables[index].pieceCount
                }
            } else {
                sharedTableBase[identity] = base
            }
        }
        return SegmentCode.make(SegmentCode.table, base)
    }

    /// A table code in tabulated precision, a direct code otherwise, for curves the table cannot
    /// follow everywhere (a jump), and once too many curves that cannot be told apart have been
    /// tabulated.
    private mutating func curveCode(_ function: any TimingFunction) -> UInt32 {
        let key = Self.key(function)
        if precision == .tabulated {
            if let key, let base = tableBase[key] {
                if base >= 0 { return SegmentCode.make(SegmentCode.table, base) }
            } else if key != nil || curveTables.count < Self.maximumUnkeyedTables {
                // A curve's table is built once per process (the shared cache), not once per bank.
                let shared = key != nil ? SharedCurveTable.table(for: function) : nil
                let table = key != nil ? shared?.table.fullyTabulated : Self.fullTable(function)
                if let table {
                    let base = nextTableBase
                    nextTableBase += table.pieceCount
                    curveTables.append(table)
                    sharedTables.append(shared)
                    if let key { tableBase[key] = base }
                    return SegmentCode.make(SegmentCode.table, base)
                }
                if let key { tableBase[key] = -1 }
            }
        }
        if let key, let index = directIndex[key] {
            return SegmentCode.make(SegmentCode.direct, index)
        }
        directCurves.append(function)
        if let key { directIndex[key] = directCurves.count - 1 }
        return SegmentCode.make(SegmentCode.direct, directCurves.count - 1)
    }

    /// Builds a table for each distinct linear time-invariant segment kind that honours its
    /// contract, covering the longest segment that uses it.
    private mutating func prepareTransitionTables<Value>(for tracks: [Track<Value>]) {
        var longest: [AnyHashable: (segment: any LinearTimeInvariantSegment, duration: Double)] = [:]
        var order: [AnyHashable] = []
        for track in tracks {
            for (segment, kind) in track.kinds.enumerated() {
                guard case .custom(let interpolator) = kind,
                    let linear = interpolator as? any LinearTimeInvariantSegment,
                    let key = Self.key(interpolator)
                else { continue }
                let duration = track.times[segment + 1] - track.times[segment]
                if let known = longest[key] {
                    if duration > known.duration { longest[key]!.duration = duration }
                } else {
                    longest[key] = (linear, duration)
                    order.append(key)
                }
            }
        }
        for key in order {
            let (segment, duration) = longest[key]!
            guard segment.honoursWeightContract(duration: duration),
                let table = TransitionTable(segment, covering: duration)
            else {
                transitionIndex[key] = -1
                continue
            }
            transitionTables.append(table)
            transitionIndex[key] = transitionTables.count - 1
        }
    }

    /// `function`'s table if it follows the curve everywhere.
    private static func fullTable(_ function: any TimingFunction) -> TimingCurveTable? {
        TimingCurveTable(TimingCurve(function)).fullyTabulated
    }

    /// A key that identifies equal values of a `Hashable` type, or `nil`.
    private static func key(_ value: Any) -> AnyHashable? {
        guard let hashable = value as? any Hashable else { return nil }
        return AnyHashable(hashable)
    }
}

extension TimingCurveTable {
    /// The table if it follows its curve everywhere (a bank codes the others as direct curves).
    fileprivate var fullyTabulated: TimingCurveTable? { isFullyTabulated ? self : nil }
}
