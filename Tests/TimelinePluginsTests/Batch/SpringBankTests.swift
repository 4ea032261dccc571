import Testing
import Timeline
import TimelinePlugins

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
        var playhead = try bank.makePlayhead()
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

    @Test("seeking to a frame gives the bits that playing up to it gives", arguments: [1, 4, 8, 16])
    func seekEqualsPlay(anchorInterval: Int) throws {
        let bank = try ScalarTrackBank(Self.tracks(200, seed: 3) + Self.easedTracks(50))
        var player = try bank.makePlayhead(anchorInterval: anchorInterval)
        var played: [[Double]] = []
        var values: [Double] = []
        for frame in 0...300 {
            player.evaluate(frame: frame, rate: .fps60, into: &values)
            played.append(values)
        }
        // Seeks in a scrambled order, then short runs of playback from each seek (a --frames slice).
        var random = SeededGenerator(seed: 4)
        var seeker = try bank.makePlayhead(anchorInterval: anchorInterval)
        for _ in 0..<60 {
            let start = Int.random(in: 0...290, using: &random)
            for frame in start...(start + Int.random(in: 0...10, using: &random)) {
                seeker.evaluate(frame: frame, rate: .fps60, into: &values, concurrently: frame % 2 == 0)
                #expect(values.elementsEqual(played[frame]) { $0.bitPattern == $1.bitPattern }, "frame \(frame)")
            }
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
