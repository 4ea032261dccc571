
// The body of Huffman blocks (RFC 1951, section 3.2.5) and stored blocks (section 3.2.4).

extension DeflateBlockWriter {
    /// Writes the symbols of a Huffman block in the given codes, then end-of-block. `bits` is an
    /// upper bound of the bits written (the block's computed size does).
    package func writeSymbols(
        _ symbols: UnsafeBufferPointer<UInt32>, literal: HuffmanCode, distance: HuffmanCode, bits: Int,
        to writer: inout BitWriter
    ) {
        let literalCodes = literal.codes
        let literalLengths = literal.lengths
        let distanceCodes = distance.codes
        let distanceLengths = distance.lengths
        let lengthIndex = DeflateAlphabet.lengthSymbolIndex
        let lengthBase = DeflateAlphabet.lengthBase
        let lengthExtra = DeflateAlphabet.lengthExtraBits
        let distanceBase = DeflateAlphabet.distanceBase
        let distanceExtra = DeflateAlphabet.distanceExtraBits
        DeflateAlphabet.distanceSymbolTable.withUnsafeBufferPointer { distanceTable in
            writer.withUnsafeBits(reservingBits: bits) { sink in
                for symbol in symbols {
                    if symbol < 1 << 16 {
                        let byte = Int(symbol)
                        sink.write(UInt64(literalCodes[byte]), bitCount: Int(literalLengths[byte]))
                        continue
                    }
                    // Length symbol and extra bits, then distance symbol and extra bits: at most
                    // 15 + 5 + 15 + 13 = 48 bits, one write.
                    let lengthOffset = Int(symbol & 0xFF)
                    let lengthSlot = Int(lengthIndex[lengthOffset])
                    let lengthSymbol = 257 + lengthSlot
                    var value = UInt64(literalCodes[lengthSymbol])
                    var count = Int(literalLengths[lengthSymbol])
                    value |= UInt64(lengthOffset + 3 - Int(lengthBase[lengthSlot])) << count
                    count += Int(lengthExtra[lengthSlot])

                    let distanceValue = Int(symbol >> 16)
                    let slot = DeflateAlphabet.distanceSymbol(distanceValue, table: distanceTable.baseAddress!)
                    value |= UInt64(distanceCodes[slot]) << count
                    count += Int(distanceLengths[slot])
                    value |= UInt64(distanceValue - Int(distanceBase[slot])) << count
                    count += Int(distanceExtra[slot])
                    sink.write(value, bitCount: count)
                }
                let end = DeflateAlphabet.endOfBlock
                sink.write(UInt64(literalCodes[end]), bitCount: Int(literalLengths[end]))
            }
        }
    }

    /// The longest stored block.
    package static let maxStoredLength = 65535

    /// The exact bits of `byteCount` bytes written as stored blocks, starting `pendingBits` bits
    /// into a byte: per block a 3-bit header, padding to a byte, LEN and NLEN, the bytes.
    package static func storedBitCount(byteCount: Int, pendingBits: Int) -> Int {
        let blocks = max(1, (byteCount + maxStoredLength - 1) / maxStoredLength)
        let firstPadding = (8 - (pendingBits + 3) % 8) % 8
        return blocks * (3 + 32) + firstPadding + (blocks - 1) * 5 + byteCount * 8
    }

    /// Writes `raw` as stored blocks of at most 65535 bytes; the last is final if `isFinal`.
    package func writeStored(_ raw: UnsafeRawBufferPointer, isFinal: Bool, to writer: inout BitWriter) {
        var offset = 0
        repeat {
            let length = min(raw.count - offset, Self.maxStoredLength)
            let isLast = offset + length == raw.count
            writer.write(isFinal && isLast ? 1 : 0, bitCount: 3)
            writer.alignToByte()
            writer.write(UInt64(length) | UInt64(~length & 0xFFFF) << 16, bitCount: 32)
            if length > 0 {
                writer.write(bytes: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + length]))
            }
            offset += length
        } while offset < raw.count
    }
}
