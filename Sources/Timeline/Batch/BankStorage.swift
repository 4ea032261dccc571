/// A bank's compiled form: flat buffers allocated once, never written after the bank is built.
///
/// `@unchecked Sendable`: every buffer is filled in `init` and only read afterwards; the class
/// owns them and frees them in `deinit`.
final class BankStorage: @unchecked Sendable {
    let trackCount: Int
    let keyframeCount: Int
    /// `trackCount + 1` offsets: track `i` has keyframes `firstKeyframe[i] ..< firstKeyframe[i + 1]`.
    let firstKeyframe: UnsafeMutablePointer<Int32>
    let times: UnsafeMutablePointer<Double>
    let values: UnsafeMutablePointer<Double>
    /// Per keyframe, the ``SegmentCode`` of the segment arriving at it (0 for a track's first).
    let codes: UnsafeMutablePointer<UInt32>

    /// Whether every segment is a tabulated curve (the two-lane seek applies to every track).
    let isTabulatedOnly: Bool

    /// Every curve table's pieces, four coefficients each (see ``TimingCurveTable``): table `j`
    /// starts at piece `tableBases[j]`; table 0 is the constant 0. In ``piecePool``, which banks
    /// of the same shared tables share.
    let pieces: UnsafeMutablePointer<Double>
    /// The pool that holds ``pieces``.
    let piecePool: CurvePiecePool
    let pieceCount: Int
    let tableBases: [Int]
    /// The tables' curves, for pieces that call the curve (index 0, the constant, never does).
    let tableCurves: [TimingCurve]
    /// The distinct curve tables, in table order from index 1.
    let curveTables: [TimingCurveTable]

    let hermiteVelocities: UnsafeMutablePointer<SIMD2<Double>>
    let hermiteCount: Int
    let linearSegments: UnsafeMutablePointer<LinearSegmentRecord>
    let linearSegmentCount: Int
    let transitionHeaders: UnsafeMutablePointer<TransitionTableHeader>
    let transitionEntries: UnsafeMutablePointer<StateMatrix>
    let transitionCoefficients: UnsafeMutablePointer<SIMD2<Double>>
    let transitionTables: [TransitionTable]
    let directCurves: [any TimingFunction]
    let customSegments: [CustomSegmentRecord]

    init(_ compiled: BankCompiler) {
        trackCount = compiled.firstKeyframe.count - 1
        keyframeCount = compiled.times.count
        firstKeyframe = Self.copy(compiled.firstKeyframe)
        // Two entries of padding: a playhead may read one keyframe past a track's last.
        times = Self.copy(compiled.times + [0, 0])
        values = Self.copy(compiled.values + [0, 0])
        codes = Self.copy(compiled.codes + [0, 0])
        isTabulatedOnly = compiled.codes.allSatisfy { SegmentCode.kind($0) == SegmentCode.table }

        let pool = CurvePiecePool.pool(for: compiled.curveTables, shared: compiled.sharedTables)
        piecePool = pool
        pieces = pool.pieces
        pieceCount = pool.pieceCount
        tableBases = pool.tableBases
        tableCurves = pool.tableCurves
        curveTables = compiled.curveTables

        hermiteVelocities = Self.copy(compiled.hermiteVelocities)
        hermiteCount = compiled.hermiteVelocities.count
        linearSegments = Self.copy(compiled.linearSegments)
        linearSegmentCount = compiled.linearSegments.count

        var headers: [TransitionTableHeader] = []
        var entries: [StateMatrix] = []
        var coefficients: [SIMD2<Double>] = []
        for table in compiled.transitionTables {
            var header = table.header
            header.entryBase = entries.count
            header.coefficientBase = coefficients.count
            headers.append(header)
            entries += table.entries
            coefficients += table.coefficients
        }
        transitionHeaders = Self.copy(headers)
        transitionEntries = Self.copy(entries)
        transitionCoefficients = Self.copy(coefficients)
        transitionTables = compiled.transitionTables
        directCurves = compiled.directCurves
        customSegments = compiled.customSegments
        byteCount = Self.bytes(of: compiled, pieces: pool.pieceCount * 4, entries: entries.count)
    }

    /// The curve of the table whose pieces start at `base` (for pieces that call the curve).
    func curve(atBase base: Int) -> TimingCurve {
        var low = 0
        var high = tableBases.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if tableBases[middle] <= base { low = middle } else { high = middle }
        }
        return tableCurves[low]
    }

    /// The bytes of the flat buffers.
    let byteCount: Int

    private static func bytes(of compiled: BankCompiler, pieces: Int, entries: Int) -> Int {
        compiled.firstKeyframe.count * 4 + compiled.times.count * (8 + 8 + 4) + pieces * 32
            + compiled.hermiteVelocities.count * 16 + compiled.linearSegments.count * 16
            + entries * 32 + compiled.transitionTables.count * (MemoryLayout<TransitionTableHeader>.stride + 160)
            + compiled.customSegments.count * MemoryLayout<CustomSegmentRecord>.stride
    }

    deinit {
        firstKeyframe.deallocate()
        times.deallocate()
        values.deallocate()
        codes.deallocate()
        hermiteVelocities.deallocate()
        linearSegments.deallocate()
        transitionHeaders.deallocate()
        transitionEntries.deallocate()
        transitionCoefficients.deallocate()
    }

    /// A buffer holding a copy of `array` (at least one element, so the pointer is never empty).
    private static func copy<Element>(_ array: [Element]) -> UnsafeMutablePointer<Element> {
        let pointer = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(array.count, 1))
        array.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { pointer.initialize(from: base, count: source.count) }
        }
        return pointer
    }
}

/// A bank's curve tables as one block of pieces: the constant 0 (all coefficients 0) at piece 0,
/// then each table's pieces, its subdivision indices moved to its block.
///
/// Banks whose tables are all the process's shared tables (``SharedCurveTable``), in the same
/// order, share one pool: a clip compiled for each of thousands of views reads one copy of its
/// curve's table instead of thousands (each a few kilobytes, which the frames' reads would bring
/// into the cache one bank after another). `@unchecked Sendable`: the pieces are written in
/// `init` and only read afterwards.
final class CurvePiecePool: @unchecked Sendable {
    let pieces: UnsafeMutablePointer<Double>
    let pieceCount: Int
    /// Where each table starts, the constant's (0) first.
    let tableBases: [Int]
    /// Each table's curve, the constant's (never called) first.
    let tableCurves: [TimingCurve]
    /// The shared tables the pool was made of: kept alive, so that no other table takes an
    /// identity the pool's key holds.
    private let shared: [SharedCurveTable]

    private init(_ tables: [TimingCurveTable], shared: [SharedCurveTable]) {
        var pool = [Double](repeating: 0, count: 4 * (TimingCurveTable.cellCount + 1))
        var bases = [0]
        for table in tables {
            let base = pool.count / 4
            bases.append(base)
            var block = table.coefficients
            for piece in 0..<block.count / 4 where block[4 * piece].isNaN && block[4 * piece + 3] >= 0 {
                block[4 * piece + 3] += Double(base)
            }
            pool += block
        }
        pieces = .allocate(capacity: pool.count)
        pieces.initialize(from: pool, count: pool.count)
        pieceCount = pool.count / 4
        tableBases = bases
        tableCurves = [TimingCurve.linear] + tables.map(\.curve)
        self.shared = shared
    }

    deinit { pieces.deallocate() }

    /// How many pools the process keeps for sharing; banks of other sets of tables get a pool of
    /// their own.
    static let cacheLimit = 1_024

    private static let cache = Locked([[ObjectIdentifier]: CurvePiecePool]())

    /// The pool of `tables`: the shared one when every table is a shared table (`shared`, one
    /// per table), otherwise one for the bank alone.
    static func pool(for tables: [TimingCurveTable], shared: [SharedCurveTable?]) -> CurvePiecePool {
        let known = shared.compactMap { $0 }
        guard known.count == tables.count else { return CurvePiecePool(tables, shared: []) }
        let key = known.map(ObjectIdentifier.init)
        if let pool = cache.withLock({ $0[key] }) { return pool }
        let made = CurvePiecePool(tables, shared: known)
        return cache.withLock { cache in
            if let pool = cache[key] { return pool }
            if cache.count < cacheLimit { cache[key] = made }
            return made
        }
    }
}
