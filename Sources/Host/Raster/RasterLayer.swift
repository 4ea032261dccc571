package import Timeline

/// One layer to draw the way SVG draws a group in a browser:
/// `<g transform="matrix(…)" opacity="…" clip-path="…">` holding the shadow (the outline filled in
/// the shadow's colour, offset, blurred with `feGaussianBlur`) and then the outline, filled and
/// stroked (in its ``strokeStyle``: by default miter joins, limit 4, butt caps).
///
/// Geometry is in the layer's own coordinates; ``transform`` maps it to device pixels. Colours are
/// premultiplied and already include their own alpha (a shadow's opacity folded in); the group
/// ``opacity`` applies to everything together. The outlines are reusable values: an adapter can keep
/// its layers between frames and refill them with ``RasterOutline/removeAll(keepingCapacity:)``.
package struct RasterLayer: Sendable {
    /// A clip path: only what lies inside it, by its rule, is drawn.
    package struct Clip: Sendable {
        /// The clip's outline, in layer coordinates.
        package var outline: RasterOutline
        /// How the outline's inside is decided (SVG's `clip-rule`).
        package var rule: RasterFillRule
        /// Multiplies the coverage inside the outline, `0...1` (an SVG `mask` of a white fill at
        /// this opacity).
        package var opacity: Double = 1

        /// Creates a clip.
        package init(outline: RasterOutline, rule: RasterFillRule, opacity: Double = 1) {
            self.outline = outline
            self.rule = rule
            self.opacity = opacity
        }
    }

    /// A drop shadow: an outline filled in a colour, offset and blurred.
    package struct Shadow: Sendable {
        /// The premultiplied colour, its opacity included.
        package var color: PixelBuffer.Pixel
        /// The Gaussian's standard deviation in layer units (a Cadence shadow's `radius / 2`).
        package var sigma: Double
        /// The horizontal offset, in layer units.
        package var offsetX: Double
        /// The vertical offset, in layer units.
        package var offsetY: Double
        /// The shadow's own outline (filled with ``rule``), or `nil` for the layer's outline and rule.
        package var outline: RasterOutline?
        /// The rule for ``outline``.
        package var rule: RasterFillRule = .nonZero

        /// Creates a shadow.
        package init(
            color: PixelBuffer.Pixel, sigma: Double, offsetX: Double, offsetY: Double, outline: RasterOutline? = nil,
            rule: RasterFillRule = .nonZero
        ) {
            self.color = color
            self.sigma = sigma
            self.offsetX = offsetX
            self.offsetY = offsetY
            self.outline = outline
            self.rule = rule
        }
    }

    /// From layer to device coordinates.
    package var transform: AffineMatrix = .identity
    /// The group opacity, `0...1`.
    package var opacity: Double = 1
    /// The outline to fill and stroke.
    package var outline = RasterOutline()
    /// The outline's fill rule.
    package var fillRule: RasterFillRule = .nonZero
    /// The premultiplied fill colour, or `nil` for no fill.
    package var fill: PixelBuffer.Pixel?
    /// The premultiplied stroke colour, or `nil` for no stroke.
    package var stroke: PixelBuffer.Pixel?
    /// A gradient that fills the outline instead of ``fill`` (its stops normalised), or `nil`.
    package var fillGradient: RasterGradient?
    /// An image that fills the outline instead of ``fill`` and ``fillGradient``, or `nil`.
    package var fillImage: RasterImage?
    /// A gradient that paints the stroke instead of ``stroke`` (its stops normalised), or `nil`.
    package var strokeGradient: RasterGradient?
    /// The stroke width, in layer units.
    package var strokeWidth: Double = 0
    /// The stroke's caps, joins and miter limit (its tolerance is set when it is drawn).
    package var strokeStyle = Stroker.Style()
    /// The clip path, if any.
    package var clip: Clip?
    /// The drop shadow, if any.
    package var shadow: Shadow?

    /// Creates a layer that draws nothing until given a fill or a stroke.
    package init() {}
}
