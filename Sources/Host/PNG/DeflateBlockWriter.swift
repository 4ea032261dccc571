
// Deflate blocks (RFC 1951, sections 3.2.3–3.2.7): stored, fixed Huffman and dynamic Huffman,
// whichever is smallest for the block at hand.

/// Entropy-codes one parsed block into a `BitWriter`, as the smallest of the three block types.
///
/// For every block it counts symbol frequencies, builds length-limited Huffman codes for the
/// literal/length and distance alphabets (15 bits) and for the code-length code (7 bits), and
/// works out the exact size of a dynamic block, a fixed block and stored blocks; it writes the
/// smallest. All working storage is kept, so writing blocks allocates nothing after the first.
package struct DeflateBlockWriter: Sendable {
    private var literalFrequencies = [UInt32](repeating: 0, count: DeflateAlphabet.literalLengthSymbolCount)
    private var distanceFrequencies = [UInt32](repeating: 0, count: DeflateAlphabet.distanceSymbolCount)
    private var codeLengthFrequencies = [UInt32](repeating: 0, count: 19)
    private var literalCode = HuffmanCode(symbolCount: DeflateAlphabet.literalLengthSymbolCount)
    private var distanceCode = HuffmanCode(symbolCount: DeflateAlphabet.distanceSymbolCount)
    private var codeLengthCode = HuffmanCode(symbolCount: 19)
    private var scratch = HuffmanCode.Scratch()
    /// The code lengths of a dynamic header, run-length coded: `symbol | extraValue << 8`.
    private var codeLengthRuns = [UInt16](repeating: 0, count: 320)
    private var runCount = 0

    /// A block writer; it allocates its working storage once, here.
    package init() {}

    /// The kinds of block (the BTYPE field).
    package enum BlockType: UInt64 { case stored = 0, fixed = 1, dynamic = 2 }

    /// Writes `symbols`, the parse of `raw`, as one block (or, if stored, as many stored blocks
    /// as 65535-byte pieces `raw` needs), marking the last one final if `isFinal`.
    ///
    /// - Returns: The block type written.
    /// - Complexity: O(*s* + *r*) for *s* symbols and *r* raw bytes.
    @discardableResult
    package mutating func writeBlock(
        symbols: UnsafeBufferPointer<UInt32>, raw: UnsafeRawBufferPointer, isFinal: Bool,
        to writer: inout BitWriter
    ) -> BlockType {
        let extraBits = countFrequencies(symbols)
        literalFrequencies.withUnsafeBufferPointer { literalCode.build(frequencies: $0, maxLength: 15, scratch: &scratch) }
        distanceFrequencies.withUnsafeBufferPointer { distanceCode.build(frequencies: $0, maxLength: 15, scratch: &scratch) }
        let literalCount = max(257, lastUsed(literalCode.lengths) + 1)
        let distanceCount = max(1, lastUsed(distanceCode.lengths) + 1)
        encodeCodeLengths(literalCount: literalCount, distanceCount: distanceCount)
        codeLengthFrequencies.withUnsafeBufferPointer { codeLengthCode.build(frequencies: $0, maxLength: 7, scratch: &scratch) }
        // HCLEN: the code-length code's lengths are sent in a fixed order, trailing zeros cut.
        let lastSent = DeflateAlphabet.codeLengthOrder.lastIndex { codeLengthCode.lengths[$0] != 0 } ?? 0
        let codeLengthOrderCount = max(4, lastSent + 1)

        let dynamicBits = 3 + 5 + 5 + 4 + 3 * codeLengthOrderCount + codeLengthHeaderBits()
            + literalFrequencies.withUnsafeBufferPointer { literalCode.bitCost(of: $0) }
            + distanceFrequencies.withUnsafeBufferPointer { distanceCode.bitCost(of: $0) } + extraBits
        let fixedBits = 3 + extraBits
            + literalFrequencies.withUnsafeBufferPointer { DeflateAlphabet.fixedLiteralLengthCode.bitCost(of: $0) }
            + distanceFrequencies.withUnsafeBufferPointer { DeflateAlphabet.fixedDistanceCode.bitCost(of: $0) }
        let storedBits = Self.storedBitCount(byteCount: raw.count, pendingBits: writer.bitCount % 8)

        if storedBits < min(dynamicBits, fixedBits) {
            writeStored(raw, isFinal: isFinal, to: &writer)
            return .stored
        }
        let type: BlockType = fixedBits <= dynamicBits ? .fixed : .dynamic
        writer.write((isFinal ? 1 : 0) | type.rawValue << 1, bitCount: 3)
        if type == .fixed {
            writeSymbols(symbols, literal: DeflateAlphabet.fixedLiteralLengthCode,
                         distance: DeflateAlphabet.fixedDistanceCode, bits: fixedBits, to: &writer)
        } else {
            writeDynamicHeader(literalCount: literalCount, distanceCount: distanceCount,
                               codeLengthOrderCount: codeLengthOrderCount, to: &writer)
            writeSymbols(symbols, literal: literalCode, distance: distanceCode, bits: dynamicBits, to: &writer)
        }
        return type
    }

    // MARK: - Frequencies and header

    /// Counts the symbols' frequencies (and one end-of-block); returns their total extra bits.
    private mutating func countFrequencies(_ symbols: UnsafeBufferPointer<UInt32>) -> Int {
        for index in literalFrequencies.indices { literalFrequencies[index] = 0 }
        for index in distanceFrequencies.indices { distanceFrequencies[index] = 0 }
        literalFrequencies[DeflateAlphabet.endOfBlock] = 1
        var extraBits = 0
        DeflateAlphabet.distanceSymbolTable.withUnsafeBufferPointer { distanceTable in
            let lengthIndex = DeflateAlphabet.lengthSymbolIndex
            let lengthExtra = DeflateAlphabet.lengthExtraBits
            let distanceExtra = DeflateAlphabet.distanceExtraBits
            for symbol in symbols {
                if symbol < 1 << 16 {
                    literalFrequencies[Int(symbol)] += 1
                } else {
                    let length = Int(lengthIndex[Int(symbol & 0xFF)])
                    let distance = DeflateAlphabet.distanceSymbol(Int(symbol >> 16), table: distanceTable.baseAddress!)
                    literalFrequencies[257 + length] += 1
                    distanceFrequencies[distance] += 1
                    extraBits += Int(lengthExtra[length]) + Int(distanceExtra[distance])
                }
            }
        }
        return extraBits
    }

    /// The index of the last used symbol of a code.
    private func lastUsed(_ lengths: [UInt8]) -> Int {
        lengths.lastIndex { $0 != 0 } ?? -1
    }

    /// Run-length codes the literal/length and distance code lengths as one sequence (they may
    /// share runs, section 3.2.7) with symbols 16 (repeat the previous length 3–6 times),
    /// 17 (3–10 zeros) and 18 (11–138 zeros), and counts the code-length symbols.
    private mutating func encodeCodeLengths(literalCount: Int, distanceCount: Int) {
        for index in codeLengthFrequencies.indices { codeLengthFrequencies[index] = 0 }
        runCount = 0
        let total = literalCount + distanceCount
        func length(at index: Int) -> UInt8 {
            index < literalCount ? literalCode.lengths[index] : distanceCode.lengths[index - literalCount]
        }
        func emit(_ symbol: Int, extra: Int = 0) {
            codeLengthRuns[runCount] = UInt16(symbol | extra << 8)
            runCount += 1
            codeLengthFrequencies[symbol] += 1
        }
        var index = 0
        while index < total {
            let value = length(at: index)
            var run = 1
            while index + run < total && length(at: index + run) == value { run += 1 }
            index += run
            if value == 0 {
                while run >= 11 {
                    let piece = min(run, 138)
                    emit(18, extra: piece - 11)
                    run -= piece
                }
                if run >= 3 {
                    emit(17, extra: run - 3)
                    run = 0
                }
            } else {
                emit(Int(value))
                run -= 1
                while run >= 3 {
                    let piece = min(run, 6)
                    emit(16, extra: piece - 3)
                    run -= piece
                }
            }
            for _ in 0..<run { emit(Int(value)) }
        }
    }

    /// The bits the run-length coded code lengths take in the code-length code.
    private func codeLengthHeaderBits() -> Int {
        var bits = 0
        for run in codeLengthRuns[..<runCount] {
            let symbol = Int(run & 0xFF)
            bits += Int(codeLengthCode.lengths[symbol]) + Self.codeLengthExtraBits(symbol)
        }
        return bits
    }

    private static func codeLengthExtraBits(_ symbol: Int) -> Int {
        switch symbol {
        case 16: 2
        case 17: 3
        case 18: 7
        default: 0
        }
    }

    /// Writes HLIT, HDIST, HCLEN, the code-length code and the coded code lengths.
    private func writeDynamicHeader(
        literalCount: Int, distanceCount: Int, codeLengthOrderCount: Int, to writer: inout BitWriter
    ) {
        writer.write(UInt64(literalCount - 257), bitCount: 5)
        writer.write(UInt64(distanceCount - 1), bitCount: 5)
        writer.write(UInt64(codeLengthOrderCount - 4), bitCount: 4)
        for symbol in DeflateAlphabet.codeLengthOrder[..<codeLengthOrderCount] {
            writer.write(UInt64(codeLengthCode.lengths[symbol]), bitCount: 3)
        }
        for run in codeLengthRuns[..<runCount] {
            let symbol = Int(run & 0xFF)
            let extraCount = Self.codeLengthExtraBits(symbol)
            let codeLength = Int(codeLengthCode.lengths[symbol])
            let bits = UInt64(codeLengthCode.codes[symbol]) | UInt64(run >> 8) << codeLength
            writer.write(bits, bitCount: codeLength + extraCount)
        }
    }
}
