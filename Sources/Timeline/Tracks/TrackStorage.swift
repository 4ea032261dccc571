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
        let bankReadsCurvesAsTrackDoes = kinds.allSatisfy { kind in
            guard case .timing(let function) = kind else { return true }
            return function is any Hashable
        }
        let fields = TrackStorageFields(
            keyframes: keyframes, times: times, values: values,
            kinds: kinds, startVelocities: startVelocities, endVelocities: endVelocities,
            tables: tables, bankReadsCurvesAsTrackDoes: bankReadsCurvesAsTrackDoes)
        let buffer = TrackStorageObject<Value>.create(minimumCapacity: 2 + 3 * count + valueWords) { _ in fields }
        let object = unsafeDowncast(buffer, to: TrackStorageObject<Value>.self)
        object.withUnsafeMutablePointerToElements { words in
            words[0] = UInt64(count)
            words[1] = packsValues ? 1 : 0
            for index in 0..<count { words[2 + index] = times[index].bitPattern }
            for index in 0..<count {
                words[2 + count + index] = index < pieces.count ? UInt64(UInt(bitPattern: pieces[index])) : 0
            }
            for index in 0..<count {
                words[2 + 2 * count + index] = index < kinds.count
                    ? UInt64(Self.code(of: kinds[index], tabulated: pieces[index] != nil)) : 0
            }
            if packsValues {
                let raw = UnsafeMutableRawPointer(words + 2 + 3 * count)
                for index in 0..<count {
                    raw.storeBytes(of: values[index], toByteOffset: index * MemoryLayout<Value>.stride, as: Value.self)
                }
            }
        }
        return TrackStorage(object: object)
    }

    /// The ``SegmentCode`` kind of a segment (its payload is unused: a track's operands are found
    /// by the segment's index).
    private static func code(of kind: CompiledSegmentKind, tabulated: Bool) -> UInt32 {
        let codeKind = switch kind {
        case .hold: SegmentCode.hold
        case .linear: SegmentCode.linear
        case .timing: tabulated ? SegmentCode.table : SegmentCode.direct
        case .hermite: SegmentCode.hermite
        case .custom: SegmentCode.custom
        }
        return SegmentCode.make(codeKind, 0)
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
    /// last keyframe), a ``SegmentCode`` per segment (the interpreter's, for `Track<Double>`),
    /// then the values if they are plain data.
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

    /// The ``SegmentCode`` of segment `index`.
    @inlinable @inline(__always)
    func code(ofSegment index: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: packed.load(fromByteOffset: 16 + 8 * (2 * keyframeCount + index), as: UInt64.self))
    }

    /// The value of keyframe `index`.
    @inlinable @inline(__always)
    func value(at index: Int) -> Value {
        guard packed.load(fromByteOffset: 8, as: UInt64.self) != 0 else { return header.values[index] }
        return packed.load(
            fromByteOffset: 16 + 24 * keyframeCount + index * MemoryLayout<Value>.stride, as: Value.self)
    }

    /// Whether a tabulated ``ScalarTrackBank`` reads this track's curves as the track does: every
    /// timing curve is `Hashable` (shared tables, or called by both), none a closure the bank
    /// would tabulate on its own.
    ///
    /// Worked out once, when the track is made: every clip compiled from the track asks (a cast
    /// per timing segment each time was a seventh of compiling a view's clip).
    var bankReadsCurvesAsTrackDoes: Bool { header.bankReadsCurvesAsTrackDoes }

    /// The shared table that segment `index`'s curve is read from (the one ``tablePieces(ofSegment:)``
    /// points into), or `nil` where the curve is called: a bank compiled from the track reads
    /// the same table, found without hashing the curve again.
    func sharedTable(ofSegment index: Int) -> SharedCurveTable? {
        guard let pieces = tablePieces(ofSegment: index) else { return nil }
        return header.tables.first { UnsafePointer($0.pieces) == pieces }
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
    /// See ``TrackStorage/bankReadsCurvesAsTrackDoes``.
    let bankReadsCurvesAsTrackDoes: Bool
}
