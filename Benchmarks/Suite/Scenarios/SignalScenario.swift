import Dispatch
import Timeline
import TimelinePlugins
import TimelineHost

/// Scenario 4: the observer stream. Events sent through an `Emitter` to 1 and to 100 observers,
/// directly and through `map`; the `AsyncSequence` bridge (`values(buffering:)`); and one frame of
/// a million values delivered as one batch through the host loop's `SignalSink`.
enum SignalScenario {
    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] {
        let events = configuration.quick ? 200_000 : 2_000_000
        return [
            delivery("signals/direct/1-observer", events: events, observers: 1, mapped: false, target: nil),
            delivery("signals/map/1-observer", events: events, observers: 1, mapped: true, target: 10),
            delivery("signals/direct/100-observers", events: events / 100, observers: 100, mapped: false, target: nil),
            delivery("signals/map/100-observers", events: events / 100, observers: 100, mapped: true, target: nil),
            asyncBridge("signals/async-bridge/1-observer", events: events / 10),
            frameBatch("signals/frame-batch/1000000-values", frames: configuration.quick ? 1_000 : 10_000),
        ]
    }

    /// Where observers add up what they receive, so that nothing is optimised away.
    final class Tally: @unchecked Sendable {
        var sum = 0
    }

    /// `events` integers sent to `observers` observers; values are deliveries (events × observers).
    static func delivery(
        _ name: String, events: Int, observers: Int, mapped: Bool, target: Double?
    ) -> BenchmarkCase {
        BenchmarkCase(
            scenario: 4, name: name, valuesPerRepetition: events * observers, framesPerRepetition: events,
            target: target.map { .nanosecondsPerValue($0) }
        ) {
            let emitter = Emitter<Int, Never>()
            let tally = Tally()
            let observations = (0..<observers).map { _ in
                mapped
                    ? emitter.map { $0 &* 3 }.observe { tally.sum &+= $0 }
                    : emitter.observe { tally.sum &+= $0 }
            }
            return Repetition(
                run: {
                    for event in 0..<events { emitter.send(event) }
                    blackHole(tally.sum)
                },
                check: {
                    withExtendedLifetime(observations) {}
                    return "heap B/frame is per event"
                })
        }
    }

    /// `events` integers through `values(buffering: .unbounded)` to a task's `for await` loop.
    static func asyncBridge(_ name: String, events: Int) -> BenchmarkCase {
        BenchmarkCase(
            scenario: 4, name: name, valuesPerRepetition: events, framesPerRepetition: events, target: nil
        ) {
            Repetition(run: {
                let emitter = Emitter<Int, Never>()
                let done = DispatchSemaphore(value: 0)
                let ready = DispatchSemaphore(value: 0)
                let tally = Tally()
                let sequence = emitter.values(buffering: .unbounded)
                Task.detached {
                    var iterator = sequence.makeAsyncIterator()
                    ready.signal()
                    while let value = await iterator.next() { tally.sum &+= value }
                    done.signal()
                }
                ready.wait()
                // The iterator observes on its first `next()`: give it a moment, then send.
                while emitter.observerCount == 0 { sched_yield_portable() }
                for event in 0..<events { emitter.send(event) }
                emitter.finish()
                done.wait()
                blackHole(tally.sum)
            })
        }
    }

    /// A frame of 1,000,000 numbers sent through `SignalSink` to one observer: one delivery per
    /// frame, whatever the frame holds (values are frames).
    static func frameBatch(_ name: String, frames: Int) -> BenchmarkCase {
        BenchmarkCase(
            scenario: 4, name: name, valuesPerRepetition: frames, framesPerRepetition: frames, target: nil
        ) {
            var sink = SignalSink()
            let tally = Tally()
            let observation = sink.frames.observe { frame in tally.sum &+= frame.numbers.count }
            let schema = FrameSchema([("lanes", .vector(1_000_000))])
            let frame = Frame(schema: schema)
            return Repetition(
                run: {
                    for _ in 0..<frames { try sink.write(frame) }
                    blackHole(tally.sum)
                },
                check: {
                    withExtendedLifetime(observation) {}
                    return "\(schema.numberCount) numbers per delivery"
                })
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets another thread run.
func sched_yield_portable() {
    sched_yield()
}
