#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A text layer (`ty` 5) as lottie-web's SVG renderer draws it from the glyphs its file carries
/// (`chars`): each document (`t.d.k`, held from its time until the next one's), laid out letter by
/// letter, each letter moved, faded and coloured by the text animators (`t.a`) through their range
/// selectors.
///
/// lottie-web's `TextProperty.completeTextData` lays a document out: a letter's advance is its
/// glyph's width `w` times the size over 100; tracking `tr` adds `tr / 1000 × size` after each
/// letter; `\r` (or `\u{3}`) breaks a line; a box (`sz`) breaks lines at the last space before the
/// box's width (or before the letter that overflows, in a word wider than the box); a line's width
/// leaves out its trailing spaces; justification `j` 1 and 2 move each line right by its missing
/// width, or by half of it. `TextAnimatorProperty.getMeasures` places each letter: its glyph is
/// scaled by the size over 100 (the glyph's first group only, as lottie-web), then anchored at its
/// centre and its anchor group's, moved by the animators' anchor, scale, skew, rotations and
/// position in that order, then to its place in the line, its line's offset and the box's position.
struct LottieText: Sendable {
    /// One letter of a laid-out document.
    struct Letter: Sendable {
        /// What it shows: one character (a grapheme), or `""` for a line break.
        var value: String
        /// Its advance (`l`), in the layer's units.
        var advance: Double
        /// The width of its anchor group (`an`: the letter, its word or its line).
        var anchorWidth: Double
        /// The width of its anchor group before it (`add`).
        var before: Double
        /// Whether it is a line break (`n`).
        var isNewLine: Bool
        /// Its line, from 0.
        var line: Int
        /// Its place on its line before tracking animators: the advances and trackings of the
        /// letters before it on the line.
        var x: Double
        /// Its line's offset.
        var y: Double
        /// Its index for each animator's range selector (`anIndexes`).
        var selectorIndexes: [Int]
        /// The glyph it draws (in ``LottieText/glyphs``), or `nil` when the file has none for it.
        var glyph: Int?
    }

    /// One document (`t.d.k[i].s`) laid out.
    struct Document: Sendable {
        /// The composition frames it shows at: from its time (the first from the start) until the
        /// next document's.
        var from: Double
        var until: Double
        /// `s`: the font size.
        var size: Double
        /// `tr / 1000 × s`: the space after each letter.
        var tracking: Double
        /// `j`: 0 left, 1 right, 2 centre (lottie-web's SVG renderer treats the others as left).
        var justification: Int
        /// Each line's width, its trailing spaces left out.
        var lineWidths: [Double]
        /// The box's width, or the widest line's.
        var boxWidth: Double
        /// What justification moves every line by before its own offset.
        var justifyOffset: Double
        /// The box's position (`ps`), moved down by the ascent, or `nil` without a box.
        var boxPosition: [Double]?
        /// `ls`: the baseline shift (up).
        var baselineShift: Double
        /// `fc` and `sc`, red, green and blue in `0...1` as CSS reads them (to 1/255); `nil`
        /// when missing.
        var fill: [Double]?
        var stroke: [Double]?
        /// `sw`; lottie-web leaves it unset (SVG's 1) when missing.
        var strokeWidth: Double
        /// Whether an animator changes the fill colour, the stroke colour or the stroke's width
        /// (lottie-web's `fillColorAnim`, `strokeColorAnim`, `strokeWidthAnim`).
        var fillAnimated = false
        var strokeAnimated = false
        var strokeWidthAnimated = false
        /// For each animator, how many units its selector counts (`totalChars`).
        var selectorCounts: [Int] = []
        var letters: [Letter] = []
        /// Each letter's matrix when nothing changes it over time (no animators, a fixed
        /// alignment); empty otherwise.
        var fixedMatrices: [[Double]] = []
    }

    /// A glyph (`chars[i]`): its paths, in the glyph's units (a size of 100).
    struct Glyph: Sendable {
        /// Each path's numbers (``LottieAnimation/shapeNumbers(_:)``) and whether it closes.
        var paths: [(numbers: [Double], closed: Bool)]
        /// How many of ``paths`` lie in the glyph's first group, which lottie-web scales by the
        /// size (the others it draws at a size of 100).
        var scaledCount: Int
    }

    /// A text animator's range selector (`s`).
    struct Selector: Sendable {
        /// `s`, `e`, `o`: the range's start, end and offset (percent, or letters with `r` 2).
        var start: LottieProperty
        var end: LottieProperty
        var offset: LottieProperty
        /// `ne`, `xe`: ease low and ease high (percent).
        var easeLow: LottieProperty
        var easeHigh: LottieProperty
        /// `sm`: smoothness (percent).
        var smoothness: LottieProperty
        /// `a`: the amount (percent).
        var amount: LottieProperty
        /// `sh`: 1 square, 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6 smooth.
        var shape: Int
        /// `r` 2: start, end and offset count letters, not percent.
        var countsIndexes: Bool
        /// `b`: what a unit is (1 letters, 2 letters without spaces, 3 words, 4 lines).
        var basedOn: Int
        /// `rn` 1: the units in random order (Cadence keeps the text's order).
        var randomized: Bool
    }

    /// A text animator (`t.a[i]`): its selector and the properties it animates (`a`), each `nil`
    /// when missing.
    struct Animator: Sendable {
        var selector: Selector
        var anchor: LottieProperty?
        var position: LottieProperty?
        var scale: LottieProperty?
        var skew: LottieProperty?
        var skewAxis: LottieProperty?
        var rotation: LottieProperty?
        var rotationX: LottieProperty?
        var rotationY: LottieProperty?
        var opacity: LottieProperty?
        var strokeWidth: LottieProperty?
        var strokeColor: LottieProperty?
        var fillColor: LottieProperty?
        var fillHue: LottieProperty?
        var fillSaturation: LottieProperty?
        var fillBrightness: LottieProperty?
        var tracking: LottieProperty?
    }

    var documents: [Document] = []
    var animators: [Animator] = []
    var glyphs: [Glyph] = []
    /// `t.m.a`: the anchor point grouping's alignment (percent of the group's width and of the
    /// line).
    var alignment = LottieProperty(value: [0, 0], keyframes: [])

    /// A letter at a frame: its matrix (4×4, row vectors), opacity, and the colours and stroke
    /// width its animators give it (`nil` where the document's own apply).
    struct LetterState {
        var matrix: [Double]
        var opacity: Double
        var fill: [Double]?
        var stroke: [Double]?
        var strokeWidth: Double?
    }

    /// Whether a document shows at a layer-local frame.
    func shows(_ document: Int, at frame: Double, offset: Double) -> Bool {
        let compositionFrame = frame + offset
        let shown = documents[document]
        return (document == 0 || compositionFrame >= shown.from) && compositionFrame < shown.until
    }

    /// A letter of a document at a layer-local frame, as lottie-web's `getMeasures` places it.
    func state(document number: Int, letter index: Int, at frame: Double, offset: Double) -> LetterState {
        let document = documents[number], letter = document.letters[index]
        if animators.isEmpty, !document.fixedMatrices.isEmpty {
            return LetterState(matrix: document.fixedMatrices[index], opacity: 1)
        }
        typealias A = LottieAnimation
        let alignmentValue = A.padded(alignment.value(at: frame, offset: offset), 2, 0)
        let multipliers = animators.indices.map { multiplier(animator: $0, document: number, letter: index, at: frame, offset: offset) }
        func value(_ property: LottieProperty?, _ count: Int) -> [Double]? {
            property.map { A.padded($0.value(at: frame, offset: offset), count, 0) }
        }
        let lineHeightShare = document.size * 1.2 * 0.714
        let centring = letter.anchorWidth / 2 - letter.before
        var m = A.translation(-centring, 0, 0)
        m = A.multiply(m, A.translation(-alignmentValue[0] * letter.anchorWidth * 0.005, -alignmentValue[1] * lineHeightShare * 0.01, 0))
        let x = trackedX(document: number, letter: index, at: frame, offset: offset)
        var strokeWidth: Double? = document.strokeWidthAnimated ? document.strokeWidth : nil
        var stroke: [Double]? = document.strokeAnimated ? document.stroke ?? [0, 0, 0] : nil
        var fill: [Double]? = document.fillAnimated ? document.fill : nil
        for (animator, mult) in zip(animators, multipliers) {
            if let anchor = value(animator.anchor, 3) {
                m = A.multiply(m, A.translation(-anchor[0] * mult, -anchor[1] * mult, anchor[2] * mult))
            }
        }
        for (animator, mult) in zip(animators, multipliers) {
            if let scale = value(animator.scale, 2) {
                m = A.multiply(m, A.scaling(1 + (scale[0] / 100 - 1) * mult, 1 + (scale[1] / 100 - 1) * mult, 1))
            }
        }
        var opacity = 1.0
        let radians = Double.pi / 180
        for (animator, mult) in zip(animators, multipliers) {
            if let skew = value(animator.skew, 1) {
                let axis = (value(animator.skewAxis, 1)?[0] ?? 0) * radians * mult
                let c = cos(axis), s = sin(axis)
                m = A.multiply(m, [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
                m = A.multiply(m, [1, 0, 0, 0, tan(-skew[0] * radians * mult), 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
                m = A.multiply(m, [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
            }
            if let rotation = value(animator.rotation, 1) { m = A.multiply(m, A.rotationZ(-rotation[0] * radians * mult)) }
            if let rotation = value(animator.rotationY, 1) { m = A.multiply(m, A.rotationY(rotation[0] * radians * mult)) }
            if let rotation = value(animator.rotationX, 1) { m = A.multiply(m, A.rotationX(rotation[0] * radians * mult)) }
            if let target = value(animator.opacity, 1) { opacity += (target[0] / 100 * mult - opacity) * mult }
            if strokeWidth != nil, let width = value(animator.strokeWidth, 1) { strokeWidth! += width[0] * mult }
            if stroke != nil, let color = value(animator.strokeColor, 3) {
                for channel in 0..<3 { stroke![channel] += (color[channel] - stroke![channel]) * mult }
            }
            if fill != nil {
                if let color = value(animator.fillColor, 3) {
                    for channel in 0..<3 { fill![channel] += (color[channel] - fill![channel]) * mult }
                }
                if let hue = value(animator.fillHue, 1) { fill = Self.addingHue(hue[0] * mult, to: fill!) }
                if let saturation = value(animator.fillSaturation, 1) { fill = Self.addingSaturation(saturation[0] / 100 * mult, to: fill!) }
                if let brightness = value(animator.fillBrightness, 1) { fill = Self.addingBrightness(brightness[0] / 100 * mult, to: fill!) }
            }
        }
        for (animator, mult) in zip(animators, multipliers) {
            if let position = value(animator.position, 3) {
                m = A.multiply(m, A.translation(position[0] * mult, position[1] * mult, -position[2] * mult))
            }
        }
        m = A.multiply(m, A.translation(x, letter.y, 0))
        if let box = document.boxPosition { m = A.multiply(m, A.translation(box[0], box[1], 0)) }
        let missing = document.boxWidth - document.lineWidths[letter.line]
        switch document.justification {
        case 1: m = A.multiply(m, A.translation(justifyOffset(document: number, letter: index, at: frame, offset: offset) + document.justifyOffset + missing, 0, 0))
        case 2: m = A.multiply(m, A.translation(justifyOffset(document: number, letter: index, at: frame, offset: offset) + document.justifyOffset + missing / 2, 0, 0))
        default: break
        }
        m = A.multiply(m, A.translation(0, -document.baselineShift, 0))
        m = A.multiply(m, A.translation(centring, 0, 0))
        m = A.multiply(m, A.translation(alignmentValue[0] * letter.anchorWidth * 0.005, alignmentValue[1] * lineHeightShare * 0.01, 0))
        return LetterState(
            matrix: m, opacity: opacity.isFinite ? min(max(opacity, 0), 1) : 0, fill: fill.map(Self.cssColor),
            stroke: stroke.map(Self.cssColor), strokeWidth: strokeWidth.map { $0.isFinite ? max($0, 0) : 0 })
    }

    /// A letter's place on its line with the tracking animators' (`t`) shares: lottie-web adds
    /// each letter's share before placing it, except the first of a left-justified line's.
    private func trackedX(document number: Int, letter index: Int, at frame: Double, offset: Double) -> Double {
        let document = documents[number]
        let trackers = animators.indices.filter { animators[$0].tracking != nil }
        guard !trackers.isEmpty else { return document.letters[index].x }
        var start = index
        while start > 0, !document.letters[start].isNewLine { start -= 1 }
        var x = 0.0
        for position in start...index where !document.letters[position].isNewLine {
            for tracker in trackers where x != 0 || document.justification != 0 {
                let amount = animators[tracker].tracking!.value(at: frame, offset: offset).first ?? 0
                x += amount * multiplier(animator: tracker, document: number, letter: position, at: frame, offset: offset)
            }
            if position < index { x += document.letters[position].advance + document.tracking }
        }
        return x
    }

    /// What the tracking animators move a right- or centre-justified line by
    /// (`animatorJustifyOffset`), as lottie-web sums it (its first letters' share carried from
    /// line to line).
    private func justifyOffset(document number: Int, letter index: Int, at frame: Double, offset: Double) -> Double {
        let document = documents[number]
        let trackers = animators.indices.filter { animators[$0].tracking != nil }
        guard !trackers.isEmpty else { return 0 }
        let share = document.justification == 2 ? -0.5 : -1.0
        var lineOffset = 0.0, firstLetters = 0.0, isNewLine = true
        for position in document.letters.indices {
            let letter = document.letters[position]
            if letter.isNewLine {
                if lineOffset != 0 { lineOffset += firstLetters }
                if position > index { return lineOffset }
                lineOffset = 0
                isNewLine = true
                continue
            }
            for tracker in trackers {
                let amount = animators[tracker].tracking!.value(at: frame, offset: offset).first ?? 0
                if isNewLine, document.justification == 2 { firstLetters += amount * share }
                lineOffset += amount * multiplier(animator: tracker, document: number, letter: position, at: frame, offset: offset) * share
            }
            isNewLine = false
        }
        if lineOffset != 0 { lineOffset += firstLetters }
        return lineOffset
    }

    /// How much an animator applies to a letter (`TextSelectorProp.getMult`): its selector's
    /// shape over the range, eased, smoothed, times the amount.
    func multiplier(animator number: Int, document: Int, letter: Int, at frame: Double, offset: Double) -> Double {
        let selector = animators[number].selector
        func scalar(_ property: LottieProperty) -> Double { property.value(at: frame, offset: offset).first ?? 0 }
        let total = Double(documents[document].selectorCounts[number])
        let divisor = selector.countsIndexes ? 1 : 100 / total
        let shift = scalar(selector.offset) / divisor
        var s = scalar(selector.start) / divisor + shift, e = scalar(selector.end) / divisor + shift
        if s > e { swap(&s, &e) }
        let index = Double(documents[document].letters[letter].selectorIndexes[number])
        let easeLow = scalar(selector.easeLow), easeHigh = scalar(selector.easeHigh)
        var x1 = 0.0, y1 = 0.0, x2 = 1.0, y2 = 1.0
        if easeLow > 0 { x1 = easeLow / 100 } else { y1 = -easeLow / 100 }
        if easeHigh > 0 { x2 = 1 - easeHigh / 100 } else { y2 = 1 + easeHigh / 100 }
        func raw(_ value: Double) -> LottieProperty.RawNumber { LottieProperty.RawNumber(values: [value], isArray: false) }
        let easing = LottieWebPlayer.Easing(raw(x1), raw(y1), raw(x2), raw(y2))
        func ease(_ x: Double) -> Double { x.isFinite ? easing.value(min(max(x, 0), 1)) : 0 }
        var mult = 0.0
        switch selector.shape {
        case 2:
            mult = ease(e == s ? (index >= e ? 1 : 0) : max(0, min(0.5 / (e - s) + (index - s) / (e - s), 1)))
        case 3:
            mult = ease(e == s ? (index >= e ? 0 : 1) : 1 - max(0, min(0.5 / (e - s) + (index - s) / (e - s), 1)))
        case 4:
            if e != s {
                mult = max(0, min(0.5 / (e - s) + (index - s) / (e - s), 1))
                mult = mult < 0.5 ? mult * 2 : 1 - 2 * (mult - 0.5)
            }
            mult = ease(mult)
        case 5:
            if e != s {
                let total = e - s, place = min(max(0, index + 0.5 - s), e - s)
                let x = -total / 2 + place, a = total / 2
                mult = (1 - x * x / (a * a)).squareRoot()
            }
            mult = ease(mult)
        case 6:
            if e != s {
                let place = min(max(0, index + 0.5 - s), e - s)
                mult = (1 + cos(Double.pi + Double.pi * 2 * place / (e - s))) / 2
            }
            mult = ease(mult)
        default:
            if index >= s.rounded(.down) {
                mult = index - s < 0 ? max(0, min(min(e, 1) - (s - index), 1)) : max(0, min(e - index, 1))
            }
            mult = ease(mult)
        }
        let smoothness = scalar(selector.smoothness)
        if smoothness != 100 {
            let share = smoothness == 0 ? 0.000_000_01 : smoothness / 100
            let threshold = 0.5 - share * 0.5
            mult = mult < threshold ? 0 : min((mult - threshold) / share, 1)
        }
        let result = mult * scalar(selector.amount) / 100
        return result.isFinite ? result : 0
    }

    /// A colour as CSS's `rgb()` takes lottie-web's numbers: each to the nearest 1/255, in `0...1`.
    static func cssColor(_ rgb: [Double]) -> [Double] {
        rgb.prefix(3).map { channel in channel.isFinite ? min(max((channel * 255).rounded(), 0), 255) / 255 : 0 }
    }

    /// lottie-web's `RGBtoHSV` (its input in `0...255`) and `HSVtoRGB`.
    static func hsv(_ rgb: [Double]) -> (h: Double, s: Double, v: Double) {
        let r = rgb[0] * 255, g = rgb[1] * 255, b = rgb[2] * 255
        let high = max(r, g, b), low = min(r, g, b), d = high - low
        let s = high == 0 ? 0 : d / high
        var h = 0.0
        if high == low {
            h = 0
        } else if high == r {
            h = (g - b + d * (g < b ? 6 : 0)) / (6 * d)
        } else if high == g {
            h = (b - r + d * 2) / (6 * d)
        } else {
            h = (r - g + d * 4) / (6 * d)
        }
        return (h, s, high / 255)
    }

    static func rgb(h: Double, s: Double, v: Double) -> [Double] {
        let i = (h * 6).rounded(.down), f = h * 6 - i
        let p = v * (1 - s), q = v * (1 - f * s), t = v * (1 - (1 - f) * s)
        guard i.isFinite else { return [0, 0, 0] }
        switch Int(i).quotientAndRemainder(dividingBy: 6).remainder {
        case 0: return [v, t, p]
        case 1: return [q, v, p]
        case 2: return [p, v, t]
        case 3: return [p, q, v]
        case 4: return [t, p, v]
        case 5: return [v, p, q]
        default: return [0, 0, 0]  // JavaScript's `%` keeps a negative sign: no case matches.
        }
    }

    static func addingHue(_ degrees: Double, to rgb: [Double]) -> [Double] {
        var (h, s, v) = hsv(rgb)
        h += degrees / 360
        if h > 1 { h -= 1 } else if h < 0 { h += 1 }
        return Self.rgb(h: h, s: s, v: v)
    }

    static func addingSaturation(_ amount: Double, to rgb: [Double]) -> [Double] {
        var (h, s, v) = hsv(rgb)
        s += amount
        s = s > 1 ? 1 : s <= 0 ? 0 : s
        return Self.rgb(h: h, s: s, v: v)
    }

    static func addingBrightness(_ amount: Double, to rgb: [Double]) -> [Double] {
        var (h, s, v) = hsv(rgb)
        v = min(max(v + amount, 0), 1)
        return Self.rgb(h: h, s: s, v: v)
    }
}

/// A letter of a text layer, where a shape group's transform stands (``LottieAnimation/Transform``):
/// its matrix and opacity come from the text (``LottieText/state(document:letter:at:offset:)``),
/// its opacity 0 while its document does not show.
struct LottieTextLetter: Sendable {
    var text: LottieText
    var document: Int
    var letter: Int

    func matrix(at frame: Double, offset: Double) -> [Double] {
        text.state(document: document, letter: letter, at: frame, offset: offset).matrix
    }

    func opacity(at frame: Double, offset: Double) -> Double {
        guard text.shows(document, at: frame, offset: offset) else { return 0 }
        if text.animators.allSatisfy({ $0.opacity == nil }) { return 1 }
        return text.state(document: document, letter: letter, at: frame, offset: offset).opacity
    }
}
