import CadenceCommandHarness
import Foundation
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceIO
@testable import CadenceHostCore

/// A CSV header names every column once: documents reject track names whose columns would
/// coincide, and the CSV sink refuses such a schema from any other source.
@Suite("Unambiguous CSV columns")
struct CSVColumnTests {
    func validate(_ tracks: String) throws -> (status: Int32, out: String, err: String) {
        let file = try temporaryFile("columns.json", #"{"cadence": 1, "tracks": [\#(tracks)]}"#)
        let result = cadence("validate", file)
        return (result.status, result.out, result.err.replacingOccurrences(of: file, with: "FILE"))
    }

    @Test func aVectorAndANumberWithItsColumnNameAreRejected() throws {
        let result = try validate(#"{"name": "e", "keyframes": [{"value": [1, 2]}]}, {"name": "e[0]", "keyframes": [{"value": 3}]}"#)
        #expect(result.status == 2)
        #expect(result.err == """
            cadence: error: FILE: tracks[1].name: track "e[0]" and track "e" (tracks[0]) would both have the CSV column "e[0]"; rename one of them

            """)
        // The other order names the other track.
        let reversed = try validate(#"{"name": "e[1]", "keyframes": [{"value": 3}]}, {"name": "e", "keyframes": [{"value": [1, 2]}]}"#)
        #expect(reversed.err == """
            cadence: error: FILE: tracks[1].name: track "e" and track "e[1]" (tracks[0]) would both have the CSV column "e[1]"; rename one of them

            """)
    }

    @Test func aColourAndANumberWithItsColumnNameAreRejected() throws {
        let result = try validate(##"{"name": "c", "keyframes": [{"value": "#ff0000"}]}, {"name": "c.a", "keyframes": [{"value": 1}]}"##)
        #expect(result.status == 2)
        #expect(result.err.contains(#"tracks[1].name: track "c.a" and track "c" (tracks[0]) would both have the CSV column "c.a""#))
    }

    @Test func theFixedColumnsAreTaken() throws {
        for name in ["frame", "time", "events"] {
            let result = try validate(#"{"name": "\#(name)", "keyframes": [{"value": 1}]}"#)
            #expect(result.status == 2)
            #expect(result.err == """
                cadence: error: FILE: tracks[0].name: track "\(name)" would have the CSV column "\(name)", which every CSV has already; rename the track

                """)
        }
    }

    @Test func namesThatDoNotCollideRenderAsCSV() throws {
        let file = try temporaryFile("fine.json", #"{"cadence": 1, "tracks": [{"name": "e", "keyframes": [{"value": [1, 2]}]}, {"name": "e[2]", "keyframes": [{"value": 3}]}, {"name": "Time", "keyframes": [{"value": 4}]}]}"#)
        let result = cadence("render", file, "--format", "csv", "--frames", "0..0")
        #expect(result.status == 0)
        #expect(result.out.split(separator: "\n").first == "frame,time,e[0],e[1],e[2],Time,events")
    }

    @Test func theSinkRefusesAnAmbiguousSchema() throws {
        var sink = CSVSink(output: StringOutput())
        let schema = FrameSchema([("p", .vector(2)), ("p[1]", .scalar)])
        #expect(throws: SinkError.unsupportedSchema(reason: #"channel "p[1]" and channel "p" (channel 0) would both have the CSV column "p[1]"; rename one of them"#)) {
            try sink.begin(schema: schema)
        }
        #expect(sink.output.bytes.isEmpty)
        #expect(CSVColumns.clashes(in: FrameSchema([("a", .vector(3)), ("a[3]", .scalar), ("b", .color)])).isEmpty)
    }
}

/// CSV that is safe in a spreadsheet, and slices that concatenate (issue 28, item 15).
@Suite("CSV safety and slices")
struct CSVSafetyTests {
    @Test func fieldsThatWouldBeFormulasAreQuotedWithAnApostrophe() {
        #expect(CSVText.field("=cmd|' /C calc'!A0") == #""'=cmd|' /C calc'!A0""#)
        #expect(CSVText.field("+1") == #""'+1""#)
        #expect(CSVText.field("-x") == #""'-x""#)
        #expect(CSVText.field("@SUM(A1)") == #""'@SUM(A1)""#)
        #expect(CSVText.field("\tx") == "\"'\tx\"")
        #expect(CSVText.field("a=b") == "a=b", "only a field that begins with one")
        #expect(CSVText.field("x\u{0}y") == "x\u{FFFD}y")
        #expect(CSVText.field("a,\"b\"") == #""a,""b""""#)
    }

    @Test func theAuditsDocumentRendersItsHeaderAsText() throws {
        let document = #"{"cadence":1,"duration":0,"tracks":[{"name":"=cmd|' /C calc'!A0","keyframes":[{"value":1}]}]}"#
        let file = try temporaryFile("inject.json", document)
        let result = cadence("render", file, "--format", "csv")
        #expect(result.status == 0)
        #expect(result.out.hasPrefix(#"frame,time,"'=cmd|' /C calc'!A0",events"#), "\(result.out)")
    }

    @Test func csvSlicesConcatenateToTheWholeRender() throws {
        let card = "Docs/examples/card.json"
        let whole = cadence("render", card, "--format", "csv", "--frames", "0..40").out
        let first = cadence("render", card, "--format", "csv", "--frames", "0..19").out
        let second = cadence("render", card, "--format", "csv", "--frames", "20..40").out
        #expect(first + second == whole)
        #expect(!second.hasPrefix("frame,"))
        #expect(cadence("render", card, "--format", "csv", "--frames", "20..20", "--header").out.hasPrefix("frame,time,"))
        #expect(!cadence("render", card, "--format", "csv", "--no-header").out.hasPrefix("frame,"))
        #expect(cadence("render", card, "--format", "csv", "--header", "--no-header").status == 2)
    }
}
