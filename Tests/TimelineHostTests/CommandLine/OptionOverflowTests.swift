import CadenceCommandHarness
import Foundation
import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// Numbers too large for an `Int` are bad input, not a crash (found by the Lottie fuzz target,
/// then looked for in every option that becomes an `Int`).
@Suite("Options and fields beyond Int")
struct OptionOverflowTests {
    @Test("--jobs 1e300 and --jobs 0 exit 2 with a message")
    func jobs() throws {
        let out = NSTemporaryDirectory() + "cadence-overflow-\(UUID().uuidString)/"
        for value in ["1e300", "0", "257", "2.5"] {
            let render = cadence(["preset", "card-expand", "--format", "png", "--out", out, "--frames", "0..0", "--jobs", value])
            #expect(render.status == 2 && render.err.contains("'--jobs'"), "\(value): \(render.err)")
            let golden = cadence(["golden", "check", "--preset", "card-expand", "--dir", out, "--jobs", value])
            #expect(golden.status == 2 && golden.err.contains("'--jobs'"), "\(value): \(golden.err)")
        }
    }

    @Test("--size beyond a picture's largest side exits 2 with a message")
    func size() throws {
        let document = try temporaryFile("dot.json", #"{"cadence": 1, "tracks": [{"name": "x", "keyframes": [{"value": 0}]}], "scene": {"size": [10, 10], "layers": []}}"#)
        let out = NSTemporaryDirectory() + "cadence-overflow-\(UUID().uuidString)/"
        for size in ["1e300x100", "100x16385"] {
            let result = cadence(["render", document, "--format", "png", "--size", size, "--out", out])
            #expect(result.status == 2 && result.err.contains("at most 16384 pixels a side"), "\(size): \(result.err)")
        }
    }

    @Test("a Lottie layer's ind, parent or ty beyond Int is a named error")
    func lottieIntegers() throws {
        for key in ["ind", "parent", "ty"] {
            let layer = #"{"ty": 3, "ind": 1, "ip": 0, "op": 2}"#.replacingOccurrences(of: "\"ip\"", with: "\"\(key)\": 1e300, \"ip\"")
                .replacingOccurrences(of: "\"ty\": 3, ", with: key == "ty" ? "" : "\"ty\": 3, ")
                .replacingOccurrences(of: "\"ind\": 1, ", with: key == "ind" ? "" : "\"ind\": 1, ")
            let file = try temporaryFile("big.json", #"{"fr": 30, "ip": 0, "op": 2, "layers": [\#(layer)]}"#)
            let result = cadence("lottie", "values", file)
            #expect(result.status == 2 && result.err.contains("layers[0].\(key): expected a whole number"), "\(key): \(result.err)")
        }
        let long = try temporaryFile("long.json", #"{"fr": 30, "ip": 0, "op": 1e300, "layers": []}"#)
        #expect(cadence("lottie", "values", long).err.contains("more than a million frames"))
    }
}
