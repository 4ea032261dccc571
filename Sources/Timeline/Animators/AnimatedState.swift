/// A value that animators write into, frame by frame: the shared state of one transition.
///
/// Several animators can animate different properties of the same state (a card's vertical
/// position on a spring and its size on a curve), each writing only what it animates.
///
/// ```swift
/// let card = AnimatedState(Card())
/// let position = try Animator(duration: 1, state: card, clock: clock)
/// let size = try Animator(duration: 0.5, state: card, clock: clock)
/// ```
///
/// Reading ``value`` never waits for the clock: a state that is plain data (numbers, points,
/// colours; no references) is read without a lock, and always whole, never half-written. The
/// animators on one clock write a state once per frame, all of them together, and ``values``
/// publishes it once per frame.
public final class AnimatedState<Root: Sendable>: @unchecked Sendable {
    /// Where the value is (held inline: a read touches only this object and the cell).
    @usableFromInline let storage: StateStorage<Root>
    /// The storage's cell.
    @inlinable var cell: StateCell { storage.cell }
    /// Whether the value is plain data, read from the cell without locking.
    @inlinable var isPlain: Bool { storage.boxed == nil }

    /// The emitter of ``values``, made the first time someone asks for it (guarded by the cell's
    /// lock): most states are written and read, never observed, and a list of 10,000 rows then
    /// makes and frees 30,000 fewer objects. Once made, it owns the storage (see ``deinit``).
    @exclusivity(unchecked) private nonisolated(unsafe) var emitter: StateEmitter<Root, Never>?
    /// The group of the animator that made this state for itself, which owns the cell until
    /// someone else writes it (see ``StateCell``): held so that its lock outlives the animator.
    @usableFromInline let ownerGroup: AnimatorGroup?

    /// The value after every update, starting with the current value for each new observer.
    ///
    /// The animators on one clock update the state together and publish it once per frame;
    /// ``update(_:)`` publishes once per call. The same emitter every time it is asked for.
    public var values: StateEmitter<Root, Never> {
        // Observed states are written under their cell's lock (it guards the emitter).
        endGroupOwnership()
        let sequence = cell.lock()
        defer { cell.unlock(from: sequence) }
        if let emitter { return emitter }
        // The emitter may outlive the state (an observer keeps it): the keeper it replays from
        // frees the storage when the last of them goes.
        let keeper = StateKeeper(storage)
        let made = StateEmitter<Root, Never>(replaying: { keeper.storage.observeAndRead() })
        emitter = made
        return made
    }

    /// Creates a state holding `initialValue`.
    public init(_ initialValue: Root) {
        storage = StateStorage(initialValue)
        ownerGroup = nil
    }

    /// Creates the state an animator of `group` makes for itself: plain data is owned by the
    /// group until someone else writes it.
    @inlinable
    init(_ initialValue: Root, ownedBy group: AnimatorGroup) {
        storage = StateStorage(initialValue)
        if storage.boxed == nil {
            storage.cell.markGroupOwned()
            ownerGroup = group
        } else {
            ownerGroup = nil
        }
    }

    /// Ends the owning group's ownership of the cell, for a writer from outside the group
    /// (under the group's lock, unless this thread holds it already: code a group runs under its
    /// lock may update another of its states).
    func endGroupOwnership() {
        guard let ownerGroup, cell.isGroupOwned else { return }
        if ownerGroup.lock.isHeldByCurrentThread {
            cell.endGroupOwnership()
        } else {
            ownerGroup.lock.withLock { cell.endGroupOwnership() }
        }
    }

    deinit {
        // An emitter, once made, holds the keeper that frees the storage; the state holds the
        // emitter, so the keeper goes with it or later, never before.
        if emitter == nil { storage.free() }
    }

    /// The current value.
    @inlinable
    public var value: Root {
        if isPlain {
            return cell.loadPlainOutOfLine(as: Root.self)
        }
        return storage.lockedRead()
    }

    /// Copies a plain-data value's words (``StateCell/wordCount`` of them) to `destination`
    /// (aligned for `Root` and to 8), as ``value`` reads it, whole and without locking; `false`,
    /// copying nothing, for a value that holds references.
    func copyPlainValue(to destination: UnsafeMutableRawPointer) -> Bool {
        guard isPlain else { return false }
        cell.copyWords(to: destination)
        return true
    }

    /// Calls `body` with a pointer to the current value, read whole.
    ///
    /// A plain-data value is copied as words, without locking and without a type lookup: code
    /// that reads states of types it cannot be specialised for (a tool rendering any of a list
    /// of presets) reads them this way in the same time as specialised code. Any other value is
    /// read as ``value`` reads it.
    ///
    /// - Parameter body: Reads the value through the pointer (a `Root`), during the call only.
    public func withUnsafeValuePointer<Result, Failure: Error>(
        _ body: (UnsafeRawPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard isPlain else {
            let current = value
            return try withUnsafePointer(to: current) { pointer throws(Failure) in try body(UnsafeRawPointer(pointer)) }
        }
        let byteCount = 8 * cell.wordCount
        let alignment = max(16, MemoryLayout<Root>.alignment)
        return try withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: alignment) { buffer throws(Failure) in
            cell.copyWords(to: buffer.baseAddress!)
            return try body(UnsafeRawPointer(buffer.baseAddress!))
        }
    }

    /// Changes the value in place, atomically with respect to other updates, then publishes it on
    /// ``values``.
    ///
    /// Updates from one thread (a clock's animators) publish in order; updates made at the same
    /// moment from several threads apply atomically but may publish in either order.
    ///
    /// The first update of a state that an animator made for itself
    /// (`Animator(duration:timing:initialValue:clock:)`) waits, once, for a frame of its clock
    /// that is being written: until then only that clock's animators wrote the state, without
    /// locking it.
    ///
    /// - Parameter body: Mutates the value; must not read or update this state (the state is
    ///   locked while it runs).
    /// - Returns: What `body` returns.
    @discardableResult
    public func update<Result: Sendable>(_ body: (inout Root) throws -> Result) rethrows -> Result {
        endGroupOwnership()
        let sequence = cell.lock()
        var root = storage.take()
        let result: Result
        do {
            result = try body(&root)
        } catch {
            storage.put(root)
            cell.unlock(from: sequence)
            throw error
        }
        storage.put(root)
        let emitter = cell.isObserved ? self.emitter : nil
        cell.unlock(from: sequence)
        emitter?.send(root)
        return result
    }

    /// Publishes the current value on ``values`` if anyone observes it: once per frame, after the
    /// clock's animators wrote it.
    func publish() {
        // Only observed states publish, and observing a state ends any group's ownership.
        guard !cell.isGroupOwned else { return }
        let sequence = cell.lock()
        let emitter = cell.isObserved ? self.emitter : nil
        let root = emitter != nil ? storage.read() : nil
        cell.unlock(from: sequence)
        if let emitter, let root { emitter.send(root) }
    }
}

/// Where an ``AnimatedState`` keeps its value: plain data in a ``StateCell``'s words, anything
/// else in a typed allocation guarded by the cell's lock. Plain memory, freed once: by the state,
/// or, once the state's ``AnimatedState/values`` exist, by the ``StateKeeper`` they read it
/// through for as long as they live (a state is then one object, not two, for as long as no one
/// observes it).
@usableFromInline
struct StateStorage<Root: Sendable>: @unchecked Sendable {
    @usableFromInline let cell: StateCell
    /// The value, for roots that are not plain data.
    @usableFromInline let boxed: UnsafeMutablePointer<Root>?

    @inlinable
    init(_ initialValue: Root) {
        if _isPOD(Root.self) {
            cell = StateCell(wordCount: (MemoryLayout<Root>.size + 7) / 8)
            boxed = nil
            cell.storePlain(initialValue)
        } else {
            cell = StateCell(wordCount: 0)
            let boxed = UnsafeMutablePointer<Root>.allocate(capacity: 1)
            boxed.initialize(to: initialValue)
            self.boxed = boxed
        }
    }

    /// Frees the value and the cell, once, when nothing reads them any more.
    func free() {
        if let boxed {
            boxed.deinitialize(count: 1)
            boxed.deallocate()
        }
        cell.deallocate()
    }

    /// The value (the cell must be locked).
    func read() -> Root {
        if let boxed { return boxed.pointee }
        return cell.copyPlain(as: Root.self)
    }

    /// Moves the value out for changing in place (the cell must be locked; ``put(_:)`` follows).
    func take() -> Root {
        if let boxed { return boxed.move() }
        return cell.copyPlain(as: Root.self)
    }

    /// Stores the value back (the cell must be locked).
    func put(_ root: Root) {
        if let boxed {
            boxed.initialize(to: root)
        } else {
            cell.storePlain(root)
        }
    }

    /// The value, read under the lock (for roots that hold references). It retains what the copy
    /// holds and releases nothing, as its effects attribute tells the optimiser.
    @usableFromInline @_effects(releasenone)
    func lockedRead() -> Root {
        let sequence = cell.lock()
        defer { cell.unlock(from: sequence) }
        return read()
    }

    /// Marks the state observed and reads its value, in one step under the lock: a writer either
    /// sees the observer or wrote before this read.
    func observeAndRead() -> Root {
        let sequence = cell.lock()
        defer { cell.unlock(from: sequence) }
        cell.markObserved()
        return read()
    }
}

/// The owner of an observed state's storage: the state's ``AnimatedState/values`` read the value
/// through it (replaying it to each new observer) for as long as they live, which may be longer
/// than the state.
final class StateKeeper<Root: Sendable>: @unchecked Sendable {
    let storage: StateStorage<Root>

    init(_ storage: StateStorage<Root>) { self.storage = storage }

    deinit { storage.free() }
}
