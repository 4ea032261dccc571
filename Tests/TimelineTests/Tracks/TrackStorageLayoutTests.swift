import Testing
import Timeline

/// Tracks keep what `value(at:)` reads packed in one block when the values are plain data of at
/// most 8-byte alignment, and read the arrays otherwise: each kind of value, and every count of
/// keyframes (none of segments, the forward scan, the binary search), must give the hand-computed
/// values of linear interpolation.
@Suite("Track storage layouts")
struct TrackStorageLayoutTests {
    /// A value that holds a reference (not plain data): its numbers live in an array.
    struct Boxed: Animatable {
        var numbers: [Double]
        static let zero = Boxed(numbers: [0])
        static func + (a: Boxed, b: Boxed) -> Boxed { Boxed(numbers: [a.numbers[0] + b.numbers[0]]) }
        static func - (a: Boxed, b: Boxed) -> Boxed { Boxed(numbers: [a.numbers[0] - b.numbers[0]]) }
        func scaled(by factor: Double) -> Boxed { Boxed(numbers: [numbers[0] * factor]) }
        var magnitudeSquared: Double { numbers[0] * numbers[0] }
        var isFinite: Bool { numbers[0].isFinite }
    }

    /// Plain data aligned to 16 bytes, which the packed block does not hold.
    struct Wide: Animatable {
        var pair: SIMD2<Double>
        static let zero = Wide(pair: .zero)
        static func + (a: Wide, b: Wide) -> Wide { Wide(pair: a.pair + b.pair) }
        static func - (a: Wide, b: Wide) -> Wide { Wide(pair: a.pair - b.pair) }
        func scaled(by factor: Double) -> Wide { Wide(pair: pair * factor) }
        var magnitudeSquared: Double { (pair * pair).sum() }
        var isFinite: Bool { pair.x.isFinite && pair.y.isFinite }
    }

    /// Keyframe `i` at time `i` with value `3i²`, linear in between; `count` keyframes.
    static func expected(at time: Double, count: Int) -> Double {
        let last = Double(count - 1)
        guard time > 0 else { return 0 }
        guard time < last else { return 3 * last * last }
        let index = time.rounded(.down)
        let from = 3 * index * index, to = 3 * (index + 1) * (index + 1)
        return from + (to - from) * (time - index)
    }

    static let times: [Double] = [-1, 0, 0.25, 0.5, 1, 1.75, 2.5, 3, 4.5, 6.125, 7.5, 8, 9, 20]

    func check<Value: Animatable>(_ make: (Double) -> Value, _ read: (Value) -> Double) throws {
        for count in [1, 2, 3, 9] {
            let track = try Track(keyframes: (0..<count).map { index in
                Keyframe(time: Double(index), value: make(3 * Double(index * index)), index == 0 ? .hold : .linear)
            })
            for time in Self.times {
                let value = read(track.value(at: time))
                let expected = Self.expected(at: time, count: count)
                #expect(abs(value - expected) <= 1e-12 * max(1, abs(expected)), "\(count) keyframes at \(time)")
            }
        }
    }

    @Test("plain numbers (packed)")
    func packed() throws { try check({ $0 }, { $0 }) }

    @Test("points (packed, two words a value)")
    func points() throws { try check({ Point(x: $0, y: -$0) }, { $0.x == -$0.y ? $0.x : .nan }) }

    @Test("values that hold references (read from the array)")
    func boxed() throws { try check({ Boxed(numbers: [$0]) }, { $0.numbers[0] }) }

    @Test("values aligned to 16 bytes (read from the array)")
    func wide() throws { try check({ Wide(pair: SIMD2($0, 2 * $0)) }, { $0.pair.y == 2 * $0.pair.x ? $0.pair.x : .nan }) }

    @Test("eased segments read their curve's table in every layout, as the bank does")
    func eased() throws {
        let curve = TimingCurve(SmootherstepTiming())
        let plain = try Track(keyframes: [Keyframe(time: 0, value: 0.0), Keyframe(time: 2, value: 10.0, .timing(curve))])
        let boxed = try Track(keyframes: [
            Keyframe(time: 0, value: Boxed(numbers: [0])), Keyframe(time: 2, value: Boxed(numbers: [10]), .timing(curve)),
        ])
        let bank = try ScalarTrackBank([plain])
        var playhead = bank.makePlayhead()
        var output = [0.0]
        for step in 0...40 {
            let time = Double(step) / 20
            playhead.evaluate(at: time, into: &output)
            // The table follows the curve within 1e-9 of progress: 1e-8 of this track's 10.
            let u = time / 2
            #expect(abs(output[0] - 10 * u * u * u * (10 - 15 * u + 6 * u * u)) <= 10 * 1e-9, "at \(time)")
            #expect(plain.value(at: time) == output[0], "at \(time)")
            #expect(boxed.value(at: time).numbers[0] == output[0], "at \(time)")
        }
    }
}
