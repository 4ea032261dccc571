import Synchronization

/// A reference settled at most once, then read with one atomic load: unset, then either an
/// object (retained, released with the reference) or settled as none.
///
/// For what many threads look up on hot paths and compute once: a clock's animator group
/// (``ClockCore``), a timing curve's shared table (``CurveTableSlot``). Two threads may both
/// compute it; the first to store its result wins, and the other's is released.
struct OnceReference<Object: AnyObject & Sendable>: ~Copyable, Sendable {
    /// 0 while unset, ``settledAsNone`` once settled with no object, else the object's address.
    private let word = Atomic<UInt>(0)
    private static var settledAsNone: UInt { 1 }

    init() {}

    deinit {
        if let object = Self.object(at: word.load(ordering: .acquiring)) {
            Unmanaged.passUnretained(object).release()
        }
    }

    /// The object, if one is settled (`nil` while unset, and once settled as none).
    var object: Object? {
        Self.object(at: word.load(ordering: .acquiring))
    }

    /// The settled object, or `make()`'s result, settled now, the first time.
    func object(orSettle make: () -> Object?) -> Object? {
        let stored = word.load(ordering: .acquiring)
        if stored != 0 { return Self.object(at: stored) }
        let made = make()
        let desired = made.map { UInt(bitPattern: Unmanaged.passRetained($0).toOpaque()) } ?? Self.settledAsNone
        let (exchanged, original) = word.compareExchange(expected: 0, desired: desired, ordering: .acquiringAndReleasing)
        if exchanged { return made }
        // Another thread settled it first: its answer is the one.
        if let made { Unmanaged.passUnretained(made).release() }
        return Self.object(at: original)
    }

    /// `body`'s result for the settled object, or `make(context)`'s, settled now, the first time;
    /// `nil` if none is settled. The object is lent to `body`, not retained (this reference keeps
    /// it). `make` takes what it needs as `context`, so that it captures nothing: a closure that
    /// captured its owner made every caller retain and release the owner.
    func withObject<Context, Result>(
        orSettle make: (Context) -> Object?, from context: Context, _ body: (Object) -> Result
    ) -> Result? {
        var stored = word.load(ordering: .acquiring)
        if stored == 0 {
            _ = object(orSettle: { make(context) })
            stored = word.load(ordering: .acquiring)
        }
        guard stored > Self.settledAsNone, let pointer = UnsafeRawPointer(bitPattern: stored) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// The object a stored word names.
    private static func object(at word: UInt) -> Object? {
        guard word > settledAsNone, let pointer = UnsafeRawPointer(bitPattern: word) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }
}
