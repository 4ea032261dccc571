import Testing
import Timeline
import TimelineHost

/// `cadence bench` reaches the suite through `BenchmarkCommand`; the executable registers the real
/// suite, these tests a recording one.
@Suite("cadence bench")
struct BenchCommandTests {
    @Test("without a suite the command says so; with one it passes the options on and prints its lines")
    func benchCommand() {
        let missing = cadence("bench", "--quick")
        #expect(missing.status == 2)
        #expect(missing.err.contains("not linked"))

        let requests = Locked<[BenchmarkRequest]>([])
        BenchmarkCommand.register { request, write in
            requests.withLock { $0.append(request) }
            try write("case one")
            try write("case two")
        }
        let quick = cadence("bench", "--quick", "--filter", "scalar/forward/1000$", "--json", "out.json")
        #expect(quick.status == 0)
        #expect(quick.out == "case one\ncase two\n")
        let full = cadence("bench")
        #expect(full.status == 0)
        #expect(requests.withLock { $0 } == [
            BenchmarkRequest(quick: true, filter: "scalar/forward/1000$", jsonPath: "out.json"),
            BenchmarkRequest(quick: false, filter: nil, jsonPath: nil),
        ])

        #expect(cadence("bench", "--filter", "").status == 2)
        #expect(cadence("bench", "--quick=yes").status == 2)
        #expect(cadence("bench", "stray").status == 2)
    }

    @Test("with a FILE, or an option only document benchmarks have, bench measures documents; under --check every error exits 1")
    func documentMode() {
        let missing = cadence("bench", "/nonexistent/menu.json")
        #expect(missing.status == 2)
        #expect(missing.err == "cadence: error: cannot read /nonexistent/menu.json: No such file or directory\n")
        let checked = cadence("bench", "/nonexistent/menu.json", "--baseline", "main", "--check")
        #expect(checked.status == 1)
        #expect(checked.err == missing.err)
        let nothing = cadence("bench", "--check")
        #expect(nothing.status == 1)
        #expect(nothing.err.hasPrefix("cadence: error: missing FILE or --preset NAME"))
        #expect(cadence("bench", "--baseline", "main").status == 2)
        #expect(cadence("bench", "--preset", "nope", "--check").err.contains("unknown preset 'nope'"))
        #expect(cadence("bench", "--preset", "nope", "--check").status == 1)
        #expect(cadence("bench", "--help").out.contains("2 on a regression, 4 on"))
    }
}
