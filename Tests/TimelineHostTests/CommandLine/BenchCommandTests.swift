import CadenceCommandLine
import CadenceCommandHarness
import Testing
import Foundation
import Timeline
import TimelinePlugins
import TimelineHost

/// `cadence bench` runs the suite in `Benchmarks/` directly (no registration).
@Suite("cadence bench")
struct BenchCommandTests {
    @Test("the suite runs with the options given: --filter picks the cases, --json writes them; bad options exit 2")
    func benchCommand() throws {
        let json = try temporaryDirectory() + "/out.json"
        let one = cadence("bench", "--quick", "--filter", "signals/frame-batch", "--json", json)
        #expect(one.status == 0, "\(one.err)")
        let caseLines = one.out.split(separator: "\n").filter { $0.hasPrefix("signals/") }
        #expect(caseLines.count == 1 && caseLines[0].hasPrefix("signals/frame-batch/"), "\(one.out)")
        #expect(one.out.contains("quick mode"))
        let written = try String(contentsOfFile: json, encoding: .utf8)
        #expect(written.contains(#""mode": "quick""#) && written.contains(#""name": "signals/frame-batch/"#))

        let none = cadence("bench", "--quick", "--filter", "no-such-case")
        #expect(none.status == 2)
        #expect(none.err.hasPrefix("cadence: error: no case matches 'no-such-case'; scenarios: scalar, "), "\(none.err)")
        #expect(none.err.hasSuffix("(see 'cadence bench --help')\n"))
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
