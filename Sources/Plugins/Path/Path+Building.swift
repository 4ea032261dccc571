public import Timeline

extension Path {
    /// Creates a path from elements.
    ///
    /// A line or curve right after ``PathElement/closeSubpath`` starts a new sub-path at the
    /// closed sub-path's first point; a second close in a row adds nothing.
    ///
    /// - Parameters:
    ///   - elements: The elements; the first drawing element must be a move.
    ///   - fillRule: The fill rule; ``FillRule/nonZero`` by default.
    /// - Throws: ``PathError/nonFinitePoint(index:)`` or ``PathError/noCurrentPoint(element:)``
    ///   with the index of the offending element in `elements`.
    /// - Complexity: O(n) in the number of elements.
    public init(
        elements: some Sequence<PathElement>, fillRule: FillRule = .nonZero
    ) throws(PathError) {
        self.init(fillRule: fillRule)
        for (index, element) in elements.enumerated() {
            do throws(PathError) {
                switch element {
                case .move(let p): try move(to: p)
                case .line(let p): try addLine(to: p)
                case .quadCurve(let p, let c): try addQuadCurve(to: p, control: c)
                case .curve(let p, let c1, let c2): try addCurve(to: p, control1: c1, control2: c2)
                case .closeSubpath:
                    guard !verbs.isEmpty else { throw PathError.noCurrentPoint(element: index) }
                    closeSubpath()
                }
            } catch {
                throw error.reindexed(to: index)
            }
        }
    }

    /// Starts a new sub-path at `point`.
    ///
    /// - Throws: ``PathError/nonFinitePoint(index:)`` if a coordinate is NaN or infinite.
    public mutating func move(to point: Point) throws(PathError) {
        guard point.isFinite else { throw .nonFinitePoint(index: verbs.count) }
        verbs.append(.move)
        points.append(point)
    }

    /// Adds a straight line from the current point to `point`.
    ///
    /// - Throws: ``PathError/noCurrentPoint(element:)`` before any move,
    ///   ``PathError/nonFinitePoint(index:)`` for a NaN or infinite coordinate.
    public mutating func addLine(to point: Point) throws(PathError) {
        guard point.isFinite else { throw .nonFinitePoint(index: verbs.count) }
        _ = try startSegment()
        verbs.append(.line)
        points.append(point)
    }

    /// Adds a quadratic Bézier curve from the current point to `point`.
    ///
    /// - Throws: ``PathError/noCurrentPoint(element:)`` before any move,
    ///   ``PathError/nonFinitePoint(index:)`` for a NaN or infinite coordinate.
    public mutating func addQuadCurve(to point: Point, control: Point) throws(PathError) {
        guard point.isFinite, control.isFinite else { throw .nonFinitePoint(index: verbs.count) }
        _ = try startSegment()
        verbs.append(.quadCurve)
        points.append(control)
        points.append(point)
    }

    /// Adds a cubic Bézier curve from the current point to `point`.
    ///
    /// - Throws: ``PathError/noCurrentPoint(element:)`` before any move,
    ///   ``PathError/nonFinitePoint(index:)`` for a NaN or infinite coordinate.
    public mutating func addCurve(
        to point: Point, control1: Point, control2: Point
    ) throws(PathError) {
        guard point.isFinite, control1.isFinite, control2.isFinite else {
            throw .nonFinitePoint(index: verbs.count)
        }
        _ = try startSegment()
        verbs.append(.curve)
        points.append(control1)
        points.append(control2)
        points.append(point)
    }

    /// Closes the current sub-path with a straight line to its first point.
    ///
    /// Does nothing when the path is empty or its last element already closes a sub-path.
    public mutating func closeSubpath() {
        guard let last = verbs.last, last != .close else { return }
        verbs.append(.close)
    }

    /// Removes every element (the fill rule stays), keeping the storage when asked: a path rebuilt
    /// every frame (``addCircle(center:radius:)`` after this) then allocates nothing once it has
    /// room.
    ///
    /// - Parameter keepingCapacity: Whether to keep the storage for the next elements.
    public mutating func removeAll(keepingCapacity: Bool = false) {
        verbs.removeAll(keepingCapacity: keepingCapacity)
        points.removeAll(keepingCapacity: keepingCapacity)
    }

    /// Appends the sub-paths of `other`. The fill rule stays this path's.
    ///
    /// - Complexity: O(m) in the number of elements of `other`.
    public mutating func addPath(_ other: Path) {
        verbs.append(contentsOf: other.verbs)
        points.append(contentsOf: other.points)
    }

    /// The path with the sub-paths of `other` appended (this path's fill rule).
    public func adding(_ other: Path) -> Path {
        var result = self
        result.addPath(other)
        return result
    }

    /// Makes sure a segment can be added: returns the current point, inserting the implicit move
    /// that starts a new sub-path after a close.
    mutating func startSegment() throws(PathError) -> Point {
        guard let last = verbs.last else { throw .noCurrentPoint(element: verbs.count) }
        if last == .close {
            guard let start = subpathStart(before: verbs.count) else {
                throw .noCurrentPoint(element: verbs.count)
            }
            verbs.append(.move)
            points.append(start)
            return start
        }
        return points[points.count - 1]
    }
}

extension PathError {
    /// The same error about the element at `index` of an input sequence.
    func reindexed(to index: Int) -> PathError {
        switch self {
        case .nonFinitePoint: .nonFinitePoint(index: index)
        case .noCurrentPoint: .noCurrentPoint(element: index)
        case .nonFiniteResult: .nonFiniteResult(element: index)
        default: self
        }
    }
}
