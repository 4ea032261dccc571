import Timeline

/// A recorded outline in a layer's own coordinates: moves, lines, quadratic and cubic Béziers and
/// closes, kept as curves (not flattened).
///
/// A layer's outline is needed twice: flattened in device space for the fill (transform first, then
/// flatten, so the tolerance is in pixels) and flattened in the layer's space for the stroke (which
/// is offset there and transformed afterwards, as SVG strokes a scaled layer). Recording it once as
/// a ``RasterOutline`` and replaying it into a ``RasterPath`` with the right transform serves both.
///
/// Storage is reusable: ``removeAll(keepingCapacity:)`` keeps the arrays for the next frame.
package struct RasterOutline: Sendable, Equatable, PathBuilding {
    /// One recorded command; its points follow in ``points`` in the order the command takes them.
    package enum Verb: UInt8, Sendable {
        /// One point: the new sub-path's start.
        case move
        /// One point: the segment's end.
        case line
        /// Two points: the control point, then the end.
        case quad
        /// Three points: the two control points, then the end.
        case cubic
        /// No point.
        case close
    }

    /// The commands, in order.
    private(set) var verbs: [Verb] = []
    /// The commands' points, in order.
    private(set) var points: [RasterPoint] = []

    /// Creates an empty outline.
    package init() {}

    /// Whether the outline has no command.
    package var isEmpty: Bool { verbs.isEmpty }

    /// Forgets every command.
    ///
    /// - Parameter keepingCapacity: Whether to keep the storage for reuse (no allocation next time).
    /// - Complexity: O(1) when keeping capacity.
    package mutating func removeAll(keepingCapacity: Bool = true) {
        verbs.removeAll(keepingCapacity: keepingCapacity)
        points.removeAll(keepingCapacity: keepingCapacity)
    }

    /// Records the start of a new sub-path.
    ///
    /// - Parameter point: The start.
    mutating package func move(to point: RasterPoint) {
        verbs.append(.move)
        points.append(point)
    }

    /// Records a straight segment.
    ///
    /// - Parameter point: The segment's end.
    mutating package func line(to point: RasterPoint) {
        verbs.append(.line)
        points.append(point)
    }

    /// Records a quadratic Bézier.
    ///
    /// - Parameters:
    ///   - point: The end.
    ///   - control: The control point.
    mutating package func quadCurve(to point: RasterPoint, control: RasterPoint) {
        verbs.append(.quad)
        points.append(control)
        points.append(point)
    }

    /// Records a cubic Bézier.
    ///
    /// - Parameters:
    ///   - point: The end.
    ///   - control1: The first control point.
    ///   - control2: The second control point.
    mutating package func curve(to point: RasterPoint, control1: RasterPoint, control2: RasterPoint) {
        verbs.append(.cubic)
        points.append(control1)
        points.append(control2)
        points.append(point)
    }

    /// Records the closing of the current sub-path.
    mutating package func close() {
        verbs.append(.close)
    }

    /// Replays every command into `builder`, in order.
    ///
    /// - Parameter builder: The builder (a ``RasterPath`` flattens them, with its transform).
    /// - Complexity: O(n) commands, plus the builder's work.
    package func replay<Builder: PathBuilding>(into builder: inout Builder) {
        var index = 0
        for verb in verbs {
            switch verb {
            case .move:
                builder.move(to: points[index])
                index += 1
            case .line:
                builder.line(to: points[index])
                index += 1
            case .quad:
                builder.quadCurve(to: points[index + 1], control: points[index])
                index += 2
            case .cubic:
                builder.curve(to: points[index + 2], control1: points[index], control2: points[index + 1])
                index += 3
            case .close:
                builder.close()
            }
        }
    }
}
