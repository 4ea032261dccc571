import Testing
import Timeline
import TimelinePlugins

/// Flutter-style snapping: the next detent in the flick's direction, by hand.
@Suite("Snap.nextDetent")
struct SnapTests {
    let detents: [Double] = [700, 0, 300]   // in any order

    @Test("a flick goes one detent the way it points, however fast or short; a slow release to the nearest")
    func directionOfTheFlick() throws {
        // Between 300 and 700.
        #expect(try Snap.nextDetent(position: 340, velocity: 80, detents: detents) == 700)
        #expect(try Snap.nextDetent(position: 340, velocity: -80, detents: detents) == 300)
        #expect(try Snap.nextDetent(position: 690, velocity: -5_000, detents: detents) == 300)   // never skips to 0
        #expect(try Snap.nextDetent(position: 310, velocity: 9_000, detents: detents) == 700)
        // Slow: the nearest (the one behind only when strictly nearer).
        #expect(try Snap.nextDetent(position: 340, velocity: 20, detents: detents) == 300)
        #expect(try Snap.nextDetent(position: 660, velocity: -50, detents: detents) == 700)
        #expect(try Snap.nextDetent(position: 500, velocity: 0, detents: detents) == 700)     // halfway: the one ahead
        // The threshold is the caller's.
        #expect(try Snap.nextDetent(position: 340, velocity: 80, detents: detents, minimumVelocity: 100) == 300)
    }

    @Test("past the last detent or before the first, that detent; on a detent, a flick ahead stays")
    func ends() throws {
        #expect(try Snap.nextDetent(position: 900, velocity: 1_000, detents: detents) == 700)
        #expect(try Snap.nextDetent(position: 900, velocity: -1_000, detents: detents) == 700)
        #expect(try Snap.nextDetent(position: -40, velocity: -1_000, detents: detents) == 0)
        #expect(try Snap.nextDetent(position: 300, velocity: 1_000, detents: detents) == 300)
        #expect(try Snap.nextDetent(position: 300, velocity: -1_000, detents: detents) == 0)
    }

    @Test("bad input is an error that names it")
    func errors() {
        #expect(throws: GestureError.nothingToSnapTo) { try Snap.nextDetent(position: 0, velocity: 0, detents: []) }
        #expect(throws: GestureError.nonFinite("a detent")) { try Snap.nextDetent(position: 0, velocity: 0, detents: [.nan]) }
        #expect(throws: GestureError.nonFinite("the velocity")) { try Snap.nextDetent(position: 0, velocity: .infinity, detents: [1]) }
        #expect(throws: GestureError.self) { try Snap.nextDetent(position: 0, velocity: 1, detents: [1], minimumVelocity: -1) }
    }
}

/// The audit's hostile gestures: messages that say what is wrong (L4).
@Suite("Gesture input bounds")
struct GestureBoundsTests {
    @Test("a negative power and a time constant out of range are errors that name them")
    func decayParameters() {
        #expect(throws: GestureError.outOfRange("the power", -1, expected: "seconds of the release velocity from 0 (a negative power would coast backwards)")) {
            try Decay(from: 0, velocity: 100, timeConstant: 1, power: -1)
        }
        for timeConstant in [1e-300, 0.0005, 1e308] {
            #expect(throws: GestureError.outOfRange("the time constant", timeConstant, expected: "a number of seconds from 0.001 to 1000")) {
                try Decay(from: 0, velocity: 100, timeConstant: timeConstant)
            }
        }
        #expect(throws: Never.self) { try Decay(from: 0, velocity: 100, timeConstant: 0.001, power: 0) }
    }
}
