public import Timeline

extension Path {
    /// The smallest rectangle that contains every point of the path: the end points of every
    /// element (moves included) and the extremes of every curve, not its control points.
    ///
    /// An empty path has ``Rect/zero`` bounds.
    ///
    /// - Complexity: O(n) in the number of elements.
    public var bounds: Rect {
        var box = BoundsAccumulator()
        forEachSegment { segment in
            switch segment {
            case .start(let p):
                box.include(p)
            case .segment(let cubic, let isStraight):
                box.include(cubic.p3)
                if !isStraight { cubic.forEachExtremum { box.include(cubic.point(at: $0)) } }
            }
        }
        return box.rect
    }

    /// The smallest rectangle that contains every stored point, control points included.
    ///
    /// An empty path has ``Rect/zero`` bounds.
    ///
    /// - Complexity: O(n) in the number of points.
    public var controlPointBounds: Rect {
        var box = BoundsAccumulator()
        for p in points { box.include(p) }
        return box.rect
    }

    /// What ``forEachSegment(_:)`` reports.
    enum SegmentEvent {
        /// A sub-path starts at a point.
        case start(Point)
        /// A drawing segment as a cubic; `isStraight` for lines and closing lines.
        case segment(CubicSegment, isStraight: Bool)
    }

    /// Calls `body` for each sub-path start and each drawing segment (closing lines included,
    /// when the sub-path does not already end at its start).
    func forEachSegment(_ body: (SegmentEvent) -> Void) {
        var pointIndex = 0
        var current = Point.zero
        var start = Point.zero
        for verb in verbs {
            switch verb {
            case .move:
                current = points[pointIndex]
                start = current
                body(.start(current))
            case .line:
                let end = points[pointIndex]
                body(.segment(.line(from: current, to: end), isStraight: true))
                current = end
            case .quadCurve:
                let end = points[pointIndex + 1]
                body(
                    .segment(
                        .quadratic(from: current, control: points[pointIndex], to: end),
                        isStraight: false))
                current = end
            case .curve:
                let end = points[pointIndex + 2]
                body(
                    .segment(
                        CubicSegment(current, points[pointIndex], points[pointIndex + 1], end),
                        isStraight: false))
                current = end
            case .close:
                if current != start {
                    body(.segment(.line(from: current, to: start), isStraight: true))
                }
                current = start
            }
            pointIndex += verb.pointCount
        }
    }
}

/// A growing axis-aligned box.
struct BoundsAccumulator {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity

    mutating func include(_ p: Point) {
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
    }

    var rect: Rect {
        guard minX <= maxX else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
