#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Testing
import Timeline
import TimelinePlugins

// Independent references for the path tests: written from the textbook formulas, sharing no
// code with the module.

/// The cubic Bézier at `t` by its Bernstein polynomial.
func bernstein(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
    let s = 1 - t
    let b0 = s * s * s
    let b1 = 3 * s * s * t
    let b2 = 3 * s * t * t
    let b3 = t * t * t
    return Point(
        x: b0 * p0.x + b1 * p1.x + b2 * p2.x + b3 * p3.x,
        y: b0 * p0.y + b1 * p1.y + b2 * p2.y + b3 * p3.y)
}

/// The distance between two points.
func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

/// Whether two points agree to `tolerance` (Euclidean).
func isClose(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    distance(a, b) <= tolerance
}

/// A path's elements as an array.
func elements(of path: Path) -> [PathElement] { Array(path.elements) }

/// Every cubic of a path as (start, control 1, control 2, end), with the start tracked here.
func cubics(of path: Path) -> [(Point, Point, Point, Point)] {
    var result: [(Point, Point, Point, Point)] = []
    var current = Point.zero
    for element in path.elements {
        switch element {
        case .move(let p), .line(let p): current = p
        case .quadCurve(let p, _): current = p
        case .curve(let p, let c1, let c2):
            result.append((current, c1, c2, p))
            current = p
        case .closeSubpath: break
        }
    }
    return result
}

/// The path's outline flattened to polygons (one per sub-path), curves by their Bernstein form.
func flattened(_ path: Path, piecesPerCurve: Int = 64) -> [[Point]] {
    var polygons: [[Point]] = []
    var current: [Point] = []
    for element in path.elements {
        switch element {
        case .move(let p):
            if !current.isEmpty { polygons.append(current) }
            current = [p]
        case .line(let p):
            current.append(p)
        case .quadCurve(let p, let c):
            let p0 = current[current.count - 1]
            for i in 1...piecesPerCurve {
                let t = Double(i) / Double(piecesPerCurve)
                let s = 1 - t
                current.append(
                    Point(
                        x: s * s * p0.x + 2 * s * t * c.x + t * t * p.x,
                        y: s * s * p0.y + 2 * s * t * c.y + t * t * p.y))
            }
        case .curve(let p, let c1, let c2):
            let p0 = current[current.count - 1]
            for i in 1...piecesPerCurve {
                current.append(bernstein(p0, c1, c2, p, Double(i) / Double(piecesPerCurve)))
            }
        case .closeSubpath:
            break
        }
    }
    if !current.isEmpty { polygons.append(current) }
    return polygons
}

/// Whether `point` is filled under the even-odd rule: a horizontal ray's crossings are odd.
func isInsideEvenOdd(_ path: Path, _ point: Point) -> Bool {
    var crossings = 0
    for polygon in flattened(path) {
        for i in polygon.indices {
            let a = polygon[i]
            let b = polygon[(i + 1) % polygon.count]
            if (a.y > point.y) != (b.y > point.y) {
                let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if x > point.x { crossings += 1 }
            }
        }
    }
    return crossings % 2 == 1
}

/// CSS / Core Animation `cubic-bezier(x1, y1, x2, y2)` solved by bisection on x (a brute-force
/// reference, independent of the easing plugin).
struct BisectedCubicBezier: TimingFunction {
    var x1: Double, y1: Double, x2: Double, y2: Double

    private func coordinate(_ a: Double, _ b: Double, _ t: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * t * a + 3 * s * t * t * b + t * t * t
    }

    func value(at x: Double) -> Double {
        var low = 0.0
        var high = 1.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if coordinate(x1, x2, middle) < x { low = middle } else { high = middle }
        }
        return coordinate(y1, y2, (low + high) / 2)
    }

    func derivative(at x: Double) -> Double {
        let h = 1e-6
        return (value(at: min(x + h, 1)) - value(at: max(x - h, 0))) / (min(x + h, 1) - max(x - h, 0))
    }

    var description: String { "cubic-bezier(\(x1), \(y1), \(x2), \(y2))" }

    /// Core Animation's ease-in: cubic-bezier(0.42, 0, 1, 1).
    static let easeIn = BisectedCubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
}

/// The asinh of `x` (for closed-form arc lengths).
func inverseHyperbolicSine(_ x: Double) -> Double { log(x + (x * x + 1).squareRoot()) }
