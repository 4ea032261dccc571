import CadenceCommandHarness
import Foundation
import Testing
import Timeline
import TimelinePlugins
import TimelineHost

@Suite("The cadence command, in-process")
struct CommandTests {
    @Test func renderStreamsJSONLinesAndCSV() throws {
        let file = try temporaryFile("card.json", issueExample)
        let jsonl = cadence("render", file, "--frames", "29..30")
        #expect(jsonl.status == 0)
        #expect(jsonl.out.split(separator: "\n").last == "{\"frame\":30,\"time\":0.5,\"values\":{\"card.scale\":1}}")
        let csv = cadence("render", file, "--format", "csv", "--fps", "2", "--frames", "0..1")
        #expect(csv.out == "frame,time,card.scale,events\n0,0,0.3,started document; started card.scale\n1,0.5,1,\n")
        #expect(cadence("validate", file) == (0, "", ""))
    }

    @Test func badInputExitsWithTwoAndSaysWhere() throws {
        let bad = try temporaryFile("bad.json", #"{"cadence": 1, "tracks": [{"name": "a", "keyframes": [{"value": 0}, {"time": 0, "value": 1}]}]}"#)
        let result = cadence("validate", bad)
        #expect(result.status == 2)
        #expect(result.err == "cadence: error: \(bad): tracks[0].keyframes[1].time: time 0.0 must be greater than the previous keyframe's time 0.0\n")
        let missing = cadence("render", "/nonexistent/card.json")
        #expect(missing.status == 2)
        #expect(missing.err == "cadence: error: cannot read /nonexistent/card.json: No such file or directory\n")
        #expect(cadence("render", NSTemporaryDirectory()).err.contains("it is a directory"))
    }

    @Test func badUsageExitsWithTwo() {
        #expect(cadence().status == 2)
        let unknown = cadence("frobnicate")
        #expect(unknown.status == 2 && unknown.err.hasPrefix("cadence: error: unknown command 'frobnicate'"))
        let option = cadence("curve", "ease-in", "--sample", "3")
        #expect(option.status == 2 && option.err.contains("unknown option '--sample'"))
        #expect(cadence("curve", "ease-in", "--samples", "1").status == 2)
        #expect(cadence("curve", "ease-in", "--samples", "x").status == 2)
        #expect(cadence("preset", "nope").err.hasPrefix("cadence: error: unknown preset 'nope'; presets: expanding-view"))
        #expect(cadence("preset", "card-expand", "--size", "0x10").status == 2)
        #expect(cadence("preset", "card-expand", "--operation", "sideways").status == 2)
        #expect(cadence("preset", "circular-reveal", "--operation", "pop").status == 2)
        #expect(cadence("preset", "card-expand", "--card-width", "-5").err == "cadence: error: the card needs a positive width and height\n")
        #expect(cadence("preset", "expanding-view", "--expand-duration", "-1").status == 2)
        #expect(cadence("render", "a.json", "--frames", "5..2").status == 2)
        #expect(cadence("render", "a.json", "--fps", "nan").status == 2)
    }

    @Test func absurdNumbersAreBadInputNotCrashes() throws {
        let long = try temporaryFile("long.json", #"{"cadence": 1, "duration": 1e300, "tracks": [{"name": "a", "keyframes": [{"value": 1}]}]}"#)
        let result = cadence("render", long)
        #expect(result.status == 2 && result.err.contains("is more than 2147483647 frames"))
        let card = try temporaryFile("card.json", issueExample)
        #expect(cadence("render", card, "--frames", "0..9223372036854775807").err.contains("'--frames' needs A..B with 0 <= A <= B <= 2147483647"))
        #expect(cadence("render", card, "--frames", "1..").status == 2)
        #expect(cadence("render", card, "--frames", "1....5").status == 2)
        #expect(cadence("render", card, "--frames", "3...4").out.split(separator: "\n").count == 2)
        #expect(cadence("curve", "linear", "--samples", "9223372036854775807").err.contains("is at most 10000000"))
        #expect(cadence("spring", "--response", "0.5", "--damping-ratio", "1e-300").status == 2)
        #expect(cadence("preset", "cross-dissolve", "--duration", "1e308").status == 2)
        let huge = String(repeating: "9", count: 100_000)
        let quoted = cadence("curve", "linear", "--samples", huge)
        #expect(quoted.status == 2 && quoted.err.count < 300)
        let twice = try temporaryFile("twice.json", #"{"cadence": 1, "tracks": [{"name": "a", "keyframes": [{"value": 1}]}], "timeline": [{"track": "a"}, {"track": "a"}]}"#)
        #expect(cadence("validate", twice).err.contains("timeline[1].track: track \"a\" is already placed in the timeline"))
    }

    @Test func curveSamplesEvenlyFromZeroToOne() {
        let result = cadence("curve", "cubic-bezier(0.42, 0, 0.58, 1)", "--samples", "5")
        #expect(result.status == 0)
        let rows = result.out.split(separator: "\n").map(String.init)
        #expect(rows.first == "progress,value")
        #expect(rows.count == 6)
        #expect(rows[1] == "0,0" && rows[5] == "1,1")
        let middle = rows[3].split(separator: ",")
        #expect(middle[0] == "0.5" && abs(Double(middle[1])! - 0.5) < 1e-7)
        let quarter = Double(rows[2].split(separator: ",")[1])!
        #expect(abs(quarter - referenceEaseInOut(0.25)) < 1e-7)
        let bad = cadence("curve", "ease-inn")
        #expect(bad.status == 2 && bad.err.contains("ease-in"))
        #expect(cadence("curve", "steps(4, jump-end)", "--format", "svg").out.hasPrefix("<svg"))
    }

    @Test func springPrintsUntilSettled() throws {
        let result = cadence("spring", "--response", "0.5", "--damping-ratio", "1", "--fps", "10")
        #expect(result.status == 0)
        let rows = result.out.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
        #expect(rows.first! == [0, 0, 0])
        let last = rows.last!
        #expect(abs(last[1] - 1) <= 1e-3)                 // settled within 0.1 %
        #expect(abs(rows[rows.count - 2][1] - 1) > 1e-3)  // and not one frame earlier
        // Critically damped from rest: x(t) = 1 − e^(−ωt)(1 + ωt), ω = 2π / 0.5.
        let omega = 2 * Double.pi / 0.5
        for row in rows {
            #expect(abs(row[1] - (1 - exp(-omega * row[0]) * (1 + omega * row[0]))) < 1e-9)
        }
        let bad = cadence("spring", "--mass", "0", "--stiffness", "1", "--damping", "1")
        #expect(bad.status == 2 && bad.err.contains("--mass"))
        #expect(cadence("spring", "--response", "0.5", "--bounce", "0.2").status == 2)
    }

    @Test func springSettlesWithinAFractionOfTheDistance() throws {
        // The threshold is 0.1 % of the distance: 0 → 100 settles on the same frame as 0 → 1.
        let unit = cadence("spring", "--response", "0.5", "--damping-ratio", "0.7", "--fps", "100")
        let hundred = cadence("spring", "--response", "0.5", "--damping-ratio", "0.7", "--to", "100", "--fps", "100")
        #expect(unit.status == 0 && hundred.status == 0)
        let unitRows = unit.out.split(separator: "\n").count
        #expect(unitRows > 10 && unitRows == hundred.out.split(separator: "\n").count)
        // A looser threshold settles sooner; a threshold outside (0, 1) is refused.
        let loose = cadence("spring", "--response", "0.5", "--damping-ratio", "0.7", "--fps", "100", "--threshold", "0.05")
        #expect(loose.out.split(separator: "\n").count < unitRows)
        let bad = cadence("spring", "--response", "0.5", "--threshold", "1")
        #expect(bad.status == 2 && bad.err.contains("'--threshold' is a fraction of the distance in (0, 1), got 1"))
    }

    @Test func morphPrintsPathsAtEvenProgress() {
        let result = cadence("morph", "--from", "M 0 0 L 10 0 L 10 10 Z", "--to", "M 0 0 L 20 0 L 20 20 Z", "--samples", "3")
        #expect(result.status == 0)
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0] == #"{"progress":0,"path":"M 0 0 L 10 0 L 10 10 Z"}"#)
        #expect(lines[2] == #"{"progress":1,"path":"M 0 0 L 20 0 L 20 20 Z"}"#)
        let bad = cadence("morph", "--from", "M 0 0 L", "--to", "M 0 0")
        #expect(bad.status == 2 && bad.err.contains("--from: path data, offset 7"))
    }

    @Test func presetsListDescribeAndRender() {
        let list = cadence("preset", "--list")
        #expect(list.out.split(separator: "\n").map { String($0.split(separator: " ")[0]) } == PresetCatalog.names)
        let describe = cadence("preset", "--describe", "overlay-dismiss")
        #expect(describe.out.contains("--in-flight"))
        let render = cadence("preset", "expanding-view", "--expand-duration", "0.4", "--fade-duration", "0.1", "--fps", "10", "--format", "csv")
        #expect(render.status == 0)
        #expect(render.out.split(separator: "\n").count == 7)     // header + frames 0...5
        #expect(cadence("preset", "card-expand", "--help").out.hasPrefix("USAGE: cadence preset"))
    }

    @Test func presetParametersThatPickABehaviourTakeNames() {
        // `preset NAME --describe` works as `preset --describe NAME` does, and lists the names.
        let describe = cadence("preset", "overlay-dismiss", "--describe")
        #expect(describe.status == 0)
        #expect(describe.out.contains("--in-flight         the spring when the transition completes: run-to-end|finish-at-end|stop (default run-to-end)"))
        // A name and its number give the same frames; an unknown name says which names there are.
        let named = cadence("preset", "overlay-dismiss", "--in-flight", "stop", "--fps", "10")
        let numbered = cadence("preset", "overlay-dismiss", "--in-flight", "2", "--fps", "10")
        #expect(named.status == 0 && named.out == numbered.out)
        #expect(named.out != cadence("preset", "overlay-dismiss", "--in-flight", "run-to-end", "--fps", "10").out)
        let bad = cadence("preset", "overlay-dismiss", "--in-flight", "sideways")
        #expect(bad.status == 2)
        #expect(bad.err.contains("'--in-flight' is one of run-to-end, finish-at-end, stop, got 'sideways'"))
        // A flick back at 0.6 cancels (issue 28, item 18): heading to 0.6 - 0.2 × 3 < 0.5.
        let flick = cadence("preset", "interactive", "--release-velocity", "-3", "--format", "csv")
        #expect(flick.status == 0)
        #expect(flick.out.hasSuffix("completed interactive (cancelled)\n"), "\(flick.out.suffix(200))")
        let forward = cadence("preset", "interactive", "--release-progress", "0.4", "--release-velocity", "2", "--format", "csv")
        #expect(forward.out.hasSuffix("completed interactive (finished)\n"), "a flick forward at 0.4 finishes")
        #expect(cadence("preset", "interactive", "--release-velocity", "1e9").status == 2)
        let cancelled = cadence("preset", "interactive", "--outcome", "cancel", "--format", "csv")
        let zero = cadence("preset", "interactive", "--outcome", "0", "--format", "csv")
        #expect(cancelled.status == 0 && cancelled.out == zero.out)
    }
}

@Suite("The cadence executable")
struct ExecutableTests {
    /// The built `cadence` beside the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cadence")
    }

    /// Runs the built `cadence` with exactly `environment` (through `launcher`, a command that ends
    /// by running `"$0" "$@"`, when given), its output discarded: (status, standard error).
    static func runTool(_ arguments: [String], environment: [String: String], launcher: [String] = []) throws -> (Int32, String) {
        let process = Process()
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(launcher.dropFirst()) + [executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.environment = environment
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// Runs `cadence` (or `executable`) and collects its output; `standardOutput` replaces the pipe.
    func run(
        _ arguments: [String], closeAfterBytes limit: Int? = nil, standardOutput: FileHandle? = nil,
        executable: URL? = nil
    ) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = executable ?? Self.executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = standardOutput ?? out
        process.standardError = err
        try process.run()
        var collected = Data()
        if standardOutput != nil {
            try out.fileHandleForReading.close()
        } else if let limit {
            collected = out.fileHandleForReading.readData(ofLength: limit)
            try out.fileHandleForReading.close()
        } else {
            collected = out.fileHandleForReading.readDataToEndOfFile()
        }
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: collected, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalDuringOutRemovesTheTemporaryFile(signal: Int32) throws {
        // The reliability audit's defect 7: Ctrl-C left `.big.jsonl.cadence-XXXXXX` (202 MB).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("forever.json").path
        try #"{"cadence":1,"duration":1e6,"tracks":[{"name":"a","keyframes":[{"value":0},{"time":1,"value":1}],"repeat":"forever"}]}"#
            .write(toFile: document, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("big.jsonl").path
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["render", document, "--frames", "0..5000000", "--out", out]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the temporary file exists and has grown, then interrupt.
        var started = false
        for _ in 0..<400 where !started {
            usleep(25_000)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            started = names.contains { $0.hasPrefix(".big.jsonl.cadence-") }
        }
        #expect(started, "the render made its temporary file")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["forever.json"], "nothing else is left: \(left)")
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalDuringAShardRemovesItsPartialFolder(signal: Int32) throws {
        // The reliability audit's L7: SIGINT after 2 s left `NAME.shard-I-of-N.partial-XXXXXX` with
        // 204 pictures in it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-shard-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("long.json").path
        try ##"{"cadence":1,"fps":60,"duration":1000,"tracks":[{"name":"x","keyframes":[{"value":0},{"time":1000,"value":100}]}],"scene":{"size":[64,48],"layers":[{"name":"dot","shape":"oval","frame":[0,10,20,20],"fill":"#ff8800","bind":{"x":"x"}}]}}"##
            .write(toFile: document, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["render", document, "--format", "png", "--jobs", "1", "--out", folder.path + "/frames/", "--shard", "1/2"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the partial folder holds a few pictures, then signal.
        var pictures = 0
        for _ in 0..<400 where pictures < 3 {
            usleep(25_000)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if let partial = names.first(where: { $0.contains(".partial-") }) {
                pictures = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/" + partial)) ?? []).count
            }
        }
        #expect(pictures >= 3, "the shard wrote pictures into its partial folder")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["long.json"], "nothing else is left: \(left)")
    }

    @Test func playReportsDroppedFramesAndKeepsTheirEvents() throws {
        // The reliability audit's defect 8: nothing on standard error, and frame 0's `started`
        // events were dropped at 100,000 fps. (The executable: its standard error is a real file.)
        let (status, out, err) = try run(["play", "Docs/examples/card.json", "--fps", "100000", "--frames", "0..100"])
        #expect(status == 0)
        #expect(err.hasPrefix("cadence: dropped ") && err.hasSuffix(" of 101 frames\n"), "\(err)")
        let lines = out.split(separator: "\n")
        #expect(lines.first?.hasPrefix("{\"frame\":0,") == true, "frame 0 is never late")
        // Every event of the frames played is in the output, once: 50 labels, one every 2 frames.
        let labels = (1...50).map { "\"l\($0)\": \(Double($0) * 2 / 100_000)" }.joined(separator: ", ")
        let document = try temporaryFile("labels.json", #"{"cadence":1,"fps":100000,"duration":0.001,"labels":{\#(labels)},"tracks":[{"name":"a","keyframes":[{"value":0},{"time":0.001,"value":1}]}]}"#)
        let (_, whole, _) = try run(["render", document])
        let (_, played, _) = try run(["play", document])
        func events(_ text: String) -> Int { text.components(separatedBy: "\"type\":").count - 1 }
        #expect(events(whole) == 54, "started and completed, for the document and its track, and 50 markers")
        #expect(events(played) == events(whole))
    }

    @Test func outFollowsADanglingLinkAndRefusesAnEmptyName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("link.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.jsonl")
        let (status, _, _) = try run(["render", "Docs/examples/card.json", "--frames", "0..1", "--out", link])
        #expect(status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.jsonl", "the link stays a link")
        let written = try String(contentsOfFile: folder.appendingPathComponent("target.jsonl").path, encoding: .utf8)
        #expect(written.split(separator: "\n").count == 2)
        let (emptyStatus, out, err) = try run(["render", "Docs/examples/card.json", "--out", ""])
        #expect(emptyStatus == 1 && out.isEmpty)
        #expect(err == "cadence: error: cannot write to '': the file name is empty\n")
    }

    @Test func theReadmeCommandRendersCardExpand() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build the package first")
        let (status, out, err) = try run(["preset", "card-expand"])
        #expect(status == 0 && err.isEmpty)
        let lines = out.split(separator: "\n")
        #expect(lines.count == 61)
        #expect(lines.last!.contains(#""events":[{"type":"completed","finished":true,"source":"card-expand"}]"#))
    }

    @Test func aClosedPipeEndsQuietlyWithStatusZero() throws {
        let (status, out, err) = try run(["preset", "punch-out", "--fps", "2000"], closeAfterBytes: 100)
        #expect(status == 0)
        #expect(out.hasPrefix("{\"frame\":0"))
        #expect(err.isEmpty)
    }

    @Test func errorsGoToStandardErrorWithStatusTwo() throws {
        let (status, out, err) = try run(["render", "/nonexistent.json"])
        #expect(status == 2 && out.isEmpty)
        #expect(err == "cadence: error: cannot read /nonexistent.json: No such file or directory\n")
    }
}
