/// How a child's slot follows from its parent's.
enum ClipStep: Sendable {
    /// A child of a composition, placed at `start`.
    case placement(parent: Int, start: Double, duration: Double, fill: FillMode)
    /// The child of a delay; `fillsBackwards` is the delayed clip's fill.
    case delay(parent: Int, delay: Double, duration: Double, fillsBackwards: Bool)
    /// The child of a speed change.
    case speed(parent: Int, factor: Double, duration: Double)
    /// The child of a repeat.
    case repeated(parent: Int, count: Double, length: Double)
    /// The child of an autoreverse.
    case autoreversed(parent: Int, length: Double)
}

/// A node's local time, phase, and whether it applies.
struct ClipSlot {
    var time: Double
    var phase: ClipPhase
    var applies: Bool
}

extension ClipStep {
    /// A child's slot from its parent's, as the timing model decides it.
    @inline(__always)
    func child(of slots: UnsafeMutableBufferPointer<ClipSlot>) -> ClipSlot {
        switch self {
        case .placement(let parent, let start, let duration, let fill):
            let slot = slots[parent]
            guard slot.applies else { return slot }
            let local = slot.time - start
            let tolerance = ClipPhase.tolerance(slot.time, start, duration)
            if local < -tolerance || (slot.phase == .before && local <= tolerance) {
                return ClipSlot(time: 0, phase: .before, applies: fill.backwards)
            } else if local >= duration - tolerance {
                return ClipSlot(time: duration, phase: .after, applies: fill.forwards)
            }
            return ClipSlot(time: max(local, 0), phase: .active, applies: true)
        case .delay(let parent, let delay, let duration, let fillsBackwards):
            let slot = slots[parent]
            guard slot.applies else { return slot }
            if slot.time < delay - ClipPhase.tolerance(slot.time, delay, 0) {
                return ClipSlot(time: 0, phase: .before, applies: fillsBackwards)
            }
            return ClipSlot(time: ClipPhase.delayed(slot.time, by: delay, length: duration), phase: slot.phase, applies: true)
        case .speed(let parent, let factor, let duration):
            let slot = slots[parent]
            return ClipSlot(time: ClipPhase.scaled(slot.time, by: factor, length: duration), phase: slot.phase, applies: slot.applies)
        case .repeated(let parent, let count, let length):
            let slot = slots[parent]
            let (time, phase) = ClipPhase.iteration(slot.time, slot.phase, count: count, length: length)
            return ClipSlot(time: time, phase: phase, applies: slot.applies)
        case .autoreversed(let parent, let length):
            let slot = slots[parent]
            let (time, phase) = ClipPhase.reversal(slot.time, slot.phase, length: length)
            return ClipSlot(time: time, phase: phase, applies: slot.applies)
        }
    }
}
