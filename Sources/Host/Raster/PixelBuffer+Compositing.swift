import Timeline

/// Compositing onto a pixel buffer: masks in a solid colour, and whole layers with a group opacity.
///
/// All of it is source-over on premultiplied 8-bit sRGB values with rounding to nearest, as in
/// ``PixelMath``.
extension PixelBuffer {
    /// Composites `color` through `mask` (and through `clip`, multiplied in, when given) onto the
    /// buffer, source-over.
    ///
    /// - Parameters:
    ///   - mask: The coverage (a blurred shadow, say), in device pixels.
    ///   - color: The premultiplied colour.
    ///   - clip: A second mask multiplied in; pixels outside its bounds are not drawn.
    /// - Returns: The pixels that may have changed.
    /// - Complexity: O(area of the mask within the buffer and the clip).
    @discardableResult
    package mutating func composite(mask: CoverageMask, color: Pixel, clip: CoverageMask? = nil) -> PixelRect {
        var region = mask.bounds.intersection(rect)
        if let clip { region = region.intersection(clip.bounds) }
        guard !region.isEmpty, color.alpha != 0 else { return .zero }
        let width = self.width, packed = color.packed
        withMutablePixels { pixels in
            let origin = pixels + region.y * width + region.x
            mask.withValues { values in
                let maskOrigin = values + (region.y - mask.bounds.y) * mask.stride + (region.x - mask.bounds.x)
                if let clip {
                    clip.withValues { clipValues in
                        let clipOrigin = clipValues + (region.y - clip.bounds.y) * clip.stride + (region.x - clip.bounds.x)
                        var painter = ClippedSolidPainter(
                            origin: origin, stride: width, clip: clipOrigin, clipStride: clip.stride, color: packed)
                        for row in 0..<region.height {
                            painter.pixels(row: row, x: 0, coverage: maskOrigin + row * mask.stride, count: region.width)
                        }
                    }
                } else {
                    var painter = SolidPainter(origin: origin, stride: width, color: packed)
                    for row in 0..<region.height {
                        painter.pixels(row: row, x: 0, coverage: maskOrigin + row * mask.stride, count: region.width)
                    }
                }
            }
        }
        return region
    }

    /// Composites `layer` (a buffer of the same size) onto this one with a group opacity, source-over:
    /// each layer pixel is scaled by `round(255 · opacity)` / 255 (with rounding), then drawn over.
    ///
    /// - Parameters:
    ///   - layer: The layer, the same size as this buffer.
    ///   - opacity: The group opacity, `0...1`.
    ///   - region: The pixels to composite (the layer is taken as transparent elsewhere).
    /// - Complexity: O(region's area).
    package mutating func composite(layer: PixelBuffer, opacity: Double, region: PixelRect) {
        precondition(layer.width == width && layer.height == height, "layer size differs from the canvas")
        let area = region.intersection(rect)
        let factor: UInt32 = opacity >= 1 ? 255 : opacity > 0 ? UInt32((opacity * 255).rounded()) : 0
        guard !area.isEmpty, factor > 0 else { return }
        let width = self.width
        layer.withPixels { source in
            withMutablePixels { target in
                for row in area.y..<area.maxY {
                    let from = source + row * width + area.x, to = target + row * width + area.x
                    if factor == 255 {
                        for index in 0..<area.width {
                            let pixel = from[index]
                            if pixel == 0 { continue }
                            to[index] = PixelMath.over(pixel, to[index])
                        }
                    } else {
                        for index in 0..<area.width {
                            let pixel = from[index]
                            if pixel == 0 { continue }
                            to[index] = PixelMath.over(PixelMath.scale(pixel, by: factor), to[index])
                        }
                    }
                }
            }
        }
    }
}
