import Timeline
import TimelinePlugins

import Dispatch

/// Scenario 7: scenario 1's forward playback at the largest N on one core and on every core, with
/// the outputs compared bit for bit; and, for scale, the same memory traffic with next to no
/// arithmetic (what the machine's memory allows one core and every core).
enum MultiCoreScenario {
    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] {
        let count = configuration.largestTrackCount
        let frames = configuration.frames
        let serialName = "multicore/one-core/\(count)"
        let speedUp: BenchmarkCase.Target? =
            SuiteConfiguration.hasTargets(trackCount: count) ? .speedUp(atLeast: 1.7, over: serialName) : nil
        return [
            playback(serialName, count: count, frames: frames, concurrently: false, target: nil),
            playback(
                "multicore/all-cores/\(count)", count: count, frames: frames, concurrently: true,
                target: speedUp),
            memoryTraffic("multicore/memory-one-core/\(count)", count: count, frames: frames, concurrently: false),
            memoryTraffic("multicore/memory-all-cores/\(count)", count: count, frames: frames, concurrently: true),
        ]
    }

    /// The forward loop's memory traffic per track (32 bytes of record, here in four 8-byte
    /// arrays, and a 4-byte code read, one value written) with one multiply-add: the most the
    /// memory lets a forward loop do, on one core or split across every core
    /// (`DispatchQueue.concurrentPerform`, 16 chunks).
    static func memoryTraffic(_ name: String, count: Int, frames: Int, concurrently: Bool) -> BenchmarkCase {
        BenchmarkCase(
            scenario: 7, name: name, valuesPerRepetition: count * frames, framesPerRepetition: frames, target: nil
        ) {
            let columns = UnsafeMutablePointer<Double>.allocate(capacity: 4 * count)
            for index in 0..<(4 * count) { columns[index] = Double(index % 1_000) * 0.001 }
            let codes = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
            codes.initialize(repeating: 1, count: count)
            let values = UnsafeMutablePointer<Double>.allocate(capacity: count)
            values.initialize(repeating: 0, count: count)
            let shared = MemoryPointers(columns: columns, codes: codes, values: values)
            let chunks = concurrently ? 16 : 1
            let size = (count + chunks - 1) / chunks
            @Sendable func pass(_ chunk: Int, time: Double) {
                let (columns, codes, values) = (shared.columns, shared.codes, shared.values)
                for track in (chunk * size)..<Swift.min(chunk * size + size, count) {
                    let u = (time - columns[track]) * columns[count + track]
                    values[track] = columns[2 * count + track] + columns[3 * count + track] * u * Double(codes[track])
                }
            }
            return Repetition(run: {
                for frame in 0..<frames {
                    let time = Double(frame) / 60
                    if concurrently {
                        DispatchQueue.concurrentPerform(iterations: chunks) { pass($0, time: time) }
                    } else {
                        pass(0, time: time)
                    }
                    blackHole(UnsafeMutableBufferPointer(start: values, count: count))
                }
            })
        }
    }

    static func playback(
        _ name: String, count: Int, frames: Int, concurrently: Bool, target: BenchmarkCase.Target?
    ) -> BenchmarkCase {
        BenchmarkCase(
            scenario: 7, name: name, valuesPerRepetition: count * frames, framesPerRepetition: frames,
            target: target
        ) {
            let bank = try ScalarTrackBank(TrackFactory.scalarTracks(count, seed: 1) { _ in .timing(.easeInOut) })
            var playhead = bank.makePlayhead()
            let output = TrackFactory.output(for: bank)
            return Repetition(
                run: {
                    for frame in 0..<frames {
                        try playhead.evaluate(frame: frame, rate: .fps60, into: output, concurrently: concurrently)
                        blackHole(output)
                    }
                },
                check: { concurrently ? compare(bank, frames: frames) : nil })
        }
    }

    /// Plays every frame on one core and on all cores and compares every value's bits.
    static func compare(_ bank: ScalarTrackBank, frames: Int) -> String {
        var serial = bank.makePlayhead()
        var concurrent = bank.makePlayhead()
        var one: [Double] = []
        var all: [Double] = []
        for frame in stride(from: 0, to: frames, by: 1) {
            serial.evaluate(frame: frame, rate: .fps60, into: &one)
            concurrent.evaluate(frame: frame, rate: .fps60, into: &all, concurrently: true)
            if !one.elementsEqual(all, by: { $0.bitPattern == $1.bitPattern }) {
                return "OUTPUT DIFFERS at frame \(frame)"
            }
        }
        return "output identical to one core at all \(frames) frames"
    }
}

/// The memory-traffic probe's buffers, shared with the threads that each write their own chunk.
struct MemoryPointers: @unchecked Sendable {
    let columns: UnsafeMutablePointer<Double>
    let codes: UnsafeMutablePointer<UInt32>
    let values: UnsafeMutablePointer<Double>
}
