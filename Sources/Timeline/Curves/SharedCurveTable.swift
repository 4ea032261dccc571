/// A ``TimingCurveTable`` shared by every track eased by its curve, with its pieces at a fixed
/// address.
///
/// Tables are kept per distinct curve for the life of the process: building one calls the curve
/// about 2,300 times, which a track pays the first time a curve is used and never again. A curve
/// that is plain data (a cubic Bézier's four numbers, a spring's parameters) is known by its type
/// and its bytes, found without hashing through `AnyHashable` (an animator finds its curve's table
/// in its making, 10,000 times for a list of 10,000 rows); any other curve compares by `Hashable`.
/// Curves that are neither (closures) are not tabulated: tracks call them, as they do for curves
/// a table cannot follow everywhere (the jumps of `steps()`).
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

    private static let cache = Locked(Cache())

    /// The tables known, by curve.
    private struct Cache {
        /// Plain-data curves, by type and a hash of their bytes, each with its bytes.
        var plain: [PlainCurveKey: [(bytes: [UInt64], table: SharedCurveTable?)]] = [:]
        var hashable: [CurveKey: SharedCurveTable?] = [:]
        var count = 0
    }

    /// A curve as a dictionary key. Unchecked: it only ever wraps a `TimingFunction`, which is
    /// `Sendable`.
    private struct CurveKey: Hashable, @unchecked Sendable {
        let curve: AnyHashable
    }

    /// A plain-data curve's type and a hash of its bytes. Equal bytes of a type that holds no
    /// references are the same curve; equal curves whose bytes differ (`-0.0` and `0.0`, padding)
    /// only get a table each, with the same numbers.
    private struct PlainCurveKey: Hashable {
        let type: ObjectIdentifier
        let hash: UInt64
    }

    /// A plain-data curve's bytes, read in place.
    private struct PlainBytes {
        let bytes: UnsafeRawBufferPointer

        var wordCount: Int { (bytes.count + 7) / 8 }

        /// The 8 bytes at word `index`, the last word padded with zeros.
        func word(_ index: Int) -> UInt64 {
            let offset = 8 * index
            if offset + 8 <= bytes.count { return bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
            var word: UInt64 = 0
            for byte in offset..<bytes.count { word |= UInt64(bytes[byte]) << (8 * UInt64(byte - offset)) }
            return word
        }

        /// FNV-1a over the words: a bucket's hash; the words themselves tell curves apart.
        var hash: UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for index in 0..<wordCount { hash = (hash ^ word(index)) &* 0x0000_0100_0000_01b3 }
            return hash
        }

        var words: [UInt64] { (0..<wordCount).map(word) }

        func equals(_ words: [UInt64]) -> Bool {
            guard words.count == wordCount else { return false }
            for index in words.indices where words[index] != word(index) { return false }
            return true
        }
    }

    /// The table of a plain-data curve (no lookup through `AnyHashable`, nothing allocated when
    /// the curve is known), or `nil` if `Function` holds references.
    private static func plainTable<Function: TimingFunction>(_ function: Function) -> SharedCurveTable?? {
        guard _isPOD(Function.self) else { return nil }
        return withUnsafeBytes(of: function) { raw -> SharedCurveTable?? in
            let bytes = PlainBytes(bytes: raw)
            let key = PlainCurveKey(type: ObjectIdentifier(Function.self), hash: bytes.hash)
            let known = cache.withLock { cache -> SharedCurveTable?? in
                cache.plain[key]?.first(where: { bytes.equals($0.bytes) }).map { $0.table }
            }
            if let known { return known }
            let shared = build(function)
            let words = bytes.words
            return cache.withLock { cache in
                if let known = cache.plain[key]?.first(where: { bytes.equals($0.bytes) }) { return known.table }
                if cache.count < cacheLimit {
                    cache.plain[key, default: []].append((words, shared))
                    cache.count += 1
                }
                return shared
            }
        }
    }

    /// The shared table of `function`, or `nil` if it is neither plain data nor `Hashable`, or no
    /// table follows it everywhere.
    static func table(for function: any TimingFunction) -> SharedCurveTable? {
        if let plain = plainTable(function) { return plain }
        guard let hashable = function as? any Hashable else { return nil }
        let key = CurveKey(curve: AnyHashable(hashable))
        if let known = cache.withLock({ $0.hashable[key] }) { return known }
        let shared = build(function)
        return cache.withLock { cache in
            if let known = cache.hashable[key] { return known }
            if cache.count < cacheLimit {
                cache.hashable[key] = .some(shared)
                cache.count += 1
            }
            return shared
        }
    }

    /// A new table of `function`, or `nil` if none follows it everywhere. Built outside the
    /// cache's lock: two threads may both build the first table of a curve, and the tables are
    /// the same.
    private static func build(_ function: any TimingFunction) -> SharedCurveTable? {
        let table = TimingCurveTable(TimingCurve(function))
        return table.isFullyTabulated ? SharedCurveTable(table) : nil
    }
}
