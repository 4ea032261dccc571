import Testing
import Timeline

/// Where the guide's `print` calls go while a test runs.
private enum GuideOutput {
    @TaskLocal static var lines: Recorder<String, Never>?
}

/// Shadows `Swift.print` (same signature, so it always wins) so that the guide's examples run
/// verbatim and their output is checked.
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    GuideOutput.lines?.observer.onValue(items.map { "\($0)" }.joined(separator: separator))
}

/// Runs `example` and returns what it printed.
private func printed(by example: () -> Void) -> [String] {
    let lines = Recorder<String, Never>()
    GuideOutput.$lines.withValue(lines, operation: example)
    return lines.values
}

/// The examples of `Docs/Observing.md`, copied verbatim, with their printed output checked.
@Suite("Observing guide")
struct ObservingGuideTests {
    @Test("introduction")
    func introduction() {
        let output = printed {
            let taps = Emitter<Int, Never>()
            let observation = taps
                .filter { $0 > 0 }
                .map { $0 * 10 }
                .observe { print("tap", $0) }

            taps.send(-1)   // nothing
            taps.send(2)    // prints "tap 20"
            taps.finish()
            withExtendedLifetime(observation) {}
        }
        #expect(output == ["tap 20"])
    }

    @Test("sources")
    func sources() {
        let output = printed {
            let progress = StateEmitter<Double, Never>(0)
            let bar = progress.observe { print("progress", $0) }   // prints "progress 0.0" at once
            progress.send(0.5)                                   // prints "progress 0.5"
            progress.value = 1                                   // the same as send(1)
            progress.finish()
            withExtendedLifetime(bar) {}
        }
        #expect(output == ["progress 0.0", "progress 0.5", "progress 1.0"])
    }

    @Test("combineLatest and zip")
    func combining() {
        let output = printed {
            let a = Emitter<Int, Never>()
            let b = Emitter<String, Never>()
            let latest = a.combineLatest(with: b).observe { print("latest", $0, $1) }
            let paired = a.zip(with: b).observe { print("zip", $0, $1) }
            a.send(1)
            a.send(2)        // nothing yet: b has no value
            b.send("x")      // prints "latest 2 x", then "zip 1 x"
            b.send("y")      // prints "latest 2 y", then "zip 2 y"
            withExtendedLifetime((latest, paired)) {}
        }
        #expect(output == ["latest 2 x", "zip 1 x", "latest 2 y", "zip 2 y"])
    }

    @Test("sample per frame")
    func samplePerFrame() {
        let output = printed {
            let position = StateEmitter<Double, Never>(0)
            let ticks = Emitter<Int, Never>()              // a clock's tick signal
            let perFrame = position.sample(on: ticks).observe { x in print("draw at", x) }
            position.send(1); position.send(2)
            ticks.send(1)                                  // prints "draw at 2.0"
            withExtendedLifetime(perFrame) {}
        }
        #expect(output == ["draw at 2.0"])
    }

    @Test("buffering policies")
    func buffering() {
        let output = printed {
            let numbers = Emitter<Int, Never>()
            let scheduler = ManualScheduler()    // runs submitted work when told (from the tests' Support)
            let slow = numbers.delivered(on: scheduler, buffering: .keepingNewest(3)).observe { print($0) }
            for n in 1...10 { numbers.send(n) }  // the observer has not run yet
            scheduler.runAll()                   // prints 8, 9 and 10: seven values were dropped
            withExtendedLifetime(slow) {}
        }
        #expect(output == ["8", "9", "10"])
    }

    @Test("the async bridge")
    func asyncBridge() async {
        let state = StateEmitter<Int, Never>(0)
        var seen: [Int] = []
        for await value in state.values(buffering: .unbounded) {
            seen.append(value)
            if value == 3 { break }        // leaving the loop cancels the observation
            state.send(value + 1)
        }
        // seen == [0, 1, 2, 3], state.observerCount == 0
        #expect(seen == [0, 1, 2, 3])
        #expect(state.observerCount == 0)
    }
}
