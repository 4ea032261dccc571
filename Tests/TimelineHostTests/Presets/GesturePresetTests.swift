import Foundation
import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// The two gesture presets against landings worked out by hand: the release position is the
/// start plus the drag, the projection adds velocity · 0.4995 s (UIKit's normal rate:
/// −1 / (1000 · ln 0.998) = 0.49950), and the nearest detent wins.
@Suite("Gesture presets")
struct GesturePresetTests {
    @Test("the bottom sheet lands on the detent nearest its projection, for flicks of several speeds")
    func bottomSheetLandings() throws {
        // Detents on an 844-point screen: 60 (full), 422 (half), 764 (closed).
        let cases: [(start: Double, distance: Double, velocity: Double, landing: Double)] = [
            (1, -200, -1_500, 60),      // 222 − 749.2 = −527: full
            (1, -200, -400, 60),        // 222 − 199.8 = 22.2: full (37.8 away) rather than half
            (1, -100, -100, 422),       // 322 − 50 = 272: half (150) beats full (212)
            (1, -100, 200, 422),        // 322 + 99.9 = 421.9: half
            (1, 100, 900, 764),         // 522 + 449.5 = 971.5: closed
            (1, 60, 300, 764),          // 482 + 149.9 = 631.9: closed (132.1) beats half (209.9)
            (0, 150, 1_000, 764),       // 210 + 499.5 = 709.5: closed (54.5) beats half (287.5)
            (2, -150, -600, 422),       // 614 − 299.7 = 314.3: half (107.7) beats full (254.3)
        ]
        for flick in cases {
            let sheet = try BottomSheetPreset(
                context: TransitionContext(),
                parameters: ["start": flick.start, "drag-distance": flick.distance, "flick-velocity": flick.velocity,
                             "drag-duration": 0.25])
            #expect(sheet.detents == [60, 422, 764])
            #expect(abs(sheet.releaseVelocity - flick.velocity) <= 1e-6, "tracked \(sheet.releaseVelocity)")
            #expect(sheet.landing == flick.landing, "\(flick)")
            #expect(sheet.release.initialVelocity == sheet.releaseVelocity)
        }
    }

    @Test("past the top detent the sheet follows on a rubber band and springs back to it")
    func bottomSheetRubberBand() throws {
        // From full (60), the finger drags 200 up to −140: 200 past the edge, displayed
        // 60 − (1 − 1/(200·0.55/844 + 1))·844 = 60 − 97.33.
        let sheet = try BottomSheetPreset(
            context: TransitionContext(), parameters: ["start": 0, "drag-distance": -200, "flick-velocity": -300])
        #expect(sheet.landing == 60)
        let displayed = 60 - (1 - 1 / (200 * 0.55 / 844 + 1)) * 844
        #expect(abs(sheet.release.from - displayed) <= 1e-9)
        let slope = 0.55 / pow(200 * 0.55 / 844 + 1, 2)
        #expect(abs(sheet.release.initialVelocity - -300 * slope) <= 1e-6)
        // The rendered frames: the last drag frame is banded, the last frame rests at 60.
        var source = try PresetSource(preset: sheet, frameRate: .fps60)
        var values: [Double] = []
        var sink = CollectingSink { values.append($0.numbers[0]) }
        try HostLoop.renderOffline(&source, frameRate: .fps60, to: &sink)
        #expect(values.last == 60)
        #expect(values.min()! > displayed - 1e-9, "never further than the band lets it")
    }

    @Test("the card is thrown off only when the flick projects past the threshold")
    func swipeLandings() throws {
        // Off-screen offsets ±365 (390 + 300) / 2 + 20; release at the drag's distance.
        let cases: [(distance: Double, velocity: Double, landing: Double)] = [
            (80, 900, 365),       // 80 + 449.5 = 529.5
            (80, 200, 0),         // 80 + 99.9 = 179.9: 0 (179.9) beats 365 (185.1)
            (80, 220, 365),       // 80 + 109.9 = 189.9: 365 (175.1) beats 0 (189.9)
            (-60, -700, -365),    // −60 − 349.6 = −409.6
            (120, -300, 0),       // 120 − 149.8 = −29.8
        ]
        for flick in cases {
            let swipe = try SwipeToDismissPreset(
                context: TransitionContext(), parameters: ["drag-distance": flick.distance, "flick-velocity": flick.velocity])
            #expect(swipe.detents == [-365, 0, 365])
            #expect(abs(swipe.releaseVelocity - flick.velocity) <= 1e-6)
            #expect(swipe.landing == flick.landing, "\(flick)")
        }
    }

    @Test("bad scripts are errors")
    func badScripts() {
        #expect(throws: PresetError.self) { try BottomSheetPreset(context: TransitionContext(), parameters: ["start": 5]) }
        #expect(throws: PresetError.self) { try BottomSheetPreset(context: TransitionContext(), parameters: ["drag-duration": 0]) }
        #expect(throws: PresetError.self) { try SwipeToDismissPreset(context: TransitionContext(), parameters: ["flick-velocity": .nan]) }
    }
}

/// Hands each frame to a closure.
private struct CollectingSink: FrameSink {
    let body: (borrowing Frame) -> Void
    init(_ body: @escaping (borrowing Frame) -> Void) { self.body = body }
    mutating func begin(schema: FrameSchema) throws {}
    mutating func write(_ frame: borrowing Frame) throws { body(frame) }
}
