public import Timeline

/// A vector shape: one or more sub-paths of lines and Bézier curves, and a fill rule.
///
/// A path is a value (`Sendable`, `Hashable`). Build it element by element, from a shape builder,
/// or from SVG path data; morph it with ``PathMorph``, key-frame it with ``PathTrack`` and move
/// along it with ``PathMeasure``.
///
/// ```swift
/// var mask = try Path.rectangle(Rect(x: 0, y: 0, width: 390, height: 844))
/// mask.addPath(try .circle(center: Point(x: 195, y: 422), radius: 2))
/// mask.fillRule = .evenOdd
/// print(mask)   // M 0 0 L 390 0 L 390 844 L 0 844 Z M 197 422 C ...
/// ```
///
/// ## Invariants
/// Every coordinate is finite, and every sub-path begins with a ``PathElement/move(to:)``: the
/// building API throws a ``PathError`` rather than store a NaN, an infinity or a line without a
/// start. Adding a line or curve right after ``closeSubpath()`` starts a new sub-path at the
/// closed sub-path's first point (SVG's rule), with an explicit move.
///
/// ## Storage
/// Elements are stored flat: one array of element kinds and one array of points, so that
/// ``PathMorph/evaluate(at:into:)`` can overwrite a path in place without allocating.
public struct Path: Sendable, Hashable {
    /// The kind of every element, in order.
    @usableFromInline var verbs: [PathVerb]
    /// The points of every element, in order (1 for move and line, 2 for a quadratic curve as
    /// control then end, 3 for a cubic curve as control 1, control 2, end, none for close).
    @usableFromInline var points: [Point]
    /// How the inside of the path is decided.
    public var fillRule: FillRule

    /// Creates an empty path.
    ///
    /// - Parameter fillRule: The fill rule; ``FillRule/nonZero`` by default.
    public init(fillRule: FillRule = .nonZero) {
        verbs = []
        points = []
        self.fillRule = fillRule
    }

    /// Creates a path from stored parts that already satisfy the invariants.
    init(verbs: [PathVerb], points: [Point], fillRule: FillRule) {
        self.verbs = verbs
        self.points = points
        self.fillRule = fillRule
    }

    /// Whether the path has no elements.
    @inlinable
    public var isEmpty: Bool { verbs.isEmpty }

    /// The number of elements, moves and closes included.
    @inlinable
    public var elementCount: Int { verbs.count }

    /// The number of sub-paths (the number of moves).
    ///
    /// - Complexity: O(n) in the number of elements.
    public var subpathCount: Int { verbs.reduce(0) { $0 + ($1 == .move ? 1 : 0) } }

    /// The elements in order, without copying: iterate it, or `Array(path.elements)`.
    @inlinable
    public var elements: Elements { Elements(path: self) }

    /// The point the next element would start from: the last element's end point, the first
    /// point of the sub-path after a close, or `nil` for an empty path.
    public var currentPoint: Point? {
        guard let last = verbs.last else { return nil }
        if last == .close { return subpathStart(before: verbs.count) }
        return points.last
    }

    /// The first point of the sub-path that contains the element at `elementIndex - 1`.
    func subpathStart(before elementIndex: Int) -> Point? {
        var pointIndex = points.count
        var index = verbs.count
        while index > 0 {
            index -= 1
            pointIndex -= verbs[index].pointCount
            if index < elementIndex, verbs[index] == .move { return points[pointIndex] }
        }
        return nil
    }

    /// The sub-paths, each as its own path with this path's fill rule.
    ///
    /// - Complexity: O(n) in the number of elements.
    public var subpaths: [Path] {
        var result: [Path] = []
        var verbStart = 0
        var pointStart = 0
        var pointIndex = 0
        for index in verbs.indices {
            if verbs[index] == .move, index > verbStart {
                result.append(
                    Path(
                        verbs: Array(verbs[verbStart..<index]),
                        points: Array(points[pointStart..<pointIndex]), fillRule: fillRule))
                verbStart = index
                pointStart = pointIndex
            }
            pointIndex += verbs[index].pointCount
        }
        if verbStart < verbs.count {
            result.append(
                Path(
                    verbs: Array(verbs[verbStart...]), points: Array(points[pointStart...]),
                    fillRule: fillRule))
        }
        return result
    }

    /// Replaces the contents with `other`'s, reusing this path's point storage when it is
    /// uniquely referenced and large enough (no allocation): how a frame's path channel is
    /// reset to its base path each frame without allocating.
    ///
    /// - Complexity: O(n) in `other`'s points.
    public mutating func overwrite(with other: Path) {
        verbs = other.verbs
        fillRule = other.fillRule
        points.removeAll(keepingCapacity: true)
        points.append(contentsOf: other.points)
    }

    /// The address of the point storage: a test hook that shows storage is reused.
    package var _pointStorageAddress: UnsafeRawPointer? {
        points.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// The capacity of the point storage: a test hook.
    package var _pointCapacity: Int { points.capacity }
}

extension Path {
    /// A path's elements, in order, as a collection that reads the path's flat storage.
    public struct Elements: BidirectionalCollection, Sendable {
        @usableFromInline let path: Path

        @inlinable
        init(path: Path) { self.path = path }

        /// A position in the elements: the element's index and the index of its first point.
        public struct Index: Comparable, Hashable, Sendable {
            /// The element's index, from 0.
            public let element: Int
            @usableFromInline let point: Int

            @inlinable
            init(element: Int, point: Int) {
                self.element = element
                self.point = point
            }

            /// Orders by element index.
            @inlinable
            public static func < (lhs: Index, rhs: Index) -> Bool { lhs.element < rhs.element }

            /// Equal when the element indices are equal.
            @inlinable
            public static func == (lhs: Index, rhs: Index) -> Bool { lhs.element == rhs.element }

            /// Hashes the element index.
            @inlinable
            public func hash(into hasher: inout Hasher) { hasher.combine(element) }
        }

        /// The first element's position.
        @inlinable
        public var startIndex: Index { Index(element: 0, point: 0) }

        /// The position after the last element.
        @inlinable
        public var endIndex: Index { Index(element: path.verbs.count, point: path.points.count) }

        /// The number of elements.
        @inlinable
        public var count: Int { path.verbs.count }

        /// The position after `i`.
        @inlinable
        public func index(after i: Index) -> Index {
            Index(element: i.element + 1, point: i.point + path.verbs[i.element].pointCount)
        }

        /// The position before `i`.
        @inlinable
        public func index(before i: Index) -> Index {
            let previous = i.element - 1
            return Index(element: previous, point: i.point - path.verbs[previous].pointCount)
        }

        /// The element at `i`.
        @inlinable
        public subscript(i: Index) -> PathElement {
            let p = i.point
            switch path.verbs[i.element] {
            case .move: return .move(to: path.points[p])
            case .line: return .line(to: path.points[p])
            case .quadCurve: return .quadCurve(to: path.points[p + 1], control: path.points[p])
            case .curve:
                return .curve(
                    to: path.points[p + 2], control1: path.points[p], control2: path.points[p + 1])
            case .close: return .closeSubpath
            }
        }
    }
}

extension Path: CustomStringConvertible {
    /// The path as absolute SVG path data (see ``svgPathData``).
    public var description: String { svgPathData }
}
