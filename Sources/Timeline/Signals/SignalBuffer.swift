/// A first-in first-out buffer that applies a ``BufferingPolicy`` and counts what it drops.
///
/// Storage is a ring that grows to the policy's limit and is then reused, so a steady stream of
/// values allocates nothing.
@usableFromInline
struct SignalBuffer<Element> {
    @usableFromInline let policy: BufferingPolicy
    @usableFromInline var storage: ContiguousArray<Element?> = []
    @usableFromInline var head = 0
    @usableFromInline var count = 0
    /// The number of values dropped so far.
    @usableFromInline var dropped = 0

    @inlinable
    init(policy: BufferingPolicy) { self.policy = policy }

    @inlinable
    var isEmpty: Bool { count == 0 }

    /// Adds `element` as the policy says, dropping a value if the buffer is full.
    ///
    /// - Returns: The element that was dropped (the oldest waiting one or `element` itself), so
    ///   that the caller can release it outside its lock.
    @inlinable
    @discardableResult
    mutating func push(_ element: Element) -> Element? {
        switch policy.kind {
        case .newest(let limit) where count == limit:
            dropped += 1
            let oldest = removeFirst()
            append(element)
            return oldest
        case .oldest(let limit) where count == limit:
            dropped += 1
            return element
        default:
            append(element)
            return nil
        }
    }

    /// Removes and returns the oldest value, if any.
    @inlinable
    mutating func removeFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head].take()
        head += 1
        if head == storage.count { head = 0 }
        count -= 1
        return element
    }

    /// Removes every value, keeping the storage; returns them so they are released after unlocking.
    @inlinable
    mutating func removeAll() -> ContiguousArray<Element?> {
        let removed = storage
        storage = ContiguousArray(repeating: nil, count: storage.count)
        head = 0
        count = 0
        return removed
    }

    @inlinable
    mutating func append(_ element: Element) {
        if count == storage.count {
            grow()
        }
        var tail = head + count
        if tail >= storage.count { tail -= storage.count }
        storage[tail] = element
        count += 1
    }

    @usableFromInline
    mutating func grow() {
        let capacity = Swift.max(storage.count * 2, 1)
        let bounded = policy.limit.map { Swift.min(capacity, $0) } ?? capacity
        var larger = ContiguousArray<Element?>(repeating: nil, count: Swift.max(bounded, count + 1))
        for offset in 0..<count {
            var index = head + offset
            if index >= storage.count { index -= storage.count }
            larger[offset] = storage[index].take()
        }
        storage = larger
        head = 0
    }
}
