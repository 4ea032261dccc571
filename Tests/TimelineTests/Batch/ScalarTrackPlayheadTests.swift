import Testing
import Timeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("ScalarTrackPlayhead")
struct ScalarTrackPlayheadTests {
    /// Tracks of every kind: tabulated and called curves, linear, hold, cubic, a plugin segment, and a
    /// linear time-invariant oscillator.
    static func mixedTracks(_ count: Int, seed: UInt64) -> [Track<Double>] {
        var random = RandomTracks(seed: seed)
        return random.tracks(count, keyframes: 1...9, kinds: [
            .timing(TimingCurve(SquareTiming())), .timing(TimingCurve(ThirdsTiming())), .linear, .hold,
            .cubic, .custom(WiggleSegment(), startVelocity: nil),
            .custom(OscillatorSegment(omega: 9), startVelocity: nil),
        ])
    }

    @Test("forward playback by time gives the bank's random-access bits at every time")
    func forwardEqualsRandomAccess() throws {
        let tracks = Self.mixedTracks(500, seed: 10)
        let bank = try ScalarTrackBank(tracks)
        var playhead = bank.makePlayhead()
        var played: [Double] = []
        var direct: [Double] = []
        // Forward steps, including some that stand still and some that jump whole segments.
        var time = -0.3
        var random = ValuesTestRandom(seed: 11)
        while time < 11 {
            playhead.evaluate(at: time, into: &played)
            bank.evaluate(at: time, into: &direct)
            #expect(played.elementsEqual(direct) { sameBits($0, $1) }, "at \(time)")
            time += [0, 1.0 / 60, 1.0 / 120, 0.7, 2.5].randomElement(using: &random)!
        }
    }

    @Test("a backwards time, NaN and infinities seek; concurrent playback writes the same bits")
    func seeksAndConcurrency() throws {
        let tracks = Self.mixedTracks(30_000, seed: 12)
        let bank = try ScalarTrackBank(tracks)
        var serial = bank.makePlayhead()
        var concurrent = bank.makePlayhead()
        var a: [Double] = []
        var b: [Double] = []
        for time in [0.5, 0.6, 0.2, .nan, 3, -.infinity, 4, .infinity, 2, 2.01, 2.02] {
            serial.evaluate(at: time, into: &a)
            concurrent.evaluate(at: time, into: &b, concurrently: true)
            #expect(a.elementsEqual(b) { sameBits($0, $1) }, "at \(time)")
            for index in stride(from: 0, to: tracks.count, by: 97) {
                let expected = tracks[index].value(at: time)
                let tolerance = 200e-9 + abs(expected) * 1e-12
                #expect(abs(a[index] - expected) <= tolerance || sameBits(a[index], expected), "track \(index) at \(time)")
            }
        }
    }

    @Test("a copied playhead plays on independently")
    func valueSemantics() throws {
        let bank = try ScalarTrackBank(Self.mixedTracks(50, seed: 13))
        var first = bank.makePlayhead()
        var values: [Double] = []
        first.evaluate(at: 1, into: &values)
        var second = first
        second.evaluate(at: 5, into: &values)
        var again: [Double] = []
        first.evaluate(at: 1.5, into: &again)
        var fresh = bank.makePlayhead()
        var expected: [Double] = []
        fresh.evaluate(at: 1.5, into: &expected)
        #expect(again.elementsEqual(expected) { sameBits($0, $1) })
    }

    @Test("oscillator segments step frame to frame within 1e-12 of the textbook solution")
    func oscillatorStepping() throws {
        let omega = 9.0
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 0.25, value: 3),
            Keyframe(time: 20, value: 1, .custom(OscillatorSegment(omega: omega), startVelocity: 5)),
        ])
        let bank = try ScalarTrackBank([track])
        #expect(bank.transitionTableCount == 1)
        var playhead = bank.makePlayhead()
        var values: [Double] = []
        for frame in 0...1_000 {
            playhead.evaluate(frame: frame, rate: .fps60, into: &values)
            let t = FrameRate.fps60.seconds(ofFrame: frame) - 0.25
            // x(t) = x0 cos ωt + v0/ω sin ωt about the target 1, x0 = 3 - 1.
            let expected = t < 0 ? 3 : 1 + 2 * cos(omega * t) + 5 / omega * sin(omega * t)
            #expect(abs(values[0] - expected) <= 1e-12 * 8, "frame \(frame)")
        }
    }

    @Test("a segment that breaks the linear time-invariant contract is played through its weights")
    func dishonestSegment() throws {
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0), Keyframe(time: 2, value: 10, .custom(DishonestSegment(), startVelocity: nil)),
        ])
        let bank = try ScalarTrackBank([track])
        #expect(bank.transitionTableCount == 0)
        var playhead = bank.makePlayhead()
        var values: [Double] = []
        for frame in 0...130 {
            playhead.evaluate(frame: frame, rate: .fps60, into: &values)
            #expect(sameBits(values[0], track.value(at: FrameRate.fps60.seconds(ofFrame: frame))))
        }
    }

    @Test("frames far from zero and negative frames are handled like any other")
    func hostileFrames() throws {
        let bank = try ScalarTrackBank(Self.mixedTracks(40, seed: 14))
        var playhead = bank.makePlayhead()
        var values: [Double] = []
        for frame in [-5, -4, -1_000_000, 0, Int(Int32.max), Int(Int32.max) + 1, 7, 8] {
            playhead.evaluate(frame: frame, rate: .fps60, into: &values)
            #expect(values.allSatisfy { $0.isFinite }, "frame \(frame)")
        }
    }
}
