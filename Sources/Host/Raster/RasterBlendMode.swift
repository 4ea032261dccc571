#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a group's pixels combine with what is below them: the sixteen blend modes of the W3C
/// Compositing and Blending specification (CSS `mix-blend-mode`), in its order, which is also
/// Lottie's `bm` numbering.
///
/// Every mode but ``normal`` composites as the specification's general formula does, on
/// premultiplied values in sRGB (no linearisation, as browsers blend):
///
///     co = cs · (1 − αb) + cb · (1 − αs) + αs · αb · B(Cb, Cs)
///     αo = αs + αb − αs · αb
///
/// where `cs`, `cb` are premultiplied, `Cs`, `Cb` their straight colours and `B` the mode's
/// function. ``normal`` is source-over (`B(Cb, Cs) = Cs`), computed in integers as
/// ``PixelMath/over(_:_:)``.
package enum RasterBlendMode: Int, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
    case difference, exclusion, hue, saturation, color, luminosity

    /// `source` (premultiplied, already faded) blended onto `destination` in this mode.
    ///
    /// - Parameters:
    ///   - source: The premultiplied source pixel.
    ///   - destination: The premultiplied backdrop pixel.
    /// - Returns: The premultiplied result, each channel rounded to nearest.
    @inline(__always)
    package func blend(_ source: UInt32, onto destination: UInt32) -> UInt32 {
        let sourceAlpha = source >> 24, backdropAlpha = destination >> 24
        if self == .normal || backdropAlpha == 0 { return PixelMath.over(source, destination) }
        if sourceAlpha == 0 { return destination }
        let sa = Float(sourceAlpha) / 255, ba = Float(backdropAlpha) / 255
        let s = SIMD3<Float>(Float(source & 0xFF), Float((source >> 8) & 0xFF), Float((source >> 16) & 0xFF)) / 255
        let b = SIMD3<Float>(
            Float(destination & 0xFF), Float((destination >> 8) & 0xFF), Float((destination >> 16) & 0xFF)) / 255
        let mixed = mix(backdrop: b / ba, source: s / sa)
        let color = s * (1 - ba) + b * (1 - sa) + sa * ba * mixed
        let alpha = sa + ba - sa * ba
        let top = (alpha * 255).rounded()
        func byte(_ value: Float) -> UInt32 { UInt32(min(max((value * 255).rounded(), 0), top)) }
        return byte(color.x) | byte(color.y) << 8 | byte(color.z) << 16 | UInt32(top) << 24
    }

    /// The mode's function `B(Cb, Cs)` of straight colours in `0...1`.
    private func mix(backdrop cb: SIMD3<Float>, source cs: SIMD3<Float>) -> SIMD3<Float> {
        switch self {
        case .normal: return cs
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return each(cs, cb, Self.hardLight)
        case .darken: return pointwiseMin(cb, cs)
        case .lighten: return pointwiseMax(cb, cs)
        case .colorDodge: return each(cb, cs) { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
        case .colorBurn: return each(cb, cs) { b, s in b >= 1 ? 1 : s == 0 ? 0 : 1 - min(1, (1 - b) / s) }
        case .hardLight: return each(cb, cs, Self.hardLight)
        case .softLight: return each(cb, cs, Self.softLight)
        case .difference: return each(cb, cs) { b, s in Swift.abs(b - s) }
        case .exclusion: return cb + cs - 2 * cb * cs
        case .hue: return Self.setLuminosity(Self.setSaturation(cs, Self.saturation(cb)), Self.luminosity(cb))
        case .saturation: return Self.setLuminosity(Self.setSaturation(cb, Self.saturation(cs)), Self.luminosity(cb))
        case .color: return Self.setLuminosity(cs, Self.luminosity(cb))
        case .luminosity: return Self.setLuminosity(cb, Self.luminosity(cs))
        }
    }

    private func each(_ b: SIMD3<Float>, _ s: SIMD3<Float>, _ f: (Float, Float) -> Float) -> SIMD3<Float> {
        SIMD3(f(b.x, s.x), f(b.y, s.y), f(b.z, s.z))
    }

    /// Hard light: multiply below half of the source, screen above.
    private static func hardLight(_ b: Float, _ s: Float) -> Float {
        s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
    }

    /// Soft light, with the specification's `D(Cb)`.
    private static func softLight(_ b: Float, _ s: Float) -> Float {
        if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
        let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
        return b + (2 * s - 1) * (d - b)
    }

    /// `0.3 R + 0.59 G + 0.11 B`.
    private static func luminosity(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    /// The largest channel less the smallest.
    private static func saturation(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    /// `c` moved to luminosity `l`, then brought back into `0...1` keeping its luminosity.
    private static func setLuminosity(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
        var c = c + (l - luminosity(c))
        let lum = luminosity(c), low = c.min(), high = c.max()
        if low < 0 { c = lum + (c - lum) * lum / (lum - low) }
        if high > 1 { c = lum + (c - lum) * (1 - lum) / (high - lum) }
        return c
    }

    /// `c` with saturation `s`: its smallest channel 0, its largest `s`, the middle one in proportion.
    private static func setSaturation(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let high = c.max(), low = c.min()
        guard high > low else { return .zero }
        return (c - low) * s / (high - low)
    }
}

/// What hides part of a group as it is composited: another group's pixels, read by their alpha or
/// their luminance, possibly inverted (a track matte, SVG's `mask` with `mask-type`).
package struct RasterMatte: Sendable {
    /// The matte's pixels, the size of the canvas.
    package var pixels: PixelBuffer
    /// Luminance (`0.2125 R + 0.7154 G + 0.0721 B` of the premultiplied colour, which is the
    /// straight luminance times alpha, as SVG's luminance masks) rather than alpha.
    package var luminance: Bool
    /// Whether the group shows where the matte is not (`255 −` the value).
    package var inverted: Bool

    /// Creates a matte.
    package init(pixels: PixelBuffer, luminance: Bool, inverted: Bool) {
        self.pixels = pixels
        self.luminance = luminance
        self.inverted = inverted
    }

    /// How much of the group a matte pixel lets through, `0...255`.
    @inline(__always)
    func value(of pixel: UInt32) -> UInt32 {
        var value: UInt32
        if luminance {
            // 0.2125, 0.7154, 0.0721 in 1/65536ths (13926 + 46884 + 4725 = 65535).
            let weighted = (pixel & 0xFF) &* 13926 &+ ((pixel >> 8) & 0xFF) &* 46884 &+ ((pixel >> 16) & 0xFF) &* 4725
            value = min(255, (weighted &+ 32768) >> 16)
        } else {
            value = pixel >> 24
        }
        return inverted ? 255 &- value : value
    }
}

extension PixelBuffer {
    /// Composites `group` (a buffer of the same size) onto this one: each group pixel is scaled by
    /// the matte's value there (when there is a matte) and by `round(255 · opacity)`, then blended
    /// in `blendMode`.
    ///
    /// - Parameters:
    ///   - group: The group's pixels, the same size as this buffer.
    ///   - opacity: The group's opacity, `0...1`.
    ///   - blendMode: How it combines with these pixels.
    ///   - matte: What hides part of it, or `nil`.
    ///   - region: Where the group drew (it is transparent elsewhere).
    /// - Returns: The pixels that may have changed.
    /// - Complexity: O(region's area).
    @discardableResult
    package mutating func composite(
        group: PixelBuffer, opacity: Double, blendMode: RasterBlendMode, matte: RasterMatte?, region: PixelRect
    ) -> PixelRect {
        precondition(group.width == width && group.height == height, "group size differs from the canvas")
        let area = region.intersection(rect)
        let factor: UInt32 = opacity >= 1 ? 255 : opacity > 0 ? UInt32((opacity * 255).rounded()) : 0
        guard !area.isEmpty, factor > 0 else { return .zero }
        if matte == nil && blendMode == .normal {
            composite(layer: group, opacity: opacity, region: area)
            return area
        }
        let width = self.width
        let matteBuffer = matte?.pixels ?? PixelBuffer(width: 0, height: 0)
        precondition(matte == nil || (matteBuffer.width == width && matteBuffer.height == height), "matte size differs from the canvas")
        group.withPixels { source in
            matteBuffer.withPixels { matteSource in
                withMutablePixels { target in
                    Self.blend(
                        source: source, matte: matte == nil ? nil : matteSource, reading: matte, into: target, width: width,
                        area: area, factor: factor, mode: blendMode)
                }
            }
        }
        return area
    }

    /// The pixel loop of ``composite(group:opacity:blendMode:matte:region:)``.
    private static func blend(
        source: UnsafePointer<UInt32>, matte matteSource: UnsafePointer<UInt32>?, reading matte: RasterMatte?,
        into target: UnsafeMutablePointer<UInt32>, width: Int, area: PixelRect, factor: UInt32, mode: RasterBlendMode
    ) {
        for row in area.y..<area.maxY {
            let from = source + row * width + area.x, to = target + row * width + area.x
            let matteRow = matteSource.map { $0 + row * width + area.x }
            for index in 0..<area.width {
                var pixel = from[index]
                if pixel == 0 { continue }
                if let matteRow, let matte {
                    let value = matte.value(of: matteRow[index])
                    if value == 0 { continue }
                    if value != 255 { pixel = PixelMath.scale(pixel, by: value) }
                }
                if factor != 255 { pixel = PixelMath.scale(pixel, by: factor) }
                if pixel == 0 { continue }
                to[index] = mode.blend(pixel, onto: to[index])
            }
        }
    }
}

extension PixelBuffer {
    /// Draws a drop shadow of the pixels in `region` beneath them (SVG's `feGaussianBlur` of
    /// `SourceAlpha`, `feOffset`, `feFlood`, `feComposite in`, then `feMerge` under the source):
    /// their alpha moved by whole pixels, blurred, in `color`, composited destination-over.
    ///
    /// - Parameters:
    ///   - region: Where the pixels are (transparent elsewhere).
    ///   - offsetX: The horizontal offset, in pixels.
    ///   - offsetY: The vertical offset, in pixels.
    ///   - sigmaX: The blur's horizontal standard deviation, in pixels.
    ///   - sigmaY: The blur's vertical standard deviation, in pixels.
    ///   - color: The premultiplied shadow colour, its opacity included.
    ///   - mask: Scratch storage for the shadow's coverage.
    ///   - within: Where the shadow may show (the filter's region), or `nil` for anywhere.
    ///   - blur: Blurs a coverage mask (``Rasterizer/blur(_:sigmaX:sigmaY:limit:)``).
    /// - Returns: The pixels that may have changed (the shadow's and the region).
    @discardableResult
    package mutating func dropShadow(
        region: PixelRect, offsetX: Int, offsetY: Int, sigmaX: Double, sigmaY: Double, color: Pixel, mask: inout CoverageMask,
        within: PixelRect? = nil, blur: (inout CoverageMask, Double, Double, PixelRect) -> Void
    ) -> PixelRect {
        let source = region.intersection(rect)
        guard !source.isEmpty, color.alpha != 0 else { return source }
        let moved = PixelRect(x: source.x + offsetX, y: source.y + offsetY, width: source.width, height: source.height)
        let limit = rect.expanded(dx: GaussianBlur.extent(sigma: sigmaX), dy: GaussianBlur.extent(sigma: sigmaY))
        mask.reset(bounds: moved.intersection(limit))
        guard !mask.bounds.isEmpty else { return source }
        let width = self.width, bounds = mask.bounds, stride = mask.stride
        withPixels { pixels in
            mask.withMutableValues { values in
                for y in bounds.y..<bounds.maxY {
                    let from = pixels + (y - offsetY) * width - offsetX, to = values + (y - bounds.y) * stride - bounds.x
                    for x in bounds.x..<bounds.maxX { to[x] = UInt8(truncatingIfNeeded: from[x] >> 24) }
                }
            }
        }
        if sigmaX > 0 || sigmaY > 0 { blur(&mask, sigmaX, sigmaY, rect) }
        let area = mask.bounds.intersection(within.map { $0.intersection(rect) } ?? rect)
        guard !area.isEmpty else { return source }
        let packed = color.packed
        let maskBounds = mask.bounds, maskStride = mask.stride
        withMutablePixels { pixels in
            mask.withValues { values in
                for y in area.y..<area.maxY {
                    let row = pixels + y * width, coverage = values + (y - maskBounds.y) * maskStride - maskBounds.x
                    for x in area.x..<area.maxX {
                        let value = UInt32(coverage[x])
                        if value == 0 { continue }
                        let shadow = PixelMath.scale(packed, by: value)
                        let above = row[x]
                        // The source over the shadow.
                        row[x] = above &+ PixelMath.scale(shadow, by: 255 &- (above >> 24))
                    }
                }
            }
        }
        return source.union(area)
    }
}

extension PixelBuffer {
    /// Blurs the pixels in `region` with a Gaussian (SVG's `feGaussianBlur` on the premultiplied
    /// picture, in sRGB), each channel through a coverage mask.
    ///
    /// - Parameters:
    ///   - region: Where the pixels are (transparent elsewhere).
    ///   - sigmaX: The standard deviation across, in pixels.
    ///   - sigmaY: The standard deviation down, in pixels.
    ///   - mask: Scratch storage for one channel.
    ///   - blur: Blurs a coverage mask (``Rasterizer/blur(_:sigmaX:sigmaY:limit:)``).
    /// - Returns: The pixels that may have changed: the region grown by the blur.
    @discardableResult
    package mutating func blur(
        region: PixelRect, sigmaX: Double, sigmaY: Double, mask: inout CoverageMask, blur: (inout CoverageMask, Double, Double, PixelRect) -> Void
    ) -> PixelRect {
        let source = region.intersection(rect)
        guard !source.isEmpty, sigmaX > 0 || sigmaY > 0 else { return source }
        let width = self.width
        var grown = source
        for channel in 0..<4 {
            let shift = UInt32(channel * 8)
            mask.reset(bounds: source)
            let stride = mask.stride
            withPixels { pixels in
                mask.withMutableValues { values in
                    for y in source.y..<source.maxY {
                        let from = pixels + y * width, to = values + (y - source.y) * stride - source.x
                        for x in source.x..<source.maxX { to[x] = UInt8(truncatingIfNeeded: from[x] >> shift) }
                    }
                }
            }
            blur(&mask, sigmaX, sigmaY, rect)
            grown = mask.bounds
            let bounds = mask.bounds, maskStride = mask.stride, keep = ~(UInt32(0xFF) << shift)
            withMutablePixels { pixels in
                mask.withValues { values in
                    for y in bounds.y..<bounds.maxY {
                        let row = pixels + y * width, from = values + (y - bounds.y) * maskStride - bounds.x
                        for x in bounds.x..<bounds.maxX { row[x] = (row[x] & keep) | UInt32(from[x]) << shift }
                    }
                }
            }
        }
        // Rounding may leave a colour channel a step above alpha: keep the pixels premultiplied.
        withMutablePixels { pixels in
            for y in grown.y..<grown.maxY {
                let row = pixels + y * width
                for x in grown.x..<grown.maxX {
                    let pixel = row[x], alpha = pixel >> 24
                    let r = min(pixel & 0xFF, alpha), g = min((pixel >> 8) & 0xFF, alpha), b = min((pixel >> 16) & 0xFF, alpha)
                    row[x] = r | g << 8 | b << 16 | alpha << 24
                }
            }
        }
        return source.union(grown)
    }
}
