import Testing
import Timeline
import TimelinePlugins
import TimelineHost

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reference transitions of TRANSITIONS.md, checked against their numbers.
@Suite("Reference transitions")
struct PresetTests {
    @Test func expandingViewScalesToCoverTheScreenThenFadesIn() throws {
        let preset = try ExpandingViewPreset(context: phone, parameters: ["expand-duration": 0.4, "fade-duration": 0.1])
        // offsets = [155, 390 − 155, 700, 844 − 700]; s = (max(W, H) + max(offsets)) / min(w, h) + 2.
        let s = (844.0 + 700) / 80 + 2
        #expect(ExpandingViewPreset.coveringScale(container: phone.containerSize, view: preset.viewFrame) == s)
        let r = try render(preset)
        #expect(r.frames.count == 31)                        // 0.4 + 0.1 s at 60 fps
        #expect(r.value("button.scale", at: 0) == 1)
        #expect(r.value("button.zIndex", at: 0) == 2)        // raised above everything
        #expect(isClose(r.value("button.scale", at: 12), 1 + (s - 1) * referenceEaseIn(0.5), 1e-5))
        #expect(r.value("button.scale", at: 24) == s)
        #expect(r.value("destination.alpha", at: 24) == 0)   // phase 2 starts when phase 1 completes
        #expect(isClose(r.value("destination.alpha", at: 27), referenceEaseInOut(0.5), 1e-7))
        #expect(r.completions.map(\.0) == [30])
        #expect(r.completions.map(\.1) == [true])
        #expect(r.value("button.scale", at: 30) == 1)        // restored before completion
        #expect(r.value("button.zIndex", at: 30) == 0)
        #expect(r.value("destination.alpha", at: 30) == 1)
        #expect(throws: PresetError.self) {
            try ExpandingViewPreset(context: TransitionContext(operation: .pop), parameters: [:])
        }
    }

    @Test func circularRevealGrowsFrom4To1point2H() throws {
        let preset = try CircularRevealPreset(context: phone, parameters: [:])
        let r = try render(preset)
        #expect(r.frames.count == 61)
        #expect(r.value("reveal.diameter", at: 0) == 4)
        #expect(isClose(r.value("reveal.diameter", at: 30), 4 + (1.2 * 844 - 4) * referenceEaseIn(0.5), 1e-4))
        let start = r.path("reveal.mask", at: 0).bounds
        #expect(isClose(start.minX, 193, 1e-9) && isClose(start.minY, 420, 1e-9))
        #expect(isClose(start.width, 4, 1e-9) && isClose(start.height, 4, 1e-9))
        let late = r.path("reveal.mask", at: 59).bounds
        #expect(isClose(late.midX, 195, 1e-9) && isClose(late.midY, 422, 1e-9))
        #expect(isClose(late.width, r.value("reveal.diameter", at: 59), 1e-9))
        #expect(r.completions.map(\.0) == [60])
        #expect(r.value("reveal.diameter", at: 60) == 1.2 * 844)
        #expect(r.value("reveal.masked", at: 60) == 0)      // the completion removes the mask
        #expect(r.path("reveal.mask", at: 60).bounds == phone.bounds)
    }

    @Test(arguments: [TransitionOperation.push, .pop])
    func punchOutMorphsItsEvenOddPaths(operation: TransitionOperation) throws {
        let context = TransitionContext(containerSize: phone.containerSize, operation: operation)
        let preset = try PunchOutPreset(context: context, parameters: [:])
        // fromPath = rect(bounds) + oval(c, 4 × 4); toPath = rect(bounds inset by −40) + oval(c, 1.2H).
        for (path, rect, diameter) in [
            (preset.fromPath, phone.bounds, 4.0),
            (preset.toPath, Rect(x: -40, y: -40, width: 470, height: 924), 1.2 * 844),
        ] {
            #expect(path.fillRule == .evenOdd)
            #expect(path.subpaths.count == 2)
            #expect(path.subpaths[0].bounds == rect)
            let oval = path.subpaths[1].bounds
            #expect(isClose(oval.midX, 195, 1e-9) && isClose(oval.midY, 422, 1e-9))
            #expect(isClose(oval.width, diameter, 1e-9) && isClose(oval.height, diameter, 1e-9))
        }
        let r = try render(preset)
        let first = operation == .push ? preset.fromPath : preset.toPath
        #expect(r.path("punch.mask", at: 0) == first)
        #expect(isClose(r.value("punch.progress", at: 30), referenceEaseIn(0.5), 1e-7))
        #expect(r.completions.map(\.0) == [60])
        #expect(r.completions.map(\.1) == [true])
        #expect(r.value("punch.masked", at: 59) == 1)
        #expect(r.value("punch.masked", at: 60) == 0)      // mask and shadow removed, then completion
    }

    @Test(arguments: [(TransitionOperation.push, Double.pi), (.pop, -Double.pi)])
    func flipTurnsHalfwayAtHalfTime(operation: TransitionOperation, final: Double) throws {
        let preset = try FlipPreset(context: TransitionContext(operation: operation), parameters: [:])
        let r = try render(preset)
        #expect(r.frames.count == 31)
        #expect(isClose(r.value("flip.rotation", at: 15), final / 2, 1e-6))
        #expect(isClose(r.value("flip.rotation", at: 6), final * referenceEaseInOut(0.2), 1e-6))
        #expect(r.value("from.hidden", at: 14) == 0 && r.value("to.hidden", at: 14) == 1)
        #expect(r.value("from.hidden", at: 16) == 1 && r.value("to.hidden", at: 16) == 0)
        #expect(r.value("flip.rotation", at: 30) == final)
        #expect(r.completions.map(\.0) == [30])
    }

    @Test func crossDissolveFadesBothTogether() throws {
        let r = try render(try CrossDissolvePreset(context: phone, parameters: [:]))
        for index in r.frames.indices {
            #expect(isClose(r.value("from.alpha", at: index) + r.value("to.alpha", at: index), 1, 1e-12))
        }
        #expect(isClose(r.value("to.alpha", at: 15), 0.5, 1e-7))
        #expect(r.completions.map(\.0) == [30])
    }

    @Test func overlayPresentPopsInOnItsSpring() throws {
        let preset = try OverlayPresentPreset(context: phone, parameters: ["duration": 0.4])
        #expect(overlayFrameOf(phone) == Rect(x: 40, y: 40, width: 310, height: 604))
        let timing = try preset.springTiming()
        #expect(isClose(timing.spring.dampingRatio, 0.55, 1e-12))
        #expect(isClose(timing.relativeVelocity, 1 / 0.55, 1e-15))
        let r = try render(preset)
        #expect(r.value("overlay.alpha", at: 0) == 0)
        #expect(isClose(r.value("overlay.alpha", at: 6), referenceEaseInOut(0.5), 1e-7))   // d/4
        #expect(r.value("overlay.alpha", at: 12) == 1)                                     // d/2
        #expect(r.value("overlay.scale", at: 0) == 0.3)
        // The analytic under-damped response from 0 with initial velocity v0 = 1/0.55 (of the
        // distance 0.7), towards 1: x(t) = 1 + e^(−ζωt) (−cos ω_d t + (v0 − ζω) / ω_d sin ω_d t).
        let zeta = timing.spring.dampingRatio, omega = timing.spring.naturalFrequency
        let damped = omega * (1 - zeta * zeta).squareRoot(), v0 = 1 / 0.55
        for index in [1, 5, 10, 20] {
            let t = Double(index) / 60
            let x = 1 + exp(-zeta * omega * t) * (-cos(damped * t) + (v0 - zeta * omega) / damped * sin(damped * t))
            #expect(isClose(r.value("overlay.scale", at: index), 0.3 + 0.7 * x, 1e-9))
        }
        let peak = r.frames.indices.map { r.value("overlay.scale", at: $0) }.max()!
        #expect(peak > 1.05)                                                                // under-damped
        #expect(r.completions.map(\.0) == [24])                                             // when the spring completes, at d
        #expect(r.value("overlay.scale", at: 24) == 1)
    }

    @Test(arguments: [0.0, 1, 2])
    func overlayDismissCompletesAtDWhileItsSpringRunsOn(inFlight: Double) throws {
        let preset = try OverlayDismissPreset(context: phone, parameters: ["duration": 0.4, "in-flight": inFlight])
        let timing = try preset.springTiming()
        #expect(isClose(timing.spring.dampingRatio, 1, 1e-12))
        #expect(timing.relativeVelocity == -15)
        let r = try render(preset)
        #expect(r.frames.count == 49)                           // the spring lasts 2d = 0.8 s
        #expect(r.value("overlay.alpha", at: 6) == 1)           // the fade waits d/4
        #expect(isClose(r.value("overlay.alpha", at: 15), 1 - referenceEaseIn(0.5), 1e-7))
        #expect(r.value("overlay.alpha", at: 24) == 0)
        #expect(r.value("overlay.scale", at: 1) > 1)            // −15 × (0.3 − 1) = +10.5: it swells first
        #expect(r.completions.map(\.0) == [24])                 // completes at d
        #expect(r.completions.map(\.1) == [true])
        #expect(r.value("overlay.removed", at: 23) == 0 && r.value("overlay.removed", at: 24) == 1)
        switch inFlight {
        case 0:
            #expect(abs(r.value("overlay.scale", at: 24) - 0.3) > 1e-3)   // still moving at d
            #expect(r.value("overlay.scale", at: 48) == 0.3)
        case 1:
            #expect(r.value("overlay.scale", at: 24) == 0.3)
        default:
            #expect(r.value("overlay.scale", at: 48) == r.value("overlay.scale", at: 24))
        }
    }

    @Test(arguments: [TransitionOperation.push, .pop])
    func cardExpandRunsTwoAnimatorsAndCompletesWithTheLongest(operation: TransitionOperation) throws {
        let preset = try CardExpandPreset(context: TransitionContext(operation: operation), parameters: [:])
        let card = Rect(x: 20, y: 300, width: 350, height: 220)
        let (origin, destination) = operation == .push ? (card, phone.bounds) : (phone.bounds, card)
        let r = try render(preset)
        #expect(r.frames.count == 61)                          // the longer animator: 1 s
        // Size animator (ease-in-out, 0.5 s): done at frame 30, x moved by xDiff, size at the destination.
        #expect(isClose(r.value("card.x", at: 30), destination.minX, 1e-9))
        #expect(isClose(r.value("card.width", at: 30), destination.width, 1e-9))
        #expect(isClose(r.value("card.height", at: 30), destination.height, 1e-9))
        #expect(isClose(r.value("card.x", at: 15), origin.minX + (destination.minX - origin.minX) * referenceEaseInOut(0.5), 1e-6))
        #expect(r.value("close.alpha", at: 30) == (operation == .push ? 1 : 0))
        // Position animator (spring, damping ratio 0.7, 1 s): the y translation follows the
        // analytic step response of an under-damped oscillator from rest.
        let spring = try preset.positionTiming().spring
        #expect(isClose(spring.dampingRatio, 0.7, 1e-12))
        let zeta = spring.dampingRatio, omega = spring.naturalFrequency
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let yDiff = destination.minY - origin.minY
        for index in [6, 18, 30, 45] {
            let t = Double(index) / 60
            let step = 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
            #expect(isClose(r.value("card.y", at: index), origin.minY + yDiff * step, 1e-6))
        }
        #expect(r.value("tappedCard.hidden", at: 59) == 1)
        #expect(r.completions.map(\.0) == [60])
        #expect(r.completions.map(\.1) == [true])
        // The completion resets transforms and frames and unhides the tapped card.
        #expect(r.value("card.x", at: 60) == destination.minX && r.value("card.y", at: 60) == destination.minY)
        #expect(r.value("card.width", at: 60) == destination.width && r.value("card.height", at: 60) == destination.height)
        #expect(r.value("tappedCard.hidden", at: 60) == 0)
        #expect(r.value("header.height", at: 60) == (operation == .push ? 500 : 220))
        #expect(r.value("card.cornerRadius", at: 60) == (operation == .push ? 0 : 16))
    }

    @Test(arguments: [1.0, 0.0])
    func interactiveTransitionIsScrubbedThenReleased(outcome: Double) throws {
        let preset = try InteractivePreset(context: phone, parameters: ["outcome": outcome])
        #expect(try preset.releaseMotion().velocity(at: 0) == 0.6 / 0.6)   // the gesture's velocity
        let r = try render(preset)
        // Dragging: progress = 0.6 × t / 0.6.
        #expect(isClose(r.value("from.offset", at: 18), 0.3 * 390, 1e-9))
        #expect(isClose(r.value("to.offset", at: 18), -130 + 130 * 0.3, 1e-9))
        #expect(isClose(r.value("to.dim", at: 18), 0.3 - 0.3 * 0.3, 1e-12))
        #expect(isClose(r.value("from.offset", at: 36), 0.6 * 390, 1e-9))      // released here
        let last = r.frames.count - 1
        #expect(r.completions.map(\.1) == [outcome == 1])
        if outcome == 1 {
            #expect(r.value("from.offset", at: 37) > r.value("from.offset", at: 36))
            #expect(r.value("from.offset", at: last) == 390 && r.value("to.offset", at: last) == 0)
            #expect(r.value("to.scale", at: last) == 1)
        } else {
            #expect(r.value("from.offset", at: last) == 0 && r.value("to.offset", at: last) == -130)
            #expect(r.value("to.dim", at: last) == 0.3 && r.value("to.scale", at: last) == 0.92)
        }
    }

    @Test(arguments: PresetCatalog.names)
    func slicesOfEveryPresetConcatenateToTheWhole(name: String) throws {
        func lines(_ frames: ClosedRange<Int>?) throws -> String {
            guard let type = PresetCatalog.preset(named: name) else { return "" }
            return try renderAny(type, frames: frames)
        }
        let whole = try lines(nil)
        let count = whole.split(separator: "\n").count
        #expect(count > 20)
        #expect(try lines(0...9) + lines(10...20) + lines(21...(count - 1)) == whole)
    }

    private func renderAny<P: TransitionPreset>(_ type: P.Type, frames: ClosedRange<Int>?) throws -> String {
        let context = TransitionContext(operation: type.operations[0])
        return try renderJSONLines(try P(context: context, parameters: [:]), frames: frames)
    }
}

private func overlayFrameOf(_ context: TransitionContext) -> Rect {
    Rect(x: 40, y: 40, width: context.containerSize.width - 40 - 40, height: context.containerSize.height - 40 - 200)
}
