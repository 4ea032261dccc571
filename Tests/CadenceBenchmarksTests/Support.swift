import CadenceBenchmarks
import CadenceCommandHarness
import Foundation
import Timeline
import TimelinePlugins
import TimelineHost

/// Runs `cadence bench ARGUMENTS` in-process: (status, standard output, standard error).
func bench(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    cadence(["bench"] + arguments)
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
