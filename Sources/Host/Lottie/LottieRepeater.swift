import Timeline
import TimelinePlugins

/// A repeater (`rp`) as lottie-web draws it: the items before it in its group are drawn in
/// `ceil(c)` copies (the originals are not drawn), each a group of its own whose transform is the
/// repeater's `tr` applied a number of times, and whose opacity goes from `so` (the copy on top)
/// to `eo` in even steps.
///
/// lottie-web's `RepeaterModifier`: copies are groups inserted before the items, the first on top;
/// the offset `o` first applies the transform `o` times (its fraction as a partial step: position
/// and rotation times the fraction, scale towards 1); then copy after copy, in the order the
/// composite `m` gives (1: from the top down; anything else, from the bottom up), applies it once
/// more, each copy taking the product of the rotations, the scales (both about the anchor) and the
/// translations so far. A copy whose running count is 0 takes no transform (and the next copy
/// adds no step). Copies beyond `ceil(c)` at a frame are hidden.
struct LottieRepeater: Sendable {
    /// `c`: how many copies.
    var copies: LottieProperty
    /// `o`: how many times the transform applies before the first copy.
    var offset: LottieProperty
    /// `m`: 1 for "above" (the first copy, untransformed, on top), anything else for "below".
    var fromTheTop: Bool
    /// `tr`'s anchor, position (`x`, `y` when split), scale (percent) and rotation (degrees).
    var anchor: LottieProperty
    var position: LottieProperty
    var positionX: LottieProperty?
    var positionY: LottieProperty?
    var scale: LottieProperty
    var rotation: LottieProperty
    /// `tr.so` and `tr.eo`: the opacities (percent) of the first and the last copy.
    var startOpacity: LottieProperty
    var endOpacity: LottieProperty

    /// The most copies, and the largest offset, Cadence draws: 1,000 (a frame costs the square of
    /// the copies in transform steps). A repeater with more is a warning, and its items are drawn
    /// once.
    static let mostSteps = 1_000.0

    /// The most copies lottie-web draws at any frame: `ceil` of the largest `c` among the value
    /// and the keyframes.
    var mostCopies: Double {
        var values = [copies.value.first ?? 1]
        for keyframe in copies.keyframes { values += [keyframe.start?.first, keyframe.end?.first].compactMap { $0 } }
        return values.filter(\.isFinite).max().map { $0.rounded(.up) } ?? 1
    }

    /// How many copies are drawn at a frame.
    func copyCount(at frame: Double, offset layerOffset: Double) -> Int {
        let value = (copies.value(at: frame, offset: layerOffset).first ?? 1).rounded(.up)
        return value.isFinite ? Int(max(0, min(value, 1_000_000))) : 0
    }

    /// The opacity (`0...1`) of the copy at `position` (0 is the first group, on top).
    func opacity(ofCopy position: Int, at frame: Double, offset layerOffset: Double) -> Double {
        let count = copyCount(at: frame, offset: layerOffset)
        guard position < count else { return 0 }
        let start = (startOpacity.value(at: frame, offset: layerOffset).first ?? 100) / 100
        let end = (endOpacity.value(at: frame, offset: layerOffset).first ?? 100) / 100
        let value = count == 1 ? start : start + (end - start) * Double(position) / Double(count - 1)
        return value.isFinite ? value : 0
    }

    /// The matrix (4×4, row vectors) of the copy whose group is at `copy` (0 on top) at a frame.
    func matrix(ofCopy copy: Int, at frame: Double, offset layerOffset: Double) -> [Double] {
        typealias A = LottieAnimation
        let count = copyCount(at: frame, offset: layerOffset)
        guard copy < count else { return A.identity }
        func value(_ property: LottieProperty) -> [Double] { property.value(at: frame, offset: layerOffset) }
        let anchor = A.padded(value(self.anchor), 2, 0)
        var translation = A.padded(value(position), 2, 0)
        if let x = positionX, let y = positionY {
            translation = [value(x).first ?? 0, value(y).first ?? 0]
        }
        let scale = A.padded(value(self.scale).map { $0 / 100 }, 2, 1)
        let rotation = (value(self.rotation).first ?? 0) * Double.pi / 180
        var p = A.identity, r = A.identity, s = A.identity
        /// lottie-web's `applyTransforms`.
        func step(_ fraction: Double, inverted: Bool) {
            let direction: Double = inverted ? -1 : 1
            let scaleX = scale[0] + (1 - scale[0]) * (1 - fraction), scaleY = scale[1] + (1 - scale[1]) * (1 - fraction)
            p = A.multiply(p, A.translation(translation[0] * direction * fraction, translation[1] * direction * fraction, 0))
            r = A.multiply(r, A.translation(-anchor[0], -anchor[1], 0))
            r = A.multiply(r, A.rotationZ(-rotation * direction * fraction))
            r = A.multiply(r, A.translation(anchor[0], anchor[1], 0))
            s = A.multiply(s, A.translation(-anchor[0], -anchor[1], 0))
            s = A.multiply(s, A.scaling(inverted ? 1 / scaleX : scaleX, inverted ? 1 / scaleY : scaleY, 1))
            s = A.multiply(s, A.translation(anchor[0], anchor[1], 0))
        }
        let shift = offset.value(at: frame, offset: layerOffset).first ?? 0
        // Offsets are bounded as the copies are (``LottieRepeater/mostSteps``).
        guard shift.isFinite, abs(shift) <= Self.mostSteps else { return A.identity }
        let whole = shift > 0 ? shift.rounded(.down) : shift.rounded(.up)
        let fraction = shift.truncatingRemainder(dividingBy: 1)
        var iteration = 0.0
        if shift > 0 {
            while iteration < whole { step(1, inverted: false); iteration += 1 }
            if fraction != 0 { step(fraction, inverted: false); iteration += fraction }
        } else if shift < 0 {
            while iteration > whole { step(1, inverted: true); iteration -= 1 }
            if fraction != 0 { step(-fraction, inverted: true); iteration -= fraction }
        }
        // Copy after copy in lottie-web's order, up to this one.
        var current = fromTheTop ? 0 : count - 1
        let direction = fromTheTop ? 1 : -1
        let first = current
        while true {
            var result = A.identity
            if iteration != 0 {
                if current != first { step(1, inverted: false) }
                result = A.multiply(A.multiply(r, s), p)
            }
            if current == copy { return result }
            iteration += 1
            current += direction
        }
    }
}

/// One copy of a repeater: the transform of the group that holds it.
struct LottieRepeaterCopy: Sendable {
    var repeater: LottieRepeater
    /// The copy's group, 0 on top.
    var position: Int
}
