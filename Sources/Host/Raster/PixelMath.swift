import Timeline

/// 8-bit premultiplied pixel arithmetic, four channels at once in one `UInt32` (SWAR).
///
/// A pixel is stored as the bytes R, G, B, A in memory; read as a little-endian `UInt32` that is
/// `R | G << 8 | B << 16 | A << 24`. Splitting it into the lanes `0x00BB00RR` and `0x00AA00GG` lets
/// one multiplication scale two channels, each product fitting in 16 bits.
///
/// Every product is divided by 255 with rounding to nearest, `⌊x/255 + ½⌋`, computed exactly for
/// `0 ≤ x ≤ 255·255` as `(x + 128 + ((x + 128) >> 8)) >> 8` (the same identity Skia and browsers
/// use). Source-over through a coverage `c` (0...255) is then
///
///     s' = div255(s · c)            for each channel of the premultiplied source
///     d' = s' + div255(d · (255 − s'.a))
///
/// which never exceeds 255 in any channel of valid premultiplied input.
package enum PixelMath {
    /// `⌊x / 255 + ½⌋` for `0 ≤ x ≤ 65025`.
    ///
    /// - Parameter x: The product to divide.
    /// - Returns: The rounded quotient.
    @inline(__always)
    package static func div255(_ x: UInt32) -> UInt32 {
        let y = x &+ 128
        return (y &+ (y >> 8)) >> 8
    }

    /// Every channel of `pixel` times `factor / 255`, rounded to nearest.
    ///
    /// - Parameters:
    ///   - pixel: A packed pixel.
    ///   - factor: The factor, `0...255`.
    /// - Returns: The scaled pixel.
    /// - Complexity: O(1), about ten integer operations.
    @inline(__always)
    package static func scale(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
        var rb = (pixel & 0x00FF_00FF) &* factor &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((pixel >> 8) & 0x00FF_00FF) &* factor &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Source-over of an already scaled premultiplied source onto `destination`.
    ///
    /// - Parameters:
    ///   - source: The premultiplied source, already multiplied by its coverage.
    ///   - destination: The premultiplied destination.
    /// - Returns: `source + destination · (255 − source.a) / 255`.
    @inline(__always)
    package static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        source &+ scale(destination, by: 255 &- (source >> 24))
    }

    /// Source-over of `color` through an 8-bit coverage onto `destination`.
    ///
    /// - Parameters:
    ///   - color: The premultiplied colour.
    ///   - coverage: The coverage, `0...255`.
    ///   - destination: The premultiplied destination.
    /// - Returns: The composited pixel.
    @inline(__always)
    package static func over(_ color: UInt32, coverage: UInt32, _ destination: UInt32) -> UInt32 {
        over(scale(color, by: coverage), destination)
    }

    /// `round(a · b / 255)` for two 8-bit values (coverage times clip).
    ///
    /// - Parameters:
    ///   - a: One factor.
    ///   - b: The other factor.
    /// - Returns: The rounded product.
    @inline(__always)
    package static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: div255(UInt32(a) &* UInt32(b)))
    }

    /// Source-over of one already scaled premultiplied source onto `count` pixels, four at a time,
    /// then one by one.
    ///
    /// Four pixels are read as eight 16-bit lanes: the low byte of each lane is red or blue, the
    /// high byte green or alpha. Masking and shifting split them into two vectors of 16-bit
    /// channels, each multiplied by `inverse` in 16 bits (SSE2's `pmullw`, NEON's `mul`), rounded
    /// by the same identity as ``div255(_:)``, and merged back. Each channel becomes
    /// `s + div255(d · inverse)`, exactly as ``over(_:_:)``.
    ///
    /// - Parameters:
    ///   - source: The premultiplied source, already multiplied by its coverage.
    ///   - inverse: `255 − source.a`.
    ///   - target: The first pixel.
    ///   - count: The number of pixels.
    /// - Complexity: O(count).
    @inline(__always)
    package static func blendSpan(_ source: UInt32, inverse: UInt32, _ target: UnsafeMutablePointer<UInt32>, count: Int) {
        var index = 0
        if count >= 4 {
            let raw = UnsafeMutableRawPointer(target)
            let low = UInt16(truncatingIfNeeded: source), high = UInt16(truncatingIfNeeded: source >> 16)
            let sourceLanes = SIMD8<UInt16>(low, high, low, high, low, high, low, high)
            let factor = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: inverse))
            let half = SIMD8<UInt16>(repeating: 128), byteMask = SIMD8<UInt16>(repeating: 0x00FF)
            while index &+ 4 <= count {
                let lanes = raw.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<UInt16>.self)
                var even = (lanes & byteMask) &* factor &+ half
                even = (even &+ (even &>> 8)) &>> 8
                var odd = (lanes &>> 8) &* factor &+ half
                odd = (odd &+ (odd &>> 8)) & ~byteMask
                raw.storeBytes(of: (even | odd) &+ sourceLanes, toByteOffset: index &* 4, as: SIMD8<UInt16>.self)
                index &+= 4
            }
        }
        while index < count {
            target[index] = source &+ scale(target[index], by: inverse)
            index &+= 1
        }
    }

    /// Packs four channels into a pixel.
    ///
    /// - Parameters:
    ///   - r: Red.
    ///   - g: Green.
    ///   - b: Blue.
    ///   - a: Alpha.
    /// - Returns: `r | g << 8 | b << 16 | a << 24`.
    @inline(__always)
    package static func pack(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }
}
