import Foundation
import Timeline
import TimelinePlugins
@testable import CadencePNG
import Testing
import CadenceTestSupport

/// Round trips through Python's zlib (an independent inflater), and sizes against its level 6.
@Suite("Deflate, checked by Python's zlib", .enabled(if: PythonReference.isAvailable, PythonReference.missingReason))
struct DeflateTests {
    /// Compresses `input`, inflates it with Python, expects the input back; returns our size
    /// over zlib level 6's.
    @discardableResult
    private func roundTrip(_ input: [UInt8], maxRatio: Double = 1.3, sourceLocation: SourceLocation = #_sourceLocation) throws -> Double {
        var compressor = DeflateCompressor()
        var stream: [UInt8] = []
        input.withUnsafeBytes { compressor.compress($0, appendingTo: &stream) }
        let inflated = try PythonReference.inflate(stream)
        #expect(inflated.bytes.count == input.count, sourceLocation: sourceLocation)
        #expect(inflated.bytes == input, "inflated bytes differ", sourceLocation: sourceLocation)
        let ratio = Double(stream.count) / Double(inflated.zlibLevel6Count)
        #expect(ratio <= maxRatio, "\(stream.count) bytes vs zlib -6 \(inflated.zlibLevel6Count)", sourceLocation: sourceLocation)
        print("deflate \(input.count) bytes: \(stream.count) / \(inflated.zlibLevel6Count) = \(ratio)")
        return ratio
    }

    @Test func empty() throws {
        // zlib -6 makes 8 bytes; anything up to 1 byte more is fine for an empty stream.
        try roundTrip([], maxRatio: 9.0 / 8.0)
    }

    @Test func oneByte() throws {
        try roundTrip([0x41], maxRatio: 10.0 / 9.0)
    }

    @Test func allZeroMebibyte() throws {
        try roundTrip([UInt8](repeating: 0, count: 1 << 20))
    }

    @Test func randomBytes() throws {
        var generator = SeededGenerator(seed: 1)
        try roundTrip(generator.bytes(300_000))
    }

    @Test func repetitiveText() throws {
        var text = ""
        var generator = SeededGenerator(seed: 2)
        let words = ["frame", "timeline", "keyframe", "spring", "easing", "the", "a", "of", "value", "clock"]
        for line in 0..<20_000 {
            text += "line \(line): "
            for _ in 0..<8 { text += words[Int(generator.next() % UInt64(words.count))] + " " }
            text += "\n"
        }
        try roundTrip(Array(text.utf8))
    }

    /// Repeats of a random block at distances near and at the window's edge (32768), and past
    /// it, so matches reach back the whole window and must not reach further.
    @Test(arguments: [1000, 20_000, 32_000, 32_765, 32_768, 32_769, 40_000])
    func repeatsAcrossTheWindow(period: Int) throws {
        var generator = SeededGenerator(seed: UInt64(period))
        let block = generator.bytes(period)
        var input: [UInt8] = []
        for _ in 0..<4 { input += block }
        try roundTrip(input)
    }

    /// Random data is best stored: the stream is the input plus 5 bytes per stored block of
    /// at most 65535 bytes, plus the 2-byte header and 4-byte Adler-32.
    @Test func incompressibleDataIsStored() throws {
        var generator = SeededGenerator(seed: 3)
        let input = generator.bytes(200_000)
        var compressor = DeflateCompressor()
        var stream: [UInt8] = []
        input.withUnsafeBytes { compressor.compress($0, appendingTo: &stream) }
        // Blocks end every 16384 symbols (literals here), each stored on its own.
        let blocks = (input.count + DeflateCompressor.blockSymbolCapacity - 1) / DeflateCompressor.blockSymbolCapacity
        #expect(stream.count <= input.count + 5 * blocks + 6 + 1)
        #expect(try PythonReference.inflate(stream).bytes == input)
    }

    /// Compressible and random stretches alternate, so block types change from block to block.
    @Test func mixedBlockTypes() throws {
        var generator = SeededGenerator(seed: 4)
        var input: [UInt8] = []
        for round in 0..<6 {
            input += generator.bytes(30_000)
            input += [UInt8](repeating: UInt8(round), count: 50_000)
            input += Array(String(repeating: "abcabcabd\(round)", count: 3000).utf8)
        }
        try roundTrip(input)
    }

    /// Moving the hash tables' base (as happens every GiB) must not change a single byte.
    @Test func rebasingDoesNotChangeTheStream() throws {
        var generator = SeededGenerator(seed: 5)
        var input: [UInt8] = []
        for _ in 0..<40 {
            let block = generator.bytes(Int(generator.next() % 5000) + 10)
            for _ in 0..<Int(generator.next() % 8) + 1 { input += block }
            input += [UInt8](repeating: 7, count: Int(generator.next() % 3000))
        }
        var reference = DeflateCompressor()
        var rebasing = DeflateCompressor(rebaseThreshold: 4 * 32768)
        var expected: [UInt8] = []
        var actual: [UInt8] = []
        input.withUnsafeBytes { reference.compress($0, appendingTo: &expected) }
        input.withUnsafeBytes { rebasing.compress($0, appendingTo: &actual) }
        #expect(input.count > 3 * 4 * 32768)  // several rebases
        #expect(actual == expected)
        #expect(try PythonReference.inflate(actual).bytes == input)
    }

    /// Feeding the input piece by piece (as the PNG encoder does) makes the same stream.
    @Test(arguments: [1, 300, 4096, 65536])
    func streamingMatchesOneShot(pieceLength: Int) throws {
        var generator = SeededGenerator(seed: 8)
        var input: [UInt8] = []
        for round in 0..<30 {
            input += generator.bytes(Int(generator.next() % 2000))
            input += [UInt8](repeating: UInt8(round % 3), count: Int(generator.next() % 9000))
            input += Array(input.suffix(Int(generator.next() % 3000)))
        }
        var oneShot = DeflateCompressor(), streaming = DeflateCompressor()
        var expected: [UInt8] = []
        input.withUnsafeBytes { oneShot.compress($0, appendingTo: &expected) }
        var actual: [UInt8] = []
        input.withUnsafeBytes { all in
            streaming.beginStream()
            var fed = 0
            repeat {
                fed = min(all.count, fed + pieceLength)
                streaming.continueStream(UnsafeRawBufferPointer(rebasing: all[..<fed]), isEndOfInput: fed == all.count)
            } while fed < all.count
            streaming.withCompressedBytes { actual.append(contentsOf: $0) }
        }
        #expect(actual == expected)
        #expect(try PythonReference.inflate(actual).bytes == input)
    }

    /// The block type of the first block, read from the stream as RFC 1951 lays it out: after
    /// the 2-byte zlib header, bit 0 is BFINAL, bits 1–2 are BTYPE.
    private func firstBlockType(_ input: [UInt8]) -> Int {
        var compressor = DeflateCompressor()
        var stream: [UInt8] = []
        input.withUnsafeBytes { compressor.compress($0, appendingTo: &stream) }
        return Int(stream[2] >> 1) & 3
    }

    @Test func chosenBlockTypes() {
        var generator = SeededGenerator(seed: 9)
        #expect(firstBlockType(generator.bytes(5000)) == 0)  // random: stored
        #expect(firstBlockType(Array("abc".utf8)) == 1)  // tiny: fixed Huffman
        #expect(firstBlockType(Array(String(repeating: "hello, deflate! ", count: 200).utf8)) == 2)  // dynamic
    }

    @Test func reuseGivesTheSameBytes() throws {
        var generator = SeededGenerator(seed: 6)
        let first = generator.bytes(50_000) + [UInt8](repeating: 1, count: 70_000)
        let second = Array(String(repeating: "deterministic ", count: 5000).utf8)
        var compressor = DeflateCompressor()
        var a: [UInt8] = [], b: [UInt8] = [], c: [UInt8] = []
        first.withUnsafeBytes { compressor.compress($0, appendingTo: &a) }
        second.withUnsafeBytes { compressor.compress($0, appendingTo: &b) }
        first.withUnsafeBytes { compressor.compress($0, appendingTo: &c) }
        #expect(a == c)
        var fresh = DeflateCompressor()
        var d: [UInt8] = []
        second.withUnsafeBytes { fresh.compress($0, appendingTo: &d) }
        #expect(b == d)
    }
}
