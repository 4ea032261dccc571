import Testing
import Timeline

@Suite("ScalarTrackBank")
struct ScalarTrackBankTests {
    static let exactKinds: [SegmentKind<Double>] = [
        .linear, .hold, .cubic, .cubic(startVelocity: 3, endVelocity: -2),
        .custom(WiggleSegment(), startVelocity: nil),
    ]

    @Test("linear, hold, cubic and plugin segments equal Track.value(at:) bit for bit")
    func exactKindsMatchTracks() throws {
        var random = RandomTracks(seed: 1)
        let tracks = random.tracks(300, keyframes: 1...12, kinds: Self.exactKinds)
        let bank = try ScalarTrackBank(tracks)
        #expect(bank.trackCount == 300)
        #expect(bank.keyframeCount == tracks.reduce(0) { $0 + $1.keyframes.count })
        var output = [Double](repeating: .nan, count: bank.trackCount)
        for time in random.probeTimes(for: tracks, count: 200) {
            bank.evaluate(at: time, into: &output)
            for (index, track) in tracks.enumerated() {
                #expect(sameBits(output[index], track.value(at: time)), "track \(index) at \(time)")
            }
        }
    }

    @Test("tabulated curves stay within 1e-9 of the exact value per unit moved and match Track.value(at:) bit for bit; identical is exact")
    func curvesMatchTracks() throws {
        var random = RandomTracks(seed: 2)
        let kinds: [SegmentKind<Double>] = [
            .timing(TimingCurve(SquareTiming())), .timing(TimingCurve(SingularEndTiming())),
            .timing(TimingCurve(ThirdsTiming())), .linear,
        ]
        let tracks = random.tracks(200, keyframes: 2...6, kinds: kinds)
        let tabulated = try ScalarTrackBank(tracks)
        let identical = try ScalarTrackBank(tracks, precision: .identical)
        // The thirds jump and the singular end cannot be tabulated everywhere: they are called as the
        // track calls them.
        #expect(tabulated.curveTables.count == 1)
        #expect(identical.curveTables.isEmpty)
        for time in random.probeTimes(for: tracks, count: 300) {
            for (index, track) in tracks.enumerated() {
                let exact = track.value(at: time, precision: .identical)
                // Values lie in -100...100: a distance of at most 200.
                #expect(abs(try tabulated.value(ofTrack: index, at: time) - exact) <= 200e-9)
                #expect(sameBits(try identical.value(ofTrack: index, at: time), exact))
                // A track reads the same shared tables with the same arithmetic.
                #expect(sameBits(try tabulated.value(ofTrack: index, at: time), track.value(at: time)))
            }
        }
    }

    @Test("curves that are not Hashable get a table per segment, at most 256, then are called")
    func unkeyedCurves() throws {
        var random = RandomTracks(seed: 5)
        let tracks = random.tracks(200, keyframes: 3...3, kinds: [.timing(TimingCurve(QuadraticTiming()))])
        let bank = try ScalarTrackBank(tracks)
        #expect(bank.curveTables.count == 256)
        for time in random.probeTimes(for: tracks, count: 50) {
            for (index, track) in tracks.enumerated() {
                #expect(abs(try bank.value(ofTrack: index, at: time) - track.value(at: time)) <= 200e-9)
            }
        }
    }

    @Test("concurrent evaluation writes the same bits as serial evaluation")
    func concurrentMatchesSerial() throws {
        var random = RandomTracks(seed: 3)
        let tracks = random.tracks(40_000, keyframes: 3...3, kinds: [.timing(TimingCurve(SquareTiming())), .linear])
        let bank = try ScalarTrackBank(tracks)
        var serial = [Double]()
        var concurrent = [Double]()
        for time in [-1, 0.3, 0.9, 1.7, 2.5, 4.0] {
            bank.evaluate(at: time, into: &serial)
            bank.evaluate(at: time, into: &concurrent, concurrently: true)
            #expect(serial.elementsEqual(concurrent) { sameBits($0, $1) })
        }
    }

    @Test("threads evaluating concurrently at once share the worker pool and still write the same bits")
    func concurrentCallers() async throws {
        var random = RandomTracks(seed: 4)
        let tracks = random.tracks(40_000, keyframes: 2...4, kinds: [.timing(TimingCurve(SquareTiming())), .linear, .hold])
        let bank = try ScalarTrackBank(tracks)
        let times = (0..<40).map { Double($0) * 0.11 - 0.5 }
        let expected = times.map { time in
            var values = [Double]()
            bank.evaluate(at: time, into: &values)
            return values
        }
        // Eight tasks at once: most find the pool busy and run their chunks themselves.
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var playhead = bank.makePlayhead()
                    var values = [Double]()
                    var mismatches = 0
                    for (index, time) in times.enumerated().shuffled() where index % 8 != task {
                        playhead.evaluate(at: time, into: &values, concurrently: true)
                        if !values.elementsEqual(expected[index], by: { $0.bitPattern == $1.bitPattern }) { mismatches += 1 }
                        bank.evaluate(at: time, into: &values, concurrently: true)
                        if !values.elementsEqual(expected[index], by: { $0.bitPattern == $1.bitPattern }) { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test("NaN reads as before the first keyframe, infinities as the ends")
    func hostileTimes() throws {
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 0.5, value: -0.0), Keyframe(time: 1, value: 4, .timing(TimingCurve(SquareTiming()))),
            Keyframe(time: 2, value: 7, .hold),
        ])
        let bank = try ScalarTrackBank([track])
        #expect(sameBits(try bank.value(ofTrack: 0, at: .nan), -0.0))
        #expect(sameBits(try bank.value(ofTrack: 0, at: -.infinity), -0.0))
        #expect(try bank.value(ofTrack: 0, at: .infinity) == 7)
        #expect(try bank.value(ofTrack: 0, at: 1.5) == 4)  // the hold keeps the previous value
        #expect(try bank.value(ofTrack: 0, at: 0.75) == 1)  // (1/2)² of the way to 4
    }

    @Test("an empty bank evaluates nothing; bad indices and small buffers are typed errors")
    func emptyAndBadInput() throws {
        let empty = try ScalarTrackBank([])
        #expect(empty.trackCount == 0)
        var output: [Double] = []
        empty.evaluate(at: 1, into: &output)
        #expect(output.isEmpty)
        var playhead = empty.makePlayhead()
        playhead.evaluate(frame: 3, rate: .fps60, into: &output)
        #expect(output.isEmpty)

        let bank = try ScalarTrackBank([try .constant(2), try .constant(3)])
        #expect(throws: ScalarTrackBankError.trackOutOfRange(index: 2, trackCount: 2)) {
            try bank.value(ofTrack: 2, at: 0)
        }
        #expect(throws: ScalarTrackBankError.trackOutOfRange(index: -1, trackCount: 2)) {
            try bank.value(ofTrack: -1, at: 0)
        }
        var small = [Double](repeating: 0, count: 1)
        _ = small.withUnsafeMutableBufferPointer { buffer in
            #expect(throws: ScalarTrackBankError.outputTooSmall(needed: 2, given: 1)) {
                try bank.evaluate(at: 0, into: buffer)
            }
        }
        var grown: [Double] = []
        bank.evaluate(at: 5, into: &grown)
        #expect(grown == [2, 3])
    }

    @Test("tracks of points and colours become one lane per component, bit for bit")
    func componentLanes() throws {
        let points = try Track<Point>(keyframes: [
            Keyframe(time: 0, value: Point(x: 1, y: 2)),
            Keyframe(time: 1, value: Point(x: 5, y: -3), .cubic),
            Keyframe(time: 2, value: Point(x: 0, y: 8), .cubic),
        ])
        let colours = try Track<Color>(keyframes: [
            Keyframe(time: 0, value: Color(red: 1, green: 0, blue: 0, alpha: 1)),
            Keyframe(time: 1.5, value: Color(red: 0, green: 0, blue: 1, alpha: 0.25)),
        ])
        let pointBank = try ScalarTrackBank(componentsOf: [points, points])
        let colourBank = try ScalarTrackBank(componentsOf: [colours])
        #expect(pointBank.trackCount == 4)
        #expect(colourBank.trackCount == 4)
        var lanes: [Double] = []
        for time in stride(from: -0.25, through: 2.5, by: 0.0625) {
            pointBank.evaluate(at: time, into: &lanes)
            let point = Point(components: { lanes[2 + $0] })
            #expect(point == points.value(at: time))
            colourBank.evaluate(at: time, into: &lanes)
            #expect(Color(components: { lanes[$0] }) == colours.value(at: time))
        }
    }

    @Test("the compiled form takes at most 48 bytes per keyframe")
    func compiledSize() throws {
        var random = RandomTracks(seed: 4)
        let tracks = random.tracks(10_000, keyframes: 3...3, kinds: [.timing(TimingCurve(SquareTiming()))])
        let bank = try ScalarTrackBank(tracks)
        let perKeyframe = Double(bank.compiledByteCount) / Double(bank.keyframeCount)
        // Times 8 + values 8 + code 4 + offsets 4/3 per keyframe, one table of 256 pieces shared.
        #expect(perKeyframe >= 21.3 && perKeyframe <= 48, "\(perKeyframe) bytes per keyframe")
    }
}
