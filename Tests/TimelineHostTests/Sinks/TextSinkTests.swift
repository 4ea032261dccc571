import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// A one-channel source over a track: `x` runs 0 → 1 over 1 s, and a marker at 0.5 s.
struct RampSource: FrameSource {
    let track = try! Track<Double>(startingAt: 0, segments: [TrackSegment(to: 1, duration: 1)])
    let schema = FrameSchema([("x", .scalar), ("pos", .vector(2))])
    var duration: Double { 1 }
    var previousTime = -Double.infinity

    mutating func evaluate(into frame: inout Frame) throws {
        let x = track.value(at: frame.time)
        frame.numbers[0] = x
        frame.numbers[1] = x * 2
        frame.numbers[2] = -x
        if previousTime < 0.5 && frame.time >= 0.5 { frame.events.append(FrameEvent(.marker("half"), source: "ramp")) }
        previousTime = frame.time
    }
}

@Suite("Number format")
struct NumberFormatTests {
    @Test func wholeNumbersHaveNoFraction() {
        #expect(NumberFormat.string(0) == "0")
        #expect(NumberFormat.string(-3) == "-3")
        #expect(NumberFormat.string(120) == "120")
        #expect(NumberFormat.string(0.3) == "0.3")
        #expect(NumberFormat.string(.nan) == "null")
    }

    @Test func everyNumberReadsBackToTheSameDouble() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF) * (Bool.random() ? 1 : -1)
            let text = NumberFormat.string(value)
            #expect(Double(text) == value, "\(value) printed as \(text)")
        }
        for value in [0.1, 1.0 / 3, 1e-300, .leastNonzeroMagnitude, 9_007_199_254_740_994, 1e21, 123456.789] {
            #expect(Double(NumberFormat.string(value)) == value)
        }
    }

    @Test("a fraction prints as Swift's description does, a whole number below 2^53 as an integer")
    func printsTheStandardLibrarysShortestText() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF) * (Bool.random() ? 1 : -1)
            let whole = value == value.rounded() && abs(value) < 0x1p53
            #expect(NumberFormat.string(value) == (whole ? String(Int64(value)) : value.description), "\(value)")
        }
        #expect(NumberFormat.string(-0.0) == "-0")
        #expect(NumberFormat.string(0x1p53) == "9007199254740992.0")            // 2^53: no longer written as an integer
        #expect(NumberFormat.string(-(0x1p53 - 1)) == "-9007199254740991")
    }

    @Test func theByteWriterWritesWhatTheStringSays() {
        // The writer of the frame sinks formats into a buffer; its text must be the string's,
        // byte for byte: `Double.description` for fractions, integers without a fraction.
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 1, -1, 0.1, 1.0 / 3, -2.5e-8, 1e-300, .leastNonzeroMagnitude, -.leastNormalMagnitude,
            .greatestFiniteMagnitude, 9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_994,
            -9_223_372_036_854_775_808, 1e21, 123456.789, 0.972607799787182, .nan, .infinity, -.infinity,
        ]
        values += (0..<20_000).map { _ in Double(bitPattern: generator.next()) }
        values += (0..<20_000).map { _ in Double.random(in: -1_000...1_000) }
        values += (-1_100...1_100).map { Double($0) / 7 }
        for value in values {
            var bytes: [UInt8] = [0x78]
            NumberFormat.append(value, to: &bytes)
            #expect(String(decoding: bytes.dropFirst(), as: UTF8.self) == NumberFormat.string(value), "\(value)")
        }
    }
}

@Suite("Text sinks")
struct TextSinkTests {
    @Test func jsonLinesMatchTheDocumentedShape() throws {
        var source = RampSource()
        var sink = JSONLinesSink(output: StringOutput())
        try HostLoop.renderOffline(&source, frameRate: FrameRate(4)!, to: &sink)
        let lines = sink.output.text.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[0] == #"{"frame":0,"time":0,"values":{"x":0,"pos":[0,-0]}}"#)
        #expect(lines[2] == #"{"frame":2,"time":0.5,"values":{"x":0.5,"pos":[1,-0.5]},"events":[{"type":"marker","name":"half","source":"ramp"}]}"#)
        #expect(lines[4] == #"{"frame":4,"time":1,"values":{"x":1,"pos":[2,-1]}}"#)
    }

    @Test func csvHasAHeaderAndQuotesFields() throws {
        var source = RampSource()
        var sink = CSVSink(output: StringOutput())
        try HostLoop.renderOffline(&source, frameRate: FrameRate(2)!, to: &sink)
        #expect(sink.output.text == """
            frame,time,x,pos[0],pos[1],events
            0,0,0,0,-0,
            1,0.5,0.5,1,-0.5,marker half of ramp
            2,1,1,2,-1,

            """)
    }

    @Test func slicesConcatenateToTheWholeRender() throws {
        func render(_ frames: ClosedRange<Int>?) throws -> String {
            var source = RampSource()
            var sink = JSONLinesSink(output: StringOutput())
            try HostLoop.renderOffline(&source, frameRate: FrameRate(30)!, frames: frames, to: &sink)
            return sink.output.text
        }
        let whole = try render(nil)
        #expect(whole.split(separator: "\n").count == 31)
        #expect(try render(0...9) + render(10...20) + render(21...30) == whole)
    }

    @Test func realTimePlaybackAccountsForEveryFrame() throws {
        var source = RampSource()
        var frames: [Int] = []
        var sink = CallbackSink { frames.append($0.index) }
        let report = try HostLoop.play(&source, frameRate: FrameRate(60)!, frames: 0...6, to: &sink)
        // Paced on the monotonic clock: every frame is written or counted as dropped, in order.
        #expect(report.framesWritten + report.framesDropped == 7)
        #expect(frames == frames.sorted())
        #expect(frames.last == 6)
        #expect(Set(frames).count == frames.count)
    }
}

@Suite("Signal and async sinks")
struct SignalSinkTests {
    @Test func framesAsAnAsyncSequenceMatchTheOfflineRender() async throws {
        var indices: [Int] = []
        var xs: [Double] = []
        for try await frame in try HostLoop.frames(of: RampSource(), frameRate: FrameRate(4)!, frames: 1...3) {
            indices.append(frame.index)
            xs.append(frame.numbers[0])
        }
        #expect(indices == [1, 2, 3])
        #expect(xs == [0.25, 0.5, 0.75])
    }

    @Test func aSignalSinkDeliversEveryFrameThenFinishes() async throws {
        let sink = SignalSink()
        let listener = Task {
            var seen: [Int] = []
            for await frame in sink.frames.values(buffering: .unbounded) { seen.append(frame.index) }
            return seen
        }
        while sink.frames.observerCount == 0 { await Task.yield() }
        var source = RampSource()
        var rendering = sink
        try HostLoop.renderOffline(&source, frameRate: FrameRate(4)!, to: &rendering)
        #expect(await listener.value == [0, 1, 2, 3, 4])
    }

    @Test func theLatestPolicyKeepsMemoryBoundedForASlowListener() async throws {
        let sink = SignalSink()
        let gate = AsyncGate()
        let listener = Task {
            var seen: [Int] = []
            for await frame in sink.frames.values(buffering: .latest) {
                seen.append(frame.index)
                if seen.count == 1 { await gate.wait() }
            }
            return seen
        }
        while sink.frames.observerCount == 0 { await Task.yield() }
        var source = RampSource()
        var rendering = sink
        try HostLoop.renderOffline(&source, frameRate: FrameRate(100)!, to: &rendering)
        await gate.open()
        let seen = await listener.value
        // The listener stalls on its first frame: of the other 100 only the newest waits for it.
        #expect(seen.count <= 3)
        #expect(seen.last == 100)
    }
}

/// A one-shot gate for tests.
actor AsyncGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}
