import Testing
import Timeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Random tracks for the bank tests, from a seeded generator: times, values and kinds differ per
/// track.
struct RandomTracks {
    var random: ValuesTestRandom

    init(seed: UInt64) { random = ValuesTestRandom(seed: seed) }

    /// A track of `count` keyframes starting between 0 and 1 s, segments 0.05 to 1 s long, values in
    /// -100...100, each segment's kind drawn from `kinds`.
    mutating func track(
        keyframes count: Int, kinds: [SegmentKind<Double>]
    ) -> Track<Double> {
        var time = random.double(in: 0...1)
        var keyframes = [Keyframe(time: time, value: random.double(in: -100...100))]
        for _ in 1..<max(count, 1) {
            time += random.double(in: 0.05...1)
            let kind = kinds[Int.random(in: 0..<kinds.count, using: &random)]
            keyframes.append(Keyframe(time: time, value: random.double(in: -100...100), kind))
        }
        return try! Track(keyframes: keyframes)
    }

    mutating func tracks(
        _ n: Int, keyframes: ClosedRange<Int>, kinds: [SegmentKind<Double>]
    ) -> [Track<Double>] {
        (0..<n).map { _ in track(keyframes: Int.random(in: keyframes, using: &random), kinds: kinds) }
    }

    /// Times that probe the tracks: random ones in -0.5...12 plus every keyframe time exactly and
    /// its neighbours.
    mutating func probeTimes(for tracks: [Track<Double>], count: Int) -> [Double] {
        var times = (0..<count).map { _ in random.double(in: -0.5...12) }
        for track in tracks.prefix(8) {
            for keyframe in track.keyframes {
                times += [keyframe.time, keyframe.time.nextDown, keyframe.time.nextUp]
            }
        }
        return times
    }
}

/// An undamped oscillator of angular frequency ω, written against the public protocol with its
/// textbook closed form: x(t) = x0 cos ωt + v0/ω sin ωt.
struct OscillatorSegment: LinearTimeInvariantSegment, Hashable {
    var omega: Double

    var systemMatrix: StateMatrix {
        StateMatrix(
            displacementFromDisplacement: 0, displacementFromVelocity: 1,
            velocityFromDisplacement: -omega * omega, velocityFromVelocity: 0)
    }

    func transition(over t: Double) -> StateMatrix {
        StateMatrix(
            displacementFromDisplacement: cos(omega * t), displacementFromVelocity: sin(omega * t) / omega,
            velocityFromDisplacement: -omega * sin(omega * t), velocityFromVelocity: cos(omega * t))
    }

    func valueWeights(at t: Double, duration: Double) -> SegmentWeights {
        let m = transition(over: t)
        return SegmentWeights(
            from: m.displacementFromDisplacement, to: 1 - m.displacementFromDisplacement,
            startVelocity: m.displacementFromVelocity)
    }

    func velocityWeights(at t: Double, duration: Double) -> SegmentWeights {
        let m = transition(over: t)
        return SegmentWeights(
            from: m.velocityFromDisplacement, to: -m.velocityFromDisplacement,
            startVelocity: m.velocityFromVelocity)
    }

    var description: String { "oscillator(\(omega))" }
}

/// A segment that claims to be linear time-invariant but whose weights do not follow its
/// transition: the bank must notice and play it through its weights.
struct DishonestSegment: LinearTimeInvariantSegment, Hashable {
    var systemMatrix: StateMatrix { StateMatrix.identity }
    func transition(over t: Double) -> StateMatrix { .identity }
    func valueWeights(at t: Double, duration: Double) -> SegmentWeights {
        SegmentWeights(from: 1 - t / duration, to: t / duration)
    }
    func velocityWeights(at t: Double, duration: Double) -> SegmentWeights {
        SegmentWeights(from: -1 / duration, to: 1 / duration)
    }
    var description: String { "dishonest" }
}

/// `y = x²` as a `Hashable` curve, so that a bank shares one table between its segments.
struct SquareTiming: TimingFunction, Hashable {
    func value(at x: Double) -> Double { x * x }
    func derivative(at x: Double) -> Double { 2 * x }
    var description: String { "test-square" }
}

/// A step curve with jumps at thirds: no cubic piece can follow a jump.
struct ThirdsTiming: TimingFunction, Hashable {
    func value(at x: Double) -> Double { (x * 3).rounded(.down) / 3 }
    func derivative(at x: Double) -> Double { 0 }
    var description: String { "test-thirds" }
}

/// `1 - sqrt(1 - x)`: a vertical tangent at 1 (slope limited to 1e9), a singular end.
struct SingularEndTiming: TimingFunction, Hashable {
    func value(at x: Double) -> Double { 1 - (1 - x).squareRoot() }
    func derivative(at x: Double) -> Double { min(0.5 / (1 - x).squareRoot(), 1e9) }
    var description: String { "test-singular-end" }
}

/// Bit-for-bit equality that treats -0.0 and 0.0 as different.
func sameBits(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
