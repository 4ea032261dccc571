package import Timeline

/// The rasteriser's entry point: fills, strokes, masks and blurs, with every scratch buffer kept
/// between calls, so that drawing frame after frame allocates nothing once the buffers have grown to
/// the largest size a frame needs.
///
/// Typical use by an adapter, per path (see ``draw(_:into:)`` for a whole SVG-like layer):
///
/// ```swift
/// let rasterizer = Rasterizer()
/// var path = RasterPath(transform: layerMatrix)      // device-space flattening
/// path.addEllipse(centerX: 50, centerY: 50, radiusX: 40, radiusY: 20)
/// rasterizer.fill(path, rule: .nonZero, color: red, into: &canvas)
/// ```
///
/// Not thread-safe: one rasteriser per thread (it owns mutable scratch buffers).
final package class Rasterizer {
    /// The cell accumulator.
    package let accumulator = CoverageAccumulator()
    /// The stroker's scratch.
    package var stroker = Stroker()
    /// The blur's scratch.
    package var gaussianBlur = GaussianBlur()
    /// A path flattened in a layer's own space, for stroking.
    package var layerPath = RasterPath()
    /// Scratch: a stroke's dashes, in layer coordinates.
    private var dashPath = RasterPath()
    /// Device-space paths reused by ``draw(_:into:)``.
    package var devicePath = RasterPath()
    /// The mask of a layer's clip path.
    package var clipMask = CoverageMask()
    /// The mask of a layer's shadow.
    package var shadowMask = CoverageMask()
    /// The offscreen buffer for layers drawn as a group (opacity below 1 with several parts).
    package var offscreen = PixelBuffer(width: 0, height: 0)

    /// The points the paths built since ``beginFrame(pointBudget:)`` may still store.
    package private(set) var pointsLeft = Int.max
    /// Whether a path built since ``beginFrame(pointBudget:)`` was cut short by the budget: what
    /// was drawn is not the frame, and must not be shown.
    package private(set) var exceededPointBudget = false

    /// Creates a rasteriser; its buffers grow on first use.
    package init() {}

    /// Starts a frame whose paths may store at most `pointBudget` flattened points in all.
    package func beginFrame(pointBudget: Int) {
        pointsLeft = pointBudget
        exceededPointBudget = false
    }

    /// Empties `path` for a new outline, limited to the points left in the frame's budget.
    package func prepare(_ path: inout RasterPath) {
        path.removeAll(keepingCapacity: true)
        path.pointLimit = pointsLeft
    }

    /// Takes the points `path` stored out of the frame's budget.
    package func account(_ path: RasterPath) {
        pointsLeft -= pointsLeft == .max ? 0 : path.pointCount
        if path.isTruncated { exceededPointBudget = true }
    }

    /// Fills `path` in a solid colour onto `canvas`, source-over, with exact-area anti-aliasing.
    ///
    /// - Parameters:
    ///   - path: The flattened path in device space; every contour counts as closed.
    ///   - rule: The fill rule.
    ///   - color: The premultiplied colour.
    ///   - canvas: The buffer drawn into.
    ///   - clip: A mask multiplied into the coverage; nothing is drawn outside its bounds.
    /// - Returns: The pixels that may have changed.
    /// - Complexity: O(edges + rows and cells the edges cross + pixels drawn), within the path's
    ///   bounds clipped to the canvas.
    @discardableResult
    package func fill(
        _ path: RasterPath, rule: RasterFillRule, color: PixelBuffer.Pixel, into canvas: inout PixelBuffer,
        clip: CoverageMask? = nil
    ) -> PixelRect {
        guard color.alpha != 0 else { return .zero }
        let box = accumulate(path, within: canvas.rect, clip: clip)
        guard !box.isEmpty else { return .zero }
        let width = canvas.width, packed = color.packed
        canvas.withMutablePixels { pixels in
            let origin = pixels + box.y * width + box.x
            if let clip {
                clip.withValues { values in
                    let clipOrigin = values + (box.y - clip.bounds.y) * clip.stride + (box.x - clip.bounds.x)
                    var painter = ClippedSolidPainter(
                        origin: origin, stride: width, clip: clipOrigin, clipStride: clip.stride, color: packed)
                    sweep(rule, into: &painter)
                }
            } else {
                var painter = SolidPainter(origin: origin, stride: width, color: packed)
                sweep(rule, into: &painter)
            }
        }
        return box
    }

    /// Starts the accumulator on the pixels a fill of `path` can touch (its bounds within the
    /// canvas's rectangle and the clip) and adds the path's edges.
    ///
    /// - Returns: Those pixels; empty when there are none (and nothing was started).
    func accumulate(_ path: RasterPath, within canvas: PixelRect, clip: CoverageMask?) -> PixelRect {
        var limit = canvas
        if let clip { limit = limit.intersection(clip.bounds) }
        let box = PixelRect.covering(minX: path.minX, minY: path.minY, maxX: path.maxX, maxY: path.maxY, within: limit)
        guard !box.isEmpty else { return box }
        accumulator.begin(bounds: box)
        accumulator.add(path)
        return box
    }

    /// Renders the coverage of `path` into `mask`, over the path's bounds limited to `limit`.
    ///
    /// - Parameters:
    ///   - path: The flattened path in device space.
    ///   - rule: The fill rule.
    ///   - limit: The pixels worth computing (the canvas, or the canvas grown by a blur's extent).
    ///   - mask: Receives the coverage; its bounds become the path's bounds within `limit`.
    /// - Complexity: As ``fill(_:rule:color:into:clip:)``, plus clearing the mask's area.
    package func render(_ path: RasterPath, rule: RasterFillRule, limit: PixelRect, into mask: inout CoverageMask) {
        let box = PixelRect.covering(minX: path.minX, minY: path.minY, maxX: path.maxX, maxY: path.maxY, within: limit)
        mask.reset(bounds: box)
        guard !box.isEmpty else { return }
        accumulator.begin(bounds: box)
        accumulator.add(path)
        let stride = mask.stride
        mask.withMutableValues { values in
            var writer = MaskWriter(origin: values, stride: stride)
            sweep(rule, into: &writer)
        }
    }

    /// Strokes `outline` (in a layer's coordinates) with `width` there, and appends the stroke's
    /// polygon, mapped by `transform` to device space, to `result` (to be filled with non-zero).
    ///
    /// The outline is flattened in layer space with the tolerance divided by the transform's largest
    /// scale (so it is `tolerance` in device pixels), and finely enough in angle for the offset.
    ///
    /// - Parameters:
    ///   - outline: The outline, in layer coordinates.
    ///   - width: The stroke width, in layer units.
    ///   - transform: From layer to device coordinates.
    ///   - tolerance: The flattening tolerance in device pixels (round caps and joins keep it too).
    ///   - style: The caps, joins and miter limit (its tolerance is replaced by the layer's).
    ///   - result: Receives the polygon; its transform is set to `transform`.
    /// - Complexity: O(flattened points).
    package func stroke(
        _ outline: RasterOutline, width: Double, transform: AffineMatrix, tolerance: Double = RasterPath.defaultTolerance,
        style: Stroker.Style = Stroker.Style(), into result: inout RasterPath
    ) {
        let scale = transform.maximumScale
        guard width > 0, width.isFinite, scale > 0, scale.isFinite else { return }
        layerPath.transform = .identity
        layerPath.tolerance = tolerance / scale
        layerPath.strokeRadius = width / 2
        prepare(&layerPath)
        layerPath.append(outline)
        account(layerPath)
        // A frame over its budget is not shown: nothing more is worth computing.
        guard !exceededPointBudget else { return }
        result.transform = transform
        result.pointLimit = pointsLeft
        var style = style
        style.tolerance = layerPath.tolerance
        if Dasher.dashes(style.dashes) && Dasher.isBounded(layerPath, pattern: style.dashes) {
            dashPath.transform = .identity
            prepare(&dashPath)
            Dasher.dash(layerPath, pattern: style.dashes, offset: style.dashOffset, into: &dashPath)
            account(dashPath)
            guard !exceededPointBudget else { return }
            stroker.stroke(dashPath, width: width, style: style, into: &result)
        } else {
            stroker.stroke(layerPath, width: width, style: style, into: &result)
        }
        account(result)
    }

    /// Blurs `mask` with a Gaussian of standard deviations `sigmaX` and `sigmaY` (device pixels).
    ///
    /// - Parameters:
    ///   - mask: The mask; it grows by `⌈3σ⌉` on each side, limited to `limit`.
    ///   - sigmaX: The horizontal standard deviation.
    ///   - sigmaY: The vertical standard deviation.
    ///   - limit: The pixels worth computing.
    /// - Complexity: See ``GaussianBlur``.
    package func blur(_ mask: inout CoverageMask, sigmaX: Double, sigmaY: Double, limit: PixelRect) {
        gaussianBlur.blur(&mask, sigmaX: sigmaX, sigmaY: sigmaY, limit: limit)
    }

    /// Runs the accumulator's sweep with the rule's coverage function.
    @inline(__always)
    func sweep<Sink: CoverageSink>(_ rule: RasterFillRule, into sink: inout Sink) {
        switch rule {
        case .nonZero: accumulator.sweep(NonZeroWinding.self, into: &sink)
        case .evenOdd: accumulator.sweep(EvenOddWinding.self, into: &sink)
        }
    }
}
