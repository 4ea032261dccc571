
// A PNG writer for 8-bit RGBA images (PNG specification, third edition: colour type 6, bit
// depth 8, no interlace), with its own zlib compressor.

/// Encodes 8-bit RGBA images as PNG files, reusing its working memory from image to image.
///
/// The file has an `IHDR` chunk (colour type 6, truecolour with alpha, 8 bits per channel,
/// not interlaced), the image data in one or more `IDAT` chunks, and `IEND`; nothing else: no
/// time stamp, no text, no gamma. Each row is filtered with the PNG filter type whose output
/// has the smallest sum of absolute signed bytes (libpng's heuristic), and the filtered rows
/// are compressed with a built-in deflate compressor about as thorough as zlib's level 6.
///
/// The bytes depend on the pixels alone, the same on every run and machine.
///
///     var encoder = PNGEncoder()
///     var file: [UInt8] = []
///     for frame in frames {
///         try encoder.encode(width: 1920, height: 1080, rgba: frame.pixels, into: &file)
///         try write(file, to: frame.path)
///     }
///
/// An encoder keeps its buffers (a filtered copy of the image, height × (4 × width + 1) bytes,
/// four rows of scratch, the compressor's tables, about 350 KiB, and the compressed stream),
/// so encoding image after image of the same size allocates nothing after the first, apart
/// from growing `output` if it is too small.
///
/// `PNGEncoder` is a value type: copies are independent, and it can be sent between tasks.
/// Encoding mutates it; use one encoder per task that encodes.
public struct PNGEncoder: Sendable {
    private var compressor = DeflateCompressor()
    /// Filter type bytes and filtered rows, one after the other (the zlib stream's input).
    private var filtered: [UInt8] = []
    /// A row of zeros (the row above the first), two rows for un-premultiplied pixels, and a
    /// spare row for the filter heuristic.
    private var rows: [UInt8] = []

    /// The largest IDAT chunk written; longer image data is split over several chunks.
    package static let maxIDATLength = 1 << 18

    /// Creates an encoder. It allocates its buffers on first use.
    public init() {}

    /// Encodes an RGBA image as a PNG file, replacing the contents of `output`.
    ///
    /// Rows are read from `rgba`, top to bottom: row *y* starts at byte *y* × `rowStride` and
    /// holds `width` pixels of 4 bytes, red, green, blue, alpha. Bytes between rows (when the
    /// stride is larger than a row) are never read.
    ///
    /// - Parameters:
    ///   - width: Pixels per row, 1 through 2³¹ − 1.
    ///   - height: Rows, 1 through 2³¹ − 1.
    ///   - rgba: The pixels; at least (`height` − 1) × `rowStride` + 4 × `width` bytes.
    ///   - rowStride: Bytes from the start of one row to the start of the next, at least
    ///     4 × `width`; `nil` (the default) for tightly packed rows, 4 × `width`.
    ///   - alpha: Whether colours are straight or premultiplied by alpha (see `PNGAlpha` for
    ///     the exact rounding of premultiplied input). Straight by default.
    ///   - output: Receives the PNG file. Its previous contents are removed, its capacity kept:
    ///     pass the same array frame after frame to avoid allocating.
    /// - Throws: `PNGError` if a size is out of range or `rgba` is too small; `output` is then
    ///   left as it was.
    /// - Complexity: O(`width` × `height`).
    public mutating func encode(
        width: Int, height: Int, rgba: UnsafeRawBufferPointer, rowStride: Int? = nil,
        alpha: PNGAlpha = .straight, into output: inout [UInt8]
    ) throws(PNGError) {
        let layout = try Layout(width: width, height: height, rowStride: rowStride, byteCount: rgba.count)
        filterAndCompressRows(rgba.baseAddress!, layout: layout, alpha: alpha)
        output.removeAll(keepingCapacity: true)
        compressor.withCompressedBytes { stream in
            PNGChunkWriter.writeFile(width: width, height: height, imageData: stream,
                                     maxIDATLength: Self.maxIDATLength, to: &output)
        }
    }

    /// Encodes an RGBA image as a PNG file and returns the file's bytes.
    ///
    /// The same as `encode(width:height:rgba:rowStride:alpha:into:)`, into a new array.
    ///
    /// - Returns: The PNG file.
    /// - Throws: `PNGError` if a size is out of range or `rgba` is too small.
    public mutating func encode(
        width: Int, height: Int, rgba: UnsafeRawBufferPointer, rowStride: Int? = nil,
        alpha: PNGAlpha = .straight
    ) throws(PNGError) -> [UInt8] {
        var output: [UInt8] = []
        try encode(width: width, height: height, rgba: rgba, rowStride: rowStride, alpha: alpha, into: &output)
        return output
    }

    /// Encodes an RGBA image held in an array as a PNG file, replacing the contents of `output`.
    ///
    /// The same as `encode(width:height:rgba:rowStride:alpha:into:)` with the array's bytes.
    ///
    /// - Throws: `PNGError` if a size is out of range or `rgba` is too small.
    public mutating func encode(
        width: Int, height: Int, rgba: [UInt8], rowStride: Int? = nil,
        alpha: PNGAlpha = .straight, into output: inout [UInt8]
    ) throws(PNGError) {
        // `withUnsafeBytes` rethrows untyped errors; carry the typed one out.
        let failure = rgba.withUnsafeBytes { pixels -> PNGError? in
            do throws(PNGError) {
                try encode(width: width, height: height, rgba: pixels, rowStride: rowStride, alpha: alpha, into: &output)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Encodes an RGBA image held in an array as a PNG file and returns the file's bytes.
    ///
    /// - Returns: The PNG file.
    /// - Throws: `PNGError` if a size is out of range or `rgba` is too small.
    public mutating func encode(
        width: Int, height: Int, rgba: [UInt8], rowStride: Int? = nil, alpha: PNGAlpha = .straight
    ) throws(PNGError) -> [UInt8] {
        var output: [UInt8] = []
        try encode(width: width, height: height, rgba: rgba, rowStride: rowStride, alpha: alpha, into: &output)
        return output
    }

    // MARK: - Filtering

    /// Filtered bytes compressed at a time: the rows filtered since the last piece are still in
    /// the cache when the compressor reads them.
    package static let pieceLength = 1 << 16

    /// Filters every row into `filtered` (un-premultiplying first if needed) and compresses
    /// them piece by piece into the compressor's zlib stream.
    private mutating func filterAndCompressRows(_ pixels: UnsafeRawPointer, layout: Layout, alpha: PNGAlpha) {
        let rowBytes = layout.rowBytes
        if filtered.count < layout.filteredCount {
            filtered = [UInt8](repeating: 0, count: layout.filteredCount)
        }
        if rows.count < 4 * rowBytes {
            rows = [UInt8](repeating: 0, count: 4 * rowBytes)
        }
        let source = pixels.assumingMemoryBound(to: UInt8.self)
        rows.withUnsafeMutableBufferPointer { rows in
            let zeros = UnsafePointer(rows.baseAddress!)
            var current = rows.baseAddress! + rowBytes
            var above = rows.baseAddress! + 2 * rowBytes
            let spare = rows.baseAddress! + 3 * rowBytes
            var guess = PNGRowFilter.none
            let rowsPerPiece = max(1, Self.pieceLength / (rowBytes + 1))
            compressor.beginStream()
            filtered.withUnsafeMutableBufferPointer { filtered in
                var output = filtered.baseAddress!
                for y in 0..<layout.height {
                    let raw = source + y * layout.rowStride
                    switch alpha {
                    case .straight:
                        let previous = y == 0 ? zeros : UnsafePointer(raw - layout.rowStride)
                        guess = PNGRowFilter.filterRow(
                            raw, previous: previous, count: rowBytes, into: output, spare: spare, firstGuess: guess)
                    case .premultiplied:
                        AlphaUnpremultiplier.convertRow(raw, into: current, pixelCount: layout.width)
                        let previous = y == 0 ? zeros : UnsafePointer(above)
                        guess = PNGRowFilter.filterRow(
                            current, previous: previous, count: rowBytes, into: output, spare: spare, firstGuess: guess)
                        swap(&current, &above)
                    }
                    output += rowBytes + 1
                    let isLastRow = y == layout.height - 1
                    if isLastRow || (y + 1) % rowsPerPiece == 0 {
                        let done = UnsafeRawBufferPointer(start: filtered.baseAddress, count: output - filtered.baseAddress!)
                        compressor.continueStream(done, isEndOfInput: isLastRow)
                    }
                }
            }
        }
    }

    /// Checked sizes of one image.
    private struct Layout {
        let width: Int
        let height: Int
        let rowBytes: Int
        let rowStride: Int
        /// Filter bytes and filtered rows: `height × (rowBytes + 1)`.
        let filteredCount: Int

        init(width: Int, height: Int, rowStride: Int?, byteCount: Int) throws(PNGError) {
            guard (1...PNGError.maxDimension).contains(width) else { throw .invalidWidth(width) }
            guard (1...PNGError.maxDimension).contains(height) else { throw .invalidHeight(height) }
            let (rowBytes, rowOverflow) = width.multipliedReportingOverflow(by: 4)
            let (filteredCount, filteredOverflow) = height.multipliedReportingOverflow(by: rowBytes &+ 1)
            guard !rowOverflow, !filteredOverflow, rowBytes < Int.max else {
                throw .imageTooLarge(width: width, height: height)
            }
            let rowStride = rowStride ?? rowBytes
            guard rowStride >= rowBytes else { throw .invalidRowStride(rowStride, minimum: rowBytes) }
            let (spanned, spanOverflow) = (height - 1).multipliedReportingOverflow(by: rowStride)
            let (required, requiredOverflow) = spanned.addingReportingOverflow(rowBytes)
            guard !spanOverflow, !requiredOverflow else {
                throw .bufferTooSmall(byteCount: byteCount, required: .max)
            }
            guard byteCount >= required else { throw .bufferTooSmall(byteCount: byteCount, required: required) }
            self.width = width
            self.height = height
            self.rowBytes = rowBytes
            self.rowStride = rowStride
            self.filteredCount = filteredCount
        }
    }
}
