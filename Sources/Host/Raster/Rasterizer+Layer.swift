import Timeline

/// Drawing whole SVG-like layers.
extension Rasterizer {
    /// Draws `layer` onto `canvas` as a browser draws the equivalent SVG group.
    ///
    /// Order: the clip path is rendered to a mask (device space, its own rule); the shadow's outline,
    /// moved by its offset in layer space, is rendered, blurred with a device-space standard deviation
    /// of `sigma` times the transform's scale along each axis, and composited in its colour; then the
    /// outline is filled (flattened in device space), then stroked (offset in layer space, then
    /// transformed). Every part is multiplied by the clip mask. With an opacity below 1 and more than
    /// one part, the parts are drawn into an offscreen buffer composited with that opacity (SVG's
    /// group opacity); with a single part the opacity is folded into its colour, which is the same.
    ///
    /// - Parameters:
    ///   - layer: The layer.
    ///   - canvas: The buffer drawn into.
    /// - Returns: The pixels that may have changed.
    /// - Complexity: The sum of the parts' fills, plus the blur and the offscreen composite.
    @discardableResult
    package func draw(_ layer: RasterLayer, into canvas: inout PixelBuffer) -> PixelRect {
        guard layer.opacity > 0, layer.transform.isFinite, canvas.rect.area > 0 else { return .zero }
        let hasShadow = layer.shadow.map { $0.color.alpha != 0 } ?? false
        let hasFill: Bool = layer.fillImage != nil || (layer.fillGradient.map { !$0.stops.isEmpty } ?? (layer.fill.map { $0.alpha != 0 } ?? false))
        let strokePaint: Bool = layer.strokeGradient.map { !$0.stops.isEmpty } ?? (layer.stroke.map { $0.alpha != 0 } ?? false)
        let hasStroke = strokePaint && layer.strokeWidth > 0
        let parts = (hasShadow ? 1 : 0) + (hasFill ? 1 : 0) + (hasStroke ? 1 : 0)
        guard parts > 0 else { return .zero }

        var clip: CoverageMask?
        if let layerClip = layer.clip {
            devicePath.transform = layer.transform
            devicePath.strokeRadius = 0
            prepare(&devicePath)
            devicePath.append(layerClip.outline)
            account(devicePath)
            render(devicePath, rule: layerClip.rule, limit: canvas.rect, into: &clipMask)
            guard !clipMask.bounds.isEmpty, layerClip.opacity > 0 else { return .zero }
            if layerClip.opacity < 1 { clipMask.scale(by: layerClip.opacity) }
            clip = clipMask
        }
        defer { clip = nil }

        let opacity = min(layer.opacity, 1)
        if opacity < 1 && parts > 1 {
            var group = offscreen
            offscreen = PixelBuffer(width: 0, height: 0)
            if group.width != canvas.width || group.height != canvas.height {
                group = PixelBuffer(width: canvas.width, height: canvas.height)
            }
            let touched = drawParts(layer, fade: 255, into: &group, clip: clip, shadow: hasShadow, fill: hasFill, stroke: hasStroke)
            canvas.composite(layer: group, opacity: opacity, region: touched)
            group.clear(touched)
            offscreen = group
            return touched
        }
        let fade: UInt32 = opacity >= 1 ? 255 : UInt32((opacity * 255).rounded())
        return drawParts(layer, fade: fade, into: &canvas, clip: clip, shadow: hasShadow, fill: hasFill, stroke: hasStroke)
    }

    /// Draws the shadow, fill and stroke of a layer, each colour scaled by `fade / 255`.
    private func drawParts(
        _ layer: RasterLayer, fade: UInt32, into canvas: inout PixelBuffer, clip: CoverageMask?,
        shadow hasShadow: Bool, fill hasFill: Bool, stroke hasStroke: Bool
    ) -> PixelRect {
        func faded(_ color: PixelBuffer.Pixel) -> PixelBuffer.Pixel {
            fade == 255 ? color : PixelBuffer.Pixel(packed: PixelMath.scale(color.packed, by: fade))
        }
        var touched = PixelRect.zero
        if hasShadow, let shadow = layer.shadow {
            let scales = layer.transform.axisScales
            let sigmaX = shadow.sigma * scales.x, sigmaY = shadow.sigma * scales.y
            let reach = canvas.rect.expanded(
                dx: GaussianBlur.extent(sigma: sigmaX), dy: GaussianBlur.extent(sigma: sigmaY))
            devicePath.transform = layer.transform * .translation(x: shadow.offsetX, y: shadow.offsetY)
            devicePath.strokeRadius = 0
            prepare(&devicePath)
            devicePath.append(shadow.outline ?? layer.outline)
            account(devicePath)
            render(devicePath, rule: shadow.outline == nil ? layer.fillRule : shadow.rule, limit: reach, into: &shadowMask)
            blur(&shadowMask, sigmaX: sigmaX, sigmaY: sigmaY, limit: canvas.rect)
            touched = touched.union(canvas.composite(mask: shadowMask, color: faded(shadow.color), clip: clip))
        }
        /// Fills the device path in the part's image, gradient or colour.
        func paint(_ rule: RasterFillRule, _ gradient: RasterGradient?, _ color: PixelBuffer.Pixel?, image: RasterImage? = nil) {
            if let image {
                touched = touched.union(fill(
                    devicePath, rule: rule, image: image, layerTransform: layer.transform, opacity: Double(fade) / 255, into: &canvas, clip: clip))
            } else if let gradient {
                touched = touched.union(fill(
                    devicePath, rule: rule, gradient: gradient, layerTransform: layer.transform, opacity: Double(fade) / 255,
                    into: &canvas, clip: clip))
            } else if let color {
                touched = touched.union(fill(devicePath, rule: rule, color: faded(color), into: &canvas, clip: clip))
            }
        }
        if hasFill {
            devicePath.transform = layer.transform
            devicePath.strokeRadius = 0
            prepare(&devicePath)
            devicePath.append(layer.outline)
            account(devicePath)
            paint(layer.fillRule, layer.fillGradient, layer.fill, image: layer.fillImage)
        }
        if hasStroke {
            prepare(&devicePath)
            stroke(layer.outline, width: layer.strokeWidth, transform: layer.transform, style: layer.strokeStyle, into: &devicePath)
            paint(.nonZero, layer.strokeGradient, layer.stroke)
        }
        return touched
    }
}
