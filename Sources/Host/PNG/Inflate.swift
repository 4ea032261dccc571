// Decompressing zlib streams (RFC 1950) of deflate blocks (RFC 1951): stored, fixed Huffman and
// dynamic Huffman, each code decoded by canonical code lengths.

/// A zlib stream that cannot be decompressed, and where.
public struct InflateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let reason: String
    /// The byte offset in the stream where it was found.
    public let offset: Int

    /// A sentence that says what was wrong and where.
    public var description: String { "zlib data at byte \(offset): \(reason)" }
}

/// zlib decompression: a whole stream in, its bytes out.
package enum Inflate {
    /// The bytes a zlib stream holds, its Adler-32 checked.
    ///
    /// - Parameter limit: The most bytes it may produce: more is an error (a few bytes of deflate
    ///   can claim gigabytes).
    /// - Throws: ``InflateError`` for a header, block, code or checksum that is not valid, a
    ///   stream that ends early, or output beyond `limit`.
    package static func zlib(_ data: [UInt8], limit: Int) throws(InflateError) -> [UInt8] {
        guard data.count >= 2 else { throw InflateError(reason: "the stream ends before its header", offset: 0) }
        let method = data[0] & 0x0F, window = data[0] >> 4
        guard method == 8, window <= 7 else { throw InflateError(reason: "the compression method is not deflate with a window of at most 32 KiB", offset: 0) }
        guard (UInt16(data[0]) << 8 | UInt16(data[1])) % 31 == 0 else { throw InflateError(reason: "the header's check bits are wrong", offset: 1) }
        guard data[1] & 0x20 == 0 else { throw InflateError(reason: "a preset dictionary is not supported", offset: 1) }
        var reader = BitReader(data: data, position: 2)
        let output = try inflate(&reader, limit: limit)
        let end = reader.alignedPosition
        guard end + 4 <= data.count else { throw InflateError(reason: "the stream ends before its Adler-32 checksum", offset: data.count) }
        let stored = UInt32(data[end]) << 24 | UInt32(data[end + 1]) << 16 | UInt32(data[end + 2]) << 8 | UInt32(data[end + 3])
        var checksum = Adler32()
        output.withUnsafeBytes { checksum.update($0) }
        guard checksum.value == stored else { throw InflateError(reason: "the Adler-32 checksum does not match the data", offset: end) }
        return output
    }

    /// Raw deflate blocks, up to and including the last.
    static func inflate(_ reader: inout BitReader, limit: Int) throws(InflateError) -> [UInt8] {
        var output: [UInt8] = []
        var last = false
        while !last {
            last = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0:
                reader.align()
                let length = try reader.bits(16), complement = try reader.bits(16)
                guard length == ~complement & 0xFFFF else { throw InflateError(reason: "a stored block's length and its complement differ", offset: reader.alignedPosition) }
                guard output.count + length <= limit else { throw InflateError(reason: "the data is larger than \(limit) bytes", offset: reader.alignedPosition) }
                output += try reader.bytes(length)
            case 1:
                try codes(&reader, literals: fixedLiterals, distances: fixedDistances, into: &output, limit: limit)
            case 2:
                let (literals, distances) = try dynamicCodes(&reader)
                try codes(&reader, literals: literals, distances: distances, into: &output, limit: limit)
            default:
                throw InflateError(reason: "a block of type 3, which deflate does not define", offset: reader.alignedPosition)
            }
        }
        return output
    }

    /// The base lengths and extra bits of the length symbols 257…285, and of the distance
    /// symbols 0…29 (RFC 1951, 3.2.5).
    static let lengthBases: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBases: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289,
        16385, 24577,
    ]
    static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// The fixed codes (RFC 1951, 3.2.6).
    static let fixedLiterals = Decoder(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })!
    static let fixedDistances = Decoder(lengths: [UInt8](repeating: 5, count: 30), allowsIncomplete: true)!

    /// A block's literal/length and distance codes, from its header (RFC 1951, 3.2.7).
    static func dynamicCodes(_ reader: inout BitReader) throws(InflateError) -> (Decoder, Decoder) {
        let literalCount = try reader.bits(5) + 257, distanceCount = try reader.bits(5) + 1, codeCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw InflateError(reason: "a block names more codes than deflate has", offset: reader.alignedPosition) }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeCount { codeLengths[order[index]] = UInt8(try reader.bits(3)) }
        guard let lengthCode = Decoder(lengths: codeLengths) else { throw InflateError(reason: "the code lengths' code is not a prefix code", offset: reader.alignedPosition) }
        var lengths: [UInt8] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try lengthCode.decode(&reader)
            switch symbol {
            case 0...15: lengths.append(UInt8(symbol))
            case 16:
                guard let previous = lengths.last else { throw InflateError(reason: "a repeat before any code length", offset: reader.alignedPosition) }
                lengths += [UInt8](repeating: previous, count: 3 + (try reader.bits(2)))
            case 17: lengths += [UInt8](repeating: 0, count: 3 + (try reader.bits(3)))
            default: lengths += [UInt8](repeating: 0, count: 11 + (try reader.bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw InflateError(reason: "code lengths repeat past the block's codes", offset: reader.alignedPosition) }
        guard lengths[256] != 0 else { throw InflateError(reason: "the block has no end-of-block code", offset: reader.alignedPosition) }
        guard let literals = Decoder(lengths: Array(lengths[..<literalCount])),
            let distances = Decoder(lengths: Array(lengths[literalCount...]), allowsIncomplete: true)
        else { throw InflateError(reason: "a block's code lengths do not make a prefix code", offset: reader.alignedPosition) }
        return (literals, distances)
    }

    /// A block's symbols up to its end.
    static func codes(_ reader: inout BitReader, literals: Decoder, distances: Decoder, into output: inout [UInt8], limit: Int) throws(InflateError) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                guard output.count < limit else { throw InflateError(reason: "the data is larger than \(limit) bytes", offset: reader.alignedPosition) }
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < 29 else { throw InflateError(reason: "a length symbol \(symbol), which deflate does not define", offset: reader.alignedPosition) }
            let length = lengthBases[index] + (try reader.bits(lengthExtra[index]))
            let code = try distances.decode(&reader)
            guard code < 30 else { throw InflateError(reason: "a distance symbol \(code), which deflate does not define", offset: reader.alignedPosition) }
            let distance = distanceBases[code] + (try reader.bits(distanceExtra[code]))
            guard distance <= output.count else { throw InflateError(reason: "a distance of \(distance) before the start of the data", offset: reader.alignedPosition) }
            guard output.count + length <= limit else { throw InflateError(reason: "the data is larger than \(limit) bytes", offset: reader.alignedPosition) }
            let start = output.count - distance
            for step in 0..<length { output.append(output[start + step]) }
        }
    }

    /// A canonical prefix code decoded by counting codes per length (RFC 1951, 3.2.2).
    struct Decoder {
        /// How many codes there are of each length, 0…15.
        let counts: [Int]
        /// The symbols in code order.
        let symbols: [Int]

        /// The code with these lengths, or `nil` when they over-subscribe the code space (or
        /// leave it incomplete, unless `allowsIncomplete`; a code of one symbol is allowed).
        init?(lengths: [UInt8], allowsIncomplete: Bool = false) {
            var counts = [Int](repeating: 0, count: 16)
            for length in lengths { counts[Int(length)] += 1 }
            counts[0] = 0
            var left = 1
            for length in 1...15 {
                left = left << 1 - counts[length]
                if left < 0 { return nil }
            }
            let used = counts.reduce(0, +)
            if left > 0, !allowsIncomplete, used > 1 { return nil }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            var symbols = [Int](repeating: 0, count: used)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[Int(length)]] = symbol
                offsets[Int(length)] += 1
            }
            self.counts = counts
            self.symbols = symbols
        }

        /// The next symbol.
        func decode(_ reader: inout BitReader) throws(InflateError) -> Int {
            var code = 0, first = 0, index = 0
            for length in 1...15 {
                code |= try reader.bits(1)
                let count = counts[length]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw InflateError(reason: "a code that the block's codes do not have", offset: reader.alignedPosition)
        }
    }

    /// Bits of a byte array, least significant first.
    struct BitReader {
        let data: [UInt8]
        /// The next byte to load.
        var position: Int
        var buffer = 0
        var count = 0

        /// The next byte after the bits read so far, on a byte boundary.
        var alignedPosition: Int { position - count / 8 }

        /// The next `number` bits (at most 16), the first the least significant.
        mutating func bits(_ number: Int) throws(InflateError) -> Int {
            while count < number {
                guard position < data.count else { throw InflateError(reason: "the stream ends in the middle of a block", offset: data.count) }
                buffer |= Int(data[position]) << count
                position += 1
                count += 8
            }
            let value = buffer & (1 << number - 1)
            buffer >>= number
            count -= number
            return value
        }

        /// Drops the bits left in the current byte.
        mutating func align() {
            buffer >>= count % 8
            count -= count % 8
        }

        /// The next `number` whole bytes (after ``align()``).
        mutating func bytes(_ number: Int) throws(InflateError) -> [UInt8] {
            var result: [UInt8] = []
            result.reserveCapacity(number)
            while count >= 8, result.count < number {
                result.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
            }
            let rest = number - result.count
            guard position + rest <= data.count else { throw InflateError(reason: "a stored block runs past the end of the stream", offset: data.count) }
            result += data[position..<position + rest]
            position += rest
            return result
        }
    }
}
