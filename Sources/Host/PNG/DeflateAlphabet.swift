
// The fixed vocabulary of deflate (RFC 1951, section 3.2.5 and 3.2.6): how match lengths and
// distances map to symbols plus extra bits, the fixed Huffman code, and the order in which the
// code-length code's lengths are sent.

/// Deflate's alphabets and their fixed tables.
///
/// Literal/length symbols 0–255 are literal bytes, 256 ends a block, and 257–285 stand for match
/// lengths 3–258, each followed by some extra bits. Distance symbols 0–29 stand for distances
/// 1–32768, also followed by extra bits. Tables are built once, from the base values and extra
/// bit counts of the RFC's tables.
package enum DeflateAlphabet {
    /// The number of literal/length symbols a dynamic block may use (286 and 287 never occur).
    package static let literalLengthSymbolCount = 286

    /// The number of distance symbols a dynamic block may use (30 and 31 never occur).
    package static let distanceSymbolCount = 30

    /// The symbol that ends a block.
    package static let endOfBlock = 256

    /// The shortest and longest match.
    package static let minMatchLength = 3
    package static let maxMatchLength = 258

    /// The largest distance back a match may reach: the 32 KiB window.
    package static let windowSize = 32768

    /// The order in which a dynamic block header lists the code-length code's lengths.
    package static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Extra bits after each length symbol 257–285 (indexed from 0).
    package static let lengthExtraBits: [UInt8] = (0..<29).map { (index: Int) -> UInt8 in
        index < 8 || index == 28 ? 0 : UInt8((index - 4) / 4)
    }

    /// The shortest length of each length symbol 257–285 (indexed from 0).
    package static let lengthBase: [UInt16] = {
        var bases = [UInt16](repeating: 3, count: 29)
        for index in 1..<28 { bases[index] = bases[index - 1] + 1 << lengthExtraBits[index - 1] }
        bases[28] = 258
        return bases
    }()

    /// Extra bits after each distance symbol 0–29.
    package static let distanceExtraBits: [UInt8] = (0..<30).map { (index: Int) -> UInt8 in
        index < 4 ? 0 : UInt8(index / 2 - 1)
    }

    /// The shortest distance of each distance symbol 0–29.
    package static let distanceBase: [UInt16] = {
        var bases = [UInt16](repeating: 1, count: 30)
        for index in 1..<30 { bases[index] = bases[index - 1] + 1 << distanceExtraBits[index - 1] }
        return bases
    }()

    /// The length symbol (minus 257) of each match length minus 3, 0–255.
    package static let lengthSymbolIndex: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for index in 0..<28 {
            let first = Int(lengthBase[index]) - 3
            let last = min(first + (1 << lengthExtraBits[index]), 255)
            for offset in first..<last { table[offset] = UInt8(index) }
        }
        table[255] = 28  // 258 has its own symbol, 285.
        return table
    }()

    /// The distance symbol of each distance minus 1: entries 0–255 for distances 1–256, then
    /// entry 256 + (*d* − 1) >> 7 for larger distances *d* (the bases above 256 are all 1 more
    /// than a multiple of 128).
    package static let distanceSymbolTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        for symbol in 0..<30 {
            let first = Int(distanceBase[symbol]) - 1
            let end = first + (1 << distanceExtraBits[symbol])
            for offset in first..<end {
                if offset < 256 { table[offset] = UInt8(symbol) }
                if offset >= 256 { table[256 + offset >> 7] = UInt8(symbol) }
            }
        }
        return table
    }()

    /// The distance symbol of a distance, 1–32768.
    @inline(__always)
    package static func distanceSymbol(_ distance: Int, table: UnsafePointer<UInt8>) -> Int {
        let offset = distance - 1
        return Int(offset < 256 ? table[offset] : table[256 + offset >> 7])
    }

    /// The fixed literal/length code of section 3.2.6 (all 288 symbols).
    package static let fixedLiteralLengthCode = HuffmanCode(lengths: (0..<288).map { (symbol: Int) -> UInt8 in
        switch symbol {
        case ..<144: 8
        case ..<256: 9
        case ..<280: 7
        default: 8
        }
    })

    /// The fixed distance code: 5 bits for each of the 30 symbols.
    package static let fixedDistanceCode = HuffmanCode(lengths: [UInt8](repeating: 5, count: 30))
}
