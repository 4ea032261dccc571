import CadenceCommandHarness
import Foundation
import Testing
@testable import CadenceIO

/// What the `cadence` executable reads from its environment, run as a process of its own.
@Suite("The tool's environment")
struct EnvironmentTests {
    /// Runs the built tool with exactly `environment`: (status, standard error).
    func run(_ arguments: [String], environment: [String: String]) throws -> (Int32, String) {
        try ExecutableTests.runTool(arguments, environment: environment)
    }

    @Test("cadence golden check records under CADENCE_RECORD, refuses an unknown mode, and leaves pictures in CADENCE_GOLDEN_ARTIFACTS")
    func goldenVariables() throws {
        let folder = try temporaryDirectory()
        let document = folder + "/dot.json"
        try PictureCommandTests.document.write(toFile: document, atomically: true, encoding: .utf8)
        let path = ["PATH": "/usr/bin:/bin"]
        // No golden yet: a plain check fails; with CADENCE_RECORD=missing it records one.
        #expect(try run(["golden", "check", document, "--dir", folder + "/goldens"], environment: path).0 != 0)
        var environment = path
        environment["CADENCE_RECORD"] = "missing"
        let (recorded, recordedErr) = try run(["golden", "check", document, "--dir", folder + "/goldens"], environment: environment)
        #expect(recorded == 0, "\(recordedErr)")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: folder + "/goldens").filter { $0.hasSuffix(".golden") }.isEmpty)
        environment["CADENCE_RECORD"] = "bogus"
        let (bogus, bogusErr) = try run(["golden", "check", document, "--dir", folder + "/goldens"], environment: environment)
        #expect(bogus != 0 && bogusErr.contains("bogus"), "\(bogusErr)")
        // A changed background: the check fails and leaves its pictures where the variable says.
        let changed = PictureCommandTests.document.replacingOccurrences(of: "#F4F4F5", with: "#F4F4F6")
        try changed.write(toFile: document, atomically: true, encoding: .utf8)
        var artifacts = path
        artifacts["CADENCE_GOLDEN_ARTIFACTS"] = folder + "/artifacts"
        let (failed, _) = try run(["golden", "check", document, "--dir", folder + "/goldens"], environment: artifacts)
        #expect(failed != 0)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/artifacts")) ?? []
        #expect(left.contains { $0.hasSuffix(".actual.png") }, "\(left)")
    }

    @Test("ffmpeg's error log goes where TMPDIR says, and a TMPDIR that cannot be written is named in the error")
    func encoderLogFollowsTMPDIR() throws {
        let folder = try temporaryDirectory()
        // A stand-in for ffmpeg that says why it fails.
        let fake = folder + "/ffmpeg"
        try "#!/bin/sh\necho 'broken encoder' >&2\nexit 1\n".write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let (status, err) = try run(
            ["preset", "card-expand", "--format", "mp4", "--out", folder + "/card.mp4"],
            environment: ["PATH": folder + ":/usr/bin:/bin", "TMPDIR": folder + "/no-such-folder"])
        #expect(status == 1)
        #expect(err.contains(folder + "/no-such-folder/cadence-ffmpeg") && err.contains("cannot make ffmpeg's error log"), "\(err)")
        // A writable TMPDIR: the log is read back for the error, then removed.
        let logs = folder + "/logs"
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        // A script just written can be "busy" for a moment when another test's child process,
        // forked meanwhile, still holds the file open (ETXTBSY): that is the test's race, not
        // the tool's, so it is tried again.
        var (failed, failedErr): (Int32, String) = (0, "")
        for _ in 0..<5 {
            (failed, failedErr) = try run(
                ["preset", "card-expand", "--format", "mp4", "--out", folder + "/card.mp4"], environment: ["PATH": folder + ":/usr/bin:/bin", "TMPDIR": logs])
            if !failedErr.contains("Text file busy") { break }
            usleep(200_000)
        }
        #expect(failed == 1 && failedErr.contains("broken encoder"), "\(failedErr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: logs).isEmpty)
    }

    @Test("an FFV1 video of a picture one pixel high or wide", .enabled(if: ChildProcess.isInstalled("ffmpeg"), "needs ffmpeg (.ci/video-check installs it)"))
    func ffv1OfOnePixelSides() throws {
        let folder = try temporaryDirectory()
        for size in ["75,1", "1,75", "1,1"] {
            let document = folder + "/line.json"
            try #"{"cadence":1,"fps":10,"duration":0.2,"tracks":[{"name":"t","keyframes":[{"time":0,"value":0}]}],"scene":{"size":[\#(size)],"layers":[]}}"#
                .write(toFile: document, atomically: true, encoding: .utf8)
            let result = cadence("render", document, "--format", "mkv", "--out", folder + "/line.mkv")
            #expect(result.status == 0, "\(size): \(result.err)")
        }
    }
}
