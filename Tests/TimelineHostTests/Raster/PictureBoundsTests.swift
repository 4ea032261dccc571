import CadenceCommandHarness
import Foundation
import Testing
@testable import CadenceHostCore
@testable import CadenceIO

/// What a frame may cost to draw is bounded, and past the bound a render fails with an error that
/// says so, within a memory limit (`../shared/reviews/reliability-2026-12.md`, H4 and H5).
@Suite("Picture bounds")
struct PictureBoundsTests {
    /// A 100 × 100 scene of one path: `count` copies of `command` after `M0 0`, filled or stroked.
    static func document(_ command: String, count: Int, stroke: Bool = false) -> String {
        let path = "M0 0" + String(repeating: command, count: count)
        let paint = stroke ? ##""stroke":"#FF0000","strokeWidth":100000"## : ##""fill":"#FF0000""##
        return #"{"cadence":1,"fps":1,"duration":0,"tracks":[{"name":"t","keyframes":[{"time":0,"value":0}]}],"#
            + #""scene":{"size":[100,100],"layers":[{"name":"a","shape":"path","path":""# + path + #"","# + paint + "}]}}"
    }

    /// Runs the built tool under `ulimit -v` (KiB): (status, standard error).
    func limited(_ kilobytes: Int, _ arguments: [String]) throws -> (Int32, String) {
        try ExecutableTests.runTool(
            arguments, environment: ProcessInfo.processInfo.environment,
            launcher: ["/bin/sh", "-c", "ulimit -v \(kilobytes) && exec \"$0\" \"$@\""])
    }

    @Test("50,000 huge curves (800 KB, 100 million points flattened) fail with an error within 1.5 GB, not an abort")
    func hugeCurvesFailWithinMemory() throws {
        let file = try temporaryFile("curves.json", Self.document("c9e5 9-9e5 9 0 0", count: 50_000))
        let (status, err) = try limited(1_500_000, ["render", file, "--format", "rgba", "--out", "/dev/null", "--jobs", "1"])
        #expect(status == 2, "\(err)")
        #expect(err.contains("frame 0's outlines flatten to more than 4000000 points"), "\(err)")
    }

    @Test("small curves under a huge stroke are bounded the same way; the same path in fewer curves draws")
    func strokedCurves() throws {
        let heavy = try temporaryFile("stroked.json", Self.document("c1 1-1 1 0 0", count: 3_000, stroke: true))
        let refused = cadence("render", heavy, "--format", "rgba", "--out", "/dev/null")
        #expect(refused.status == 2 && refused.err.contains("flatten to more than 4000000 points"), "\(refused.err)")
        let light = try temporaryFile("light.json", Self.document("c1 1-1 1 0 0", count: 100, stroke: true))
        #expect(cadence("render", light, "--format", "rgba", "--out", "/dev/null").status == 0)
    }

    @Test("an app drawing a frame over the budget through HostLoop.picture gets PictureError.tooComplex")
    func pictureThrows() throws {
        let document = try TimelineDocument(parsing: Self.document("c9e5 9-9e5 9 0 0", count: 3_000))
        var source = document.makeSource()
        let scene = try #require(document.scene)
        #expect(throws: PictureError.tooComplex(frame: 0)) {
            _ = try HostLoop.picture(of: &source, frame: 0, frameRate: document.frameRate, scene: .json(scene))
        }
    }

    @Test("a Lottie file whose frame could draw 20 million vertices (12 KB of nested stars) is refused before drawing; its values still render")
    func lottieDrawingBound() throws {
        let star = #"{"ty": "sr", "sy": 1, "p": {"a": 0, "k": [0, 0]}, "pt": {"a": 0, "k": 10000}, "r": {"a": 0, "k": 0}, "or": {"a": 0, "k": 50}, "ir": {"a": 0, "k": 20}, "os": {"a": 0, "k": 0}, "is": {"a": 0, "k": 0}}"#
        let layer = #"{"ty": 4, "ip": 0, "op": 10, "st": 0, "ks": {"p": {"a": 0, "k": [100, 100]}}, "shapes": [\#(star), {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]}"#
        let placement = #"{"ty": 0, "refId": "A", "ip": 0, "op": 10, "st": 0, "ks": {}, "w": 200, "h": 200}"#
        let text = #"{"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 200, "h": 200, "assets": [{"id": "A", "layers": ["#
            + Array(repeating: layer, count: 10).joined(separator: ",") + "]}], \"layers\": ["
            + Array(repeating: placement, count: 100).joined(separator: ",") + "]}"
        let file = try temporaryFile("stars.lottie.json", text)
        let folder = try temporaryDirectory()
        for format in ["png", "svg"] {
            let out = format == "png" ? folder + "/frames/" : folder + "/stars.svg"
            let refused = cadence("render", file, "--format", format, "--frames", "0..0", "--out", out)
            #expect(refused.status == 2, "\(format): \(refused.err)")
            #expect(refused.err.contains("a frame can draw up to 20000000 vertices, more than the 1000000"), "\(refused.err)")
        }
        #expect(cadence("render", file, "--frames", "0..0").status == 0)
    }

    @Test("workers that fit: 16 bytes a pixel and 8 MiB each, by hand; a default count is lowered, a chosen one refused")
    func workersThatFit() throws {
        // 2048²: 16 × 4,194,304 + 8,388,608 = 75,497,472 bytes a worker.
        #expect(PictureSink.bytesPerWorker(width: 2048, height: 2048) == 75_497_472)
        #expect(try PictureSink.workersThatFit(8, chosen: false, width: 2048, height: 2048, available: 160_000_000) == 2)
        #expect(try PictureSink.workersThatFit(2, chosen: true, width: 2048, height: 2048, available: 160_000_000) == 2)
        #expect(throws: PictureError.tooManyWorkers(jobs: 3, fitting: 2, width: 2048, height: 2048, megabytesPerWorker: 76, megabytesAvailable: 160)) {
            try PictureSink.workersThatFit(3, chosen: true, width: 2048, height: 2048, available: 160_000_000)
        }
        #expect(throws: PictureError.tooLarge(width: 2048, height: 2048, megabytesPerWorker: 76, megabytesAvailable: 70)) {
            try PictureSink.workersThatFit(1, chosen: false, width: 2048, height: 2048, available: 70_000_000)
        }
    }

    @Test("the largest picture, and --jobs 256, under a 3 GB limit: errors that name the size and --jobs, not aborts")
    func pictureMemoryUnderALimit() throws {
        let small = try temporaryFile("small.json", PictureCommandTests.document)
        let (status, err) = try limited(3_000_000, ["render", small, "--format", "rgba", "--out", "/dev/null", "--size", "16384x16384", "--frames", "0..0"])
        #expect(status == 2 && err.contains("a 16384×16384 picture needs about 4304 MB to draw"), "\(err)")
        let (jobsStatus, jobsErr) = try limited(
            3_000_000, ["render", small, "--format", "rgba", "--out", "/dev/null", "--size", "2048x2048", "--jobs", "256", "--frames", "0..0"])
        #expect(jobsStatus == 2 && jobsErr.contains("--jobs 256 draws 256 2048×2048 pictures at once"), "\(jobsErr)")
    }

    @Test("a preset letterboxed: --fit draws the phone transition fitted and centred in a landscape picture; --size lays it out")
    func presetFit() throws {
        let out = try temporaryDirectory() + "/frame.rgba"
        let result = cadence("preset", "card-expand", "--format", "rgba", "--frames", "0..0", "--fit", "192x108", "--out", out)
        #expect(result.status == 0, "\(result.err)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(bytes.count == 192 * 108 * 4)
        // 390 × 844 fitted in 192 × 108: scale 108 / 844, 49.9 pixels wide, centred from x 71.0 to
        // 120.9. The margins are the page's white; the phone's own grey starts at column 71 and
        // its orange card fills the middle at frame 0.
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(bytes[(y * 192 + x) * 4..<(y * 192 + x) * 4 + 4]) }
        #expect(pixel(10, 54) == [255, 255, 255, 255] && pixel(70, 54) == [255, 255, 255, 255])
        #expect(pixel(121, 54) == [255, 255, 255, 255] && pixel(180, 54) == [255, 255, 255, 255])
        #expect(pixel(72, 54) != [255, 255, 255, 255] && pixel(120, 54) != [255, 255, 255, 255])
        #expect(pixel(96, 54) == [250, 140, 64, 255])
        #expect(cadence("preset", "card-expand", "--format", "rgba", "--fit", "192x108", "--scale", "2").err.contains("'--fit' and '--scale' cannot both be given"))
    }
}
