import Foundation
import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// Presets are pure functions of time and their script: any frame alone is that frame of the
/// whole render, byte for byte, and a frame far past the end costs the transition's length, not
/// its index.
///
/// These compare a preset with itself, so they guard history (a frame does not depend on the
/// frames before it), not values: `PresetTests` holds the values to `TRANSITIONS.md`'s numbers.
@Suite("Seeking presets")
struct PresetSeekTests {
    static func jsonLines(_ preset: some TransitionPreset, frames: ClosedRange<Int>? = nil) throws -> String {
        var source = try PresetSource(preset: preset, frameRate: .fps60)
        var sink = JSONLinesSink(output: StringOutput())
        try HostLoop.renderOffline(&source, frameRate: .fps60, frames: frames, to: &sink)
        return sink.output.text
    }

    static func check(_ preset: some TransitionPreset) throws {
        let whole = try jsonLines(preset)
        let lines = whole.split(separator: "\n").map { $0 + "\n" }
        #expect(lines.count > 10)
        // Every frame alone, and slices that split the render anywhere, agree with the whole.
        for index in lines.indices {
            #expect(try jsonLines(preset, frames: index...index) == lines[index], "\(type(of: preset).name) frame \(index)")
        }
        for split in [1, lines.count / 3, lines.count - 1] {
            let first = try jsonLines(preset, frames: 0...(split - 1))
            let second = try jsonLines(preset, frames: split...(lines.count - 1))
            #expect(first + second == whole, "\(type(of: preset).name) split at \(split)")
        }
    }

    @Test(arguments: PresetCatalog.names)
    func everyFrameAloneIsThatFrameOfTheWholeRender(name: String) throws {
        let type = try #require(PresetCatalog.preset(named: name))
        try Self.check(try type.init(context: TransitionContext(), parameters: [:]))
    }

    @Test func aLongPresetRecordsAtMostItsLimitBeforeTheFirstFrame() throws {
        // The reliability audit's defect 5: `--duration 1000000` recorded 60,000,001 frames
        // (44 s, 553 MB) before printing frame 0.
        let preset = try CircularRevealPreset(context: TransitionContext(), parameters: ["duration": 1_000_000])
        let program = try PresetProgram(preset: preset, frameRate: .fps60)
        #expect(program.recordedFrameCount == PresetProgram<CircularRevealPreset>.maximumRecordedFrames)
        #expect(!program.settles)
        let first = try Self.jsonLines(preset, frames: 0...0)
        #expect(first.hasPrefix("{\"frame\":0,"))
    }

    // No time limit: a regression that replays every tick would run for hours, and CI's own limit
    // catches that; a one-minute limit failed on a loaded machine in the full parallel suite.
    @Test func aFrameFarPastTheEndIsTheSettledFrame() throws {
        let preset = try CardExpandPreset(context: TransitionContext(), parameters: [:])
        let whole = try Self.jsonLines(preset)
        let last = try #require(whole.split(separator: "\n").last)
        // Frame 2,147,483,647 is 414 days in: replaying every tick would take hours.
        let far = try Self.jsonLines(preset, frames: 2_147_483_647...2_147_483_647)
        func values(_ line: Substring) -> Substring? {
            guard let start = line.range(of: "\"values\":") else { return nil }
            return line[start.lowerBound...].prefix { $0 != "}" }
        }
        #expect(values(far[...]) != nil && values(far[...]) == values(last), "the far frame shows the settled values")
        #expect(!far.contains("events"), "and no event: they all happened long before")
        #expect(far.hasPrefix("{\"frame\":2147483647,"))
    }

    @Test func askingForAnEarlierFrameStartsOver() throws {
        let preset = try PunchOutPreset(context: TransitionContext(), parameters: [:])
        var whole: [Frame] = []
        var source = try PresetSource(preset: preset, frameRate: .fps60)
        var sink = CallbackSink { whole.append($0) }
        try HostLoop.renderOffline(&source, frameRate: .fps60, frames: nil, to: &sink)
        var seeking = try PresetSource(preset: preset, frameRate: .fps60)
        var frames: [Frame] = []
        var collect = CallbackSink { frames.append($0) }
        try HostLoop.renderOffline(&seeking, frameRate: .fps60, frames: 20...20, to: &collect)
        try HostLoop.renderOffline(&seeking, frameRate: .fps60, frames: 5...5, to: &collect)
        #expect(frames.map(\.numbers) == [whole[20].numbers, whole[5].numbers])
        #expect(frames.map(\.index) == [20, 5])
    }
}
