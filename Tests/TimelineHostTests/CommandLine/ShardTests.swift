@testable import CadenceCommandLine
import CadenceCommandHarness
import Foundation
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceIO
@testable import CadenceHostCore

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
        for format in ["mp4", "mkv"] {
            #expect(try renderAndJoin(["render", document], format: format, count: 3, in: root).same, "\(format)")
        }
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
}
