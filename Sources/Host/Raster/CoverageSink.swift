import Timeline

/// Receives the coverage that ``CoverageAccumulator/sweep(_:into:)`` produces, row by row, left to
/// right. Used as a generic parameter (never an existential), so each sink's code is inlined into
/// the sweep.
///
/// Rows and columns are relative to the accumulator's bounds.
package protocol CoverageSink {
    /// `count` pixels from column `x` of `row` all have the same coverage (never 0).
    ///
    /// - Parameters:
    ///   - row: The row, relative to the bounds.
    ///   - x: The first column, relative to the bounds.
    ///   - count: The number of pixels, at least 1.
    ///   - coverage: The coverage, `1...255`.
    mutating func span(row: Int, x: Int, count: Int, coverage: UInt8)

    /// `count` pixels from column `x` of `row` have the coverages `coverage[0..<count]` (some may be 0).
    ///
    /// - Parameters:
    ///   - row: The row, relative to the bounds.
    ///   - x: The first column, relative to the bounds.
    ///   - coverage: The coverages; valid only during the call.
    ///   - count: The number of pixels, at least 1.
    mutating func pixels(row: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int)
}

/// Writes coverage into a zeroed mask whose rows line up with the accumulator's.
package struct MaskWriter: CoverageSink {
    /// The mask value for the accumulator's top-left pixel.
    package let origin: UnsafeMutablePointer<UInt8>
    /// Bytes per mask row.
    package let stride: Int

    @inline(__always)
    package mutating func span(row: Int, x: Int, count: Int, coverage: UInt8) {
        (origin + (row &* stride + x)).update(repeating: coverage, count: count)
    }

    @inline(__always)
    package mutating func pixels(row: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int) {
        (origin + (row &* stride + x)).update(from: coverage, count: count)
    }
}

/// Composites a solid premultiplied colour through the coverage, source-over, onto a canvas.
///
/// Spans of full coverage of an opaque colour are plain stores; other spans blend every pixel with
/// one precomputed source and inverse alpha (a loop the compiler vectorises).
package struct SolidPainter: CoverageSink {
    /// The canvas pixel under the accumulator's top-left pixel.
    package let origin: UnsafeMutablePointer<UInt32>
    /// Pixels per canvas row.
    package let stride: Int
    /// The packed premultiplied colour.
    package let color: UInt32

    @inline(__always)
    package mutating func span(row: Int, x: Int, count: Int, coverage: UInt8) {
        let target = origin + (row &* stride + x)
        let source = coverage == 255 ? color : PixelMath.scale(color, by: UInt32(coverage))
        let inverse = 255 &- (source >> 24)
        if inverse == 0 {
            target.update(repeating: source, count: count)
            return
        }
        PixelMath.blendSpan(source, inverse: inverse, target, count: count)
    }

    @inline(__always)
    package mutating func pixels(row: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int) {
        let target = origin + (row &* stride + x)
        // Runs of one value (a blurred shadow's inside, a clip's) go through the vector span;
        // the rest pixel by pixel. Both give the same pixels.
        var index = 0
        while index < count {
            let value = coverage[index]
            var end = index &+ 1
            while end < count && coverage[end] == value { end &+= 1 }
            if value != 0 {
                if end &- index >= 8 {
                    span(row: row, x: x &+ index, count: end &- index, coverage: value)
                } else {
                    for position in index..<end {
                        target[position] = PixelMath.over(color, coverage: UInt32(value), target[position])
                    }
                }
            }
            index = end
        }
    }
}

/// Composites a solid colour through the coverage multiplied by a clip mask (each product rounded
/// to 8 bits), source-over, onto a canvas.
package struct ClippedSolidPainter: CoverageSink {
    /// The canvas pixel under the accumulator's top-left pixel.
    package let origin: UnsafeMutablePointer<UInt32>
    /// Pixels per canvas row.
    package let stride: Int
    /// The clip value under the accumulator's top-left pixel (the clip must cover the bounds).
    package let clip: UnsafePointer<UInt8>
    /// Bytes per clip row.
    package let clipStride: Int
    /// The packed premultiplied colour.
    package let color: UInt32

    @inline(__always)
    package mutating func span(row: Int, x: Int, count: Int, coverage: UInt8) {
        let target = origin + (row &* stride + x)
        let mask = clip + (row &* clipStride + x)
        for index in 0..<count {
            let value = PixelMath.multiply(coverage, mask[index])
            if value == 0 { continue }
            target[index] = PixelMath.over(color, coverage: UInt32(value), target[index])
        }
    }

    @inline(__always)
    package mutating func pixels(row: Int, x: Int, coverage: UnsafePointer<UInt8>, count: Int) {
        let target = origin + (row &* stride + x)
        let mask = clip + (row &* clipStride + x)
        for index in 0..<count {
            let value = PixelMath.multiply(coverage[index], mask[index])
            if value == 0 { continue }
            target[index] = PixelMath.over(color, coverage: UInt32(value), target[index])
        }
    }
}
