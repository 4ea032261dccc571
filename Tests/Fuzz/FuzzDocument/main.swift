// libFuzzer target: the document reader (`TimelineDocument(parsing:)`: JSON, then validation),
// then the first frames of a document that reads, as JSON Lines. A finding is a crash, a hang, a
// document that reads but does not render, or one that renders a non-finite value (`null`).
import FuzzDriver
import Timeline
import TimelinePlugins
import CadenceHostCore
import CadenceIO

runFuzzer("FuzzDocument") { data, count in
    guard let document = try? TimelineDocument(parsing: fuzzText(data, count)) else { return 0 }
    var source = document.makeSource()
    var sink = JSONLinesSink(output: StringOutput())
    do {
        _ = try HostLoop.renderOffline(&source, frameRate: document.frameRate, frames: 0...2, to: &sink)
    } catch {
        preconditionFailure("a document that reads fails to render: \(error)")
    }
    // A value that is not finite prints as `null`: a document that validates must never.
    let text = sink.output.text
    precondition(!text.contains(":null"), "a document that reads renders a non-finite value: \(text.prefix(300))")
    return 0
}
