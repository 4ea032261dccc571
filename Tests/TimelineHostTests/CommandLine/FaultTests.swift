import CadenceCommandHarness
import Foundation
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceIO
@testable import CadenceHostCore

/// A folder of its own for a test, removed at the end.
private func scratchFolder() throws -> String {
    let path = NSTemporaryDirectory() + "cadence-faults-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

private func contents(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

private struct Failure: Error, Equatable {}

/// Faults at the edges: a failing output leaves no file that looks complete, a full disk and a
/// sink that throws are errors with status 1, a closed pipe ends quietly, callbacks that throw or
/// cancel everything neither lose nor repeat a frame or a completion.
@Suite("Faults at the edges")
struct FaultTests {
    static let card = "Docs/examples/card.json"

    @Test func outReplacesTheFileOnlyWhenTheRunSucceeds() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/card.jsonl"
        try "old\n".write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        // A run that fails after the output is opened (a preview over its frame limit).
        let failed = cadence("render", Self.card, "--format", "html", "--fps", "1000", "--frames", "0..10000001", "--out", file)
        #expect(failed.status == 2)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old\n")
        #expect(contents(folder) == ["card.jsonl"])
        // A run that succeeds replaces it with exactly what standard output gets, keeping its mode.
        let written = cadence("render", Self.card, "--out", file)
        #expect(written.status == 0 && written.out.isEmpty && written.err.isEmpty)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == cadence("render", Self.card).out)
        #expect(contents(folder) == ["card.jsonl"])
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // A new file, in a folder that does not exist: an error, nothing made.
        let missing = cadence("render", Self.card, "--out", folder + "/no/such/folder/card.jsonl")
        #expect(missing.status == 1 && missing.err.hasPrefix("cadence: error: cannot write to \(folder)/no/such/folder/card.jsonl: No such file or directory"))
    }

    @Test func anOutputReleasedWithoutACommitLeavesTheDestinationAlone() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/out.txt"
        try "before".write(toFile: file, atomically: false, encoding: .utf8)
        do {
            let output = try FileOutput(replacing: file)
            try output.write(String(repeating: "x", count: 200_000))    // past the buffer: on disk
            #expect(contents(folder).count == 2)                         // the file and its temporary
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "before")
        #expect(contents(folder) == ["out.txt"])
        let output = try FileOutput(replacing: folder + "/new.txt")
        try output.write("after")
        #expect(!FileManager.default.fileExists(atPath: folder + "/new.txt"))
        try output.commit()
        #expect(try String(contentsOfFile: folder + "/new.txt", encoding: .utf8) == "after")
        #expect(contents(folder) == ["new.txt", "out.txt"])
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullDiskIsAnErrorWithStatusOne() throws {
        let result = cadence("render", Self.card, "--out", "/dev/full")
        #expect(result.status == 1)
        #expect(result.err == "cadence: error: cannot write to /dev/full: No space left on device\n")
        // Standard output on a full disk, through the executable.
        let (status, _, err) = try ExecutableTests().run(["render", Self.card], standardOutput: FileHandle(forWritingAtPath: "/dev/full"))
        #expect(status == 1)
        #expect(err == "cadence: error: cannot write to standard output: No space left on device\n")
    }

    @Test func aFileTooLargeMidwayLeavesTheOldFile() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/big.jsonl"
        try "old\n".write(toFile: file, atomically: false, encoding: .utf8)
        // `ulimit -f 4`: 4 blocks of 512 bytes, so the write past 2,048 bytes fails with EFBIG.
        let command = "ulimit -f 4; exec '\(ExecutableTests.executable.path)' render \(Self.card) --fps 2000 --out '\(file)'"
        let (status, _, err) = try ExecutableTests().run(["-c", command], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(status == 1)
        #expect(err == "cadence: error: cannot write to \(file): File too large\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old\n")
        #expect(contents(folder) == ["big.jsonl"])
    }

    @Test func aClosedPipeAfterTheFirstLineEndsQuietly() throws {
        for format in ["jsonl", "csv"] {
            let (status, out, err) = try ExecutableTests().run(["render", Self.card, "--fps", "5000", "--format", format], closeAfterBytes: 40)
            #expect(status == 0 && err.isEmpty)
            #expect(out.utf8.count == 40)
        }
    }

    @Test func aSinkThatThrowsMidwayStopsTheRunWithItsError() throws {
        var source = try TimelineDocument(parsing: String(contentsOfFile: Self.card, encoding: .utf8)).makeSource()
        var seen: [Int] = []
        var sink = CallbackSink { frame in
            seen.append(frame.index)
            if frame.index == 5 { throw Failure() }
        }
        #expect(throws: Failure()) { try HostLoop.renderOffline(&source, frameRate: .fps60, to: &sink) }
        #expect(seen == Array(0...5))      // every frame once, in order, up to the failure
    }

    @Test func aMultiplexSinkFinishesTheOthersWhenOneThrows() throws {
        final class Recorder: FrameSink {
            var frames: [Int] = []
            var finished = 0
            let failAt: Int?
            init(failAt: Int? = nil) { self.failAt = failAt }
            func write(_ frame: borrowing Frame) throws {
                if frame.index == failAt { throw Failure() }
                frames.append(frame.index)
            }
            func finish() throws { finished += 1 }
        }
        let first = Recorder(), second = Recorder(failAt: 3), third = Recorder()
        var sink = MultiplexSink([first, second, third])
        var source = try TimelineDocument(parsing: String(contentsOfFile: Self.card, encoding: .utf8)).makeSource()
        #expect(throws: Failure()) { try HostLoop.renderOffline(&source, frameRate: .fps60, to: &sink) }
        #expect(first.frames == [0, 1, 2, 3] && second.frames == [0, 1, 2] && third.frames == [0, 1, 2])
        #expect(first.finished == 1 && second.finished == 0 && third.finished == 1)
    }

    @Test func anObserverThatCancelsEveryObservationFromItsCallbackEndsThemAll() {
        let emitter = Emitter<Int, Never>()
        let log = CallLog()
        final class Box: @unchecked Sendable { var observations: [SignalObservation] = [] }
        let box = Box()
        for name in ["a", "b", "c"] {
            box.observations.append(emitter.observe { value in
                log.add("\(name) \(value)")
                // "b" cancels every observation, its own included, on the second value.
                if name == "b", value == 2 { for observation in box.observations { observation.cancel() } }
            })
        }
        for value in 1...4 { emitter.send(value) }
        // Value 1 reaches all three; value 2 reaches "a" and "b", and "c" no more (cancelled before
        // its turn); nothing after.
        #expect(log.all == ["a 1", "b 1", "c 1", "a 2", "b 2"])
    }

    @Test func aCompletionHandlerThatCancelsEverythingDeliversEachCompletionOnce() throws {
        let clock = ManualClock(frameRate: .fps60)
        let log = CallLog()
        var animators: [Animator<Double>] = []
        for index in 0..<8 {
            let animator = try Animator(duration: 0.1 * Double(index + 1), initialValue: 0.0, clock: clock)
            try animator.addAnimation(\Double.self, to: 1)
            animators.append(animator)
        }
        let all = animators
        for (index, animator) in animators.enumerated() {
            animator.addCompletion { completion in
                log.add("\(index) \(completion.finished)")
                // The first to finish cancels every animator, itself included, from inside its callback,
                // and adds a completion handler to a completed animator (called at once).
                guard index == 0 else { return }
                for other in all { other.cancel() }
                all[0].addCompletion { late in log.add("late \(late.finished)") }
            }
            try animator.start()
        }
        for _ in 0..<120 { _ = clock.advanceFrame() }
        #expect(log.all == ["0 true"] + (1..<8).map { "\($0) false" } + ["late true"])
        #expect(animators.allSatisfy { $0.completion != nil })
    }
}
