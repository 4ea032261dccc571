import Timeline
import TimelinePlugins

/// Polygon clipping for what clips a Lottie layer: precompositions' rectangles (parallelograms
/// once transformed, so convex) and the mask inside them.
enum LottieClipping {
    /// The part of `subject` inside the convex polygon `clip` (Sutherland–Hodgman), either
    /// orientation. For a subject that is not convex the result may run along the clip's edges
    /// between its parts, which a fill covers with no area.
    static func clip(_ subject: [Point], by clip: [Point]) -> [Point] {
        guard clip.count >= 3 else { return [] }
        // The clip's orientation: inside is where every edge's cross product has its sign.
        var area = 0.0
        for i in clip.indices {
            let a = clip[i], b = clip[(i + 1) % clip.count]
            area += a.x * b.y - b.x * a.y
        }
        guard area != 0, area.isFinite else { return [] }
        let sign: Double = area > 0 ? 1 : -1
        var output = subject
        for i in clip.indices where !output.isEmpty {
            let a = clip[i], b = clip[(i + 1) % clip.count]
            func side(_ p: Point) -> Double { sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) }
            let input = output
            output = []
            for j in input.indices {
                let current = input[j], previous = input[(j + input.count - 1) % input.count]
                let now = side(current), before = side(previous)
                if now >= 0 {
                    if before < 0 { output.append(crossing(previous, current, before, now)) }
                    output.append(current)
                } else if before >= 0 {
                    output.append(crossing(previous, current, before, now))
                }
            }
        }
        return output
    }

    /// Where the segment from `p` to `q` crosses the line their sides `sp` and `sq` are measured from.
    private static func crossing(_ p: Point, _ q: Point, _ sp: Double, _ sq: Double) -> Point {
        let t = sp / (sp - sq)
        return Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
    }

    /// A path's sub-paths as polygons, curves cut into 16 chords each.
    static func polygons(of path: Path) -> [[Point]] {
        var polygons: [[Point]] = []
        var current: [Point] = []
        var last = Point(x: 0, y: 0)
        for element in path.elements {
            switch element {
            case .move(let point):
                if current.count >= 3 { polygons.append(current) }
                current = [point]
                last = point
            case .line(let point):
                current.append(point)
                last = point
            case .quadCurve(let point, let control):
                for k in 1...16 {
                    let t = Double(k) / 16, u = 1 - t
                    current.append(Point(x: u * u * last.x + 2 * u * t * control.x + t * t * point.x,
                                         y: u * u * last.y + 2 * u * t * control.y + t * t * point.y))
                }
                last = point
            case .curve(let point, let c1, let c2):
                for k in 1...16 {
                    let t = Double(k) / 16, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(Point(x: a * last.x + b * c1.x + c * c2.x + d * point.x, y: a * last.y + b * c1.y + c * c2.y + d * point.y))
                }
                last = point
            case .closeSubpath:
                if current.count >= 3 { polygons.append(current) }
                current = []
            @unknown default:
                break
            }
        }
        if current.count >= 3 { polygons.append(current) }
        return polygons
    }
}
