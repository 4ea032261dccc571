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
}
