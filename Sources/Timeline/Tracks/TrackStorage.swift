/// A track's compiled form, shared by every copy of the track: one reference to retain when a
/// track is copied or read, instead of one per array.
///
/// Besides the keyframes' times, values, segment kinds and resolved velocities, it holds, for each
/// segment eased by a curve that a ``TimingCurveTable`` follows everywhere, that table's pieces:
/// the same verified tables a ``ScalarTrackBank`` plays, one per distinct curve in the process
/// (``SharedCurveTable``).
///
/// What ``Track/value(at:)`` reads is also packed into the object's own allocation, right after
/// its fields: the times, each segment's table, and the values when they are plain data. A read
/// then touches one object, however the heap laid out the arrays: in a program that has run a
/// while, the arrays of 10,000 tracks lie scattered, and reading a packed block instead took a
/// track's read in such a heap from 38 to 30 ns (16 where the heap lays the arrays side by side).
///
/// A struct around the object, which is a `ManagedBuffer` (which cannot be `Sendable` itself).
@usableFromInline
struct TrackStorage<Value: Animatable>: @unchecked Sendable {
    // Unchecked: every field and packed word is immutable once made, and the packed table pointers
    // point into tables that `tables` keeps alive and never changes.

    /// The object: the fields, then the packed block.
    @usableFromInline let object: TrackStorageObject<Value>

    /// Compiles a track's storage.
    static func make(
        keyframes: [Keyframe<Value>], times: [Double], values: [Value], kinds: [CompiledSegmentKind],
        startVelocities: [Value], endVelocities: [Value]
    ) -> TrackStorage {
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
        let count = times.count
        let packsValues = _isPOD(Value.self) && MemoryLayout<Value>.alignment <= 8
        let valueWords = packsValues ? (count * MemoryLayout<Value>.stride + 7) / 8 : 0
        let fields = TrackStorageFields(
            keyframes: keyframes, times: times, values: values,
            kinds: kinds, startVelocities: startVelocities, endVelocities: endVelocities,
            tables: tables)
        let buffer = TrackStorageObject<Value>.create(minimumCapacity: 2 + 2 * count + valueWords) { _ in fields }
        let object = unsafeDowncast(buffer, to: TrackStorageObject<Value>.self)
        object.withUnsafeMutablePointerToElements { words in
            words[0] = UInt64(count)
            words[1] = packsValues ? 1 : 0
            for index in 0..<count { words[2 + index] = times[index].bitPattern }
            for index in 0..<count {
                words[2 + count + index] = index < pieces.count ? UInt64(UInt(bitPattern: pieces[index])) : 0
            }
            if packsValues {
                let raw = UnsafeMutableRawPointer(words + 2 + 2 * count)
                for index in 0..<count {
                    raw.storeBytes(of: values[index], toByteOffset: index * MemoryLayout<Value>.stride, as: Value.self)
                }
            }
        }
        return TrackStorage(object: object)
    }

    /// The fields (read without the exclusivity check of `ManagedBuffer.header`: they never change).
    @inlinable var header: TrackStorageFields<Value> {
        _read { yield object.withUnsafeMutablePointerToHeader { $0 }.pointee }
    }

    @usableFromInline var keyframes: [Keyframe<Value>] { header.keyframes }
    @usableFromInline var times: [Double] { header.times }
    @usableFromInline var values: [Value] { header.values }
    /// One entry per segment: segment `i` runs from keyframe `i` to keyframe `i + 1`.
    @usableFromInline var kinds: [CompiledSegmentKind] { header.kinds }
    @usableFromInline var startVelocities: [Value] { header.startVelocities }
    @usableFromInline var endVelocities: [Value] { header.endVelocities }

    // MARK: The packed block

    /// The number of keyframes.
    @inlinable var keyframeCount: Int { Int(packed.load(as: UInt64.self)) }

    /// The packed words: the number of keyframes, whether the values are packed, the
    /// keyframes' times, a table pointer per segment (0 where the curve is called, and after the
    /// last keyframe), then the values if they are plain data.
    @inlinable var packed: UnsafeRawPointer {
        object.withUnsafeMutablePointerToElements { UnsafeRawPointer($0) }
    }

    /// The time of keyframe `index`.
    @inlinable @inline(__always)
    func time(at index: Int) -> Double {
        packed.load(fromByteOffset: 16 + 8 * index, as: Double.self)
    }

    /// The pieces of segment `index`'s curve table, or `nil` where the curve is called.
    @inlinable @inline(__always)
    func tablePieces(ofSegment index: Int) -> UnsafePointer<Double>? {
        UnsafePointer(bitPattern: UInt(packed.load(fromByteOffset: 16 + 8 * (keyframeCount + index), as: UInt64.self)))
    }

    /// The value of keyframe `index`.
    @inlinable @inline(__always)
    func value(at index: Int) -> Value {
        guard packed.load(fromByteOffset: 8, as: UInt64.self) != 0 else { return header.values[index] }
        return packed.load(
            fromByteOffset: 16 + 16 * keyframeCount + index * MemoryLayout<Value>.stride, as: Value.self)
    }

    /// Whether a tabulated ``ScalarTrackBank`` reads this track's curves as the track does: every
    /// timing curve is `Hashable` (shared tables, or called by both), none a closure the bank
    /// would tabulate on its own.
    var bankReadsCurvesAsTrackDoes: Bool {
        header.kinds.allSatisfy { kind in
            guard case .timing(let function) = kind else { return true }
            return function is any Hashable
        }
    }

    /// The curve of timing segment `index`, for the parts of `0...1` a table leaves to it.
    @usableFromInline
    func curve(ofSegment index: Int) -> TimingCurve {
        guard case .timing(let function) = header.kinds[index] else { return .linear }
        return TimingCurve(function)
    }
}

/// A ``TrackStorage``'s object: its fields, then the packed words.
@usableFromInline
final class TrackStorageObject<Value: Animatable>: ManagedBuffer<TrackStorageFields<Value>, UInt64> {}

/// The fields of a ``TrackStorage``, before its packed block.
@usableFromInline
struct TrackStorageFields<Value: Animatable> {
    let keyframes: [Keyframe<Value>]
    @usableFromInline let times: [Double]
    @usableFromInline let values: [Value]
    let kinds: [CompiledSegmentKind]
    let startVelocities: [Value]
    let endVelocities: [Value]
    /// The tables the packed block's table pointers point into.
    let tables: [SharedCurveTable]
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
