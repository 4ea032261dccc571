import CadenceCommandHarness
import Foundation
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceIO
@testable import CadenceHostCore

/// Every documented limit on input (Docs/Reliability.md, "Limits") gives its clear error.
@Suite("Input limits")
struct InputLimitTests {
    static let small = #"{"cadence": 1, "tracks": [{"name": "a", "keyframes": [{"value": 1}]}]}"#

    /// A valid document padded with spaces to exactly `count` bytes.
    static func padded(to count: Int) -> String {
        small + String(repeating: " ", count: count - small.utf8.count)
    }

    @Test func aDocumentIsAtMostSixteenMebibytes() throws {
        #expect(TimelineDocument.maximumSize == 16_777_216)
        let atLimit = try temporaryFile("limit.json", Self.padded(to: 16_777_216))
        #expect(cadence("validate", atLimit) == (0, "", ""))
        let over = try temporaryFile("over.json", Self.padded(to: 16_777_217))
        let result = cadence("validate", over)
        #expect(result.status == 2)
        #expect(result.err == "cadence: error: cannot read \(over): it is longer than 16777216 bytes, the most accepted\n")
        // The same limit for a document parsed in code, before any parsing.
        #expect(throws: DocumentErrors(errors: [DocumentError(
            file: "big.json", path: "$",
            message: "the document is 16777217 bytes, longer than 16777216 bytes (16 MiB), the most accepted")])) {
            _ = try TimelineDocument(parsing: Self.padded(to: 16_777_217), file: "big.json")
        }
    }

    @Test func benchReadsItsFilesWithinTheirLimits() throws {
        // The reliability audit's defect 4: these read without limit (an abort at 4.3 GB, or
        // never returning for /dev/urandom).
        let card = "Docs/examples/card.json"
        let over = try temporaryFile("over.json", Self.padded(to: 16_777_217))
        let tooLong = "it is longer than 16777216 bytes, the most accepted"
        #expect(cadence("bench", over, "--quick").err.contains("cannot read \(over): \(tooLong)"))
        #expect(cadence("bench", card, "--compare", over, "--quick").err.contains("cannot read \(over): \(tooLong)"))
    }

    @Test func jsonNestsAtMost512Levels() throws {
        let deep = try temporaryFile("deep.json", String(repeating: "[", count: 513) + String(repeating: "]", count: 513))
        let result = cadence("validate", deep)
        #expect(result.err == "cadence: error: \(deep): $: invalid JSON: line 1, column 513: nesting deeper than 512 levels\n")
        // 512 levels parse (and are then not a document).
        let atLimit = try temporaryFile("deep.json", String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        #expect(cadence("validate", atLimit).err.contains("$: expected an object, found an array"))
    }

    @Test func framesRatesAndSamplesHaveTheirLimits() throws {
        let card = "Docs/examples/card.json"
        #expect(cadence("render", card, "--fps", "100001").err.contains("'--fps' needs a number greater than 0 and at most 100000, got '100001'"))
        #expect(cadence("render", card, "--fps", "100000", "--frames", "0..0").status == 0)
        #expect(cadence("render", card, "--frames", "0..2147483648").err.contains("'--frames' needs A..B with 0 <= A <= B <= 2147483647"))
        #expect(cadence("curve", "linear", "--samples", "10000001").err.contains("is at most 10000000"))
        #expect(cadence("morph", "--from", "M0 0 L1 1", "--to", "M0 0 L2 2", "--samples", "10000001").err.contains("is at most 10000000"))
    }

    @Test func channelsAreFoundByNameTheFirstOfARepeatedName() {
        let schema = FrameSchema([("a", .scalar), ("b", .vector(2)), ("a", .color)])
        #expect(schema.channel(named: "b")?.offset == 1)
        #expect(schema.channel(named: "a")?.kind == .scalar)
        #expect(schema.channel(named: "c") == nil)
    }
}
