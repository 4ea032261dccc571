import Timeline

/// How a path's inside is decided: SVG's `fill-rule` / `clip-rule`.
package enum RasterFillRule: Sendable, Equatable {
    /// Inside where the winding number is not zero (`nonzero`, SVG's default).
    case nonZero
    /// Inside where the winding number is odd (`evenodd`).
    case evenOdd
}

/// Maps an accumulated signed coverage (the integral of the winding number over a pixel) to an
/// 8-bit alpha. Used as a generic parameter, so the sweep is specialised per rule.
package protocol WindingRule {
    /// The 8-bit coverage for an accumulated value, rounded to nearest.
    ///
    /// - Parameter accumulated: The pixel's integral of the winding number.
    /// - Returns: `round(255 · c)` for the rule's coverage `c` in `0...1`.
    static func coverage(_ accumulated: Float) -> UInt8
}

/// The non-zero rule: coverage `min(|a|, 1)`.
package enum NonZeroWinding: WindingRule {
    /// `round(255 · min(|a|, 1))`.
    ///
    /// - Parameter accumulated: The pixel's integral of the winding number.
    /// - Returns: The 8-bit coverage.
    @inline(__always)
    package static func coverage(_ accumulated: Float) -> UInt8 {
        let value = min(abs(accumulated), 1)
        return UInt8(truncatingIfNeeded: Int32(value * 255 + 0.5))
    }
}

/// The even-odd rule: `|a|` folded into a triangle wave of period 2 (0 at even, 1 at odd values),
/// as FreeType's grey rasteriser does.
package enum EvenOddWinding: WindingRule {
    /// `round(255 · fold(|a|))`.
    ///
    /// - Parameter accumulated: The pixel's integral of the winding number.
    /// - Returns: The 8-bit coverage.
    @inline(__always)
    package static func coverage(_ accumulated: Float) -> UInt8 {
        var value = abs(accumulated)
        // value mod 2, without a call to floorf (the conversion truncates, = floor for value ≥ 0).
        value -= 2 * Float(Int32(min(value * 0.5, 1e9)))
        if value > 1 { value = 2 - value }
        return UInt8(truncatingIfNeeded: Int32(value * 255 + 0.5))
    }
}
