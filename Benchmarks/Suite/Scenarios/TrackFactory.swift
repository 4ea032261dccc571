import Timeline
import TimelinePlugins

/// The package's SplitMix64: seeded, so every run builds the same tracks.
typealias SeededRandom = SplitMix64

/// The tracks of scenarios 1, 2 and 7: three keyframes each, times and values from a seeded
/// generator so that no two tracks share anything but their segment kind.
///
/// The first keyframe is at 0 to 2 s, each segment lasts 1 to 4 s: over the 10 s of 600 frames at
/// 60 fps every track is inside a segment most of the time and crosses two segment boundaries.
enum TrackFactory {
    /// The springs of scenario 2, one per track in turn (a UI uses a handful of springs).
    static let springs: [Spring] = [
        try! Spring(response: 0.5, dampingRatio: 0.7), try! Spring(response: 0.35, dampingRatio: 0.5),
        try! Spring(response: 0.8, dampingRatio: 1.0), try! Spring(response: 0.4, dampingRatio: 1.6),
    ]

    /// `count` scalar tracks whose segments are made by `kind` (given the track's index).
    static func scalarTracks(
        _ count: Int, seed: UInt64, kind: (Int) -> SegmentKind<Double>
    ) -> [Track<Double>] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { index in
            var time = random.uniform(0...2)
            var keyframes = [Keyframe(time: time, value: random.uniform(-1000...1000))]
            for _ in 0..<2 {
                time += random.uniform(1...4)
                keyframes.append(Keyframe(time: time, value: random.uniform(-1000...1000), kind(index)))
            }
            return try! Track(keyframes: keyframes)
        }
    }

    /// `count` tracks of 2-D points with eased segments.
    static func pointTracks(_ count: Int, seed: UInt64, curve: TimingCurve) -> [Track<Point>] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            var time = random.uniform(0...2)
            var keyframes = [Keyframe(time: time, value: Point(x: random.uniform(0...1000), y: random.uniform(0...1000)))]
            for _ in 0..<2 {
                time += random.uniform(1...4)
                let point = Point(x: random.uniform(0...1000), y: random.uniform(0...1000))
                keyframes.append(Keyframe(time: time, value: point, .timing(curve)))
            }
            return try! Track(keyframes: keyframes)
        }
    }

    /// `count` tracks of RGBA colours with eased segments.
    static func colourTracks(_ count: Int, seed: UInt64, curve: TimingCurve) -> [Track<Color>] {
        var random = SeededRandom(seed: seed)
        func colour() -> Color {
            Color(red: random.uniform(0...1), green: random.uniform(0...1), blue: random.uniform(0...1),
                  alpha: random.uniform(0.2...1))
        }
        return (0..<count).map { _ in
            var time = random.uniform(0...2)
            var keyframes = [Keyframe(time: time, value: colour())]
            for _ in 0..<2 {
                time += random.uniform(1...4)
                keyframes.append(Keyframe(time: time, value: colour(), .timing(curve)))
            }
            return try! Track(keyframes: keyframes)
        }
    }

    /// A buffer for a bank's values (freed when the process ends: the suite runs once).
    static func output(for bank: ScalarTrackBank) -> UnsafeMutableBufferPointer<Double> {
        let buffer = UnsafeMutableBufferPointer<Double>.allocate(capacity: max(bank.trackCount, 1))
        buffer.initialize(repeating: 0)
        return buffer
    }

    /// Frame indices in `0 ..< frames` in a seeded random order: every evaluation is a seek.
    static func shuffledFrames(_ frames: Int, seed: UInt64) -> [Int] {
        var random = SeededRandom(seed: seed)
        return (0..<frames).shuffled(using: &random)
    }
}
