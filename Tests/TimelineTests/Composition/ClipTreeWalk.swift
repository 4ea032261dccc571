@testable import Timeline

// The clip tree walked node by node: the timing model as `Docs/TimingModel.md` states it, the
// oracle the compiled program (`ClipProgram`'s steps) is checked against. It ships nowhere: the
// library decides clip timing once, in the steps.

extension Clip {
    /// ``apply(at:to:)`` by walking the clip tree: what the compiled program must agree with.
    func applyThroughTree(at time: Double, to root: inout Root) {
        let (local, phase) = topLevel(time)
        applyLocal(local, phase, to: &root)
    }

    /// Applies the clip at a local time already inside `0...duration`, in a phase.
    ///
    /// The phase says where the time lies against the clip's active interval: `before` (not
    /// started: clamped to the start), `active`, or `after` (over: frozen at this time, its end or,
    /// under a fractional repeat, part-way). Leaves take the before flag from it: set before the
    /// start, and after an end reached playing backwards. A child of a composition has a phase of
    /// its own: before while the composition is, or before its own start; after from its own end
    /// on; active in between, even while the composition is frozen part-way.
    func applyLocal(_ time: Double, _ phase: ClipPhase, to root: inout Root) {
        switch node {
        case .leaf(let leaf):
            leaf.body(time, phase == .before, &root)
        case .placed(let placements):
            for placement in placements {
                let child = placement.clip
                let local = time - placement.start
                let tolerance = ClipPhase.tolerance(time, placement.start, child.duration)
                if local < -tolerance || (phase == .before && local <= tolerance) {
                    // Not started, or inside a composition that has not started.
                    guard child.fill.backwards else { continue }
                    child.applyLocal(0, .before, to: &root)
                } else if local >= child.duration - tolerance {
                    // At or after its end (the active interval is end-exclusive).
                    guard child.fill.forwards else { continue }
                    child.applyLocal(child.duration, .after, to: &root)
                } else {
                    child.applyLocal(max(local, 0), .active, to: &root)
                }
            }
        case .delayed(let delay, let child):
            if time < delay - ClipPhase.tolerance(time, delay, 0) {
                // During the delay: the start values only if the delayed clip fills backwards.
                if fill.backwards { child.applyLocal(0, .before, to: &root) }
            } else {
                child.applyLocal(ClipPhase.delayed(time, by: delay, length: child.duration), phase, to: &root)
            }
        case .speed(let factor, let child):
            child.applyLocal(ClipPhase.scaled(time, by: factor, length: child.duration), phase, to: &root)
        case .repeated(let count, let child):
            let (local, childPhase) = ClipPhase.iteration(time, phase, count: count, length: child.duration)
            child.applyLocal(local, childPhase, to: &root)
        case .autoreversed(let child):
            let (local, childPhase) = ClipPhase.reversal(time, phase, length: child.duration)
            child.applyLocal(local, childPhase, to: &root)
        }
    }
}
