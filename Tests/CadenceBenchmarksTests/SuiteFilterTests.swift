import CadenceBenchmarks
import Testing

@Suite("The suite's --filter")
struct SuiteFilterTests {
    @Test("a filter keeps the names that contain it; `$` anchors the end; `|` separates alternatives")
    func matching() {
        #expect(BenchmarkSuite.name("scalar/forward/10000", matches: "scalar"))
        #expect(BenchmarkSuite.name("scalar/forward/10000", matches: "forward/1000"))
        #expect(!BenchmarkSuite.name("scalar/forward/10000", matches: "forward/1000$"))
        #expect(BenchmarkSuite.name("scalar/forward/1000", matches: "forward/1000$"))
        #expect(BenchmarkSuite.name("authoring/bank/10000", matches: "transitions|authoring/bank"))
        #expect(BenchmarkSuite.name("transitions/scene/9x1000", matches: "transitions|authoring/bank"))
        #expect(!BenchmarkSuite.name("authoring/track-value/10000", matches: "transitions|authoring/bank"))
        #expect(BenchmarkSuite.name("scalar/forward/1000", matches: "springs|forward/1000$"))
        #expect(!BenchmarkSuite.name("scalar/forward/10000", matches: "springs|forward/1000$"))
    }
}
