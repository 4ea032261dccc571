
// A zlib stream (RFC 1950) around deflate data (RFC 1951), written from the two RFCs.

/// A reusable deflate compressor that writes zlib streams (RFC 1950): a 2-byte header, deflate
/// blocks, and the Adler-32 of the input.
///
/// The input is parsed into LZ77 symbols (`DeflateMatcher`, about as thorough as zlib's level 6)
/// in blocks of up to 16384 symbols; each block is written as whichever of a dynamic Huffman
/// block, a fixed Huffman block or stored blocks is smallest (`DeflateBlockWriter`). The output
/// depends on the input bytes only: no seeds, no clocks.
///
/// The compressor keeps every buffer between calls, so compressing input after input of similar
/// sizes allocates nothing once warmed up.
///
///     var compressor = DeflateCompressor()
///     var stream: [UInt8] = []
///     bytes.withUnsafeBytes { compressor.compress($0, appendingTo: &stream) }
///
/// - Complexity: O(*n*) for *n* input bytes on typical data (O(*n*·128) at worst).
package struct DeflateCompressor: Sendable {
    /// The most symbols in one block.
    package static let blockSymbolCapacity = 16384

    private var matcher: DeflateMatcher
    private var symbols = DeflateSymbolBuffer(capacity: blockSymbolCapacity)
    private var blockWriter = DeflateBlockWriter()
    private var writer = BitWriter()
    /// Where the block being parsed starts in the input.
    private var blockStart = 0
    /// The Adler-32 of the first `checksummed` input bytes.
    private var checksum = Adler32()
    private var checksummed = 0

    /// A compressor with the given matcher effort; `rebaseThreshold` is a test hook (see
    /// `DeflateMatcher`).
    package init(effort: DeflateMatcher.Effort = .balanced, rebaseThreshold: Int = 1 << 30) {
        matcher = DeflateMatcher(effort: effort, rebaseThreshold: rebaseThreshold)
    }

    /// Compresses `input` into a complete zlib stream, kept until the next call; read it with
    /// `withCompressedBytes(_:)`.
    ///
    /// - Complexity: O(`input.count`) on typical data.
    package mutating func compress(_ input: UnsafeRawBufferPointer) {
        beginStream()
        continueStream(input, isEndOfInput: true)
    }

    /// Starts a zlib stream whose input is then given by `continueStream(_:isEndOfInput:)`.
    package mutating func beginStream() {
        writer.removeAll()
        // CMF: deflate with a 32 KiB window; FLG: "default" level, no dictionary, and the check
        // bits that make CMF·256 + FLG a multiple of 31.
        writer.write(0x78, bitCount: 8)
        writer.write(0x9C, bitCount: 8)
        matcher.reset()
        symbols.removeAll()
        blockStart = 0
        checksum = Adler32()
        checksummed = 0
    }

    /// Compresses what is new in `input` since the last call: `input` is the stream's whole
    /// input so far, a buffer that grows from call to call with the same start. Producers that
    /// fill a buffer piece by piece can compress each piece while it is still in the cache;
    /// the stream is byte for byte the one `compress(_:)` makes of the final buffer.
    ///
    /// With `isEndOfInput`, the stream is completed (final block, Adler-32).
    ///
    /// - Complexity: O(*n*) for *n* new bytes, on typical data.
    package mutating func continueStream(_ input: UnsafeRawBufferPointer, isEndOfInput: Bool) {
        precondition(input.count >= checksummed, "the input only grows")
        if input.count > checksummed {
            checksum.update(UnsafeRawBufferPointer(rebasing: input[checksummed...]))
            checksummed = input.count
        }
        while true {
            matcher.parse(input, isEndOfInput: isEndOfInput, into: &symbols)
            let isFull = symbols.count >= symbols.capacity - 1
            guard isFull || isEndOfInput else { return }  // Wait for more input.
            let blockEnd = matcher.parsedEnd
            let isFinal = isEndOfInput && blockEnd == input.count
            let raw = input.count == 0 ? input : UnsafeRawBufferPointer(rebasing: input[blockStart..<blockEnd])
            symbols.withUnsafeSymbols { parsed in
                _ = blockWriter.writeBlock(symbols: parsed, raw: raw, isFinal: isFinal, to: &writer)
            }
            symbols.removeAll()
            blockStart = blockEnd
            if isFinal { break }
        }
        writer.alignToByte()
        writer.writeBigEndian(checksum.value)
    }

    /// Calls `body` with the zlib stream of the last `compress(_:)`.
    package func withCompressedBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try writer.withWrittenBytes(body)
    }

    /// The size in bytes of the zlib stream of the last `compress(_:)`.
    package var compressedCount: Int { writer.byteCount }

    /// Compresses `input` into a zlib stream appended to `output`.
    ///
    /// - Complexity: O(`input.count`) on typical data.
    package mutating func compress(_ input: UnsafeRawBufferPointer, appendingTo output: inout [UInt8]) {
        compress(input)
        withCompressedBytes { output.append(contentsOf: $0) }
    }
}
