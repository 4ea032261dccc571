import Synchronization

/// Becomes `true` when the object it was given to is deinitialised.
final class ReleaseFlag: Sendable {
    private let flag = Atomic(false)

    init() {}

    var isReleased: Bool { flag.load(ordering: .acquiring) }

    func markReleased() { flag.store(true, ordering: .releasing) }
}

/// An object whose deinitialisation the tests observe through a ``ReleaseFlag``.
final class Tracked: Sendable {
    let flag: ReleaseFlag
    let id: Int

    init(_ flag: ReleaseFlag, id: Int = 0) {
        self.flag = flag
        self.id = id
    }

    deinit { flag.markReleased() }
}

/// A counter shared between threads.
final class Counter: Sendable {
    private let count = Atomic(0)

    init() {}

    var value: Int { count.load(ordering: .acquiring) }

    func increment() { count.add(1, ordering: .acquiringAndReleasing) }
}
