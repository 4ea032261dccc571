import Testing
import Timeline
import TimelinePlugins
import CadenceTestSupport

/// Springs in a bank: the transition table against the textbook solution, frame stepping against
/// the closed form, and seeking against playing, bit for bit.
@Suite("Springs in a ScalarTrackBank")
struct SpringBankTests {
    static let springs: [Spring] = [
        try! Spring(response: 0.5, dampingRatio: 0.7), try! Spring(response: 0.35, dampingRatio: 0.5),
        try! Spring(response: 0.8, dampingRatio: 1.0), try! Spring(response: 0.4, dampingRatio: 1.6),
        try! Spring(mass: 1, stiffness: 1_000, damping: 2), try! Spring(mass: 2, stiffness: 50, damping: 0),
    ]

    /// Tracks whose segments are springs, one spring per track in turn, with carried-in velocities.
    static func tracks(_ count: Int, seed: UInt64) -> [Track<Double>] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            let spring = springs[index % springs.count]
            var time = Double.random(in: 0...1, using: &random)
            var keyframes = [Keyframe(time: time, value: Double.random(in: -100...100, using: &random))]
            for _ in 0..<3 {
                time += Double.random(in: 0.2...1.5, using: &random)
                keyframes.append(Keyframe(time: time, value: Double.random(in: -100...100, using: &random), .spring(spring)))
            }
            return try! Track(keyframes: keyframes)
        }
    }

    @Test("every spring is played from a transition table")
    func tablesAreUsed() throws {
        let bank = try ScalarTrackBank(Self.tracks(60, seed: 1))
        #expect(bank.transitionTableCount == Self.springs.count)
        let identical = try ScalarTrackBank(Self.tracks(60, seed: 1), precision: .identical)
        #expect(identical.transitionTableCount == 0)
    }

    @Test("the table's closed form agrees with the textbook solution within 1e-12 of the distance")
    func closedFormAgainstTextbook() throws {
        for spring in Self.springs {
            let track = try Track<Double>(keyframes: [
                Keyframe(time: 0, value: 0), Keyframe(time: 3, value: 1, .spring(spring, startVelocity: 4)),
            ])
            let bank = try ScalarTrackBank([track])
            let reference = OscillatorReference(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
            for step in 0..<3_000 {
                let t = Double(step) / 1_000 + 0.000_37
                let exact = reference.analytic(x0: -1, v0: 4, at: t)
                let value = try bank.value(ofTrack: 0, at: t)
                #expect(springAgrees(value, 1 + exact.x, 1e-12), "\(spring) at \(t): \(value) vs \(1 + exact.x)")
            }
        }
    }

    @Test("frame stepping stays within 1e-11 of Track.value(at:) and of the textbook solution")
    func steppingAgainstTrack() throws {
        let tracks = Self.tracks(300, seed: 2)
        let bank = try ScalarTrackBank(tracks)
        var playhead = bank.makePlayhead()
        var values: [Double] = []
        for frame in 0...360 {
            playhead.evaluate(frame: frame, rate: .fps60, into: &values)
            let time = FrameRate.fps60.seconds(ofFrame: frame)
            for (index, track) in tracks.enumerated() {
                // Values lie within a few hundred units: 1e-11 relative to 100.
                #expect(abs(values[index] - track.value(at: time)) <= 1e-9, "track \(index), frame \(frame)")
            }
        }
    }

    @Test("seeking to a frame gives the bits that playing up to it gives", arguments: [FrameRate.fps60, .fps120, FrameRate(30_000, per: 1_001)!])
    func seekEqualsPlay(rate: FrameRate) throws {
        let bank = try ScalarTrackBank(Self.tracks(200, seed: 3) + Self.easedTracks(50) + Self.holdingTracks(50))
        var player = bank.makePlayhead()
        var played: [[Double]] = []
        var values: [Double] = []
        for frame in 0...300 {
            player.evaluate(frame: frame, rate: rate, into: &values)
            played.append(values)
        }
        // Seeks in a scrambled order, then short runs of playback from each seek (a --frames slice).
        var random = SeededGenerator(seed: 4)
        var seeker = bank.makePlayhead()
        for _ in 0..<60 {
            let start = Int.random(in: 0...290, using: &random)
            for frame in start...(start + Int.random(in: 0...10, using: &random)) {
                seeker.evaluate(frame: frame, rate: rate, into: &values, concurrently: frame % 2 == 0)
                #expect(values.elementsEqual(played[frame]) { $0.bitPattern == $1.bitPattern }, "frame \(frame)")
            }
        }
    }

    @Test("a segment with more frames than its spring's frame table plays in closed form, played or sought")
    func segmentLongerThanItsTable() throws {
        // 100 s at 60 fps: 6,000 frames, beyond the 4,096 a spring kind's table holds.
        let spring = try Spring(mass: 1, stiffness: 4, damping: 0.05)
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 0.0123, value: 5), Keyframe(time: 100, value: -3, .spring(spring, startVelocity: 2)),
        ])
        let bank = try ScalarTrackBank([track])
        let reference = OscillatorReference(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
        var player = bank.makePlayhead()
        var played: [Double] = []
        var values: [Double] = []
        for frame in 0...6_100 {
            player.evaluate(frame: frame, rate: .fps60, into: &values)
            played.append(values[0])
            let t = FrameRate.fps60.seconds(ofFrame: frame)
            guard t >= 0.0123, t < 100 else { continue }
            let exact = -3 + reference.analytic(x0: 8, v0: 2, at: t - 0.0123).x
            #expect(springAgrees(values[0] + 3, exact + 3, 1e-11 * 8), "frame \(frame): \(values[0]) vs \(exact)")
        }
        var seeker = bank.makePlayhead()
        for frame in [4_094, 4_095, 4_096, 4_097, 4_098, 5_000, 12, 0, 1, 6_000, 5_999] {
            seeker.evaluate(frame: frame, rate: .fps60, into: &values)
            #expect(values[0].bitPattern == played[frame].bitPattern, "frame \(frame)")
        }
    }

    @Test("keyframes too far out for frame indices play in closed form")
    func farKeyframes() throws {
        let spring = try Spring(response: 0.5, dampingRatio: 0.7)
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 1e16, value: 1), Keyframe(time: 1e18, value: 2, .spring(spring)),
        ])
        let bank = try ScalarTrackBank([track])
        var playhead = bank.makePlayhead()
        var values: [Double] = []
        for frame in [0, 1, 2, Int(Int32.max), -7, Int.max / 2] {
            playhead.evaluate(frame: frame, rate: .fps60, into: &values)
            #expect(values[0].bitPattern == track.value(at: FrameRate.fps60.seconds(ofFrame: frame)).bitPattern
                || abs(values[0] - track.value(at: FrameRate.fps60.seconds(ofFrame: frame))) <= 1e-12,
                "frame \(frame)")
        }
    }

    /// Pairs of a spring and a constant lane in the forward loop, exact to the bit.
    @Test("springs beside holds and ends of -0.0 keep every constant exact, on one core and on all")
    func constantsBesideSprings() throws {
        // An odd number of tracks, above the size at which a frame is split across cores: spring
        // tracks alternate with tracks that hold -0.0 (before, between and after their keyframes),
        // so that pairs mix a spring lane with a constant lane of -0.0, and the last track is
        // alone. Springs end on -0.0 too.
        let count = 20_001
        var random = SeededGenerator(seed: 9)
        let tracks: [Track<Double>] = try (0..<count).map { index in
            let start = Double.random(in: 0...1, using: &random)
            let middle = start + Double.random(in: 0.3...1, using: &random)
            let end = middle + Double.random(in: 0.3...1, using: &random)
            if index % 2 == 0 {
                let spring = Self.springs[index % 4]
                return try Track(keyframes: [
                    Keyframe(time: start, value: Double.random(in: -100...100, using: &random)),
                    Keyframe(time: middle, value: Double.random(in: -100...100, using: &random), .spring(spring)),
                    Keyframe(time: end, value: -0.0, .spring(spring)),
                ])
            }
            return try Track(keyframes: [
                Keyframe(time: start, value: -0.0), Keyframe(time: middle, value: -0.0, .hold),
                Keyframe(time: end, value: 7, .hold),
            ])
        }
        let bank = try ScalarTrackBank(tracks)
        var one = bank.makePlayhead()
        var all = bank.makePlayhead()
        var oneCore: [Double] = []
        var allCores: [Double] = []
        for frame in 0...200 {
            one.evaluate(frame: frame, rate: .fps60, into: &oneCore)
            all.evaluate(frame: frame, rate: .fps60, into: &allCores, concurrently: true)
            #expect(oneCore.elementsEqual(allCores) { $0.bitPattern == $1.bitPattern }, "frame \(frame)")
            let time = FrameRate.fps60.seconds(ofFrame: frame)
            for index in stride(from: 0, to: count, by: 97) {
                let keyframes = tracks[index].keyframes
                // The constants, known by hand: -0.0 before the first keyframe and through the
                // hold of the odd tracks, the last value after the last keyframe.
                if time < keyframes[0].time {
                    #expect(sameBits(oneCore[index], keyframes[0].value), "track \(index), frame \(frame)")
                } else if time >= keyframes[2].time {
                    #expect(sameBits(oneCore[index], keyframes[2].value), "track \(index), frame \(frame)")
                } else if index % 2 == 1 {
                    #expect(sameBits(oneCore[index], -0.0), "track \(index), frame \(frame)")
                } else {
                    #expect(abs(oneCore[index] - tracks[index].value(at: time)) <= 1e-9, "track \(index), frame \(frame)")
                }
            }
        }
    }

    /// Tracks that hold their value for a while between springs: a constant next to a spring.
    static func holdingTracks(_ count: Int) -> [Track<Double>] {
        var random = SeededGenerator(seed: 6)
        return (0..<count).map { index in
            var time = Double.random(in: 0...2, using: &random)
            var keyframes = [Keyframe(time: time, value: Double.random(in: -100...100, using: &random))]
            for kind in [SegmentKind<Double>.hold, .spring(springs[index % springs.count]), .hold] {
                time += Double.random(in: 0.1...1, using: &random)
                keyframes.append(Keyframe(time: time, value: Double.random(in: -100...100, using: &random), kind))
            }
            return try! Track(keyframes: keyframes)
        }
    }

    static func easedTracks(_ count: Int) -> [Track<Double>] {
        var random = SeededGenerator(seed: 5)
        return (0..<count).map { _ in
            var time = Double.random(in: 0...1, using: &random)
            var keyframes = [Keyframe(time: time, value: Double.random(in: -100...100, using: &random))]
            for curve in [TimingCurve.easeInOut, .easeIn, .linear] {
                time += Double.random(in: 0.2...1.5, using: &random)
                keyframes.append(Keyframe(time: time, value: Double.random(in: -100...100, using: &random), .timing(curve)))
            }
            return try! Track(keyframes: keyframes)
        }
    }
}

/// Bit-for-bit equality that tells -0.0 from 0.0.
private func sameBits(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
