/// Cuts a flattened path into the dashes of a pattern, as SVG's `stroke-dasharray` and
/// `stroke-dashoffset` do: lengths measured along each sub-path from its start (the pattern starts
/// again at every sub-path, `offset` into it), dashes and gaps in turn, an odd list repeated to make
/// it even; a closed sub-path's closing side is dashed too. Each dash becomes an open sub-path, to
/// be stroked with the layer's caps (a dash of no length is a dot with round or square caps).
///
/// A pattern that would cut the path into more than ``maximumDashes`` dashes (lengths of 1e-300
/// on a visible path) is not applied: the stroke is solid, as Skia (Chrome's renderer) draws it.
package enum Dasher {
    /// The most dashes one stroke is cut into: 1,000,000, Skia's limit.
    package static let maximumDashes = 1_000_000.0

    /// Whether `pattern` cuts `path` into at most ``maximumDashes`` dashes.
    package static func isBounded(_ path: RasterPath, pattern: [Double]) -> Bool {
        let period = pattern.reduce(0, +) * (pattern.count % 2 == 0 ? 1 : 2)
        var length = 0.0
        let points = path.points
        for contour in path.contours where contour.count > 1 {
            let sides = contour.isClosed ? contour.count : contour.count - 1
            for side in 0..<sides {
                let a = points[contour.start + side], b = points[contour.start + (side + 1) % contour.count]
                length += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            }
        }
        // A period holds one dash per two entries (an odd list is doubled); each sub-path starts a
        // part-period too. A non-finite count fails the comparison.
        let dashesPerPeriod = Double(pattern.count % 2 == 0 ? pattern.count : 2 * pattern.count) / 2
        return (length / period + Double(path.contours.count)) * dashesPerPeriod <= maximumDashes
    }

    /// Whether `pattern` dashes a stroke: every length finite and at least 0, and their sum above 0.
    /// Otherwise the stroke is solid (SVG ignores a list it cannot use).
    package static func dashes(_ pattern: [Double]) -> Bool {
        !pattern.isEmpty && pattern.allSatisfy { $0.isFinite && $0 >= 0 } && pattern.reduce(0, +) > 0
    }

    /// Appends the dashes of every sub-path of `path` to `output`.
    ///
    /// - Parameters:
    ///   - path: The flattened path.
    ///   - pattern: Dash and gap lengths (``dashes(_:)`` must hold).
    ///   - offset: How far into the pattern each sub-path starts (any finite number; negative
    ///     starts before the pattern's start).
    ///   - output: Receives the dashes; stops where its point limit truncates it.
    /// - Complexity: O(points + dashes).
    package static func dash(_ path: RasterPath, pattern: [Double], offset: Double, into output: inout RasterPath) {
        let count = pattern.count % 2 == 0 ? pattern.count : 2 * pattern.count
        let period = pattern.reduce(0, +) * Double(count / pattern.count)
        guard period > 0, period.isFinite else { return }
        // Where in the pattern a sub-path starts: entry `first`, `firstLeft` of it still to go.
        var phase = offset.isFinite ? offset.truncatingRemainder(dividingBy: period) : 0
        if phase < 0 { phase += period }
        var first = 0
        while phase >= pattern[first % pattern.count] && phase > 0 {
            phase -= pattern[first % pattern.count]
            first = (first + 1) % count
        }
        let firstLeft = pattern[first % pattern.count] - phase
        let points = path.points
        for contour in path.contours where contour.count > 1 {
            var entry = first, left = firstLeft
            var on = entry % 2 == 0
            if on { output.move(to: points[contour.start]) }
            let sides = contour.isClosed ? contour.count : contour.count - 1
            for side in 0..<sides {
                let a = points[contour.start + side], b = points[contour.start + (side + 1) % contour.count]
                let dx = b.x - a.x, dy = b.y - a.y
                let length = (dx * dx + dy * dy).squareRoot()
                var along = 0.0
                while length - along >= left {
                    along += left
                    let t = length > 0 ? along / length : 1
                    var point = RasterPoint(x: a.x + dx * t, y: a.y + dy * t)
                    if on && pattern[entry % pattern.count] == 0 && length > 0 {
                        // A dash of no length: a sliver along the side, which the stroker keeps
                        // (it has a direction), so that round and square caps make a dot there.
                        let sliver = 1e-7 * (1 + max(abs(point.x), abs(point.y))) / length
                        point = RasterPoint(x: point.x + dx * sliver, y: point.y + dy * sliver)
                    }
                    if on { output.line(to: point) } else { output.move(to: point) }
                    on.toggle()
                    entry = (entry + 1) % count
                    left = pattern[entry % pattern.count]
                    if output.isTruncated { return }
                }
                left -= length - along
                if on { output.line(to: b) }
            }
        }
    }
}
