import Foundation
import Testing
@testable import Timeline

/// Banks share the pieces of their curve tables when their curves are the process's shared
/// tables: many small banks (a clip compiled per view) read one copy.
@Suite("Curve piece pools")
struct CurvePiecePoolTests {
    @Test("banks of the same shared curves share one pool of pieces; a bank with a curve it cannot tell apart has its own")
    func banksShareTheirCurvesPieces() throws {
        var random = RandomTracks(seed: 12)
        let kinds: [SegmentKind<Double>] = [.timing(TimingCurve(SquareTiming())), .timing(TimingCurve(ThirdsTiming())), .linear]
        let first = random.tracks(3, keyframes: 4...4, kinds: kinds)
        let second = random.tracks(5, keyframes: 4...4, kinds: kinds)
        let banks = try [first, second, first].map { try ScalarTrackBank($0) }
        #expect(banks[0].curveTables.count == banks[1].curveTables.count)
        #expect(banks[0].storage.pieces == banks[1].storage.pieces)
        #expect(banks[0].storage.pieces == banks[2].storage.pieces)
        // A curve that is not `Hashable` is tabulated for its bank alone.
        let unkeyed = random.tracks(2, keyframes: 3...3, kinds: [.timing(TimingCurve(QuadraticTiming()))])
        let own = try [unkeyed, unkeyed].map { try ScalarTrackBank($0) }
        #expect(own[0].storage.pieces != own[1].storage.pieces)
        // Shared or not, every bank gives its tracks' values.
        for (bank, tracks) in zip(banks + own, [first, second, first, unkeyed, unkeyed]) {
            for time in random.probeTimes(for: tracks, count: 40) {
                for (index, track) in tracks.enumerated() {
                    #expect(sameBits(try bank.value(ofTrack: index, at: time), track.value(at: time)), "t = \(time)")
                }
            }
        }
    }

    @Test("a bank reads each track's shared tables, one copy per curve, whether it scans its few tables or indexes many")
    func aBankKeepsOneTablePerSharedCurve() throws {
        // 40 curves x^p, p = 1.5, 1.6, …: equal values of a Hashable type share one table in
        // the process. Each track eases two segments with its curve and one with the curve of a
        // track 17 places back (past a scan of 16 tables), so every curve is met again later.
        let curves = (0..<40).map { TimingCurve(PowerTiming(exponent: 1.5 + 0.1 * Double($0))) }
        let tracks = try (0..<40).map { index in
            let own = curves[index], earlier = curves[(index + 23) % 40]
            return try Track(keyframes: [
                Keyframe(time: 0, value: Double(index)), Keyframe(time: 1, value: 10, .timing(own)),
                Keyframe(time: 2, value: -5, .timing(earlier)), Keyframe(time: 3.5, value: 7, .timing(own)),
            ])
        }
        for count in [3, 16, 17, 40] {
            let bank = try ScalarTrackBank(Array(tracks.prefix(count)))
            let distinct = Set((0..<count).flatMap { [$0, ($0 + 23) % 40] })
            #expect(bank.curveTables.count == distinct.count, "\(count) tracks")
            for time in stride(from: -0.25, through: 3.75, by: 0.0625) {
                for index in 0..<count {
                    #expect(sameBits(try bank.value(ofTrack: index, at: time), tracks[index].value(at: time)), "t = \(time)")
                }
            }
        }
    }
}

/// `x^exponent`: a smooth curve per exponent, plain data, so that equal exponents are one curve.
private struct PowerTiming: TimingFunction, Hashable {
    let exponent: Double
    func value(at x: Double) -> Double { pow(x, exponent) }
    func derivative(at x: Double) -> Double { exponent * pow(x, exponent - 1) }
    var description: String { "test-power(\(exponent))" }
}
