import Timeline

/// A morph between two paths, prepared once and evaluated every frame.
///
/// The paths may differ in every way: element kinds, element counts and sub-path counts.
/// Preparation brings both to the same shape of data:
///
/// 1. every sub-path that draws becomes cubic segments (lines and quadratic curves exactly;
///    a closed sub-path gets its closing line as a segment);
/// 2. sub-paths are paired: by index when both paths have as many, otherwise the sub-paths of
///    the path with fewer, largest first, take the nearest free sub-path of the other (by
///    centroid and size); a sub-path left over grows from, or shrinks to, its own centroid;
/// 3. in each pair the sub-path with fewer segments is split (longest segments into the most
///    pieces) until the counts match, without changing its shape;
/// 4. for closed sub-paths the start point and direction are chosen that minimise the summed
///    squared travel of all points.
///
/// Evaluation then interpolates flat arrays of points: `a · (1 − p) + b · p`.
///
/// ```swift
/// let morph = PathMorph(from: try .polygon(triangle), to: try .circle(center: c, radius: 50))
/// var frame = morph.makeBuffer()
/// for tick in 0...60 {
///     morph.evaluate(at: Double(tick) / 60, into: &frame)   // no allocation
///     render(frame)
/// }
/// ```
///
/// ## Guarantees
/// - At progress 0 the result *is* ``from`` and at 1 it *is* ``to`` (the same elements, points
///   and fill rule, not a re-sampled copy).
/// - In between, every frame has the same elements: per pair a move, cubic curves, and a close
///   when the pair's sub-paths are closed. When exactly one of them is closed, the frame closes
///   it from progress 0.5 on if it is `to`'s, below 0.5 if it is `from`'s.
/// - The fill rule is ``from``'s below progress 0.5 and ``to``'s from 0.5 on.
/// - Progress outside `0...1` extrapolates (an overshooting timing curve), clamped to `-1...2`;
///   NaN counts as 0. Frames in `0...1` are finite (every point is a convex combination of
///   finite points); extrapolated frames can overflow only for coordinates beyond ±5e307.
/// - An empty path morphs to nothing (both empty: every frame is empty), and every sub-path of
///   the other path grows from (or shrinks to) its centroid.
public struct PathMorph: Sendable {
    /// The path at progress 0.
    public let from: Path
    /// The path at progress 1.
    public let to: Path
    /// Every frame's points at progress 0 and 1, in frame order.
    let fromPoints: [Point]
    let toPoints: [Point]
    /// The frame's elements below progress 0.5 and from 0.5 on (usually the same array).
    let verbsBelowHalf: [PathVerb]
    let verbsFromHalf: [PathVerb]

    /// Prepares a morph between two paths.
    ///
    /// - Complexity: O(n · r) where n is the number of segments and r the number of start points
    ///   tried per closed sub-path (all of them up to 256 segments, then every
    ///   `n / 256`-th segment is compared).
    public init(from: Path, to: Path) {
        self.from = from
        self.to = to
        let plan = MorphPlan(from: from, to: to)
        var a: [Point] = []
        var b: [Point] = []
        var below: [PathVerb] = []
        var above: [PathVerb] = []
        for (first, second) in plan.pairs {
            a += first.points
            b += second.points
            let curves = repeatElement(PathVerb.curve, count: first.segmentCount)
            below.append(.move)
            below += curves
            if first.isClosed { below.append(.close) }
            above.append(.move)
            above += curves
            if second.isClosed { above.append(.close) }
        }
        fromPoints = a
        toPoints = b
        verbsBelowHalf = below
        verbsFromHalf = below == above ? below : above
    }

    /// The number of sub-paths in the frames between the end points.
    public var subpathCount: Int { verbsBelowHalf.reduce(0) { $0 + ($1 == .move ? 1 : 0) } }

    /// The number of cubic segments in the frames between the end points.
    public var segmentCount: Int { verbsBelowHalf.reduce(0) { $0 + ($1 == .curve ? 1 : 0) } }

    /// The morph at `progress`: ``from`` at 0, ``to`` at 1, interpolated in between.
    ///
    /// - Parameter progress: Usually `0...1`; see ``PathMorph`` for values outside.
    /// - Returns: A new path (use ``evaluate(at:into:)`` per frame to avoid allocating).
    /// - Complexity: O(n) in the number of points.
    public func path(at progress: Double) -> Path {
        let t = Self.clampedProgress(progress)
        if t == 0 { return from }
        if t == 1 { return to }
        var result = Path(fillRule: from.fillRule)
        evaluate(at: t, into: &result)
        return result
    }

    /// Writes the morph at `progress` into `path`, reusing its storage.
    ///
    /// After the first call (or with a buffer from ``makeBuffer()``) this allocates nothing as
    /// long as `path` is not shared with another variable: it overwrites the points in place
    /// (at 0 and 1 it copies ``from``'s or ``to``'s points).
    ///
    /// - Parameters:
    ///   - progress: Usually `0...1`; see ``PathMorph`` for values outside.
    ///   - path: The buffer to overwrite; its previous contents do not matter.
    /// - Complexity: O(n) in the number of points.
    public func evaluate(at progress: Double, into path: inout Path) {
        let t = Self.clampedProgress(progress)
        if t == 0 {
            path.overwrite(with: from)
            return
        }
        if t == 1 {
            path.overwrite(with: to)
            return
        }
        let below = t < 0.5
        path.verbs = below ? verbsBelowHalf : verbsFromHalf
        path.fillRule = below ? from.fillRule : to.fillRule
        let count = fromPoints.count
        if path.points.count != count {
            path.points.removeAll(keepingCapacity: true)
            path.points.append(contentsOf: repeatElement(Point.zero, count: count))
        }
        let s = 1 - t
        fromPoints.withUnsafeBufferPointer { a in
            toPoints.withUnsafeBufferPointer { b in
                path.points.withUnsafeMutableBufferPointer { out in
                    for i in 0..<count {
                        out[i] = Point(x: a[i].x * s + b[i].x * t, y: a[i].y * s + b[i].y * t)
                    }
                }
            }
        }
    }

    /// An empty path with room for every frame of this morph, for ``evaluate(at:into:)``.
    public func makeBuffer() -> Path {
        var buffer = Path(fillRule: from.fillRule)
        buffer.points.reserveCapacity(max(fromPoints.count, from.points.count, to.points.count))
        return buffer
    }

    /// Progress as evaluated: NaN becomes 0, values outside `-1...2` are clamped.
    @inlinable
    public static func clampedProgress(_ progress: Double) -> Double {
        progress.isNaN ? 0 : min(max(progress, -1), 2)
    }
}
