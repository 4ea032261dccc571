// libFuzzer target: the SVG path-data parser (`Path(svgPathData:)`). A path that parses must
// print as path data that parses again to as many elements. A finding is a crash, a hang or a
// failed round trip.
import FuzzDriver
import Timeline
import TimelinePlugins

runFuzzer("FuzzPathData") { data, count in
    guard let path = try? Path(svgPathData: fuzzText(data, count)) else { return 0 }
    let printed = path.svgPathData
    do {
        let again = try Path(svgPathData: printed)
        precondition(again.elementCount == path.elementCount, "round trip changed \(printed)")
    } catch {
        preconditionFailure("printed path data does not parse: \(printed): \(error)")
    }
    return 0
}
