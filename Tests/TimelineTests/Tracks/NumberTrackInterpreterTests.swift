import Foundation
import Testing
import Timeline

/// A `Track<Double>` is read by the interpreter of segment codes that banks run (issue 23: one
/// interpreter for numbers). Held to hand-computed values of every segment kind, to the closed
/// form of an undamped oscillator, at the ends and at hostile times, and to the generic
/// interpreter that vector tracks still run, in both precisions.
@Suite("Number tracks on the segment interpreter")
struct NumberTrackInterpreterTests {
    @Test("every segment kind gives its hand-computed value")
    func handValues() throws {
        let hold = try Track<Double>(keyframes: [Keyframe(time: 0, value: 2), Keyframe(time: 1, value: 6, .hold)])
        #expect(hold.value(at: 0.5) == 2)
        #expect(hold.value(at: 1) == 6)

        let linear = try Track<Double>(keyframes: [Keyframe(time: 0, value: 2), Keyframe(time: 2, value: 6)])
        #expect(linear.value(at: 0.5) == 3)                  // 2 + 4 × 0.25

        // Hermite with start velocity 2, end velocity 0, over 1 s at u = 0.5:
        // h00 = 0.5, h10 = 0.125, h01 = 0.5, h11 = -0.125 → 0 × 0.5 + 1 × 0.5 + 2 × 0.125 = 0.75.
        let cubic = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1, .cubic(startVelocity: 2, endVelocity: 0)),
        ])
        #expect(cubic.value(at: 0.5) == 0.75)

        // A curve that is not Hashable is called itself: 0 + 8 × 0.5² = 2.
        let called = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 8, .timing(TimingCurve(QuadraticTiming()))),
        ])
        #expect(called.value(at: 0.5) == 2)

        // A curve with jumps no table follows: thirds, so 9 × ⌊1.5⌋ / 3 = 3 at the middle.
        let thirds = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0), Keyframe(time: 3, value: 9, .timing(TimingCurve(ThirdsTiming()))),
        ])
        #expect(thirds.value(at: 1.5) == 3)

        // A Hashable smooth curve reads its table: within 1e-9 of 0 + 8 × 0.3², and exactly that
        // in identical precision.
        let square = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 8, .timing(TimingCurve(SquareTiming()))),
        ])
        #expect(abs(square.value(at: 0.3) - 8 * 0.09) <= 1e-9 * 8)
        #expect(square.value(at: 0.3, precision: .identical) == 0 + 8 * (0.3 * 0.3))
    }

    @Test("a plugin segment follows its closed form: an undamped oscillator")
    func oscillatorClosedForm() throws {
        // From 1 to 3 with start velocity 4 at ω = 2: x(t) = 3 + (1 − 3) cos 2t + 4 sin(2t) / 2
        // inside the segment; at its end keyframe the track holds 3.
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 1), Keyframe(time: 1, value: 3, .custom(OscillatorSegment(omega: 2), startVelocity: 4)),
        ])
        for t in stride(from: 0.0, to: 1, by: 0.125) {
            let expected = 3 - 2 * cos(2 * t) + 2 * sin(2 * t)
            #expect(abs(track.value(at: t) - expected) <= 1e-12, "at \(t)")
            #expect(abs(track.value(at: t, precision: .identical) - expected) <= 1e-12, "identical at \(t)")
        }
        #expect(track.value(at: 1) == 3)
    }

    @Test("the ends and hostile times read the first or last value")
    func endsAndHostileTimes() throws {
        let track = try Track<Double>(keyframes: [
            Keyframe(time: 1, value: -4), Keyframe(time: 2, value: 6, .timing(TimingCurve(SquareTiming()))),
            Keyframe(time: 3, value: 10, .cubic),
        ])
        for time in [-.infinity, -1e300, 0, 0.999_999, .nan, -0.0] {
            #expect(track.value(at: time) == -4, "at \(time)")
            #expect(track.value(at: time, precision: .identical) == -4, "identical at \(time)")
        }
        for time in [3, 3.5, 1e300, .infinity] {
            #expect(track.value(at: time) == 10, "at \(time)")
            #expect(track.value(at: time, precision: .identical) == 10, "identical at \(time)")
        }
        #expect(track.value(at: 1) == -4)
        #expect(track.value(at: 2) == 6)
    }

    @Test("numbers and the generic interpreter of vectors agree bit for bit, in both precisions and through a cursor")
    func sameBitsAsTheGenericInterpreter() throws {
        var random = ValuesTestRandom(seed: 2_311)
        let kinds: [SegmentKind<Point>] = [
            .linear, .hold, .cubic, .timing(TimingCurve(QuadraticTiming())), .timing(TimingCurve(SquareTiming())),
            .timing(TimingCurve(ThirdsTiming())), .cubic(startVelocity: Point(x: 40, y: 1), endVelocity: nil),
            .custom(OscillatorSegment(omega: 5), startVelocity: nil),
            .custom(WiggleSegment(), startVelocity: Point(x: 2, y: 9)),
        ]
        for _ in 0..<30 {
            var time = random.double(in: 0...1)
            var keyframes = [Keyframe(time: time, value: Point(x: random.double(in: -50...50), y: 0))]
            for _ in 0..<Int.random(in: 1...10, using: &random) {
                time += random.double(in: 0.05...1)
                let value = Point(x: random.double(in: -50...50), y: 0)
                keyframes.append(Keyframe(time: time, value: value, kinds[Int.random(in: 0..<kinds.count, using: &random)]))
            }
            let vector = try Track(keyframes: keyframes)
            let numbers = try Track<Double>(keyframes: keyframes.map { keyframe in
                let kind: SegmentKind<Double> = switch keyframe.kind {
                case .hold: .hold
                case .timing(let curve): .timing(curve)
                case .cubic(let start, let end): .cubic(startVelocity: start?.x, endVelocity: end?.x)
                case .custom(let interpolator, let start): .custom(interpolator, startVelocity: start?.x)
                }
                return Keyframe(time: keyframe.time, value: keyframe.value.x, kind)
            })
            var cursor = TrackCursor()
            for step in -3...Int(time * 37) + 4 {
                let t = Double(step) / 37
                #expect(numbers.value(at: t).bitPattern == vector.value(at: t).x.bitPattern, "at \(t)")
                #expect(
                    numbers.value(at: t, precision: .identical).bitPattern
                        == vector.value(at: t, precision: .identical).x.bitPattern, "identical at \(t)")
                #expect(numbers.value(at: t, cursor: &cursor).bitPattern == numbers.value(at: t).bitPattern, "cursor at \(t)")
            }
        }
    }
}
