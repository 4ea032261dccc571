import CadenceCommandHarness
import CadenceIO
import Foundation
import Testing
import Timeline
import TimelinePlugins

/// `cadence render|preset --format png|rgba|svg-frames|VIDEO`: folders, slices, determinism and
/// ffmpeg's failures (issue 22, items 3 and 5).
@Suite("Pictures from the command line")
struct PictureCommandTests {
    /// A small document with a scene: a dot moving across, a shadow and a mask.
    static let document = #"""
        {"cadence":1,"fps":10,"duration":1,
         "tracks":[{"name":"x","keyframes":[{"time":0,"value":4},{"time":1,"value":40,"curve":"ease-in-out"}]}],
         "scene":{"size":[64,32],"background":"#F4F4F5",
          "layers":[{"name":"dot","shape":"oval","frame":[0,6,20,20],"fill":"#2563EB",
                     "shadow":{"color":"#000000","opacity":0.4,"radius":4,"offset":[0,2]},
                     "mask":{"path":"M0 0 H70 V24 H0 Z"},"bind":{"x":"x"}}]}}
        """#

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func pngFoldersOfSlicesAreTheWholeRendersFileForFile() throws {
        let document = try temporaryFile("dot.json", Self.document)
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let whole = root.appendingPathComponent("whole").path, a = root.appendingPathComponent("a").path
        #expect(cadence("render", document, "--format", "png", "--out", whole + "/").status == 0)
        #expect(cadence("render", document, "--format", "png", "--frames", "0..4", "--out", a).status == 0)
        #expect(cadence("render", document, "--format", "png", "--frames", "5..10", "--out", a).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: whole).sorted()
        // 11 frames: 0 … 10, named to two digits so that the folder lists in order.
        #expect(names == (0...10).map { String(format: "%02d.png", $0) })
        #expect(try FileManager.default.contentsOfDirectory(atPath: a).sorted() == names)
        for name in names {
            let one = try Data(contentsOf: URL(fileURLWithPath: whole + "/" + name))
            let other = try Data(contentsOf: URL(fileURLWithPath: a + "/" + name))
            #expect(one == other, "\(name) is the same bytes")
            #expect(one.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
        // One frame at a time (one job) gives the same bytes as the parallel batches.
        let serial = root.appendingPathComponent("serial").path
        #expect(cadence("render", document, "--format", "png", "--jobs", "1", "--out", serial).status == 0)
        for name in names {
            #expect(try Data(contentsOf: URL(fileURLWithPath: serial + "/" + name)) == Data(contentsOf: URL(fileURLWithPath: whole + "/" + name)))
        }
    }

    @Test func rawRGBAIsTheRasterizersPixelsStraightOrPremultiplied() throws {
        let document = try temporaryFile("dot.json", Self.document)
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let straightPath = root.appendingPathComponent("s.rgba").path, premultipliedPath = root.appendingPathComponent("p.rgba").path
        #expect(cadence("render", document, "--format", "rgba", "--frames", "3..4", "--out", straightPath).status == 0)
        #expect(cadence("render", document, "--format", "rgba", "--alpha", "premultiplied", "--frames", "3..4", "--out", premultipliedPath).status == 0)
        let straight = [UInt8](try Data(contentsOf: URL(fileURLWithPath: straightPath)))
        let premultiplied = [UInt8](try Data(contentsOf: URL(fileURLWithPath: premultipliedPath)))
        // Two frames of 64 × 32 pixels; the background is opaque, so both forms agree.
        #expect(straight.count == 2 * 64 * 32 * 4)
        #expect(straight == premultiplied)
        // The top right pixel, far from the dot and its shadow: the background, #F4F4F5.
        let corner = 63 * 4
        #expect(Array(straight[corner..<corner + 4]) == [0xF4, 0xF4, 0xF5, 0xFF])
        #expect(cadence("render", document, "--format", "rgba", "--alpha", "linear").status == 2)
    }

    @Test("straight frames are the premultiplied ones unpremultiplied, frame after frame in one buffer",
          arguments: ["#00000000", "#FFFFFF", "#FF000080"])
    func straightFramesAfterFramesInOneBuffer(background: String) throws {
        // A translucent dot and its shadow moving over a transparent, an opaque and a translucent
        // background, one worker (`--jobs 1`) drawing every frame into the same buffer: only the
        // region the layers drew is converted when the background is transparent or opaque, so a
        // region left over from the frame before would show here.
        let moving = Self.document.replacingOccurrences(of: "#F4F4F5", with: background)
            .replacingOccurrences(of: "#2563EB", with: "#2563EB99")
        let document = try temporaryFile("dot.json", moving)
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let straightPath = root.appendingPathComponent("s.rgba").path, premultipliedPath = root.appendingPathComponent("p.rgba").path
        #expect(cadence("render", document, "--format", "rgba", "--jobs", "1", "--out", straightPath).status == 0)
        #expect(cadence("render", document, "--format", "rgba", "--jobs", "1", "--alpha", "premultiplied", "--out", premultipliedPath).status == 0)
        let straight = [UInt8](try Data(contentsOf: URL(fileURLWithPath: straightPath)))
        let premultiplied = [UInt8](try Data(contentsOf: URL(fileURLWithPath: premultipliedPath)))
        #expect(straight.count == 11 * 64 * 32 * 4 && premultiplied.count == straight.count)
        // Straight colour c' = round(c · 255 / a) (halves up), at most 255; a = 0 stays zero.
        var wrong = 0, translucent = 0
        for offset in stride(from: 0, to: min(straight.count, premultiplied.count), by: 4) {
            let alpha = Int(premultiplied[offset + 3])
            if alpha > 0 && alpha < 255 { translucent += 1 }
            for channel in 0..<3 {
                let colour = Int(premultiplied[offset + channel])
                let expected = alpha == 0 ? 0 : min(255, (colour * 255 + alpha / 2) / alpha)
                if Int(straight[offset + channel]) != expected { wrong += 1 }
            }
            if straight[offset + 3] != premultiplied[offset + 3] { wrong += 1 }
        }
        #expect(wrong == 0)
        if background != "#FFFFFF" { #expect(translucent > 0, "the frames have translucent pixels to convert") }
    }

    @Test func rawFramesOnStandardOutputAreTheFilesBytes() throws {
        // Through a pipe (whose buffer the tool enlarges), as `cadence … | ffmpeg` reads them.
        let document = try temporaryFile("dot.json", Self.document)
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("f.rgba").path
        #expect(cadence("render", document, "--format", "rgba", "--out", file).status == 0)
        let process = Process()
        process.executableURL = ExecutableTests.executable
        process.arguments = ["render", document, "--format", "rgba"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let piped = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(piped == (try Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(piped.count == 11 * 64 * 32 * 4)
    }

    /// Segments encoded at once by three workers (each its own thread and ffmpeg, handed out as
    /// they free up) are the segments encoded one after the other: the same file, byte for byte,
    /// and every frame in it. Segments of 0.2 s at 10 fps: 2 frames, 6 segments for 11 frames.
    @Test(.enabled(if: ChildProcess.isInstalled("ffmpeg"), "needs ffmpeg (.ci/video-check installs it)"))
    func segmentsEncodedAtOnceAreTheSegmentsEncodedOneByOne() throws {
        let document = try temporaryFile("dot.json", Self.document)
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        for format in ["mp4", "webm"] {
            var files: [Data] = []
            for jobs in ["1", "3"] {
                let out = root.appendingPathComponent("jobs-\(jobs).\(format)").path
                let result = cadence("render", document, "--format", format, "--segment-seconds", "0.2", "--jobs", jobs, "--out", out)
                #expect(result.status == 0, "\(result.err)")
                files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
            }
            #expect(files[0] == files[1], "\(format): --jobs 1 and --jobs 3 differ")
            // Nothing of the segments' own is left beside the file.
            let left = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasSuffix(".mp4") && !$0.hasSuffix(".webm") }
            #expect(left.isEmpty, "\(left)")
        }
    }

    @Test func picturesNeedASceneAFolderAndAFile() throws {
        let noScene = try temporaryFile("plain.json", #"{"cadence":1,"tracks":[{"name":"a","keyframes":[{"value":1}]}]}"#)
        let missing = cadence("render", noScene, "--format", "png", "--out", NSTemporaryDirectory() + "x/")
        #expect(missing.status == 2 && missing.err.contains("pictures need a scene"), "\(missing.err)")
        let document = try temporaryFile("dot.json", Self.document)
        #expect(cadence("render", document, "--format", "png").err.contains("give a folder with --out DIR/"))
        #expect(cadence("render", document, "--format", "mp4").err.contains("give it with --out FILE"))
        #expect(cadence("render", document, "--format", "png", "--scale", "0", "--out", NSTemporaryDirectory()).err.contains("invalid picture size"))
        #expect(cadence("render", document, "--format", "png", "--scale", "1000", "--out", NSTemporaryDirectory()).err.contains("1 to 16384 pixels"))
        let file = try temporaryFile("not-a-folder", "")
        #expect(cadence("render", document, "--format", "png", "--out", file).err.contains("it is not a folder"))
    }
}

/// ffmpeg missing, or failing, through the executable with a `PATH` of the test's making.
@Suite("Video through ffmpeg, when it fails")
struct VideoFailureTests {
    func run(_ arguments: [String], path: String) throws -> (Int32, String) {
        try ExecutableTests.runTool(arguments, environment: ["PATH": path])
    }

    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-video-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aMissingFFmpegSaysHowToInstallIt() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("card.mp4").path
        let (status, err) = try run(["preset", "card-expand", "--format", "mp4", "--out", out], path: folder.path)
        #expect(status != 0)
        #expect(err.contains("needs ffmpeg, which is not installed") && err.contains("apt-get install ffmpeg"), "\(err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "no file is left")
    }

    @Test(arguments: ["exit 3", "head -c 1000 >/dev/null; echo 'broken encoder' >&2; exit 1", "kill -KILL $$"])
    func anFFmpegThatFailsIsAnErrorAndLeavesNoFile(script: String) throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = folder.appendingPathComponent("ffmpeg")
        try "#!/bin/sh\n\(script)\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let out = folder.appendingPathComponent("card.mp4").path
        let (status, err) = try run(["preset", "card-expand", "--format", "mp4", "--out", out], path: folder.path + ":/usr/bin:/bin")
        #expect(status != 0)
        #expect(err.contains("cannot write to ffmpeg"), "\(err)")
        if script.contains("broken encoder") { #expect(err.contains("broken encoder")) }
        // Killed while frames were still being written, or after: the error says so.
        if script.contains("kill -KILL") { #expect(err.contains("killed by signal 9"), "\(err)") }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["ffmpeg"], "no video and no temporary file: \(left)")
    }

    /// Runs `script` in `/bin/sh` in a session of its own (so that a stray signal to the process
    /// group stops only it), with `CADENCE` the tool's path: (status, standard output, error).
    func shell(_ script: String, in folder: URL) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["--wait", "/bin/sh", "-c", script]
        process.currentDirectoryURL = folder
        process.environment = ["PATH": "/usr/bin:/bin", "CADENCE": ExecutableTests.executable.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let outText = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, outText, errText)
    }

    @Test("an ffmpeg that cannot start (its interpreter missing, a folder) is an error, and no other process is signalled",
        arguments: ["script", "folder"])
    func anFFmpegThatCannotStartSignalsNothing(kind: String) throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("ffmpeg")
        if kind == "folder" {
            try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
        } else {
            try "#!/nonexistent/interpreter\n".write(to: fake, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        }
        // A sibling in the tool's process group: it must outlive the failed render.
        let script = """
            sleep 30 >/dev/null 2>&1 & sibling=$!
            PATH="$PWD/bin" "$CADENCE" preset card-expand --format mp4 --out card.mp4
            echo "rc=$?"
            kill -0 $sibling 2>/dev/null && echo "sibling alive"
            kill $sibling 2>/dev/null
            """
        let (status, out, err) = try shell(script, in: folder)
        #expect(status == 0, "the script itself was killed: \(status)")
        #expect(out.contains("rc=1") && out.contains("sibling alive"), "\(out)")
        #expect(err.contains("cadence: error: cannot start ffmpeg: "), "\(err)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["bin"], "no video and no temporary file: \(left)")
    }

    @Test("a video into a named pipe is written through it: the pipe stays a pipe")
    func aVideoIntoANamedPipeIsWrittenThroughIt() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A stand-in for ffmpeg that copies the frames it reads to the file it is given last; given
        // a list of segments to concatenate (`-f concat -i LIST`), it copies the listed files.
        let fake = folder.appendingPathComponent("ffmpeg")
        try """
            #!/bin/sh
            list=; previous=
            for argument; do out=$argument; [ "$previous" = "-i" ] && list=$argument; previous=$argument; done
            if [ "$list" != "pipe:0" ]; then
                sed -n "s/^file '\\(.*\\)'$/\\1/p" "$list" | while read -r file; do cat "$file"; done > "$out"
            else
                cat > "$out"
            fi

            """.write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let script = """
            mkfifo pipe
            cat pipe > received & reader=$!
            (sleep 10; kill $reader) >/dev/null 2>&1 &
            PATH="$PWD:/usr/bin:/bin" "$CADENCE" preset card-expand --format mp4 --out pipe --frames 0..1 --size 8x8
            echo "rc=$?"
            wait $reader
            [ -p pipe ] && echo "still a pipe"
            wc -c < received
            """
        let (status, out, err) = try shell(script, in: folder)
        #expect(status == 0)
        #expect(out.contains("rc=0") && out.contains("still a pipe"), "\(out) \(err)")
        // Two frames of 8 × 8 RGBA pixels went through the pipe.
        #expect(out.split(separator: "\n").last.map(String.init) == "512", "\(out)")
    }

    @Test("a video render terminated half-way stops ffmpeg and leaves no temporary file and no log")
    func terminatedVideoLeavesNothing() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A stand-in for ffmpeg that says who it is and reads nothing for 30 s.
        let fake = folder.appendingPathComponent("ffmpeg")
        try "#!/bin/sh\necho $$ > \"$FAKE_PID\"\nexec sleep 30\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let script = """
            mkdir out logs
            FAKE_PID="$PWD/fake.pid" TMPDIR="$PWD/logs" PATH="$PWD:/usr/bin:/bin" "$CADENCE" preset card-expand --format mp4 --out out/card.mp4 2>/dev/null &
            tool=$!
            for i in 1 2 3 4 5 6 7 8 9 10; do [ -s fake.pid ] && break; sleep 0.2; done
            sleep 0.2
            kill -TERM $tool
            wait $tool
            echo "status=$?"
            kill -0 $(cat fake.pid) 2>/dev/null && echo "encoder still running"
            echo "files left: $(ls -A out logs | grep -c -v -e '^$' -e ':$')"
            """
        let (status, out, _) = try shell(script, in: folder)
        #expect(status == 0)
        #expect(out.contains("status=143"), "\(out)")
        #expect(!out.contains("encoder still running"), "\(out)")
        #expect(out.contains("files left: 0"), "\(out)")
    }
}
