import Testing
import Timeline

@Suite("BufferingPolicy")
struct BufferingPolicyTests {
    @Test("presets and their limits")
    func presets() {
        #expect(BufferingPolicy.latest == .keepingNewest(1))
        #expect(BufferingPolicy.latest.limit == 1)
        #expect(BufferingPolicy.keepingNewest(8).limit == 8)
        #expect(BufferingPolicy.keepingOldest(3).limit == 3)
        #expect(BufferingPolicy.unbounded.limit == nil)
        #expect(BufferingPolicy.keepingNewest(2) != .keepingOldest(2))
    }

    @Test("a limit below 1 means 1", arguments: [0, -1, Int.min])
    func limitsBelowOne(limit: Int) {
        #expect(BufferingPolicy.keepingNewest(limit) == .latest)
        #expect(BufferingPolicy.keepingOldest(limit).limit == 1)
    }

    @Test("descriptions name the policy")
    func descriptions() {
        #expect(BufferingPolicy.latest.description == "latest")
        #expect(BufferingPolicy.keepingNewest(4).description == "keepingNewest(4)")
        #expect(BufferingPolicy.keepingOldest(2).description == "keepingOldest(2)")
        #expect(BufferingPolicy.unbounded.description == "unbounded")
    }
}
