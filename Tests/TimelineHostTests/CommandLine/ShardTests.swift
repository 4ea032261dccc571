@testable import CadenceCommandLine
import CadenceCommandHarness
import Foundation
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceIO
@testable import CadenceHostCore
@testable import CadencePNG

/// Render farm (issue 24): shards split by hand-computed ranges, and `cadence join` of every
/// shard count equal to the render in one process, byte for byte; damaged, missing, repeated and
/// mixed shards are errors that say which.
@Suite("Shards and cadence join")
struct ShardTests {
    // ⌊61·i/7⌋ for i = 0…7 is 0, 8, 17, 26, 34, 43, 52, 61.
    @Test func shardsSplitTheFramesIntoNearEqualContiguousRanges() throws {
        let expected = [0...7, 8...16, 17...25, 26...33, 34...42, 43...51, 52...60]
        #expect(try (0..<7).map { try RenderShard(index: $0, count: 7).frames(of: 0...60) } == expected)
        // Offset ranges, and more shards than frames: 3 frames in 5 shards are ⌊3i/5⌋ = 0, 0, 1, 1, 2, 3.
        #expect(try (0..<5).map { try RenderShard(index: $0, count: 5).frames(of: 17...19) } == [nil, 17...17, nil, 18...18, 19...19])
        for count in [1, 2, 3, 7, 16, 64] {
            for whole in [0...0, 0...60, 17...1799, 5...5_000_000] {
                let parts = try (0..<count).compactMap { try RenderShard(index: $0, count: count).frames(of: whole) }
                #expect(parts.first?.lowerBound == whole.lowerBound && parts.last?.upperBound == whole.upperBound)
                #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound + 1 == $1.lowerBound })
                let lengths = parts.map(\.count)
                #expect(lengths.max()! - lengths.min()! <= 1, "\(count) shards of \(whole)")
            }
        }
    }

    // 61 frames in segments of 12: 0–11, 12–23, 24–35, 36–47, 48–59, 60 (6 segments). Four
    // shards take segments ⌊6i/4⌋ = 0, 1, 3, 4, 6; eight take ⌊6i/8⌋ = 0, 0, 1, 2, 3, 3, 4, 5, 6.
    @Test func videoShardsHoldWholeSegments() throws {
        #expect(try (0..<4).map { try RenderShard(index: $0, count: 4).frames(of: 0...60, inSegmentsOf: 12) } == [0...11, 12...35, 36...47, 48...60])
        #expect(
            try (0..<8).map { try RenderShard(index: $0, count: 8).frames(of: 0...60, inSegmentsOf: 12) }
                == [nil, 0...11, 12...23, 24...35, nil, 36...47, 48...59, 60...60])
        // From frame 17, segments of 2: 17–18 and 19.
        #expect(try (0..<2).map { try RenderShard(index: $0, count: 2).frames(of: 17...19, inSegmentsOf: 2) } == [17...18, 19...19])
        // Segments of one frame are frames.
        #expect(try (0..<7).map { try RenderShard(index: $0, count: 7).frames(of: 0...60, inSegmentsOf: 1) }
            == (0..<7).map { try RenderShard(index: $0, count: 7).frames(of: 0...60) })
        for count in [1, 3, 16] {
            for (whole, length) in [(0...0, 60), (0...1800, 60), (17...240, 7), (5...5_000_000, 120)] {
                let parts = try (0..<count).compactMap { try RenderShard(index: $0, count: count).frames(of: whole, inSegmentsOf: length) }
                #expect(parts.first?.lowerBound == whole.lowerBound && parts.last?.upperBound == whole.upperBound)
                #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound + 1 == $1.lowerBound })
                #expect(parts.allSatisfy { ($0.lowerBound - whole.lowerBound) % length == 0 }, "every shard starts a segment")
            }
        }
        // The segments: 2 s at 30 fps is 60 frames, at 30000/1001 fps 59.94 → 60, and never fewer than one.
        #expect(VideoSegmentation.framesPerSegment(seconds: 2, frameRate: FrameRate(30)!) == 60)
        #expect(VideoSegmentation.framesPerSegment(seconds: 2, frameRate: FrameRate(30_000, per: 1001)!) == 60)
        #expect(VideoSegmentation.framesPerSegment(seconds: 0.01, frameRate: FrameRate(30)!) == 1)
        let cut = VideoSegmentation(framesPerSegment: 60, origin: 17)
        #expect(cut.segment(containing: 17) == 0 && cut.segment(containing: 76) == 0 && cut.segment(containing: 77) == 1)
        #expect(cut.frames(ofSegment: 1, in: 17...200) == 77...136 && cut.frames(ofSegment: 3, in: 17...200) == 197...200)
        #expect(cut.segments(covering: 77...197) == 1...3)
        #expect(VideoSegmentation.fileName(ofSegment: 42, format: .mp4) == "segment-000042.mp4")
        #expect(VideoSegmentation.fileName(ofSegment: 1_234_567, format: .webm) == "segment-1234567.webm")
    }

    @Test func theIndexComesFromTheGivenNumberOrTheScheduler() throws {
        #expect(try RenderShard.parse("3/16", environment: [:]).shard == RenderShard(index: 3, count: 16))
        let slurm = try RenderShard.parse("auto/16", environment: ["SLURM_ARRAY_TASK_ID": "5"])
        #expect(slurm.shard.index == 5 && slurm.variable == "SLURM_ARRAY_TASK_ID")
        let agreeing = try RenderShard.parse("auto/8", environment: ["JOB_COMPLETION_INDEX": "2", "AWS_BATCH_JOB_ARRAY_INDEX": "2"])
        #expect(agreeing.shard.index == 2 && agreeing.variable == "JOB_COMPLETION_INDEX")
        #expect(throws: RenderShardError.noSchedulerIndex) { try RenderShard.parse("auto/4", environment: [:]) }
        #expect(throws: RenderShardError.schedulersDisagree(["SLURM_ARRAY_TASK_ID=1", "JOB_COMPLETION_INDEX=2"])) {
            try RenderShard.parse("auto/4", environment: ["SLURM_ARRAY_TASK_ID": "1", "JOB_COMPLETION_INDEX": "2"])
        }
        #expect(throws: RenderShardError.indexOutOfRange(name: "SLURM_ARRAY_TASK_ID", index: 4, count: 4)) {
            try RenderShard.parse("auto/4", environment: ["SLURM_ARRAY_TASK_ID": "4"])
        }
        #expect(throws: RenderShardError.badVariable(name: "AWS_BATCH_JOB_ARRAY_INDEX", value: "x")) {
            try RenderShard.parse("auto/4", environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "x"])
        }
        // The same index written two ways agrees; a variable set to nothing is not set.
        #expect(try RenderShard.parse("auto/4", environment: ["SLURM_ARRAY_TASK_ID": "1", "JOB_COMPLETION_INDEX": "01"]).shard.index == 1)
        #expect(try RenderShard.parse("auto/4", environment: ["SLURM_ARRAY_TASK_ID": "1", "JOB_COMPLETION_INDEX": ""]).variable == "SLURM_ARRAY_TASK_ID")
        #expect(throws: RenderShardError.noSchedulerIndex) { try RenderShard.parse("auto/4", environment: ["AWS_BATCH_JOB_ARRAY_INDEX": ""]) }
        for bad in ["3", "3/0", "4/4", "-1/4", "a/4", "1/2/3", "1/100001"] {
            #expect(throws: RenderShardError.self, "\(bad)") { try RenderShard.parse(bad, environment: [:]) }
        }
    }

    func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "cadence-shards-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every file under `path` (a file, or a folder's files) by name, with its bytes.
    func contents(_ path: String) throws -> [String: Data] {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        guard isFolder.boolValue else { return ["": try Data(contentsOf: URL(fileURLWithPath: path))] }
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            result[name] = try Data(contentsOf: URL(fileURLWithPath: path + "/" + name))
        }
        return result
    }

    /// Renders `arguments` whole, then in `count` shards, joins them, and returns whether the two
    /// are the same bytes (and the shards' folders).
    func renderAndJoin(_ arguments: [String], format: String, count: Int, in root: String) throws -> (same: Bool, shards: [String]) {
        let folderFormat = format == "png" || format == "svg-frames"
        let suffix = folderFormat ? "/" : "." + format
        let whole = root + "/whole-\(count)\(suffix)", out = root + "/out-\(count)\(suffix)", joined = root + "/joined-\(count)\(suffix)"
        let single = cadence(arguments + ["--format", format, "--out", whole])
        #expect(single.status == 0, "\(single.err)")
        var shards: [String] = []
        for index in 0..<count {
            let run = cadence(arguments + ["--format", format, "--out", out, "--shard", "\(index)/\(count)"])
            #expect(run.status == 0, "\(run.err)")
            shards.append(CadenceTool.shardFolder(out, try RenderShard(index: index, count: count)))
        }
        let join = cadence(["join"] + shards.shuffled() + ["--out", joined])
        #expect(join.status == 0, "\(join.err)")
        return (try contents(whole) == contents(joined), shards)
    }

    @Test(arguments: [1, 2, 3, 7, 16, 64])
    func everyShardCountJoinsToTheSingleRender(count: Int) throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let document = try temporaryFile("dot.json", PictureCommandTests.document)
        // 11 frames: 16 and 64 shards have empty ones. Text from frame 0 (the CSV header), and a
        // slice that starts later (no header), raw frames and PNG folders.
        for (arguments, format) in [
            (["render", document], "jsonl"), (["render", document], "csv"), (["render", document, "--frames", "3..10"], "csv"),
            (["render", document, "--scale", "0.5"], "rgba"), (["render", document], "png"),
            (["preset", "circular-reveal", "--scale", "0.1", "--fps", "12"], "png"),
        ] {
            #expect(try renderAndJoin(arguments, format: format, count: count, in: root).same, "\(count) shards of \(arguments) as \(format)")
        }
    }

    @Test(.enabled(if: ChildProcess.isInstalled("ffmpeg"), "needs ffmpeg (.ci/video-check installs it and joins every video format)"))
    func videoShardsJoinToTheSingleEncode() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let document = try temporaryFile("dot.json", PictureCommandTests.document)
        for format in ["mp4", "gif", "apng"] {
            #expect(try renderAndJoin(["render", document], format: format, count: 3, in: root).same, "\(format)")
        }
    }

    @Test(.enabled(if: ChildProcess.isInstalled("ffmpeg"), "needs ffmpeg (.ci/video-check installs it and joins every video format)"))
    func segmentedVideoShardsConcatenateToTheSingleRender() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let document = try temporaryFile("dot.json", PictureCommandTests.document)
        // 11 frames at 10 fps in segments of 0.3 s: 3 frames, 4 segments; 5 shards have an empty one.
        for format in ["mp4", "webm", "mkv"] {
            try FileManager.default.createDirectory(atPath: root + "/" + format, withIntermediateDirectories: true)
            for count in 1...5 {
                let (same, shards) = try renderAndJoin(["render", document, "--segment-seconds", "0.3"], format: format, count: count, in: root + "/\(format)")
                #expect(same, "\(count) shards of \(format)")
                // A shard holds its segments' files, encoded: never the lossless chunk.
                let names = try shards.flatMap { try FileManager.default.contentsOfDirectory(atPath: $0) }.filter { $0 != "manifest.json" }.sorted()
                #expect(names == (0..<4).map { VideoSegmentation.fileName(ofSegment: $0, format: VideoFormat(rawValue: format)!) }, "\(names)")
            }
        }
        // Shards cut into other segments are not one render's.
        let other = root + "/other.mp4"
        for (index, seconds) in [(0, "0.3"), (1, "0.5")] {
            #expect(cadence(["render", document, "--format", "mp4", "--segment-seconds", seconds, "--out", other, "--shard", "\(index)/2"]).status == 0)
        }
        let mixed = cadence(["join", other + ".shard-0-of-2", other + ".shard-1-of-2", "--out", other])
        #expect(mixed.status == 2 && mixed.err.contains("other settings") && mixed.err.contains("segment-seconds"), "\(mixed.err)")
        // A shard whose manifest lists another segment than its frames give: named.
        try FileManager.default.createDirectory(atPath: root + "/m", withIntermediateDirectories: true)
        let film = root + "/m/film.mp4"
        for index in 0..<2 {
            #expect(cadence(["render", document, "--format", "mp4", "--segment-seconds", "0.3", "--out", film, "--shard", "\(index)/2"]).status == 0)
        }
        let second = film + ".shard-1-of-2"
        try FileManager.default.moveItem(atPath: second + "/segment-000003.mp4", toPath: second + "/segment-000004.mp4")
        var manifest = try String(contentsOfFile: second + "/manifest.json", encoding: .utf8)
        manifest = manifest.replacingOccurrences(of: "segment-000003.mp4", with: "segment-000004.mp4")
        try manifest.write(toFile: second + "/manifest.json", atomically: true, encoding: .utf8)
        let stray = cadence(["join", film + ".shard-0-of-2", second, "--out", film])
        #expect(stray.status == 2 && stray.err.contains("lists segment-000004.mp4, which is not one of its frames' segments"), "\(stray.err)")
        #expect(!FileManager.default.fileExists(atPath: film), "nothing written")
        // A forged manifest whose one shard claims 9·10^14 frames in segments of one: refused by
        // count, at once, without a name made for each.
        #expect(cadence(["render", document, "--format", "mp4", "--segment-seconds", "0.1", "--out", root + "/f/film.mp4", "--shard", "0/1"]).status == 0)
        let forged = root + "/f/film.mp4.shard-0-of-1"
        var claims = try String(contentsOfFile: forged + "/manifest.json", encoding: .utf8)
        claims = claims.replacingOccurrences(of: "[0, 10]", with: "[0, 900000000000000]")
        try claims.write(toFile: forged + "/manifest.json", atomically: true, encoding: .utf8)
        let huge = cadence(["join", forged, "--out", root + "/f/film.mp4"])
        #expect(huge.status == 2 && huge.err.contains("are 900000000000001 segments"), "\(huge.err)")
    }

    @Test func aSegmentLengthIsAPositiveNumberOfSeconds() throws {
        let document = try temporaryFile("dot.json", PictureCommandTests.document)
        for bad in ["0", "-1", "nan", "100000"] {
            let result = cadence(["render", document, "--format", "mp4", "--out", NSTemporaryDirectory() + "never.mp4", "--segment-seconds", bad])
            #expect(result.status == 2 && result.err.contains("--segment-seconds"), "\(bad): \(result.err)")
        }
        // Formats without segments do not take one.
        let gif = cadence(["render", document, "--format", "gif", "--out", NSTemporaryDirectory() + "never.gif", "--segment-seconds", "1"])
        #expect(gif.status == 2 && gif.err.contains("goes with --format mp4, webm or mkv, not gif"), "\(gif.err)")
    }

    @Test func joinRefusesAnIncompleteMixedOrDamagedSetAndSaysWhich() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let document = try temporaryFile("dot.json", PictureCommandTests.document)
        let (_, shards) = try renderAndJoin(["render", document], format: "jsonl", count: 4, in: root)
        let joined = root + "/again.jsonl"

        // Missing: the error names the folder that is not there.
        var result = cadence(["join", shards[0], shards[1], shards[3], "--out", joined])
        #expect(result.status == 2 && result.err.contains("1 of 4 shards missing") && result.err.contains("out-4.jsonl.shard-2-of-4"), "\(result.err)")
        // Repeated.
        result = cadence(["join", shards[0], shards[1], shards[1], shards[2], shards[3], "--out", joined])
        #expect(result.status == 2 && result.err.contains("shard 1/4 is given twice"), "\(result.err)")
        // Another render's shard (another frame rate).
        let other = root + "/other.jsonl"
        #expect(cadence(["render", document, "--fps", "20", "--out", other, "--shard", "2/4"]).status == 0)
        result = cadence(["join", shards[0], shards[1], other + ".shard-2-of-4", shards[3], "--out", joined])
        #expect(result.status == 2 && result.err.contains("other settings") && result.err.contains("fps=20"), "\(result.err)")
        // A truncated payload: its length and CRC-32 no longer match the manifest.
        let payload = shards[3] + "/frames.jsonl"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: payload))
        try bytes.prefix(bytes.count - 5).write(to: URL(fileURLWithPath: payload))
        result = cadence(["join"] + shards + ["--out", joined])
        #expect(result.status == 2 && result.err.contains("frames.jsonl is damaged"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: joined), "nothing is written from a damaged set")
        // Not a shard at all.
        result = cadence(["join", root, "--out", joined])
        #expect(result.status == 2 && result.err.contains("has no manifest"), "\(result.err)")
        // A shard killed half-way leaves only its temporary folder, which join skips.
        let partial = root + "/out-4.jsonl.shard-3-of-4.partial-Ab12Cd"
        try FileManager.default.createDirectory(atPath: partial, withIntermediateDirectories: true)
        try Data("{\"frame\":".utf8).write(to: URL(fileURLWithPath: partial + "/frames.jsonl"))
        // The damaged shard rendered again replaces its folder whole, and the set joins.
        #expect(cadence(["render", document, "--format", "jsonl", "--out", root + "/out-4.jsonl", "--shard", "3/4"]).status == 0)
        result = cadence(["join"] + shards + [partial, "--out", joined])
        #expect(result.status == 0 && result.err.contains("skipping \(partial)"), "\(result.err)")
        #expect(try contents(joined) == contents(root + "/whole-4.jsonl"))
    }

    @Test func aShardSaysWhatIsWrongWithItsOptions() throws {
        let document = try temporaryFile("dot.json", PictureCommandTests.document)
        #expect(cadence(["render", document, "--shard", "0/2"]).err.contains("give --out"))
        #expect(cadence(["render", document, "--format", "html", "--out", "x.html", "--shard", "0/2"]).err.contains("cannot be split"))
        #expect(cadence(["play", document, "--out", "x", "--shard", "0/2"]).err.contains("use 'render'"))
        #expect(cadence(["render", document, "--out", "x", "--shard", "2/2"]).status == 2)
        let disagreeing = cadence(
            ["render", document, "--out", NSTemporaryDirectory() + "never", "--shard", "auto/2"],
            environment: ["SLURM_ARRAY_TASK_ID": "1", "AWS_BATCH_JOB_ARRAY_INDEX": "0"])
        #expect(disagreeing.status == 2)
        #expect(disagreeing.err.contains("disagree: SLURM_ARRAY_TASK_ID=1, AWS_BATCH_JOB_ARRAY_INDEX=0"), "\(disagreeing.err)")
    }

    /// Rewrites a shard's manifest so that its entry for `name` gives the length and CRC-32 of
    /// what `name` now reads as (what anyone who can write the shard can do).
    func refreshManifest(_ shard: String, for name: String, bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: shard + "/manifest.json")
        var manifest = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var files = try #require(manifest["files"] as? [[String: Any]])
        var crc = CRC32()
        bytes.withUnsafeBytes { crc.update($0) }
        for index in files.indices where files[index]["name"] as? String == name {
            files[index]["bytes"] = bytes.count
            files[index]["crc32"] = Int(crc.value)
        }
        manifest["files"] = files
        try JSONSerialization.data(withJSONObject: manifest).write(to: url)
    }

    @Test("join refuses a shard file that is a symbolic link (even with a manifest that matches what it points to): nothing outside the shard is read or linked")
    func joinRefusesLinksOutOfAShard() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let document = try temporaryFile("dot.json", PictureCommandTests.document)
        let secret = root + "/secret.txt"
        let secretBytes = Array("SECRET-OUTSIDE-DATA\n".utf8)
        try Data(secretBytes).write(to: URL(fileURLWithPath: secret))
        // Pictures: the first frame of shard 0 replaced by a link to the secret.
        for index in 0..<2 { #expect(cadence("render", document, "--format", "png", "--out", root + "/p/frames", "--shard", "\(index)/2").status == 0) }
        let pictures = root + "/p/frames.shard-0-of-2"
        let first = try #require(try FileManager.default.contentsOfDirectory(atPath: pictures).filter { $0.hasSuffix(".png") }.sorted().first)
        try FileManager.default.removeItem(atPath: pictures + "/" + first)
        try FileManager.default.createSymbolicLink(atPath: pictures + "/" + first, withDestinationPath: secret)
        try refreshManifest(pictures, for: first, bytes: secretBytes)
        var result = cadence("join", pictures, root + "/p/frames.shard-1-of-2", "--out", root + "/p/out")
        #expect(result.status == 2 && result.err.contains("\(first): it is a symbolic link"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: root + "/p/out/" + first))
        // Text: the payload of shard 1 replaced by a link to the secret.
        for index in 0..<2 { #expect(cadence("render", document, "--out", root + "/t/f.jsonl", "--shard", "\(index)/2").status == 0) }
        let text = root + "/t/f.jsonl.shard-1-of-2"
        try FileManager.default.removeItem(atPath: text + "/frames.jsonl")
        try FileManager.default.createSymbolicLink(atPath: text + "/frames.jsonl", withDestinationPath: secret)
        try refreshManifest(text, for: "frames.jsonl", bytes: secretBytes)
        result = cadence("join", root + "/t/f.jsonl.shard-0-of-2", text, "--out", root + "/t/out.jsonl")
        #expect(result.status == 2 && result.err.contains("frames.jsonl: it is a symbolic link"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: root + "/t/out.jsonl"))
    }

    @Test("join refuses, without waiting, a payload linked to /dev/zero and a manifest that is a named pipe")
    func joinRefusesEndlessFilesAtOnce() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let document = try temporaryFile("dot.json", PictureCommandTests.document)
        for index in 0..<2 { #expect(cadence("render", document, "--out", root + "/f.jsonl", "--shard", "\(index)/2").status == 0) }
        let zero = root + "/f.jsonl.shard-1-of-2"
        try FileManager.default.removeItem(atPath: zero + "/frames.jsonl")
        try FileManager.default.createSymbolicLink(atPath: zero + "/frames.jsonl", withDestinationPath: "/dev/zero")
        var result = cadence("join", root + "/f.jsonl.shard-0-of-2", zero, "--out", root + "/out.jsonl")
        #expect(result.status == 2 && result.err.contains("frames.jsonl: it is a symbolic link"), "\(result.err)")
        let pipe = root + "/f.jsonl.shard-0-of-2/manifest.json"
        try FileManager.default.removeItem(atPath: pipe)
        #expect(mkfifo(pipe, 0o644) == 0)
        result = cadence("join", root + "/f.jsonl.shard-0-of-2", zero, "--out", root + "/out.jsonl")
        #expect(result.status == 2 && result.err.contains("has no manifest (it is not a regular file"), "\(result.err)")
    }

    @Test("join reads a video shard's chunk only when its manifest lists it")
    func joinReadsOnlyListedVideoChunks() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let document = try temporaryFile("dot.json", PictureCommandTests.document)
        for index in 0..<2 {
            let run = cadence("render", document, "--format", "gif", "--out", root + "/film.gif", "--shard", "\(index)/2")
            #expect(run.status == 0, "\(run.err)")
        }
        let shard = root + "/film.gif.shard-1-of-2"
        let url = URL(fileURLWithPath: shard + "/manifest.json")
        var manifest = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        manifest["files"] = [[String: Any]]()
        try JSONSerialization.data(withJSONObject: manifest).write(to: url)
        let result = cadence("join", root + "/film.gif.shard-0-of-2", shard, "--out", root + "/film.gif")
        #expect(result.status == 2 && result.err.contains("manifest lists no frames.chunk"), "\(result.err)")
    }

    @Test("join refuses pictures its shards' frames do not name, and a shard with frames that lists no payload")
    func joinChecksNamesAgainstFrames() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let document = try temporaryFile("dot.json", PictureCommandTests.document)
        for index in 0..<2 { #expect(cadence("render", document, "--format", "png", "--out", root + "/p/f", "--shard", "\(index)/2").status == 0) }
        // Shard 1 (frames 5...10) also lists 05.png... no: 04.png, a frame of shard 0.
        let second = root + "/p/f.shard-1-of-2"
        let stray = try Data(contentsOf: URL(fileURLWithPath: second + "/10.png"))
        try stray.write(to: URL(fileURLWithPath: second + "/04.png"))
        let url = URL(fileURLWithPath: second + "/manifest.json")
        var manifest = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var files = try #require(manifest["files"] as? [[String: Any]])
        var entry = try #require(files.first { $0["name"] as? String == "10.png" })
        entry["name"] = "04.png"
        files.append(entry)
        manifest["files"] = files
        try JSONSerialization.data(withJSONObject: manifest).write(to: url)
        var result = cadence("join", root + "/p/f.shard-0-of-2", second, "--out", root + "/p/out")
        #expect(result.status == 2 && result.err.contains("lists 04.png, which is not one of its frames' pictures"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: root + "/p/out"))
        // Text: shard 1's payload removed and unlisted.
        for index in 0..<2 { #expect(cadence("render", document, "--out", root + "/t/f.jsonl", "--shard", "\(index)/2").status == 0) }
        let text = root + "/t/f.jsonl.shard-1-of-2"
        try FileManager.default.removeItem(atPath: text + "/frames.jsonl")
        let textURL = URL(fileURLWithPath: text + "/manifest.json")
        var textManifest = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: textURL)) as? [String: Any])
        textManifest["files"] = [[String: Any]]()
        try JSONSerialization.data(withJSONObject: textManifest).write(to: textURL)
        result = cadence("join", root + "/t/f.jsonl.shard-0-of-2", text, "--out", root + "/t/out.jsonl")
        #expect(result.status == 2 && result.err.contains("must list its frames' file frames.jsonl"), "\(result.err)")
    }

    @Test("a picture join run twice leaves no temporary names; the same document by two paths is one render")
    func joinAgainAndAnotherPath() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let document = try temporaryFile("dot.json", PictureCommandTests.document)
        let slash = document.lastIndex(of: "/")!
        let samePath = String(document[..<slash]) + "/." + String(document[slash...])
        #expect(cadence("render", document, "--format", "png", "--out", root + "/f", "--shard", "0/2").status == 0)
        #expect(cadence("render", samePath, "--format", "png", "--out", root + "/f", "--shard", "1/2").status == 0)
        for _ in 0..<2 {
            let result = cadence("join", root + "/f.shard-0-of-2", root + "/f.shard-1-of-2", "--out", root + "/out")
            #expect(result.status == 0, "\(result.err)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: root + "/out")
        #expect(names.count == 11 && names.allSatisfy { $0.hasSuffix(".png") }, "\(names.sorted())")
    }
}
