import Testing
import Timeline
import TimelinePlugins

/// The Swift example of Docs/TimingModel.md, compiled and checked. Keep the two in step.
@Suite("Timing model guide example")
struct TimingModelGuideTests {
    @Test func whatAClipShowsDuringItsDelay() throws {
        // Guide: "What a track shows where nothing applies"
        struct Dot: Sendable { var x = -1.0 }
        let stepped = try Track<Double>(keyframes: [
            Keyframe(time: 0, value: 0),
            Keyframe(time: 1, value: 10, .timing(try .steps(4, .jumpStart))),
        ])
        let waits = try Clip(stepped, \Dot.x).delayed(by: 0.5)                   // fill .forwards
        let fills = try Clip(stepped, \Dot.x).filling(.both).delayed(by: 0.5)
        #expect(waits.value(at: 0.25, from: Dot()).x == -1)  // nothing applies during the delay
        #expect(fills.value(at: 0.25, from: Dot()).x == 0)   // the start value, with the before flag
        #expect(fills.value(at: 0.5, from: Dot()).x == 2.5)  // active: the first step is taken
    }
}
