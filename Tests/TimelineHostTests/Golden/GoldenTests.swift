import CadenceCommandHarness
import Foundation
import Testing
import Timeline
import TimelinePlugins
import TimelineHost
@testable import CadenceGolden

/// A small animated scene: a dot moving, fading and changing colour over 1 s at 30 fps.
let goldenDotDocument = #"""
{ "cadence": 1, "fps": 30, "duration": 1,
  "tracks": [
    { "name": "dot.x", "keyframes": [ { "time": 0, "value": 4 }, { "time": 1, "value": 30, "curve": "ease-in-out" } ] },
    { "name": "dot.opacity", "keyframes": [ { "time": 0, "value": 0.2 }, { "time": 0.6, "value": 1, "curve": "ease-out" } ] },
    { "name": "dot.tint", "type": "color", "keyframes": [ { "time": 0, "value": "#FF0000" }, { "time": 1, "value": "#0000FF" } ] } ],
  "scene": { "size": [40, 30], "background": "#FFFFFF",
    "layers": [ { "name": "dot", "shape": "oval", "frame": [0, 8, 12, 12], "fill": "#FF0000",
                  "bind": { "x": "dot.x", "opacity": "dot.opacity", "fill": "dot.tint" } } ] } }
"""#

@Suite("Golden tests")
struct GoldenTests {
    static func dot(_ text: String = goldenDotDocument) throws -> TimelineDocument {
        try TimelineDocument(parsing: text, file: "dot.json")
    }

    static func manifest(of document: TimelineDocument, sampling: GoldenSampling = .standard) throws -> GoldenManifest {
        var source = document.makeSource()
        return try Golden.manifest(
            of: &source, subject: "dot", frameRate: document.frameRate, scene: document.scene.map { .json($0) }, sampling: sampling)
    }

    @Test("kept frames: the first, every Nth, the quarters rounded half up, the last")
    func sampling() {
        #expect(GoldenSampling(every: 10).frames(of: 0...60) == [0, 10, 15, 20, 30, 40, 45, 50, 60])
        // 8 frames: the quarters of 7 are 1.75, 3.5, 5.25 and 7, rounded to 2, 4, 5 and 7.
        #expect(GoldenSampling(every: 10).frames(of: 0...7) == [0, 2, 4, 5, 7])
        #expect(GoldenSampling(every: 3).frames(of: 10...17) == [10, 12, 13, 14, 15, 16, 17])
        #expect(GoldenSampling().frames(of: 0...0) == [0])
        #expect(GoldenSampling(every: 0).every == 1)
    }

    @Test("the hashes are 64-bit FNV-1a: the published test vectors")
    func hashes() {
        // From the FNV reference (isthe.com/chongo/tech/comp/fnv): FNV-1a 64 of "", "a", "foobar".
        #expect(FNV1a.text("") == 0xCBF2_9CE4_8422_2325)
        #expect(FNV1a.text("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(FNV1a.text("foobar") == 0x8594_4171_F739_67E8)
        #expect(FNV1a.hex(0xAF63_DC4C_8601_EC8C) == "af63dc4c8601ec8c" && FNV1a.hex(1) == "0000000000000001")
        #expect(FNV1a.parse("af63dc4c8601ec8c") == 0xAF63_DC4C_8601_EC8C)
        #expect(FNV1a.parse("AF63DC4C8601EC8C") == nil && FNV1a.parse("123") == nil)
        // Words: eight bytes at a time, then the tail, then the length (trailing zeros count).
        let zeros7 = [UInt8](repeating: 0, count: 7), zeros8 = [UInt8](repeating: 0, count: 8)
        #expect(zeros7.withUnsafeBytes(FNV1a.words) != zeros8.withUnsafeBytes(FNV1a.words))
    }

    @Test("a manifest reads back as written, and its events and pictures are there")
    func roundTrip() throws {
        let manifest = try Self.manifest(of: Self.dot())
        #expect(manifest.frames == 0...30 && manifest.frameRate == .fps30 && manifest.channelCount == 3)
        #expect(manifest.sampled.map(\.index) == [0, 8, 10, 15, 20, 23, 30])
        #expect(manifest.sampled.allSatisfy { $0.picture?.width == 40 && $0.picture?.height == 30 })
        #expect(manifest.sampled[0].values == #"{"dot.x":4,"dot.opacity":0.2,"dot.tint":[1,0,0,1]}"#)
        #expect(manifest.sampled[3].time == "0.5")
        #expect(manifest.events.map { "\($0.frame) \($0.description)" } == [
            "0 started document", "0 started dot.x", "0 started dot.opacity", "0 started dot.tint",
            "18 completed dot.opacity (finished)", "30 completed dot.x (finished)", "30 completed dot.tint (finished)",
            "30 completed document (finished)",
        ])
        #expect(try GoldenManifest(parsing: manifest.description, file: "dot.golden") == manifest)
        // Comments and blank lines are allowed.
        #expect(try GoldenManifest(parsing: "# made by hand\n\n" + manifest.description, file: "dot.golden") == manifest)
    }

    @Test("a damaged golden is an error naming the file, the line and what is wrong")
    func malformed() throws {
        let text = try Self.manifest(of: Self.dot()).description
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func error(_ edit: (inout [String]) -> Void) -> String {
            var copy = lines
            edit(&copy)
            do {
                _ = try GoldenManifest(parsing: copy.joined(separator: "\n"), file: "x.golden")
                return "accepted"
            } catch {
                return error.description
            }
        }
        #expect(error { $0[0] = "cadence-golden 2" } == "x.golden:1: not a golden: this is a golden of version 2; this build reads version 1")
        #expect(error { $0[2] = "frames 0 30 fps 30" } == "x.golden:3: not a golden: expected 'frames FIRST LAST fps NUMERATOR/DENOMINATOR'")
        #expect(error { $0[3] = "sampling every 0 pictures yes" } == "x.golden:4: not a golden: expected 'sampling every N pictures yes|no'")
        #expect(error { $0[6] = "  {\"dot.x\":5}" }.hasPrefix("x.golden:7: not a golden: the values of frame 0 do not match their hash"))
        #expect(error { $0[5] = $0[5].replacingOccurrences(of: "frame 0 ", with: "frame 99 ") }
            == "x.golden:6: not a golden: expected 'frame INDEX time T values HASH [pixels WxH HASH]' with INDEX in 0...30")
        #expect(error { $0.swapAt(5, 7); $0.swapAt(6, 8) }.hasPrefix("x.golden:8: not a golden: frame 0 comes after frame 8"))
        #expect(error { $0[5] += " pixels 40x30" }.contains("x.golden:6:"))
        #expect(error { $0.insert("event 31 started x", at: lines.count - 1) }.contains("with FRAME in 0...30"))
        #expect(error { $0.append("something else") }.contains("expected a 'frame' or 'event' line, found 'something else'"))
        #expect(error { $0 = Array($0.prefix(2)) }.contains("the file ends before its 'frames' line"))
        lines = []
        #expect(error { _ in } .contains("the file ends before its 'cadence-golden' line"))
    }

    @Test("record modes: CADENCE_RECORD, else never under CI and missing elsewhere")
    func recordModes() throws {
        #expect(try GoldenRecordMode.from(environment: [:]) == .missing)
        #expect(try GoldenRecordMode.from(environment: ["CI": "true"]) == .never)
        #expect(try GoldenRecordMode.from(environment: ["CI": "1"]) == .never)
        #expect(try GoldenRecordMode.from(environment: ["CI": "false"]) == .missing)
        #expect(try GoldenRecordMode.from(environment: ["CI": "true", "CADENCE_RECORD": "failed"]) == .failed)
        #expect(try GoldenRecordMode.from(environment: ["CADENCE_RECORD": "ALL"]) == .all)
        #expect(throws: GoldenError.unknownRecordMode("sometimes")) {
            try GoldenRecordMode.from(environment: ["CADENCE_RECORD": "sometimes"])
        }
    }

    @Test("a check writes, matches, fails and writes again as its record mode says")
    func checkLifecycle() throws {
        let folder = try temporaryDirectory()
        let file = folder + "/nested/dot.golden"
        let scene = try Self.dot().scene.map { SceneDescription.json($0) }
        func check(_ text: String, _ mode: GoldenRecordMode) throws -> GoldenOutcome {
            var source = try Self.dot(text).makeSource()
            return try Golden.check(&source, subject: "dot", frameRate: .fps30, scene: scene, file: file, mode: mode, artifacts: folder + "/images")
        }
        let changed = goldenDotDocument.replacingOccurrences(of: #""value": 30"#, with: #""value": 31"#)
        let missing = try #require(throws: GoldenMismatch.self) { try check(goldenDotDocument, .never) }
        #expect(missing.description.contains("there is no golden at \(file)"))
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try check(goldenDotDocument, .missing) == .recorded)
        let recorded = try String(contentsOfFile: file, encoding: .utf8)
        #expect(try check(goldenDotDocument, .never) == .matched)
        #expect(try check(goldenDotDocument, .failed) == .matched)

        let differs = try #require(throws: GoldenMismatch.self) { try check(changed, .missing) }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == recorded, "missing never rewrites an existing golden")
        #expect(differs.firstFrame == 8 && differs.channelsFrame == 8)
        #expect(differs.channels.map(\.name) == ["dot.x"])
        #expect(differs.picture?.frame == 8 && (differs.picture?.differingPixels ?? 0) > 0)
        #expect(differs.artifacts.map { $0.split(separator: "/").last! } == [
            "dot.frame-8.expected.png", "dot.frame-8.actual.png", "dot.frame-8.difference.png",
        ])
        #expect(differs.artifacts.allSatisfy { FileManager.default.fileExists(atPath: $0) })

        let rewritten = try #require(throws: GoldenMismatch.self) { try check(changed, .failed) }
        #expect(rewritten.rerecorded && rewritten.description.contains("recorded again"))
        #expect(try check(changed, .never) == .matched)
        guard case .rerecorded(let back) = try check(goldenDotDocument, .all) else {
            Issue.record("mode all did not write the golden again")
            return
        }
        #expect(back.firstFrame == 8)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == recorded)
        #expect(try Golden.unused(in: folder + "/nested", used: ["dot.golden"]).isEmpty)
        #expect(try Golden.unused(in: folder + "/nested", used: []) == [folder + "/nested/dot.golden"])
        #expect(try Golden.unused(in: folder + "/none", used: []).isEmpty)
    }

    @Test("a completion one frame late is reported with both frames; other settings are named")
    func eventsAndSettings() throws {
        let expected = try Self.manifest(of: Self.dot())
        let late = try Self.manifest(of: Self.dot(goldenDotDocument.replacingOccurrences(of: #""time": 0.6"#, with: #""time": 0.62"#)))
        let mismatch = Golden.compare(expected, late, file: "dot.golden", slice: nil)
        #expect(mismatch.events == ["'completed dot.opacity (finished)' at frame 18 in the golden, at frame 19 now"])
        let longer = try Self.manifest(of: Self.dot(goldenDotDocument.replacingOccurrences(of: #""duration": 1,"#, with: #""duration": 2,"#)))
        let settings = Golden.compare(expected, longer, file: "dot.golden", slice: nil)
        #expect(settings.settings == ["frames 0...30 in the golden, 0...60 now (the duration changed)"])
        #expect(settings.frames.isEmpty)
        let sparser = try Self.manifest(of: Self.dot(), sampling: GoldenSampling(every: 5, drawsPictures: false))
        #expect(Golden.compare(expected, sparser, file: "dot.golden", slice: nil).settings == [
            "every 10th frame kept in the golden, every 5th now", "pictures drawn in the golden, not drawn now",
        ])
    }

    @Test("slices, shards and one or two drawing threads give the golden's hashes")
    func slicesAndThreads() throws {
        let folder = try temporaryDirectory()
        let preset = try CardExpandPreset(context: TransitionContext(), parameters: [:])
        let file = folder + "/card.golden"
        let sampling = GoldenSampling(every: 3, pictureSize: .scale(0.5))
        var whole = try PresetSource(preset: preset, frameRate: .fps60)
        #expect(try Golden.check(&whole, subject: "card", frameRate: .fps60, scene: .scene(preset.scene), sampling: sampling,
            file: file, mode: .missing) == .recorded)
        var slices: [ClosedRange<Int>] = [0...60, 17...42, 31...31]
        for count in [2, 7] {
            for index in 0..<count { slices += [try RenderShard(index: index, count: count).frames(of: 0...60)!] }
        }
        for slice in slices {
            for workers in [1, 2] {
                var source = try PresetSource(preset: preset, frameRate: .fps60)
                let outcome = try Golden.check(
                    &source, subject: "card", frameRate: .fps60, scene: .scene(preset.scene), sampling: sampling, file: file,
                    mode: .never, slice: slice, workerCount: workers)
                #expect(outcome == .matched, "frames \(slice), \(workers) threads")
            }
        }
    }

    /// Renders the dot against `expected` with one change made by `mutate`.
    static func mutated(
        _ expected: GoldenManifest, sampling: GoldenSampling = .standard, _ mutate: @escaping (inout GoldenRecorder) -> Void
    ) throws -> GoldenMismatch {
        let document = try dot()
        var source = document.makeSource()
        var recording = try Golden.render(
            &source, subject: "dot", frameRate: .fps30, scene: sampling.drawsPictures ? document.scene.map { .json($0) } : nil,
            sampling: sampling, slice: nil, workerCount: 1, expected: expected, mutate: mutate)
        var mismatch = Golden.compare(expected, recording.manifest, file: "dot.golden", slice: nil)
        if let difference = recording.recorder.firstPictureDifference, difference.frame == mismatch.picture?.frame {
            mismatch.picture = Golden.pictureChange(frame: difference.frame, expected: difference.expected, actual: difference.actual)
        }
        recording.recorder = GoldenRecorder(kept: [], scene: nil, pictureSize: .natural)
        return mismatch
    }

    @Test("mutations: 1,000 single-channel ±1 pixel changes, each found at its frame, pixel and size")
    func pixelMutations() throws {
        let expected = try Self.manifest(of: Self.dot())
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var random = SplitMix64(state: seed)
        var found = 0
        for trial in 0..<1_000 {
            let frame = expected.sampled.randomElement(using: &random)!.index
            let x = Int.random(in: 0..<40, using: &random), y = Int.random(in: 0..<30, using: &random)
            let channel = Int.random(in: 0..<4, using: &random)
            let up = Bool.random(using: &random)
            let mismatch = try Self.mutated(expected) { recorder in
                recorder.mutatePicture = { index, picture in
                    guard index == frame else { return }
                    picture.withMutablePixels { pixels in
                        let shift = UInt32(8 * channel)
                        let byte = (pixels[y * 40 + x] >> shift) & 0xFF
                        let changed = byte == 255 || (!up && byte > 0) ? byte - 1 : byte + 1
                        pixels[y * 40 + x] = pixels[y * 40 + x] & ~(0xFF << shift) | changed << shift
                    }
                }
            }
            let change = mismatch.picture
            if mismatch.frames == [frame], change?.frame == frame, change?.differingPixels == 1, change?.columns == x...x,
               change?.rows == y...y, change?.largestChannelDifference == 1, mismatch.channels.isEmpty {
                found += 1
            } else {
                Issue.record("trial \(trial) (seed \(seed)): frame \(frame), pixel (\(x), \(y)), channel \(channel): \(mismatch.description)")
                break
            }
        }
        #expect(found == 1_000)
    }

    @Test("mutations: 1,000 changes of one value by one unit in the last place, each found at its frame and channel")
    func valueMutations() throws {
        let sampling = GoldenSampling(every: 10, drawsPictures: false)
        let expected = try Self.manifest(of: Self.dot(), sampling: sampling)
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var random = SplitMix64(state: seed)
        var found = 0
        for trial in 0..<1_000 {
            let frame = expected.sampled.randomElement(using: &random)!.index
            let number = Int.random(in: 0..<6, using: &random)
            let up = Bool.random(using: &random)
            let mismatch = try Self.mutated(expected, sampling: sampling) { recorder in
                recorder.mutateFrame = { changed in
                    guard changed.index == frame else { return }
                    changed.numbers[number] = up ? changed.numbers[number].nextUp : changed.numbers[number].nextDown
                }
            }
            let channel = number == 0 ? "dot.x" : number == 1 ? "dot.opacity" : "dot.tint"
            if mismatch.frames == [frame], mismatch.channelsFrame == frame, mismatch.channels.map(\.name) == [channel],
               mismatch.channels.first?.ulps == 1 {
                found += 1
            } else {
                Issue.record("trial \(trial) (seed \(seed)): frame \(frame), number \(number): \(mismatch.description)")
                break
            }
        }
        #expect(found == 1_000)
    }

    @Test("a golden written by one process is checked by another, both ways")
    func acrossProcesses() throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cadence")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build the cadence executable first (swift build)")
        func run(_ arguments: [String]) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.environment = ["PATH": "/usr/bin:/bin"]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = out
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
        let folder = try temporaryDirectory()
        let path = try temporaryFile("dot.json", goldenDotDocument)
        let name = "document-" + (path.split(separator: "/").last!.dropLast(5))
        // Another process records; this one checks.
        #expect(try run(["golden", "record", path, "--dir", folder]).0 == 0)
        let document = try Self.dot()
        var source = document.makeSource()
        #expect(try Golden.check(&source, subject: name, frameRate: .fps30, scene: document.scene.map { .json($0) },
            file: folder + "/\(name).golden", mode: .never) == .matched)
        // This one records; another checks, and finds a changed document.
        try FileManager.default.removeItem(atPath: folder + "/\(name).golden")
        source = document.makeSource()
        #expect(try Golden.check(&source, subject: name, frameRate: .fps30, scene: document.scene.map { .json($0) },
            file: folder + "/\(name).golden", mode: .missing) == .recorded)
        let checked = try run(["golden", "check", path, "--dir", folder])
        #expect(checked.0 == 0, "\(checked.1)")
        try goldenDotDocument.replacingOccurrences(of: "#0000FF", with: "#0000FE").write(toFile: path, atomically: true, encoding: .utf8)
        let failed = try run(["golden", "check", path, "--dir", folder])
        #expect(failed.0 == 1)
        #expect(failed.1.contains("frame 8 (time 0.26666666666666666 s) is the first that differs"), "\(failed.1)")
        #expect(failed.1.contains("dot.tint [") && failed.1.contains("1 golden check failed"))
    }

    @Test("event differences: kept, moved, missing and new events, duplicates matched in order, by hand")
    func eventDifferencesByHand() {
        typealias Event = GoldenManifest.Event
        let expected = [Event(frame: 1, description: "a"), Event(frame: 2, description: "b"), Event(frame: 3, description: "b"),
            Event(frame: 4, description: "c"), Event(frame: 5, description: "d")]
        let actual = [Event(frame: 1, description: "a"), Event(frame: 3, description: "b"), Event(frame: 6, description: "b"),
            Event(frame: 4, description: "c"), Event(frame: 7, description: "e")]
        // b@2 takes the first b not matched exactly (b@6, as b@3 is b@3's own); d is missing; e is new.
        #expect(Golden.eventDifferences(expected, actual) == [
            "'b' at frame 2 in the golden, at frame 6 now",
            "'d' at frame 5 in the golden, missing now",
            "'e' at frame 7 now, not in the golden",
        ])
        #expect(Golden.eventDifferences(expected, expected).isEmpty)
        #expect(Golden.eventDifferences(expected, expected.reversed()) == ["the same events in another order"])
    }

    @Test("80,000 renamed labels are compared in one pass: every old one missing, every new one new, in order")
    func manyRenamedEvents() {
        let count = 80_000
        let expected = (0..<count).map { GoldenManifest.Event(frame: $0, description: "label m\($0)") }
        let actual = (0..<count).map { GoldenManifest.Event(frame: $0, description: "label k\($0)") }
        let differences = Golden.eventDifferences(expected, actual)
        #expect(differences.count == 2 * count)
        #expect(differences.first == "'label m0' at frame 0 in the golden, missing now")
        #expect(differences.last == "'label k79999' at frame 79999 now, not in the golden")
        // The same labels one frame later: every one moved, matched by name.
        let moved = expected.map { GoldenManifest.Event(frame: $0.frame + 1, description: $0.description) }
        let movedDifferences = Golden.eventDifferences(expected, moved)
        #expect(movedDifferences.count == count && movedDifferences[17] == "'label m17' at frame 17 in the golden, at frame 18 now")
    }

    @Test("golden messages: a rate says fps once, an empty golden is line 1, a subject with a line break stays one line, a golden that is a pipe is refused at once")
    func goldenMessages() throws {
        let folder = try temporaryDirectory()
        let document = folder + "/dot.json"
        try PictureCommandTests.document.write(toFile: document, atomically: true, encoding: .utf8)
        #expect(cadence("golden", "record", document, "--dir", folder + "/g", "--no-pictures").status == 0)
        // The document's rate changed since it was recorded.
        try PictureCommandTests.document.replacingOccurrences(of: #""fps":10"#, with: #""fps":20"#)
            .write(toFile: document, atomically: true, encoding: .utf8)
        let check = cadence("golden", "check", document, "--dir", folder + "/g", "--no-pictures")
        let report = check.out + check.err
        #expect(check.status != 0 && report.contains("10 fps in the golden, 20 fps now") && !report.contains("fps fps"), "\(report)")
        let golden = try #require(try FileManager.default.contentsOfDirectory(atPath: folder + "/g").first { $0.hasSuffix(".golden") })
        try "".write(toFile: folder + "/g/" + golden, atomically: true, encoding: .utf8)
        #expect(throws: GoldenError.malformed(file: folder + "/g/" + golden, line: 1, reason: "the file ends before its 'cadence-golden' line")) {
            _ = try Golden.read(folder + "/g/" + golden)
        }
        try FileManager.default.removeItem(atPath: folder + "/g/" + golden)
        #expect(mkfifo(folder + "/g/" + golden, 0o644) == 0)
        let piped = cadence("golden", "check", document, "--dir", folder + "/g", "--no-pictures")
        #expect(piped.status != 0 && piped.err.contains("it is not a regular file"), "\(piped.err)")
        let manifest = GoldenManifest(
            subject: "document we\nird.json", frames: 0...1, frameRate: .fps60, every: 1, drawsPictures: false, channelCount: 0, schemaHash: 0,
            sampled: [], events: [])
        #expect(manifest.subject == "document we\\nird.json")
        #expect(try GoldenManifest(parsing: manifest.description, file: "g").subject == manifest.subject)
    }

    @Test("a failed check sums up each channel over the kept frames: where it changed most, before and after; ulps only for tiny changes")
    func channelSummary() throws {
        let folder = try temporaryDirectory()
        let document = folder + "/dot.json"
        let text = #"{"cadence":1,"fps":10,"duration":1,"tracks":[{"name":"x","keyframes":[{"time":0,"value":4},{"time":1,"value":40,"curve":"ease-in-out"}]}]}"#
        try text.write(toFile: document, atomically: true, encoding: .utf8)
        #expect(cadence("golden", "record", document, "--dir", folder + "/g").status == 0)
        // The end moves from 40 to 50: every kept frame but the first changes, the last by 10.
        try text.replacingOccurrences(of: #""value":40"#, with: #""value":50"#).write(toFile: document, atomically: true, encoding: .utf8)
        let check = cadence("golden", "check", document, "--dir", folder + "/g")
        #expect(check.status == 1)
        let differing = check.out.split(separator: "\n").first { $0.contains("kept frames differ") }.map(String.init) ?? ""
        let count = Int(differing.split(separator: ";").last?.split(separator: " ").first ?? "") ?? -1
        #expect(check.out.contains("over the kept frames: x in \(count) frames, largest at frame 10: 40 → 50 (+10)"), "\(check.out)")
        #expect(!check.out.contains("ulps"), "\(check.out)")
        // A change of one ulp says so.
        let tiny = GoldenMismatch.ChannelChange(name: "x", expected: "1", actual: "1.0000000000000002", difference: 2.220446049250313e-16, ulps: 1)
        var mismatch = GoldenMismatch(file: "g", subject: "s")
        mismatch.frames = [0]
        mismatch.channelsFrame = 0
        mismatch.channels = [tiny]
        #expect(mismatch.description.contains("x 1 → 1.0000000000000002 (+2.220446049250313e-16, 1 ulp)"))
    }
}
