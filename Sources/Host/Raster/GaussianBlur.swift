import Timeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gaussian blur of a coverage mask, as SVG's `feGaussianBlur` draws it in browsers.
///
/// The blur is separable: each row, then each column, is filtered and rounded to 8 bits once per
/// direction, eight lines at a time.
///
/// - A standard deviation `σ ≥ 2` uses the SVG filter spec's three box blurs, as browsers do: box
///   size `d = ⌊σ · 3√(2π)/4 + ½⌋`; for odd `d`, three boxes of size `d` centred on the output pixel;
///   for even `d`, a box of size `d` centred on the boundary to the left of the pixel, one of size `d`
///   centred on the boundary to its right, and one of size `d + 1` centred on the pixel. The three
///   running sums are kept as exact integers (no division until the end, one rounding per
///   direction), so each pass is one integer add and subtract per pixel: O(1) per pixel whatever
///   σ. σ is capped at 130 px so the sums fit in 32 bits.
/// - A smaller σ (above 0.05) uses the exact Gaussian with radius `⌈3σ⌉`: each weight is the
///   Gaussian's integral over its pixel, normalised.
///
/// Measured error against the exact (untruncated, continuous) Gaussian blur of a 60×60 opaque
/// square, per 8-bit pixel (`RasterTests/BlurTests`):
///
/// | σ | 0.5–1.9 | 2 | 2.5 | 3 | 4 | 5 | 6 | 8 | 10 | 12 | 16 | 20 | 30 | 40 |
/// |---|---------|---|-----|---|---|---|---|---|----|----|----|----|----|----|
/// | max error /255 | < 1 | 9.5 | 3.0 | 8.3 | 7.0 | 9.9 | 7.4 | 5.5 | 4.9 | 5.3 | 8.6 | 5.3 | 6.0 | 3.6 |
///
/// so at most 9.9/255 (3.9 % of full scale) for the box approximation, which comes from the spec's
/// integer box size (three boxes of size `d` have a variance of `(d² − 1)/4`, not `σ²`). That is
/// the approximation browsers draw: Skia's CPU blur gives the same masks within 1/255 for σ ≥ 2.
/// (Below 2, Skia samples the Gaussian at pixel centres, which is up to 23/255 off at σ = 0.5.)
/// Mass (the sum of the mask) is kept to within 0.1 %.
///
/// The mask grows by `⌈3σ⌉` pixels on each side (limited to a given rectangle), which holds the whole
/// support of either filter.
package struct GaussianBlur: Sendable {
    /// The largest σ the box approximation takes (three sums of `d ≤ 254` values of 255 fit in
    /// `UInt32`); larger values are clamped.
    package static let maximumSigma = 130.0

    /// Eight working lines for the box passes, side by side (lane `k` of element `i` is line `k`'s
    /// value `i`), with zero padding on both sides.
    private var lanesA: [SIMD8<UInt32>] = []
    /// The second set of eight working lines.
    private var lanesB: [SIMD8<UInt32>] = []
    /// A `Float` working line for the exact kernel, with zero padding.
    private var floats: [Float] = []
    /// The exact kernel's weights, `k = −r...r`.
    private var weights: [Float] = []
    /// The row-blurred mask: source rows × target columns, row-major.
    private var rowBlurred: [UInt8] = []

    /// Creates a blur with empty scratch storage.
    package init() {}

    /// How far a blur of standard deviation `sigma` spreads: `⌈3σ⌉`, or 0 when it does nothing.
    ///
    /// - Parameter sigma: The standard deviation in pixels.
    /// - Returns: The extent in pixels.
    package static func extent(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0.05 else { return 0 }
        return Int((3 * min(sigma, maximumSigma)).rounded(.up))
    }

    /// The SVG spec's box size for `sigma`: `⌊σ · 3√(2π)/4 + ½⌋`.
    ///
    /// - Parameter sigma: The standard deviation in pixels.
    /// - Returns: The box size `d`.
    package static func boxSize(sigma: Double) -> Int {
        Int((min(sigma, maximumSigma) * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
    }

    /// Where a group of up to eight parallel lines lies in memory: line `k`'s element `i` is at
    /// `k · lineStride + i · elementStride` from the base.
    private struct LineLayout {
        /// The distance between neighbouring lines.
        var lineStride: Int
        /// The distance between neighbouring elements of a line.
        var elementStride: Int
    }

    /// Blurs `mask` in place with standard deviations `sigmaX` across and `sigmaY` down.
    ///
    /// Rows are filtered eight at a time (each lane of the working vectors is one row), then
    /// columns eight at a time (eight neighbouring columns are eight neighbouring bytes), so the
    /// running sums of eight lines advance together and neither pass transposes the mask.
    ///
    /// - Parameters:
    ///   - mask: The mask; on return its bounds are the old bounds grown by the blur's extent and
    ///     limited to `limit`.
    ///   - sigmaX: The horizontal standard deviation, in pixels (0: no horizontal blur).
    ///   - sigmaY: The vertical standard deviation, in pixels (0: no vertical blur).
    ///   - limit: The pixels worth computing (usually the canvas).
    /// - Complexity: O(area · passes), independent of σ for σ ≥ 2; O(area · σ) below.
    package mutating func blur(_ mask: inout CoverageMask, sigmaX: Double, sigmaY: Double, limit: PixelRect) {
        let source = mask.bounds
        let rx = Self.extent(sigma: sigmaX), ry = Self.extent(sigma: sigmaY)
        let target = source.expanded(dx: rx, dy: ry).intersection(limit)
        guard !source.isEmpty, !target.isEmpty else {
            mask.reset(bounds: .zero)
            return
        }
        let middleCount = target.width * source.height
        if rowBlurred.count < middleCount {
            rowBlurred.append(contentsOf: repeatElement(0, count: middleCount - rowBlurred.count))
        }
        let padding = 2 * max(rx, ry) + 8
        let lineLength = max(source.width, source.height) + 2 * padding
        if lanesA.count < lineLength + 2 * padding {
            lanesA = [SIMD8<UInt32>](repeating: .zero, count: lineLength + 2 * padding)
            lanesB = lanesA
            floats = [Float](repeating: 0, count: lineLength + 2 * padding)
        }
        var middle = rowBlurred
        rowBlurred = []
        middle.withUnsafeMutableBufferPointer { middleBuffer in
            let middleBase = middleBuffer.baseAddress!
            mask.withValues { values in
                var row = 0
                while row < source.height {
                    let lines = min(8, source.height - row)
                    filterLines(
                        values + row * source.width, lines: lines,
                        LineLayout(lineStride: source.width, elementStride: 1), count: source.width,
                        start: source.x, sigma: sigmaX, extent: rx, padding: padding,
                        output: middleBase + row * target.width,
                        LineLayout(lineStride: target.width, elementStride: 1),
                        outputStart: target.x, outputCount: target.width)
                    row += lines
                }
            }
            mask.resize(bounds: target)
            mask.withMutableValues { values in
                var column = 0
                while column < target.width {
                    let lines = min(8, target.width - column)
                    filterLines(
                        UnsafePointer(middleBase + column), lines: lines,
                        LineLayout(lineStride: 1, elementStride: target.width), count: source.height,
                        start: source.y, sigma: sigmaY, extent: ry, padding: padding,
                        output: values + column, LineLayout(lineStride: 1, elementStride: target.width),
                        outputStart: target.y, outputCount: target.height)
                    column += lines
                }
            }
        }
        rowBlurred = middle
    }

    /// Blurs `lines` parallel lines of `count` values (at device coordinates `start...`) and
    /// writes each line's values at `outputStart..<outputStart + outputCount`, rounded.
    ///
    /// The working lines hold positions `start − margin ..< start + count + margin` (zero outside
    /// the input), wide enough for the kernel to reach every output position in full, and sit
    /// inside `padding` places on each side (zeroed as far as a box reaches), so the passes need no
    /// bounds tests.
    private mutating func filterLines(
        _ input: UnsafePointer<UInt8>, lines: Int, _ inputLayout: LineLayout, count: Int, start: Int,
        sigma: Double, extent: Int, padding: Int,
        output: UnsafeMutablePointer<UInt8>, _ outputLayout: LineLayout, outputStart: Int, outputCount: Int
    ) {
        if extent == 0 {
            for line in 0..<lines {
                let from = input + line * inputLayout.lineStride, to = output + line * outputLayout.lineStride
                for index in 0..<outputCount {
                    let position = outputStart + index - start
                    to[index * outputLayout.elementStride] = position >= 0 && position < count
                        ? from[position * inputLayout.elementStride] : 0
                }
            }
            return
        }
        guard sigma >= 2 else {
            for line in 0..<lines {
                exactKernelLine(
                    input + line * inputLayout.lineStride, stride: inputLayout.elementStride, count: count,
                    start: start, sigma: sigma, extent: extent, padding: padding,
                    output: output + line * outputLayout.lineStride, outputStride: outputLayout.elementStride,
                    outputStart: outputStart, outputCount: outputCount)
            }
            return
        }
        let margin = extent + 2
        let length = count + 2 * margin
        let d = Self.boxSize(sigma: sigma)
        lanesA.withUnsafeMutableBufferPointer { a in
            lanesB.withUnsafeMutableBufferPointer { b in
                let lineA = a.baseAddress! + padding, lineB = b.baseAddress! + padding
                // Zeros before both lines for the passes' left reach (an earlier blur with another
                // padding may have left sums there), the margin, the values, and zeros after.
                (lineA - (d + 1)).update(repeating: .zero, count: d + 1 + margin)
                (lineB - (d + 1)).update(repeating: .zero, count: d + 1)
                Self.load(input, lines: lines, inputLayout, count: count, into: lineA + margin)
                // Zero past the end as well (a longer line may have left sums there).
                (lineA + margin + count).update(repeating: .zero, count: margin + d + 1)
                (lineB + length).update(repeating: .zero, count: d + 1)
                let divisor: Int
                if d % 2 == 1 {
                    let h = (d - 1) / 2
                    Self.boxPass(lineA, lineB, length: length, left: h, right: h)
                    Self.boxPass(lineB, lineA, length: length, left: h, right: h)
                    Self.boxPass(lineA, lineB, length: length, left: h, right: h)
                    divisor = d * d * d
                } else {
                    let h = d / 2
                    Self.boxPass(lineA, lineB, length: length, left: h, right: h - 1)
                    Self.boxPass(lineB, lineA, length: length, left: h - 1, right: h)
                    Self.boxPass(lineA, lineB, length: length, left: h, right: h)
                    divisor = d * d * (d + 1)
                }
                Self.store(
                    UnsafePointer(lineB + (outputStart - start + margin)), count: outputCount, divisor: divisor,
                    lines: lines, into: output, outputLayout)
            }
        }
    }

    /// Copies element `i` of each of `lines` lines into lane `k` of `working[i]` (lanes past
    /// `lines` are 0).
    @inline(__always)
    private static func load(
        _ input: UnsafePointer<UInt8>, lines: Int, _ layout: LineLayout, count: Int,
        into working: UnsafeMutablePointer<SIMD8<UInt32>>
    ) {
        if lines == 8 && layout.lineStride == 1 {
            // Eight neighbouring columns: eight neighbouring bytes.
            let raw = UnsafeRawPointer(input)
            let step = layout.elementStride
            for index in 0..<count {
                let bytes = raw.loadUnaligned(fromByteOffset: index &* step, as: SIMD8<UInt8>.self)
                working[index] = SIMD8<UInt32>(truncatingIfNeeded: bytes)
            }
        } else if lines == 8 && layout.elementStride == 1 {
            let s = layout.lineStride
            for index in 0..<count {
                let p = input + index
                working[index] = SIMD8<UInt32>(
                    UInt32(p[0]), UInt32(p[s]), UInt32(p[2 &* s]), UInt32(p[3 &* s]),
                    UInt32(p[4 &* s]), UInt32(p[5 &* s]), UInt32(p[6 &* s]), UInt32(p[7 &* s]))
            }
        } else {
            for index in 0..<count {
                var value = SIMD8<UInt32>.zero
                for line in 0..<lines {
                    value[line] = UInt32(input[line &* layout.lineStride &+ index &* layout.elementStride])
                }
                working[index] = value
            }
        }
    }

    /// Writes `⌊sum / divisor + ½⌋` (computed as `sum · (1 / divisor) + ½` in `Double`, rounded
    /// down) of each of `count` working elements to its `lines` lines.
    @inline(__always)
    private static func store(
        _ sums: UnsafePointer<SIMD8<UInt32>>, count: Int, divisor: Int, lines: Int,
        into output: UnsafeMutablePointer<UInt8>, _ layout: LineLayout
    ) {
        let scales = SIMD8<Double>(repeating: 1 / Double(divisor)), half = SIMD8<Double>(repeating: 0.5)
        // 2⁵²: adding it to a double in 0..<2⁵² rounds it to an integer, held in the low bits.
        let magic = SIMD8<Double>(repeating: 4_503_599_627_370_496)
        // Eight lines wholly outside or wholly inside the shape (most of a large shadow) need no
        // arithmetic: their sums are 0 or 255 · divisor exactly.
        let fullWords = unsafeBitCast(SIMD8<UInt32>(repeating: UInt32(255 * divisor)), to: SIMD4<UInt64>.self)
        // Sums below 2³¹ convert to double as signed integers, which vector units do directly.
        let signed = 255 * divisor < Int(Int32.max)
        @inline(__always) func rounded(_ sum: SIMD8<UInt32>) -> SIMD8<UInt8> {
            // Tested as four 64-bit words (the vector `==` compares lane by lane, with branches).
            let words = unsafeBitCast(sum, to: SIMD4<UInt64>.self)
            let zeroTest = words[0] | words[1] | words[2] | words[3]
            if zeroTest == 0 { return .zero }
            let differences = words ^ fullWords
            if differences[0] | differences[1] | differences[2] | differences[3] == 0 {
                return SIMD8<UInt8>(repeating: 255)
            }
            // ⌊sum · scale + ½⌋ in vector operations only (the standard library's vector
            // float-to-integer conversion is per lane and generic): round to nearest, step down
            // where that went up, then read the integer (at most 255) from the bits.
            let wide = signed ? SIMD8<Double>(SIMD8<Int32>(truncatingIfNeeded: sum)) : SIMD8<Double>(sum)
            let values = wide * scales + half
            var whole = (values + magic) - magic
            whole.replace(with: whole - 1, where: whole .> values)
            return SIMD8<UInt8>(truncatingIfNeeded: unsafeBitCast(whole + magic, to: SIMD8<UInt64>.self))
        }
        if lines == 8 && layout.lineStride == 1 {
            // Eight neighbouring columns: eight neighbouring bytes.
            let raw = UnsafeMutableRawPointer(output)
            let step = layout.elementStride
            for index in 0..<count {
                raw.storeBytes(of: rounded(sums[index]), toByteOffset: index &* step, as: SIMD8<UInt8>.self)
            }
        } else if lines == 8 && layout.elementStride == 1 {
            // Eight rows: one byte into each.
            let s = layout.lineStride
            for index in 0..<count {
                let bytes = rounded(sums[index])
                let p = output + index
                p[0] = bytes[0]
                p[s] = bytes[1]
                p[2 &* s] = bytes[2]
                p[3 &* s] = bytes[3]
                p[4 &* s] = bytes[4]
                p[5 &* s] = bytes[5]
                p[6 &* s] = bytes[6]
                p[7 &* s] = bytes[7]
            }
        } else {
            for index in 0..<count {
                let bytes = rounded(sums[index])
                for line in 0..<lines {
                    output[line &* layout.lineStride &+ index &* layout.elementStride] = bytes[line]
                }
            }
        }
    }

    /// Blurs one line with the exact Gaussian kernel (σ < 2), as ``filterLines`` does with boxes.
    private mutating func exactKernelLine(
        _ input: UnsafePointer<UInt8>, stride: Int, count: Int, start: Int, sigma: Double, extent: Int,
        padding: Int, output: UnsafeMutablePointer<UInt8>, outputStride: Int, outputStart: Int, outputCount: Int
    ) {
        // An output position reaches `extent` places beyond the input, and its kernel `extent`
        // more: the zeros before the values cover both (with fewer, the kernel read what an
        // earlier line with another padding left there).
        let margin = 2 * extent + 2
        if weights.count < 2 * extent + 1 { weights = [Float](repeating: 0, count: 2 * extent + 1) }
        Self.fillWeights(&weights, sigma: sigma, radius: extent)
        floats.withUnsafeMutableBufferPointer { f in
            weights.withUnsafeBufferPointer { kernel in
                let line = f.baseAddress! + padding
                line.update(repeating: 0, count: margin)
                for index in 0..<count { line[margin + index] = Float(input[index * stride]) }
                (line + margin + count).update(repeating: 0, count: margin + extent + 1)
                for index in 0..<outputCount {
                    let center = outputStart + index - start + margin
                    var sum: Float = 0
                    for k in 0...(2 * extent) { sum += kernel[k] * line[center - extent + k] }
                    output[index * outputStride] = UInt8(truncatingIfNeeded: Int32(min(max(sum, 0), 255) + 0.5))
                }
            }
        }
    }

    /// One box pass of running sums over eight lines at once: `to[i] = from[i − left] + … +
    /// from[i + right]` for `i` in `0..<length`; `from` must be zero for `right` places past the
    /// end and `left` before the start.
    @inline(__always)
    private static func boxPass(
        _ from: UnsafeMutablePointer<SIMD8<UInt32>>, _ to: UnsafeMutablePointer<SIMD8<UInt32>>,
        length: Int, left: Int, right: Int
    ) {
        var sum = SIMD8<UInt32>.zero
        for index in 0..<right { sum &+= from[index] }
        for index in 0..<length {
            sum &+= from[index &+ right]
            to[index] = sum
            sum &-= from[index &- left]
        }
    }

    /// The exact Gaussian kernel of `sigma` for a piecewise-constant image: weight `k` is the
    /// Gaussian's integral over pixel `k`, `Φ((k + ½)/σ) − Φ((k − ½)/σ)`, normalised over `−r...r`.
    /// (Sampling the Gaussian at pixel centres instead is off by up to 9 % for σ = 0.5.)
    private static func fillWeights(_ weights: inout [Float], sigma: Double, radius: Int) {
        let scale = 1 / (sigma * 2.0.squareRoot())
        var total = 0.0
        for k in -radius...radius { total += erf((Double(k) + 0.5) * scale) - erf((Double(k) - 0.5) * scale) }
        for k in -radius...radius {
            weights[k + radius] = Float((erf((Double(k) + 0.5) * scale) - erf((Double(k) - 0.5) * scale)) / total)
        }
    }
}
