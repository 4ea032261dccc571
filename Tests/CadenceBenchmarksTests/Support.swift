import CadenceBenchmarks
import Foundation
import TimelineHost

/// Output collected in memory, shared with the tool under test.
final class CapturedOutput: TextOutput {
    var bytes: [UInt8] = []
    var text: String { String(decoding: bytes, as: UTF8.self) }
    func write(_ text: String) throws { bytes += Array(text.utf8) }
    func write(bytes buffer: UnsafeRawBufferPointer) throws { bytes += buffer }
    func flush() throws {}
}

/// Runs `cadence bench ARGUMENTS` in-process with the document benchmarks installed, as the
/// executable installs them: (status, standard output, standard error).
func bench(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    BenchmarkCommand.registerDocuments { request, console in try DocumentBenchmark.run(request, console: console) }
    let out = CapturedOutput(), err = CapturedOutput()
    var tool = CadenceTool(standardOutput: out, standardError: err)
    let status = tool.run(["bench"] + arguments)
    return (status, out.text, err.text)
}

/// A fresh temporary directory.
func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "cadence-bench-test-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Writes `contents` to `directory/name` and returns the path.
func write(_ contents: String, to name: String, in directory: String) throws -> String {
    let path = directory + "/" + name
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// A document of `tracks` eased number tracks over `duration` seconds at 60 fps.
func benchDocument(tracks: Int, duration: Double = 0.25) -> String {
    let items = (0..<tracks).map { index in
        #"{"name": "t\#(index)", "keyframes": [{"time": 0, "value": \#(index)}, {"time": \#(duration), "value": \#(index * 2 + 1), "curve": "ease-in-out"}]}"#
    }
    return #"{"cadence": 1, "fps": 60, "tracks": ["# + items.joined(separator: ", ") + "]}"
}

/// Options that keep a test run short: few batches, a fixed order.
let shortRun = ["--batches", "8", "--warmup", "1", "--seed", "7"]
