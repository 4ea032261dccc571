import Synchronization

/// A tick handler's place on a clock; cancelling it, or releasing it, removes the handler.
public final class ClockRegistration: Sendable, Hashable {
    /// Whether the clock's handler still receives ticks (the clock reads the same flag).
    private let flag: ClockCore.ActiveFlag
    private let onCancel: Locked<(@Sendable () -> Void)?>

    init(_ flag: ClockCore.ActiveFlag, onCancel: @escaping @Sendable () -> Void) {
        self.flag = flag
        self.onCancel = Locked(onCancel)
    }

    /// Whether the handler still receives ticks.
    public var isActive: Bool { flag.isActive.load(ordering: .acquiring) }

    /// Removes the handler; it receives nothing after this returns. Calling it again does nothing.
    public func cancel() {
        guard flag.isActive.exchange(false, ordering: .acquiringAndReleasing) else { return }
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit { cancel() }

    /// Identity.
    public static func == (lhs: ClockRegistration, rhs: ClockRegistration) -> Bool { lhs === rhs }

    /// Identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
