import CadenceIO
import CadenceHostCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Timeline

/// A gradient fill's or stroke's paint (`gf`, `gs`), drawn as lottie-web's SVG renderer draws it.
///
/// lottie-web writes an SVG `linearGradient` (`t` 1) or `radialGradient` (`t` 2) in user space,
/// padded, in the coordinates of the paint's group:
///
/// - linear from `s` to `e`; radial about `s` with radius `|e − s|` and its focus `h` percent of
///   the radius (clamped to ±99 %) from the centre, at the angle of `e − s` turned by `a` degrees;
/// - the colour stops are the first `4p` numbers of `g.k` (offset, red, green, blue, each in
///   `0...1`), written as a whole percent and whole 255ths; the numbers after them are opacity
///   stops (offset, opacity), their offsets a whole percent, drawn as a mask of the same gradient
///   in white (or, when they sit at the colour stops' offsets, as those stops' `stop-opacity`).
///
/// Cadence draws colour and opacity as one gradient: its stops are the colour stops, each with the
/// opacity at its offset, and the opacity stops, each with the colour at its offset, in order of
/// offset (the same colour and opacity everywhere, both being linear between their stops).
struct LottieGradient: Sendable {
    /// Linear (`t` 1) or radial (anything else).
    var isLinear: Bool
    /// Where the gradient starts (`s`): a linear one's start, a radial one's centre.
    var start: LottieProperty
    /// Where it ends (`e`).
    var end: LottieProperty
    /// A radial gradient's highlight length (`h`, percent of the radius).
    var highlightLength: LottieProperty?
    /// A radial gradient's highlight angle (`a`, degrees from the direction of `e − s`).
    var highlightAngle: LottieProperty?
    /// The colour stops' count (`g.p`).
    var colorStops: Int
    /// The stops' numbers (`g.k`).
    var numbers: LottieProperty
    /// The opacity stops' count: half the numbers after the colour stops.
    var opacityStops: Int
    /// Whether the opacity stops sit at the colour stops' offsets (lottie-web's "collapsable"
    /// gradient: within 0.01 in every keyframe), and are drawn there.
    var opacityAtColorStops: Bool

    /// The number of stops Cadence draws: the colour stops and the opacity stops.
    var stopCount: Int { colorStops + opacityStops }

    /// Reads a `gf` or `gs` item's gradient.
    init(item: JSONCursor, property: (JSONCursor) throws(DocumentError) -> LottieProperty) throws(DocumentError) {
        isLinear = try item.child("t").map(LottieAnimation.finite) ?? 1 == 1
        start = try item.child("s").map(property) ?? LottieProperty(value: [0, 0], keyframes: [])
        end = try item.child("e").map(property) ?? LottieProperty(value: [0, 0], keyframes: [])
        highlightLength = try item.child("h").map(property)
        highlightAngle = try item.child("a").map(property)
        let gradient = try item.required("g")
        let count = try LottieAnimation.integer(try gradient.required("p"))
        guard count >= 1, count <= 10_000 else { throw gradient.error("a gradient needs 1 to 10000 colour stops, \"p\" is \(count)") }
        numbers = try property(try gradient.required("k"))
        // As lottie-web: the opacity numbers are what the first value (static, or the first
        // keyframe's) has after the colour stops.
        let first = numbers.keyframes.first?.start ?? numbers.value
        guard first.count >= 4 * count else {
            throw gradient.error("a gradient of \(count) colour stops needs \(4 * count) numbers, \"k\" has \(first.count)")
        }
        colorStops = count
        opacityStops = (first.count - 4 * count) / 2
        let values = numbers.keyframes.isEmpty ? [numbers.value] : numbers.keyframes.compactMap(\.start)
        let opacityStops = opacityStops
        opacityAtColorStops = opacityStops == count && values.allSatisfy { value in
            (0..<opacityStops).allSatisfy { index in
                4 * count + 2 * index < value.count && abs(value[4 * index] - value[4 * count + 2 * index]) <= 0.01
            }
        }
    }

    /// The gradient at a frame, in the coordinates of the paint's group, moved by `matrix` (4×4, row
    /// vectors, from that group to the composition).
    func gradient(at frame: Double, offset: Double, matrix m: [Double]) -> SceneLayer.Gradient {
        func pair(_ property: LottieProperty) -> Point {
            let value = property.value(at: frame, offset: offset)
            return Point(x: value.first ?? 0, y: value.count > 1 ? value[1] : 0)
        }
        let s = pair(start), e = pair(end)
        var gradient = SceneLayer.Gradient(
            kind: isLinear ? .linear : .radial, start: s, end: e,
            transform: AffineMatrix(a: m[0], b: m[1], c: m[4], d: m[5], tx: m[12], ty: m[13]), stops: [])
        if !isLinear {
            let radius = ((e.x - s.x) * (e.x - s.x) + (e.y - s.y) * (e.y - s.y)).squareRoot()
            var percent = (highlightLength?.value(at: frame, offset: offset).first ?? 0) / 100
            percent = percent >= 1 ? 0.99 : percent <= -1 ? -0.99 : percent
            let angle = atan2(e.y - s.y, e.x - s.x) + (highlightAngle?.value(at: frame, offset: offset).first ?? 0) * Double.pi / 180
            let distance = radius * percent
            gradient.focus = Point(x: s.x + cos(angle) * distance, y: s.y + sin(angle) * distance)
        }
        gradient.stops = stops(numbers.value(at: frame, offset: offset))
        return gradient
    }

    /// The stops of one value of `g.k`, as lottie-web writes them, colour and opacity merged.
    func stops(_ values: [Double]) -> [SceneLayer.Gradient.Stop] {
        func number(_ index: Int) -> Double { index < values.count && values[index].isFinite ? values[index] : 0 }
        /// `Math.round` into a `Uint8ClampedArray`.
        func byte(_ value: Double, _ scale: Double) -> Double { min(max((value * scale + 0.5).rounded(.down), 0), 255) }
        // Offsets as SVG reads them: clamped to 0...1 and to at least the offset before.
        var floor = 0.0
        let colors: [(offset: Double, red: Double, green: Double, blue: Double)] = (0..<colorStops).map { index in
            let offset = max(min(byte(number(4 * index), 100) / 100, 1), floor)
            floor = offset
            return (offset, byte(number(4 * index + 1), 255) / 255, byte(number(4 * index + 2), 255) / 255, byte(number(4 * index + 3), 255) / 255)
        }
        floor = 0
        let opacities: [(offset: Double, opacity: Double)] = (0..<opacityStops).map { index in
            let base = 4 * colorStops + 2 * index
            var offset = opacityAtColorStops ? colors[index].offset : (number(base) * 100 + 0.5).rounded(.down) / 100
            offset = max(min(max(offset, 0), 1), floor)
            floor = offset
            return (offset, min(max(Double(Float(number(base + 1))), 0), 1))
        }
        let colorOffsets = colors.map(\.offset), opacityOffsets = opacities.map(\.offset)
        func color(at t: Double) -> (Double, Double, Double) {
            let c = Self.segment(colorOffsets, at: t)
            let low = colors[c.low], high = colors[c.high]
            return (low.red + (high.red - low.red) * c.f, low.green + (high.green - low.green) * c.f, low.blue + (high.blue - low.blue) * c.f)
        }
        func opacity(at t: Double) -> Double {
            guard !opacities.isEmpty else { return 1 }
            let o = Self.segment(opacityOffsets, at: t)
            return opacities[o.low].opacity + (opacities[o.high].opacity - opacities[o.low].opacity) * o.f
        }
        var merged: [SceneLayer.Gradient.Stop] = []
        merged.reserveCapacity(stopCount)
        var c = 0, o = 0
        while c < colors.count || o < opacities.count {
            if o >= opacities.count || (c < colors.count && colors[c].offset <= opacities[o].offset) {
                let stop = colors[c]
                merged.append(.init(offset: stop.offset, color: Color(red: stop.red, green: stop.green, blue: stop.blue), opacity: opacity(at: stop.offset)))
                c += 1
            } else {
                let stop = opacities[o]
                let (red, green, blue) = color(at: stop.offset)
                merged.append(.init(offset: stop.offset, color: Color(red: red, green: green, blue: blue), opacity: stop.opacity))
                o += 1
            }
        }
        return merged
    }

    /// Where `t` falls among sorted offsets, as a gradient looks it up: the stops on either side
    /// and how far between them (the first or the last stop alone outside them).
    static func segment(_ offsets: [Double], at t: Double) -> (low: Int, high: Int, f: Double) {
        let last = offsets.count - 1
        if t <= offsets[0] { return (0, 0, 0) }
        if t >= offsets[last] { return (last, last, 0) }
        var index = 1
        while offsets[index] <= t { index += 1 }
        return (index - 1, index, (t - offsets[index - 1]) / (offsets[index] - offsets[index - 1]))
    }
}
