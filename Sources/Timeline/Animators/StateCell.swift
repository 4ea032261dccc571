public import Synchronization

/// The storage of an ``AnimatedState``: a sequence number that doubles as the writers' lock,
/// followed by the value.
///
/// Writers take the cell by setting the sequence's lowest bit (one compare-and-exchange), write,
/// and release it by clearing that bit and counting up by four. A value that is plain data (no
/// references, ``_isPOD(_:)``) is stored as 64-bit words that both sides access with relaxed
/// atomics, so readers never lock: they read the sequence, the words, and the sequence again, and
/// retry if a writer came between (a sequence lock). Every access is an atomic operation, so the
/// memory model, and ThreadSanitizer, see no race. Values that hold references are read under
/// the lock.
///
/// **Owned by a group.** The sequence's second bit says that one animator group owns the cell:
/// only code that holds that group's lock writes it, so the lock already keeps writers apart, and
/// they mark their writes for readers with two plain stores instead of a compare-and-exchange
/// (``lockAsGroupWriter()``). The state an animator makes for itself
/// (`Animator(duration:timing:initialValue:clock:)`) starts owned by the animator's group; it
/// stops being owned, for good, before anyone else writes it: an animator on another clock, an
/// ``AnimatedState/update(_:)``, or an observer (``AnimatedState/values``), which each end the
/// ownership under the group's lock first (``endGroupOwnership()``). ``lock()`` never takes an
/// owned cell. On this machine the compare-and-exchange was about half of a tick of 1,000
/// animators.
///
/// The cell is a raw allocation from the ``CellArena`` (cells of states made one after another lie
/// side by side), one cache line for values up to 48 bytes, that animators write through without
/// knowing the value's type (a lane of a ``Double`` at a word index). Its second
/// word says whether anyone observes the state's values (set and read only under the lock, so a
/// writer either sees a new observer or that observer's replay sees the write).
@usableFromInline
struct StateCell: @unchecked Sendable {
    /// The sequence number, the flags, then `wordCount` words.
    @usableFromInline let base: UnsafeMutableRawPointer
    /// The number of 64-bit words of the value (0 when the value is stored elsewhere).
    @usableFromInline let wordCount: Int

    @usableFromInline
    init(wordCount: Int) {
        self.wordCount = wordCount
        base = CellArena.allocate(byteCount: 8 * (2 + wordCount))
        let header = base.bindMemory(to: Atomic<UInt>.self, capacity: 2)
        header.initialize(to: Atomic(0))
        (header + 1).initialize(to: Atomic(0))
        if wordCount > 0 {
            let words = (base + 16).bindMemory(to: Atomic<UInt64>.self, capacity: wordCount)
            for index in 0..<wordCount { (words + index).initialize(to: Atomic(0)) }
        }
    }

    /// The cell at `base`, for a writer that needs neither its word count nor its type (the
    /// batch's loop, which keeps only the pointer).
    @inline(__always)
    init(base: UnsafeMutableRawPointer) {
        self.base = base
        wordCount = 0
    }

    /// Frees the allocation (no reader or writer may use the cell afterwards).
    func deallocate() {
        CellArena.deallocate(base, byteCount: 8 * (2 + wordCount))
    }

    @usableFromInline
    var sequence: UnsafeMutablePointer<Atomic<UInt>> {
        base.assumingMemoryBound(to: Atomic<UInt>.self)
    }

    @usableFromInline
    var words: UnsafeMutablePointer<Atomic<UInt64>> {
        (base + 16).assumingMemoryBound(to: Atomic<UInt64>.self)
    }

    /// Whether the state's values are observed, and the stamp of the last tick that queued it
    /// for publishing: bit 0 set once observed, the rest the stamp (read or changed only with the
    /// cell locked).
    @inlinable
    var flags: UInt {
        get { (sequence + 1).pointee.load(ordering: .relaxed) }
        nonmutating set { (sequence + 1).pointee.store(newValue, ordering: .relaxed) }
    }

    /// Whether the state's values are observed (the cell must be locked).
    @inlinable
    var isObserved: Bool { flags & 1 != 0 }

    /// Marks the state's values observed (the cell must be locked).
    func markObserved() {
        if flags & 1 == 0 { flags = 1 }
    }

    // MARK: Writers

    /// The sequence's bit set while a writer is at work.
    @usableFromInline static let writingBit: UInt = 1
    /// The sequence's bit set while a group owns the cell.
    @usableFromInline static let groupOwnedBit: UInt = 2
    /// What a release adds to the sequence (above the two bits).
    @usableFromInline static let sequenceStep: UInt = 4

    /// Takes the cell for writing, waiting while another writer holds it. Never for a cell a group
    /// owns (its writers hold the group's lock and call ``lockAsGroupWriter()``; anyone else ends
    /// the ownership first).
    ///
    /// - Returns: The sequence number to pass to ``unlock(from:)``.
    @inlinable @inline(__always)
    func lock() -> UInt {
        let current = sequence.pointee.load(ordering: .relaxed)
        if current & (Self.writingBit | Self.groupOwnedBit) == 0,
            sequence.pointee.compareExchange(expected: current, desired: current | 1, ordering: .acquiring).exchanged
        {
            return current
        }
        return lockContended()
    }

    @usableFromInline @inline(never)
    func lockContended() -> UInt {
        var attempts = 0
        while true {
            let current = sequence.pointee.load(ordering: .relaxed)
            if current & (Self.writingBit | Self.groupOwnedBit) == 0,
                sequence.pointee.compareExchange(expected: current, desired: current | 1, ordering: .acquiring)
                    .exchanged
            {
                return current
            }
            attempts += 1
            if attempts >= 64 {
                yieldThread()
                attempts = 0
            }
        }
    }

    /// Releases the cell taken by ``lock()`` or ``lockAsGroupWriter()``, publishing what was
    /// written.
    @inlinable @inline(__always)
    func unlock(from sequence: UInt) {
        self.sequence.pointee.store(sequence &+ Self.sequenceStep, ordering: .releasing)
    }

    /// Takes the cell for writing, for a writer that holds the lock of the animator group it
    /// belongs to: a cell that group owns is marked with two plain stores (the group's lock keeps
    /// every other writer out), any other cell is locked as ``lock()`` locks it.
    ///
    /// A cell owned by a group is only ever written by that group's animators: an animator on
    /// another clock ends the ownership when it is made (``AnimatedState``), so the owner here is
    /// the caller's group.
    ///
    /// - Returns: The sequence number to pass to ``unlock(from:)``.
    @inlinable @inline(__always)
    func lockAsGroupWriter() -> UInt {
        let current = sequence.pointee.load(ordering: .relaxed)
        if current & (Self.writingBit | Self.groupOwnedBit) == Self.groupOwnedBit {
            sequence.pointee.store(current | Self.writingBit, ordering: .relaxed)
            // The odd sequence is seen before any word written after it (a sequence lock's writer).
            atomicMemoryFence(ordering: .releasing)
            return current
        }
        return lock()
    }

    /// Whether a group owns the cell.
    var isGroupOwned: Bool {
        sequence.pointee.load(ordering: .relaxed) & Self.groupOwnedBit != 0
    }

    /// Marks a new cell owned by a group (before anyone else can reach it).
    @inlinable
    func markGroupOwned() {
        let current = sequence.pointee.load(ordering: .relaxed)
        sequence.pointee.store(current | Self.groupOwnedBit, ordering: .releasing)
    }

    /// Ends a group's ownership, for good (the caller holds that group's lock, so no writer is at
    /// work on the cell, unless it is the caller's own thread writing this very cell, which a
    /// state's documentation rules out). From then on every writer takes the cell with ``lock()``.
    func endGroupOwnership() {
        let current = sequence.pointee.load(ordering: .relaxed)
        guard current & Self.groupOwnedBit != 0, current & Self.writingBit == 0 else { return }
        sequence.pointee.store((current & ~Self.groupOwnedBit) &+ Self.sequenceStep, ordering: .releasing)
    }

    /// Stores the bits of a `Double` at word `index` (the cell must be locked).
    @inlinable @inline(__always)
    func store(_ value: Double, atWord index: Int) {
        words[index].store(value.bitPattern, ordering: .relaxed)
    }

    /// The `Double` at word `index` (a number of a plain-data value), without locking: one word
    /// is stored whole by every writer, so it is never read half-written, and a number needs no
    /// other word to agree with. Starting an animator of a group-owned state then writes nothing
    /// to the cell, and of a shared one takes no lock.
    func number(atWord index: Int) -> Double {
        Double(bitPattern: words[index].load(ordering: .relaxed))
    }

    /// Stores a plain-data value (the cell must be locked): its bytes word by word, the last
    /// word padded with zeros. No temporary buffer, so unspecialised code (a state made for a
    /// type its module does not know) pays only the value's copy.
    @inlinable
    func storePlain<Value>(_ value: Value) {
        withUnsafeBytes(of: value) { bytes in
            let full = bytes.count / 8
            for index in 0..<full {
                words[index].store(bytes.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self), ordering: .relaxed)
            }
            let tail = bytes.count - 8 * full
            if tail > 0 {
                var last: UInt64 = 0
                withUnsafeMutableBytes(of: &last) { word in
                    word.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[(8 * full)...]))
                }
                words[full].store(last, ordering: .relaxed)
            }
        }
    }

    // MARK: Readers

    /// Copies out a plain-data value, without locking (retrying while a writer is at work).
    @inlinable
    func loadPlain<Value>(as type: Value.Type) -> Value {
        let before = sequence.pointee.load(ordering: .acquiring)
        if before & 1 == 0 {
            let value = copyPlain(as: type)
            atomicMemoryFence(ordering: .acquiring)
            if sequence.pointee.load(ordering: .relaxed) == before { return value }
        }
        return loadPlainContended(as: type)
    }

    /// ``loadPlain(as:)`` as a call that releases nothing (for plain data, which holds no
    /// references): ``AnimatedState/value`` reads through it so that a caller's loop over its
    /// objects (`for animator in animators { animator.state.value }`) need not retain each object
    /// around the read, as it must around inlined atomic loads. Specialised for each value type,
    /// never inlined. Measured over 10,000 states: 10 ns a read before, 5.6 ns after.
    @inlinable @inline(never) @_effects(releasenone)
    func loadPlainOutOfLine<Value>(as type: Value.Type) -> Value {
        loadPlain(as: type)
    }

    /// The retry loop of ``loadPlain(as:)``: a writer is at work; after a while, let it run.
    @usableFromInline @inline(never)
    func loadPlainContended<Value>(as type: Value.Type) -> Value {
        var attempts = 0
        while true {
            let before = sequence.pointee.load(ordering: .acquiring)
            if before & 1 == 0 {
                let value = copyPlain(as: type)
                atomicMemoryFence(ordering: .acquiring)
                if sequence.pointee.load(ordering: .relaxed) == before { return value }
            }
            attempts += 1
            if attempts >= 64 {
                yieldThread()
                attempts = 0
            }
        }
    }

    /// Copies the value's words to `destination` (`8 × wordCount` bytes, 8-aligned) without
    /// locking, retrying while a writer is at work: a read that needs no type, so code that is
    /// generic over the value pays no type lookup for it.
    func copyWords(to destination: UnsafeMutableRawPointer) {
        var attempts = 0
        while true {
            let before = sequence.pointee.load(ordering: .acquiring)
            if before & 1 == 0 {
                for index in 0..<wordCount {
                    destination.storeBytes(
                        of: words[index].load(ordering: .relaxed), toByteOffset: 8 * index, as: UInt64.self)
                }
                atomicMemoryFence(ordering: .acquiring)
                if sequence.pointee.load(ordering: .relaxed) == before { return }
            }
            attempts += 1
            if attempts >= 64 {
                yieldThread()
                attempts = 0
            }
        }
    }

    /// Copies the words into a value (under the lock, or as part of an optimistic read).
    @inlinable @inline(__always)
    func copyPlain<Value>(as type: Value.Type) -> Value {
        // Sizes from the type, not from `wordCount`, so a specialised read is a few loads.
        let count = (MemoryLayout<Value>.size + 7) / 8
        if count == 1, MemoryLayout<Value>.size == 8 {
            return unsafeBitCast(words[0].load(ordering: .relaxed), to: Value.self)
        }
        return withUnsafeTemporaryAllocation(
            byteCount: 8 * count, alignment: Swift.max(8, MemoryLayout<Value>.alignment)
        ) { buffer in
            let raw = buffer.baseAddress!
            for index in 0..<count {
                raw.storeBytes(of: words[index].load(ordering: .relaxed), toByteOffset: 8 * index, as: UInt64.self)
            }
            return raw.load(as: Value.self)
        }
    }
}
