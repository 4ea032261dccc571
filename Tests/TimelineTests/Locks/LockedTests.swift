import Dispatch
import Testing
import Timeline

/// A reference whose release the tests can observe.
private final class Token: Sendable {}

private struct Refusal: Error, Equatable {}

@Suite("Locked (Cadence's lock)")
struct LockedTests {
    @Test func withLockReturnsTheBodysResultAndKeepsItsChanges() {
        let lock = Locked([1, 2])
        let count = lock.withLock { values in
            values.append(3)
            return values.count
        }
        #expect(count == 3)
        #expect(lock.withLock { $0 } == [1, 2, 3])
    }

    @Test func copiesShareOneValue() {
        let lock = Locked(0)
        let copy = lock
        copy.withLock { $0 = 7 }
        #expect(lock.withLock { $0 } == 7)
    }

    @Test func anErrorLeavesTheLockFreeAndTheChangesMade() {
        let lock = Locked(0)
        #expect(throws: Refusal()) {
            try lock.withLock { (value: inout Int) throws(Refusal) in
                value = 1
                throw Refusal()
            }
        }
        // Not released, this would deadlock; released, it sees the change made before the throw.
        #expect(lock.withLock { $0 } == 1)
    }

    @Test func twoThreadsNeverLoseAnUpdate() {
        let lock = Locked(0)
        let iterations = 100_000
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in 0..<iterations { lock.withLock { $0 += 1 } }
        }
        #expect(lock.withLock { $0 } == 2 * iterations)
    }

    @Test func theValueIsReleasedWithTheLock() {
        weak var released: Token?
        do {
            let token = Token()
            released = token
            let lock = Locked<Token?>(token)
            #expect(lock.withLock { $0 } === token)
        }
        #expect(released == nil)
    }

    @Test func valuesOfAnyAlignmentRoundTrip() {
        let small = Locked<UInt8>(200)
        let wide = Locked<SIMD4<Double>>(SIMD4(1, 2, 3, 4))
        let empty = Locked(())
        small.withLock { $0 &+= 100 }
        wide.withLock { $0 *= 2 }
        empty.withLock { _ in }
        #expect(small.withLock { $0 } == 44)
        #expect(wide.withLock { $0 } == SIMD4(2, 4, 6, 8))
    }
}
