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
