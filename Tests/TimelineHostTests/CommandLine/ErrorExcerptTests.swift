import CadenceCommandHarness
import Foundation
import Testing
import Timeline
import TimelinePlugins

/// Errors never echo unbounded input: a 1 MB number, name or key gives an error line of at most a few hundred characters (the accepted names included) that
/// keeps the start of the input, "…" and the input's length.
@Suite("Bounded echoes of input in errors")
struct ErrorExcerptTests {
    static let megabyte = 1 << 20

    /// The one line on standard error, checked to be short and to show the excerpt of `text`.
    func expectShortError(_ result: (status: Int32, out: String, err: String), echoing count: Int, prefix: String) {
        #expect(result.status == 2)
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.err.utf8.count < 1_500, "the error line has \(result.err.utf8.count) bytes")
        // The first 40 characters, the ellipsis and the original length.
        #expect(result.err.contains(String(prefix.prefix(40)) + "… (\(count) characters)"))
    }

    @Test func oneHugeCharacterIsCutByBytes() throws {
        // The reliability audit's defect 9: one grapheme of 2 MB made a 2 MB error line.
        let grapheme = "a" + String(repeating: "\u{301}", count: 1_000_000)
        #expect(grapheme.count == 1)
        let excerpt = InputExcerpt.excerpt(grapheme)
        #expect(excerpt.utf8.count < 200, "\(excerpt.utf8.count) bytes")
        #expect(excerpt.hasSuffix("… (1 character)"))
        #expect(excerpt.unicodeScalars.starts(with: "a\u{301}\u{301}".unicodeScalars))
        let document = #"{"cadence":1,"tracks":[{"name":"\#(grapheme)","keyframes":[{"value":1}]},{"name":"\#(grapheme)","keyframes":[{"value":1}]}]}"#
        let file = try temporaryFile("grapheme.json", document)
        let result = cadence("validate", file)
        #expect(result.status == 2)
        #expect(result.err.utf8.count < 1_000, "the error line has \(result.err.utf8.count) bytes")
    }

    @Test func controlCharactersAreEscapedNotEchoed() throws {
        // The reliability audit's defect 10: a label forged a second `cadence: error:` line and
        // sent ESC and BEL to the terminal.
        #expect(InputExcerpt.excerpt("a\u{1B}]0;pwned\u{7}\ncadence: error: forged") == #"a\u{1B}]0;pwned\u{7}\ncadence: error: forged"#)
        #expect(InputExcerpt.excerpt("tab\there\r") == #"tab\there\r"#)
        #expect(InputExcerpt.excerpt("rtl\u{202E}txt\u{2028}\u{85}") == #"rtl\u{202E}txt\u{2028}\u{85}"#)
        #expect(InputExcerpt.excerpt("plain é 名前") == "plain é 名前")
        #expect(InputExcerpt.bounded("line\nbreak \u{1B}[31m") == #"line\nbreak \u{1B}[31m"#)
        let document = #"{"cadence":1,"tracks":[{"name":"a","keyframes":[{"value":1}]}],"timeline":[{"track":"a","at":"\u001b]0;pwned\u0007\ncadence: error: forged"}]}"#
        let file = try temporaryFile("forged.json", document)
        let result = cadence("validate", file)
        #expect(result.status == 2)
        #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
        #expect(!result.err.contains("\u{1B}") && !result.err.contains("\u{7}"))
    }

    @Test func aLongFileNameKeepsTheColonAfterIt() {
        // The reliability audit's defect 15: "xxxx…(301 characters) File name too long".
        let name = String(repeating: "x", count: 300) + "y"
        let message = InputExcerpt.bounded("cannot write to \(name): File name too long")
        #expect(message == "cannot write to " + String(repeating: "x", count: 40) + "… (301 characters): File name too long")
    }

    @Test func excerptKeepsShortTextAndShortensLongText() {
        #expect(InputExcerpt.excerpt("card.scale") == "card.scale")
        let sixty = String(repeating: "a", count: 60)
        #expect(InputExcerpt.excerpt(sixty) == sixty)
        let long = String(repeating: "b", count: 61)
        #expect(InputExcerpt.excerpt(long) == String(repeating: "b", count: 40) + "… (61 characters)")
        // Characters, not bytes: 100 two-byte characters.
        #expect(InputExcerpt.excerpt(String(repeating: "é", count: 100)) == String(repeating: "é", count: 40) + "… (100 characters)")
    }

    @Test func boundedShortensLongRunsAndCapsTheMessage() {
        let token = String(repeating: "z", count: 500)
        #expect(InputExcerpt.bounded("unknown thing \(token) here") == "unknown thing \(String(repeating: "z", count: 40))… (500 characters) here")
        // A message of many short words is cut at 4,000 characters, and says so.
        let words = String(repeating: "word ", count: 10_000)
        let cut = InputExcerpt.bounded(words)
        #expect(cut.hasSuffix("… (message cut at 4000 characters)"))
        #expect(cut.count == 4_000 + "… (message cut at 4000 characters)".count)
        #expect(InputExcerpt.bounded("short") == "short")
    }

    @Test func aMegabyteNumberGivesAShortError() throws {
        let number = "1" + String(repeating: "0", count: Self.megabyte)
        let file = try temporaryFile("number.json", #"{"cadence": 1, "tracks": [{"name": "a", "keyframes": [{"value": \#(number)}]}]}"#)
        let result = cadence("validate", file)
        expectShortError(result, echoing: number.count, prefix: number)
        #expect(result.err.contains("invalid JSON: line 1, column 65: number 1000"))
    }

    @Test func aMegabyteTrackNameGivesShortErrors() throws {
        let name = String(repeating: "n", count: Self.megabyte)
        // Twice: a duplicate name.
        let duplicate = try temporaryFile("duplicate.json", #"{"cadence": 1, "tracks": [{"name": "\#(name)", "keyframes": [{"value": 1}]}, {"name": "\#(name)", "keyframes": [{"value": 2}]}]}"#)
        let twice = cadence("validate", duplicate)
        expectShortError(twice, echoing: name.count, prefix: name)
        #expect(twice.err.contains("tracks[1].name: duplicate track name"))
        // Named by the timeline but not defined.
        let unknown = try temporaryFile("unknown.json", #"{"cadence": 1, "tracks": [{"name": "a", "keyframes": [{"value": 1}]}], "timeline": [{"track": "\#(name)"}]}"#)
        let missing = cadence("render", unknown)
        expectShortError(missing, echoing: name.count, prefix: name)
        #expect(missing.err.contains("timeline[0].track: unknown track"))
        // A track with that name used as a label position that does not exist.
        let label = try temporaryFile("label.json", #"{"cadence": 1, "tracks": [{"name": "a", "keyframes": [{"value": 1}]}], "timeline": [{"track": "a", "at": "\#(name)"}]}"#)
        expectShortError(cadence("validate", label), echoing: name.count, prefix: name)
    }

    @Test func aMegabyteKeyOrStringGivesAShortError() throws {
        let key = String(repeating: "k", count: Self.megabyte)
        let unknownKey = try temporaryFile("key.json", #"{"cadence": 1, "\#(key)": 1, "tracks": [{"name": "a", "keyframes": [{"value": 1}]}]}"#)
        let keyError = cadence("validate", unknownKey)
        #expect(keyError.status == 2 && keyError.err.utf8.count < 400)
        #expect(keyError.err.contains("unknown key \"" + String(key.prefix(40)) + "… (\(key.count) characters)\""))
        let curve = try temporaryFile("curve.json", #"{"cadence": 1, "tracks": [{"name": "a", "keyframes": [{"value": 1}, {"time": 1, "value": 2, "curve": "\#(key)"}]}]}"#)
        expectShortError(cadence("validate", curve), echoing: key.count, prefix: key)
        let fill = try temporaryFile("fill.json", #"{"cadence": 1, "tracks": [{"name": "a", "fill": "\#(key)", "keyframes": [{"value": 1}]}]}"#)
        expectShortError(cadence("validate", fill), echoing: key.count, prefix: key)
    }

    @Test func aMegabyteArgumentGivesAShortError() {
        let argument = String(repeating: "x", count: Self.megabyte)
        expectShortError(cadence("preset", argument), echoing: argument.count, prefix: argument)
        expectShortError(cadence("curve", argument), echoing: argument.count, prefix: argument)
        let format = cadence("preset", "card-expand", "--format", argument)
        expectShortError(format, echoing: argument.count, prefix: argument)
    }
}
