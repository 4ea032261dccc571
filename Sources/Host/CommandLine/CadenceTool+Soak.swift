import Timeline
import TimelinePlugins
import CadenceHostCore
import CadenceIO

/// Why a soak run failed: completions not delivered exactly once, or memory that grew.
struct SoakFailure: Error, CustomStringConvertible {
    var description: String
}

extension CadenceTool {
    /// The longest soak, in simulated hours (a week).
    static let maximumSoakHours = 168.0
    /// How much the resident set may grow from the end of the warm-up to the end of the run, in
    /// kilobytes, for the memory to count as flat.
    static let soakGrowthAllowance = 8 * 1024

    /// `cadence soak [--hours H] [--fps N]`: drives ``SoakSource`` through the host loop offline for
    /// H simulated hours (24 by default) at N frames per second (120 by default), then checks that
    /// every animator completed exactly once and that the resident set stayed flat.
    ///
    /// Prints what it did: frames, simulated and real time, animators, completions, observers,
    /// tracks, and the resident set at the end of the first simulated minute and at the end.
    /// Exits with status 1 if a completion was lost or repeated, or if the resident set grew by more
    /// than ``soakGrowthAllowance`` kilobytes.
    mutating func soak(_ arguments: [String]) throws {
        let list = try ArgumentList(arguments, command: "soak", options: ["hours", "fps"], flags: [])
        try list.requireNoPositionals()
        let hours = try list.double("hours") ?? 24
        guard hours > 0, hours <= Self.maximumSoakHours else {
            throw UsageError("'--hours' needs a number greater than 0 and at most \(NumberFormat.string(Self.maximumSoakHours)), got \(NumberFormat.string(hours))", command: "soak")
        }
        let frameRate = try list.frameRate() ?? FrameRate(framesPerSecond: 120)!
        let seconds = hours * 3600
        let frameCount = try HostLoop.defaultFrames(duration: seconds, frameRate: frameRate).upperBound
        let warmUp = min(frameCount - 1, frameRate.frameCount(covering: 60) ?? 0)
        var source = SoakSource(duration: seconds, frameRate: frameRate, warmUpFrame: max(warmUp, 0))
        var sink = NullSink()
        let clock = ContinuousClock()
        let start = clock.now
        try HostLoop.renderOffline(&source, frameRate: frameRate, frames: 0...max(frameCount - 1, 0), to: &sink)
        source.windDown()
        let elapsed = clock.now - start
        let end = ResidentSet.current()
        let begin = source.residentAtWarmUp
        func megabytes(_ kilobytes: Int) -> String {
            NumberFormat.string((Double(kilobytes) / 1024 * 10).rounded() / 10) + " MB"
        }
        var report = "soak: \(NumberFormat.string(hours)) h at \(frameRate): \(frameCount) frames in "
        report += NumberFormat.string((elapsed.inSeconds * 10).rounded() / 10) + " s\n"
        report += "animators: \(source.created) started, \(source.completions) completions "
        report += "(\(source.finishedCompletions) finished, \(source.completions - source.finishedCompletions) cancelled), "
        report += "\(source.duplicateCompletions) repeated, \(source.animatorsNotCompletedOnce) not exactly once\n"
        report += "observers: \(source.eventsObserved) animator events observed, "
        report += "\(source.tickHandlersAdded) tick handlers added and removed (\(source.ticksObserved) ticks)\n"
        report += "tracks: \(source.tracksBuilt) built, sampled and dropped\n"
        if let begin, let end {
            report += "resident set: \(megabytes(begin.resident)) after the first simulated minute, \(megabytes(end.resident)) at the end "
            report += "(peak \(megabytes(end.peak)))\n"
        } else {
            report += "resident set: not measured (no /proc/self/status)\n"
        }
        try standardOutput.write(report)
        if source.completions != source.created || source.duplicateCompletions > 0 || source.animatorsNotCompletedOnce > 0 {
            throw SoakFailure(description: "soak: \(source.created) animators started but \(source.completions) completed once, \(source.duplicateCompletions) completions repeated")
        }
        if let begin, let end, end.resident - begin.resident > Self.soakGrowthAllowance {
            throw SoakFailure(description: "soak: the resident set grew from \(megabytes(begin.resident)) to \(megabytes(end.resident)), more than \(megabytes(Self.soakGrowthAllowance))")
        }
    }
}
