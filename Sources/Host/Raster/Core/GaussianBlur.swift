#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gaussian blur of a coverage mask, as SVG's `feGaussianBlur` draws it in browsers.
///
/// The blur is separable: each row, then each column (through a transposed copy, so both passes
/// walk memory in order), is filtered in `Float` and rounded to 8 bits once per pass.
///
/// - A standard deviation `σ ≥ 2` uses the SVG filter spec's three box blurs, as browsers do: box
///   size `d = ⌊σ · 3√(2π)/4 + ½⌋`; for odd `d`, three boxes of size `d` centred on the output pixel;
///   for even `d`, a box of size `d` centred on the boundary to the left of the pixel, one of size `d`
///   centred on the boundary to its right, and one of size `d + 1` centred on the pixel. Cost: O(1)
///   per pixel whatever σ.
/// - A smaller σ (above 0.05) uses the exact Gaussian kernel with radius `⌈3σ⌉`, normalised.
///
/// Measured error against the exact (untruncated) Gaussian, on the 8-bit blurred profile of a large
/// opaque square (`RasterTests/BlurTests`): box approximation, σ = 2…40, at most 5.9/255 (2.3 %) of
/// full scale per pixel; exact kernel, σ = 0.5…1.9, at most 1/255. Mass (the sum of the mask) is
/// kept to within 0.1 %.
///
/// The mask grows by `⌈3σ⌉` pixels on each side (limited to a given rectangle), which holds the whole
/// support of either filter.
struct GaussianBlur: Sendable {
    /// A working line: the values of one row or column with zero guards around it.
    private var lineA: [Float] = []
    /// The second working line.
    private var lineB: [Float] = []
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
        return Int(min(3 * sigma, 100_000).rounded(.up))
    }

    /// The SVG spec's box size for `sigma`: `⌊σ · 3√(2π)/4 + ½⌋`.
    ///
    /// - Parameter sigma: The standard deviation in pixels.
    /// - Returns: The box size `d`.
    static func boxSize(sigma: Double) -> Int {
        Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
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
        prepareLines(length: max(source.width, source.height) + 4 * max(rx, ry) + 8)
        var buffer = transposed
        transposed = []
        buffer.withUnsafeMutableBufferPointer { rotated in
            let rotatedBase = rotated.baseAddress!
            mask.withValues { values in
                for row in 0..<source.height {
                    filterLine(
                        values + row * source.width, stride: 1, count: source.width, start: source.x,
                        sigma: sigmaX, extent: rx,
                        output: rotatedBase + row, outputStride: source.height,
                        outputStart: target.x, outputCount: target.width)
                }
            }
            mask.resize(bounds: target)
            mask.withMutableValues { values in
                for column in 0..<target.width {
                    filterLine(
                        UnsafePointer(rotatedBase + column * source.height), stride: 1, count: source.height,
                        start: source.y, sigma: sigmaY, extent: ry,
                        output: values + column, outputStride: target.width,
                        outputStart: target.y, outputCount: target.height)
                }
            }
        }
        transposed = buffer
    }

    /// Grows the working lines to `length` plus guards, all zero.
    private mutating func prepareLines(length: Int) {
        if lineA.count < length {
            lineA = [Float](repeating: 0, count: length)
            lineB = [Float](repeating: 0, count: length)
        }
    }

    /// Blurs one line of `count` values (at device coordinates `start...`) and writes the values at
    /// `outputStart..<outputStart + outputCount`, rounded, `outputStride` apart.
    private mutating func filterLine(
        _ input: UnsafePointer<UInt8>, stride: Int, count: Int, start: Int, sigma: Double, extent: Int,
        output: UnsafeMutablePointer<UInt8>, outputStride: Int, outputStart: Int, outputCount: Int
    ) {
        // The line holds positions start − guard ..< start + count + guard, zero outside the input;
        // the guards are wide enough for the kernel to reach every output position in full.
        let guardSize = 2 * extent + 2
        let length = count + 2 * guardSize
        if extent == 0 {
            for index in 0..<outputCount {
                let position = outputStart + index - start
                output[index * outputStride] = position >= 0 && position < count ? input[position * stride] : 0
            }
            return
        }
        if weights.count < 2 * extent + 1 { weights = [Float](repeating: 0, count: 2 * extent + 1) }
        let box = sigma >= 2
        if !box { Self.fillWeights(&weights, sigma: sigma, radius: extent) }
        lineA.withUnsafeMutableBufferPointer { a in
            lineB.withUnsafeMutableBufferPointer { b in
                weights.withUnsafeBufferPointer { kernel in
                    let lineA = a.baseAddress!, lineB = b.baseAddress!
                    lineA.update(repeating: 0, count: length)
                    for index in 0..<count { lineA[guardSize + index] = Float(input[index * stride]) }
                    let result: UnsafeMutablePointer<Float>
                    if box {
                        let d = Self.boxSize(sigma: sigma)
                        let scratch = lineB
                        if d % 2 == 1 {
                            let h = (d - 1) / 2
                            Self.boxPass(lineA, scratch, length: length, left: h, right: h)
                            Self.boxPass(scratch, lineA, length: length, left: h, right: h)
                            Self.boxPass(lineA, scratch, length: length, left: h, right: h)
                        } else {
                            let h = d / 2
                            Self.boxPass(lineA, scratch, length: length, left: h, right: h - 1)
                            Self.boxPass(scratch, lineA, length: length, left: h - 1, right: h)
                            Self.boxPass(lineA, scratch, length: length, left: h, right: h)
                        }
                        result = scratch
                    } else {
                        lineB.update(repeating: 0, count: length)
                        for index in extent..<(length - extent) {
                            var sum: Float = 0
                            for k in 0...(2 * extent) { sum += kernel[k] * lineA[index - extent + k] }
                            lineB[index] = sum
                        }
                        result = lineB
                    }
                    for index in 0..<outputCount {
                        let position = outputStart + index - start + guardSize
                        let value = position >= 0 && position < length ? result[position] : 0
                        output[index * outputStride] = UInt8(truncatingIfNeeded: Int32(min(max(value, 0), 255) + 0.5))
                    }
                }
            }
        }
    }

    /// One box pass: `to[i] = (from[i − left] + … + from[i + right]) / (left + right + 1)`, with the
    /// values past either end of the line counting as 0.
    @inline(__always)
    private static func boxPass(
        _ from: UnsafeMutablePointer<Float>, _ to: UnsafeMutablePointer<Float>, length: Int, left: Int, right: Int
    ) {
        let scale = 1 / Float(left + right + 1)
        var sum: Float = 0
        for index in 0..<min(right, length) { sum += from[index] }
        for index in 0..<length {
            let entering = index + right
            if entering < length { sum += from[entering] }
            to[index] = sum * scale
            let leaving = index - left
            if leaving >= 0 { sum -= from[leaving] }
        }
    }

    /// The normalised exact Gaussian kernel of `sigma` with the given radius.
    private static func fillWeights(_ weights: inout [Float], sigma: Double, radius: Int) {
        var total = 0.0
        for k in -radius...radius { total += exp(-Double(k * k) / (2 * sigma * sigma)) }
        for k in -radius...radius {
            weights[k + radius] = Float(exp(-Double(k * k) / (2 * sigma * sigma)) / total)
        }
    }
}
