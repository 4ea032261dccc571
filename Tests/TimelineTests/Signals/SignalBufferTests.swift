import Testing

@testable import Timeline

/// The buffer's behaviour written the obvious way, with a plain array: the reference.
struct ArrayBufferModel {
    let limit: Int?
    let dropsNewest: Bool
    var items: [Int] = []
    var dropped = 0

    mutating func push(_ value: Int) {
        if let limit, items.count == limit {
            dropped += 1
            if dropsNewest { return }
            items.removeFirst()
        }
        items.append(value)
    }

    mutating func pop() -> Int? { items.isEmpty ? nil : items.removeFirst() }
}

@Suite("SignalBuffer")
struct SignalBufferTests {
    @Test("random pushes and pops match an array model", arguments: [
        (BufferingPolicy.latest, 1 as Int?, false),
        (.keepingNewest(5), 5, false),
        (.keepingOldest(5), 5, true),
        (.keepingOldest(1), 1, true),
        (.unbounded, nil, false),
    ])
    func matchesModel(policy: BufferingPolicy, limit: Int?, dropsNewest: Bool) {
        var random = SplitMix64(state: 0xC0FFEE)
        var buffer = SignalBuffer<Int>(policy: policy)
        var model = ArrayBufferModel(limit: limit, dropsNewest: dropsNewest)
        var next = 0
        for step in 0..<20_000 {
            // Phases that mostly push and phases that mostly pop, so the ring wraps and grows.
            let pushBias: UInt64 = (step / 500).isMultiple(of: 2) ? 7 : 3
            if random.next() % 10 < pushBias {
                buffer.push(next)
                model.push(next)
                next += 1
            } else {
                #expect(buffer.removeFirst() == model.pop())
            }
            #expect(buffer.count == model.items.count)
        }
        #expect(buffer.dropped == model.dropped)
        while let value = buffer.removeFirst() { #expect(value == model.pop()) }
        #expect(model.pop() == nil)
        if let limit { #expect(buffer.storage.count <= limit) }
    }

    @Test("push returns the dropped value so it can be released outside the lock")
    func pushReturnsDropped() {
        var newest = SignalBuffer<Int>(policy: .keepingNewest(2))
        #expect(newest.push(1) == nil)
        #expect(newest.push(2) == nil)
        #expect(newest.push(3) == 1)
        var oldest = SignalBuffer<Int>(policy: .keepingOldest(2))
        _ = oldest.push(1)
        _ = oldest.push(2)
        #expect(oldest.push(3) == 3)
        #expect(oldest.dropped == 1)
    }
}
