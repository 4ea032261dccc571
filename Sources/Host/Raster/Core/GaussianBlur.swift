#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gaussian blur of a coverage mask, as SVG's `feGaussianBlur` draws it in browsers.
///
/// The blur is separable: each row, then each column (through a transposed copy, so both passes
/// walk memory in order), is filtered and rounded to 8 bits once per direction.
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
struct GaussianBlur: Sendable {
    /// The largest σ the box approximation takes (three sums of `d ≤ 254` values of 255 fit in
    /// `UInt32`); larger values are clamped.
    static let maximumSigma = 130.0

    /// Integer working lines for the box passes, with zero padding on both sides.
    private var sumsA: [UInt32] = []
    /// The second integer working line.
    private var sumsB: [UInt32] = []
    /// A `Float` working line for the exact kernel, with zero padding.
    private var floats: [Float] = []
    /// The exact kernel's weights, `k = −r...r`.
    private var weights: [Float] = []
    /// The row-blurred mask, transposed.
    private var transposed: [UInt8] = []

    /// Creates a blur with empty scratch storage.
    init() {}

    /// How far a blur of standard deviation `sigma` spreads: `⌈3σ⌉`, or 0 when it does nothing.
    ///
    /// - Parameter sigma: The standard deviation in pixels.
    /// - Returns: The extent in pixels.
    static func extent(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0.05 else { return 0 }
        return Int((3 * min(sigma, maximumSigma)).rounded(.up))
    }

    /// The SVG spec's box size for `sigma`: `⌊σ · 3√(2π)/4 + ½⌋`.
    ///
    /// - Parameter sigma: The standard deviation in pixels.
    /// - Returns: The box size `d`.
    static func boxSize(sigma: Double) -> Int {
        Int((min(sigma, maximumSigma) * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
    }

    /// Blurs `mask` in place with standard deviations `sigmaX` across and `sigmaY` down.
    ///
    /// - Parameters:
    ///   - mask: The mask; on return its bounds are the old bounds grown by the blur's extent and
    ///     limited to `limit`.
    ///   - sigmaX: The horizontal standard deviation, in pixels (0: no horizontal blur).
    ///   - sigmaY: The vertical standard deviation, in pixels (0: no vertical blur).
    ///   - limit: The pixels worth computing (usually the canvas).
    /// - Complexity: O(area · passes), independent of σ for σ ≥ 2; O(area · σ) below.
    mutating func blur(_ mask: inout CoverageMask, sigmaX: Double, sigmaY: Double, limit: PixelRect) {
        let source = mask.bounds
        let rx = Self.extent(sigma: sigmaX), ry = Self.extent(sigma: sigmaY)
        let target = source.expanded(dx: rx, dy: ry).intersection(limit)
        guard !source.isEmpty, !target.isEmpty else {
            mask.reset(bounds: .zero)
            return
        }
        // Rows: source rows × target columns, written transposed (one row per target column).
        let transposedCount = target.width * source.height
        if transposed.count < transposedCount {
            transposed.append(contentsOf: repeatElement(0, count: transposedCount - transposed.count))
        }
        let padding = 2 * max(rx, ry) + 8
        let lineLength = max(source.width, source.height) + 2 * padding
        if sumsA.count < lineLength + 2 * padding {
            sumsA = [UInt32](repeating: 0, count: lineLength + 2 * padding)
            sumsB = sumsA
            floats = [Float](repeating: 0, count: lineLength + 2 * padding)
        }
        var buffer = transposed
        transposed = []
        buffer.withUnsafeMutableBufferPointer { rotated in
            let rotatedBase = rotated.baseAddress!
            mask.withValues { values in
                for row in 0..<source.height {
                    filterLine(
                        values + row * source.width, count: source.width, start: source.x, sigma: sigmaX, extent: rx,
                        padding: padding, output: rotatedBase + row, outputStride: source.height,
                        outputStart: target.x, outputCount: target.width)
                }
            }
            mask.resize(bounds: target)
            mask.withMutableValues { values in
                for column in 0..<target.width {
                    filterLine(
                        UnsafePointer(rotatedBase + column * source.height), count: source.height, start: source.y,
                        sigma: sigmaY, extent: ry, padding: padding, output: values + column,
                        outputStride: target.width, outputStart: target.y, outputCount: target.height)
                }
            }
        }
        transposed = buffer
    }

    /// Blurs one line of `count` values (at device coordinates `start...`) and writes the values at
    /// `outputStart..<outputStart + outputCount`, rounded, `outputStride` apart.
    ///
    /// The working line holds positions `start − margin ..< start + count + margin` (zero outside the
    /// input), wide enough for the kernel to reach every output position in full, and sits inside
    /// `padding` zeros on each side that no pass writes, so the passes need no bounds tests.
    private mutating func filterLine(
        _ input: UnsafePointer<UInt8>, count: Int, start: Int, sigma: Double, extent: Int, padding: Int,
        output: UnsafeMutablePointer<UInt8>, outputStride: Int, outputStart: Int, outputCount: Int
    ) {
        if extent == 0 {
            for index in 0..<outputCount {
                let position = outputStart + index - start
                output[index * outputStride] = position >= 0 && position < count ? input[position] : 0
            }
            return
        }
        let margin = extent + 2
        let length = count + 2 * margin
        if sigma >= 2 {
            let d = Self.boxSize(sigma: sigma)
            sumsA.withUnsafeMutableBufferPointer { a in
                sumsB.withUnsafeMutableBufferPointer { b in
                    let lineA = a.baseAddress! + padding, lineB = b.baseAddress! + padding
                    lineA.update(repeating: 0, count: margin)
                    for index in 0..<count { lineA[margin + index] = UInt32(input[index]) }
                    // Zero past the end as well (a longer line may have left sums there).
                    (lineA + margin + count).update(repeating: 0, count: margin + d + 1)
                    (lineB + length).update(repeating: 0, count: d + 1)
                    let divisor: Double
                    if d % 2 == 1 {
                        let h = (d - 1) / 2
                        Self.boxPass(lineA, lineB, length: length, left: h, right: h)
                        Self.boxPass(lineB, lineA, length: length, left: h, right: h)
                        Self.boxPass(lineA, lineB, length: length, left: h, right: h)
                        divisor = Double(d) * Double(d) * Double(d)
                    } else {
                        let h = d / 2
                        Self.boxPass(lineA, lineB, length: length, left: h, right: h - 1)
                        Self.boxPass(lineB, lineA, length: length, left: h - 1, right: h)
                        Self.boxPass(lineA, lineB, length: length, left: h, right: h)
                        divisor = Double(d) * Double(d) * Double(d + 1)
                    }
                    let scale = 1 / divisor
                    for index in 0..<outputCount {
                        let sum = lineB[outputStart + index - start + margin]
                        output[index * outputStride] = UInt8(truncatingIfNeeded: Int(Double(sum) * scale + 0.5))
                    }
                }
            }
            return
        }
        if weights.count < 2 * extent + 1 { weights = [Float](repeating: 0, count: 2 * extent + 1) }
        Self.fillWeights(&weights, sigma: sigma, radius: extent)
        floats.withUnsafeMutableBufferPointer { f in
            weights.withUnsafeBufferPointer { kernel in
                let line = f.baseAddress! + padding
                line.update(repeating: 0, count: margin)
                for index in 0..<count { line[margin + index] = Float(input[index]) }
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

    /// One box pass of running sums: `to[i] = from[i − left] + … + from[i + right]` for `i` in
    /// `0..<length`; `from` must be zero for `right` places past the end and `left` before the start.
    @inline(__always)
    private static func boxPass(
        _ from: UnsafeMutablePointer<UInt32>, _ to: UnsafeMutablePointer<UInt32>, length: Int, left: Int, right: Int
    ) {
        var sum: UInt32 = 0
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
